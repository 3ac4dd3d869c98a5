/*
 * bench/call_overhead.c — issue 17: the single-threaded cost of checking every C call for
 * concurrent use (NL_ERR_BUSY: an atomic in-use flag per map view and per solver, taken when a
 * handle is resolved and released when the call returns; Sources/NavLayoutC/UseFlag.swift).
 *
 * Times the cheapest calls, where a fixed per-call cost shows most, in tight loops:
 *   view frame        nl_view_frame on a laid-out view (no pass needed)
 *   constraint get    nl_constraint_constant
 *   set constant+frame nl_constraint_set_constant then nl_view_frame (an incremental pass)
 *   variable value    nl_variable_value
 *   suggest+update    nl_solver_suggest_value + nl_solver_update_variables (a 100-view chain)
 *   sample session    one transition of the sample delegate's session (event + layout pass)
 * and prints "name<TAB>ns per call" (CPU time, the median of REPS runs of ~0.2 s each).
 * bench/reliability.sh runs it against this tree's library and against the same tree built with
 * -DNAVLAYOUT_UNCHECKED_THREADS=ON (the check compiled out), alternating, and prints both.
 *
 * Usage: call_overhead [REPS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "navlayout.h"
#include "sample_delegate.h"

/* CPU time of the thread (a shared machine's wait for the CPU would swamp a few nanoseconds). */
static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void must(nl_status s, const char *what) {
    if (s != NL_OK) {
        fprintf(stderr, "call_overhead: %s: %s: %s\n", what, nl_status_name(s), nl_last_error_message());
        exit(1);
    }
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A view pinned in a map view, one constraint whose constant the loop changes. */
static nl_map_view *map;
static nl_view *view;
static nl_constraint *width;
static nl_solver *solver;
static nl_variable *head, *tail;

static void setup(void) {
    nl_view *root;
    nl_constraint *cs[4];
    int i;
    map = nl_map_view_create_preset("iphone-portrait");
    root = nl_map_view_root(map);
    view = nl_view_create(map);
    must(nl_view_add_subview(root, view), "add_subview");
    width = nl_constraint_create_constant(map, nl_view_anchor(view, NL_ANCHOR_WIDTH), NL_EQUAL, 10);
    cs[0] = width;
    cs[1] = nl_constraint_create_constant(map, nl_view_anchor(view, NL_ANCHOR_HEIGHT), NL_EQUAL, 10);
    cs[2] = nl_constraint_create(map, nl_view_anchor(view, NL_ANCHOR_LEFT), NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_LEFT), 1, 0);
    cs[3] = nl_constraint_create(map, nl_view_anchor(view, NL_ANCHOR_TOP), NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_TOP), 1, 0);
    must(nl_constraints_activate(cs, 4), "activate");
    /* a 100-variable chain: tail = head + 99 * 10 */
    solver = nl_solver_create();
    head = nl_variable_create(solver, "head");
    tail = head;
    for (i = 0; i < 99; i++) {
        nl_variable *next = nl_variable_create(solver, NULL);
        nl_term t[2] = {{next, 1}, {tail, -1}};
        nl_solver_constraint *c;
        must(nl_solver_add_constraint(solver, t, 2, -10, NL_EQUAL, NL_STRENGTH_REQUIRED, &c), "chain");
        tail = next;
    }
    must(nl_solver_add_edit_variable(solver, head, NL_STRENGTH_STRONG), "edit");
}

static nl_map_view *session_map;
static int session_step;

static void session_transition(void) {
    switch (session_step++ % 6) {
    case 0: must(nl_map_view_set_navigation_enabled(session_map, true), "enable"); break;
    case 1: must(nl_map_view_start_guidance(session_map), "start"); break;
    case 2: must(nl_map_view_trigger_prompt(session_map, NL_PROMPT_INCIDENT), "prompt"); break;
    case 3: must(nl_map_view_dismiss_prompt(session_map), "dismiss");
            must(nl_map_view_advance_time(session_map, 0.5), "advance"); break;
    case 4: must(nl_map_view_stop_guidance(session_map), "stop"); break;
    default: must(nl_map_view_set_navigation_enabled(session_map, false), "disable"); break;
    }
    must(nl_map_view_layout_if_needed(session_map), "layout");
}

/* ns per iteration of `kind` over `n` iterations. */
static double run(int kind, long n) {
    nl_rect r;
    double d, t0 = now_ns();
    long i;
    switch (kind) {
    case 0: for (i = 0; i < n; i++) must(nl_view_frame(view, &r), "frame"); break;
    case 1: for (i = 0; i < n; i++) must(nl_constraint_constant(width, &d), "constant"); break;
    case 2: for (i = 0; i < n; i++) { must(nl_constraint_set_constant(width, (double)(10 + (i & 7))), "set_constant");
                                       must(nl_view_frame(view, &r), "frame"); } break;
    case 3: for (i = 0; i < n; i++) must(nl_variable_value(tail, &d), "value"); break;
    case 4: for (i = 0; i < n; i++) { must(nl_solver_suggest_value(solver, head, (double)(i & 63)), "suggest");
                                       must(nl_solver_update_variables(solver), "update"); } break;
    default: for (i = 0; i < n; i++) session_transition(); break;
    }
    return (now_ns() - t0) / (double)n;
}

int main(int argc, char **argv) {
    static const char *names[] = {"view frame", "constraint get", "set constant+frame", "variable value",
                                  "suggest+update (100 chain)", "sample session transition"};
    static const long iterations[] = {400000, 400000, 40000, 400000, 20000, 2000};
    int reps = argc > 1 ? atoi(argv[1]) : 7, k, r;
    double samples[64];
    if (reps < 1) reps = 1;
    if (reps > 64) reps = 64;
    setup();
    session_map = nl_map_view_create_preset("iphone-portrait");
    must(nl_sample_delegate_install(session_map), "install");
    for (k = 0; k < 6; k++) {
        run(k, iterations[k] / 10);  /* warm-up */
        for (r = 0; r < reps; r++) samples[r] = run(k, iterations[k]);
        qsort(samples, (size_t)reps, sizeof samples[0], cmp);
        printf("%s\t%.1f\n", names[k], samples[reps / 2]);
        fflush(stdout);
    }
    return 0;
}
