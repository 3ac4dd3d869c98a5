/*
 * Issue 4 through the C ABI: diagnostics (docs/behaviour.md#diagnostics) read with nl_map_view_diagnostic from small,
 * deliberately broken C delegates — one rule each — plus the sample delegate (none on
 * iphone-portrait, exactly NL_DIAG_WIDE_MODE_CARDS_NOT_LEADING on iphone-landscape) and the JSON
 * snapshot (docs/snapshot-schema.md).
 *
 * Every broken delegate starts from the same good ready layout: viewport = the safe area minus
 * 40 pt at the bottom, logo at the safe area's bottom-leading corner (leading/trailing anchors, no
 * overlaps). iphone-portrait is 393 x 852, safe area (59, 0, 34, 0) (docs/behaviour.md#device-presets).
 */
#include <stddef.h>
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

/* ------------------------------------------------------------------------------------------ */
/* A scripted delegate: one scenario number selects what each callback does                    */
/* ------------------------------------------------------------------------------------------ */

enum scenario {
    GOOD,
    MISSING_VIEWPORT,
    TURN_CARD_WIDTH,
    STALE_TURN_CARD,
    PROMPT_OVER_LOGO,
    PROMPT_UNDER_ETA,
    WIDE_TRAILING,
    LEFT_RIGHT,
    HIDDEN_STACKED,
    EMPTY_VIEWPORT,
    CONFLICT,
    AMBIGUOUS
};

typedef struct script {
    enum scenario scenario;
    int failures;                /* calls that failed inside callbacks */
    nl_view *logo, *viewport, *turn_card, *eta_card, *compass, *stack, *host, *prompt;
    nl_constraint *width_attempt, *later, *earlier;
} script;

/* Inside callbacks: count a failing call (the test then fails on script.failures). */
#define DO(call)                                                                          \
    do {                                                                                  \
        nl_status s_ = (call);                                                            \
        if (s_ != NL_OK) {                                                                \
            fprintf(stderr, "callback call failed: %s -> %s (%s)\n", #call,               \
                    nl_status_name(s_), nl_last_error_message());                         \
            sc->failures++;                                                               \
        }                                                                                 \
    } while (0)

static nl_constraint *eq(nl_map_view *map, nl_anchor a, nl_anchor b, double constant) {
    return nl_constraint_create(map, a, NL_EQUAL, b, 1.0, constant);
}

static nl_constraint *eq_const(nl_map_view *map, nl_anchor a, double constant) {
    return nl_constraint_create_constant(map, a, NL_EQUAL, constant);
}

static nl_anchor va(nl_view *v, nl_anchor_attribute a) { return nl_view_anchor(v, a); }
static nl_anchor ga(nl_guide *g, nl_anchor_attribute a) { return nl_guide_anchor(g, a); }

static void activate(script *sc, nl_constraint **cs, size_t n) {
    DO(nl_constraints_activate(cs, n));
}

/* The good ready layout every scenario starts from. */
static void good_ready(script *sc, nl_map_view *map) {
    nl_view *root = nl_map_view_root(map);
    nl_guide *safe = nl_view_safe_area_guide(root);
    DO(nl_view_add_subview(root, sc->viewport));
    DO(nl_view_add_subview(root, sc->logo));
    nl_constraint *cs[] = {
        eq(map, va(sc->viewport, NL_ANCHOR_LEADING), ga(safe, NL_ANCHOR_LEADING), 0),
        eq(map, va(sc->viewport, NL_ANCHOR_TRAILING), ga(safe, NL_ANCHOR_TRAILING), 0),
        eq(map, va(sc->viewport, NL_ANCHOR_TOP), ga(safe, NL_ANCHOR_TOP), 0),
        eq(map, va(sc->viewport, NL_ANCHOR_BOTTOM), ga(safe, NL_ANCHOR_BOTTOM), -40),
        eq(map, va(sc->logo, NL_ANCHOR_LEADING), ga(safe, NL_ANCHOR_LEADING), 0),
        eq(map, va(sc->logo, NL_ANCHOR_BOTTOM), ga(safe, NL_ANCHOR_BOTTOM), 0),
    };
    activate(sc, cs, sizeof cs / sizeof cs[0]);
}

static nl_view *button_of(const nl_ui_state *state, nl_button_type type) {
    size_t n = 0, i;
    nl_ui_state_button_count(state, &n);
    for (i = 0; i < n; i++) {
        nl_button_type t = 0;
        nl_view *v = nl_ui_state_button(state, i, &t);
        if (t == type) return v;
    }
    return NULL;
}

static void on_enable(void *ud, nl_map_view *map, const nl_ui_state *state) {
    script *sc = ud;
    nl_view *root = nl_map_view_root(map);
    sc->logo = nl_ui_state_google_logo(state);
    sc->viewport = nl_ui_state_viewport(state);
    sc->compass = button_of(state, NL_BUTTON_COMPASS);
    switch (sc->scenario) {
    case MISSING_VIEWPORT: {
        DO(nl_view_add_subview(root, sc->logo));
        nl_constraint *cs[] = {eq(map, va(sc->logo, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0),
                               eq(map, va(sc->logo, NL_ANCHOR_BOTTOM), va(root, NL_ANCHOR_BOTTOM), 0)};
        activate(sc, cs, 2);
        return;
    }
    case EMPTY_VIEWPORT: {
        DO(nl_view_add_subview(root, sc->viewport));
        DO(nl_view_add_subview(root, sc->logo));
        nl_constraint *cs[] = {
            eq(map, va(sc->viewport, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0),
            eq(map, va(sc->viewport, NL_ANCHOR_TOP), va(root, NL_ANCHOR_TOP), 0),
            eq_const(map, va(sc->viewport, NL_ANCHOR_WIDTH), 0),
            eq_const(map, va(sc->viewport, NL_ANCHOR_HEIGHT), 100),
            eq(map, va(sc->logo, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0),
            eq(map, va(sc->logo, NL_ANCHOR_BOTTOM), va(root, NL_ANCHOR_BOTTOM), 0),
        };
        activate(sc, cs, sizeof cs / sizeof cs[0]);
        return;
    }
    default:
        good_ready(sc, map);
    }
    switch (sc->scenario) {
    case LEFT_RIGHT: {
        /* A see-through badge pinned with left/top (info: use leading). */
        sc->host = nl_view_create(map);
        DO(nl_view_set_identifier(sc->host, "badge"));
        DO(nl_view_set_opaque(sc->host, false));
        DO(nl_view_add_subview(root, sc->host));
        nl_constraint *cs[] = {
            eq(map, va(sc->host, NL_ANCHOR_LEFT), va(root, NL_ANCHOR_LEFT), 100),
            eq(map, va(sc->host, NL_ANCHOR_TOP), va(root, NL_ANCHOR_TOP), 100),
            eq_const(map, va(sc->host, NL_ANCHOR_WIDTH), 10),
            eq_const(map, va(sc->host, NL_ANCHOR_HEIGHT), 10),
        };
        activate(sc, cs, 4);
        break;
    }
    case HIDDEN_STACKED: {
        nl_guide *safe = nl_view_safe_area_guide(root);
        sc->stack = nl_hiding_stack_create(map, NL_STACK_POSITION_BOTTOM, NL_STACK_ALIGNMENT_TRAILING);
        DO(nl_view_set_identifier(sc->stack, "buttonStack"));
        DO(nl_hiding_stack_set_arranged_subviews(sc->stack, &sc->compass, 1));
        DO(nl_view_add_subview(root, sc->stack));
        nl_constraint *cs[] = {
            eq(map, va(sc->stack, NL_ANCHOR_TRAILING), ga(safe, NL_ANCHOR_TRAILING), 0),
            eq(map, va(sc->stack, NL_ANCHOR_TOP), ga(safe, NL_ANCHOR_TOP), 0),
            eq(map, va(sc->stack, NL_ANCHOR_BOTTOM), ga(safe, NL_ANCHOR_BOTTOM), -40),
        };
        activate(sc, cs, 3);
        DO(nl_view_set_hidden(sc->compass, true));  /* the rule: the stack decides */
        break;
    }
    case CONFLICT: {
        sc->host = nl_view_create(map);
        DO(nl_view_set_identifier(sc->host, "orderCard"));
        DO(nl_view_set_opaque(sc->host, false));
        DO(nl_view_add_subview(root, sc->host));
        sc->earlier = eq_const(map, va(sc->host, NL_ANCHOR_HEIGHT), 60);
        nl_constraint *cs[] = {
            eq(map, va(sc->host, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0),
            eq(map, va(sc->host, NL_ANCHOR_TOP), va(root, NL_ANCHOR_TOP), 0),
            eq_const(map, va(sc->host, NL_ANCHOR_WIDTH), 100),
            sc->earlier,
        };
        activate(sc, cs, 4);
        sc->later = eq_const(map, va(sc->host, NL_ANCHOR_HEIGHT), 80);
        DO(nl_constraint_activate(sc->later));
        break;
    }
    case AMBIGUOUS: {
        sc->host = nl_view_create(map);
        DO(nl_view_set_identifier(sc->host, "eta label"));
        DO(nl_view_set_opaque(sc->host, false));
        DO(nl_view_add_subview(root, sc->host));
        nl_constraint *cs[] = {
            eq(map, va(sc->host, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 20),
            eq_const(map, va(sc->host, NL_ANCHOR_WIDTH), 100),
            eq_const(map, va(sc->host, NL_ANCHOR_HEIGHT), 20),  /* no y */
        };
        activate(sc, cs, 3);
        break;
    }
    default:
        break;
    }
}

static void on_start(void *ud, nl_map_view *map, const nl_ui_state *new_state, const nl_ui_state *old_state) {
    script *sc = ud;
    nl_view *root = nl_map_view_root(map);
    nl_guide *safe = nl_view_safe_area_guide(root);
    (void)old_state;
    sc->turn_card = nl_ui_state_turn_card(new_state);
    sc->eta_card = nl_ui_state_eta_card(new_state);
    switch (sc->scenario) {
    case TURN_CARD_WIDTH: {
        DO(nl_view_add_subview(root, sc->turn_card));
        sc->width_attempt = eq_const(map, va(sc->turn_card, NL_ANCHOR_WIDTH), 200);
        nl_constraint *cs[] = {eq(map, va(sc->turn_card, NL_ANCHOR_TOP), va(root, NL_ANCHOR_TOP), 0),
                               eq(map, va(sc->turn_card, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0),
                               sc->width_attempt};
        activate(sc, cs, 3);
        break;
    }
    case STALE_TURN_CARD: {
        /* The card also covers the viewport's top: the test reads staleComponent only. */
        DO(nl_view_add_subview(root, sc->turn_card));
        nl_constraint *cs[] = {eq(map, va(sc->turn_card, NL_ANCHOR_TOP), va(root, NL_ANCHOR_TOP), 0),
                               eq(map, va(sc->turn_card, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0)};
        activate(sc, cs, 2);
        break;
    }
    case PROMPT_UNDER_ETA: {
        /* Cards at the top and bottom, the viewport between them, the logo on the ETA card. */
        DO(nl_view_add_subview(root, sc->turn_card));
        DO(nl_view_add_subview(root, sc->eta_card));
        DO(nl_view_remove_from_superview(sc->viewport));  /* drops good_ready's viewport constraints */
        DO(nl_view_remove_from_superview(sc->logo));
        DO(nl_view_add_subview(root, sc->viewport));
        DO(nl_view_add_subview(root, sc->logo));
        nl_constraint *cs[] = {
            eq(map, va(sc->turn_card, NL_ANCHOR_TOP), va(root, NL_ANCHOR_TOP), 0),
            eq(map, va(sc->turn_card, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0),
            eq(map, va(sc->eta_card, NL_ANCHOR_BOTTOM), va(root, NL_ANCHOR_BOTTOM), 0),
            eq(map, va(sc->eta_card, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0),
            eq(map, va(sc->viewport, NL_ANCHOR_TOP), va(sc->turn_card, NL_ANCHOR_BOTTOM), 0),
            eq(map, va(sc->viewport, NL_ANCHOR_BOTTOM), va(sc->eta_card, NL_ANCHOR_TOP), 0),
            eq(map, va(sc->viewport, NL_ANCHOR_LEADING), ga(safe, NL_ANCHOR_LEADING), 0),
            eq(map, va(sc->viewport, NL_ANCHOR_TRAILING), ga(safe, NL_ANCHOR_TRAILING), 0),
            eq(map, va(sc->logo, NL_ANCHOR_LEADING), ga(safe, NL_ANCHOR_LEADING), 0),
            eq(map, va(sc->logo, NL_ANCHOR_BOTTOM), va(sc->eta_card, NL_ANCHOR_TOP), 0),
        };
        activate(sc, cs, sizeof cs / sizeof cs[0]);
        break;
    }
    case WIDE_TRAILING: {
        DO(nl_view_add_subview(root, sc->turn_card));
        DO(nl_view_add_subview(root, sc->eta_card));
        nl_constraint *cs[] = {
            eq(map, va(sc->turn_card, NL_ANCHOR_TRAILING), ga(safe, NL_ANCHOR_TRAILING), 0),
            eq(map, va(sc->turn_card, NL_ANCHOR_TOP), va(root, NL_ANCHOR_TOP), 0),
            eq(map, va(sc->eta_card, NL_ANCHOR_TRAILING), ga(safe, NL_ANCHOR_TRAILING), 0),
            eq(map, va(sc->eta_card, NL_ANCHOR_BOTTOM), va(root, NL_ANCHOR_BOTTOM), 0),
        };
        activate(sc, cs, 4);
        break;
    }
    default:
        break;
    }
}

static void on_show_prompt(void *ud, nl_map_view *map, nl_view *prompt) {
    script *sc = ud;
    nl_view *root = nl_map_view_root(map);
    sc->prompt = prompt;
    DO(nl_view_add_subview(root, prompt));
    if (sc->scenario == PROMPT_OVER_LOGO) {
        /* Over the logo at the safe area's bottom-leading corner. */
        nl_constraint *cs[] = {
            eq(map, va(prompt, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0),
            eq(map, va(prompt, NL_ANCHOR_BOTTOM), ga(nl_view_safe_area_guide(root), NL_ANCHOR_BOTTOM), 0),
        };
        activate(sc, cs, 2);
    } else if (sc->scenario == PROMPT_UNDER_ETA) {
        /* A 96-tall speed-camera prompt inside the 106-tall ETA card's area, then the card is
         * added again, which brings it in front of the prompt. */
        nl_constraint *cs[] = {
            eq(map, va(prompt, NL_ANCHOR_LEADING), va(root, NL_ANCHOR_LEADING), 0),
            eq(map, va(prompt, NL_ANCHOR_BOTTOM), va(sc->eta_card, NL_ANCHOR_BOTTOM), 0),
        };
        activate(sc, cs, 2);
        DO(nl_view_add_subview(root, sc->eta_card));
    }
}

static nl_map_view *run(const char *preset, script *sc, enum scenario scenario) {
    nl_map_view *map = nl_map_view_create_preset(preset);
    nl_layout_delegate d;
    memset(sc, 0, sizeof *sc);
    sc->scenario = scenario;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.user_data = sc;
    d.enable_navigation_ui = on_enable;
    d.start_guidance = on_start;
    d.show_prompt = on_show_prompt;
    CHECK_OK(nl_map_view_set_layout_delegate(map, &d));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    return map;
}

/* ------------------------------------------------------------------------------------------ */
/* Reading diagnostics                                                                         */
/* ------------------------------------------------------------------------------------------ */

static size_t count_of(nl_map_view *map) {
    size_t n = (size_t)-1;
    CHECK_OK(nl_map_view_diagnostic_count(map, &n));
    return n;
}

static nl_diagnostic diag(nl_map_view *map, size_t i) {
    nl_diagnostic d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    CHECK_OK(nl_map_view_diagnostic(map, i, &d));
    return d;
}

/* The number of diagnostics with `code`; the first one in *first (if any). */
static size_t find_code(nl_map_view *map, int code, nl_diagnostic *first) {
    size_t n = count_of(map), i, found = 0;
    for (i = 0; i < n; i++) {
        nl_diagnostic d = diag(map, i);
        if (d.code == code) {
            if (found == 0 && first != NULL) *first = d;
            found++;
        }
    }
    return found;
}

static void print_all(nl_map_view *map, const char *label) {
    size_t n = count_of(map), i;
    for (i = 0; i < n; i++) {
        nl_diagnostic d = diag(map, i);
        fprintf(stderr, "  [%s] code %d severity %d: %s\n", label, d.code, d.severity, d.message);
    }
}

/* Exactly one diagnostic, with this code and severity, whose message mentions `needle`. */
static nl_diagnostic expect_only(nl_map_view *map, int code, int severity, const char *needle, const char *label) {
    nl_diagnostic d;
    memset(&d, 0, sizeof d);
    size_t n = count_of(map);
    CHECK(n == 1, "%s: expected exactly one diagnostic, got %zu", label, n);
    if (n != 1) print_all(map, label);
    if (n >= 1) {
        d = diag(map, 0);
        CHECK(d.code == code, "%s: code %d, expected %d", label, d.code, code);
        CHECK(d.severity == severity, "%s: severity %d, expected %d", label, d.severity, severity);
        CHECK(d.message != NULL && strstr(d.message, needle) != NULL, "%s: message \"%s\" lacks \"%s\"", label,
              d.message ? d.message : "(null)", needle);
    }
    return d;
}

static int has_item(const nl_diagnostic *d, const void *item) {
    size_t i;
    for (i = 0; i < d->item_count && i < 4; i++)
        if (d->items[i] == item) return 1;
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Tests                                                                                       */
/* ------------------------------------------------------------------------------------------ */

static void test_good_layout_is_clean(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, GOOD);
    CHECK(count_of(map) == 0, "the good ready layout has no diagnostics");
    print_all(map, "good");
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_missing_viewport(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, MISSING_VIEWPORT);
    nl_diagnostic d = expect_only(map, NL_DIAG_MISSING_REQUIRED_COMPONENT, NL_SEVERITY_ERROR, "viewport", "missing viewport");
    CHECK(d.item_count == 1 && d.items[0] == sc.viewport, "the item is the viewport's handle");
    CHECK(d.axis == NL_DIAG_AXIS_BOTH_OR_NONE, "no axis, got %d", d.axis);
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_turn_card_width_rejected(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, TURN_CARD_WIDTH);
    nl_diagnostic d;
    nl_rect f;
    bool active = true;
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_constraint_is_active(sc.width_attempt, &active));
    CHECK(!active, "the width constraint on the turn card is not activated");
    CHECK_OK(nl_view_frame(sc.turn_card, &f));
    CHECK_RECT(f, 0, 0, 393, 163, "the turn card keeps W - 0 - 0 = 393 x (59 + 104) (docs/behaviour.md#sdk-components)");
    CHECK(find_code(map, NL_DIAG_SIZE_CONSTRAINT_ON_FIXED_COMPONENT, &d) == 1, "one sizeConstraintOnFixedComponent");
    CHECK(d.severity == NL_SEVERITY_ERROR, "an error");
    CHECK(d.item_count >= 1 && d.items[0] == sc.turn_card, "the item is the turn card");
    CHECK(d.message && strstr(d.message, "turnCard") != NULL, "message names the turn card: %s", d.message);
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_leftover_turn_card_is_stale(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, STALE_TURN_CARD);
    nl_diagnostic d;
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK(find_code(map, NL_DIAG_STALE_COMPONENT, NULL) == 0, "not stale during guidance");
    CHECK_OK(nl_map_view_stop_guidance(map));  /* the delegate forgets the turn card */
    CHECK(find_code(map, NL_DIAG_STALE_COMPONENT, &d) == 1, "one staleComponent after stop");
    CHECK(d.severity == NL_SEVERITY_WARNING, "a warning");
    CHECK(d.item_count == 1 && d.items[0] == sc.turn_card, "the item is the turn card");
    CHECK(d.message && strstr(d.message, "turnCard") != NULL, "message names it: %s", d.message);
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_prompt_over_logo(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, PROMPT_OVER_LOGO);
    nl_diagnostic d;
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_SPEED_CAMERA));
    CHECK(find_code(map, NL_DIAG_OVERLAP, &d) == 1, "one overlap");
    CHECK(d.severity == NL_SEVERITY_WARNING, "a warning");
    CHECK(d.item_count == 2 && d.items[0] == sc.prompt && d.items[1] == sc.logo, "prompt, then logo");
    CHECK(d.message && strstr(d.message, "googleLogo") != NULL, "message names the logo: %s", d.message);
    CHECK(find_code(map, NL_DIAG_VIEWPORT_OBSTRUCTED, NULL) == 1, "the 96-tall prompt also reaches into the viewport");
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_prompt_under_eta_card(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, PROMPT_UNDER_ETA);
    nl_diagnostic d;
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK(count_of(map) == 0, "guidance layout is clean");
    print_all(map, "under eta, guidance");
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_SPEED_CAMERA));
    d = expect_only(map, NL_DIAG_OVERLAP, NL_SEVERITY_WARNING, "z-order", "prompt under the ETA card");
    CHECK(d.item_count == 2 && d.items[0] == sc.prompt && d.items[1] == sc.eta_card, "prompt, then ETA card");
    CHECK(d.message && strstr(d.message, "etaCard") != NULL, "names the card: %s", d.message);
    /* The same prompt above the card is allowed (prompts float above cards). */
    CHECK_OK(nl_view_add_subview(nl_map_view_root(map), sc.prompt));
    CHECK(count_of(map) == 0, "a prompt above the card is fine");
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_wide_cards_trailing(void) {
    script sc;
    nl_map_view *map = run("iphone-landscape", &sc, WIDE_TRAILING);
    nl_diagnostic d;
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK(find_code(map, NL_DIAG_WIDE_MODE_CARDS_NOT_LEADING, &d) == 1, "one wideModeCardsNotLeading");
    CHECK(d.severity == NL_SEVERITY_WARNING, "a warning");
    CHECK(d.item_count == 2 && has_item(&d, sc.turn_card) && has_item(&d, sc.eta_card), "both cards");
    CHECK(d.message && strstr(d.message, "turnCard") && strstr(d.message, "etaCard"), "names both: %s", d.message);
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_left_right_anchor(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, LEFT_RIGHT);
    bool opaque = true;
    nl_diagnostic d = expect_only(map, NL_DIAG_LEFT_RIGHT_ANCHOR, NL_SEVERITY_INFO, "badge.left", "left/right anchors");
    CHECK(d.item_count == 2 && d.items[0] == sc.host, "the badge, then the map view");
    CHECK_OK(nl_view_is_opaque(sc.host, &opaque));
    CHECK(!opaque, "marked see-through");
    /* Opaque again: the badge now covers part of the viewport. */
    CHECK_OK(nl_view_set_opaque(sc.host, true));
    CHECK(find_code(map, NL_DIAG_VIEWPORT_OBSTRUCTED, &d) == 1, "an opaque badge obstructs the viewport");
    CHECK(has_item(&d, sc.host) && has_item(&d, sc.viewport), "viewport and badge");
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_hidden_stacked_button(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, HIDDEN_STACKED);
    bool hidden = true;
    nl_diagnostic d = expect_only(map, NL_DIAG_HIDDEN_IN_HIDING_STACK, NL_SEVERITY_ERROR, "compass", "isHidden on a stacked button");
    CHECK(d.item_count == 2 && d.items[0] == sc.compass && d.items[1] == sc.stack, "button, then stack");
    CHECK(d.message && strstr(d.message, "buttonStack") != NULL, "names the stack: %s", d.message);
    CHECK_OK(nl_view_is_hidden(sc.compass, &hidden));
    CHECK(!hidden, "the stack's decision stands: the compass is shown");
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_empty_viewport(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, EMPTY_VIEWPORT);
    nl_diagnostic d = expect_only(map, NL_DIAG_EMPTY_VIEWPORT, NL_SEVERITY_ERROR, "viewport", "empty viewport");
    CHECK(d.item_count == 1 && d.items[0] == sc.viewport, "the viewport");
    /* The message names what sets the offending axis (issue 14 follow-up; the same text as Swift's
     * CulpritMessageTests.testAZeroWidthViewportNamesItsHorizontalConstraints): width 0, x =
     * map.leading = map.left = 0; the height (100) is fine, so the horizontal axis only. */
    CHECK(d.message != NULL && strcmp(d.message,
              "viewport has zero area, frame (0, 0, 0, 100); horizontally it rests on viewport.leading == map.leading, "
              "viewport.width == 0 and map.left == 0 (map frame); constrain its four edges to the open, unobstructed "
              "area of the map") == 0,
          "empty viewport message \"%s\"", d.message ? d.message : "(null)");
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_conflicting_required_constraints(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, CONFLICT);
    nl_rect f;
    nl_diagnostic d = expect_only(map, NL_DIAG_UNSATISFIABLE, NL_SEVERITY_ERROR, "orderCard", "conflict");
    const char *later = d.message ? strstr(d.message, "== 80") : NULL;
    const char *earlier = d.message ? strstr(d.message, "== 60") : NULL;
    CHECK(later != NULL && earlier != NULL && later < earlier,
          "the later constraint (== 80) is named first as the broken one: %s", d.message);
    CHECK(d.item_count == 1 && d.items[0] == sc.host, "the only item is orderCard");
    CHECK_OK(nl_view_frame(sc.host, &f));
    CHECK(f.height == 60, "laid out without the broken one: height %g", f.height);
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

static void test_ambiguous_host_view(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, AMBIGUOUS);
    nl_diagnostic d = expect_only(map, NL_DIAG_AMBIGUOUS_LAYOUT, NL_SEVERITY_WARNING, "eta label", "ambiguous");
    CHECK(d.axis == NL_AXIS_VERTICAL, "the vertical axis, got %d", d.axis);
    CHECK(d.item_count == 1 && d.items[0] == sc.host, "the label");
    CHECK(sc.failures == 0, "callbacks failed %d times", sc.failures);
    nl_map_view_destroy(map);
}

/* An nl_diagnostic from a header without `axis` (smaller struct_size) still works. */
static void test_old_struct_size(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, AMBIGUOUS);
    nl_diagnostic d;
    memset(&d, 0x5a, sizeof d);
    d.struct_size = (uint32_t)(offsetof(nl_diagnostic, item_count) + sizeof(size_t));
    CHECK_OK(nl_map_view_diagnostic(map, 0, &d));
    CHECK(d.code == NL_DIAG_AMBIGUOUS_LAYOUT, "read with the old size");
    CHECK(d.axis == 0x5a5a5a5a, "axis not written past the caller's struct_size");
    d.struct_size = 8;
    CHECK_STATUS(nl_map_view_diagnostic(map, 0, &d), NL_ERR_INVALID_ARGUMENT);
    nl_map_view_destroy(map);
}

/* The sample delegate: clean on iphone-portrait, exactly wideModeCardsNotLeading on landscape. */
static void test_sample_delegate(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(count_of(map) == 0, "portrait ready: none");
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK(count_of(map) == 0, "portrait guidance: none");
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    CHECK(count_of(map) == 0, "portrait prompt: none");
    CHECK_OK(nl_map_view_dismiss_prompt(map));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    CHECK_OK(nl_map_view_stop_guidance(map));
    CHECK(count_of(map) == 0, "portrait stopped: none");
    print_all(map, "sample portrait");
    nl_map_view_destroy(map);

    map = nl_map_view_create_preset("iphone-landscape");
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(count_of(map) == 0, "landscape ready: none");
    CHECK_OK(nl_map_view_start_guidance(map));
    expect_only(map, NL_DIAG_WIDE_MODE_CARDS_NOT_LEADING, NL_SEVERITY_WARNING, "etaCard", "sample landscape");
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    expect_only(map, NL_DIAG_WIDE_MODE_CARDS_NOT_LEADING, NL_SEVERITY_WARNING, "etaCard", "sample landscape prompt");
    nl_map_view_destroy(map);
}

/* Snapshot JSON: the documented keys, and the same bytes twice. */
static void test_snapshot_json(void) {
    script sc;
    nl_map_view *map = run("iphone-portrait", &sc, AMBIGUOUS);
    char *a = nl_map_view_snapshot_json(map);
    char *b = nl_map_view_snapshot_json(map);
    CHECK(a != NULL && b != NULL, "snapshots: %s", nl_last_error_message());
    if (a != NULL && b != NULL) {
        static const char *keys[] = {
            "{\"schema\":\"navlayout.snapshot/1\"", "\"mapSize\":{\"width\":393,\"height\":852}",
            "\"safeArea\":{\"top\":59,\"left\":0,\"bottom\":34,\"right\":0}", "\"layoutDirection\":\"leftToRight\"",
            "\"navigationState\":\"navigationReady\"", "\"wideMode\":false", "\"customDelegate\":true",
            "\"prompt\":null", "\"views\":[", "\"guides\":[", "\"constraints\":[", "\"camera\":{\"viewport\":",
            "\"vehiclePoint\":", "\"diagnostics\":[", "\"code\":\"ambiguousLayout\"", "\"severity\":\"warning\"",
            "\"axis\":\"vertical\"", "\"identifier\":\"eta label\"", "\"role\":\"viewport\"", "\"kind\":\"host\"",
            "\"opaque\":false", "\"text\":\"viewport.top == ",
        };
        size_t i;
        for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
            CHECK(strstr(a, keys[i]) != NULL, "snapshot lacks %s", keys[i]);
        CHECK(a[strlen(a) - 1] == '}', "one JSON object");
        CHECK(strcmp(a, b) == 0, "deterministic: the same bytes twice");
    }
    nl_string_free(a);
    nl_string_free(b);
    CHECK(nl_map_view_snapshot_json(NULL) == NULL, "NULL map: NULL");
    a = nl_map_view_snapshot_svg_titled(map, "iphone-portrait \xc2\xb7 ready <1>");
    b = nl_map_view_snapshot_svg(map);
    CHECK(a != NULL && strncmp(a, "<svg", 4) == 0 && strstr(a, ">iphone-portrait \xc2\xb7 ready &lt;1&gt;</text>") != NULL,
          "titled SVG has the escaped caption");
    CHECK(b != NULL && strstr(b, "ready &lt;1&gt;") == NULL, "the plain SVG has none");
    nl_string_free(a);
    nl_string_free(b);
    CHECK(nl_map_view_snapshot_svg_titled(NULL, "x") == NULL, "NULL map: NULL");
    nl_map_view_destroy(map);
}

int main(void) {
    test_good_layout_is_clean();
    test_missing_viewport();
    test_turn_card_width_rejected();
    test_leftover_turn_card_is_stale();
    test_prompt_over_logo();
    test_prompt_under_eta_card();
    test_wide_cards_trailing();
    test_left_right_anchor();
    test_hidden_stacked_button();
    test_empty_viewport();
    test_conflicting_required_constraints();
    test_ambiguous_host_view();
    test_old_struct_size();
    test_sample_delegate();
    test_snapshot_json();
    return check_summary("test_diagnostics");
}
