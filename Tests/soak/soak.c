/*
 * Soak of the C example delegates (issue 17, item 7): one map view with the sample or the wide
 * delegate driven through N navigation transitions — the cycle of Tests/soak/README.md (enable,
 * start guidance, a prompt, a second prompt replacing it, dismissal, the slides' ends, a rotation
 * to landscape and back, stop, disable: 12 events) — reporting, in 20 windows, the transitions
 * done, the CPU time, the resident set and the heap in use (glibc's mallinfo2: every byte the library
 * and the delegate hold). Tests/soak/report.py judges the lines (flat heap, RSS and rate).
 *
 *   soak_c sample|wide TRANSITIONS
 *
 * Output: "S C <delegate>" then per window "W <transitions> <seconds> <rss KB> <heap bytes> 0".
 * Every event must succeed (exit 1 with the library's message otherwise).
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "navlayout.h"
#include "sample_delegate.h"
#include "wide_delegate.h"

/* The process's CPU time: on a shared machine wall time measures the other processes too. */
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long rss_kb(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL) return 0;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static size_t heap_bytes(void) {
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

/* Event k of the 12-event cycle (Tests/soak/README.md). */
static nl_status event(nl_map_view *map, long k) {
    static const nl_insets portrait = {59, 0, 34, 0}, landscape = {0, 59, 21, 59};
    switch (k % 12) {
    case 0: return nl_map_view_set_navigation_enabled(map, true);
    case 1: return nl_map_view_start_guidance(map);
    case 2: return nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT);
    case 3: return nl_map_view_advance_time(map, 0.5);
    case 4: return nl_map_view_trigger_prompt(map, NL_PROMPT_TRAFFIC);   /* change_prompt */
    case 5: return nl_map_view_advance_time(map, 0.5);
    case 6: return nl_map_view_dismiss_prompt(map);
    case 7: return nl_map_view_advance_time(map, 0.5);
    case 8: return nl_map_view_set_size(map, 852, 393, landscape);
    case 9: return nl_map_view_set_size(map, 393, 852, portrait);
    case 10: return nl_map_view_stop_guidance(map);
    default: return nl_map_view_set_navigation_enabled(map, false);
    }
}

int main(int argc, char **argv) {
    const char *name = argc > 1 ? argv[1] : "sample";
    long total = argc > 2 ? atol(argv[2]) : 120000, window, k;
    int wide = strcmp(name, "wide") == 0;
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    double t0;
    nl_status s;
    if (map == NULL || (!wide && strcmp(name, "sample") != 0) || total < 240) {
        fprintf(stderr, "usage: soak_c sample|wide TRANSITIONS (>= 240)\n");
        return 2;
    }
    window = total / 20;   /* the last window ends at `total` when it is a multiple of 20 */
    s = wide ? nl_wide_delegate_install(map) : nl_sample_delegate_install(map);
    if (s != NL_OK) { fprintf(stderr, "install: %s\n", nl_last_error_message()); return 1; }
    printf("S C %s\n", name);
    t0 = now_s();
    for (k = 0; k < total; k++) {
        if ((s = event(map, k)) != NL_OK) {
            fprintf(stderr, "soak C %s: transition %ld (event %ld of the cycle): %s: %s\n", name, k, k % 12,
                    nl_status_name(s), nl_last_error_message());
            return 1;
        }
        if ((k + 1) % window == 0) {
            printf("W %ld %.6f %ld %zu 0\n", k + 1, now_s() - t0, rss_kb(), heap_bytes());
            fflush(stdout);
        }
    }
    if ((s = nl_map_view_destroy(map)) != NL_OK) { fprintf(stderr, "destroy: %s\n", nl_last_error_message()); return 1; }
    return 0;
}
