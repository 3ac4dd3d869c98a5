/*
 * bench/layout_churn.c — "layout churn" (issue 19): the sample delegate's full session
 * (examples/c/sample_delegate.c; the eight steps of bench/e2e.c: navigation ready, active
 * guidance, incident prompt, 0.2 s, 0.4 s, prompt dismissed + 0.4 s, guidance stopped, navigation
 * disabled — each an event and a layout pass) repeated on ONE map view, to show that nothing
 * accumulates: no slowdown over time, no memory growth.
 *
 * Prints tab-separated lines for bench/report.py:
 *   S  layout churn: <what>  <value>  <unit>
 * with the transitions per second over the first and the last 10 % of the sessions, their ratio
 * (last / first; 1 means no slowdown) — by the wall clock and by the thread's CPU time (on a
 * shared machine the wall-clock rates follow the other processes' load) —, the process's peak
 * resident memory (VmHWM, read at the end: it includes the control map view below), and its resident memory after the first 10 % and after the last
 * session (VmRSS, the map view alive: growth between them is memory the sessions keep). The
 * timing arrays (16 bytes per session) are written through before the first session, so their
 * pages are resident from the start and the RSS growth is the library's alone (until 2026-12-02
 * they were paged in as the sessions ran, which showed as ~1.4 MiB of "growth" per 100,000
 * sessions).
 *
 * First-versus-last compares two stretches of a few seconds each; on a shared VM whose speed
 * changes over seconds, that ratio moves by ±10 % with no change in the work (bench/RESULTS.md).
 * So a control follows: the churned map view and a freshly created one (same preset, same
 * delegate) run one session each, alternately (the order swapped every pair), for a tenth of the
 * sessions. Both see the same machine at the same moments, so their ratio (churned / fresh
 * transitions per second; 1 = the churned map view is as fast as a new one) isolates what the
 * sessions left behind from the machine's changes. Every call is checked: a failing status
 * aborts with its message.
 *
 * Usage: layout_churn [sessions (default 100000)] [preset (default iphone-portrait)]
 */
#define BENCH_NAME "layout_churn"
#include "session_bench.h"
#include "sample_delegate.h"

enum { STEPS = 8 };

/* One session: the eight transitions of bench/e2e.c, each followed by a layout pass. */
static void session(nl_map_view *map) {
    check(nl_map_view_set_navigation_enabled(map, true), "navigation ready");
    check(nl_map_view_layout_if_needed(map), "layout");
    check(nl_map_view_start_guidance(map), "active guidance");
    check(nl_map_view_layout_if_needed(map), "layout");
    check(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT), "incident prompt");
    check(nl_map_view_layout_if_needed(map), "layout");
    check(nl_map_view_advance_time(map, 0.2), "prompt 0.2 s");
    check(nl_map_view_layout_if_needed(map), "layout");
    check(nl_map_view_advance_time(map, 0.2), "prompt 0.4 s");
    check(nl_map_view_layout_if_needed(map), "layout");
    check(nl_map_view_dismiss_prompt(map), "prompt dismissed");
    check(nl_map_view_advance_time(map, 0.4), "prompt dismissed +0.4 s");
    check(nl_map_view_layout_if_needed(map), "layout");
    check(nl_map_view_stop_guidance(map), "guidance stopped");
    check(nl_map_view_layout_if_needed(map), "layout");
    check(nl_map_view_set_navigation_enabled(map, false), "navigation disabled");
    check(nl_map_view_layout_if_needed(map), "layout");
}

/* Times one session on `map`: adds its wall-clock and thread CPU nanoseconds to *wall and *cpu. */
static void timed_session(nl_map_view *map, double *wall, double *cpu) {
    double t0 = now_ns(), c0 = cpu_ns();
    session(map);
    *cpu += cpu_ns() - c0;
    *wall += now_ns() - t0;
}

static void stat_line(const char *what, double value, const char *unit) {
    printf("S\tlayout churn: %s\t%.6g\t%s\n", what, value, unit);
}

int main(int argc, char **argv) {
    long sessions = argc > 1 ? atol(argv[1]) : 100000;
    const char *preset = argc > 2 ? argv[2] : "iphone-portrait";
    long tenth, k;
    double *t, *c, first = 0, last = 0, cfirst = 0, clast = 0, t0, c0, total0;
    long rss_after_first = -1, rss_end;
    double churned = 0, fresh = 0, cchurned = 0, cfresh = 0;
    nl_map_view *map, *control;
    if (sessions < 10) {
        fprintf(stderr, "layout_churn: at least 10 sessions\n");
        return 2;
    }
    tenth = sessions / 10;
    t = (double *)malloc(sizeof(double) * (size_t)sessions);
    c = (double *)malloc(sizeof(double) * (size_t)sessions);
    if (t == NULL || c == NULL) return 1;
    /* Written through (with a non-zero value: a compiler may turn malloc + memset 0 into calloc,
     * whose pages stay unmapped until written) so they are resident before the first reading. */
    for (k = 0; k < sessions; k++) t[k] = c[k] = -1.0;
    map = nl_map_view_create_preset(preset);
    if (map == NULL) check(NL_ERR_INVALID_ARGUMENT, "preset");
    check(nl_sample_delegate_install(map), "install");
    check(nl_map_view_layout_if_needed(map), "initial layout");
    total0 = now_ns();
    for (k = 0; k < sessions; k++) {
        t0 = now_ns();
        c0 = cpu_ns();
        session(map);
        c[k] = cpu_ns() - c0;
        t[k] = now_ns() - t0;
        if (k == tenth - 1) rss_after_first = status_kb("VmRSS:");
    }
    for (k = 0; k < tenth; k++) {
        first += t[k];
        last += t[sessions - tenth + k];
        cfirst += c[k];
        clast += c[sessions - tenth + k];
    }
    rss_end = status_kb("VmRSS:");
    /* The interleaved control: the churned map view against a fresh one, session by session. */
    control = nl_map_view_create_preset(preset);
    if (control == NULL) check(NL_ERR_INVALID_ARGUMENT, "preset");
    check(nl_sample_delegate_install(control), "install (control)");
    check(nl_map_view_layout_if_needed(control), "initial layout (control)");
    for (k = 0; k < tenth; k++) {
        if (k % 2 == 0) {
            timed_session(map, &churned, &cchurned);
            timed_session(control, &fresh, &cfresh);
        } else {
            timed_session(control, &fresh, &cfresh);
            timed_session(map, &churned, &cchurned);
        }
    }
    check(nl_map_view_destroy(control), "destroy (control)");
    check(nl_map_view_destroy(map), "destroy");
    printf("# layout churn: %ld sessions of %d transitions on one %s map view, %.1f s\n", sessions, STEPS, preset,
           (now_ns() - total0) / 1e9);
    printf("# transitions/s by tenth of the sessions (wall clock / CPU time):");
    for (k = 0; k < 10; k++) {
        double sum = 0, csum = 0;
        long j;
        for (j = k * tenth; j < (k + 1) * tenth; j++) { sum += t[j]; csum += c[j]; }
        printf(" %.0f/%.0f", (double)(tenth * STEPS) / (sum / 1e9), (double)(tenth * STEPS) / (csum / 1e9));
    }
    printf("\n");
    stat_line("sessions", (double)sessions, "");
    stat_line("transitions/s, first 10 %", (double)(tenth * STEPS) / (first / 1e9), "/s");
    stat_line("transitions/s, last 10 %", (double)(tenth * STEPS) / (last / 1e9), "/s");
    stat_line("last/first (1 = no slowdown)", first / last, "");
    stat_line("transitions per CPU second, first 10 %", (double)(tenth * STEPS) / (cfirst / 1e9), "/s");
    stat_line("transitions per CPU second, last 10 %", (double)(tenth * STEPS) / (clast / 1e9), "/s");
    stat_line("last/first, CPU time (1 = no slowdown)", cfirst / clast, "");
    stat_line("interleaved: churned map view, transitions/s", (double)(tenth * STEPS) / (churned / 1e9), "/s");
    stat_line("interleaved: fresh map view, transitions/s", (double)(tenth * STEPS) / (fresh / 1e9), "/s");
    stat_line("churned/fresh, interleaved (1 = no slowdown)", fresh / churned, "");
    stat_line("churned/fresh, interleaved, CPU time (1 = no slowdown)", cfresh / cchurned, "");
    stat_line("peak RSS", (double)status_kb("VmHWM:") / 1024.0, "MiB");
    stat_line("RSS after the first 10 %", (double)rss_after_first / 1024.0, "MiB");
    stat_line("RSS at the end", (double)rss_end / 1024.0, "MiB");
    free(t);
    free(c);
    return 0;
}
