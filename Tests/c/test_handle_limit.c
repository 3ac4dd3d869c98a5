/* The handle table's capacity (issue 8): NL_MAX_LIVE_HANDLES live handles, then
 * NL_ERR_LIMIT_EXCEEDED (not NL_ERR_INTERNAL) from every kind of call that needs a new handle,
 * nothing changed by a refused raw-solver call, and the table usable again once handles are freed.
 *
 * It reaches the real limit: the limit comes from the 24-bit slot index of the handle encoding and
 * is not configurable, so the test fills the table with 16,777,215 variable handles (the cheapest
 * kind). That takes a few seconds and about 2 GB in the Release build. Under the sanitizers
 * (scripts/test-reliability.sh sets NL_MEMORY_SCALE below 1) it would take minutes and many GB, so
 * there it runs only the checks that need no full table and says so; the Release CTest always runs
 * it whole. */
#include <stdlib.h>

#include "check.h"

/* One solver, `x`, and every free slot filled with variables; returns how many were created. */
static size_t fill_table(nl_solver *s, nl_variable ***out_vars) {
    size_t cap = (size_t)1 << 24, n = 0;
    nl_variable **vars = malloc(cap * sizeof *vars);
    if (!vars) { fprintf(stderr, "out of memory\n"); exit(2); }
    for (;;) {
        nl_variable *v = nl_variable_create(s, NULL);
        if (!v) break;
        if (n == cap) { fprintf(stderr, "more handles than NL_MAX_LIVE_HANDLES\n"); exit(1); }
        vars[n++] = v;
    }
    *out_vars = vars;
    return n;
}

static void check_names(void) {
    CHECK(strcmp(nl_status_name(NL_ERR_LIMIT_EXCEEDED), "NL_ERR_LIMIT_EXCEEDED") == 0, "status name");
    CHECK(NL_ERR_LIMIT_EXCEEDED == 12, "appended after NL_ERR_CALLBACK_FAILED (11)");
    CHECK(NL_MAX_LIVE_HANDLES == (1 << 24) - 1, "24-bit slot index, slot 0 unused");
}

/* nl_last_error_status follows the failures of this thread and is left alone by successes. */
static void check_last_error_status(void) {
    CHECK(nl_variable_create(NULL, "v") == NULL, "NULL solver");
    CHECK(nl_last_error_status() == NL_ERR_INVALID_HANDLE, "got %s", nl_status_name(nl_last_error_status()));
    nl_solver *s = nl_solver_create();
    CHECK(s != NULL, "solver");
    CHECK(nl_last_error_status() == NL_ERR_INVALID_HANDLE, "a success leaves the status");
    CHECK_STATUS(nl_solver_suggest_value(s, NULL, 1), NL_ERR_INVALID_HANDLE);
    nl_variable *v = nl_variable_create(s, "v");
    CHECK_STATUS(nl_solver_suggest_value(s, v, 1), NL_ERR_UNKNOWN);
    CHECK(nl_last_error_status() == NL_ERR_UNKNOWN, "got %s", nl_status_name(nl_last_error_status()));
    CHECK_OK(nl_solver_destroy(s));
}

static void check_full_table(void) {
    nl_solver *s = nl_solver_create();
    nl_variable *x = nl_variable_create(s, "x");
    CHECK(s && x, "solver and x");
    nl_term tx = {x, 1};
    nl_solver_constraint *c0 = NULL;
    CHECK_OK(nl_solver_add_constraint(s, &tx, 1, -5, NL_GREATER_OR_EQUAL, NL_STRENGTH_REQUIRED, &c0));

    nl_variable **vars = NULL;
    size_t n = fill_table(s, &vars);
    /* Live before the fill: s, x, c0. The process made no other handle that is still live. */
    CHECK(n + 3 == NL_MAX_LIVE_HANDLES, "%zu variables fit after 3 live handles, expected %d", n,
          NL_MAX_LIVE_HANDLES - 3);
    CHECK(nl_last_error_status() == NL_ERR_LIMIT_EXCEEDED, "variable: got %s",
          nl_status_name(nl_last_error_status()));
    CHECK_MESSAGE_HAS("NL_MAX_LIVE_HANDLES = 16777215");
    CHECK_MESSAGE_HAS("variable");

    /* Status-returning calls that need a handle: NL_ERR_LIMIT_EXCEEDED, solver unchanged. */
    char *before = nl_solver_dump(s);
    nl_solver_constraint *c = (nl_solver_constraint *)(uintptr_t)1;
    CHECK_STATUS(nl_solver_add_constraint(s, &tx, 1, -10, NL_EQUAL, NL_STRENGTH_STRONG, &c), NL_ERR_LIMIT_EXCEEDED);
    CHECK_MESSAGE_HAS("solver constraint");
    CHECK(c == (nl_solver_constraint *)(uintptr_t)1, "*out untouched on failure");
    CHECK_STATUS(nl_solver_constraint_create(s, &tx, 1, -10, NL_EQUAL, NL_STRENGTH_STRONG, &c), NL_ERR_LIMIT_EXCEEDED);
    char *after = nl_solver_dump(s);
    CHECK(before && after && strcmp(before, after) == 0, "solver changed by refused calls:\n%s\n---\n%s", before, after);
    nl_string_free(before);
    nl_string_free(after);
    /* Calls that need no new handle still work. */
    CHECK_OK(nl_solver_update_variables(s));
    double xv = 0;
    CHECK_OK(nl_variable_value(x, &xv));
    CHECK(xv == 5, "x = %g", xv);

    /* Handle-returning calls: NULL, and nl_last_error_status() tells why. */
    CHECK(nl_solver_create() == NULL, "solver");
    CHECK(nl_last_error_status() == NL_ERR_LIMIT_EXCEEDED, "solver: got %s", nl_status_name(nl_last_error_status()));
    CHECK(nl_map_view_create_preset("iphone-portrait") == NULL, "map view");
    CHECK(nl_last_error_status() == NL_ERR_LIMIT_EXCEEDED, "map view: got %s", nl_status_name(nl_last_error_status()));
    CHECK_MESSAGE_HAS("map view");

    /* One free slot: a map view needs two (map + root view), so it still fails and must not keep
     * the first one; the slot then serves a constraint. */
    CHECK_OK(nl_variable_destroy(vars[--n]));
    CHECK(nl_map_view_create_preset("iphone-portrait") == NULL, "map view with one free slot");
    CHECK(nl_last_error_status() == NL_ERR_LIMIT_EXCEEDED, "got %s", nl_status_name(nl_last_error_status()));
    CHECK_OK(nl_solver_add_constraint(s, &tx, 1, -10, NL_EQUAL, NL_STRENGTH_STRONG, &c));
    CHECK_OK(nl_solver_update_variables(s));
    CHECK_OK(nl_variable_value(x, &xv));
    CHECK(xv == 10, "x = %g", xv);
    CHECK(nl_variable_create(s, NULL) == NULL, "full again");
    CHECK(nl_last_error_status() == NL_ERR_LIMIT_EXCEEDED, "got %s", nl_status_name(nl_last_error_status()));

    /* Three free slots: a map view (two) and one of its views. */
    CHECK_OK(nl_variable_destroy(vars[--n]));
    CHECK_OK(nl_variable_destroy(vars[--n]));
    CHECK_OK(nl_variable_destroy(vars[--n]));
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    CHECK(map != NULL, "map view with three free slots: %s", nl_last_error_message());
    nl_view *v1 = nl_view_create(map);
    CHECK(v1 != NULL, "view: %s", nl_last_error_message());
    CHECK(nl_view_create(map) == NULL, "no fourth slot");
    CHECK(nl_last_error_status() == NL_ERR_LIMIT_EXCEEDED, "view: got %s", nl_status_name(nl_last_error_status()));
    CHECK_MESSAGE_HAS("view");
    CHECK_OK(nl_map_view_destroy(map));

    /* Destroying the solver frees every slot at once. */
    CHECK_OK(nl_solver_destroy(s));
    free(vars);
    nl_solver *s2 = nl_solver_create();
    CHECK(s2 != NULL, "solver after the table emptied: %s", nl_last_error_message());
    nl_variable *y = nl_variable_create(s2, "y");
    CHECK(y != NULL, "variable after the table emptied");
    CHECK_OK(nl_solver_destroy(s2));
}

int main(void) {
    check_names();
    check_last_error_status();
    const char *scale = getenv("NL_MEMORY_SCALE");
    if (scale && atof(scale) < 1.0) {
        printf("NL_MEMORY_SCALE=%s: not filling the table (%d handles; the Release CTest does)\n", scale,
               NL_MAX_LIVE_HANDLES);
    } else {
        check_full_table();
    }
    return check_summary("test_handle_limit");
}
