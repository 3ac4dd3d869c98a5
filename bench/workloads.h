/*
 * bench/workloads.h — the backend interface the one workload description (workloads.c) is
 * written against. workloads.c is compiled twice: as C against our solver (harness_nl.c) and as
 * C++ against kiwi's headers (harness_kiwi.cpp); each harness implements the bk_* functions.
 */
#ifndef NL_BENCH_WORKLOADS_H
#define NL_BENCH_WORKLOADS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef void *bk_solver;
typedef void *bk_var;
typedef void *bk_cons;

/* Relations: expression OP 0. */
enum { R_LE = 0, R_EQ = 1, R_GE = 2 };
/* Strength classes; each backend maps them to its own strengths, preserving their order
 * (strong > smedium > mmedium > medium > weak; smedium and mmedium are kiwi's benchmark's own). */
enum { S_REQUIRED, S_STRONG, S_SMEDIUM, S_MMEDIUM, S_MEDIUM, S_WEAK };

extern const char *bk_name;
bk_solver bk_solver_new(void);
/* Frees the solver; then bk_cons_free / bk_var_free are called on its constraints and variables. */
void bk_solver_free(bk_solver s);
bk_var bk_var_new(bk_solver s);
void bk_var_free(bk_var v);
double bk_value(bk_var v);
bk_cons bk_cons_new(bk_solver s, int n, bk_var *vars, const double *coeffs, double constant, int rel, int strength);
void bk_cons_free(bk_cons c);
/* These abort the process on a solver error: every workload is satisfiable. */
void bk_add(bk_solver s, bk_cons c);
void bk_remove(bk_solver s, bk_cons c);
void bk_add_edit(bk_solver s, bk_var v, int strength);
void bk_suggest(bk_solver s, bk_var v, double value);
void bk_update(bk_solver s);

/* Runs the workloads selected by argv and prints tab-separated results (see workloads.c). */
int bench_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
