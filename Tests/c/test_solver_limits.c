/* Magnitude limits of the raw solver (issue 8): |coefficient| <= NL_SOLVER_MAX_COEFFICIENT (1e6),
 * |constant| and |suggested value| <= NL_SOLVER_MAX_CONSTANT (1e12), bounds accepted; anything
 * beyond is NL_ERR_INVALID_ARGUMENT with a message naming the argument and the limit, and leaves
 * the solver unchanged (same dump). The numbers at the boundary are the header's macros and their
 * neighbours (nextafter) and 1.0000001 times them. */
#include <math.h>
#include <stdlib.h>

#include "check.h"

static nl_solver *s;
static nl_variable *x, *y;

/* Adding `x*cx + y*cy + constant == 0` (optional, weak) gives `expected`; on refusal the dump is
 * unchanged and the message names `needle`. */
static void add_one(double cx, double cy, double constant, nl_status expected, const char *needle) {
    char *before = nl_solver_dump(s);
    nl_term t[2] = {{x, cx}, {y, cy}};
    nl_solver_constraint *c = NULL;
    nl_status got = nl_solver_add_constraint(s, t, 2, constant, NL_EQUAL, NL_STRENGTH_WEAK, &c);
    CHECK(got == expected, "add x*%.17g + y*%.17g + %.17g: %s (%s), expected %s", cx, cy, constant,
          nl_status_name(got), nl_last_error_message(), nl_status_name(expected));
    if (got == NL_OK) {
        CHECK_OK(nl_solver_constraint_destroy(c));
    } else {
        if (needle) CHECK_MESSAGE_HAS(needle);
        char *after = nl_solver_dump(s);
        CHECK(before && after && strcmp(before, after) == 0, "dump changed by a refused constraint");
        nl_string_free(after);
        /* nl_solver_constraint_create validates the same way. */
        nl_solver_constraint *c2 = NULL;
        CHECK_STATUS(nl_solver_constraint_create(s, t, 2, constant, NL_EQUAL, NL_STRENGTH_WEAK, &c2), expected);
        CHECK(c2 == NULL, "no handle on failure");
    }
    nl_string_free(before);
}

static void check_macros(void) {
    CHECK(NL_SOLVER_MAX_COEFFICIENT == 1e6, "NL_SOLVER_MAX_COEFFICIENT = %g", NL_SOLVER_MAX_COEFFICIENT);
    CHECK(NL_SOLVER_MAX_CONSTANT == 1e12, "NL_SOLVER_MAX_CONSTANT = %g", NL_SOLVER_MAX_CONSTANT);
}

static void check_coefficients(void) {
    const double m = NL_SOLVER_MAX_COEFFICIENT;
    add_one(m, 1, 0, NL_OK, NULL);
    add_one(-m, 1, 0, NL_OK, NULL);
    add_one(1, m, 0, NL_OK, NULL);
    add_one(1.0000001e6, 1, 0, NL_ERR_INVALID_ARGUMENT, "terms[0].coefficient");
    add_one(1, -1.0000001e6, 0, NL_ERR_INVALID_ARGUMENT, "terms[1].coefficient");
    add_one(nextafter(m, INFINITY), 1, 0, NL_ERR_INVALID_ARGUMENT, "NL_SOLVER_MAX_COEFFICIENT");
    add_one(1, -nextafter(m, INFINITY), 0, NL_ERR_INVALID_ARGUMENT, "NL_SOLVER_MAX_COEFFICIENT");
    add_one(1e300, 1, 0, NL_ERR_INVALID_ARGUMENT, "1e6");
    add_one(NAN, 1, 0, NL_ERR_INVALID_ARGUMENT, "must be finite");
    add_one(1, INFINITY, 0, NL_ERR_INVALID_ARGUMENT, "must be finite");
    /* Tiny coefficients are not refused (the solver's tolerance treats them as 0). */
    add_one(1e-300, 1, 0, NL_OK, NULL);
    add_one(-1e-10, 1, 0, NL_OK, NULL);
    /* The limit applies to the sum of a repeated variable's terms (the solver adds them up):
       x*1e6 + x*1e6 is 2e6*x, refused by create and add alike, solver unchanged. */
    char *before = nl_solver_dump(s);
    nl_term twice[2] = {{x, m}, {x, m}};
    nl_solver_constraint *c = NULL;
    CHECK_STATUS(nl_solver_add_constraint(s, twice, 2, 0, NL_EQUAL, NL_STRENGTH_WEAK, &c), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("sum to the coefficient 2000000");
    CHECK(c == NULL, "no handle on failure");
    CHECK_STATUS(nl_solver_constraint_create(s, twice, 2, 0, NL_EQUAL, NL_STRENGTH_WEAK, &c), NL_ERR_INVALID_ARGUMENT);
    char *after = nl_solver_dump(s);
    CHECK(before && after && strcmp(before, after) == 0, "dump changed by a refused constraint");
    nl_string_free(after);
    nl_string_free(before);
    /* More than 16 terms (the dictionary path): 20 terms of x at 1e5 sum to 2e6. */
    nl_term many[20];
    for (int i = 0; i < 20; i++) { many[i].variable = x; many[i].coefficient = 1e5; }
    CHECK_STATUS(nl_solver_add_constraint(s, many, 20, 0, NL_EQUAL, NL_STRENGTH_WEAK, &c), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("NL_SOLVER_MAX_COEFFICIENT");
    /* Sums within the limit are accepted: 6e5 + 4e5 is exactly 1e6 (the bound), 1e6 - 5e5 is 5e5,
       and 1e6 on x plus 1e6 on y are two variables. */
    nl_term bound[2] = {{x, 6e5}, {x, 4e5}};
    CHECK_OK(nl_solver_add_constraint(s, bound, 2, 0, NL_EQUAL, NL_STRENGTH_WEAK, &c));
    CHECK_OK(nl_solver_constraint_destroy(c));
    nl_term cancel[2] = {{x, m}, {x, -5e5}};
    CHECK_OK(nl_solver_add_constraint(s, cancel, 2, 0, NL_EQUAL, NL_STRENGTH_WEAK, &c));
    CHECK_OK(nl_solver_constraint_destroy(c));
    add_one(m, m, 0, NL_OK, NULL);
}

static void check_constants(void) {
    const double m = NL_SOLVER_MAX_CONSTANT;
    add_one(1, 1, m, NL_OK, NULL);
    add_one(1, 1, -m, NL_OK, NULL);
    add_one(1, 1, 1.0000001e12, NL_ERR_INVALID_ARGUMENT, "constant");
    add_one(1, 1, -1.0000001e12, NL_ERR_INVALID_ARGUMENT, "NL_SOLVER_MAX_CONSTANT");
    add_one(1, 1, nextafter(m, INFINITY), NL_ERR_INVALID_ARGUMENT, "NL_SOLVER_MAX_CONSTANT");
    add_one(1, 1, 1e308, NL_ERR_INVALID_ARGUMENT, "1e12");
    add_one(1, 1, -INFINITY, NL_ERR_INVALID_ARGUMENT, "must be finite");
}

/* The reproducer: constant 1e308 with coefficient 1e300 used to be accepted and left
 * inf/NaN in the solver. Now refused, and the values stay finite. Also the largest accepted
 * numbers together solve to finite, exact values. */
static void check_no_overflow(void) {
    nl_term big[1] = {{x, 1e300}};
    nl_solver_constraint *c = NULL;
    CHECK_STATUS(nl_solver_add_constraint(s, big, 1, 1e308, NL_EQUAL, NL_STRENGTH_REQUIRED, &c), NL_ERR_INVALID_ARGUMENT);
    /* x*1e6 - 1e12 == 0 (required), y*(-1e6) + x*1e6 <= 1e12 ... */
    nl_term t1[1] = {{x, NL_SOLVER_MAX_COEFFICIENT}};
    CHECK_OK(nl_solver_add_constraint(s, t1, 1, -NL_SOLVER_MAX_CONSTANT, NL_EQUAL, NL_STRENGTH_REQUIRED, &c));
    nl_term t2[2] = {{y, -NL_SOLVER_MAX_COEFFICIENT}, {x, NL_SOLVER_MAX_COEFFICIENT}};
    nl_solver_constraint *c2 = NULL;
    CHECK_OK(nl_solver_add_constraint(s, t2, 2, -NL_SOLVER_MAX_CONSTANT, NL_EQUAL, NL_STRENGTH_REQUIRED, &c2));
    CHECK_OK(nl_solver_update_variables(s));
    double xv = NAN, yv = NAN;
    CHECK_OK(nl_variable_value(x, &xv));
    CHECK_OK(nl_variable_value(y, &yv));
    /* x = 1e12 / 1e6 = 1e6; -1e6*y + 1e12 - 1e12 = 0, so y = 0. */
    CHECK(xv == 1e6 && yv == 0, "x = %.17g, y = %.17g", xv, yv);
    CHECK_OK(nl_solver_constraint_destroy(c));
    CHECK_OK(nl_solver_constraint_destroy(c2));
}

static void check_suggested_values(void) {
    const double m = NL_SOLVER_MAX_CONSTANT;
    CHECK_OK(nl_solver_add_edit_variable(s, y, NL_STRENGTH_STRONG));
    CHECK_OK(nl_solver_suggest_value(s, y, m));
    CHECK_OK(nl_solver_update_variables(s));
    double yv = 0;
    CHECK_OK(nl_variable_value(y, &yv));
    CHECK(yv == m, "y = %.17g", yv);
    CHECK_OK(nl_solver_suggest_value(s, y, -m));
    char *before = nl_solver_dump(s);
    CHECK_STATUS(nl_solver_suggest_value(s, y, 1.0000001e12), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("NL_SOLVER_MAX_CONSTANT");
    CHECK_MESSAGE_HAS("nl_solver_suggest_value");
    CHECK_STATUS(nl_solver_suggest_value(s, y, -nextafter(m, INFINITY)), NL_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nl_solver_suggest_value(s, y, 1e308), NL_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nl_solver_suggest_value(s, y, NAN), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("must be finite");
    char *after = nl_solver_dump(s);
    CHECK(before && after && strcmp(before, after) == 0, "dump changed by refused suggestions");
    nl_string_free(before);
    nl_string_free(after);
    CHECK_OK(nl_solver_update_variables(s));
    CHECK_OK(nl_variable_value(y, &yv));
    CHECK(yv == -m, "y = %.17g after refused suggestions", yv);
    CHECK_OK(nl_solver_remove_edit_variable(s, y));
}

int main(void) {
    check_macros();
    s = nl_solver_create();
    x = nl_variable_create(s, "x");
    y = nl_variable_create(s, "y");
    CHECK(s && x && y, "setup");
    check_coefficients();
    check_constants();
    check_no_overflow();
    check_suggested_values();
    CHECK_OK(nl_solver_destroy(s));
    return check_summary("test_solver_limits");
}
