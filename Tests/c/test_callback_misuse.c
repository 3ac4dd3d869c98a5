/*
 * Issue 8: every misuse from inside a delegate callback (and an animation block / completion) has a
 * status and leaves the map view consistent.
 *   - every event of the same map view from inside each callback kind: NL_ERR_REENTRANT, nothing
 *     changes (state, size, speed-widget mode, prompt);
 *   - destroying the map view from inside its own callback: refused (NL_ERR_REENTRANT), the map
 *     view and the running event go on; also from a callback of another map view that this map
 *     view's callback started (map A's callback -> event on B -> B's callback destroys A);
 *   - destroying another map view from inside a callback: allowed;
 *   - destroying the shown prompt from show_prompt: NL_ERR_INVALID_ARGUMENT; destroying host views
 *     and constraints, replacing the delegate, stale UI-state handles after the callback;
 *   - afterwards every query answers and a full session runs.
 */
#include <stdlib.h>

#include "check.h"

typedef struct ctx {
    nl_map_view *self;
    nl_map_view *other;        /* another map view, for cross-map calls */
    nl_view *host;             /* a host view the callback destroys */
    nl_constraint *constraint; /* a constraint the callback destroys */
    int calls;
    int misuse_failures;
    const nl_ui_state *kept;   /* a state handle kept past its callback */
    char first[200];
    int mode;                  /* 0 every event; 1 destroy other map; 2 cross-map destroy */
} ctx;

static void bad(ctx *c, const char *what, nl_status got) {
    if (c->misuse_failures++ == 0)
        snprintf(c->first, sizeof c->first, "%s returned %s (%s)", what, nl_status_name(got), nl_last_error_message());
}

#define EXPECT(c, call, status) do { nl_status s_ = (call); if (s_ != (status)) bad((c), #call, s_); } while (0)

/* Every event of the same map view, from inside one of its callbacks. */
static void every_event_refused(ctx *c) {
    nl_map_view *m = c->self;
    nl_layout_delegate d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    EXPECT(c, nl_map_view_set_navigation_enabled(m, false), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_set_navigation_enabled(m, true), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_start_guidance(m), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_stop_guidance(m), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_trigger_prompt(m, NL_PROMPT_INCIDENT), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_dismiss_prompt(m), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_set_size(m, 500, 500, (nl_insets){0, 0, 0, 0}), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_set_speed_widget_mode(m, NL_SPEED_WIDGET_NONE), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_pan(m), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_recenter(m), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_advance_time(m, 1), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_set_layout_delegate(m, NULL), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_set_layout_delegate(m, &d), NL_ERR_REENTRANT);
    EXPECT(c, nl_map_view_destroy(m), NL_ERR_REENTRANT);
    /* argument errors still win over nothing: a NULL out-pointer is reported, not a crash */
    EXPECT(c, nl_map_view_size(m, NULL), NL_ERR_INVALID_ARGUMENT);
    /* non-events are allowed: queries, building, destroying host objects */
    {
        nl_size size;
        nl_rect r;
        EXPECT(c, nl_map_view_size(m, &size), NL_OK);
        EXPECT(c, nl_view_frame(nl_map_view_root(m), &r), NL_OK);
        EXPECT(c, nl_map_view_layout_if_needed(m), NL_OK);
    }
    if (c->host) { EXPECT(c, nl_view_destroy(c->host), NL_OK); c->host = NULL; }
    if (c->constraint) { EXPECT(c, nl_constraint_destroy(c->constraint), NL_OK); c->constraint = NULL; }
}

static void misuse(ctx *c, const nl_ui_state *st) {
    c->calls++;
    if (st) c->kept = st;
    if (c->mode == 1 && c->other) {
        EXPECT(c, nl_map_view_destroy(c->other), NL_OK);   /* another map view: allowed */
        c->other = NULL;
    } else if (c->mode == 2 && c->other) {
        /* an event on another map view whose callback tries to destroy this one */
        EXPECT(c, nl_map_view_set_navigation_enabled(c->other, true), NL_OK);
    }
    every_event_refused(c);
}

static void cb_enable(void *u, nl_map_view *m, const nl_ui_state *s) { (void)m; misuse(u, s); }
static void cb_disable(void *u, nl_map_view *m, const nl_ui_state *s) { (void)m; misuse(u, s); }
static void cb_start(void *u, nl_map_view *m, const nl_ui_state *n, const nl_ui_state *o) { (void)m; (void)o; misuse(u, n); }
static void cb_stop(void *u, nl_map_view *m, const nl_ui_state *n, const nl_ui_state *o) { (void)m; (void)o; misuse(u, n); }
static void cb_size(void *u, nl_map_view *m, const nl_ui_state *s) { (void)m; misuse(u, s); }
static void cb_show(void *u, nl_map_view *m, nl_view *p) {
    ctx *c = u;
    (void)m;
    EXPECT(c, nl_view_destroy(p), NL_ERR_INVALID_ARGUMENT);   /* the shown prompt */
    misuse(c, NULL);
}
static void cb_hide(void *u, nl_map_view *m, nl_view *p) { (void)m; (void)p; misuse(u, NULL); }
static void cb_change(void *u, nl_map_view *m, nl_view *n, nl_view *o) { (void)m; (void)n; (void)o; misuse(u, NULL); }

static void anim_changes(void *u) { misuse(u, NULL); }
static void anim_done(void *u, bool finished) { (void)finished; misuse(u, NULL); }

static nl_layout_delegate delegate_for(ctx *c) {
    nl_layout_delegate d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.user_data = c;
    d.enable_navigation_ui = cb_enable;
    d.disable_navigation_ui = cb_disable;
    d.start_guidance = cb_start;
    d.stop_guidance = cb_stop;
    d.size_changed = cb_size;
    d.show_prompt = cb_show;
    d.hide_prompt = cb_hide;
    d.change_prompt = cb_change;
    return d;
}

/* Everything answers and a full session runs. */
static void check_consistent(nl_map_view *m) {
    nl_ui_state_kind k;
    nl_camera cam;
    size_t n;
    char *json;
    CHECK_OK(nl_map_view_navigation_state(m, &k));
    CHECK_OK(nl_map_view_camera(m, &cam));
    CHECK_OK(nl_map_view_diagnostic_count(m, &n));
    json = nl_map_view_snapshot_json(m);
    CHECK(json != NULL, "snapshot: %s", nl_last_error_message());
    nl_string_free(json);
    if (k != NL_UI_STATE_NO_NAVIGATION) CHECK_OK(nl_map_view_set_navigation_enabled(m, false));
    CHECK_OK(nl_map_view_set_layout_delegate(m, NULL));
    CHECK_OK(nl_map_view_set_navigation_enabled(m, true));
    CHECK_OK(nl_map_view_start_guidance(m));
    CHECK_OK(nl_map_view_trigger_prompt(m, NL_PROMPT_TRAFFIC));
    CHECK_OK(nl_map_view_advance_time(m, 1));
    CHECK_OK(nl_map_view_dismiss_prompt(m));
    CHECK_OK(nl_map_view_stop_guidance(m));
    CHECK_OK(nl_map_view_set_navigation_enabled(m, false));
}

static void test_every_callback_kind(void) {
    ctx c;
    nl_map_view *m = nl_map_view_create_preset("iphone-portrait");
    nl_layout_delegate d;
    nl_ui_state_kind k;
    nl_speed_widget_mode mode;
    nl_size size;
    memset(&c, 0, sizeof c);
    c.self = m;
    c.host = nl_view_create(m);
    c.constraint = nl_constraint_create_constant(m, nl_view_anchor(c.host, NL_ANCHOR_WIDTH), NL_EQUAL, 10);
    d = delegate_for(&c);
    CHECK_OK(nl_map_view_set_layout_delegate(m, &d));
    CHECK_OK(nl_map_view_set_navigation_enabled(m, true));            /* enable */
    CHECK_OK(nl_map_view_start_guidance(m));                          /* start */
    CHECK_OK(nl_map_view_trigger_prompt(m, NL_PROMPT_INCIDENT));      /* show */
    CHECK_OK(nl_map_view_trigger_prompt(m, NL_PROMPT_TRAFFIC));       /* change */
    CHECK_OK(nl_map_view_dismiss_prompt(m));                          /* hide */
    CHECK_OK(nl_map_view_set_size(m, 852, 393, (nl_insets){0, 59, 21, 59}));  /* size */
    CHECK_OK(nl_map_view_animate(m, 0.5, NL_CURVE_LINEAR, anim_changes, anim_done, &c));
    CHECK_OK(nl_map_view_advance_time(m, 1));                         /* completion */
    CHECK_OK(nl_map_view_stop_guidance(m));                           /* stop */
    CHECK_OK(nl_map_view_set_navigation_enabled(m, false));           /* disable */
    CHECK(c.calls == 10, "every callback ran once: %d", c.calls);
    CHECK(c.misuse_failures == 0, "%d misuses not refused as documented; first: %s", c.misuse_failures, c.first);
    /* nothing the refused events asked for happened */
    CHECK_OK(nl_map_view_navigation_state(m, &k));
    CHECK(k == NL_UI_STATE_NO_NAVIGATION, "state %d", (int)k);
    CHECK_OK(nl_map_view_speed_widget_mode(m, &mode));
    CHECK(mode == NL_SPEED_WIDGET_BOTH, "speed widget mode unchanged: %d", (int)mode);
    CHECK_OK(nl_map_view_size(m, &size));
    CHECK(size.width == 852 && size.height == 393, "size from the real resize only");
    /* a UI-state handle kept past its callback is stale */
    {
        nl_ui_state_kind sk;
        CHECK_STATUS(nl_ui_state_kind_of(c.kept, &sk), NL_ERR_INVALID_HANDLE);
    }
    check_consistent(m);
    CHECK_OK(nl_map_view_destroy(m));
}

static void test_destroy_other_map_from_callback(void) {
    ctx c;
    nl_map_view *m = nl_map_view_create_preset("iphone-portrait");
    nl_layout_delegate d;
    memset(&c, 0, sizeof c);
    c.self = m;
    c.other = nl_map_view_create_preset("ipad-portrait");
    c.mode = 1;
    d = delegate_for(&c);
    CHECK_OK(nl_map_view_set_layout_delegate(m, &d));
    CHECK_OK(nl_map_view_set_navigation_enabled(m, true));
    CHECK(c.other == NULL && c.misuse_failures == 0, "other map destroyed from the callback: %s", c.first);
    check_consistent(m);
    CHECK_OK(nl_map_view_destroy(m));
}

/* A's callback sends an event to B; B's callback tries to destroy A (A is inside a callback). */
static ctx *cross_a;
static void cross_b_enable(void *u, nl_map_view *m, const nl_ui_state *s) {
    ctx *b = u;
    (void)m; (void)s;
    b->calls++;
    EXPECT(b, nl_map_view_destroy(cross_a->self), NL_ERR_REENTRANT);
    EXPECT(b, nl_map_view_start_guidance(cross_a->self), NL_ERR_REENTRANT);
}

static void test_cross_map_destroy_refused(void) {
    ctx a, b;
    nl_layout_delegate da, db;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.self = nl_map_view_create_preset("iphone-portrait");
    b.self = nl_map_view_create_preset("iphone-landscape");
    a.other = b.self;
    a.mode = 2;
    cross_a = &a;
    da = delegate_for(&a);
    memset(&db, 0, sizeof db);
    db.struct_size = sizeof db;
    db.user_data = &b;
    db.enable_navigation_ui = cross_b_enable;
    CHECK_OK(nl_map_view_set_layout_delegate(a.self, &da));
    CHECK_OK(nl_map_view_set_layout_delegate(b.self, &db));
    CHECK_OK(nl_map_view_set_navigation_enabled(a.self, true));
    CHECK(b.calls == 1 && b.misuse_failures == 0, "B's callback ran and was refused: %s", b.first);
    CHECK(a.misuse_failures == 0, "A: %s", a.first);
    check_consistent(a.self);
    check_consistent(b.self);
    CHECK_OK(nl_map_view_destroy(a.self));
    CHECK_OK(nl_map_view_destroy(b.self));
}

int main(void) {
    test_every_callback_kind();
    test_destroy_other_map_from_callback();
    test_cross_map_destroy_refused();
    return check_summary("test_callback_misuse");
}
