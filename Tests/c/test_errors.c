/*
 * Every error the C API can return in this slice, with bad input of every kind: NULL, stale,
 * foreign and garbage handles; NaN and infinite numbers; anchors of different axes; a constant-only
 * constraint on a position anchor; items without a common ancestor; events in the wrong state,
 * from inside a callback, and callbacks that fail; layout delegates refused. After each error the
 * map view is unchanged (same views, frames, hidden flags and navigation state) and the error
 * message names the item involved.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

/* ---- a recording delegate ------------------------------------------------------------------- */

typedef struct recorder {
    int releases;
    int enables, disables, starts, stops, shows, hides, changes;
    int mode;                  /* what enable_navigation_ui does: see MODE_* */
    nl_status inner[8];        /* statuses of calls made from inside the callback */
} recorder;

enum { MODE_NOTHING = 0, MODE_REENTER = 1, MODE_FAIL = 2, MODE_NESTED_FAIL = 3 };

static void failing_changes(void *ud) { nl_map_view_fail_callback((nl_map_view *)ud, "changes failed"); }

static void rec_release(void *ud) { ((recorder *)ud)->releases++; }

static void rec_enable(void *ud, nl_map_view *map, const nl_ui_state *s) {
    recorder *r = ud;
    nl_ui_state_kind kind = NL_UI_STATE_NO_NAVIGATION;
    r->enables++;
    nl_ui_state_kind_of(s, &kind);
    if (kind != NL_UI_STATE_NAVIGATION_READY) r->inner[7] = NL_ERR_INTERNAL;
    if (r->mode == MODE_REENTER) {
        r->inner[0] = nl_map_view_start_guidance(map);
        r->inner[1] = nl_map_view_destroy(map);
        r->inner[2] = nl_map_view_set_navigation_enabled(map, false);
        r->inner[3] = nl_map_view_advance_time(map, 0.1);
        r->inner[4] = nl_map_view_set_layout_delegate(map, NULL);
        r->inner[5] = nl_map_view_set_size(map, 100, 100, (nl_insets){0, 0, 0, 0});
    } else if (r->mode == MODE_NESTED_FAIL) {
        /* the failure belongs to the nested animate call, which the delegate handles */
        r->inner[0] = nl_map_view_animate(map, 0.1, NL_CURVE_LINEAR, failing_changes, NULL, map);
    } else if (r->mode == MODE_FAIL) {
        r->inner[0] = nl_map_view_fail_callback(map, "enable callback failed for 'alphaHost'");
    }
}
static void rec_disable(void *ud, nl_map_view *m, const nl_ui_state *s) { (void)m; (void)s; ((recorder *)ud)->disables++; }
static void rec_start(void *ud, nl_map_view *m, const nl_ui_state *n, const nl_ui_state *o) { (void)m; (void)n; (void)o; ((recorder *)ud)->starts++; }
static void rec_stop(void *ud, nl_map_view *m, const nl_ui_state *n, const nl_ui_state *o) { (void)m; (void)n; (void)o; ((recorder *)ud)->stops++; }

static nl_layout_delegate recorder_delegate(recorder *r) {
    nl_layout_delegate d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.user_data = r;
    d.release = rec_release;
    d.enable_navigation_ui = rec_enable;
    d.disable_navigation_ui = rec_disable;
    d.start_guidance = rec_start;
    d.stop_guidance = rec_stop;
    return d;
}

/* A map view in active guidance with the sample delegate: a real layout to keep unchanged. */
static nl_map_view *guided_map(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    CHECK(map != NULL, "create: %s", nl_last_error_message());
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    return map;
}

/* ---- handles ---------------------------------------------------------------------------------- */

static void test_null_garbage_and_foreign_handles(void) {
    nl_map_view *map = guided_map();
    nl_view *root = nl_map_view_root(map);
    nl_guide *safe = nl_view_safe_area_guide(root);
    nl_rect r;
    int local = 0;
    nl_view *garbage = (nl_view *)(void *)&local;                      /* a real address */
    nl_view *forged = (nl_view *)(uintptr_t)0xA500000100000157ull;     /* looks like a handle */
    size_t n;

    CHECK_FAILS_UNCHANGED(map, nl_view_frame(NULL, &r), NL_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_HAS("NULL");
    CHECK_FAILS_UNCHANGED(map, nl_map_view_start_guidance(NULL), NL_ERR_INVALID_HANDLE);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_destroy(NULL), NL_ERR_INVALID_HANDLE);
    CHECK_FAILS_UNCHANGED(map, nl_view_frame(garbage, &r), NL_ERR_INVALID_HANDLE);
    CHECK_FAILS_UNCHANGED(map, nl_view_add_subview(root, forged), NL_ERR_INVALID_HANDLE);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_destroy((nl_map_view *)(void *)&local), NL_ERR_INVALID_HANDLE);
    /* foreign: a handle of another kind */
    CHECK_FAILS_UNCHANGED(map, nl_view_frame((nl_view *)(void *)safe, &r), NL_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_HAS("guide");
    CHECK_FAILS_UNCHANGED(map, nl_map_view_start_guidance((nl_map_view *)(void *)root), NL_ERR_INVALID_HANDLE);
    CHECK_FAILS_UNCHANGED(map, nl_view_subview_count((nl_view *)(void *)map, &n), NL_ERR_INVALID_HANDLE);
    /* handle-returning getters give NULL */
    CHECK(nl_view_subview(NULL, 0) == NULL, "subview of NULL");
    CHECK(nl_map_view_root(NULL) == NULL, "root of NULL");
    CHECK(nl_view_identifier(garbage) == NULL, "identifier of garbage");
    CHECK(nl_view_anchor(NULL, NL_ANCHOR_TOP).item == NULL, "anchor of NULL has a NULL item");
    CHECK(nl_constraint_create(map, nl_view_anchor(NULL, NL_ANCHOR_TOP), NL_EQUAL,
                               nl_view_anchor(root, NL_ANCHOR_TOP), 1, 0) == NULL, "constraint on NULL anchor");
    CHECK(strcmp(nl_status_name(NL_ERR_INVALID_HANDLE), "NL_ERR_INVALID_HANDLE") == 0, "status name");
    CHECK_OK(nl_map_view_destroy(map));
}

static void test_stale_handles(void) {
    nl_map_view *map = guided_map();
    nl_view *root = nl_map_view_root(map);
    nl_view *v = nl_view_create(map);
    nl_view *w = nl_view_create(map);
    nl_guide *g = nl_guide_create(map);
    nl_constraint *c;
    nl_rect r;
    bool active = true;

    CHECK_OK(nl_view_set_identifier(v, "staleView"));
    CHECK_OK(nl_view_set_identifier(w, "keptView"));
    CHECK_OK(nl_view_add_subview(root, v));
    CHECK_OK(nl_view_add_subview(root, w));
    c = nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_TOP), NL_EQUAL, nl_view_anchor(w, NL_ANCHOR_BOTTOM), 1, 0);
    CHECK(c != NULL, "constraint: %s", nl_last_error_message());
    CHECK_OK(nl_constraint_activate(c));

    /* after nl_view_destroy: the view handle is stale, the constraint was deactivated */
    CHECK_OK(nl_view_destroy(v));
    CHECK_FAILS_UNCHANGED(map, nl_view_frame(v, &r), NL_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_HAS("stale");
    CHECK_FAILS_UNCHANGED(map, nl_view_destroy(v), NL_ERR_INVALID_HANDLE);
    CHECK_FAILS_UNCHANGED(map, nl_view_add_subview(root, v), NL_ERR_INVALID_HANDLE);
    CHECK_OK(nl_constraint_is_active(c, &active));
    CHECK(!active, "removing a view deactivates its constraints (docs/behaviour.md#views-and-layout-guides)");
    CHECK(find_view(map, "staleView") == NULL, "destroyed view left the hierarchy");
    /* SDK components and the root are not destroyable */
    CHECK_FAILS_UNCHANGED(map, nl_view_destroy(root), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_destroy(find_view(map, "turnCard")), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("turnCard");
    CHECK_OK(nl_constraint_destroy(c));
    CHECK_FAILS_UNCHANGED(map, nl_constraint_activate(c), NL_ERR_INVALID_HANDLE);

    /* after nl_map_view_destroy: every handle of the map is stale, and detected as such */
    c = nl_constraint_create_constant(map, nl_view_anchor(w, NL_ANCHOR_WIDTH), NL_EQUAL, 10);
    CHECK_OK(nl_map_view_destroy(map));
    CHECK_STATUS(nl_view_frame(w, &r), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_view_frame(root, &r), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_guide_frame(g, &r), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_constraint_activate(c), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_map_view_start_guidance(map), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_map_view_destroy(map), NL_ERR_INVALID_HANDLE);
    CHECK(nl_view_create(map) == NULL, "view of a destroyed map");
    /* a new map view reuses table slots: the old handles stay stale */
    map = nl_map_view_create_preset("iphone-se");
    CHECK(map != NULL, "second map");
    CHECK(nl_view_create(map) != NULL && nl_guide_create(map) != NULL, "new handles");
    CHECK_STATUS(nl_view_frame(w, &r), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_constraint_activate(c), NL_ERR_INVALID_HANDLE);
    CHECK_OK(nl_map_view_destroy(map));
}

static void test_other_map_view(void) {
    nl_map_view *a = guided_map();
    nl_map_view *b = nl_map_view_create_preset("iphone-se");
    nl_view *va = nl_view_create(a), *vb = nl_view_create(b);
    nl_view *list[1];
    CHECK_OK(nl_view_set_identifier(vb, "betaOfB"));
    /* Refused without entering map view b (whose thread could be using it: Tests/c/test_busy.c
       part 5), so the message names the handle, not 'betaOfB' (docs/design.md "Handles"). */
    CHECK_FAILS_UNCHANGED(a, nl_view_add_subview(nl_map_view_root(a), vb), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("child (view handle 0x");
    CHECK_MESSAGE_HAS("belongs to another map view");
    CHECK(nl_constraint_create(a, nl_view_anchor(va, NL_ANCHOR_TOP), NL_EQUAL,
                               nl_view_anchor(vb, NL_ANCHOR_TOP), 1, 0) == NULL, "cross-map constraint refused");
    CHECK(strstr(nl_last_error_message(), "second anchor item (item handle 0x") != NULL, "message: %s", nl_last_error_message());
    CHECK_MESSAGE_HAS("belongs to another map view");
    list[0] = vb;
    CHECK_FAILS_UNCHANGED(a, nl_hiding_stack_set_arranged_subviews(
                                 nl_hiding_stack_create(a, NL_STACK_POSITION_TOP, NL_STACK_ALIGNMENT_LEADING), list, 1),
                          NL_ERR_INVALID_ARGUMENT);
    CHECK_OK(nl_map_view_destroy(a));
    CHECK_OK(nl_map_view_destroy(b));
}

/* ---- numbers, enums, pointers ------------------------------------------------------------------ */

static void test_bad_numbers_and_arguments(void) {
    nl_map_view *map = guided_map();
    nl_view *root = nl_map_view_root(map);
    nl_view *v = nl_view_create(map);
    nl_constraint *c;
    nl_map_options o;
    nl_rect r;

    CHECK_OK(nl_view_set_identifier(v, "numberView"));
    CHECK_OK(nl_view_add_subview(root, v));
    c = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_EQUAL, 10);
    CHECK(c != NULL, "width constraint: %s", nl_last_error_message());

    CHECK_FAILS_UNCHANGED(map, nl_constraint_set_constant(c, NAN), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("numberView");
    CHECK_FAILS_UNCHANGED(map, nl_constraint_set_constant(c, INFINITY), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_set_intrinsic_size(v, INFINITY, 10), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("numberView");
    CHECK_FAILS_UNCHANGED(map, nl_view_set_intrinsic_size(v, -5, 10), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_set_layout_margins(v, (nl_insets){NAN, 0, 0, 0}), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_size(map, NAN, 100, (nl_insets){0, 0, 0, 0}), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_size(map, 100, 100, (nl_insets){0, -INFINITY, 0, 0}), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_advance_time(map, INFINITY), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_advance_time(map, -1), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_animate(map, NAN, NL_CURVE_LINEAR, NULL, NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_constraint_set_priority(c, 0.0f), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_constraint_set_priority(c, NAN), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_set_hugging_priority(v, NL_AXIS_HORIZONTAL, 1001.0f), NL_ERR_INVALID_ARGUMENT);
    CHECK(nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_EQUAL,
                               nl_view_anchor(root, NL_ANCHOR_WIDTH), NAN, 0) == NULL, "NaN multiplier refused");
    CHECK(nl_last_error_message()[0] != '\0', "message set");

    /* out-of-range enums */
    CHECK_FAILS_UNCHANGED(map, nl_map_view_trigger_prompt(map, (nl_prompt_kind)42), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_speed_widget_mode(map, (nl_speed_widget_mode)9), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_set_hugging_priority(v, (nl_axis)7, 250.0f), NL_ERR_INVALID_ARGUMENT);
    CHECK(nl_view_anchor(v, (nl_anchor_attribute)10).item == NULL, "anchor attribute 10 refused");
    CHECK(nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_TOP), (nl_relation)3,
                               nl_view_anchor(root, NL_ANCHOR_TOP), 1, 0) == NULL, "relation 3 refused");
    CHECK(nl_hiding_stack_create(map, (nl_stack_position)3, NL_STACK_ALIGNMENT_LEADING) == NULL, "position 3 refused");
    CHECK_FAILS_UNCHANGED(map, nl_map_view_animate(map, 0.1, (nl_curve)2, NULL, NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_prompt_set_rounded_corners(v, 1), NL_ERR_INVALID_ARGUMENT);  /* not a prompt */
    CHECK_MESSAGE_HAS("numberView");

    /* NULL out-pointers, indexes out of range */
    CHECK_FAILS_UNCHANGED(map, nl_view_frame(v, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_camera(map, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK(nl_view_subview(root, 1000) == NULL, "subview 1000");
    CHECK(strstr(nl_last_error_message(), "out of range") != NULL, "message: %s", nl_last_error_message());
    CHECK_FAILS_UNCHANGED(map, nl_map_view_diagnostic(map, 1000, &(nl_diagnostic){sizeof(nl_diagnostic), 0, 0, NULL, {0}, 0, 0, NULL}),
                          NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_constraints_activate(NULL, 2), NL_ERR_INVALID_ARGUMENT);

    /* bad options */
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.width = NAN;
    o.height = 100;
    CHECK(nl_map_view_create(&o) == NULL, "NaN width refused");
    o.width = 100;
    o.layout_direction = (nl_layout_direction)5;
    CHECK(nl_map_view_create(&o) == NULL, "layout direction 5 refused");
    o.layout_direction = NL_LAYOUT_DIRECTION_LEFT_TO_RIGHT;
    o.struct_size = 4;
    CHECK(nl_map_view_create(&o) == NULL, "small struct_size refused");
    CHECK(nl_map_view_create(NULL) == NULL, "NULL options refused");
    CHECK(nl_map_view_create_preset("no-such-device") == NULL, "unknown preset refused");
    CHECK(strstr(nl_last_error_message(), "no-such-device") != NULL, "message: %s", nl_last_error_message());
    CHECK(nl_map_view_create_preset(NULL) == NULL, "NULL preset refused");
    CHECK_OK(nl_view_frame(v, &r));
    CHECK_OK(nl_map_view_destroy(map));
}

/* ---- constraints ------------------------------------------------------------------------------- */

static void test_constraint_errors(void) {
    nl_map_view *map = guided_map();
    nl_view *root = nl_map_view_root(map);
    nl_view *alpha = nl_view_create(map), *beta = nl_view_create(map), *stack;
    nl_guide *g = nl_guide_create(map);
    nl_constraint *c;
    nl_view *twice[2];
    bool active = true;

    nl_view_set_identifier(alpha, "alphaView");
    nl_view_set_identifier(beta, "betaView");
    CHECK_OK(nl_view_add_subview(root, alpha));

    /* anchors of different axes */
    CHECK(nl_constraint_create(map, nl_view_anchor(alpha, NL_ANCHOR_LEADING), NL_EQUAL,
                               nl_view_anchor(root, NL_ANCHOR_TOP), 1, 0) == NULL, "leading == top refused");
    CHECK_MESSAGE_HAS("alphaView");
    CHECK(nl_constraint_create(map, nl_view_anchor(alpha, NL_ANCHOR_WIDTH), NL_EQUAL,
                               nl_view_anchor(root, NL_ANCHOR_CENTER_X), 1, 0) == NULL, "width == centerX refused");
    CHECK(nl_constraint_create(map, nl_view_anchor(alpha, NL_ANCHOR_TOP), NL_EQUAL,
                               nl_view_anchor(root, NL_ANCHOR_HEIGHT), 1, 0) == NULL, "top == height refused");
    /* constant-only constraint on a position anchor */
    CHECK(nl_constraint_create_constant(map, nl_view_anchor(alpha, NL_ANCHOR_TOP), NL_EQUAL, 10) == NULL,
          "top == 10 refused");
    CHECK_MESSAGE_HAS("alphaView");

    /* no common ancestor: beta is not in the hierarchy */
    c = nl_constraint_create(map, nl_view_anchor(alpha, NL_ANCHOR_TOP), NL_EQUAL, nl_view_anchor(beta, NL_ANCHOR_TOP), 1, 0);
    CHECK(c != NULL, "creating is fine: %s", nl_last_error_message());
    CHECK_FAILS_UNCHANGED(map, nl_constraint_activate(c), NL_ERR_NO_COMMON_ANCESTOR);
    CHECK_MESSAGE_HAS("betaView");
    CHECK_OK(nl_constraint_is_active(c, &active));
    CHECK(!active, "the failed constraint is not active");
    {
        /* all or nothing: a good constraint in the same batch is not activated either */
        nl_constraint *batch[2];
        batch[0] = nl_constraint_create_constant(map, nl_view_anchor(alpha, NL_ANCHOR_WIDTH), NL_EQUAL, 20);
        batch[1] = c;
        CHECK_FAILS_UNCHANGED(map, nl_constraints_activate(batch, 2), NL_ERR_NO_COMMON_ANCESTOR);
        CHECK_OK(nl_constraint_is_active(batch[0], &active));
        CHECK(!active, "nothing half-added (docs/behaviour.md#constraints)");
    }
    /* hierarchy errors */
    CHECK_FAILS_UNCHANGED(map, nl_view_add_subview(alpha, alpha), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_add_subview(alpha, root), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_remove_layout_guide(alpha, g), NL_ERR_UNKNOWN);
    CHECK_FAILS_UNCHANGED(map, nl_view_remove_layout_guide(root, nl_view_safe_area_guide(root)), NL_ERR_INVALID_ARGUMENT);
    /* duplicate arranged views */
    stack = nl_hiding_stack_create(map, NL_STACK_POSITION_TOP, NL_STACK_ALIGNMENT_LEADING);
    twice[0] = beta;
    twice[1] = beta;
    CHECK_FAILS_UNCHANGED(map, nl_hiding_stack_set_arranged_subviews(stack, twice, 2), NL_ERR_DUPLICATE);
    CHECK_MESSAGE_HAS("betaView");
    CHECK_FAILS_UNCHANGED(map, nl_hiding_stack_set_spacing(alpha, 4), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("alphaView");
    CHECK_OK(nl_map_view_destroy(map));
}

/* ---- navigation state machine ---------------------------------------------------------------- */

static void test_navigation_errors(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    recorder first = {0}, second = {0};
    nl_layout_delegate d1 = recorder_delegate(&first), d2 = recorder_delegate(&second);
    nl_ui_state_kind kind;

    CHECK_OK(nl_map_view_set_layout_delegate(map, &d1));
    /* events in the wrong state */
    CHECK_FAILS_UNCHANGED(map, nl_map_view_start_guidance(map), NL_ERR_INVALID_STATE);
    CHECK(strstr(nl_last_error_message(), "noNavigation") != NULL, "message names the state: %s", nl_last_error_message());
    CHECK_FAILS_UNCHANGED(map, nl_map_view_stop_guidance(map), NL_ERR_INVALID_STATE);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_trigger_prompt(map, NL_PROMPT_TRAFFIC), NL_ERR_INVALID_STATE);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_dismiss_prompt(map), NL_ERR_INVALID_STATE);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_navigation_enabled(map, false), NL_ERR_INVALID_STATE);
    CHECK(first.starts == 0 && first.enables == 0, "no callback for a refused event");
    CHECK_OK(nl_map_view_navigation_state(map, &kind));
    CHECK(kind == NL_UI_STATE_NO_NAVIGATION, "still no navigation");

    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(first.enables == 1 && first.inner[7] == NL_OK, "enable_navigation_ui once with a ready state");
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_navigation_enabled(map, true), NL_ERR_INVALID_STATE);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_dismiss_prompt(map), NL_ERR_INVALID_STATE);

    /* delegate while navigation is enabled: refused, the new one is not kept nor released */
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_layout_delegate(map, &d2), NL_ERR_NAVIGATION_ENABLED);
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_layout_delegate(map, NULL), NL_ERR_NAVIGATION_ENABLED);
    CHECK(second.releases == 0 && first.releases == 0, "no release for a refused delegate");
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK(first.starts == 1 && second.starts == 0, "the first delegate still drives the layout");
    CHECK_FAILS_UNCHANGED(map, nl_map_view_start_guidance(map), NL_ERR_INVALID_STATE);
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    CHECK(first.stops == 1 && first.disables == 1, "disable from guidance: stop then disable");

    /* release exactly once: when replaced ... */
    CHECK_OK(nl_map_view_set_layout_delegate(map, &d2));
    CHECK(first.releases == 1, "first released when replaced (%d)", first.releases);
    CHECK_OK(nl_map_view_set_layout_delegate(map, NULL));
    CHECK(second.releases == 1 && first.releases == 1, "second released when cleared");
    /* ... and when the map view is destroyed */
    CHECK_OK(nl_map_view_set_layout_delegate(map, &d1));
    CHECK_OK(nl_map_view_destroy(map));
    CHECK(first.releases == 2 && second.releases == 1, "released once more by destroy (%d)", first.releases);

    /* struct_size too small */
    map = nl_map_view_create_preset("iphone-portrait");
    d2.struct_size = 8;
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_layout_delegate(map, &d2), NL_ERR_INVALID_ARGUMENT);
    CHECK_OK(nl_map_view_destroy(map));
}

static void test_carplay(void) {
    nl_map_view *map = nl_map_view_create_preset("carplay");
    recorder r = {0};
    nl_layout_delegate d = recorder_delegate(&r);
    CHECK(map != NULL, "carplay preset");
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_layout_delegate(map, &d), NL_ERR_CARPLAY);
    CHECK(strstr(nl_last_error_message(), "CarPlay") != NULL, "message: %s", nl_last_error_message());
    CHECK(r.releases == 0, "refused delegate not released");
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(r.enables == 0, "refused delegate never called");
    CHECK_OK(nl_map_view_destroy(map));
    CHECK(r.releases == 0, "refused delegate not released at destroy");
}

static void test_reentrant_and_failing_callbacks(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    recorder r = {0};
    nl_layout_delegate d = recorder_delegate(&r);
    nl_ui_state_kind kind;
    int i;

    r.mode = MODE_REENTER;
    CHECK_OK(nl_map_view_set_layout_delegate(map, &d));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    for (i = 0; i < 6; i++) {
        CHECK(r.inner[i] == NL_ERR_REENTRANT, "inner call %d from the callback returned %s, expected NL_ERR_REENTRANT",
              i, nl_status_name(r.inner[i]));
    }
    CHECK_OK(nl_map_view_navigation_state(map, &kind));
    CHECK(kind == NL_UI_STATE_NAVIGATION_READY, "the refused inner events changed nothing");
    CHECK(r.releases == 0 && r.starts == 0, "no destroy, no guidance from inside the callback");
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));

    /* fail_callback outside a callback */
    CHECK_FAILS_UNCHANGED(map, nl_map_view_fail_callback(map, "not in a callback"), NL_ERR_INVALID_STATE);

    /* a callback that reports failure */
    memset(r.inner, 0, sizeof r.inner);
    r.mode = MODE_FAIL;
    CHECK_STATUS(nl_map_view_set_navigation_enabled(map, true), NL_ERR_CALLBACK_FAILED);
    CHECK(strcmp(nl_last_error_message(), "enable callback failed for 'alphaHost'") == 0,
          "the host's message comes back unchanged: \"%s\"", nl_last_error_message());
    CHECK(r.inner[0] == NL_OK, "fail_callback inside the callback succeeded");
    CHECK_OK(nl_map_view_navigation_state(map, &kind));
    CHECK(kind == NL_UI_STATE_NAVIGATION_READY, "the transition is not undone (docs/behaviour.md#callbacks-that-fail)");
    r.mode = MODE_NOTHING;
    CHECK_OK(nl_map_view_start_guidance(map));   /* the map view stays usable */
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));

    /* a failure reported inside a nested animation block fails that animate call only */
    memset(r.inner, 0, sizeof r.inner);
    r.mode = MODE_NESTED_FAIL;
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(r.inner[0] == NL_ERR_CALLBACK_FAILED, "nested animate returned %s", nl_status_name(r.inner[0]));
    CHECK_OK(nl_map_view_destroy(map));
    CHECK(r.releases == 1, "released once");
}

/* A failure reported from an animation completion comes back from advance_time. */
static void failing_completion(void *ud, bool finished) {
    (void)finished;
    nl_map_view_fail_callback((nl_map_view *)ud, "completion failed");
}
static void reentrant_changes(void *ud) {
    nl_map_view *map = ud;
    nl_status s = nl_map_view_advance_time(map, 1);
    if (s != NL_ERR_REENTRANT) nl_map_view_fail_callback(map, "advance_time inside an animation block was not refused");
}

static void test_animation_callbacks(void) {
    nl_map_view *map = guided_map();
    CHECK_OK(nl_map_view_animate(map, 0.1, NL_CURVE_LINEAR, reentrant_changes, failing_completion, map));
    CHECK_STATUS(nl_map_view_advance_time(map, 0.2), NL_ERR_CALLBACK_FAILED);
    CHECK(strcmp(nl_last_error_message(), "completion failed") == 0, "message: %s", nl_last_error_message());
    CHECK_OK(nl_map_view_advance_time(map, 0.2));   /* ran once; the map view stays usable */
    CHECK_OK(nl_map_view_destroy(map));
}

int main(void) {
    test_null_garbage_and_foreign_handles();
    test_stale_handles();
    test_other_map_view();
    test_bad_numbers_and_arguments();
    test_constraint_errors();
    test_navigation_errors();
    test_carplay();
    test_reentrant_and_failing_callbacks();
    test_animation_callbacks();
    return check_summary("test_errors");
}
