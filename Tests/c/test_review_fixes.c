/*
 * Fixes from a new user's review of the C API, each with its reproducer:
 *   a) a destroyed view stays dead (no new handle for it through a former subview or a
 *      constraint; its built-in guides' handles are stale);
 *   b) a state component the state does not have (turn card of a ready state): NULL with a
 *      message saying so, not an unrelated old one;
 *   c) out-of-range enum values are printed signed ("axis -1", not "axis 4294967295");
 *   d) invalid-handle messages tell a never-issued value from a stale handle;
 *   e) getters: hiding stack position/alignment, map view car_play/layout_direction, a
 *      constraint's anchors, relation and multiplier.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

/* a) ------------------------------------------------------------------------------------------ */
static void test_destroyed_view_stays_dead(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *root = nl_map_view_root(map), *a = nl_view_create(map), *b = nl_view_create(map);
    nl_guide *margins, *owned = nl_guide_create(map);
    nl_constraint *c;
    nl_anchor anchor;
    nl_rect r;
    size_t n = 99;
    CHECK_OK(nl_view_set_identifier(a, "A"));
    CHECK_OK(nl_view_set_identifier(b, "B"));
    CHECK_OK(nl_view_add_subview(root, a));
    CHECK_OK(nl_view_add_subview(a, b));
    CHECK_OK(nl_view_add_layout_guide(a, owned));
    margins = nl_view_margins_guide(a);  /* the review's trigger: A's guide kept A alive */
    CHECK(margins != NULL, "margins guide");
    c = nl_constraint_create(map, nl_view_anchor(a, NL_ANCHOR_TOP), NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_TOP), 1, 10);
    CHECK(c != NULL, "constraint");
    CHECK_OK(nl_constraint_activate(c));

    CHECK_OK(nl_view_destroy(a));
    CHECK(nl_view_superview(b) == NULL, "B is detached: no handle for the destroyed A");
    CHECK_OK(nl_view_subview_count(root, &n));
    CHECK(n == 0, "A is gone from the root, got %zu subviews", n);
    CHECK_OK(nl_view_frame(b, &r));  /* B stays valid */
    CHECK_OK(nl_view_add_subview(root, b));
    CHECK_STATUS(nl_guide_frame(margins, &r), NL_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_HAS("stale");
    CHECK_OK(nl_guide_frame(owned, &r));  /* a host guide A owned stays valid, unowned */
    CHECK_OK(nl_view_add_layout_guide(root, owned));
    /* The constraint handle stays valid, but its anchor is the destroyed view: refused. */
    CHECK_STATUS(nl_constraint_first_anchor(c, &anchor), NL_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_HAS("'A' was destroyed");
    CHECK_OK(nl_constraint_second_anchor(c, &anchor));
    CHECK(anchor.item == root, "the second anchor is the root view");
    CHECK_STATUS(nl_view_add_subview(root, a), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_view_destroy(a), NL_ERR_INVALID_HANDLE);
    CHECK_OK(nl_map_view_destroy(map));
}

/* A hiding stack destroyed with arranged views: they are detached and stay usable. */
static void test_destroyed_stack_detaches_arranged(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *root = nl_map_view_root(map);
    nl_view *stack = nl_hiding_stack_create(map, NL_STACK_POSITION_TOP, NL_STACK_ALIGNMENT_LEADING);
    nl_view *v = nl_view_create(map);
    CHECK_OK(nl_view_add_subview(root, stack));
    CHECK_OK(nl_hiding_stack_set_arranged_subviews(stack, &v, 1));
    CHECK_OK(nl_view_destroy(stack));
    CHECK(nl_view_superview(v) == NULL, "the arranged view is detached");
    CHECK_OK(nl_view_add_subview(root, v));
    CHECK(nl_view_superview(v) == root, "and can be reused");
    CHECK_OK(nl_map_view_destroy(map));
}

/* b) ------------------------------------------------------------------------------------------ */
typedef struct state_probe {
    int called;
    nl_view *turn_card, *eta, *logo;
    char message[512];
} state_probe;

static void probe_enable(void *ud, nl_map_view *map, const nl_ui_state *state) {
    state_probe *p = ud;
    (void)map;
    p->called = 1;
    nl_view_set_hidden(NULL, true);  /* an unrelated old error */
    p->logo = nl_ui_state_google_logo(state);
    p->turn_card = nl_ui_state_turn_card(state);
    snprintf(p->message, sizeof p->message, "%s", nl_last_error_message());
    p->eta = nl_ui_state_eta_card(state);
}

static void test_missing_state_component_message(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    state_probe p;
    nl_layout_delegate d;
    memset(&p, 0, sizeof p);
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.user_data = &p;
    d.enable_navigation_ui = probe_enable;
    CHECK_OK(nl_map_view_set_layout_delegate(map, &d));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(p.called && p.logo != NULL, "the ready state has a logo");
    CHECK(p.turn_card == NULL && p.eta == NULL, "and no cards");
    CHECK(strstr(p.message, "nl_ui_state_turn_card") != NULL && strstr(p.message, "no turn card") != NULL,
          "a clear message, got \"%s\"", p.message);
    CHECK(strstr(nl_last_error_message(), "no ETA card") != NULL, "eta: \"%s\"", nl_last_error_message());
    CHECK_OK(nl_map_view_destroy(map));
}

/* c) ------------------------------------------------------------------------------------------ */
static void test_signed_enum_values(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *v = nl_view_create(map);
    nl_map_options o;
    CHECK_STATUS(nl_view_set_hugging_priority(v, (nl_axis)-1, 250), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("axis -1 ");
    CHECK(strstr(nl_last_error_message(), "4294967295") == NULL, "%s", nl_last_error_message());
    CHECK(nl_hiding_stack_create(map, (nl_stack_position)-3, NL_STACK_ALIGNMENT_LEADING) == NULL, "bad position");
    CHECK_MESSAGE_HAS("stack position -3 ");
    CHECK_STATUS(nl_map_view_trigger_prompt(map, (nl_prompt_kind)-2), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("prompt kind -2 ");
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.width = 100;
    o.height = 100;
    o.layout_direction = (nl_layout_direction)-1;
    CHECK(nl_map_view_create(&o) == NULL, "bad direction");
    CHECK_MESSAGE_HAS("layout_direction -1 ");
    CHECK(nl_view_anchor(v, (nl_anchor_attribute)-7).item == NULL, "bad attribute");
    CHECK_MESSAGE_HAS("anchor attribute -7 ");
    CHECK_OK(nl_map_view_destroy(map));
}

/* d) ------------------------------------------------------------------------------------------ */
static void test_garbage_versus_stale(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *v = nl_view_create(map);
    nl_view *forged;
    bool hidden;
    /* Never issued: a plain pointer-like value, and a value with the handle tag but an index the
     * table never used. */
    CHECK_STATUS(nl_view_is_hidden((const nl_view *)(uintptr_t)0x1234, &hidden), NL_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_HAS("never issued");
    CHECK(strstr(nl_last_error_message(), "destroyed") == NULL, "not called destroyed: %s", nl_last_error_message());
    forged = (nl_view *)(uintptr_t)(((uintptr_t)v & ~(uintptr_t)0xFFFFFF00) | ((uintptr_t)0xFFFFF0 << 8));
    CHECK_STATUS(nl_view_is_hidden(forged, &hidden), NL_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_HAS("never issued");
    /* Stale: valid once, then destroyed. */
    CHECK_OK(nl_view_destroy(v));
    CHECK_STATUS(nl_view_is_hidden(v, &hidden), NL_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_HAS("stale");
    CHECK_MESSAGE_HAS("destroyed");
    CHECK_OK(nl_map_view_destroy(map));
}

/* e) ------------------------------------------------------------------------------------------ */
static void test_getters(void) {
    nl_map_options o;
    nl_map_view *map, *carplay = nl_map_view_create_preset("carplay");
    nl_view *root, *stack, *v;
    nl_stack_position pos = NL_STACK_POSITION_TOP;
    nl_stack_alignment align = NL_STACK_ALIGNMENT_LEADING;
    nl_layout_direction dir = NL_LAYOUT_DIRECTION_LEFT_TO_RIGHT;
    nl_relation rel = NL_EQUAL;
    nl_anchor first, second;
    nl_constraint *c, *k;
    double m = 0;
    bool on = false;

    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.width = 400;
    o.height = 800;
    o.layout_direction = NL_LAYOUT_DIRECTION_RIGHT_TO_LEFT;
    map = nl_map_view_create(&o);
    root = nl_map_view_root(map);
    CHECK_OK(nl_map_view_car_play(map, &on));
    CHECK(!on, "not CarPlay");
    CHECK_OK(nl_map_view_layout_direction(map, &dir));
    CHECK(dir == NL_LAYOUT_DIRECTION_RIGHT_TO_LEFT, "RTL as created");
    CHECK_OK(nl_map_view_car_play(carplay, &on));
    CHECK(on, "the carplay preset is CarPlay");
    CHECK_OK(nl_map_view_layout_direction(carplay, &dir));
    CHECK(dir == NL_LAYOUT_DIRECTION_LEFT_TO_RIGHT, "presets are LTR");
    CHECK_STATUS(nl_map_view_car_play(map, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nl_map_view_layout_direction(NULL, &dir), NL_ERR_INVALID_HANDLE);

    stack = nl_hiding_stack_create(map, NL_STACK_POSITION_BOTTOM, NL_STACK_ALIGNMENT_TRAILING);
    CHECK_OK(nl_hiding_stack_position(stack, &pos));
    CHECK(pos == NL_STACK_POSITION_BOTTOM, "position");
    CHECK_OK(nl_hiding_stack_alignment(stack, &align));
    CHECK(align == NL_STACK_ALIGNMENT_TRAILING, "alignment");
    CHECK_STATUS(nl_hiding_stack_position(root, &pos), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("not a hiding stack");
    CHECK_STATUS(nl_hiding_stack_alignment(stack, NULL), NL_ERR_INVALID_ARGUMENT);

    v = nl_view_create(map);
    c = nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_LESS_OR_EQUAL,
                             nl_guide_anchor(nl_view_safe_area_guide(root), NL_ANCHOR_HEIGHT), 0.5, 3);
    CHECK_OK(nl_constraint_first_anchor(c, &first));
    CHECK(first.item == v && first.attribute == NL_ANCHOR_WIDTH, "first anchor");
    CHECK_OK(nl_constraint_second_anchor(c, &second));
    CHECK(second.item == nl_view_safe_area_guide(root) && second.attribute == NL_ANCHOR_HEIGHT, "second anchor: a guide");
    CHECK_OK(nl_constraint_relation(c, &rel));
    CHECK(rel == NL_LESS_OR_EQUAL, "relation");
    CHECK_OK(nl_constraint_multiplier(c, &m));
    CHECK(m == 0.5, "multiplier %g", m);
    k = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_HEIGHT), NL_GREATER_OR_EQUAL, 44);
    CHECK_OK(nl_constraint_second_anchor(k, &second));
    CHECK(second.item == NULL, "constant-only: no second anchor");
    CHECK_OK(nl_constraint_multiplier(k, &m));
    CHECK(m == 1, "multiplier 1");
    CHECK_OK(nl_constraint_relation(k, &rel));
    CHECK(rel == NL_GREATER_OR_EQUAL, "relation >=");
    CHECK_STATUS(nl_constraint_relation(NULL, &rel), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_constraint_first_anchor(c, NULL), NL_ERR_INVALID_ARGUMENT);
    /* An anchor from the getter builds constraints like any other. */
    CHECK(nl_constraint_create(map, first, NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_WIDTH), 1, 0) != NULL, "reusable anchor");
    CHECK_OK(nl_map_view_destroy(map));
    CHECK_OK(nl_map_view_destroy(carplay));
}

int main(void) {
    test_destroyed_view_stays_dead();
    test_destroyed_stack_detaches_arranged();
    test_missing_state_component_message();
    test_signed_enum_values();
    test_garbage_versus_stale();
    test_getters();
    return check_summary("test_review_fixes");
}
