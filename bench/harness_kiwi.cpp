/*
 * bench/harness_kiwi.cpp — the workloads (workloads.c, compiled as C++) on kiwi, the C++ core of
 * kiwisolver, built from the headers of the kiwisolver sdist that bench/run downloads.
 */
#include "workloads.h"

#include <kiwi/kiwi.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace kiwi;

extern "C" {

const char *bk_name = "kiwi " KIWI_VERSION;

static double strength_of(int s) {
    switch (s) {
    case S_REQUIRED: return strength::required;
    case S_STRONG: return strength::strong;
    case S_SMEDIUM: return strength::create(0.0, 100, 0.0);        /* kiwi's benchmark's smedium */
    case S_MMEDIUM: return strength::create(0.0, 1.0, 0.0, 1.25);  /* and mmedium */
    case S_MEDIUM: return strength::medium;
    default: return strength::weak;
    }
}

bk_solver bk_solver_new(void) { return new Solver(); }
void bk_solver_free(bk_solver s) { delete static_cast<Solver *>(s); }
bk_var bk_var_new(bk_solver) { return new Variable(); }
void bk_var_free(bk_var v) { delete static_cast<Variable *>(v); }
double bk_value(bk_var v) { return static_cast<Variable *>(v)->value(); }

bk_cons bk_cons_new(bk_solver, int n, bk_var *vars, const double *coeffs, double constant, int rel, int strength) {
    std::vector<Term> terms;
    terms.reserve(n);
    for (int i = 0; i < n; i++) terms.push_back(Term(*static_cast<Variable *>(vars[i]), coeffs[i]));
    RelationalOperator op = rel == R_LE ? OP_LE : rel == R_EQ ? OP_EQ : OP_GE;
    return new Constraint(Expression(terms, constant), op, strength_of(strength));
}
void bk_cons_free(bk_cons c) { delete static_cast<Constraint *>(c); }

static void fail(const char *what, const std::exception &e) {
    std::fprintf(stderr, "kiwi: %s failed: %s\n", what, e.what());
    std::exit(1);
}

void bk_add(bk_solver s, bk_cons c) {
    try { static_cast<Solver *>(s)->addConstraint(*static_cast<Constraint *>(c)); } catch (const std::exception &e) { fail("add", e); }
}
void bk_remove(bk_solver s, bk_cons c) {
    try { static_cast<Solver *>(s)->removeConstraint(*static_cast<Constraint *>(c)); } catch (const std::exception &e) { fail("remove", e); }
}
void bk_add_edit(bk_solver s, bk_var v, int strength) {
    try { static_cast<Solver *>(s)->addEditVariable(*static_cast<Variable *>(v), strength_of(strength)); } catch (const std::exception &e) { fail("add edit", e); }
}
void bk_suggest(bk_solver s, bk_var v, double value) {
    try { static_cast<Solver *>(s)->suggestValue(*static_cast<Variable *>(v), value); } catch (const std::exception &e) { fail("suggest", e); }
}
void bk_update(bk_solver s) { static_cast<Solver *>(s)->updateVariables(); }

} /* extern "C" */

int main(int argc, char **argv) { return bench_main(argc, argv); }
