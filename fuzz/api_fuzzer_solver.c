/*
 * The API fuzzer's raw-solver operations (issue 17, item 5: the fuzzer covered map views only,
 * and a raw-solver sequence ended in NL_ERR_INTERNAL). Up to two solvers per input, each with a
 * pool of variables and constraints; bursts of calls of every nl_solver_* / nl_variable_*
 * function with handles that are live, stale (destroyed), of the other solver, of another kind or
 * garbage, and numbers chosen to hurt: coefficients 0, below the 1e-9 tolerance (2.7e-114 of the
 * issue), at and beyond NL_SOLVER_MAX_COEFFICIENT, constants at and beyond
 * NL_SOLVER_MAX_CONSTANT, NaN, infinities, subnormals; strengths inside and outside (0, 1000].
 *
 * Checks, besides api_fuzzer.c's check()/check_on() (a documented status; NL_ERR_INTERNAL — which
 * the header reserves for bugs — is a finding; a destroyed handle is NL_ERR_INVALID_HANDLE):
 *   - failure atomicity: a mutating call that fails leaves nl_solver_dump unchanged (the header's
 *     promise), checked on a quarter of the calls;
 *   - after nl_solver_update_variables every variable's value is finite;
 *   - a variable or constraint of the other solver is NL_ERR_INVALID_ARGUMENT, never accepted.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_fuzzer.h"

#define VARS 10
#define CONS 14

typedef struct solver_slot {
    nl_solver *s;          /* NULL when free */
    nl_solver *dead;       /* the last one destroyed in this slot */
    nl_variable *vars[VARS];
    nl_solver_constraint *cons[CONS];
} solver_slot;

static solver_slot solvers[MAX_SOLVERS];

void solver_reset_world(void) { memset(solvers, 0, sizeof solvers); }

nl_solver *solver_of_slot(int i) { return i >= 0 && i < MAX_SOLVERS ? solvers[i].s : NULL; }

void solver_end_of_input(void) {
    int i;
    for (i = 0; i < MAX_SOLVERS; i++) {
        if (solvers[i].s != NULL) {
            nl_status st = nl_solver_destroy(solvers[i].s);
            if (st != NL_OK) fail("final solver destroy", "nl_solver_destroy", st);
            solvers[i].s = NULL;
        }
    }
}

static double coefficient(void) {
    static const double special[] = {0, 1, -1, 2.7e-114, -2.7e-114, 1e-9, -1e-9, 1e-10, 1e6, -1e6,
                                     1000000.0000001, 0.5, 1e-300, 5e-324, 3, -7, 1e5, 1e-3};
    uint8_t b = byte();
    if (b < 18) return special[b];
    if (b < 22) return NAN;
    if (b < 24) return (b & 1) ? INFINITY : -INFINITY;
    if (b < 160) return (double)((int)b - 90) / 4.0;
    return num();
}

static double constant(void) {
    static const double special[] = {0, -90, 90, 1e12, -1e12, 1000000000000.0001, 1e-114, -5, 10,
                                     393, 852, 1e7, -1e7, 1e11, 0.1};
    uint8_t b = byte();
    if (b < 15) return special[b];
    if (b < 18) return NAN;
    if (b < 20) return (b & 1) ? INFINITY : -INFINITY;
    if (b < 160) return (double)((int)b - 90) * 8.0;
    return num();
}

static double strength(void) {
    static const double special[] = {1000, 750, 500, 250, 1, 0.001, 0, -1, 1001, 999.9999, 1e-300};
    uint8_t b = byte();
    if (b < 11) return special[b];
    if (b < 13) return NAN;
    if (b < 14) return INFINITY;
    return (double)(b % 250 + 1) * 4.0;
}

/* A solver handle: the slot's live one (mostly), its destroyed one, the other slot's, NULL, a
   variable (another kind) or garbage. */
static nl_solver *any_solver(int k) {
    uint8_t b = byte();
    if (b < 200) return solvers[k].s;
    if (b < 215) return solvers[k].dead;
    if (b < 225) return solvers[(k + 1) % MAX_SOLVERS].s;
    if (b < 235) return (nl_solver *)(void *)solvers[k].vars[b % VARS];
    if (b < 245) return NULL;
    return (nl_solver *)(uintptr_t)(0xA500000000000000ull | ((uint64_t)u32() << 24) | (b & 0xF));
}

static nl_variable *any_var(int k) {
    uint8_t b = byte();
    if (b < 220) return solvers[k].vars[b % VARS];
    if (b < 235) return solvers[(k + 1) % MAX_SOLVERS].vars[b % VARS];
    if (b < 245) return (nl_variable *)(void *)solvers[k].cons[b % CONS];
    return NULL;
}

static nl_solver_constraint *any_solver_con(int k) {
    uint8_t b = byte();
    if (b < 225) return solvers[k].cons[b % CONS];
    if (b < 240) return solvers[(k + 1) % MAX_SOLVERS].cons[b % CONS];
    return (nl_solver_constraint *)(void *)solvers[k].vars[b % VARS];
}

/* The dump of slot k's live solver, to compare after a failed call (NULL: none to compare). */
static char *dump_if(int k, int wanted) {
    return wanted && solvers[k].s != NULL ? nl_solver_dump(solvers[k].s) : NULL;
}

static void unchanged_after_failure(int k, char *before, nl_status st, const char *call) {
    if (before == NULL) return;
    if (st != NL_OK && solvers[k].s != NULL) {
        char *after = nl_solver_dump(solvers[k].s);
        if (after == NULL || strcmp(before, after) != 0) {
            fprintf(stderr, "api_fuzzer: solver dump before:\n%s\nafter:\n%s\n", before, after ? after : "(null)");
            fail("a failed raw-solver call changed the solver", call, st);
        }
        nl_string_free(after);
    }
    nl_string_free(before);
}

/* The checks after a raw-solver call on solver handle `s` with one more handle `h` (or NULL):
   a documented status, destroyed handles refused, and a failure that changed nothing (when
   `before` holds the dump taken before the call). */
static void after_call(int k, char *before, nl_status st, const char *call, const void *s, const void *h) {
    check_on(st, call, s);
    if (h != NULL) check_on(st, call, h);
    unchanged_after_failure(k, before, st, call);
}

/* A call with a handle of the other solver must be refused. */
static void foreign_refused(nl_status st, const char *call, int foreign) {
    if (foreign && st == NL_OK) fail("a handle of another solver was accepted", call, st);
}

static int is_foreign_var(int k, const nl_variable *v) {
    int i;
    if (v == NULL) return 0;
    for (i = 0; i < VARS; i++) if (solvers[k].vars[i] == v) return 0;
    for (i = 0; i < VARS; i++) if (solvers[(k + 1) % MAX_SOLVERS].vars[i] == v) return 1;
    return 0;
}

static int make_terms(int k, nl_term *terms, int *foreign) {
    int n = byte() % 5, i;
    *foreign = 0;
    for (i = 0; i < n; i++) {
        terms[i].variable = any_var(k);
        terms[i].coefficient = coefficient();
        if (is_foreign_var(k, terms[i].variable) && !is_dead(terms[i].variable)) *foreign = 1;
    }
    return n;
}

static void values_finite(int k) {
    double values[VARS];
    nl_variable *live[VARS];
    size_t n = 0, i;
    nl_status st;
    for (i = 0; i < VARS; i++) {
        if (solvers[k].vars[i] != NULL && !is_dead(solvers[k].vars[i])) live[n++] = solvers[k].vars[i];
    }
    if (n == 0 || solvers[k].s == NULL) return;
    st = nl_solver_variable_values(solvers[k].s, live, n, values);
    check(st, "nl_solver_variable_values");
    if (st != NL_OK) return;  /* a variable destroyed with a mark that rolled out of the dead ring */
    for (i = 0; i < n; i++) if (!isfinite(values[i])) fail("non-finite solved value", "nl_solver_update_variables", st);
}

static void destroy_solver(int k) {
    nl_solver *s = any_solver(k);
    nl_status st = nl_solver_destroy(s);
    int i;
    check_on(st, "nl_solver_destroy", s);
    if (st == NL_OK) {
        int slot = s == solvers[0].s ? 0 : s == solvers[1].s ? 1 : -1;
        if (slot < 0) fail("destroyed a solver handle not known live", "nl_solver_destroy", st);
        mark_dead(s);
        for (i = 0; i < VARS; i++) mark_dead(solvers[slot].vars[i]);
        for (i = 0; i < CONS; i++) mark_dead(solvers[slot].cons[i]);
        memset(&solvers[slot], 0, sizeof solvers[slot]);
        solvers[slot].dead = s;
    }
}

static void one_solver_call(int k) {
    solver_slot *sl = &solvers[k];
    uint8_t op = byte() % 18;
    int atomicity = (byte() & 3) == 0, foreign = 0;
    nl_status st = NL_OK;
    char *before;
    nl_term terms[4];
    int n;
    if (g_trace) fprintf(stderr, "  solver op %d on solver slot %d\n", op, k);
    switch (op) {
    case 0:
        if (sl->s == NULL) {
            sl->s = nl_solver_create();
            check(sl->s ? NL_OK : nl_last_error_status(), "nl_solver_create");
        }
        break;
    case 1:
        if (byte() < 40) destroy_solver(k);
        break;
    case 2: {
        char name[24];
        size_t len = byte() % sizeof name, i;
        nl_solver *s = any_solver(k);
        nl_variable *v;
        for (i = 0; i + 1 < sizeof name && i < len; i++) name[i] = (char)(byte() | 1);
        name[i] = 0;
        v = nl_variable_create(s, (byte() & 1) ? name : NULL);
        check_on(v ? NL_OK : nl_last_error_status(), "nl_variable_create", s);
        if (v != NULL && s == sl->s) sl->vars[byte() % VARS] = v;
        break;
    }
    case 3: {
        nl_variable *v = any_var(k);
        st = nl_variable_destroy(v);
        check_on(st, "nl_variable_destroy", v);
        if (st == NL_OK) mark_dead(v);
        break;
    }
    case 4: {
        nl_variable *v = any_var(k);
        double value;
        char *name = nl_variable_name(v);
        check_on(name ? NL_OK : nl_last_error_status(), "nl_variable_name", v);
        nl_string_free(name);
        check_on(nl_variable_value(v, &value), "nl_variable_value", v);
        break;
    }
    case 5: case 6: {
        nl_solver_constraint *c = NULL;
        nl_solver *s = any_solver(k);
        double cst = constant(), str = strength();
        nl_relation rel = (nl_relation)(byte() % 4);
        n = make_terms(k, terms, &foreign);
        before = dump_if(k, atomicity && op == 6 && s == sl->s);
        st = op == 5 ? nl_solver_constraint_create(s, n ? terms : NULL, (size_t)n, cst, rel, str, &c)
                     : nl_solver_add_constraint(s, n ? terms : NULL, (size_t)n, cst, rel, str, &c);
        foreign_refused(st, "constraint with another solver's variable", foreign && s == sl->s);
        after_call(k, before, st, op == 5 ? "nl_solver_constraint_create" : "nl_solver_add_constraint", s, NULL);
        if (st == NL_OK && s == sl->s) sl->cons[byte() % CONS] = c;
        break;
    }
    case 7: {
        nl_solver_constraint *list[6];
        size_t count = byte() % 7, i;
        nl_solver *s = any_solver(k);
        for (i = 0; i < count; i++) list[i] = any_solver_con(k);
        before = dump_if(k, atomicity && s == sl->s);
        st = nl_solver_add_constraints(s, count ? list : NULL, count);
        after_call(k, before, st, "nl_solver_add_constraints", s, NULL);
        break;
    }
    case 8: {
        nl_solver *s = any_solver(k);
        nl_solver_constraint *c = any_solver_con(k);
        before = dump_if(k, atomicity && s == sl->s);
        st = nl_solver_remove_constraint(s, c);
        after_call(k, before, st, "nl_solver_remove_constraint", s, c);
        break;
    }
    case 9: {
        nl_solver_constraint *c = any_solver_con(k);
        before = dump_if(k, atomicity);
        st = nl_solver_constraint_destroy(c);
        after_call(k, before, st, "nl_solver_constraint_destroy", c, NULL);
        if (st == NL_OK) mark_dead(c);
        break;
    }
    case 10: case 13: {  /* the two membership queries */
        bool has;
        nl_solver *s = any_solver(k);
        const void *h = op == 10 ? (const void *)any_solver_con(k) : (const void *)any_var(k);
        st = op == 10 ? nl_solver_has_constraint(s, (const nl_solver_constraint *)h, &has)
                      : nl_solver_has_edit_variable(s, (const nl_variable *)h, &has);
        after_call(k, NULL, st, "nl_solver_has_constraint / _has_edit_variable", s, h);
        break;
    }
    case 11: case 12: {
        nl_solver *s = any_solver(k);
        nl_variable *v = any_var(k);
        foreign = is_foreign_var(k, v) && !is_dead(v) && s == sl->s;
        before = dump_if(k, atomicity && s == sl->s);
        st = op == 11 ? nl_solver_add_edit_variable(s, v, strength()) : nl_solver_remove_edit_variable(s, v);
        foreign_refused(st, "edit variable of another solver", foreign);
        after_call(k, before, st, op == 11 ? "nl_solver_add_edit_variable" : "nl_solver_remove_edit_variable", s, v);
        break;
    }
    case 14: {
        nl_solver *s = any_solver(k);
        nl_variable *v = any_var(k);
        double value = constant();
        before = dump_if(k, atomicity && s == sl->s);
        st = nl_solver_suggest_value(s, v, value);
        after_call(k, before, st, "nl_solver_suggest_value", s, v);
        break;
    }
    case 15: {
        nl_solver *s = any_solver(k);
        st = nl_solver_update_variables(s);
        check_on(st, "nl_solver_update_variables", s);
        if (st == NL_OK && s == sl->s) values_finite(k);
        break;
    }
    case 16:
        if (byte() < 48) {
            nl_solver *s = any_solver(k);
            st = nl_solver_reset(s);
            check_on(st, "nl_solver_reset", s);
            if (st != NL_OK && s == sl->s && s != NULL) fail("reset of a live solver failed", "nl_solver_reset", st);
        }
        break;
    default: {
        nl_solver *s = any_solver(k);
        char *d = nl_solver_dump(s);
        check_on(d ? NL_OK : nl_last_error_status(), "nl_solver_dump", s);
        nl_string_free(d);
        break;
    }
    }
}

void solver_op(void) {
    int k = byte() % MAX_SOLVERS, burst = 1 + byte() % 8;
    if (solvers[k].s == NULL && byte() < 200) {
        solvers[k].s = nl_solver_create();
        check(solvers[k].s ? NL_OK : nl_last_error_status(), "nl_solver_create");
    }
    while (burst-- > 0 && more()) one_solver_call(k);
}
