/*
 * bench/e2e.c — end to end through the C API: the sample delegate's session
 * (examples/c/sample_delegate.c; the steps of examples/c/demo_table.c) on iphone-portrait, each
 * transition timed as its event (plus the time advance the step needs) and the layout pass
 * (nl_map_view_layout_if_needed). Prints, like workloads.c, "T name 1 t1,t2,..." in nanoseconds
 * per transition sample, after discarding the warm-up sessions.
 *
 * Every event and layout pass also reports new diagnostics (issue 14). By default no handler is
 * set: the library's default evaluates the error rules only. The third argument sets a counting
 * handler (it prints the count of reports to stderr; the sample session is clean: 0):
 *   handler  every severity (nl_set_diagnostic_handler): every rule is evaluated;
 *   errors   nl_set_diagnostic_handler_with_minimum answering NL_SEVERITY_ERROR: the error rules,
 *            as the default, plus one call of the minimum function per report;
 *   none     answering NL_SEVERITY_NONE: no rule is evaluated for reports (the cost before issue
 *            14, plus that call).
 *
 * Usage: e2e [sessions] [preset] [handler|errors|none]
 */
#include "navlayout.h"
#include "sample_delegate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

enum { EV_ENABLE, EV_START, EV_PROMPT, EV_ADVANCE_02, EV_DISMISS, EV_STOP, EV_DISABLE };
static const struct { int event; const char *name; } steps[] = {
    {EV_ENABLE, "navigation ready"},  {EV_START, "active guidance"},       {EV_PROMPT, "incident prompt 0.0 s"},
    {EV_ADVANCE_02, "prompt 0.2 s"},  {EV_ADVANCE_02, "prompt 0.4 s"},     {EV_DISMISS, "prompt dismissed +0.4 s"},
    {EV_STOP, "guidance stopped"},    {EV_DISABLE, "navigation disabled"},
};
#define NSTEPS ((int)(sizeof steps / sizeof steps[0]))

static void check(nl_status s, const char *what) {
    if (s != NL_OK) {
        fprintf(stderr, "e2e: %s: %s: %s\n", what, nl_status_name(s), nl_last_error_message());
        exit(1);
    }
}

static nl_status run(nl_map_view *map, int e) {
    nl_status s;
    switch (e) {
    case EV_ENABLE: return nl_map_view_set_navigation_enabled(map, true);
    case EV_START: return nl_map_view_start_guidance(map);
    case EV_PROMPT: return nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT);
    case EV_ADVANCE_02: return nl_map_view_advance_time(map, 0.2);
    case EV_DISMISS:
        if ((s = nl_map_view_dismiss_prompt(map)) != NL_OK) return s;
        return nl_map_view_advance_time(map, 0.4);
    case EV_STOP: return nl_map_view_stop_guidance(map);
    default: return nl_map_view_set_navigation_enabled(map, false);
    }
}

/* One step, timed as a whole: its event and the layout pass. Each step has a function of its own,
 * never inlined nor merged with another (noipa), so that callgrind counts one step alone with
 * --toggle-collect=e2e_step_N (bench/callgrind.sh, ONLY="e2e steps"). */
#define E2E_STEP(n)                                                                            \
    __attribute__((noinline, noipa)) static nl_status e2e_step_##n(nl_map_view *map) {        \
        nl_status s = run(map, steps[n].event);                                                \
        return s != NL_OK ? s : nl_map_view_layout_if_needed(map);                             \
    }
E2E_STEP(0)
E2E_STEP(1)
E2E_STEP(2)
E2E_STEP(3)
E2E_STEP(4)
E2E_STEP(5)
E2E_STEP(6)
E2E_STEP(7)
static nl_status (*const step_fns[])(nl_map_view *) = {
    e2e_step_0, e2e_step_1, e2e_step_2, e2e_step_3, e2e_step_4, e2e_step_5, e2e_step_6, e2e_step_7,
};
typedef char step_fns_match_steps[(sizeof step_fns / sizeof step_fns[0]) == NSTEPS ? 1 : -1];

static long reports = 0;

static void count_reports(void *user_data, nl_map_view *map, const nl_diagnostic *d) {
    (void)user_data; (void)map; (void)d;
    reports++;
}

static int32_t minimum_severity(void *user_data, nl_map_view *map) {
    (void)map;
    return *(const int32_t *)user_data;
}

static void print_times(const char *name, const double *t, int n) {
    int i;
    printf("T\t%s\t1\t", name);
    for (i = 0; i < n; i++) printf(i ? ",%.0f" : "%.0f", t[i]);
    printf("\n");
}

int main(int argc, char **argv) {
    int sessions = argc > 1 ? atoi(argv[1]) : 300;
    const char *preset = argc > 2 ? argv[2] : "iphone-portrait";
    int warm = sessions / 10 > 0 ? sessions / 10 : 1;
    double *t = (double *)malloc(sizeof(double) * (size_t)(sessions * NSTEPS));
    double *all = (double *)malloc(sizeof(double) * (size_t)(sessions * NSTEPS));
    int k, i, n = 0;
    const char *mode = argc > 3 ? argv[3] : "";
    static int32_t minimum = NL_SEVERITY_INFO;
    int with_handler = 1;
    char label[32] = "", name[160];
    if (strcmp(mode, "handler") == 0) nl_set_diagnostic_handler(count_reports, NULL);
    else if (strcmp(mode, "errors") == 0 || strcmp(mode, "none") == 0) {
        minimum = mode[0] == 'e' ? NL_SEVERITY_ERROR : NL_SEVERITY_NONE;
        nl_set_diagnostic_handler_with_minimum(count_reports, minimum_severity, &minimum);
    } else if (mode[0] == 0) with_handler = 0;
    else { fprintf(stderr, "e2e: the third argument is handler, errors or none, not %s\n", mode); return 2; }
    if (with_handler) snprintf(label, sizeof label, " (%s)", mode);
    for (k = -warm; k < sessions; k++) {
        nl_map_view *map = nl_map_view_create_preset(preset);
        if (map == NULL) check(NL_ERR_INVALID_ARGUMENT, "preset");
        check(nl_sample_delegate_install(map), "install");
        check(nl_map_view_layout_if_needed(map), "initial layout");
        for (i = 0; i < NSTEPS; i++) {
            double t0 = now_ns();
            check(step_fns[i](map), steps[i].name);
            if (k >= 0) t[i * sessions + k] = now_ns() - t0;
        }
        check(nl_map_view_destroy(map), "destroy");
    }
    for (i = 0; i < NSTEPS; i++) {
        snprintf(name, sizeof name, "e2e C%s %s: %s", label, preset, steps[i].name);
        print_times(name, &t[i * sessions], sessions);
        for (k = 0; k < sessions; k++) all[n++] = t[i * sessions + k];
    }
    snprintf(name, sizeof name, "e2e C%s %s: transition (every step)", label, preset);
    print_times(name, all, n);
    if (with_handler) fprintf(stderr, "e2e: %ld diagnostic reports\n", reports);
    free(t);
    free(all);
    return 0;
}
