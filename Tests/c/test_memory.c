/*
 * Issue 8: memory stays flat.
 *   1. 10,000 map-view create/destroy cycles (each with host views, a hiding stack, active
 *      constraints, a delegate and a navigation session) — the resident set must not grow.
 *   2. 100,000 navigation transitions on one map view (enable, start guidance, prompts shown,
 *      changed and dismissed, stop guidance, disable, resize) — the resident set must not grow.
 * Measured from /proc/self/statm after a warm-up; prints the numbers ("memory: ...").
 * NL_MEMORY_SCALE=0.1 runs a tenth of the iterations; NL_MEMORY_NO_RSS_CHECK=1 only prints the
 * numbers (sanitizer builds, whose allocator keeps freed memory in quarantine).
 */
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "sample_delegate.h"

static double rss_mb(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL) return 0;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    fclose(f);
    return (double)resident * (double)sysconf(_SC_PAGESIZE) / (1024.0 * 1024.0);
}

static void one_map_lifetime(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *root = nl_map_view_root(map), *a = nl_view_create(map), *b = nl_view_create(map);
    nl_view *stack = nl_hiding_stack_create(map, NL_STACK_POSITION_BOTTOM, NL_STACK_ALIGNMENT_TRAILING);
    nl_view *arranged[2];
    nl_constraint *c;
    nl_rect r;
    arranged[0] = a;
    arranged[1] = b;
    nl_view_add_subview(root, stack);
    nl_hiding_stack_set_arranged_subviews(stack, arranged, 2);
    nl_view_set_intrinsic_size(a, 40, 40);
    c = nl_constraint_create(map, nl_view_anchor(stack, NL_ANCHOR_TRAILING), NL_EQUAL,
                             nl_view_anchor(root, NL_ANCHOR_TRAILING), 1, -8);
    nl_constraint_activate(c);
    nl_view_frame(a, &r);
    nl_sample_delegate_install(map);
    nl_map_view_set_navigation_enabled(map, true);
    nl_map_view_start_guidance(map);
    nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT);
    nl_map_view_advance_time(map, 1);
    CHECK_OK(nl_map_view_destroy(map));
}

static nl_status transition(nl_map_view *map, long i) {
    switch (i % 10) {
    case 0: return nl_map_view_set_navigation_enabled(map, true);
    case 1: return nl_map_view_start_guidance(map);
    case 2: return nl_map_view_trigger_prompt(map, NL_PROMPT_TRAFFIC);
    case 3: return nl_map_view_trigger_prompt(map, NL_PROMPT_SPEED_CAMERA);  /* change_prompt */
    case 4: return nl_map_view_advance_time(map, 0.5);
    case 5: return nl_map_view_dismiss_prompt(map);
    case 6: return nl_map_view_set_size(map, (i / 10) % 2 ? 852 : 393, (i / 10) % 2 ? 393 : 852,
                                        (nl_insets){0, 0, 0, 0});
    case 7: return nl_map_view_stop_guidance(map);
    case 8: return nl_map_view_advance_time(map, 0.5);
    default: return nl_map_view_set_navigation_enabled(map, false);
    }
}

int main(void) {
    const char *scale_env = getenv("NL_MEMORY_SCALE");
    double scale = scale_env ? atof(scale_env) : 1.0;
    long maps = (long)(10000 * scale), transitions = (long)(100000 * scale), i;
    long warm_maps = maps / 10, warm_transitions = transitions / 10;
    double before, after, growth;
    /* under ASan the allocator's quarantine makes RSS meaningless: leaks are LSan's job there */
    double limit = getenv("NL_MEMORY_NO_RSS_CHECK") ? 1e9 : 4.0;
    nl_map_view *map;
    int failures = 0;

    /* 1. create/destroy cycles */
    for (i = 0; i < warm_maps; i++) one_map_lifetime();
    before = rss_mb();
    for (i = warm_maps; i < maps; i++) one_map_lifetime();
    after = rss_mb();
    growth = after - before;
    printf("memory: %ld map-view create/destroy cycles: RSS %.1f MB after %ld, %.1f MB after %ld (%+.2f MB)\n",
           maps, before, warm_maps, after, maps, growth);
    CHECK(growth < limit, "RSS grew by %.2f MB over %ld map-view lifetimes", growth, maps - warm_maps);

    /* 2. navigation transitions on one map view (the built-in layout: with a C delegate, prompt
       handles given to callbacks stay valid until the host destroys them or the map view) */
    map = nl_map_view_create_preset("iphone-portrait");
    for (i = 0; i < warm_transitions; i++) if (transition(map, i) != NL_OK) failures++;
    before = rss_mb();
    for (i = warm_transitions; i < transitions; i++) if (transition(map, i) != NL_OK) failures++;
    after = rss_mb();
    growth = after - before;
    printf("memory: %ld navigation transitions: RSS %.1f MB after %ld, %.1f MB after %ld (%+.2f MB)\n",
           transitions, before, warm_transitions, after, transitions, growth);
    CHECK(failures == 0, "%d transitions failed (last: %s)", failures, nl_last_error_message());
    CHECK(growth < limit, "RSS grew by %.2f MB over %ld transitions", growth, transitions - warm_transitions);
    CHECK_OK(nl_map_view_destroy(map));
    return check_summary("memory");
}
