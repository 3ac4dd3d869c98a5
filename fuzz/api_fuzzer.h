/*
 * The API fuzzer's shared parts (fuzz/api_fuzzer.c): the input reader, failure reporting and the
 * registry of destroyed handles, used by its map-view operations (api_fuzzer.c), raw-solver
 * operations (api_fuzzer_solver.c) and concurrent-use operations (api_fuzzer_threads.c).
 */
#ifndef NL_API_FUZZER_H
#define NL_API_FUZZER_H

#include <stddef.h>
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

/* api_fuzzer.c's pickers and callbacks, for the other parts: a number for a priority; map slot
   s's handle (live, stale or garbage); a view, guide or constraint of slot s (live, stale, of
   another kind, of another map view or garbage); insets of num()s; a string of odd bytes (at most
   cap - 1, NUL-terminated) written to buf; the slot of a live map view (-1: none); an event's
   status check (NL_ERR_REENTRANT inside the map view's own callback); the body of every callback
   (the map view in use, nested operations, maybe nl_map_view_fail_callback). */
float prio(void);
nl_map_view *map_handle(int s);
nl_view *any_view(int s);
nl_guide *any_guide(int s);
nl_constraint *any_con(int s);
nl_insets insets(void);
char *fuzz_string(char *buf, size_t cap);
int slot_of(nl_map_view *map);
void check_event(nl_status st, const char *call, int s, nl_map_view *m);
void callback_body(nl_map_view *map, const nl_ui_state *st1, const nl_ui_state *st2, nl_view *prompt);

/* api_fuzzer_newer.c: the calls added after issue 8 (z-order, accessibility, speed data, the
   legacy settings' getters, constraint and guide queries, constraints affecting layout, sessions
   and their pages, the size sweep, snapshot comparison and pages, the diagnostic handler). */
void newer_op(int s);
void newer_reset_world(void);
/* The markup outputs (SVG, HTML pages) are well-formed text whatever the identifiers: valid
   UTF-8 and no C0 control character but tab, newline and carriage return (issue 17, item 3). */
void check_markup(const char *text, const char *what);

/* api_fuzzer_threads.c: a second thread calling while this one is (or is not) inside calls. */
void thread_op(void);

#endif /* NL_API_FUZZER_H */
