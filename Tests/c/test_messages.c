/*
 * Issue 17, minor items, error messages:
 *   - a size_t count is printed as the caller's value: SIZE_MAX is 18446744073709551615, not -1
 *     (before the fix "constraints is NULL but count is -1");
 *   - a host's long string is cut in messages: a 1 MB preset name, view identifier or constraint
 *     identifier appears as its first 100 characters, "…" and the number left out (before the fix
 *     the whole megabyte was copied into the message).
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

#define BIG (1 << 20)

static void check_size_max(nl_status st, const char *call) {
    CHECK(st == NL_ERR_INVALID_ARGUMENT, "%s: %s", call, nl_status_name(st));
    CHECK(strstr(nl_last_error_message(), "18446744073709551615") != NULL &&
          strstr(nl_last_error_message(), "-1") == NULL,
          "%s: message \"%s\" shows SIZE_MAX as the caller's value", call, nl_last_error_message());
}

static void check_short(const char *what) {
    size_t n = strlen(nl_last_error_message());
    CHECK(n < 1000, "%s: the message is %zu bytes long", what, n);
    CHECK(strstr(nl_last_error_message(), "more characters)") != NULL, "%s: message \"%.300s\" says it was cut",
          what, nl_last_error_message());
}

int main(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *stack = nl_hiding_stack_create(map, NL_STACK_POSITION_BOTTOM, NL_STACK_ALIGNMENT_TRAILING);
    nl_view *v = nl_view_create(map), *other = nl_view_create(map);
    nl_solver *s = nl_solver_create();
    nl_solver_constraint *sc = NULL;
    nl_constraint *c;
    double out[1];
    char *big = malloc(BIG + 1);
    memset(big, 'x', BIG);
    big[BIG] = 0;

    check_size_max(nl_constraints_activate(NULL, SIZE_MAX), "nl_constraints_activate");
    check_size_max(nl_constraints_deactivate(NULL, SIZE_MAX), "nl_constraints_deactivate");
    check_size_max(nl_hiding_stack_set_arranged_subviews(stack, NULL, SIZE_MAX), "nl_hiding_stack_set_arranged_subviews");
    check_size_max(nl_solver_constraint_create(s, NULL, SIZE_MAX, 0, NL_EQUAL, NL_STRENGTH_REQUIRED, &sc),
                   "nl_solver_constraint_create");
    check_size_max(nl_solver_add_constraints(s, NULL, SIZE_MAX), "nl_solver_add_constraints");
    check_size_max(nl_solver_variable_values(s, NULL, SIZE_MAX, out), "nl_solver_variable_values");

    CHECK(nl_map_view_create_preset(big) == NULL, "a 1 MB preset name is refused");
    CHECK(nl_last_error_status() == NL_ERR_INVALID_ARGUMENT, "status");
    check_short("nl_map_view_create_preset");
    CHECK(strstr(nl_last_error_message(), "unknown preset \"xxxx") != NULL, "it still names the start of it");

    CHECK_OK(nl_view_set_identifier(v, big));
    CHECK_STATUS(nl_view_add_subview(v, v), NL_ERR_INVALID_ARGUMENT);
    check_short("a view named with 1 MB");
    /* a constraint whose items share no ancestor, with a 1 MB identifier */
    c = nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_EQUAL, nl_view_anchor(other, NL_ANCHOR_WIDTH), 1, 0);
    CHECK(c != NULL, "constraint");
    CHECK_OK(nl_constraint_set_identifier(c, big));
    CHECK_STATUS(nl_constraint_activate(c), NL_ERR_NO_COMMON_ANCESTOR);
    check_short("a constraint named with 1 MB between views named with 1 MB");
    /* the identifier itself is kept whole */
    {
        char *id = nl_view_identifier(v);
        CHECK(id != NULL && strlen(id) == BIG, "the identifier is kept whole");
        nl_string_free(id);
    }
    free(big);
    CHECK_OK(nl_solver_destroy(s));
    CHECK_OK(nl_map_view_destroy(map));
    return check_summary("messages");
}
