/*
 * bench/many_map_views.c — "many map views" (issue 19: the engine's scale unit is map views per
 * process): N map views (default 1,000) alive at once, each with the sample delegate
 * (examples/c/sample_delegate.c) and taken through one session — the eight transitions of
 * bench/e2e.c, each an event and a layout pass — by T threads (default 1). Thread i owns the map
 * views i, i + T, i + 2T, …: it creates them (preset, delegate, first layout pass), then runs the
 * session step by step across all of them (every map view holds each state at once), then
 * destroys them; the phases are separated by barriers, so every map view is alive during every
 * step.
 *
 * Prints tab-separated lines for bench/report.py:
 *   S  many map views (T thread[s]): <what>  <value>  <unit>
 * wall time of each phase (create, session, destroy), transitions per second of the session
 * phase, the process's CPU time (user + system, all threads), peak resident memory (VmHWM) and
 * resident memory per live map view (VmRSS with all N alive minus VmRSS before the first was
 * created).
 * Every call is checked: a failing status aborts with its message.
 *
 * Usage: many_map_views [map views (default 1000)] [threads (default 1)] [preset]
 */
#define BENCH_NAME "many_map_views"
#include "session_bench.h"
#include "sample_delegate.h"

#include <pthread.h>
#include <sys/resource.h>

enum { STEPS = 8, MAX_THREADS = 64 };

/* Step `step` (0…7) of the session of bench/e2e.c on one map view, with its layout pass. */
static void step_once(nl_map_view *map, int step) {
    switch (step) {
    case 0: check(nl_map_view_set_navigation_enabled(map, true), "navigation ready"); break;
    case 1: check(nl_map_view_start_guidance(map), "active guidance"); break;
    case 2: check(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT), "incident prompt"); break;
    case 3: check(nl_map_view_advance_time(map, 0.2), "prompt 0.2 s"); break;
    case 4: check(nl_map_view_advance_time(map, 0.2), "prompt 0.4 s"); break;
    case 5:
        check(nl_map_view_dismiss_prompt(map), "prompt dismissed");
        check(nl_map_view_advance_time(map, 0.4), "prompt dismissed +0.4 s");
        break;
    case 6: check(nl_map_view_stop_guidance(map), "guidance stopped"); break;
    default: check(nl_map_view_set_navigation_enabled(map, false), "navigation disabled"); break;
    }
    check(nl_map_view_layout_if_needed(map), "layout");
}

static nl_map_view **maps;
static int nmaps, nthreads;
static const char *preset;
static pthread_barrier_t barrier;
/* Phase boundaries, written by thread 0 between barriers. */
static double t_start, t_created, t_sessions, t_destroyed;
static long rss_alive;

static void *worker(void *arg) {
    int id = (int)(long)arg, i, s;
    pthread_barrier_wait(&barrier);
    if (id == 0) t_start = now_ns();
    for (i = id; i < nmaps; i += nthreads) {
        maps[i] = nl_map_view_create_preset(preset);
        if (maps[i] == NULL) check(NL_ERR_INVALID_ARGUMENT, "preset");
        check(nl_sample_delegate_install(maps[i]), "install");
        check(nl_map_view_layout_if_needed(maps[i]), "first layout");
    }
    pthread_barrier_wait(&barrier);
    if (id == 0) { t_created = now_ns(); rss_alive = status_kb("VmRSS:"); }
    pthread_barrier_wait(&barrier);
    for (s = 0; s < STEPS; s++)
        for (i = id; i < nmaps; i += nthreads) step_once(maps[i], s);
    pthread_barrier_wait(&barrier);
    if (id == 0) t_sessions = now_ns();
    for (i = id; i < nmaps; i += nthreads) check(nl_map_view_destroy(maps[i]), "destroy");
    pthread_barrier_wait(&barrier);
    if (id == 0) t_destroyed = now_ns();
    return NULL;
}

int main(int argc, char **argv) {
    pthread_t th[MAX_THREADS];
    struct rusage ru;
    long rss_before, i;
    double cpu;
    char label[64];
    nmaps = argc > 1 ? atoi(argv[1]) : 1000;
    nthreads = argc > 2 ? atoi(argv[2]) : 1;
    preset = argc > 3 ? argv[3] : "iphone-portrait";
    if (nmaps < 1 || nthreads < 1 || nthreads > MAX_THREADS) {
        fprintf(stderr, "usage: many_map_views [map views >= 1] [threads 1..%d] [preset]\n", MAX_THREADS);
        return 2;
    }
    maps = (nl_map_view **)calloc((size_t)nmaps, sizeof *maps);
    if (maps == NULL) return 1;
    rss_before = status_kb("VmRSS:");
    pthread_barrier_init(&barrier, NULL, (unsigned)nthreads);
    for (i = 1; i < nthreads; i++) pthread_create(&th[i], NULL, worker, (void *)i);
    worker((void *)0L);
    for (i = 1; i < nthreads; i++) pthread_join(th[i], NULL);
    pthread_barrier_destroy(&barrier);
    getrusage(RUSAGE_SELF, &ru);
    cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    snprintf(label, sizeof label, "many map views (%d thread%s)", nthreads, nthreads == 1 ? "" : "s");
    printf("# %s: %d %s map views alive at once, one session each\n", label, nmaps, preset);
#define STAT(what, value, unit) printf("S\t%s: %s\t%.6g\t%s\n", label, what, (double)(value), unit)
    STAT("map views", nmaps, "");
    STAT("create + first layout, wall", (t_created - t_start) / 1e6, "ms");
    STAT("sessions, wall", (t_sessions - t_created) / 1e6, "ms");
    STAT("transitions/s", (double)nmaps * STEPS / ((t_sessions - t_created) / 1e9), "/s");
    STAT("destroy, wall", (t_destroyed - t_sessions) / 1e6, "ms");
    STAT("total, wall", (t_destroyed - t_start) / 1e6, "ms");
    STAT("CPU time (all threads, whole process)", cpu * 1e3, "ms");
    STAT("peak RSS", status_kb("VmHWM:") / 1024.0, "MiB");
    STAT("RSS per live map view", (double)(rss_alive - rss_before) / nmaps, "KiB");
#undef STAT
    free(maps);
    return 0;
}
