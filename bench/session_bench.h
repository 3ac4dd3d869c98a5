/*
 * bench/session_bench.h — helpers shared by the session benchmarks (bench/layout_churn.c,
 * bench/many_map_views.c): clocks, a status check that ends the program, and the process's
 * resident memory. Header-only (static inline functions); define BENCH_NAME before including it (the
 * prefix of the error messages).
 */
#ifndef NL_BENCH_SESSION_BENCH_H
#define NL_BENCH_SESSION_BENCH_H

#include "navlayout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Wall-clock time in nanoseconds (monotonic). */
static inline double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* CPU time of the calling thread in nanoseconds: what the work costs, without the time other
 * processes on a shared machine take (wall-clock rates there change with their load). */
static inline double cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Ends the program with the library's message if `s` is not NL_OK (every workload is valid). */
static inline void check(nl_status s, const char *what) {
    if (s != NL_OK) {
        fprintf(stderr, "%s: %s: %s: %s\n", BENCH_NAME, what, nl_status_name(s), nl_last_error_message());
        exit(1);
    }
}

/* A field of /proc/self/status in KiB: "VmRSS:" (resident now) or "VmHWM:" (peak resident);
 * -1 if /proc is unavailable. */
static inline long status_kb(const char *field) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, field, strlen(field)) == 0) { kb = strtol(line + strlen(field), NULL, 10); break; }
    }
    fclose(f);
    return kb;
}

#endif
