/*
 * Issue 17, item 2: destroying objects between layout passes. The loop — create a host
 * view, add it to the root, activate a constraint on it, destroy the constraint, destroy the
 * view, repeat without reading a frame — 16,000 times. Before the fix each destroy filtered a
 * dictionary of every destroyed view still alive (MapContext.markDestroyed), and every view stayed
 * alive until the next layout pass (the pass's queue held its constraint): 16,000 cycles took
 * 17–51 s and the resident set grew 6 → 21 MB. Speed is bench/destroy_cycles.c's job (growth
 * exponent); this test checks what the fix guarantees without timing anything:
 *   - the resident set stays flat over the loop (< 3 MB growth after a 2,000-cycle warm-up; the
 *     destroyed views are freed before any pass) — fails before the fix (about 15 MB);
 *   - every destroyed handle stays refused, a destroyed view is never handed out again (a
 *     constraint that still names it cannot give its anchor), and the first pass afterwards lays
 *     out what is live.
 * NL_MEMORY_SCALE scales the loop (the sanitizer run); NL_MEMORY_NO_RSS_CHECK=1 skips the RSS
 * check (sanitizer allocators keep freed memory in quarantine).
 */
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

static double rss_mb(void) {
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL) return 0;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    fclose(f);
    return (double)resident * (double)sysconf(_SC_PAGESIZE) / (1024.0 * 1024.0);
}

static int cycle(nl_map_view *map, nl_view *root) {
    nl_view *v = nl_view_create(map);
    nl_constraint *c;
    if (v == NULL || nl_view_add_subview(root, v) != NL_OK) return 0;
    c = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_EQUAL, 10);
    if (c == NULL || nl_constraint_activate(c) != NL_OK) return 0;
    if (nl_constraint_destroy(c) != NL_OK || nl_view_destroy(v) != NL_OK) return 0;
    /* both handles are dead at once */
    return nl_view_destroy(v) == NL_ERR_INVALID_HANDLE && nl_constraint_destroy(c) == NL_ERR_INVALID_HANDLE;
}

int main(void) {
    const char *scale_env = getenv("NL_MEMORY_SCALE");
    double scale = scale_env ? atof(scale_env) : 1.0;
    long cycles = (long)(16000 * scale), warm = cycles / 8, i, bad = 0;
    double limit = getenv("NL_MEMORY_NO_RSS_CHECK") ? 1e9 : 3.0, before, after;
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *root = nl_map_view_root(map), *kept, *dead;
    nl_constraint *names_dead;
    nl_anchor a;
    nl_rect r;

    for (i = 0; i < warm; i++) bad += !cycle(map, root);
    before = rss_mb();
    for (i = warm; i < cycles; i++) bad += !cycle(map, root);
    after = rss_mb();
    printf("destroy cycles: %ld without a layout pass: RSS %.1f MB after %ld, %.1f MB after %ld (%+.2f MB)\n",
           cycles, before, warm, after, cycles, after - before);
    CHECK(bad == 0, "%ld cycles failed (last error: %s)", bad, nl_last_error_message());
    CHECK(after - before < limit, "RSS grew by %.2f MB over %ld cycles without a layout pass",
          after - before, cycles - warm);

    /* A constraint that outlives its destroyed view: the view is never handed out again. */
    dead = nl_view_create(map);
    CHECK_OK(nl_view_set_identifier(dead, "dead"));
    CHECK_OK(nl_view_add_subview(root, dead));
    names_dead = nl_constraint_create_constant(map, nl_view_anchor(dead, NL_ANCHOR_HEIGHT), NL_EQUAL, 5);
    CHECK(names_dead != NULL, "constraint on the view");
    CHECK_OK(nl_view_destroy(dead));
    CHECK_STATUS(nl_constraint_first_anchor(names_dead, &a), NL_ERR_INVALID_HANDLE);
    CHECK_MESSAGE_HAS("'dead' was destroyed");
    CHECK_STATUS(nl_constraint_activate(names_dead), NL_ERR_INVALID_HANDLE);
    CHECK_OK(nl_constraint_destroy(names_dead));

    /* The first pass after the loop lays out what is live: a 40 × 30 view at the top-left. */
    kept = nl_view_create(map);
    CHECK_OK(nl_view_add_subview(root, kept));
    {
        nl_constraint *cs[4];
        cs[0] = nl_constraint_create_constant(map, nl_view_anchor(kept, NL_ANCHOR_WIDTH), NL_EQUAL, 40);
        cs[1] = nl_constraint_create_constant(map, nl_view_anchor(kept, NL_ANCHOR_HEIGHT), NL_EQUAL, 30);
        cs[2] = nl_constraint_create(map, nl_view_anchor(kept, NL_ANCHOR_LEFT), NL_EQUAL,
                                     nl_view_anchor(root, NL_ANCHOR_LEFT), 1, 0);
        cs[3] = nl_constraint_create(map, nl_view_anchor(kept, NL_ANCHOR_TOP), NL_EQUAL,
                                     nl_view_anchor(root, NL_ANCHOR_TOP), 1, 0);
        CHECK_OK(nl_constraints_activate(cs, 4));
    }
    CHECK_OK(nl_view_frame(kept, &r));
    CHECK_RECT(r, 0, 0, 40, 30, "the constraints just activated");
    {
        size_t n = 0;
        CHECK_OK(nl_view_subview_count(root, &n));
        CHECK(n == 1, "the root holds only the kept view, got %zu subviews", n);
    }
    CHECK_OK(nl_map_view_destroy(map));
    return check_summary("destroy_cycles");
}
