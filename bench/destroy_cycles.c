/*
 * bench/destroy_cycles.c — issue 17, item 2: creating and destroying objects between layout
 * passes must cost O(1) amortised per operation, however many objects are live or pending.
 *
 * One cycle: create a host view, add it to the root, create a width constraint on it, activate
 * it, destroy the constraint, destroy the view — with no layout pass (no frame is read) in the
 * whole loop, so every destroyed object is still "pending" for the next pass. The loop runs N
 * cycles in a fresh map view for N = 1,000, 2,000, 4,000, 8,000 and 16,000 and prints the CPU time
 * per cycle, the resident set after the loop and the growth exponent k of the total CPU time
 * (time ∝ N^k, least-squares fit over the five sizes; target k ≤ 1.1: linear). Before the fix
 * (MapContext.markDestroyed filtered a dictionary of every destroyed object on every call) k was
 * about 2: 1,000 cycles 0.06 s, 16,000 cycles 17–51 s.
 *
 * Usage: destroy_cycles [REPS]   (each size REPS times, the fastest kept; default 3)
 * Output: one line per size, then "growth exponent k = ..." (nothing is asserted: bench/, not a
 * test; the reliability suite's test_destroy_cycles.c checks the O(1) bookkeeping itself).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "navlayout.h"

/* The thread's CPU time: on a shared machine a run longer than a scheduler slice waits for the CPU,
 * and wall time would grow with the load, not with N (a run under 2-3 ms fits one slice). */
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double rss_mb(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL) return 0;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    fclose(f);
    return (double)resident * (double)sysconf(_SC_PAGESIZE) / (1024.0 * 1024.0);
}

static void must(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "destroy_cycles: %s failed: %s\n", what, nl_last_error_message());
        exit(1);
    }
}

/* Seconds for `cycles` cycles in a fresh map view; *rss gets the resident set at the end. */
static double run(long cycles, double *rss) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *root;
    double t0, t;
    long i;
    must(map != NULL, "nl_map_view_create_preset");
    root = nl_map_view_root(map);
    t0 = now_s();
    for (i = 0; i < cycles; i++) {
        nl_view *v = nl_view_create(map);
        nl_constraint *c;
        must(v != NULL, "nl_view_create");
        must(nl_view_add_subview(root, v) == NL_OK, "nl_view_add_subview");
        c = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_EQUAL, 10);
        must(c != NULL, "nl_constraint_create_constant");
        must(nl_constraint_activate(c) == NL_OK, "nl_constraint_activate");
        must(nl_constraint_destroy(c) == NL_OK, "nl_constraint_destroy");
        must(nl_view_destroy(v) == NL_OK, "nl_view_destroy");
    }
    t = now_s() - t0;
    *rss = rss_mb();
    must(nl_map_view_destroy(map) == NL_OK, "nl_map_view_destroy");
    return t;
}

int main(int argc, char **argv) {
    static const long sizes[] = {1000, 2000, 4000, 8000, 16000};
    enum { NSIZES = sizeof sizes / sizeof sizes[0] };
    int reps = argc > 1 ? atoi(argv[1]) : 3, r, k;
    double best[NSIZES], rss[NSIZES];
    double sx = 0, sy = 0, sxx = 0, sxy = 0, slope;
    double base = rss_mb();
    if (reps < 1) reps = 1;
    for (k = 0; k < NSIZES; k++) {
        best[k] = INFINITY;
        for (r = 0; r < reps; r++) {
            double m, t = run(sizes[k], &m);
            if (t < best[k]) best[k] = t;
            rss[k] = m;
        }
        printf("destroy cycles %6ld: %8.3f s CPU, %7.2f us per cycle, RSS %.1f MB (%.1f MB before any map view)\n",
               sizes[k], best[k], best[k] / (double)sizes[k] * 1e6, rss[k], base);
        fflush(stdout);
    }
    for (k = 0; k < NSIZES; k++) {
        double x = log((double)sizes[k]), y = log(best[k]);
        sx += x; sy += y; sxx += x * x; sxy += x * y;
    }
    slope = (NSIZES * sxy - sx * sy) / (NSIZES * sxx - sx * sx);
    printf("growth exponent k = %.3f (time ∝ N^k, 1,000..16,000 cycles; target <= 1.1)\n", slope);
    return 0;
}
