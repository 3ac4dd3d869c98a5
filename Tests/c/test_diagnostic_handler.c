/*
 * Issue 14, "diagnostics are never silent", through the C ABI: nl_set_diagnostic_handler. A small
 * delegate whose ready layout is good (viewport = safe area minus 40 pt at the bottom, logo at the
 * safe area's bottom-leading corner; iphone-portrait 393 x 852, safe area (59, 0, 34, 0), docs/behaviour.md#device-presets)
 * plus a host view "orderCard" 100 wide at the map's top-leading corner whose height is pinned to
 * 60 and then to 80: the second is broken (docs/behaviour.md#unsatisfiable-constraints: the most recently activated member of a
 * conflict), and the minimal conflicting set is the two of them. Optionally a see-through
 * "badge" pinned with left/top: a leftRightAnchor info.
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

typedef struct scene {
    int badge;                  /* add the left/right badge */
    int failures;
    nl_view *order_card;
} scene;

static nl_constraint *eq(nl_map_view *map, nl_anchor a, nl_anchor b, double constant) {
    return nl_constraint_create(map, a, NL_EQUAL, b, 1.0, constant);
}

#define DO(call) do { if ((call) != NL_OK) { fprintf(stderr, "callback call failed: %s (%s)\n", #call, nl_last_error_message()); sc->failures++; } } while (0)

static void on_enable(void *ud, nl_map_view *map, const nl_ui_state *state) {
    scene *sc = ud;
    nl_view *root = nl_map_view_root(map);
    nl_guide *safe = nl_view_safe_area_guide(root);
    nl_view *viewport = nl_ui_state_viewport(state), *logo = nl_ui_state_google_logo(state);
    DO(nl_view_add_subview(root, viewport));
    DO(nl_view_add_subview(root, logo));
    {
        nl_constraint *cs[] = {
            eq(map, nl_view_anchor(viewport, NL_ANCHOR_LEADING), nl_guide_anchor(safe, NL_ANCHOR_LEADING), 0),
            eq(map, nl_view_anchor(viewport, NL_ANCHOR_TRAILING), nl_guide_anchor(safe, NL_ANCHOR_TRAILING), 0),
            eq(map, nl_view_anchor(viewport, NL_ANCHOR_TOP), nl_guide_anchor(safe, NL_ANCHOR_TOP), 0),
            eq(map, nl_view_anchor(viewport, NL_ANCHOR_BOTTOM), nl_guide_anchor(safe, NL_ANCHOR_BOTTOM), -40),
            eq(map, nl_view_anchor(logo, NL_ANCHOR_LEADING), nl_guide_anchor(safe, NL_ANCHOR_LEADING), 0),
            eq(map, nl_view_anchor(logo, NL_ANCHOR_BOTTOM), nl_guide_anchor(safe, NL_ANCHOR_BOTTOM), 0),
        };
        DO(nl_constraints_activate(cs, 6));
    }
    sc->order_card = nl_view_create(map);
    DO(nl_view_set_identifier(sc->order_card, "orderCard"));
    DO(nl_view_set_opaque(sc->order_card, false));
    DO(nl_view_add_subview(root, sc->order_card));
    {
        nl_constraint *cs[] = {
            eq(map, nl_view_anchor(sc->order_card, NL_ANCHOR_LEADING), nl_view_anchor(root, NL_ANCHOR_LEADING), 0),
            eq(map, nl_view_anchor(sc->order_card, NL_ANCHOR_TOP), nl_view_anchor(root, NL_ANCHOR_TOP), 0),
            nl_constraint_create_constant(map, nl_view_anchor(sc->order_card, NL_ANCHOR_WIDTH), NL_EQUAL, 100),
            nl_constraint_create_constant(map, nl_view_anchor(sc->order_card, NL_ANCHOR_HEIGHT), NL_EQUAL, 60),
        };
        DO(nl_constraints_activate(cs, 4));
        DO(nl_constraint_activate(nl_constraint_create_constant(map, nl_view_anchor(sc->order_card, NL_ANCHOR_HEIGHT), NL_EQUAL, 80)));
        /* A pass inside the callback reports nothing: the delegate may not be finished. */
        nl_map_view_layout_if_needed(map);
    }
    if (sc->badge) {
        nl_view *badge = nl_view_create(map);
        DO(nl_view_set_identifier(badge, "badge"));
        DO(nl_view_set_opaque(badge, false));
        DO(nl_view_add_subview(root, badge));
        nl_constraint *cs[] = {
            eq(map, nl_view_anchor(badge, NL_ANCHOR_LEFT), nl_view_anchor(root, NL_ANCHOR_LEFT), 200),
            eq(map, nl_view_anchor(badge, NL_ANCHOR_TOP), nl_view_anchor(root, NL_ANCHOR_TOP), 300),
            nl_constraint_create_constant(map, nl_view_anchor(badge, NL_ANCHOR_WIDTH), NL_EQUAL, 10),
            nl_constraint_create_constant(map, nl_view_anchor(badge, NL_ANCHOR_HEIGHT), NL_EQUAL, 10),
        };
        DO(nl_constraints_activate(cs, 4));
    }
}

static nl_map_view *make_map(scene *sc) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_layout_delegate d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.user_data = sc;
    d.enable_navigation_ui = on_enable;
    CHECK(map != NULL, "create");
    CHECK_OK(nl_map_view_set_layout_delegate(map, &d));
    return map;
}

/* What a recording handler saw. */
typedef struct record {
    int calls;
    int codes[8];
    int severities[8];
    char message[8][1024];
    char line[8][1200];
    const nl_view *first_item[8];
    size_t item_count[8];
    nl_map_view *map;
    int wrong_map;
    /* inside the handler: what the map view allowed */
    int probe;
    nl_status start_status, destroy_status, fail_status, frame_status;
} record;

static void recording_handler(void *user_data, nl_map_view *map, const nl_diagnostic *d) {
    record *r = user_data;
    int i = r->calls++;
    if (map != r->map) r->wrong_map++;
    if (i >= 8) return;
    CHECK(d->struct_size == sizeof *d, "struct_size %u", d->struct_size);
    r->codes[i] = d->code;
    r->severities[i] = d->severity;
    snprintf(r->message[i], sizeof r->message[i], "%s", d->message);
    snprintf(r->line[i], sizeof r->line[i], "%s", d->log_line ? d->log_line : "(null)");
    r->first_item[i] = d->item_count > 0 ? d->items[0] : NULL;
    r->item_count[i] = d->item_count;
    if (r->probe) {
        nl_rect f;
        r->start_status = nl_map_view_start_guidance(map);
        r->destroy_status = nl_map_view_destroy(map);
        r->fail_status = nl_map_view_fail_callback(map, "from the handler");
        r->frame_status = nl_view_frame(nl_map_view_root(map), &f);
    }
}

static void quiet_handler(void *user_data, nl_map_view *map, const nl_diagnostic *d) {
    (void)user_data; (void)map; (void)d;
}

/* Runs `body(arg)` with stderr redirected to a temporary file; returns what was written (malloc'd). */
static char *capture_stderr(void (*body)(void *), void *arg) {
    char path[] = "/tmp/nl-stderr-XXXXXX";
    int fd = mkstemp(path), saved = dup(2);
    char *text = calloc(1, 65536);
    ssize_t n;
    fflush(stderr);
    dup2(fd, 2);
    body(arg);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    lseek(fd, 0, SEEK_SET);
    n = read(fd, text, 65535);
    if (n < 0) n = 0;
    text[n] = 0;
    close(fd);
    unlink(path);
    return text;
}

static void enable_navigation(void *map) { CHECK_OK(nl_map_view_set_navigation_enabled((nl_map_view *)map, true)); }

static const char *expected_line =
    "navlayout: error unsatisfiable: Unable to simultaneously satisfy constraints: required constraint "
    "orderCard.height == 80 conflicts with orderCard.height == 60; it was broken for this pass (the most "
    "recently activated of the set) and is retried on the next one \xe2\x80\x94 remove one of them or lower a "
    "priority below 1000 [items: orderCard (host view)]\n";

/* The default: one line per error on stderr, nothing for the info. */
static void test_default_writes_errors_to_stderr(void) {
    scene sc = {1, 0, NULL};
    nl_map_view *map = make_map(&sc);
    char *text;
    nl_set_diagnostic_handler(NULL, NULL);
    text = capture_stderr(enable_navigation, map);
    CHECK(strcmp(text, expected_line) == 0, "stderr was \"%s\"", text);
    free(text);
    CHECK(sc.failures == 0, "delegate calls failed");
    CHECK_OK(nl_map_view_destroy(map));
}

/* A handler gets every new diagnostic once, all severities, without the host asking. */
static void test_handler_receives_each_new_diagnostic_once(void) {
    scene sc = {1, 0, NULL};
    nl_map_view *map = make_map(&sc);
    record r;
    size_t count = 0;
    char *text;
    memset(&r, 0, sizeof r);
    r.map = map;
    nl_set_diagnostic_handler(recording_handler, &r);
    text = capture_stderr(enable_navigation, map);
    CHECK(strcmp(text, "") == 0, "nothing on stderr while a handler is set: \"%s\"", text);
    free(text);
    CHECK(r.calls == 2, "%d reports", r.calls);
    CHECK(r.wrong_map == 0, "the map view is the one that reports");
    CHECK(r.codes[0] == NL_DIAG_UNSATISFIABLE && r.severities[0] == NL_SEVERITY_ERROR, "first: %d", r.codes[0]);
    CHECK(strncmp(r.message[0], "Unable to simultaneously satisfy constraints: required constraint orderCard.height == 80", 88) == 0,
          "message %s", r.message[0]);
    CHECK(r.item_count[0] == 1 && r.first_item[0] == sc.order_card, "the item is orderCard");
    /* log_line: what the default writes, without "navlayout: " and the newline. */
    CHECK(strlen(expected_line) > 12 && strncmp(r.line[0], expected_line + 11, strlen(expected_line) - 12) == 0 &&
              strlen(r.line[0]) == strlen(expected_line) - 12,
          "log_line \"%s\"", r.line[0]);
    CHECK(r.codes[1] == NL_DIAG_LEFT_RIGHT_ANCHOR && r.severities[1] == NL_SEVERITY_INFO, "second: %d", r.codes[1]);
    CHECK(strcmp(r.line[1], "info leftRightAnchor: badge.left == map.left + 200 uses left/right anchors, which do not "
                            "mirror in right-to-left layouts; use leading/trailing [items: badge (host view), map]") == 0,
          "info line \"%s\"", r.line[1]);
    /* Nothing new: reading, laying out, an event that changes nothing they name. */
    CHECK_OK(nl_map_view_diagnostic_count(map, &count));
    CHECK(count == 2, "%zu diagnostics", count);
    {   /* nl_map_view_diagnostic gives the same line; a 0.1-sized struct gets none written */
        nl_diagnostic d;
        memset(&d, 0, sizeof d);
        d.struct_size = sizeof d;
        CHECK_OK(nl_map_view_diagnostic(map, 1, &d));
        CHECK(d.log_line != NULL && strcmp(d.log_line, r.line[1]) == 0, "log_line %s", d.log_line ? d.log_line : "(null)");
        memset(&d, 0, sizeof d);
        d.struct_size = (uint32_t)offsetof(nl_diagnostic, axis);
        CHECK_OK(nl_map_view_diagnostic(map, 1, &d));
        CHECK(d.log_line == NULL && d.axis == 0, "fields beyond struct_size untouched");
    }
    CHECK_OK(nl_map_view_layout_if_needed(map));
    CHECK_OK(nl_map_view_pan(map));
    CHECK(r.calls == 2, "no repeats: %d", r.calls);
    nl_set_diagnostic_handler(NULL, NULL);
    CHECK_OK(nl_map_view_destroy(map));
}

/* Inside the handler the map view is guarded: events and destroy are refused, reads work, and the
 * handler cannot fail the event (it is not a delegate callback). */
static void test_inside_the_handler(void) {
    scene sc = {0, 0, NULL};
    nl_map_view *map = make_map(&sc);
    record r;
    nl_ui_state_kind state;
    memset(&r, 0, sizeof r);
    r.map = map;
    r.probe = 1;
    nl_set_diagnostic_handler(recording_handler, &r);
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(r.calls == 1, "%d reports", r.calls);
    CHECK(r.start_status == NL_ERR_REENTRANT, "start_guidance: %s", nl_status_name(r.start_status));
    CHECK(r.destroy_status == NL_ERR_REENTRANT, "destroy: %s", nl_status_name(r.destroy_status));
    CHECK(r.fail_status == NL_ERR_INVALID_STATE, "fail_callback: %s", nl_status_name(r.fail_status));
    CHECK(r.frame_status == NL_OK, "frame: %s", nl_status_name(r.frame_status));
    CHECK_OK(nl_map_view_navigation_state(map, &state));
    CHECK(state == NL_UI_STATE_NAVIGATION_READY, "state %d", state);
    nl_set_diagnostic_handler(NULL, NULL);
    CHECK_OK(nl_map_view_destroy(map));
}

/* A handler that does nothing silences; NULL brings the default back. */
static void test_silence_and_restore(void) {
    scene sc = {0, 0, NULL};
    nl_map_view *map = make_map(&sc), *again;
    char *text;
    nl_set_diagnostic_handler(quiet_handler, NULL);
    text = capture_stderr(enable_navigation, map);
    CHECK(strcmp(text, "") == 0, "silenced: \"%s\"", text);
    free(text);
    CHECK_OK(nl_map_view_destroy(map));
    nl_set_diagnostic_handler(NULL, NULL);
    again = make_map(&sc);
    text = capture_stderr(enable_navigation, again);
    CHECK(strcmp(text, expected_line) == 0, "restored: \"%s\"", text);
    free(text);
    CHECK_OK(nl_map_view_destroy(again));
}

/* nl_set_diagnostic_handler_with_minimum: what the minimum-severity function answers. */
typedef struct minimum_answer {
    int32_t answer;
    int calls;
    nl_map_view *map;
    int wrong_map;
    nl_status start_status, destroy_status;
} minimum_answer;

/* The handler and its function share one user_data. */
typedef struct handler_and_minimum {
    record r;
    minimum_answer m;
} handler_and_minimum;

static void handler_part(void *user_data, nl_map_view *map, const nl_diagnostic *d) {
    recording_handler(&((handler_and_minimum *)user_data)->r, map, d);
}

static int32_t minimum_part(void *user_data, nl_map_view *map) {
    minimum_answer *m = &((handler_and_minimum *)user_data)->m;
    m->calls++;
    if (map != m->map) m->wrong_map++;
    if (m->calls == 1) {   /* inside the function the map view is guarded as in the handler */
        m->start_status = nl_map_view_start_guidance(map);
        m->destroy_status = nl_map_view_destroy(map);
    }
    return m->answer;
}

/* Only the severities the function asks for reach the handler; NONE skips the report, and what
 * appeared meanwhile is new once it asks again (the scene: an unsatisfiable error and a
 * leftRightAnchor info, both in the list all along). */
static void test_minimum_severity(void) {
    scene sc = {1, 0, NULL};
    nl_map_view *map = make_map(&sc);
    handler_and_minimum hm;
    size_t count = 0;
    char *text;
    nl_ui_state_kind state;
    memset(&hm, 0, sizeof hm);
    hm.r.map = hm.m.map = map;
    hm.m.answer = NL_SEVERITY_NONE;
    nl_set_diagnostic_handler_with_minimum(handler_part, minimum_part, &hm);
    text = capture_stderr(enable_navigation, map);
    CHECK(strcmp(text, "") == 0, "nothing on stderr: \"%s\"", text);
    free(text);
    CHECK(hm.m.calls >= 1 && hm.r.calls == 0, "NONE: asked %d times, %d reports", hm.m.calls, hm.r.calls);
    CHECK(hm.m.wrong_map == 0, "the function gets the reporting map view");
    CHECK(hm.m.start_status == NL_ERR_REENTRANT, "start_guidance inside: %s", nl_status_name(hm.m.start_status));
    CHECK(hm.m.destroy_status == NL_ERR_REENTRANT, "destroy inside: %s", nl_status_name(hm.m.destroy_status));
    CHECK_OK(nl_map_view_navigation_state(map, &state));
    CHECK(state == NL_UI_STATE_NAVIGATION_READY, "state %d", state);
    CHECK_OK(nl_map_view_diagnostic_count(map, &count));
    CHECK(count == 2, "the list has both: %zu", count);

    hm.m.answer = NL_SEVERITY_ERROR;        /* the next event's report: the error only */
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK(hm.r.calls == 1 && hm.r.codes[0] == NL_DIAG_UNSATISFIABLE, "ERROR: %d reports, first %d", hm.r.calls, hm.r.codes[0]);
    hm.m.answer = -5;                       /* below 0 counts as INFO: now the info is new */
    CHECK_OK(nl_map_view_stop_guidance(map));
    CHECK(hm.r.calls == 2 && hm.r.codes[1] == NL_DIAG_LEFT_RIGHT_ANCHOR, "INFO: %d reports, second %d", hm.r.calls, hm.r.codes[1]);
    hm.m.answer = 7;                        /* above 3 counts as NONE */
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK(hm.r.calls == 2, "NONE again: %d reports", hm.r.calls);

    /* NULL as the function: every severity, as nl_set_diagnostic_handler; fn NULL: the default. */
    nl_set_diagnostic_handler_with_minimum(NULL, minimum_part, &hm);
    {
        scene sc2 = {1, 0, NULL};
        nl_map_view *again = make_map(&sc2);
        int asked = hm.m.calls;
        text = capture_stderr(enable_navigation, again);
        CHECK(strcmp(text, expected_line) == 0, "the default, function ignored: \"%s\"", text);
        CHECK(hm.m.calls == asked, "the function is not asked with the default");
        free(text);
        CHECK_OK(nl_map_view_destroy(again));
    }
    nl_set_diagnostic_handler(NULL, NULL);
    CHECK_OK(nl_map_view_destroy(map));
}

int main(void) {
    test_default_writes_errors_to_stderr();
    test_handler_receives_each_new_diagnostic_once();
    test_inside_the_handler();
    test_silence_and_restore();
    test_minimum_severity();
    return check_summary("test_diagnostic_handler");
}
