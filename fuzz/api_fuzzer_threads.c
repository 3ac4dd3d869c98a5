/*
 * The API fuzzer's concurrent-use operations (issue 17: two threads on one map view or solver
 * crashed the process; now the second is refused with NL_ERR_BUSY). Deterministic, so that a
 * finding replays: the fuzzing thread starts a second thread and waits for it; the second thread
 * calls every map view and solver of the input — at the top level, where nothing is in use, and
 * from inside callbacks (a delegate method, an animation block or completion), where the fuzzing
 * thread is inside a call on that callback's map view (and possibly, nested, on others).
 *
 * Checks, for each call of the second thread:
 *   - on a map view whose callback is running on the fuzzing thread (map_in_use): NL_ERR_BUSY,
 *     and the last error status of the second thread says so;
 *   - on a map view or solver not in use: never NL_ERR_BUSY, and NL_OK for the live handle;
 *   - the status is documented, and the error message the second thread's own.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "api_fuzzer.h"

typedef struct probe {
    nl_map_view *maps[MAX_MAPS];
    int in_use[MAX_MAPS];
    nl_solver *solvers[MAX_SOLVERS];
    int rounds;
    char failure[200];
} probe;

static void note(probe *p, const char *what, int i, nl_status st) {
    if (p->failure[0] == 0) {
        snprintf(p->failure, sizeof p->failure, "%s (slot %d): %s: %s", what, i, nl_status_name(st),
                 nl_last_error_message());
    }
}

static void *second_thread(void *arg) {
    probe *p = arg;
    int r, i;
    for (r = 0; r < p->rounds; r++) {
        for (i = 0; i < MAX_MAPS; i++) {
            nl_ui_state_kind k;
            nl_size sz;
            nl_view *root;
            nl_status st;
            if (p->maps[i] == NULL) continue;
            st = nl_map_view_navigation_state(p->maps[i], &k);
            if (p->in_use[i]) {
                if (st != NL_ERR_BUSY || nl_last_error_status() != NL_ERR_BUSY)
                    note(p, "a map view in use by the fuzzing thread was not refused", i, st);
                else if (strstr(nl_last_error_message(), "in use by another thread") == NULL)
                    note(p, "NL_ERR_BUSY without its message", i, st);
            } else if (st != NL_OK) {
                note(p, "a map view nobody uses was refused", i, st);
            }
            root = nl_map_view_root(p->maps[i]);
            if ((root != NULL) == p->in_use[i]) note(p, "nl_map_view_root from the second thread", i, nl_last_error_status());
            st = nl_map_view_size(p->maps[i], &sz);
            if ((st == NL_ERR_BUSY) != p->in_use[i]) note(p, "nl_map_view_size from the second thread", i, st);
            {
                /* calls added after issue 8: a setting, a page, the accessibility order */
                bool speed, limit;
                size_t count;
                char *svg;
                st = nl_map_view_speed_data(p->maps[i], &speed, &limit);
                if ((st == NL_ERR_BUSY) != p->in_use[i]) note(p, "nl_map_view_speed_data from the second thread", i, st);
                svg = nl_map_view_snapshot_svg_titled(p->maps[i], "second thread");
                if ((svg == NULL) != p->in_use[i]) note(p, "nl_map_view_snapshot_svg_titled from the second thread", i, nl_last_error_status());
                nl_string_free(svg);
                st = nl_map_view_accessibility_element_count(p->maps[i], &count);
                if ((st == NL_ERR_BUSY) != p->in_use[i]) note(p, "nl_map_view_accessibility_element_count from the second thread", i, st);
            }
        }
        for (i = 0; i < MAX_SOLVERS; i++) {
            char *d;
            if (p->solvers[i] == NULL) continue;
            /* solvers have no callbacks: the fuzzing thread is never inside a solver call here */
            d = nl_solver_dump(p->solvers[i]);
            if (d == NULL) note(p, "a solver nobody uses was refused", i, nl_last_error_status());
            nl_string_free(d);
        }
    }
    return NULL;
}

void thread_op(void) {
    probe p;
    pthread_t t;
    int i;
    memset(&p, 0, sizeof p);
    for (i = 0; i < MAX_MAPS; i++) {
        p.maps[i] = map_of_slot(i);
        p.in_use[i] = map_in_use(i);
    }
    for (i = 0; i < MAX_SOLVERS; i++) p.solvers[i] = solver_of_slot(i);
    p.rounds = 1 + byte() % 3;
    if (pthread_create(&t, NULL, second_thread, &p) != 0) return;  /* no thread, nothing to check */
    pthread_join(t, NULL);
    if (p.failure[0] != 0) fail(p.failure, "a call from a second thread", NL_OK);
}
