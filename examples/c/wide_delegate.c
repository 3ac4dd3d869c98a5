/*
 * wide_delegate.c — a layout delegate with a wide-mode variant (issue 3), and a demo driver.
 * The layout is described in wide_delegate.h.
 *
 *   wide_delegate [preset]      (default iphone-portrait; presets of docs/behaviour.md#device-presets)
 *
 * prints the demo table of demo_table.c, byte for byte what `navlayout demo --delegate wide
 * --preset P` prints.
 *
 * Structure: each navigation state gets one layout — the views it adds (in z-order), a fresh
 * bottom-packed trailing button stack, and its constraints — built by one function per variant and
 * installed as a unit; a transition clears the old layout and builds the new one. Constraint
 * building uses a sticky error: the first failing call is remembered and reported to the map view
 * (nl_map_view_fail_callback) when the callback ends, so the builders read as plain lists.
 */
#include "wide_delegate.h"
#include "demo_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_VIEWS 8
#define MAX_BUTTONS 8
#define MAX_CONSTRAINTS 32
#define MAX_SLIDES 4

typedef enum variant { VARIANT_NONE, VARIANT_READY, VARIANT_GUIDANCE_STANDARD, VARIANT_GUIDANCE_WIDE } variant;

/* One state's layout, installed and removed as a unit. */
typedef struct layout {
    nl_view *views[MAX_VIEWS];               /* added to the map view in this order */
    size_t view_count;
    nl_view *stack;                          /* "buttonStack", added after the views */
    nl_view *buttons[MAX_BUTTONS];           /* compass, reporting, then unknown types */
    size_t button_count;
    nl_constraint *constraints[MAX_CONSTRAINTS];
    size_t constraint_count;
} layout;

/* An animated slide: the prompt's bottom constraint and the constant it moves to. */
typedef struct slide_to {
    nl_constraint *bottom;
    double constant;
} slide_to;

/* A prompt sliding out; at the end it leaves the hierarchy and is destroyed with its constraints
 * (issue 17: a long session keeps no handle it no longer needs). */
typedef struct slide_out {
    slide_to to;                             /* first member: the animation block's user_data */
    struct wide_state *owner;
    nl_view *prompt;
    nl_constraint *constraints[3];           /* [0] = prompt.bottom == map.bottom + constant */
    int in_use;
} slide_out;

typedef struct wide_state {
    nl_map_view *map;
    nl_view *root;
    nl_guide *safe;
    nl_guide *contents_bottom;               /* "mapContentsBottom": zero height */
    nl_constraint *resting[2];               /* height == 0; bottom == safe bottom @ 250 */
    nl_view *order_status;                   /* the host's card, created on first wide layout */
    layout current;
    variant installed;
    nl_view *prompt;                         /* the prompt shown (or sliding in) */
    nl_constraint *prompt_constraints[3];
    slide_out slides[MAX_SLIDES];
    int released;                            /* release was called while slides ran: the last
                                                completion frees the state (see release_state) */
    char error[512];                         /* first failure inside the current callback */
} wide_state;

/* ---------------------------------------------------------------------------------------------
 * Sticky errors
 * ------------------------------------------------------------------------------------------- */

/* Records the first failure of the current callback. Returns 0 so callers can `return fail(...)`. */
static int fail(wide_state *st, const char *what, nl_status status) {
    if (st->error[0] == '\0') {
        snprintf(st->error, sizeof st->error, "wide delegate: %s: %s: %s", what, nl_status_name(status),
                 nl_last_error_message());
    }
    return 0;
}

/* true if `s` is NL_OK, else records the failure. */
static int ok(wide_state *st, nl_status s, const char *what) { return s == NL_OK ? 1 : fail(st, what, s); }

/* Ends a callback: reports the recorded failure, if any, to the map view. */
static void finish(wide_state *st) {
    if (st->error[0] != '\0') {
        nl_map_view_fail_callback(st->map, st->error);
        st->error[0] = '\0';
    }
}

/* ---------------------------------------------------------------------------------------------
 * Building layouts
 * ------------------------------------------------------------------------------------------- */

static nl_anchor V(const nl_view *v, nl_anchor_attribute a) { return nl_view_anchor(v, a); }
static nl_anchor G(const nl_guide *g, nl_anchor_attribute a) { return nl_guide_anchor(g, a); }

/* Adds `first REL second + constant` (required) to the layout. */
static void relate(wide_state *st, layout *l, nl_anchor first, nl_relation rel, nl_anchor second, double constant) {
    nl_constraint *c;
    if (l->constraint_count == MAX_CONSTRAINTS) {
        fail(st, "too many constraints", NL_ERR_INVALID_ARGUMENT);
        return;
    }
    c = nl_constraint_create(st->map, first, rel, second, 1.0, constant);
    if (c == NULL) {
        fail(st, "nl_constraint_create", NL_ERR_INVALID_ARGUMENT);
        return;
    }
    l->constraints[l->constraint_count++] = c;
}

static void eq(wide_state *st, layout *l, nl_anchor a, nl_anchor b, double c) { relate(st, l, a, NL_EQUAL, b, c); }

static void add_view(wide_state *st, layout *l, nl_view *v) {
    if (v == NULL) fail(st, "a component of the state is missing", NL_ERR_INVALID_HANDLE);
    else if (l->view_count < MAX_VIEWS) l->views[l->view_count++] = v;
}

/* Starts a layout for `state`: a fresh button stack holding the state's buttons, found by type
 * (docs/behaviour.md#state-objects): the compass at the bottom, the reporting button above it, then buttons of types this
 * delegate does not know, in the state's order. */
static void layout_begin(wide_state *st, layout *l, const nl_ui_state *state) {
    static const nl_button_type order[] = {NL_BUTTON_COMPASS, NL_BUTTON_REPORTING, 0};
    size_t count = 0, i, k;
    memset(l, 0, sizeof *l);
    l->stack = nl_hiding_stack_create(st->map, NL_STACK_POSITION_BOTTOM, NL_STACK_ALIGNMENT_TRAILING);
    if (l->stack == NULL) {
        fail(st, "nl_hiding_stack_create", NL_ERR_INVALID_HANDLE);
        return;
    }
    ok(st, nl_view_set_identifier(l->stack, "buttonStack"), "nl_view_set_identifier");
    if (!ok(st, nl_ui_state_button_count(state, &count), "nl_ui_state_button_count")) return;
    for (k = 0; k < sizeof order / sizeof order[0]; k++) {
        for (i = 0; i < count && l->button_count < MAX_BUTTONS; i++) {
            nl_button_type type = 0;
            nl_view *b = nl_ui_state_button(state, i, &type);
            int known = type == NL_BUTTON_COMPASS || type == NL_BUTTON_REPORTING;
            if (b == NULL) fail(st, "nl_ui_state_button", NL_ERR_INVALID_HANDLE);
            else if (order[k] != 0 ? type == order[k] : !known) l->buttons[l->button_count++] = b;
        }
    }
}

/* The part the standard layouts share: stack, logo and viewport between `top` and the guide. */
static void place_in_open_area(wide_state *st, layout *l, nl_view *logo, nl_view *viewport, nl_anchor top) {
    nl_anchor cb_top = G(st->contents_bottom, NL_ANCHOR_TOP);
    eq(st, l, V(l->stack, NL_ANCHOR_TRAILING), G(st->safe, NL_ANCHOR_TRAILING), 0);
    eq(st, l, V(l->stack, NL_ANCHOR_TOP), top, 0);
    eq(st, l, V(l->stack, NL_ANCHOR_BOTTOM), cb_top, 0);
    eq(st, l, V(logo, NL_ANCHOR_LEADING), G(st->safe, NL_ANCHOR_LEADING), 0);
    eq(st, l, V(logo, NL_ANCHOR_BOTTOM), cb_top, 0);
    eq(st, l, V(viewport, NL_ANCHOR_LEADING), G(st->safe, NL_ANCHOR_LEADING), 0);
    eq(st, l, V(viewport, NL_ANCHOR_TRAILING), G(st->safe, NL_ANCHOR_TRAILING), 0);
    eq(st, l, V(viewport, NL_ANCHOR_TOP), top, 0);
    eq(st, l, V(viewport, NL_ANCHOR_BOTTOM), cb_top, 0);
}

/* Navigation ready: logo and viewport over the safe area, buttons bottom-trailing. */
static void build_ready(wide_state *st, layout *l, const nl_ui_state *state) {
    nl_view *logo = nl_ui_state_google_logo(state), *viewport = nl_ui_state_viewport(state);
    layout_begin(st, l, state);
    add_view(st, l, logo);
    add_view(st, l, viewport);
    if (st->error[0] == '\0') place_in_open_area(st, l, logo, viewport, G(st->safe, NL_ANCHOR_TOP));
}

/* Active guidance, standard: the sample's — cards full width at the top and bottom. */
static void build_guidance_standard(wide_state *st, layout *l, const nl_ui_state *state) {
    nl_view *turn = nl_ui_state_turn_card(state), *eta = nl_ui_state_eta_card(state);
    nl_view *logo = nl_ui_state_google_logo(state), *viewport = nl_ui_state_viewport(state);
    layout_begin(st, l, state);
    add_view(st, l, turn);
    add_view(st, l, eta);
    add_view(st, l, viewport);
    add_view(st, l, logo);
    if (st->error[0] != '\0') return;
    eq(st, l, V(turn, NL_ANCHOR_LEADING), G(st->safe, NL_ANCHOR_LEADING), 0);
    eq(st, l, V(turn, NL_ANCHOR_TOP), V(st->root, NL_ANCHOR_TOP), 0);
    eq(st, l, V(eta, NL_ANCHOR_LEADING), V(st->root, NL_ANCHOR_LEADING), 0);
    eq(st, l, V(eta, NL_ANCHOR_BOTTOM), V(st->root, NL_ANCHOR_BOTTOM), 0);
    relate(st, l, G(st->contents_bottom, NL_ANCHOR_BOTTOM), NL_LESS_OR_EQUAL, V(eta, NL_ANCHOR_TOP), 0);
    place_in_open_area(st, l, logo, viewport, V(turn, NL_ANCHOR_BOTTOM));
}

/* The host's order-status card: as wide as its constraints make it, 64 pt tall. */
static nl_view *order_status(wide_state *st) {
    if (st->order_status == NULL) {
        nl_view *v = nl_view_create(st->map);
        if (v == NULL) {
            fail(st, "nl_view_create", NL_ERR_INVALID_HANDLE);
            return NULL;
        }
        ok(st, nl_view_set_identifier(v, "orderStatus"), "nl_view_set_identifier");
        ok(st, nl_view_set_intrinsic_size(v, NL_NO_INTRINSIC_METRIC, NL_WIDE_ORDER_STATUS_HEIGHT),
           "nl_view_set_intrinsic_size");
        st->order_status = v;
    }
    return st->order_status;
}

/* Active guidance, wide: cards at the leading edge, the map column on their trailing side. */
static void build_guidance_wide(wide_state *st, layout *l, const nl_ui_state *state) {
    const double gap = nl_navigation_style_values().element_horizontal_padding;    /* 8 */
    const double top_padding = nl_navigation_style_values().header_top_padding;  /* 8 */
    nl_view *turn = nl_ui_state_turn_card(state), *eta = nl_ui_state_eta_card(state);
    nl_view *logo = nl_ui_state_google_logo(state), *viewport = nl_ui_state_viewport(state);
    nl_view *speed = nl_ui_state_speed_widget(state), *bar = nl_ui_state_trip_progress_bar(state);
    nl_view *order = order_status(st);
    nl_guide *eta_margins;
    nl_anchor cb_top = G(st->contents_bottom, NL_ANCHOR_TOP);

    layout_begin(st, l, state);
    add_view(st, l, turn);
    add_view(st, l, eta);
    add_view(st, l, order);
    add_view(st, l, viewport);
    add_view(st, l, logo);
    add_view(st, l, speed);
    add_view(st, l, bar);
    if (st->error[0] != '\0') return;
    eta_margins = nl_view_margins_guide(eta);

    /* The cards, at the safe area's leading edge. */
    eq(st, l, V(turn, NL_ANCHOR_TOP), V(st->root, NL_ANCHOR_TOP), 0);
    eq(st, l, V(turn, NL_ANCHOR_LEADING), G(st->safe, NL_ANCHOR_LEADING), 0);
    eq(st, l, V(eta, NL_ANCHOR_BOTTOM), V(st->root, NL_ANCHOR_BOTTOM), 0);
    eq(st, l, V(eta, NL_ANCHOR_LEADING), G(st->safe, NL_ANCHOR_LEADING), 0);

    /* The map column: the order status on top, the viewport under it. */
    eq(st, l, V(order, NL_ANCHOR_TOP), G(st->safe, NL_ANCHOR_TOP), top_padding);
    eq(st, l, V(order, NL_ANCHOR_LEADING), V(turn, NL_ANCHOR_TRAILING), gap);
    eq(st, l, V(order, NL_ANCHOR_TRAILING), G(st->safe, NL_ANCHOR_TRAILING), -gap);
    eq(st, l, V(viewport, NL_ANCHOR_TOP), V(order, NL_ANCHOR_BOTTOM), gap);
    eq(st, l, V(viewport, NL_ANCHOR_LEADING), V(turn, NL_ANCHOR_TRAILING), 0);
    eq(st, l, V(viewport, NL_ANCHOR_TRAILING), G(st->safe, NL_ANCHOR_TRAILING), 0);
    eq(st, l, V(viewport, NL_ANCHOR_BOTTOM), cb_top, 0);

    /* Floating over the viewport: buttons trailing, logo leading, trip progress bar between. */
    eq(st, l, V(l->stack, NL_ANCHOR_TRAILING), G(st->safe, NL_ANCHOR_TRAILING), 0);
    eq(st, l, V(l->stack, NL_ANCHOR_TOP), V(viewport, NL_ANCHOR_TOP), 0);
    eq(st, l, V(l->stack, NL_ANCHOR_BOTTOM), cb_top, 0);
    eq(st, l, V(logo, NL_ANCHOR_LEADING), V(viewport, NL_ANCHOR_LEADING), 0);
    eq(st, l, V(logo, NL_ANCHOR_BOTTOM), cb_top, 0);
    eq(st, l, V(bar, NL_ANCHOR_LEADING), V(viewport, NL_ANCHOR_LEADING), gap);
    eq(st, l, V(bar, NL_ANCHOR_TOP), V(viewport, NL_ANCHOR_TOP), gap);
    eq(st, l, V(bar, NL_ANCHOR_BOTTOM), V(logo, NL_ANCHOR_TOP), -gap);

    /* The speed widget on the ETA card, margin to margin. */
    if (eta_margins == NULL) {
        fail(st, "nl_view_margins_guide", NL_ERR_INVALID_HANDLE);
        return;
    }
    eq(st, l, V(speed, NL_ANCHOR_LEADING), G(eta_margins, NL_ANCHOR_LEADING), 0);
    eq(st, l, V(speed, NL_ANCHOR_BOTTOM), G(eta_margins, NL_ANCHOR_TOP), 0);
}

/* Adds the layout's views and stack to the map view and activates its constraints. */
static void layout_install(wide_state *st, layout *l) {
    size_t i;
    if (st->error[0] != '\0') return;
    for (i = 0; i < l->view_count; i++) {
        if (!ok(st, nl_view_add_subview(st->root, l->views[i]), "nl_view_add_subview")) return;
    }
    if (!ok(st, nl_hiding_stack_set_arranged_subviews(l->stack, l->buttons, l->button_count),
            "nl_hiding_stack_set_arranged_subviews")) return;
    if (!ok(st, nl_view_add_subview(st->root, l->stack), "nl_view_add_subview")) return;
    ok(st, nl_constraints_activate(l->constraints, l->constraint_count), "nl_constraints_activate");
}

/* Removes the installed layout: constraints destroyed, stack destroyed, views out. */
static void layout_clear(wide_state *st) {
    layout *l = &st->current;
    size_t i;
    for (i = 0; i < l->constraint_count; i++) nl_constraint_destroy(l->constraints[i]);
    if (l->stack != NULL) {
        /* Out of the hierarchy, buttons released (they go to the next layout's stack), freed. */
        ok(st, nl_hiding_stack_set_arranged_subviews(l->stack, NULL, 0), "nl_hiding_stack_set_arranged_subviews");
        ok(st, nl_view_destroy(l->stack), "nl_view_destroy");
    }
    for (i = 0; i < l->view_count; i++) ok(st, nl_view_remove_from_superview(l->views[i]), "nl_view_remove_from_superview");
    memset(l, 0, sizeof *l);
    st->installed = VARIANT_NONE;
}

/* Replaces the installed layout with the one of `v` for `state`. */
static void switch_to(wide_state *st, variant v, const nl_ui_state *state) {
    layout_clear(st);
    switch (v) {
    case VARIANT_READY: build_ready(st, &st->current, state); break;
    case VARIANT_GUIDANCE_STANDARD: build_guidance_standard(st, &st->current, state); break;
    case VARIANT_GUIDANCE_WIDE: build_guidance_wide(st, &st->current, state); break;
    case VARIANT_NONE: return;
    }
    layout_install(st, &st->current);
    st->installed = v;
}

static variant guidance_variant(wide_state *st, const nl_ui_state *state) {
    bool wide = false;
    ok(st, nl_ui_state_wide_mode(state, &wide), "nl_ui_state_wide_mode");
    return wide ? VARIANT_GUIDANCE_WIDE : VARIANT_GUIDANCE_STANDARD;
}

/* ---------------------------------------------------------------------------------------------
 * Callbacks
 * ------------------------------------------------------------------------------------------- */

static void on_enable_navigation_ui(void *user_data, nl_map_view *map, const nl_ui_state *new_state) {
    wide_state *st = user_data;
    st->map = map;
    st->root = nl_map_view_root(map);
    st->safe = nl_view_safe_area_guide(st->root);
    st->contents_bottom = nl_guide_create(map);
    if (st->root == NULL || st->safe == NULL || st->contents_bottom == NULL) {
        fail(st, "map view handles", NL_ERR_INVALID_HANDLE);
        finish(st);
        return;
    }
    /* The map contents end at the safe-area bottom unless the ETA card or a prompt pushes up. */
    ok(st, nl_guide_set_identifier(st->contents_bottom, "mapContentsBottom"), "nl_guide_set_identifier");
    ok(st, nl_view_add_layout_guide(st->root, st->contents_bottom), "nl_view_add_layout_guide");
    st->resting[0] = nl_constraint_create_constant(map, G(st->contents_bottom, NL_ANCHOR_HEIGHT), NL_EQUAL, 0);
    st->resting[1] = nl_constraint_create(map, G(st->contents_bottom, NL_ANCHOR_BOTTOM), NL_EQUAL,
                                          G(st->safe, NL_ANCHOR_BOTTOM), 1.0, 0);
    if (st->resting[0] == NULL || st->resting[1] == NULL) {
        fail(st, "nl_constraint_create", NL_ERR_INVALID_ARGUMENT);
    } else {
        ok(st, nl_constraint_set_priority(st->resting[1], NL_PRIORITY_DEFAULT_LOW), "nl_constraint_set_priority");
        ok(st, nl_constraints_activate(st->resting, 2), "nl_constraints_activate");
    }
    if (st->error[0] == '\0') switch_to(st, VARIANT_READY, new_state);
    finish(st);
}

/* Takes a prompt that is no longer shown out of the hierarchy and destroys it and its three
 * constraints. */
static nl_status discard_prompt(nl_view *prompt, nl_constraint *const constraints[3]) {
    size_t i;
    nl_status s = nl_view_remove_from_superview(prompt);
    for (i = 0; i < 3; i++) {
        if (constraints[i] != NULL) {
            nl_status c = nl_constraint_destroy(constraints[i]);
            if (s == NL_OK) s = c;
        }
    }
    if (s == NL_OK) s = nl_view_destroy(prompt);
    return s;
}

static void on_disable_navigation_ui(void *user_data, nl_map_view *map, const nl_ui_state *old_state) {
    wide_state *st = user_data;
    (void)map;
    (void)old_state;
    if (st->prompt != NULL) {
        ok(st, discard_prompt(st->prompt, st->prompt_constraints), "discarding the shown prompt");
        st->prompt = NULL;
        memset(st->prompt_constraints, 0, sizeof st->prompt_constraints);
    }
    layout_clear(st);
    nl_constraint_destroy(st->resting[0]);
    nl_constraint_destroy(st->resting[1]);
    st->resting[0] = st->resting[1] = NULL;
    if (st->contents_bottom != NULL) nl_guide_destroy(st->contents_bottom);
    st->contents_bottom = NULL;
    finish(st);
}

static void on_start_guidance(void *user_data, nl_map_view *map, const nl_ui_state *new_state,
                              const nl_ui_state *old_state) {
    wide_state *st = user_data;
    (void)map;
    (void)old_state;
    switch_to(st, guidance_variant(st, new_state), new_state);
    finish(st);
}

static void on_stop_guidance(void *user_data, nl_map_view *map, const nl_ui_state *new_state,
                             const nl_ui_state *old_state) {
    wide_state *st = user_data;
    (void)map;
    (void)old_state;
    switch_to(st, VARIANT_READY, new_state);
    finish(st);
}

/* Constraints follow size changes by themselves; only a change of variant needs a new layout. */
static void on_size_changed(void *user_data, nl_map_view *map, const nl_ui_state *new_state) {
    wide_state *st = user_data;
    variant v;
    (void)map;
    if (st->installed != VARIANT_GUIDANCE_STANDARD && st->installed != VARIANT_GUIDANCE_WIDE) return;
    v = guidance_variant(st, new_state);
    if (v != st->installed) {
        switch_to(st, v, new_state);
        /* Keep a shown prompt above the re-added cards. */
        if (st->prompt != NULL) ok(st, nl_view_add_subview(st->root, st->prompt), "nl_view_add_subview");
    }
    finish(st);
}

/* ---------------------------------------------------------------------------------------------
 * Prompts: slide up from below the map view, slide back down, leave the hierarchy
 * ------------------------------------------------------------------------------------------- */

static void slide_changes(void *user_data) {
    slide_to *s = user_data;
    nl_constraint_set_constant(s->bottom, s->constant);
}

static int slides_running(const wide_state *st) {
    size_t i;
    for (i = 0; i < MAX_SLIDES; i++) if (st->slides[i].in_use) return 1;
    return 0;
}

static void slide_out_done(void *user_data, bool finished) {
    slide_out *s = user_data;
    wide_state *st = s->owner;
    (void)finished;
    discard_prompt(s->prompt, s->constraints);
    s->in_use = 0;
    if (st->released && !slides_running(st)) free(st);
}

static double height_of(nl_view *v) {
    nl_rect r;
    return nl_view_frame(v, &r) == NL_OK ? r.height : 0.0;
}

static void on_show_prompt(void *user_data, nl_map_view *map, nl_view *prompt) {
    wide_state *st = user_data;
    double height = height_of(prompt);   /* prompts arrive sized (docs/behaviour.md#prompt-events) */
    nl_constraint **cs = st->prompt_constraints;
    slide_to in;

    if (!ok(st, nl_view_add_subview(st->root, prompt), "nl_view_add_subview")) {
        finish(st);
        return;
    }
    st->prompt = prompt;
    cs[0] = nl_constraint_create(map, V(prompt, NL_ANCHOR_BOTTOM), NL_EQUAL, V(st->root, NL_ANCHOR_BOTTOM), 1.0, height);
    cs[1] = nl_constraint_create(map, V(prompt, NL_ANCHOR_LEADING), NL_EQUAL, G(st->safe, NL_ANCHOR_LEADING), 1.0, 0);
    cs[2] = nl_constraint_create(map, G(st->contents_bottom, NL_ANCHOR_BOTTOM), NL_LESS_OR_EQUAL,
                                 V(prompt, NL_ANCHOR_TOP), 1.0, 0);
    if (cs[0] == NULL || cs[1] == NULL || cs[2] == NULL) {
        fail(st, "nl_constraint_create", NL_ERR_INVALID_ARGUMENT);
    } else if (ok(st, nl_constraints_activate(cs, 3), "nl_constraints_activate") &&
               ok(st, nl_map_view_layout_if_needed(map), "nl_map_view_layout_if_needed")) {
        in.bottom = cs[0];
        in.constant = 0;
        ok(st, nl_map_view_animate(map, NL_WIDE_PROMPT_ANIMATION_SECONDS, NL_CURVE_EASE_IN_OUT, slide_changes, NULL, &in),
           "nl_map_view_animate");
    }
    finish(st);
}

static void on_hide_prompt(void *user_data, nl_map_view *map, nl_view *prompt) {
    wide_state *st = user_data;
    slide_out *out = NULL;
    size_t i;
    if (st->prompt != prompt) return;
    for (i = 0; i < MAX_SLIDES && out == NULL; i++) {
        if (!st->slides[i].in_use) out = &st->slides[i];
    }
    if (out == NULL) {
        fail(st, "too many prompts sliding out", NL_ERR_INVALID_STATE);
        finish(st);
        return;
    }
    out->in_use = 1;
    out->owner = st;
    out->prompt = prompt;
    memcpy(out->constraints, st->prompt_constraints, sizeof out->constraints);
    memset(st->prompt_constraints, 0, sizeof st->prompt_constraints);
    st->prompt = NULL;
    out->to.bottom = out->constraints[0];
    out->to.constant = height_of(prompt);   /* back below the map view's bottom edge */
    if (!ok(st, nl_map_view_animate(map, NL_WIDE_PROMPT_ANIMATION_SECONDS, NL_CURVE_EASE_IN_OUT, slide_changes,
                                    slide_out_done, out),
            "nl_map_view_animate")) {
        discard_prompt(out->prompt, out->constraints);   /* no completion will run */
        out->in_use = 0;
    }
    finish(st);
}

static void on_change_prompt(void *user_data, nl_map_view *map, nl_view *new_prompt, nl_view *old_prompt) {
    on_hide_prompt(user_data, map, old_prompt);   /* both slides run at once */
    on_show_prompt(user_data, map, new_prompt);
}

/* Frees the state, unless slides out are still running and their completions, which use it, will
 * run: that is when the delegate is being replaced (the last completion frees it); when the map
 * view is being destroyed no completion runs (navlayout.h, nl_map_view_animate), so it goes now. */
static void release_state(void *user_data) {
    wide_state *st = user_data;
    bool destroying = true;
    nl_map_view_destroying(st->map, &destroying);
    if (slides_running(st) && !destroying) {
        st->released = 1;
        return;
    }
    free(st);
}

nl_status nl_wide_delegate_install(nl_map_view *map) {
    nl_layout_delegate d;
    nl_status s;
    wide_state *st = calloc(1, sizeof *st);
    if (st == NULL) return NL_ERR_INTERNAL;
    st->map = map;
    memset(&d, 0, sizeof d);
    d.struct_size = (uint32_t)sizeof d;
    d.user_data = st;
    d.release = release_state;
    d.enable_navigation_ui = on_enable_navigation_ui;
    d.disable_navigation_ui = on_disable_navigation_ui;
    d.start_guidance = on_start_guidance;
    d.stop_guidance = on_stop_guidance;
    d.size_changed = on_size_changed;
    d.show_prompt = on_show_prompt;
    d.hide_prompt = on_hide_prompt;
    d.change_prompt = on_change_prompt;
    s = nl_map_view_set_layout_delegate(map, &d);
    if (s != NL_OK) free(st);   /* not kept: release is not called */
    return s;
}

#ifndef NL_WIDE_DELEGATE_NO_MAIN
int main(int argc, char **argv) { return nl_demo_main(argc, argv, "wide_delegate", nl_wide_delegate_install); }
#endif
