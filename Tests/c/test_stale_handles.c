/*
 * Issue 17, item 1, at full scale on the shipped configuration (no test hook): one table slot
 * is reused 16,777,216 times, past the 16,777,215 generations a 24-bit counter had. Before the
 * fix the generation wrapped, and the 16,777,215th object created after a stale handle matched
 * it: nl_variable_name(stale) answered with the new variable's name and nl_variable_destroy(stale)
 * destroyed it (the issue showed the same with nl_view_identifier / nl_view_destroy). Now every
 * generation of a slot is issued once (32 bits, then the slot retires), so the stale handle stays
 * refused. The stale handle is checked around the old wrap-around points and every 65,536 cycles.
 * About 4-10 s in the Release build (variables: the cheapest handles). Skipped under the
 * sanitizers (NL_MEMORY_SCALE < 1), where it would take minutes; test_handle_generations.c
 * covers the same code paths there.
 */
#include <stdlib.h>

#include "check.h"

#define PERIOD_24 16777215L  /* generations of the old 24-bit counter (0 skipped) */

int main(void) {
    const char *scale = getenv("NL_MEMORY_SCALE");
    nl_solver *s;
    nl_variable *stale, *v = NULL;
    long k, checked = 0, answered = 0, failed = 0;
    if (scale != NULL && atof(scale) < 1.0) {
        printf("stale_handles: skipped at NL_MEMORY_SCALE=%s (16.8 M cycles)\n", scale);
        return check_summary("stale_handles");
    }
    s = nl_solver_create();
    stale = nl_variable_create(s, "stale");
    CHECK_OK(nl_variable_destroy(stale));
    for (k = 1; k <= PERIOD_24 + 1; k++) {
        v = nl_variable_create(s, "new");
        if (v == NULL) { CHECK(0, "create %ld: %s", k, nl_last_error_message()); break; }
        if (k % 65536 == 0 || k >= PERIOD_24 - 2) {
            char *name = nl_variable_name(stale);
            checked++;
            if (name != NULL) {
                answered++;
                fprintf(stderr, "cycle %ld: the stale handle answered '%s'\n", k, name);
                nl_string_free(name);
            }
            if (nl_variable_destroy(stale) == NL_OK) {
                CHECK(0, "cycle %ld: destroying the stale handle destroyed the new variable", k);
                continue;
            }
        }
        if (k <= PERIOD_24 && nl_variable_destroy(v) != NL_OK) failed++;
    }
    CHECK(failed == 0, "%ld destroys failed", failed);
    printf("stale_handles: %ld create/destroy cycles of one slot, stale handle checked %ld times\n", k - 1, checked);
    CHECK(answered == 0, "the stale handle answered %ld times", answered);
    {
        char *name = nl_variable_name(v);
        CHECK(name != NULL && strcmp(name, "new") == 0, "the last variable is alive");
        nl_string_free(name);
    }
    CHECK_OK(nl_solver_destroy(s));
    return check_summary("stale_handles");
}
