/*
 * The API fuzzer's shared parts (fuzz/api_fuzzer.c): the input reader, failure reporting and the
 * registry of destroyed handles, used by its map-view operations (api_fuzzer.c), raw-solver
 * operations (api_fuzzer_solver.c) and concurrent-use operations (api_fuzzer_threads.c).
 */
#ifndef NL_API_FUZZER_H
#define NL_API_FUZZER_H

#include <stdint.h>

#include "navlayout.h"

/* NL_FUZZ_TRACE=1: print each operation to stderr, to read a finding. */
extern int g_trace;

/* The input: one byte (0 once it is used up), whether any is left, four bytes, a number (special
   values, small integers, random doubles, NaN and infinities). */
uint8_t byte(void);
int more(void);
uint32_t u32(void);
double num(void);

/* Reports a broken invariant and aborts (libFuzzer keeps the input). */
void fail(const char *what, const char *call, nl_status st);

/* The status is a documented one for a call from the thread that owns every map view and solver
   (NL_OK ... NL_ERR_LIMIT_EXCEEDED; NL_ERR_BUSY and NL_ERR_INTERNAL are bugs there), and the last
   error message is a string. */
void check(nl_status st, const char *call);

/* Handles destroyed explicitly: any later use must be NL_ERR_INVALID_HANDLE. */
void mark_dead(const void *h);
int is_dead(const void *h);
/* check() plus: a handle known to be destroyed is NL_ERR_INVALID_HANDLE. */
void check_on(nl_status st, const char *call, const void *h);

/* Map views: whether slot i's map view is being used by this thread (one of its callbacks runs,
   so a call on it is running), and its handle (NULL when the slot is free). */
int map_in_use(int i);
nl_map_view *map_of_slot(int i);
#define MAX_MAPS 3

/* api_fuzzer_solver.c: the raw-solver world of one input. */
void solver_reset_world(void);
void solver_op(void);
void solver_end_of_input(void);
/* A live solver of the input, or NULL (for the concurrency operations). */
nl_solver *solver_of_slot(int i);
#define MAX_SOLVERS 2

/* api_fuzzer_threads.c: a second thread calling while this one is (or is not) inside calls. */
void thread_op(void);

#endif /* NL_API_FUZZER_H */
