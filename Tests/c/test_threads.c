/*
 * Distinct map views used from distinct threads at once (docs/api.md#c-conventions): each thread runs the
 * demo session (docs/behaviour.md#acceptance-values) on its own map view repeatedly, creating and destroying handles while the
 * others do the same, and checks the frames; another thread probes stale and garbage handles
 * meanwhile. The error message is thread-local: each thread sees its own.
 * The process-wide diagnostic handler (issue 14): every round breaks one required constraint of
 * its own host view, so each thread reports one unsatisfiable diagnostic per round through the
 * shared handler, while another thread swaps the handler between two functions.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

#ifndef THREADS
#define THREADS 8   /* issue 8: eight threads with their own map views (also run under TSan) */
#endif
#define ROUNDS 15

typedef struct worker {
    int index;
    int failures;
    char first_failure[256];
} worker;

static void note(worker *w, const char *what) {
    if (w->failures++ == 0) snprintf(w->first_failure, sizeof w->first_failure, "%s (%s)", what, nl_last_error_message());
}

static int rect_is(nl_rect r, double x, double y, double wd, double h) {
    return r.x == x && r.y == y && r.width == wd && r.height == h;
}

/* Reports counted by the two handlers the swapper alternates (both count into one record). */
typedef struct reports {
    pthread_mutex_t lock;
    int unsatisfiable, other;
} reports;

static void count_report(void *user_data, nl_map_view *map, const nl_diagnostic *d) {
    reports *r = user_data;
    (void)map;
    pthread_mutex_lock(&r->lock);
    if (d->code == NL_DIAG_UNSATISFIABLE) r->unsatisfiable++; else r->other++;
    pthread_mutex_unlock(&r->lock);
}

static void count_report_too(void *user_data, nl_map_view *map, const nl_diagnostic *d) {
    count_report(user_data, map, d);
}

static reports shared_reports = {PTHREAD_MUTEX_INITIALIZER, 0, 0};
static atomic_int sessions_running = 1;

static void *swap_handlers(void *arg) {
    int i;
    (void)arg;
    for (i = 0; atomic_load(&sessions_running); i++) {
        nl_set_diagnostic_handler(i % 2 ? count_report_too : count_report, &shared_reports);
        sched_yield();
    }
    return NULL;
}

/* A see-through host view 10 x 10 at (leading 0, top 300) with two heights, 10 then 20: the
 * second is broken (an unsatisfiable error, reported at the next pass). */
static void break_a_constraint(worker *w, nl_map_view *map) {
    nl_view *root = nl_map_view_root(map), *v = nl_view_create(map);
    nl_constraint *cs[5];
    if (nl_view_set_opaque(v, false) != NL_OK || nl_view_add_subview(root, v) != NL_OK) note(w, "host view");
    cs[0] = nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_LEADING), NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_LEADING), 1, 0);
    cs[1] = nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_TOP), NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_TOP), 1, 300);
    cs[2] = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_EQUAL, 10);
    cs[3] = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_HEIGHT), NL_EQUAL, 10);
    cs[4] = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_HEIGHT), NL_EQUAL, 20);
    if (nl_constraints_activate(cs, 5) != NL_OK) note(w, "conflicting constraints");
    if (nl_map_view_layout_if_needed(map) != NL_OK) note(w, "layout");
}

static void *run_sessions(void *arg) {
    worker *w = arg;
    int round;
    for (round = 0; round < ROUNDS; round++) {
        nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
        nl_view *scratch;
        if (map == NULL) { note(w, "create"); continue; }
        if (nl_sample_delegate_install(map) != NL_OK) note(w, "install");
        scratch = nl_view_create(map);   /* churn the handle table */
        nl_view_destroy(scratch);
        if (nl_map_view_set_navigation_enabled(map, true) != NL_OK) note(w, "enable");
        if (!rect_is(frame_of(map, "viewport"), 0, 59, 393, 759)) note(w, "ready viewport");
        if (nl_map_view_start_guidance(map) != NL_OK) note(w, "start");
        if (!rect_is(frame_of(map, "buttonStack"), 337, 163, 56, 583)) note(w, "guidance stack");
        if (nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT) != NL_OK) note(w, "prompt");
        if (nl_map_view_advance_time(map, 0.4) != NL_OK) note(w, "advance");
        if (!rect_is(frame_of(map, "incidentPrompt"), 0, 732, 393, 120)) note(w, "prompt frame");
        if (!rect_is(frame_of(map, "viewport"), 0, 163, 393, 569)) note(w, "viewport under prompt");
        break_a_constraint(w, map);
        /* a thread-local error message: this thread's own */
        if (nl_map_view_start_guidance(map) != NL_ERR_INVALID_STATE) note(w, "second start");
        if (strstr(nl_last_error_message(), "activeGuidance") == NULL) note(w, "thread-local message");
        {   /* a message naming this thread's own view survives the other threads' errors */
            char id[32], *seen;
            nl_view *v = nl_view_create(map);
            snprintf(id, sizeof id, "worker%d-round%d", w->index, round);
            nl_view_set_identifier(v, id);
            if (nl_view_add_subview(v, v) != NL_ERR_INVALID_ARGUMENT) note(w, "self subview");
            sched_yield();
            seen = strstr(nl_last_error_message(), id);
            if (seen == NULL) note(w, "thread-local message names this thread's view");
        }
        if (nl_map_view_destroy(map) != NL_OK) note(w, "destroy");
        if (nl_map_view_start_guidance(map) != NL_ERR_INVALID_HANDLE) note(w, "stale map after destroy");
    }
    return NULL;
}

static void *probe_handles(void *arg) {
    worker *w = arg;
    int i;
    for (i = 0; i < 2000; i++) {
        nl_rect r;
        /* forged view handles with generations no slot reaches in this test (so they never hit
           a live handle of another thread's map view) and a real address */
        uintptr_t fake = (uintptr_t)0xA5FFFF0000000000ull | ((uintptr_t)(i % 64) << 32) | ((uintptr_t)i << 8) | 0x58u;
        if (nl_view_frame((nl_view *)fake, &r) != NL_ERR_INVALID_HANDLE) note(w, "forged handle");
        if (nl_view_frame((nl_view *)(void *)&r, &r) != NL_ERR_INVALID_HANDLE) note(w, "address as handle");
    }
    return NULL;
}

int main(void) {
    pthread_t threads[THREADS + 1];
    worker workers[THREADS + 1];
    int i;
    pthread_t swapper;
    memset(workers, 0, sizeof workers);
    nl_set_diagnostic_handler(count_report, &shared_reports);
    CHECK(pthread_create(&swapper, NULL, swap_handlers, NULL) == 0, "pthread_create");
    for (i = 0; i < THREADS; i++) {
        workers[i].index = i;
        CHECK(pthread_create(&threads[i], NULL, run_sessions, &workers[i]) == 0, "pthread_create");
    }
    CHECK(pthread_create(&threads[THREADS], NULL, probe_handles, &workers[THREADS]) == 0, "pthread_create");
    for (i = 0; i <= THREADS; i++) {
        pthread_join(threads[i], NULL);
        CHECK(workers[i].failures == 0, "thread %d: %d failures, first: %s", i, workers[i].failures,
              workers[i].first_failure);
    }
    atomic_store(&sessions_running, 0);
    pthread_join(swapper, NULL);
    nl_set_diagnostic_handler(NULL, NULL);
    /* One per round and thread; the sample session itself is clean (docs/behaviour.md#the-sample-delegate). */
    CHECK(shared_reports.unsatisfiable == THREADS * ROUNDS && shared_reports.other == 0,
          "%d unsatisfiable and %d other reports, expected %d and 0", shared_reports.unsatisfiable,
          shared_reports.other, THREADS * ROUNDS);
    return check_summary("test_threads");
}
