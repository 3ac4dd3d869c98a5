/*
 * Issue 17, minor items, error messages:
 *   - a size_t count is printed as the caller's value: SIZE_MAX is 18446744073709551615, not -1
 *     (before the fix "constraints is NULL but count is -1"), in every call that takes one —
 *     and none traps on it (nl_view_constraints_affecting_layout did);
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

    /* the calls added since (z-order, accessibility, diagnostics, constraints affecting layout,
       hiding stacks, the sweep's band page): each refuses SIZE_MAX and names it unsigned. Before
       the fix nl_view_constraints_affecting_layout(v, axis, NULL, SIZE_MAX, &n) trapped (the
       process died of SIGILL: the capacity arrived as -1 and went to prefix(-1)) and
       nl_map_view_sweep_viewer_page said "band_index -1". */
    {
        nl_view *root = nl_map_view_root(map);
        nl_diagnostic d;
        size_t n = 7;
        char *page = NULL, *result = NULL;
        nl_sweep_options so;
        memset(&d, 0, sizeof d);
        d.struct_size = sizeof d;
        CHECK_OK(nl_view_add_subview(root, other));
        check_size_max(nl_view_insert_subview_at(root, v, SIZE_MAX), "nl_view_insert_subview_at");
        check_size_max(nl_view_exchange_subviews(root, 0, SIZE_MAX), "nl_view_exchange_subviews");
        CHECK(nl_map_view_accessibility_element(map, SIZE_MAX) == NULL, "element SIZE_MAX");
        check_size_max(nl_last_error_status(), "nl_map_view_accessibility_element");
        check_size_max(nl_map_view_set_accessibility_elements(map, NULL, SIZE_MAX), "nl_map_view_set_accessibility_elements");
        check_size_max(nl_map_view_diagnostic(map, SIZE_MAX, &d), "nl_map_view_diagnostic");
        check_size_max(nl_view_constraints_affecting_layout(other, NL_AXIS_HORIZONTAL, NULL, SIZE_MAX, &n),
                       "nl_view_constraints_affecting_layout");
        check_size_max(nl_guide_constraints_affecting_layout(nl_view_safe_area_guide(root), NL_AXIS_VERTICAL, NULL,
                                                             SIZE_MAX, &n), "nl_guide_constraints_affecting_layout");
        CHECK(n == 7, "nothing written on failure: count %zu", n);
        CHECK(nl_hiding_stack_arranged_subview(stack, SIZE_MAX) == NULL, "arranged subview SIZE_MAX");
        check_size_max(nl_last_error_status(), "nl_hiding_stack_arranged_subview");
        /* a real sweep result (the built-in layout, 380-381 pt: one band) for the band page */
        memset(&so, 0, sizeof so);
        so.struct_size = sizeof so;
        so.axis = NL_SWEEP_WIDTH;
        so.start = 380;
        so.stop = 381;
        so.fixed = 852;
        so.threads = 1;
        CHECK_OK(nl_sweep(&so, NULL, NULL, &result));
        if (result) {
            check_size_max(nl_map_view_sweep_viewer_page(map, result, SIZE_MAX, &page), "nl_map_view_sweep_viewer_page");
            CHECK(page == NULL, "no page on failure");
        }
        nl_string_free(result);
        CHECK_OK(nl_view_remove_from_superview(other));
    }

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
