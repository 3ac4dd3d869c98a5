/* bench/sweep.c — the size sweep's cost (issue 15): the example (width 320 → 1400 pt at
 * height 1180, insets 24, 0, 20, 0; 1,080 pt) with the C sample delegate, and the wide example
 * delegate from 100 pt (five bands), through nl_sweep on 1 and 2 threads. Prints one line per
 * run: case, threads, wall seconds, process CPU seconds, sizes run, bands. Nothing is asserted;
 * bench/sweep.sh runs it and bench/RESULTS.md records the figures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "navlayout.h"
#include "sample_delegate.h"
#include "wide_delegate.h"

static int make_sample(void *user_data, nl_map_view *map) { (void)user_data; return nl_sample_delegate_install(map) != NL_OK; }
static int make_wide(void *user_data, nl_map_view *map) { (void)user_data; return nl_wide_delegate_install(map) != NL_OK; }

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int count(const char *haystack, const char *needle) {
    int n = 0;
    for (const char *p = strstr(haystack, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

static void run(const char *name, nl_sweep_delegate_factory factory, double start, unsigned threads) {
    nl_sweep_options o;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.axis = NL_SWEEP_WIDTH;
    o.start = start;
    o.stop = 1400;
    o.fixed = 1180;
    o.safe_area = (nl_insets){24, 0, 20, 0};
    o.threads = threads;
    char *json = NULL;
    double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    if (nl_sweep(&o, factory, NULL, &json) != NL_OK) {
        fprintf(stderr, "nl_sweep failed: %s\n", nl_last_error_message());
        exit(1);
    }
    wall = seconds(CLOCK_MONOTONIC) - wall;
    cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    const char *runs = strstr(json, "\"runs\":");
    printf("%s\t%u\t%.3f\t%.3f\t%d\t%d\n", name, threads, wall, cpu, runs ? atoi(runs + 7) : -1, count(json, "{\"start\":"));
    nl_string_free(json);
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    for (int r = 0; r < reps; r++) {
        for (unsigned threads = 1; threads <= 2; threads++) {
            run("C sample 320-1400", make_sample, 320, threads);
            run("C wide 100-1400", make_wide, 100, threads);
        }
    }
    return 0;
}
