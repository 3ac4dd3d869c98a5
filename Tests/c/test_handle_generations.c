/*
 * Issue 17, item 1: a stale handle is detected for the whole life of the process. A slot of the
 * handle table issues the generations 1 ... 2^32 - 1 once each and is then retired (never reused),
 * so no handle value is ever issued twice (docs/design.md "Handles").
 *
 * Reaching a slot's last generation takes 4.3e9 create/destroy cycles; this test starts every
 * slot at generation 2^32 - 6 with the test hook NAVLAYOUT_TEST_FIRST_GENERATION (read when the
 * process makes its first handle, hence the setenv before any other call), so the shipped 32-bit
 * encoding reaches its end, and the slot retires, within a dozen cycles. Before the fix the hook
 * did not exist and generations were 24 bits wide, wrapping to 1; Tests/c/test_stale_handles.c
 * runs the 16,777,215-cycle wrap-around on the shipped configuration, without the hook.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

#define FIRST 4294967290ull  /* 2^32 - 6: each slot issues 6 handles (2^32 - 6 ... 2^32 - 1) */
#define CYCLES 20            /* more than 3 slots' worth */

/* The slot index of a handle value: its low 24 bits (docs/design.md "Handles"). */
static unsigned slot_of(const void *h) { return (unsigned)((uintptr_t)h & 0xFFFFFFu); }

static void views(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *root = nl_map_view_root(map), *stale[CYCLES], *live;
    char id[16], *got;
    int i, j, distinct = 1, refused = 0, slot_changes = 0;
    for (i = 0; i < CYCLES; i++) {
        stale[i] = nl_view_create(map);
        snprintf(id, sizeof id, "v%d", i);
        CHECK_OK(nl_view_set_identifier(stale[i], id));
        CHECK_OK(nl_view_add_subview(root, stale[i]));
        CHECK_OK(nl_view_destroy(stale[i]));
        for (j = 0; j < i; j++) if (stale[j] == stale[i]) distinct = 0;
        if (i > 0 && slot_of(stale[i]) != slot_of(stale[i - 1])) slot_changes++;
    }
    CHECK(distinct, "a handle value was issued twice");
    /* LIFO reuse of one slot: it moves to a fresh slot exactly when the old one retires, every
       6 handles (generations 2^32 - 6 ... 2^32 - 1) */
    CHECK(slot_changes == (CYCLES - 1) / 6, "slot changed %d times in %d cycles, expected %d",
          slot_changes, CYCLES, (CYCLES - 1) / 6);
    live = nl_view_create(map);
    CHECK_OK(nl_view_set_identifier(live, "live"));
    CHECK_OK(nl_view_add_subview(root, live));
    for (i = 0; i < CYCLES; i++) {
        got = nl_view_identifier(stale[i]);
        if (got == NULL && nl_last_error_status() == NL_ERR_INVALID_HANDLE &&
            strstr(nl_last_error_message(), "is stale") != NULL) refused++;
        nl_string_free(got);
        CHECK_STATUS(nl_view_destroy(stale[i]), NL_ERR_INVALID_HANDLE);
    }
    CHECK(refused == CYCLES, "%d of %d stale view handles refused as stale", refused, CYCLES);
    got = nl_view_identifier(live);
    CHECK(got != NULL && strcmp(got, "live") == 0, "the live view survived every stale destroy, got %s",
          got ? got : "NULL");
    nl_string_free(got);
    CHECK_OK(nl_map_view_destroy(map));
    CHECK_STATUS(nl_view_destroy(live), NL_ERR_INVALID_HANDLE);
}

static void solver_handles(void) {
    nl_solver *s = nl_solver_create(), *stale_solver;
    nl_variable *stale[CYCLES], *live;
    char *name;
    int i, j, distinct = 1;
    CHECK(s != NULL, "solver");
    for (i = 0; i < CYCLES; i++) {
        stale[i] = nl_variable_create(s, "old");
        CHECK(stale[i] != NULL, "variable %d", i);
        CHECK_OK(nl_variable_destroy(stale[i]));
        for (j = 0; j < i; j++) if (stale[j] == stale[i]) distinct = 0;
    }
    CHECK(distinct, "a variable handle value was issued twice");
    live = nl_variable_create(s, "live");
    for (i = 0; i < CYCLES; i++) {
        CHECK(nl_variable_name(stale[i]) == NULL, "stale variable %d answered", i);
        CHECK_STATUS(nl_variable_destroy(stale[i]), NL_ERR_INVALID_HANDLE);
    }
    name = nl_variable_name(live);
    CHECK(name != NULL && strcmp(name, "live") == 0, "the live variable survived");
    nl_string_free(name);
    /* solvers themselves: create and destroy past a slot's last generation */
    for (i = 0; i < 8; i++) {
        stale_solver = nl_solver_create();
        CHECK_OK(nl_solver_destroy(stale_solver));
        CHECK_STATUS(nl_solver_destroy(stale_solver), NL_ERR_INVALID_HANDLE);
    }
    CHECK_OK(nl_solver_destroy(s));
}

int main(void) {
    char first[32];
    snprintf(first, sizeof first, "%llu", FIRST);
    setenv("NAVLAYOUT_TEST_FIRST_GENERATION", first, 1);  /* before the process's first handle */
    views();
    solver_handles();
    return check_summary("handle_generations");
}
