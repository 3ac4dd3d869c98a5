/*
 * The demo shared by the C example delegates (sample_delegate, wide_delegate): the navigation
 * session of docs/behaviour.md#acceptance-values and the table printed after each step — the same bytes the Swift CLI
 * (`navlayout demo --delegate sample|wide`) and examples/python print.
 */
#ifndef NL_DEMO_TABLE_H
#define NL_DEMO_TABLE_H

#include "navlayout.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Prints "== step ==" and then the map view's hierarchy, depth first: one line per view with its
 *  identifier (indented two spaces per level) and its presented frame (x, y, width, height, one
 *  decimal), " hidden" for hidden views; then "  camera padding T L B R vehicle X Y" when the
 *  viewport is in the hierarchy, or "  (empty)" when the map view has no subviews. */
nl_status nl_demo_print_step(nl_map_view *map, const char *step);

/** Runs the demo session on `map` (its delegate already set) and prints each step: navigation
 *  ready, active guidance, an incident prompt at 0.0 / 0.2 / 0.4 s, prompt dismissed (+0.4 s),
 *  guidance stopped, navigation disabled. Returns the first failing status (after printing it to
 *  stderr with `program` and the library's message). */
nl_status nl_demo_run_session(nl_map_view *map, const char *program);

/** A whole demo program: `program [preset]` (default iphone-portrait). Creates the map view from
 *  the preset, calls `install(map)` to set the delegate, runs the session and destroys the map.
 *  Returns the exit status: 0; 1 when a step fails; 2 for an unknown preset or a delegate refused
 *  for another reason. On the CarPlay preset, which refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate), it prints
 *  a message on stderr and runs the session with the built-in layout (exit 0), as `navlayout demo`
 *  and the Python examples do. */
int nl_demo_main(int argc, char **argv, const char *program, nl_status (*install)(nl_map_view *map));

#ifdef __cplusplus
}
#endif

#endif /* NL_DEMO_TABLE_H */
