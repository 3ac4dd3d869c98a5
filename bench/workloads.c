/*
 * bench/workloads.c — the one description of the benchmark workloads (issue 6), compiled as C for
 * our solver and as C++ for kiwi, against the bk_* interface of workloads.h. Same systems, same
 * operation order, same timing loop for both.
 *
 * Output, one line per result, tab-separated:
 *   T  name  ops  t1,t2,...     nanoseconds per repetition (after one discarded warm-up); a
 *                               repetition performs `ops` operations of the named kind
 *   V  name  checksum           sum of chosen variable values after the workload (to compare
 *                               solutions where they are unique)
 *   M  name  peak_rss_kb  rss_before_kb   (--big: peak resident memory of the process)
 *
 * Usage: harness [--reps N] [--only SUBSTRING]   every workload but the 10,000-view chain
 *        harness [--reps N] --workload NAME      one workload, by its exact name
 *        harness --list                          the names of those workloads, one per line
 *                                                (bench/run alternates the two solvers' runs
 *                                                of each workload, repetition by repetition)
 *        harness [--reps N] --big [--big-builds B] the 10,000-view chain (run it in its own
 *                                                  process; one warm-up build, then B timed
 *                                                  builds, default 1)
 */
#include "workloads.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* ---- a system under construction: owns its variables and constraints ---------------------- */

typedef struct system_t {
    bk_solver solver;
    bk_var *vars;
    int nvars, capvars;
    bk_cons *cons;
    int ncons, capcons;
} system_t;

static void sys_init(system_t *s) {
    memset(s, 0, sizeof *s);
    s->solver = bk_solver_new();
}

static bk_var sys_var(system_t *s) {
    if (s->nvars == s->capvars) {
        s->capvars = s->capvars ? 2 * s->capvars : 64;
        s->vars = (bk_var *)realloc(s->vars, sizeof(bk_var) * (size_t)s->capvars);
    }
    return s->vars[s->nvars++] = bk_var_new(s->solver);
}

/* Creates a constraint sum(coeffs[i] * vars[i]) + constant REL 0 (owned by the system). */
static bk_cons sys_cons(system_t *s, int n, bk_var *vars, const double *coeffs, double constant, int rel,
                        int strength) {
    if (s->ncons == s->capcons) {
        s->capcons = s->capcons ? 2 * s->capcons : 64;
        s->cons = (bk_cons *)realloc(s->cons, sizeof(bk_cons) * (size_t)s->capcons);
    }
    return s->cons[s->ncons++] = bk_cons_new(s->solver, n, vars, coeffs, constant, rel, strength);
}

/* Creates and adds. */
static void sys_add(system_t *s, int n, bk_var *vars, const double *coeffs, double constant, int rel, int strength) {
    bk_add(s->solver, sys_cons(s, n, vars, coeffs, constant, rel, strength));
}

static void add1(system_t *s, bk_var a, double ca, double k, int rel, int st) {
    bk_var v[1]; double c[1];
    v[0] = a; c[0] = ca;
    sys_add(s, 1, v, c, k, rel, st);
}
static void add2(system_t *s, bk_var a, double ca, bk_var b, double cb, double k, int rel, int st) {
    bk_var v[2]; double c[2];
    v[0] = a; c[0] = ca; v[1] = b; c[1] = cb;
    sys_add(s, 2, v, c, k, rel, st);
}
static void add3(system_t *s, bk_var a, double ca, bk_var b, double cb, bk_var d, double cd, double k, int rel, int st) {
    bk_var v[3]; double c[3];
    v[0] = a; c[0] = ca; v[1] = b; c[1] = cb; v[2] = d; c[2] = cd;
    sys_add(s, 3, v, c, k, rel, st);
}

static void sys_free(system_t *s) {
    int i;
    bk_solver_free(s->solver);
    for (i = 0; i < s->ncons; i++) bk_cons_free(s->cons[i]);
    for (i = 0; i < s->nvars; i++) bk_var_free(s->vars[i]);
    free(s->cons);
    free(s->vars);
    memset(s, 0, sizeof *s);
}

/* ---- 1. enaml-like: kiwi's own benchmark system (benchmarks/enaml_like_benchmark.cpp in the
 * kiwisolver sdist): 37 variables, 111 constraints, width and height strong edit variables ---- */

enum { V_WIDTH, V_HEIGHT, V_LEFT, V_TOP, V_CONTENTS_TOP, V_CONTENTS_BOTTOM, V_CONTENTS_LEFT, V_CONTENTS_RIGHT, V_MIDLINE, V_CTLEFT, V_CTHEIGHT, V_CTTOP, V_CTWIDTH, V_LB1LEFT, V_LB1HEIGHT, V_LB1TOP, V_LB1WIDTH, V_LB2LEFT, V_LB2HEIGHT, V_LB2TOP, V_LB2WIDTH, V_LB3LEFT, V_LB3HEIGHT, V_LB3TOP, V_LB3WIDTH, V_FL1LEFT, V_FL1HEIGHT, V_FL1TOP, V_FL1WIDTH, V_FL2LEFT, V_FL2HEIGHT, V_FL2TOP, V_FL2WIDTH, V_FL3LEFT, V_FL3HEIGHT, V_FL3TOP, V_FL3WIDTH, ENAML_NVARS };

typedef struct enaml_cons {
    int strength, rel;
    double constant;
    int n;
    struct { int var; double coeff; } t[6];
} enaml_cons;

static const enaml_cons enaml_table[] = {
    {S_REQUIRED, R_GE, 0, 1, {{V_LEFT, 1}}},
    {S_MEDIUM, R_EQ, 0, 1, {{V_HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_TOP, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_WIDTH, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_HEIGHT, 1}}},
    {S_REQUIRED, R_EQ, -10, 2, {{V_TOP, -1}, {V_CONTENTS_TOP, 1}}},
    {S_STRONG, R_EQ, -16, 1, {{V_LB3HEIGHT, 1}}},
    {S_STRONG, R_GE, -16, 1, {{V_LB3HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_CTLEFT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_CTTOP, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_CTWIDTH, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_CTHEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL3LEFT, 1}}},
    {S_SMEDIUM, R_GE, -24, 1, {{V_CTHEIGHT, 1}}},
    {S_SMEDIUM, R_LE, -16777200, 1, {{V_CTWIDTH, 1}}},
    {S_SMEDIUM, R_LE, -24, 1, {{V_CTHEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL3TOP, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL3WIDTH, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL3HEIGHT, 1}}},
    {S_WEAK, R_EQ, -67, 1, {{V_LB1WIDTH, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB2WIDTH, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB2HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL2HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB3LEFT, 1}}},
    {S_STRONG, R_GE, -125, 1, {{V_FL2WIDTH, 1}}},
    {S_STRONG, R_EQ, -21, 1, {{V_FL2HEIGHT, 1}}},
    {S_STRONG, R_GE, -21, 1, {{V_FL2HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB3TOP, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB3WIDTH, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL1LEFT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL1WIDTH, 1}}},
    {S_STRONG, R_GE, -67, 1, {{V_LB1WIDTH, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL2LEFT, 1}}},
    {S_WEAK, R_EQ, -66, 1, {{V_LB2WIDTH, 1}}},
    {S_STRONG, R_GE, -66, 1, {{V_LB2WIDTH, 1}}},
    {S_STRONG, R_EQ, -16, 1, {{V_LB2HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL1HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL1TOP, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB2TOP, 1}}},
    {S_MMEDIUM, R_EQ, -10, 3, {{V_LB2TOP, -1}, {V_LB3TOP, 1}, {V_LB2HEIGHT, -1}}},
    {S_REQUIRED, R_GE, -10, 3, {{V_LB3TOP, -1}, {V_LB3HEIGHT, -1}, {V_FL3TOP, 1}}},
    {S_MMEDIUM, R_EQ, -10, 3, {{V_LB3TOP, -1}, {V_LB3HEIGHT, -1}, {V_FL3TOP, 1}}},
    {S_MMEDIUM, R_EQ, 0, 3, {{V_CONTENTS_BOTTOM, 1}, {V_FL3HEIGHT, -1}, {V_FL3TOP, -1}}},
    {S_REQUIRED, R_GE, 0, 2, {{V_FL1TOP, 1}, {V_CONTENTS_TOP, -1}}},
    {S_MMEDIUM, R_EQ, 0, 2, {{V_FL1TOP, 1}, {V_CONTENTS_TOP, -1}}},
    {S_REQUIRED, R_GE, 0, 3, {{V_CONTENTS_BOTTOM, 1}, {V_FL3HEIGHT, -1}, {V_FL3TOP, -1}}},
    {S_REQUIRED, R_EQ, 10, 3, {{V_LEFT, -1}, {V_WIDTH, -1}, {V_CONTENTS_RIGHT, 1}}},
    {S_REQUIRED, R_EQ, 10, 3, {{V_TOP, -1}, {V_HEIGHT, -1}, {V_CONTENTS_BOTTOM, 1}}},
    {S_REQUIRED, R_EQ, -10, 2, {{V_LEFT, -1}, {V_CONTENTS_LEFT, 1}}},
    {S_MMEDIUM, R_EQ, 0, 2, {{V_LB3LEFT, 1}, {V_CONTENTS_LEFT, -1}}},
    {S_STRONG, R_EQ, 0, 2, {{V_FL1LEFT, 1}, {V_MIDLINE, -1}}},
    {S_STRONG, R_EQ, 0, 2, {{V_FL2LEFT, 1}, {V_MIDLINE, -1}}},
    {S_STRONG, R_EQ, 0, 2, {{V_CTLEFT, 1}, {V_MIDLINE, -1}}},
    {S_STRONG, R_EQ, 0, 4, {{V_FL1TOP, 1}, {V_FL1HEIGHT, 0.5}, {V_LB1TOP, -1}, {V_LB1HEIGHT, -0.5}}},
    {S_REQUIRED, R_GE, 0, 2, {{V_LB1LEFT, 1}, {V_CONTENTS_LEFT, -1}}},
    {S_MMEDIUM, R_EQ, 0, 2, {{V_LB1LEFT, 1}, {V_CONTENTS_LEFT, -1}}},
    {S_REQUIRED, R_GE, -10, 3, {{V_LB1LEFT, -1}, {V_FL1LEFT, 1}, {V_LB1WIDTH, -1}}},
    {S_MMEDIUM, R_EQ, -10, 3, {{V_LB1LEFT, -1}, {V_FL1LEFT, 1}, {V_LB1WIDTH, -1}}},
    {S_REQUIRED, R_GE, 0, 3, {{V_FL1LEFT, -1}, {V_CONTENTS_RIGHT, 1}, {V_FL1WIDTH, -1}}},
    {S_MEDIUM, R_EQ, 0, 1, {{V_WIDTH, 1}}},
    {S_REQUIRED, R_GE, -10, 3, {{V_FL1TOP, -1}, {V_FL2TOP, 1}, {V_FL1HEIGHT, -1}}},
    {S_MMEDIUM, R_EQ, -10, 3, {{V_FL1TOP, -1}, {V_FL2TOP, 1}, {V_FL1HEIGHT, -1}}},
    {S_REQUIRED, R_GE, -10, 3, {{V_CTTOP, 1}, {V_FL2TOP, -1}, {V_FL2HEIGHT, -1}}},
    {S_REQUIRED, R_GE, -10, 3, {{V_CTHEIGHT, -1}, {V_CTTOP, -1}, {V_FL3TOP, 1}}},
    {S_REQUIRED, R_GE, 0, 3, {{V_CONTENTS_BOTTOM, 1}, {V_FL3HEIGHT, -1}, {V_FL3TOP, -1}}},
    {S_MMEDIUM, R_EQ, -10, 3, {{V_CTTOP, 1}, {V_FL2TOP, -1}, {V_FL2HEIGHT, -1}}},
    {S_MMEDIUM, R_EQ, 0, 3, {{V_FL1LEFT, -1}, {V_CONTENTS_RIGHT, 1}, {V_FL1WIDTH, -1}}},
    {S_STRONG, R_EQ, 0, 4, {{V_LB2TOP, -1}, {V_LB2HEIGHT, -0.5}, {V_FL2TOP, 1}, {V_FL2HEIGHT, 0.5}}},
    {S_REQUIRED, R_GE, 0, 2, {{V_CONTENTS_LEFT, -1}, {V_LB2LEFT, 1}}},
    {S_MMEDIUM, R_EQ, 0, 2, {{V_CONTENTS_LEFT, -1}, {V_LB2LEFT, 1}}},
    {S_REQUIRED, R_GE, -10, 3, {{V_FL2LEFT, 1}, {V_LB2WIDTH, -1}, {V_LB2LEFT, -1}}},
    {S_MMEDIUM, R_EQ, -10, 3, {{V_CTHEIGHT, -1}, {V_CTTOP, -1}, {V_FL3TOP, 1}}},
    {S_MMEDIUM, R_EQ, 0, 3, {{V_CONTENTS_BOTTOM, 1}, {V_FL3HEIGHT, -1}, {V_FL3TOP, -1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB1TOP, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB1WIDTH, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB1HEIGHT, 1}}},
    {S_MMEDIUM, R_EQ, -10, 3, {{V_FL2LEFT, 1}, {V_LB2WIDTH, -1}, {V_LB2LEFT, -1}}},
    {S_MMEDIUM, R_EQ, 0, 3, {{V_FL2LEFT, -1}, {V_FL2WIDTH, -1}, {V_CONTENTS_RIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 3, {{V_FL2LEFT, -1}, {V_FL2WIDTH, -1}, {V_CONTENTS_RIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 2, {{V_LB3LEFT, 1}, {V_CONTENTS_LEFT, -1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB1LEFT, 1}}},
    {S_STRONG, R_EQ, 0, 4, {{V_CTHEIGHT, 0.5}, {V_CTTOP, 1}, {V_LB3TOP, -1}, {V_LB3HEIGHT, -0.5}}},
    {S_REQUIRED, R_GE, -10, 3, {{V_CTLEFT, 1}, {V_LB3LEFT, -1}, {V_LB3WIDTH, -1}}},
    {S_REQUIRED, R_GE, 0, 3, {{V_CTWIDTH, -1}, {V_CTLEFT, -1}, {V_CONTENTS_RIGHT, 1}}},
    {S_MMEDIUM, R_EQ, -10, 3, {{V_CTLEFT, 1}, {V_LB3LEFT, -1}, {V_LB3WIDTH, -1}}},
    {S_REQUIRED, R_GE, 0, 2, {{V_FL3LEFT, 1}, {V_CONTENTS_LEFT, -1}}},
    {S_MMEDIUM, R_EQ, 0, 2, {{V_FL3LEFT, 1}, {V_CONTENTS_LEFT, -1}}},
    {S_MMEDIUM, R_EQ, 0, 3, {{V_CTWIDTH, -1}, {V_CTLEFT, -1}, {V_CONTENTS_RIGHT, 1}}},
    {S_MMEDIUM, R_EQ, 0, 3, {{V_FL3LEFT, -1}, {V_CONTENTS_RIGHT, 1}, {V_FL3WIDTH, -1}}},
    {S_REQUIRED, R_GE, 0, 2, {{V_CONTENTS_TOP, -1}, {V_LB1TOP, 1}}},
    {S_MMEDIUM, R_EQ, 0, 2, {{V_CONTENTS_TOP, -1}, {V_LB1TOP, 1}}},
    {S_REQUIRED, R_GE, 0, 3, {{V_FL3LEFT, -1}, {V_CONTENTS_RIGHT, 1}, {V_FL3WIDTH, -1}}},
    {S_REQUIRED, R_GE, -10, 3, {{V_LB2TOP, 1}, {V_LB1TOP, -1}, {V_LB1HEIGHT, -1}}},
    {S_REQUIRED, R_GE, -10, 3, {{V_LB2TOP, -1}, {V_LB3TOP, 1}, {V_LB2HEIGHT, -1}}},
    {S_MMEDIUM, R_EQ, -10, 3, {{V_LB2TOP, 1}, {V_LB1TOP, -1}, {V_LB1HEIGHT, -1}}},
    {S_STRONG, R_EQ, -21, 1, {{V_FL1HEIGHT, 1}}},
    {S_STRONG, R_GE, -21, 1, {{V_FL1HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB2LEFT, 1}}},
    {S_STRONG, R_GE, -16, 1, {{V_LB2HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL2TOP, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_FL2WIDTH, 1}}},
    {S_STRONG, R_GE, -16, 1, {{V_LB1HEIGHT, 1}}},
    {S_STRONG, R_EQ, -16, 1, {{V_LB1HEIGHT, 1}}},
    {S_STRONG, R_GE, -125, 1, {{V_FL3WIDTH, 1}}},
    {S_STRONG, R_EQ, -21, 1, {{V_FL3HEIGHT, 1}}},
    {S_STRONG, R_GE, -21, 1, {{V_FL3HEIGHT, 1}}},
    {S_REQUIRED, R_GE, 0, 1, {{V_LB3HEIGHT, 1}}},
    {S_SMEDIUM, R_GE, -119, 1, {{V_CTWIDTH, 1}}},
    {S_WEAK, R_EQ, -24, 1, {{V_LB3WIDTH, 1}}},
    {S_STRONG, R_GE, -24, 1, {{V_LB3WIDTH, 1}}},
    {S_STRONG, R_GE, -125, 1, {{V_FL1WIDTH, 1}}},
};
#define ENAML_NCONS ((int)(sizeof enaml_table / sizeof enaml_table[0]))

static void enaml_build(system_t *s) {
    int i, k;
    sys_init(s);
    for (i = 0; i < ENAML_NVARS; i++) sys_var(s);
    bk_add_edit(s->solver, s->vars[V_WIDTH], S_STRONG);
    bk_add_edit(s->solver, s->vars[V_HEIGHT], S_STRONG);
    for (i = 0; i < ENAML_NCONS; i++) {
        bk_var v[6]; double c[6];
        const enaml_cons *e = &enaml_table[i];
        for (k = 0; k < e->n; k++) { v[k] = s->vars[e->t[k].var]; c[k] = e->t[k].coeff; }
        sys_add(s, e->n, v, c, e->constant, e->rel, e->strength);
    }
}

static const double enaml_sizes[6][2] = {{400, 600}, {600, 400}, {800, 1200}, {1200, 800}, {400, 800}, {800, 400}};

/* ---- 2. chain: N views in a row ---------------------------------------------------------------
 * left_0 == 8; left_i == left_{i-1} + width_{i-1} + 8; width_i >= 20; width_i == width_0;
 * left_{N-1} + width_{N-1} + 8 == W (all required); W a strong edit variable. */

static double chain_width(int n, int k) { return 28.0 * n + 8 + (double)n * (1 + (k * 7) % 13); }

static void chain_build(system_t *s, int n) {
    int i;
    bk_var W, *left, *width;
    sys_init(s);
    W = sys_var(s);
    left = (bk_var *)malloc(sizeof(bk_var) * (size_t)n);
    width = (bk_var *)malloc(sizeof(bk_var) * (size_t)n);
    for (i = 0; i < n; i++) { left[i] = sys_var(s); width[i] = sys_var(s); }
    bk_add_edit(s->solver, W, S_STRONG);
    bk_suggest(s->solver, W, chain_width(n, 0));
    add1(s, left[0], 1, -8, R_EQ, S_REQUIRED);
    for (i = 0; i < n; i++) {
        if (i > 0) {
            add3(s, left[i], 1, left[i - 1], -1, width[i - 1], -1, -8, R_EQ, S_REQUIRED);
            add2(s, width[i], 1, width[0], -1, 0, R_EQ, S_REQUIRED);
        }
        add1(s, width[i], 1, -20, R_GE, S_REQUIRED);
    }
    add3(s, left[n - 1], 1, width[n - 1], 1, W, -1, 8, R_EQ, S_REQUIRED);
    bk_update(s->solver);
    free(left);
    free(width);
}

/* ---- 3. grid: N x N cells (x, y, w, h) ---------------------------------------------------------
 * rows and columns spaced by 8 from the container's leading/top edge, all widths equal, all
 * heights equal, w, h >= 10, the first row's trailing cell 8 from W and the first column's bottom
 * cell 8 from H (W, H strong edit variables); every cell w == 1.5 h at one optional strength
 * (medium). */

static double grid_size(int n, int k, int axis) {
    static const double f[6][2] = {{1.0, 1.5}, {1.5, 1.0}, {2.0, 3.0}, {3.0, 2.0}, {1.0, 2.0}, {2.0, 1.0}};
    return 18.0 * n + 8 + 40.0 * n * f[k % 6][axis];
}

static void grid_build(system_t *s, int n) {
    int r, c;
    bk_var W, H, *x, *y, *w, *h;
    sys_init(s);
    W = sys_var(s);
    H = sys_var(s);
    x = (bk_var *)malloc(sizeof(bk_var) * (size_t)(n * n));
    y = (bk_var *)malloc(sizeof(bk_var) * (size_t)(n * n));
    w = (bk_var *)malloc(sizeof(bk_var) * (size_t)(n * n));
    h = (bk_var *)malloc(sizeof(bk_var) * (size_t)(n * n));
    for (r = 0; r < n * n; r++) { x[r] = sys_var(s); y[r] = sys_var(s); w[r] = sys_var(s); h[r] = sys_var(s); }
    bk_add_edit(s->solver, W, S_STRONG);
    bk_add_edit(s->solver, H, S_STRONG);
    bk_suggest(s->solver, W, grid_size(n, 0, 0));
    bk_suggest(s->solver, H, grid_size(n, 0, 1));
#define G(a, rr, cc) a[(rr) * n + (cc)]
    for (r = 0; r < n; r++) {
        for (c = 0; c < n; c++) {
            if (c == 0) add1(s, G(x, r, c), 1, -8, R_EQ, S_REQUIRED);
            else add3(s, G(x, r, c), 1, G(x, r, c - 1), -1, G(w, r, c - 1), -1, -8, R_EQ, S_REQUIRED);
            if (r == 0) add1(s, G(y, r, c), 1, -8, R_EQ, S_REQUIRED);
            else add3(s, G(y, r, c), 1, G(y, r - 1, c), -1, G(h, r - 1, c), -1, -8, R_EQ, S_REQUIRED);
            if (c > 0) add2(s, G(w, r, c), 1, G(w, r, c - 1), -1, 0, R_EQ, S_REQUIRED);
            else if (r > 0) add2(s, G(w, r, c), 1, G(w, r - 1, c), -1, 0, R_EQ, S_REQUIRED);
            if (r > 0) add2(s, G(h, r, c), 1, G(h, r - 1, c), -1, 0, R_EQ, S_REQUIRED);
            else if (c > 0) add2(s, G(h, r, c), 1, G(h, r, c - 1), -1, 0, R_EQ, S_REQUIRED);
            add1(s, G(w, r, c), 1, -10, R_GE, S_REQUIRED);
            add1(s, G(h, r, c), 1, -10, R_GE, S_REQUIRED);
            add2(s, G(w, r, c), 1, G(h, r, c), -1.5, 0, R_EQ, S_MEDIUM);
        }
    }
    add3(s, G(x, 0, n - 1), 1, G(w, 0, n - 1), 1, W, -1, 8, R_EQ, S_REQUIRED);
    add3(s, G(y, n - 1, 0), 1, G(h, n - 1, 0), 1, H, -1, 8, R_EQ, S_REQUIRED);
#undef G
    bk_update(s->solver);
    free(x); free(y); free(w); free(h);
}

/* ---- 4. churn: the navigation transition pattern ------------------------------------------
 * 50 views (x, y, w, h) in a W x H container (strong edits 1200 x 2000): w, h >= 20, x, y >= 0,
 * x + w <= W, y + h <= H (required); w, h == 44 (strong); x, y == 0 (weak). Two layouts of 40
 * required constraints each pin views 0..19 in a row (A) or in a column (B). One iteration:
 * remove the current layout's 40 constraints, add the other's 40, update the variables. */

#define CHURN_VIEWS 50
#define CHURN_PINNED 20

typedef struct churn_t {
    system_t sys;
    bk_cons a[2 * CHURN_PINNED], b[2 * CHURN_PINNED];
    bk_var x[CHURN_VIEWS], y[CHURN_VIEWS];
    int current; /* 0: A in the solver, 1: B */
} churn_t;

static void churn_build(churn_t *ch) {
    system_t *s = &ch->sys;
    int i;
    bk_var W, H;
    sys_init(s);
    W = sys_var(s);
    H = sys_var(s);
    bk_add_edit(s->solver, W, S_STRONG);
    bk_add_edit(s->solver, H, S_STRONG);
    bk_suggest(s->solver, W, 1200);
    bk_suggest(s->solver, H, 2000);
    for (i = 0; i < CHURN_VIEWS; i++) {
        bk_var x = sys_var(s), y = sys_var(s), w = sys_var(s), h = sys_var(s);
        ch->x[i] = x; ch->y[i] = y;
        add1(s, w, 1, -20, R_GE, S_REQUIRED);
        add1(s, h, 1, -20, R_GE, S_REQUIRED);
        add1(s, x, 1, 0, R_GE, S_REQUIRED);
        add1(s, y, 1, 0, R_GE, S_REQUIRED);
        add3(s, x, 1, w, 1, W, -1, 0, R_LE, S_REQUIRED);
        add3(s, y, 1, h, 1, H, -1, 0, R_LE, S_REQUIRED);
        add1(s, w, 1, -44, R_EQ, S_STRONG);
        add1(s, h, 1, -44, R_EQ, S_STRONG);
        add1(s, x, 1, 0, R_EQ, S_WEAK);
        add1(s, y, 1, 0, R_EQ, S_WEAK);
    }
    for (i = 0; i < CHURN_PINNED; i++) {
        bk_var v[1]; double c[1] = {1};
        v[0] = ch->x[i];
        ch->a[2 * i] = sys_cons(s, 1, v, c, -(8.0 + 50.0 * i), R_EQ, S_REQUIRED);
        ch->b[2 * i] = sys_cons(s, 1, v, c, -8.0, R_EQ, S_REQUIRED);
        v[0] = ch->y[i];
        ch->a[2 * i + 1] = sys_cons(s, 1, v, c, -100.0, R_EQ, S_REQUIRED);
        ch->b[2 * i + 1] = sys_cons(s, 1, v, c, -(100.0 + 50.0 * i), R_EQ, S_REQUIRED);
    }
    for (i = 0; i < 2 * CHURN_PINNED; i++) bk_add(s->solver, ch->a[i]);
    ch->current = 0;
    bk_update(s->solver);
}

static void churn_step(churn_t *ch) {
    bk_cons *out = ch->current ? ch->b : ch->a, *in = ch->current ? ch->a : ch->b;
    int i;
    for (i = 0; i < 2 * CHURN_PINNED; i++) bk_remove(ch->sys.solver, out[i]);
    for (i = 0; i < 2 * CHURN_PINNED; i++) bk_add(ch->sys.solver, in[i]);
    bk_update(ch->sys.solver);
    ch->current = !ch->current;
}

/* ---- timing ------------------------------------------------------------------------------ */

static int g_reps = 5;
static const char *g_only = NULL;
static const char *g_exact = NULL;
static int g_list = 0;

/* Whether to run the workload `name` (--only: a substring of it; --workload: exactly it); with
 * --list, prints the name instead and runs nothing. */
static int selected(const char *name) {
    if (g_list) { printf("%s\n", name); return 0; }
    if (g_exact != NULL) return strcmp(name, g_exact) == 0;
    return g_only == NULL || strstr(name, g_only) != NULL;
}

static void print_times(const char *name, long ops, const double *t, int n) {
    int i;
    printf("T\t%s\t%ld\t", name, ops);
    for (i = 0; i < n; i++) printf(i ? ",%.0f" : "%.0f", t[i]);
    printf("\n");
    fflush(stdout);
}

static double sum_values(bk_var *vars, int n) {
    double s = 0;
    int i;
    for (i = 0; i < n; i++) s += bk_value(vars[i]);
    return s;
}

static void print_check(const char *name, double v) {
    printf("V\t%s\t%.6f\n", name, v);
}

#define MAXREPS 64

static void bench_enaml(void) {
    double t[MAXREPS];
    int r, i, k;
    if (selected("enaml build")) {
        const int per = 100;
        system_t *sys = (system_t *)malloc(sizeof(system_t) * per);
        for (r = -1; r < g_reps; r++) {
            double t0 = now_ns();
            for (i = 0; i < per; i++) enaml_build(&sys[i]);
            double t1 = now_ns();
            for (i = 0; i < per; i++) sys_free(&sys[i]);
            if (r >= 0) t[r] = t1 - t0;
        }
        free(sys);
        print_times("enaml build", per, t, g_reps);
    }
    if (selected("enaml suggest")) {
        system_t s;
        const int per = 600;
        enaml_build(&s);
        for (r = -1; r < g_reps; r++) {
            double t0 = now_ns();
            for (i = 0; i < per; i++) {
                k = i % 6;
                bk_suggest(s.solver, s.vars[V_WIDTH], enaml_sizes[k][0]);
                bk_suggest(s.solver, s.vars[V_HEIGHT], enaml_sizes[k][1]);
                bk_update(s.solver);
            }
            if (r >= 0) t[r] = now_ns() - t0;
        }
        print_check("enaml suggest", sum_values(s.vars, s.nvars));
        sys_free(&s);
        print_times("enaml suggest (w, h, update)", per, t, g_reps);
    }
}

static void bench_chain(int n) {
    double t[MAXREPS];
    char name[64];
    int r, i;
    snprintf(name, sizeof name, "chain %d build", n);
    if (selected(name)) {
        int per = n >= 1000 ? 1 : 1000 / n;
        system_t *sys = (system_t *)malloc(sizeof(system_t) * (size_t)per);
        for (r = -1; r < g_reps; r++) {
            double t0 = now_ns();
            for (i = 0; i < per; i++) chain_build(&sys[i], n);
            double t1 = now_ns();
            if (r == g_reps - 1) print_check(name, sum_values(sys[0].vars, sys[0].nvars));
            for (i = 0; i < per; i++) sys_free(&sys[i]);
            if (r >= 0) t[r] = t1 - t0;
        }
        free(sys);
        print_times(name, per, t, g_reps);
    }
    snprintf(name, sizeof name, "chain %d resize", n);
    if (selected(name)) {
        system_t s;
        const int per = 1000;
        chain_build(&s, n);
        for (r = -1; r < g_reps; r++) {
            double t0 = now_ns();
            for (i = 0; i < per; i++) {
                bk_suggest(s.solver, s.vars[0], chain_width(n, i + 1));
                bk_update(s.solver);
            }
            if (r >= 0) t[r] = now_ns() - t0;
        }
        print_check(name, sum_values(s.vars, s.nvars));
        sys_free(&s);
        print_times(name, per, t, g_reps);
    }
}

static void bench_grid(int n) {
    double t[MAXREPS];
    char name[64];
    int r, i;
    snprintf(name, sizeof name, "grid %dx%d build", n, n);
    if (selected(name)) {
        int per = 400 / (n * n) > 1 ? 400 / (n * n) : 1;
        system_t *sys = (system_t *)malloc(sizeof(system_t) * (size_t)per);
        for (r = -1; r < g_reps; r++) {
            double t0 = now_ns();
            for (i = 0; i < per; i++) grid_build(&sys[i], n);
            double t1 = now_ns();
            if (r == g_reps - 1) print_check(name, sum_values(sys[0].vars, sys[0].nvars));
            for (i = 0; i < per; i++) sys_free(&sys[i]);
            if (r >= 0) t[r] = t1 - t0;
        }
        free(sys);
        print_times(name, per, t, g_reps);
    }
    snprintf(name, sizeof name, "grid %dx%d resize", n, n);
    if (selected(name)) {
        system_t s;
        const int per = 30;
        grid_build(&s, n);
        for (r = -1; r < g_reps; r++) {
            double t0 = now_ns();
            for (i = 0; i < per; i++) {
                bk_suggest(s.solver, s.vars[0], grid_size(n, i + 1, 0));
                bk_suggest(s.solver, s.vars[1], grid_size(n, i + 1, 1));
                bk_update(s.solver);
            }
            if (r >= 0) t[r] = now_ns() - t0;
        }
        print_check(name, sum_values(s.vars, s.nvars));
        sys_free(&s);
        print_times(name, per, t, g_reps);
    }
}

static void bench_churn(void) {
    double t[MAXREPS];
    int r, i;
    const int per = 10000;
    churn_t *ch;
    if (!selected("churn")) return;
    ch = (churn_t *)malloc(sizeof *ch);
    churn_build(ch);
    for (r = -1; r < g_reps; r++) {
        double t0 = now_ns();
        for (i = 0; i < per; i++) churn_step(ch);
        if (r >= 0) t[r] = now_ns() - t0;
    }
    print_check("churn", sum_values(ch->sys.vars, ch->sys.nvars));
    sys_free(&ch->sys);
    free(ch);
    print_times("churn (remove 40, add 40, update)", per, t, g_reps);
}

static long rss_kb(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmRSS:", 6) == 0) { kb = strtol(line + 6, NULL, 10); break; }
    }
    fclose(f);
    return kb;
}

/* The 10,000-view chain, in a fresh process: `builds` timed builds (after one discarded warm-up
 * build; the median goes into the growth exponent, issue 19 — a kiwi build of it takes a minute,
 * so bench/run times one there), then 1,000 resizes of the last one (a warm-up set discarded, then
 * the repetitions), then the peak resident memory of the process and its resident memory before
 * the first build. */
static void bench_big(int builds) {
    system_t s;
    double t[MAXREPS], t0;
    int r, i;
    const int n = 10000, per = 1000;
    long before = rss_kb();
    struct rusage ru;
    if (builds < 1) builds = 1;
    if (builds > MAXREPS) builds = MAXREPS;
    /* One discarded warm-up build (as every other workload has): the timed builds then run with
     * the process's heap already grown, like the 1,000-view builds they are compared with for the
     * growth exponent. The peak resident memory is unaffected (the same system, freed first). */
    chain_build(&s, n);
    for (r = 0; r < builds; r++) {
        sys_free(&s);
        t0 = now_ns();
        chain_build(&s, n);
        t[r] = now_ns() - t0;
    }
    print_check("chain 10000 build", sum_values(s.vars, s.nvars));
    print_times("chain 10000 build", 1, t, builds);
    for (r = -1; r < g_reps; r++) {
        t0 = now_ns();
        for (i = 0; i < per; i++) {
            bk_suggest(s.solver, s.vars[0], chain_width(n, i + 1));
            bk_update(s.solver);
        }
        if (r >= 0) t[r] = now_ns() - t0;
    }
    print_check("chain 10000 resize", sum_values(s.vars, s.nvars));
    print_times("chain 10000 resize", per, t, g_reps);
    getrusage(RUSAGE_SELF, &ru);
    printf("M\tchain 10000\t%ld\t%ld\n", ru.ru_maxrss, before);
    sys_free(&s);
}

int bench_main(int argc, char **argv) {
    int i, big = 0, big_builds = 1;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) g_reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) g_only = argv[++i];
        else if (strcmp(argv[i], "--workload") == 0 && i + 1 < argc) g_exact = argv[++i];
        else if (strcmp(argv[i], "--list") == 0) g_list = 1;
        else if (strcmp(argv[i], "--big") == 0) big = 1;
        else if (strcmp(argv[i], "--big-builds") == 0 && i + 1 < argc) big_builds = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [--reps N] [--only SUBSTRING | --workload NAME | --list] [--big [--big-builds N]]\n", argv[0]);
            return 2;
        }
    }
    if (g_reps < 1) g_reps = 1;
    if (g_reps > MAXREPS) g_reps = MAXREPS;
    if (!g_list) printf("# backend %s, %d repetitions after one warm-up\n", bk_name, g_reps);
    if (big) { bench_big(big_builds); return 0; }
    bench_enaml();
    bench_chain(100);
    bench_chain(1000);
    bench_grid(5);
    bench_grid(10);
    bench_grid(20);
    bench_churn();
    return 0;
}
