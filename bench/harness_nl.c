/*
 * bench/harness_nl.c — the workloads (workloads.c) on NavLayout's solver through its public C
 * API (the nl_solver_* functions of include/navlayout.h), linked against libnavlayout.so.
 */
#include "workloads.h"

#include "navlayout.h"

#include <stdio.h>
#include <stdlib.h>

const char *bk_name = "navlayout";

/* Priorities (required 1000, strong 750, medium 500, weak 250), in kiwi's order. */
static double strength_of(int s) {
    switch (s) {
    case S_REQUIRED: return NL_STRENGTH_REQUIRED;
    case S_STRONG: return NL_STRENGTH_STRONG;
    case S_SMEDIUM: return 700;
    case S_MMEDIUM: return 550;
    case S_MEDIUM: return NL_STRENGTH_MEDIUM;
    default: return NL_STRENGTH_WEAK;
    }
}

static void check(nl_status st, const char *what) {
    if (st != NL_OK) {
        fprintf(stderr, "navlayout: %s: %s: %s\n", what, nl_status_name(st), nl_last_error_message());
        exit(1);
    }
}

bk_solver bk_solver_new(void) {
    nl_solver *s = nl_solver_create();
    if (s == NULL) check(NL_ERR_INTERNAL, "solver create");
    return s;
}
void bk_solver_free(bk_solver s) { check(nl_solver_destroy((nl_solver *)s), "solver destroy"); }
bk_var bk_var_new(bk_solver s) {
    nl_variable *v = nl_variable_create((nl_solver *)s, NULL);
    if (v == NULL) check(NL_ERR_INTERNAL, "variable create");
    return v;
}
/* The solver owns its variables and constraints: destroying it freed them. */
void bk_var_free(bk_var v) { (void)v; }
void bk_cons_free(bk_cons c) { (void)c; }
double bk_value(bk_var v) {
    double x = 0;
    check(nl_variable_value((const nl_variable *)v, &x), "value");
    return x;
}
bk_cons bk_cons_new(bk_solver s, int n, bk_var *vars, const double *coeffs, double constant, int rel, int strength) {
    nl_term t[8];
    nl_solver_constraint *c = NULL;
    int i;
    for (i = 0; i < n; i++) { t[i].variable = (nl_variable *)vars[i]; t[i].coefficient = coeffs[i]; }
    check(nl_solver_constraint_create((nl_solver *)s, t, (size_t)n, constant,
                                      rel == R_LE ? NL_LESS_OR_EQUAL : rel == R_EQ ? NL_EQUAL : NL_GREATER_OR_EQUAL,
                                      strength_of(strength), &c),
          "constraint create");
    return c;
}
void bk_add(bk_solver s, bk_cons c) {
    nl_solver_constraint *one = (nl_solver_constraint *)c;
    check(nl_solver_add_constraints((nl_solver *)s, &one, 1), "add");
}
void bk_remove(bk_solver s, bk_cons c) {
    check(nl_solver_remove_constraint((nl_solver *)s, (nl_solver_constraint *)c), "remove");
}
void bk_add_edit(bk_solver s, bk_var v, int strength) {
    check(nl_solver_add_edit_variable((nl_solver *)s, (nl_variable *)v, strength_of(strength)), "add edit");
}
void bk_suggest(bk_solver s, bk_var v, double value) {
    check(nl_solver_suggest_value((nl_solver *)s, (nl_variable *)v, value), "suggest");
}
void bk_update(bk_solver s) { check(nl_solver_update_variables((nl_solver *)s), "update"); }

int main(int argc, char **argv) { return bench_main(argc, argv); }
