/* Tiny assert-style test helpers for the C tests: each CHECK counts a pass or prints a failure
 * with file, line and a message, and tests end with check_summary(), which prints
 * "N passed, M failed" and returns the exit status. */
#ifndef NL_TEST_CHECK_H
#define NL_TEST_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "navlayout.h"

static int check_passed = 0;
static int check_failed = 0;

#define CHECK(cond, ...)                                                                  \
    do {                                                                                  \
        if (cond) {                                                                       \
            check_passed++;                                                               \
        } else {                                                                          \
            check_failed++;                                                               \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);               \
            fprintf(stderr, __VA_ARGS__);                                                 \
            fprintf(stderr, "\n");                                                        \
        }                                                                                 \
    } while (0)

/* A call that must return `expected`. */
#define CHECK_STATUS(call, expected)                                                      \
    do {                                                                                  \
        nl_status got_ = (call);                                                          \
        CHECK(got_ == (expected), "%s returned %s (%s), expected %s", #call,              \
              nl_status_name(got_), nl_last_error_message(), nl_status_name(expected));   \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, NL_OK)

/* The last error message contains `needle` (it names the offending item). */
#define CHECK_MESSAGE_HAS(needle)                                                         \
    CHECK(strstr(nl_last_error_message(), (needle)) != NULL,                              \
          "error message \"%s\" does not mention \"%s\"", nl_last_error_message(), (needle))

static inline int check_close(double a, double b) { return fabs(a - b) < 1e-9; }

/* A frame equals (x, y, w, h) exactly (to 1e-9 pt). `source` says where the numbers come from. */
#define CHECK_RECT(r, X, Y, W, H, source)                                                 \
    CHECK(check_close((r).x, (X)) && check_close((r).y, (Y)) &&                           \
              check_close((r).width, (W)) && check_close((r).height, (H)),                \
          "got (%g, %g, %g, %g), expected (%g, %g, %g, %g) — %s", (r).x, (r).y,          \
          (r).width, (r).height, (double)(X), (double)(Y), (double)(W), (double)(H), source)

static inline int check_summary(const char *suite) {
    if (check_failed != 0) fprintf(stderr, "%s: FAILED\n", suite);
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}

/* Depth-first search of the map view's hierarchy for a view with `identifier` (NULL if none). */
static inline nl_view *find_view_in(nl_view *view, const char *identifier) {
    size_t count = 0, i;
    if (nl_view_subview_count(view, &count) != NL_OK) return NULL;
    for (i = 0; i < count; i++) {
        nl_view *child = nl_view_subview(view, i);
        char *id = nl_view_identifier(child);
        int match = id != NULL && strcmp(id, identifier) == 0;
        nl_string_free(id);
        if (match) return child;
        if ((child = find_view_in(child, identifier)) != NULL) return child;
    }
    return NULL;
}

static inline nl_view *find_view(nl_map_view *map, const char *identifier) {
    return find_view_in(nl_map_view_root(map), identifier);
}

/* The presented frame of the view with `identifier`; NaNs when it is not in the hierarchy. */
static inline nl_rect frame_of(nl_map_view *map, const char *identifier) {
    nl_rect r = {NAN, NAN, NAN, NAN};
    nl_view *v = find_view(map, identifier);
    if (v != NULL) nl_view_frame(v, &r);
    return r;
}

/* A record of the whole observable layout: every view (depth-first) with identifier, presented
 * frame and hidden flag, plus the navigation state. Used to prove a failed call changed nothing. */
typedef struct layout_record {
    int state;
    size_t count;
    char ids[64][32];
    nl_rect frames[64];
    bool hidden[64];
} layout_record;

static inline void record_in(nl_view *view, layout_record *rec) {
    size_t count = 0, i;
    if (nl_view_subview_count(view, &count) != NL_OK) return;
    for (i = 0; i < count && rec->count < 64; i++) {
        nl_view *child = nl_view_subview(view, i);
        char *id = nl_view_identifier(child);
        size_t k = rec->count++;
        snprintf(rec->ids[k], sizeof rec->ids[k], "%s", id ? id : "?");
        nl_string_free(id);
        nl_view_frame(child, &rec->frames[k]);
        nl_view_is_hidden(child, &rec->hidden[k]);
        record_in(child, rec);
    }
}

static inline void record_layout(nl_map_view *map, layout_record *rec) {
    nl_ui_state_kind kind = NL_UI_STATE_NO_NAVIGATION;
    memset(rec, 0, sizeof *rec);
    nl_map_view_navigation_state(map, &kind);
    rec->state = (int)kind;
    record_in(nl_map_view_root(map), rec);
}

static inline int same_layout(const layout_record *a, const layout_record *b) {
    size_t i;
    if (a->state != b->state || a->count != b->count) return 0;
    for (i = 0; i < a->count; i++) {
        if (strcmp(a->ids[i], b->ids[i]) != 0 || a->hidden[i] != b->hidden[i]) return 0;
        if (memcmp(&a->frames[i], &b->frames[i], sizeof(nl_rect)) != 0) return 0;
    }
    return 1;
}

/* Records the layout, runs `call` (which must return `expected`), and checks nothing changed. */
#define CHECK_FAILS_UNCHANGED(map, call, expected)                                        \
    do {                                                                                  \
        layout_record before_, after_;                                                    \
        record_layout((map), &before_);                                                   \
        CHECK_STATUS(call, expected);                                                     \
        record_layout((map), &after_);                                                    \
        CHECK(same_layout(&before_, &after_), "%s changed the map view", #call);          \
    } while (0)

/* The camera's padding is (top, left, bottom, right) and its vehicle point (vx, vy) (docs/behaviour.md#camera-framing). */
static inline void check_camera(nl_map_view *map, double top, double left, double bottom, double right,
                         double vx, double vy, const char *source) {
    nl_camera c;
    CHECK_OK(nl_map_view_camera(map, &c));
    CHECK(check_close(c.padding.top, top) && check_close(c.padding.left, left) &&
              check_close(c.padding.bottom, bottom) && check_close(c.padding.right, right),
          "camera padding (%g, %g, %g, %g), expected (%g, %g, %g, %g) — %s", c.padding.top,
          c.padding.left, c.padding.bottom, c.padding.right, top, left, bottom, right, source);
    CHECK(check_close(c.vehicle_point.x, vx) && check_close(c.vehicle_point.y, vy),
          "vehicle point (%g, %g), expected (%g, %g) — %s", c.vehicle_point.x, c.vehicle_point.y, vx, vy, source);
}

/* Diagnostic `index` of `map` into `d` (struct_size set, the rest zeroed first). */
static inline nl_status diagnostic_at(nl_map_view *map, size_t index, nl_diagnostic *d) {
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    return nl_map_view_diagnostic(map, index, d);
}

#endif /* NL_TEST_CHECK_H */
