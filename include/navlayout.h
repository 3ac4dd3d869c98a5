/*
 * navlayout.h — the C interface of NavLayout, a headless navigation-layout engine
 * (incremental Cassowary solver + Auto Layout-style engine + navigation UI state machine).
 *
 * Behaviour is specified in docs/behaviour.md (cited as docs/behaviour.md#<section> below), names in docs/api.md.
 *
 * Conventions
 * -----------
 * - Units: every length is in points (double), every duration in seconds (double).
 *   Coordinates have their origin at the map view's top-left, x to the right, y down; every frame
 *   is in the map view's coordinate space (docs/behaviour.md#units-and-coordinates, docs/behaviour.md#layout-engine).
 * - Handles (nl_map_view, nl_view, nl_guide, nl_constraint, nl_ui_state) are opaque and are NOT
 *   pointers to memory: never dereference them. A NULL, stale (destroyed) or garbage handle, or
 *   a handle of another kind than the call takes, is detected and reported as
 *   NL_ERR_INVALID_HANDLE; it never crashes the process.
 * - Everything created from a map view (views, guides, hiding stacks, constraints, and the
 *   handles of the SDK's components) belongs to that map view and becomes invalid when the map view
 *   is destroyed. Using a handle that belongs to map view A with map view B returns
 *   NL_ERR_INVALID_ARGUMENT.
 * - Every fallible function returns nl_status; on failure nl_last_error_message() tells why,
 *   naming the offending item by its identifier. Functions that return a handle return NULL on
 *   failure (and set the last error message). Queries return nl_status and write through an
 *   out-pointer; a NULL out-pointer is NL_ERR_INVALID_ARGUMENT.
 * - Doubles must be finite: NaN or infinite inputs are NL_ERR_INVALID_ARGUMENT.
 * - Out-of-range enum values are NL_ERR_INVALID_ARGUMENT.
 * - Strings returned as `char *` are copies owned by the caller: free them with nl_string_free().
 *   Strings returned as `const char *` are owned by the library (lifetime stated per function).
 *   String arguments are copied; the caller keeps ownership. Strings are UTF-8.
 * - Threads: the only global mutable state is the handle table (changed under a mutex), the
 *   mutex-protected diagnostic handler (nl_set_diagnostic_handler) and the thread-local error
 *   message. Distinct map views (and solvers) may be used from distinct threads at once; one map
 *   view or solver (and everything it owns) must be used from one thread at a time. This is
 *   checked, never assumed: a call on a map view or solver (any handle it owns) while another
 *   thread is inside a call on it returns NL_ERR_BUSY at once ("map view 0xa5… is in use by another
 *   thread"), does nothing and never waits; functions returning a handle or string return NULL with
 *   nl_last_error_status() == NL_ERR_BUSY. Calls made from inside a callback on the thread that
 *   runs it are not concurrent. Handing a map view to another thread between calls is allowed.
 *   (Release 0.1.0 did not check: concurrent calls could corrupt the process's heap.)
 * - Callbacks are plain C function pointers that receive the host's user_data first. A callback
 *   may report failure with nl_map_view_fail_callback(). Structs passed into the library begin
 *   with `uint32_t struct_size` (set it to sizeof the struct) so later versions can add fields.
 * - "Events" are the calls that drive the navigation session or time: set_navigation_enabled,
 *   start/stop_guidance, trigger/dismiss_prompt, set_size, set_speed_data, set_speed_widget_mode,
 *   pan, recenter,
 *   advance_time, set_layout_delegate and nl_map_view_destroy. An event called from inside any
 *   callback of the same map view (delegate method, animation block, animation completion)
 *   returns NL_ERR_REENTRANT and changes nothing (docs/behaviour.md#invalid-events-and-re-entrancy).
 */
#ifndef NAVLAYOUT_H
#define NAVLAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ */
/* Version                                                                                    */
/* ------------------------------------------------------------------------------------------ */

#define NL_VERSION_MAJOR 0
#define NL_VERSION_MINOR 1
#define NL_VERSION_PATCH 0

/** The library's version as "MAJOR.MINOR.PATCH" (static storage; do not free). */
const char *nl_version(void);

/* ------------------------------------------------------------------------------------------ */
/* Status codes and errors                                                                     */
/* ------------------------------------------------------------------------------------------ */

typedef enum nl_status {
    NL_OK = 0,
    NL_ERR_INVALID_ARGUMENT = 1,   /* NaN/inf, out-of-range enum or index, NULL out-pointer,
                                      mixed anchor axes, handle of another map view, ... */
    NL_ERR_INVALID_HANDLE = 2,     /* NULL, stale or garbage handle, or one of the wrong kind
                                      (a live handle of another map view or solver where the
                                      call needs its own: NL_ERR_INVALID_ARGUMENT) */
    NL_ERR_INVALID_STATE = 3,      /* event not valid in the current navigation state (docs/behaviour.md#invalid-events-and-re-entrancy) */
    NL_ERR_NAVIGATION_ENABLED = 4, /* set_layout_delegate while navigation is enabled (docs/behaviour.md#setting-the-layout-delegate) */
    NL_ERR_CARPLAY = 5,            /* set_layout_delegate on a CarPlay map view (docs/behaviour.md#setting-the-layout-delegate) */
    NL_ERR_REENTRANT = 6,          /* an event called from inside a callback (docs/behaviour.md#invalid-events-and-re-entrancy) */
    NL_ERR_NO_COMMON_ANCESTOR = 7, /* constraint items share no ancestor (docs/behaviour.md#constraints) */
    NL_ERR_UNSATISFIABLE = 8,      /* a required constraint cannot be satisfied */
    NL_ERR_DUPLICATE = 9,          /* the thing already exists (e.g. a duplicate arranged view) */
    NL_ERR_UNKNOWN = 10,           /* the thing does not exist (e.g. guide not owned by the view) */
    NL_ERR_CALLBACK_FAILED = 11,   /* a host callback reported failure (nl_map_view_fail_callback) */
    NL_ERR_LIMIT_EXCEEDED = 12,    /* a capacity limit was reached: the handle table already holds
                                      NL_MAX_LIVE_HANDLES live handles ("Handle limit" below) */
    NL_ERR_BUSY = 13,              /* another thread is inside a call on the same map view or solver
                                      (or on anything it owns); nothing was done ("Threads" above) */
    NL_ERR_INTERNAL = 99           /* a bug in NavLayout; please report it */
} nl_status;
/* Programs must handle status values they do not know (later releases may append codes;
 * docs/abi-policy.md): treat an unknown non-zero status as a failure and show
 * nl_last_error_message(). */

/*
 * Handle limit
 * ------------
 * Every handle the library hands out (map views, views, guides, constraints, component handles,
 * the state handles passed to delegate callbacks, solvers, variables, solver constraints) is an
 * entry of one process-wide table of at most NL_MAX_LIVE_HANDLES live entries, shared by all
 * threads. The number comes from the handle encoding (a 24-bit slot index, slot 0 unused) and is
 * not configurable. A handle stops counting once it is invalidated (nl_*_destroy, or the
 * destruction of its map view or solver), and its slot is reused — with a new 32-bit generation
 * each time, so that no handle value is ever issued twice in a process and a stale handle is
 * refused for the process's whole life. A slot that has issued its 4,294,967,295th handle is
 * retired and no longer counts towards the limit (one slot per 4.3e9 handles created; the table
 * issues 7.2e16 handles in all, over a thousand years at 2 million a second: docs/design.md
 * "Handles").
 * When the table is full, every call that needs a new handle fails with NL_ERR_LIMIT_EXCEEDED and
 * a last error message naming the limit: functions returning a status return it; functions
 * returning a handle return NULL and nl_last_error_status() is NL_ERR_LIMIT_EXCEEDED. This covers
 * creating anything (nl_map_view_create*, nl_view_create, nl_guide_create, hiding stacks,
 * constraints, nl_solver_create, nl_variable_create, nl_solver_constraint_create,
 * nl_solver_add_constraint), getters that return a handle for an object that has none yet
 * (component views, subviews, superviews, guides, the items of anchors), and events that run
 * delegate callbacks (each callback needs state handles). A raw-solver call that fails this way
 * changes nothing. (Release 0.1.0 reported a full table as NL_ERR_INTERNAL.)
 */
#define NL_MAX_LIVE_HANDLES 16777215

/** The enum name of a status ("NL_OK", "NL_ERR_INVALID_HANDLE", ...); "NL_STATUS_UNRECOGNIZED" for
 *  any other value. Static storage; do not free. */
const char *nl_status_name(nl_status status);

/** The message of the most recent failed call on the calling thread (thread-local), naming the
 *  offending item by identifier; "" if no call has failed on this thread. Successful calls leave
 *  it unchanged. Owned by the library; valid until the next failing call on this thread. */
const char *nl_last_error_message(void);

/** The status of the most recent failed call on the calling thread (thread-local), the one
 *  nl_last_error_message() describes; NL_OK if no call has failed on this thread. Successful calls
 *  leave it unchanged. Use it after a function that returns NULL on failure (handles, strings) to
 *  tell why, e.g. NL_ERR_LIMIT_EXCEEDED from a full handle table versus NL_ERR_INVALID_HANDLE. */
nl_status nl_last_error_status(void);

/** Frees a string returned by the library as `char *`. NULL is ignored. */
void nl_string_free(char *string);

/* ------------------------------------------------------------------------------------------ */
/* Handles and value types                                                                    */
/* ------------------------------------------------------------------------------------------ */

typedef struct nl_map_view nl_map_view;     /* the root view + navigation state machine */
typedef struct nl_view nl_view;             /* a view (host view, SDK component, hiding stack, prompt,
                                               or the map view's root view) */
typedef struct nl_guide nl_guide;           /* a layout guide */
typedef struct nl_constraint nl_constraint; /* a layout constraint */
typedef struct nl_ui_state nl_ui_state;     /* a navigation UI state, valid during one callback */

typedef struct nl_rect { double x, y, width, height; } nl_rect;
typedef struct nl_insets { double top, left, bottom, right; } nl_insets;
typedef struct nl_point { double x, y; } nl_point;
typedef struct nl_size { double width, height; } nl_size;

typedef enum nl_anchor_attribute {
    NL_ANCHOR_LEADING = 0,
    NL_ANCHOR_TRAILING = 1,
    NL_ANCHOR_LEFT = 2,
    NL_ANCHOR_RIGHT = 3,
    NL_ANCHOR_TOP = 4,
    NL_ANCHOR_BOTTOM = 5,
    NL_ANCHOR_WIDTH = 6,
    NL_ANCHOR_HEIGHT = 7,
    NL_ANCHOR_CENTER_X = 8,
    NL_ANCHOR_CENTER_Y = 9
} nl_anchor_attribute;

/** An anchor: an attribute of a view or guide. `item` is an nl_view* or an nl_guide* handle. */
typedef struct nl_anchor {
    const void *item;
    nl_anchor_attribute attribute;
} nl_anchor;

typedef enum nl_relation {
    NL_EQUAL = 0,
    NL_LESS_OR_EQUAL = 1,
    NL_GREATER_OR_EQUAL = 2
} nl_relation;

typedef enum nl_axis { NL_AXIS_HORIZONTAL = 0, NL_AXIS_VERTICAL = 1 } nl_axis;

typedef enum nl_layout_direction {
    NL_LAYOUT_DIRECTION_LEFT_TO_RIGHT = 0,
    NL_LAYOUT_DIRECTION_RIGHT_TO_LEFT = 1
} nl_layout_direction;

/* Priorities (docs/behaviour.md#priorities): any value in 1...1000; 1000 is required. */
#define NL_PRIORITY_REQUIRED 1000.0f
#define NL_PRIORITY_DEFAULT_HIGH 750.0f
#define NL_PRIORITY_DEFAULT_LOW 250.0f
#define NL_PRIORITY_FITTING_SIZE 50.0f

/** "No intrinsic size on this axis" for nl_view_set_intrinsic_size. */
#define NL_NO_INTRINSIC_METRIC (-1.0)

typedef enum nl_prompt_kind {
    NL_PROMPT_INCIDENT = 0,     /* height 120 */
    NL_PROMPT_SPEED_CAMERA = 1, /* height 96 */
    NL_PROMPT_TRAFFIC = 2,      /* height 120 */
    NL_PROMPT_BETTER_ROUTE = 3  /* height 152 */
} nl_prompt_kind;

typedef enum nl_speed_widget_mode {
    NL_SPEED_WIDGET_NONE = 0,
    NL_SPEED_WIDGET_SPEEDOMETER = 1,
    NL_SPEED_WIDGET_SPEED_LIMIT = 2,
    NL_SPEED_WIDGET_BOTH = 3
} nl_speed_widget_mode;

/** A button type: NL_BUTTON_COMPASS, NL_BUTTON_REPORTING, or any other value for a type this
 *  version does not know (docs/behaviour.md#buttons: find buttons by type, never by index). */
typedef int32_t nl_button_type;
#define NL_BUTTON_COMPASS ((nl_button_type)1)
#define NL_BUTTON_REPORTING ((nl_button_type)2)

typedef enum nl_stack_position {
    NL_STACK_POSITION_TOP = 0,
    NL_STACK_POSITION_CENTER = 1,
    NL_STACK_POSITION_BOTTOM = 2
} nl_stack_position;

typedef enum nl_stack_alignment {
    NL_STACK_ALIGNMENT_LEADING = 0,
    NL_STACK_ALIGNMENT_TRAILING = 1
} nl_stack_alignment;

/** Prompt corner mask bits (docs/behaviour.md#prompts-and-corner-masks); default: NL_CORNER_MIN_X_MIN_Y | NL_CORNER_MAX_X_MIN_Y. */
typedef uint32_t nl_corner_mask;
#define NL_CORNER_MIN_X_MIN_Y ((nl_corner_mask)1)
#define NL_CORNER_MAX_X_MIN_Y ((nl_corner_mask)2)
#define NL_CORNER_MIN_X_MAX_Y ((nl_corner_mask)4)
#define NL_CORNER_MAX_X_MAX_Y ((nl_corner_mask)8)

typedef enum nl_curve { NL_CURVE_EASE_IN_OUT = 0, NL_CURVE_LINEAR = 1 } nl_curve;

typedef enum nl_ui_state_kind {
    NL_UI_STATE_NO_NAVIGATION = 0, /* only from nl_map_view_navigation_state */
    NL_UI_STATE_NAVIGATION_READY = 1,
    NL_UI_STATE_ACTIVE_GUIDANCE = 2
} nl_ui_state_kind;

/** Camera framing (docs/behaviour.md#camera-framing): the camera rect — the viewport's presented frame, shrunk by the
 *  legacy padding (nl_map_view_set_padding) while the built-in layout is active — the equivalent
 *  padding (top = vp.y, left = vp.x, bottom = H - vp.maxY, right = W - vp.maxX) and the vehicle
 *  point (the rect's centre). Points. With no viewport in the hierarchy the values come from the
 *  viewport's last frame (zero before it was ever laid out); an emptyViewport or
 *  missingRequiredComponent diagnostic says so during navigation. */
typedef struct nl_camera {
    nl_rect viewport;
    nl_insets padding;
    nl_point vehicle_point;
} nl_camera;

/** NavigationStyleValues (docs/behaviour.md#style-values), points. */
typedef struct nl_style_values {
    double button_horizontal_padding;     /* 16 */
    double button_vertical_padding;       /* 8 */
    double default_corner_radius;         /* 12 */
    double element_horizontal_padding;    /* 8 */
    double header_footer_horizontal_padding; /* 16 */
    double header_nominal_height;         /* 104 */
    double header_top_padding;            /* 8 */
} nl_style_values;

/** Options of nl_map_view_create. Set struct_size = sizeof(nl_map_options). */
typedef struct nl_map_options {
    uint32_t struct_size;
    double width, height;                 /* points, finite, >= 0 */
    nl_insets safe_area;                  /* points, finite, >= 0 */
    bool car_play;                        /* a CarPlay screen: refuses layout delegates */
    nl_layout_direction layout_direction;
    bool shuffle_buttons;                 /* test option: shuffle buttons, add an unknown one */
} nl_map_options;

/* Diagnostic codes: the table in docs/behaviour.md#diagnostic-codes, in table order. */
typedef enum nl_diagnostic_code {
    NL_DIAG_UNSATISFIABLE = 1,
    NL_DIAG_AMBIGUOUS_LAYOUT = 2,
    NL_DIAG_MISSING_REQUIRED_COMPONENT = 3, /* the logo or the viewport is not in the hierarchy,
                                              or is hidden (itself, an ancestor, a hiding stack),
                                              in a navigation state (issue 16) */
    NL_DIAG_SIZE_CONSTRAINT_ON_FIXED_COMPONENT = 4,
    NL_DIAG_STALE_COMPONENT = 5,           /* also host views and guides added while navigation
                                              was enabled that a custom delegate left in the
                                              hierarchy after disable_navigation_ui (issue 16) */
    NL_DIAG_VIEWPORT_OBSTRUCTED = 6,
    NL_DIAG_OVERLAP = 7,
    NL_DIAG_OFFSCREEN = 8,
    NL_DIAG_WIDE_MODE_CARDS_NOT_LEADING = 9,
    NL_DIAG_LEFT_RIGHT_ANCHOR = 10,
    NL_DIAG_HIDDEN_IN_HIDING_STACK = 11,
    NL_DIAG_LEGACY_API_IGNORED = 12,
    NL_DIAG_EMPTY_VIEWPORT = 13,
    /* Accessibility (issue 16 item 8; see "Accessibility" below for each rule): */
    NL_DIAG_HIT_TARGET_TOO_SMALL = 16,              /* warning */
    NL_DIAG_MISSING_ACCESSIBILITY_LABEL = 17,       /* error */
    NL_DIAG_ACCESSIBILITY_ELEMENT_COVERED = 18,     /* warning */
    NL_DIAG_ACCESSIBILITY_ORDER_SKIPS_COMPONENT = 19, /* error */
    /* Swift only (NavLayoutUIKit, issue 16 item 10): a non-throwing call of the UIKit spelling was
       refused (the error its throwing NavLayout counterpart gives); kept until the next navigation
       transition. A map view driven through this C API never reports it. */
    NL_DIAG_CALL_REFUSED = 20                       /* error */
} nl_diagnostic_code;

typedef enum nl_severity {
    NL_SEVERITY_INFO = 0,
    NL_SEVERITY_WARNING = 1,
    NL_SEVERITY_ERROR = 2
} nl_severity;

/** One diagnostic (docs/behaviour.md#diagnostics). Set struct_size = sizeof(nl_diagnostic) before the call. */
typedef struct nl_diagnostic {
    uint32_t struct_size;
    int32_t code;           /* nl_diagnostic_code */
    int32_t severity;       /* nl_severity */
    const char *message;    /* owned by the map view; valid until the next layout pass or map change */
    const nl_view *items[4]; /* the first item_count items (views; a layout guide appears as its
                               nl_guide* handle cast to nl_view*) */
    size_t item_count;      /* <= 4 */
    /* Written only when struct_size covers it (a caller built against a header without this
       field passes a smaller struct_size and gets the fields above): */
    int32_t axis;           /* NL_DIAG_AXIS_BOTH_OR_NONE (-1), or the nl_axis of an
                               NL_DIAG_AMBIGUOUS_LAYOUT that concerns one axis only */
    /* Written only when struct_size covers it (added with nl_set_diagnostic_handler): */
    const char *log_line;   /* the diagnostic as one line, "<severity> <code>: <message> [items:
                               <identifier (role)>, ...]" (no newline; a newline inside an
                               identifier is written \n): what the default handler writes after
                               "navlayout: ". Owned like `message` */
} nl_diagnostic;

/** nl_diagnostic.axis when the diagnostic is not about a single axis. */
#define NL_DIAG_AXIS_BOTH_OR_NONE (-1)

/* ------------------------------------------------------------------------------------------ */
/* Map view and geometry (docs/behaviour.md)                                                  */
/* ------------------------------------------------------------------------------------------ */

/** Creates a map view of the given size and safe area (docs/behaviour.md#units-and-coordinates). Returns NULL on failure:
 *  options NULL, struct_size too small, NaN/inf or negative numbers, sizes or insets above
 *  10,000,000 pt, insets that do not fit in the size (left + right > width or
 *  top + bottom > height), bad layout_direction (NL_ERR_INVALID_ARGUMENT). The caller owns the map view: free it with nl_map_view_destroy. */
nl_map_view *nl_map_view_create(const nl_map_options *options);

/** Creates a map view from a device preset of docs/behaviour.md#device-presets: "iphone-portrait", "iphone-landscape",
 *  "iphone-se", "ipad-portrait", "ipad-split", "carplay" (CarPlay). Returns NULL on failure
 *  (NULL or unknown name: NL_ERR_INVALID_ARGUMENT). Free with nl_map_view_destroy. */
nl_map_view *nl_map_view_create_preset(const char *preset);

/** Destroys a map view and everything it owns (views, guides, constraints, component handles);
 *  calls the layout delegate's release(user_data) once. Every handle of the map view becomes
 *  stale. Returns NL_ERR_INVALID_HANDLE for a bad handle, NL_ERR_REENTRANT from inside one of
 *  this map view's callbacks (nothing is destroyed). */
nl_status nl_map_view_destroy(nl_map_view *map);

/** The map view as a view (the root of its hierarchy), for anchors and nl_view_add_subview.
 *  Owned by the map view. NULL on a bad handle. */
nl_view *nl_map_view_root(nl_map_view *map);

/** Resizes the map view (width, height and safe-area insets in points; docs/behaviour.md#events-and-callbacks): updates
 *  wide mode and the component sizes, and calls size_changed when navigation is enabled.
 *  NL_ERR_INVALID_ARGUMENT for NaN/inf/negative values, values above 10,000,000 pt or insets that
 *  do not fit in the size (nothing changes), NL_ERR_REENTRANT from a callback,
 *  NL_ERR_CALLBACK_FAILED if size_changed reported failure (the resize still happened). */
nl_status nl_map_view_set_size(nl_map_view *map, double width, double height, nl_insets safe_area);

/** The map view's current size (points). */
nl_status nl_map_view_size(const nl_map_view *map, nl_size *out);

/** The map view's current safe-area insets (points). */
nl_status nl_map_view_safe_area(const nl_map_view *map, nl_insets *out);

/** Whether the map view was created for a CarPlay screen (nl_map_options.car_play, or the "carplay"
 *  preset); such a map view refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate). */
nl_status nl_map_view_car_play(const nl_map_view *map, bool *out);

/** The map view's layout direction (nl_map_options.layout_direction; presets: left to right). */
nl_status nl_map_view_layout_direction(const nl_map_view *map, nl_layout_direction *out);

/** Performs a layout pass now if anything changed (docs/behaviour.md#layout-pass). Layout is otherwise
 *  lazy: frames, the camera and diagnostics perform it when read. */
nl_status nl_map_view_layout_if_needed(nl_map_view *map);

/* ------------------------------------------------------------------------------------------ */
/* Views, guides, anchors, constraints (docs/behaviour.md#layout-engine)                      */
/* ------------------------------------------------------------------------------------------ */

/** Creates a host view (not in any hierarchy yet; no intrinsic size; identifier ""). Owned by
 *  the map view; may be destroyed earlier with nl_view_destroy. NULL on a bad map handle. */
nl_view *nl_view_create(nl_map_view *map);

/** Removes a view created with nl_view_create or nl_hiding_stack_create (or a prompt that is no
 *  longer shown) from its superview — which deactivates every constraint that references it or its
 *  descendants (docs/behaviour.md#views-and-layout-guides) — and invalidates its handle. Constraint handles stay valid.
 *  A destroyed view stays dead: its subviews are detached (their handles stay valid; they have no
 *  superview, so nl_view_superview returns NULL) and so are the guides it owns; the handles of its
 *  safe-area and margins guides become stale; no call ever returns a handle for it again (e.g.
 *  nl_constraint_first_anchor of a constraint that still refers to it fails with
 *  NL_ERR_INVALID_HANDLE).
 *  NL_ERR_INVALID_ARGUMENT for the root view, an SDK component or the shown prompt. */
nl_status nl_view_destroy(nl_view *view);

/** Creates a layout guide (docs/behaviour.md#views-and-layout-guides), not owned by any view yet. Owned by the map view. */
nl_guide *nl_guide_create(nl_map_view *map);

/** Removes a guide created with nl_guide_create from its owning view (deactivating its
 *  constraints) and invalidates its handle. NL_ERR_INVALID_ARGUMENT for the built-in guides
 *  (safe area, layout margins). */
nl_status nl_guide_destroy(nl_guide *guide);

/** Adds `child` as the last subview of `parent` (moving it from its previous superview; a current
 *  subview of `parent` moves to the top and keeps its constraints).
 *  NL_ERR_INVALID_ARGUMENT: child == parent, child is an ancestor of parent, child is the root,
 *  the views belong to different map views, or `parent` is an SDK component or prompt (its
 *  internal view structure is the SDK's, issue 16); nothing changes then. */
nl_status nl_view_add_subview(nl_view *parent, nl_view *child);

/* Layers on screen (issue 16): the order of a view's subviews is the z-order — index 0 is drawn
 * first (bottommost), the last subview on top (nl_view_subview). These calls are UIKit's
 * insertSubview(_:at:), insertSubview(_:aboveSubview:), insertSubview(_:belowSubview:),
 * bringSubviewToFront(_:), sendSubviewToBack(_:) and exchangeSubview(at:withSubviewAt:).
 * Moving a view that already is a subview of `parent` only reorders the subviews: its constraints
 * stay active, as in UIKit. A view from another superview (or none) is taken from it as
 * nl_view_add_subview does, which deactivates the constraints that tied it to its old place.
 * Each returns NL_ERR_INVALID_HANDLE for a bad handle and NL_ERR_INVALID_ARGUMENT for what
 * nl_view_add_subview refuses and for the index or sibling errors given below; nothing changes
 * on an error. The diagnostics read the new order at once (a prompt brought above a card is no
 * longer reported as covered, NL_DIAG_OVERLAP). */

/** Inserts `child` at `index` of `parent`'s subviews (0 = bottommost, count = topmost); a current
 *  subview ends at `index` (or last, for index == count). NL_ERR_INVALID_ARGUMENT for
 *  index > count. */
nl_status nl_view_insert_subview_at(nl_view *parent, nl_view *child, size_t index);

/** Inserts `child` directly above `sibling` in `parent`'s subviews (above itself: no change).
 *  NL_ERR_INVALID_ARGUMENT when `sibling` is not a subview of `parent`. */
nl_status nl_view_insert_subview_above(nl_view *parent, nl_view *child, nl_view *sibling);

/** Inserts `child` directly below `sibling` in `parent`'s subviews (below itself: no change).
 *  NL_ERR_INVALID_ARGUMENT when `sibling` is not a subview of `parent`. */
nl_status nl_view_insert_subview_below(nl_view *parent, nl_view *child, nl_view *sibling);

/** Moves the subview `child` to the top of `parent`'s subviews. NL_ERR_INVALID_ARGUMENT when
 *  `child` is not a subview of `parent`. */
nl_status nl_view_bring_subview_to_front(nl_view *parent, nl_view *child);

/** Moves the subview `child` to the bottom of `parent`'s subviews. NL_ERR_INVALID_ARGUMENT when
 *  `child` is not a subview of `parent`. */
nl_status nl_view_send_subview_to_back(nl_view *parent, nl_view *child);

/** Swaps the subviews at `index1` and `index2` of `parent` (equal indices: no change).
 *  NL_ERR_INVALID_ARGUMENT unless both are below the subview count. */
nl_status nl_view_exchange_subviews(nl_view *parent, size_t index1, size_t index2);

/** Removes the view from its superview, deactivating every constraint that references it or its
 *  descendants (docs/behaviour.md#views-and-layout-guides). A view without a superview: NL_OK, nothing happens. */
nl_status nl_view_remove_from_superview(nl_view *view);

/** Makes `view` the owner of `guide`. NL_ERR_INVALID_ARGUMENT if the guide is a built-in guide of
 *  another view or of another map view, or if `view` is an SDK component or prompt (issue 16). */
nl_status nl_view_add_layout_guide(nl_view *view, nl_guide *guide);

/** Removes `guide` from `view`, deactivating its constraints. NL_ERR_UNKNOWN if `view` does not
 *  own the guide. */
nl_status nl_view_remove_layout_guide(nl_view *view, nl_guide *guide);

/** The view's superview (a handle owned by the map view); NULL when it has none or on error. */
nl_view *nl_view_superview(const nl_view *view);

/** The number of subviews of `view`. */
nl_status nl_view_subview_count(const nl_view *view, size_t *out);

/** The subview at `index` (in z-order, back to front). NULL and NL_ERR_INVALID_ARGUMENT when
 *  index >= count. The handle is owned by the map view. */
nl_view *nl_view_subview(const nl_view *view, size_t index);

/** The view's safe-area layout guide: its frame inset by its safe-area insets (for the root the
 *  map view's safe area; for any other view the part the map's unsafe edges do not cover, see
 *  nl_view_safe_area_insets). Owned by the view. */
nl_guide *nl_view_safe_area_guide(nl_view *view);

/** The view's layout-margins guide: its safe area inset by its layout margins (default 8), or its
 *  frame inset by them when nl_view_set_insets_layout_margins_from_safe_area turned that off.
 *  Owned by the view. */
nl_guide *nl_view_margins_guide(nl_view *view);

/** Sets the identifier used in diagnostics and error messages (copied; NULL = ""). The SDK's
 *  components come with their role as identifier ("turnCard", "viewport", ...). */
nl_status nl_view_set_identifier(nl_view *view, const char *identifier);

/** A copy of the view's identifier; free it with nl_string_free. NULL on error. */
char *nl_view_identifier(const nl_view *view);

/** Sets the guide's identifier (copied; NULL = ""). */
nl_status nl_guide_set_identifier(nl_guide *guide, const char *identifier);

/** A copy of the guide's identifier; free it with nl_string_free. NULL on error. */
char *nl_guide_identifier(const nl_guide *guide);

/** Hides or shows a view. A view managed by a hiding stack keeps the stack's decision and gets a
 *  hiddenInHidingStack diagnostic (docs/behaviour.md#hiding-stack). */
nl_status nl_view_set_hidden(nl_view *view, bool hidden);

/** Whether the view is hidden (set by the host or by a hiding stack). */
nl_status nl_view_is_hidden(const nl_view *view, bool *out);

/** Sets the intrinsic content size in points; NL_NO_INTRINSIC_METRIC for "none" on an axis.
 *  Other negative values, NaN and inf: NL_ERR_INVALID_ARGUMENT. */
nl_status nl_view_set_intrinsic_size(nl_view *view, double width, double height);

/** Content-hugging priority for an axis (default 250), 1...1000. */
nl_status nl_view_set_hugging_priority(nl_view *view, nl_axis axis, float priority);

/** Compression-resistance priority for an axis (default 750), 1...1000. */
nl_status nl_view_set_compression_priority(nl_view *view, nl_axis axis, float priority);

/** Layout margins in points (default 8 on each edge), used by the margins guide. */
nl_status nl_view_set_layout_margins(nl_view *view, nl_insets margins);

/** The intrinsic content size in points as set with nl_view_set_intrinsic_size (docs/behaviour.md#intrinsic-content-size);
 *  NL_NO_INTRINSIC_METRIC on an axis without one (the default for host views). For the SDK's
 *  components this is NL_NO_INTRINSIC_METRIC too: their sizes are required constraints (docs/behaviour.md#component-sizes),
 *  read them from nl_view_frame. */
nl_status nl_view_intrinsic_size(const nl_view *view, nl_size *out);

/** The content-hugging priority for an axis (default 250, docs/behaviour.md#intrinsic-content-size). NL_ERR_INVALID_ARGUMENT for a
 *  bad axis. */
nl_status nl_view_hugging_priority(const nl_view *view, nl_axis axis, float *out);

/** The compression-resistance priority for an axis (default 750, docs/behaviour.md#intrinsic-content-size).
 *  NL_ERR_INVALID_ARGUMENT for a bad axis. */
nl_status nl_view_compression_priority(const nl_view *view, nl_axis axis, float *out);

/** The layout margins in points (default 8 on each edge; the SDK's components have their own,
 *  docs/behaviour.md#component-sizes: logo, buttons, cards, prompts 8, speed widget 4, viewport and trip progress bar 0). */
nl_status nl_view_layout_margins(const nl_view *view, nl_insets *out);

/** Whether the view's layout margins are measured from its safe area (UIKit's
 *  insetsLayoutMarginsFromSafeArea; default true): then its margins guide is its frame inset by
 *  safe-area insets + layout margins on each edge, so content aligned to a card that reaches under
 *  the status bar or the home indicator stays inside the safe area. False: the frame inset by the
 *  layout margins alone. NL_ERR_INVALID_HANDLE for a bad view. */
nl_status nl_view_set_insets_layout_margins_from_safe_area(nl_view *view, bool on);

/** Whether the view's layout margins are measured from its safe area (default true; see
 *  nl_view_set_insets_layout_margins_from_safe_area). */
nl_status nl_view_insets_layout_margins_from_safe_area(const nl_view *view, bool *out);

/** The view's safe-area insets in points, (top, left, bottom, right) from its frame (UIKit's
 *  safeAreaInsets; docs/behaviour.md#views-and-layout-guides). For the root: the insets the host
 *  set. For another view in the map view's hierarchy, from its target frame f and the map's size
 *  W x H and insets S, each edge is how deep the view reaches into the map's unsafe band there, at
 *  most the band and at most the view's own size:
 *  top = clamp(S.top - max(f.y, 0), 0, min(S.top, f.height)),
 *  bottom = clamp(min(f.y + f.height, H) - (H - S.bottom), 0, min(S.bottom, f.height)),
 *  left and right alike. All zero for a view outside the hierarchy. Performs a pending layout
 *  pass. NL_ERR_INVALID_HANDLE for a bad view, NL_ERR_INVALID_ARGUMENT for a NULL out. */
nl_status nl_view_safe_area_insets(const nl_view *view, nl_insets *out);

/** Marks a host view opaque (the default) or not (docs/behaviour.md#viewportobstructed, Swift's LayoutView.isOpaque): an opaque
 *  host view that covers the viewport is reported as NL_DIAG_VIEWPORT_OBSTRUCTED, and one over the
 *  logo or a visible button as NL_DIAG_OVERLAP; a see-through one (a label, a badge that floats
 *  over the map) is not. SDK components, hiding stacks and the root view are never treated as
 *  opaque host views, whatever this flag says. */
nl_status nl_view_set_opaque(nl_view *view, bool opaque);

/** Whether the view is marked opaque (default true; see nl_view_set_opaque). */
nl_status nl_view_is_opaque(const nl_view *view, bool *out);

/* ------------------------------------------------------------------------------------------ */
/* Accessibility (issue 16 item 8; UIKit's accessibilityLabel, isAccessibilityElement,          */
/* accessibilityTraits, accessibilityElements)                                                  */
/* ------------------------------------------------------------------------------------------ */
/* The seed: the SDK's views meet accessibility standards, the delegate is responsible for the
 * whole layout. Host views start as plain UIViews: no label, not an accessibility element, no
 * traits. The SDK's components have their own (the host may override them, e.g. to localise):
 * googleLogo "Google Maps" (image; "Re-center", button, while it shows as the re-center button),
 * compass "Compass", reporting "Report an incident", unknownButton "Navigation control" (button),
 * turnCard "Next maneuver" (header, updates frequently), etaCard "Estimated arrival" (static text,
 * updates frequently), tripProgressBar "Trip progress", speedWidget "Speed" (updates frequently),
 * prompts "Incident ahead", "Speed camera ahead", "Traffic ahead", "Better route available"
 * (static text); the viewport is not an element.
 *
 * Diagnostics (in the form of docs/behaviour.md#diagnostics; severities say how badly the defect hurts a VoiceOver user, after
 * the checks of Xcode's accessibility audit — hit region, element description, element detection):
 *   NL_DIAG_HIT_TARGET_TOO_SMALL (warning): a visible interactive host view (a trait of
 *     NL_ACCESSIBILITY_TRAITS_INTERACTIVE) smaller than 44 x 44 pt, the minimum hit target of
 *     Apple's Human Interface Guidelines. item: the view.
 *   NL_DIAG_MISSING_ACCESSIBILITY_LABEL (error): a visible interactive host view without a label
 *     (NULL, empty or blank): VoiceOver announces only "button". item: the view.
 *   NL_DIAG_ACCESSIBILITY_ELEMENT_COVERED (warning): an element of the order in effect that an
 *     opaque host view above it in z-order covers completely (host elements: also the turn card,
 *     the ETA card or a prompt; an SDK component under a prompt is allowed, docs/behaviour.md#diagnostics). items: the
 *     element, the cover.
 *   NL_DIAG_ACCESSIBILITY_ORDER_SKIPS_COMPONENT (error): a reachable SDK component (see
 *     nl_map_view_accessibility_element) missing from the order in effect — a host order leaves it
 *     out, or it is inside a host view that is an element. item: the component. */

/** Accessibility traits: a bit set (Swift AccessibilityTraits, Python navlayout.AccessibilityTraits).
 *  NavLayout's own bit values, not UIKit's. */
typedef uint64_t nl_accessibility_traits;
#define NL_ACCESSIBILITY_TRAIT_BUTTON ((nl_accessibility_traits)1)               /* interactive */
#define NL_ACCESSIBILITY_TRAIT_LINK ((nl_accessibility_traits)2)                 /* interactive */
#define NL_ACCESSIBILITY_TRAIT_IMAGE ((nl_accessibility_traits)4)
#define NL_ACCESSIBILITY_TRAIT_STATIC_TEXT ((nl_accessibility_traits)8)
#define NL_ACCESSIBILITY_TRAIT_HEADER ((nl_accessibility_traits)16)
#define NL_ACCESSIBILITY_TRAIT_ADJUSTABLE ((nl_accessibility_traits)32)          /* interactive */
#define NL_ACCESSIBILITY_TRAIT_UPDATES_FREQUENTLY ((nl_accessibility_traits)64)
#define NL_ACCESSIBILITY_TRAIT_NOT_ENABLED ((nl_accessibility_traits)128)
#define NL_ACCESSIBILITY_TRAIT_SELECTED ((nl_accessibility_traits)256)
#define NL_ACCESSIBILITY_TRAIT_SUMMARY_ELEMENT ((nl_accessibility_traits)512)
/** Every trait above. */
#define NL_ACCESSIBILITY_TRAITS_ALL ((nl_accessibility_traits)1023)
/** The traits that make a host view interactive: button, link, adjustable. */
#define NL_ACCESSIBILITY_TRAITS_INTERACTIVE ((nl_accessibility_traits)35)

/** Sets what VoiceOver reads for the view (copied). NULL: no label of the host's (an SDK
 *  component reads its own again). NL_ERR_INVALID_HANDLE for a bad view. */
nl_status nl_view_set_accessibility_label(nl_view *view, const char *label);

/** A copy of the view's label in effect (the host's, else an SDK component's own); "" when it
 *  has none. Free it with nl_string_free. NULL on error (bad handle). */
char *nl_view_accessibility_label(const nl_view *view);

/** Makes the view one accessibility element (true: VoiceOver reads it and does not look inside
 *  it) or a container (false). Defaults: see above. */
nl_status nl_view_set_accessibility_element(nl_view *view, bool is_element);

/** Whether the view is an accessibility element. */
nl_status nl_view_is_accessibility_element(const nl_view *view, bool *out);

/** Sets the view's traits. NL_ERR_INVALID_ARGUMENT for bits outside NL_ACCESSIBILITY_TRAITS_ALL
 *  (nothing changes). */
nl_status nl_view_set_accessibility_traits(nl_view *view, nl_accessibility_traits traits);

/** The view's traits in effect (the host's, else an SDK component's own). */
nl_status nl_view_accessibility_traits(const nl_view *view, nl_accessibility_traits *out);

/** Sets the map view's element order (UIKit's accessibilityElements on the map view): each entry
 *  is read itself if it is an element, or the order in effect inside it if it is a container.
 *  elements NULL with count 0: back to the computed order. The map view keeps the views alive
 *  while they are listed (a view destroyed with nl_view_destroy has left the hierarchy, so it is
 *  not in the order in effect).
 *  NL_ERR_INVALID_ARGUMENT: elements NULL with count > 0, a NULL entry, the root view, a view of
 *  another map view, a view listed twice; NL_ERR_INVALID_HANDLE: a bad view. Nothing changes on
 *  error. */
nl_status nl_map_view_set_accessibility_elements(nl_map_view *map, nl_view *const *elements, size_t count);

/** The number of elements in the order in effect: the host's order if one is set, else the
 *  computed one. Only elements VoiceOver can reach now count: accessibility elements in the map
 *  view's hierarchy, not hidden (nor an ancestor), whose target frame has a positive area and
 *  intersects the map. The computed order (issue 16 item 8) sorts them top to bottom by the top
 *  edge of the target frame, then leading to trailing (left edge ascending in left-to-right
 *  layout, right edge descending in right-to-left), then in z-order, edges compared to
 *  0.001 pt; it does not look inside elements. An element is visited once. Performs a pending
 *  layout pass. */
nl_status nl_map_view_accessibility_element_count(nl_map_view *map, size_t *out);

/** The element at `index` of the order in effect (see nl_map_view_accessibility_element_count).
 *  Owned by the map view. NULL and NL_ERR_INVALID_ARGUMENT when index >= count. */
nl_view *nl_map_view_accessibility_element(nl_map_view *map, size_t index);

/** Whether the map view has a host order (set with nl_map_view_set_accessibility_elements). */
nl_status nl_map_view_has_custom_accessibility_elements(nl_map_view *map, bool *out);

/** What a view handle refers to (nl_view_kind_of). */
typedef enum nl_view_kind {
    NL_VIEW_KIND_PLAIN = 0,        /* a host view from nl_view_create */
    NL_VIEW_KIND_MAP = 1,          /* the map view's root view (nl_map_view_root) */
    NL_VIEW_KIND_HIDING_STACK = 2, /* a hiding stack (nl_hiding_stack_create) */
    NL_VIEW_KIND_PROMPT = 3,       /* a prompt (show_prompt / change_prompt / hide_prompt) */
    NL_VIEW_KIND_COMPONENT = 4     /* another SDK component (docs/behaviour.md#sdk-components): logo, viewport, buttons,
                                      turn card, ETA card, trip progress bar, speed widget */
} nl_view_kind;

/** What `view` is (nl_view_kind). (Named _of because nl_view_kind is the enum's type name.) */
nl_status nl_view_kind_of(const nl_view *view, nl_view_kind *out);

/** A copy of the view's SDK role: "map" for the root view, "googleLogo", "viewport", "compass",
 *  "reporting", "unknownButton", "turnCard", "etaCard", "tripProgressBar", "speedWidget",
 *  "prompt" for the SDK's components (docs/behaviour.md#sdk-components) — unlike the identifier, a host cannot change it —
 *  and "" for host views and hiding stacks. Free it with nl_string_free. NULL on error. */
char *nl_view_role(const nl_view *view);

/** An anchor of a view: a value, checked again by the call that uses it. On a bad handle or
 *  attribute the result's item is NULL (and the last error is set); a constraint built from it
 *  then fails with NL_ERR_INVALID_HANDLE. The handle is checked from the handle table alone,
 *  without entering the view's map view, so this is never NL_ERR_BUSY: an anchor of a map view
 *  another thread is using can be made, and the call it is passed to answers for it
 *  (NL_ERR_INVALID_ARGUMENT for another map view's item, NL_ERR_BUSY on that map view). */
nl_anchor nl_view_anchor(const nl_view *view, nl_anchor_attribute attribute);

/** An anchor of a layout guide; as nl_view_anchor. */
nl_anchor nl_guide_anchor(const nl_guide *guide, nl_anchor_attribute attribute);

/** Creates an inactive constraint `first REL multiplier * second + constant` (docs/behaviour.md#constraints), priority
 *  required, identifier "". Owned by the map view; nl_constraint_destroy frees it earlier.
 *  NULL and NL_ERR_INVALID_ARGUMENT: anchors of different axes (x / y / dimension), bad relation,
 *  NaN/inf multiplier or constant, an item of another map view; NL_ERR_INVALID_HANDLE: a bad
 *  anchor item. */
nl_constraint *nl_constraint_create(nl_map_view *map, nl_anchor first, nl_relation relation,
                                    nl_anchor second, double multiplier, double constant);

/** Creates an inactive constraint `first REL constant`. Only dimension anchors (width, height)
 *  take a constant-only form; a position anchor is NL_ERR_INVALID_ARGUMENT. */
nl_constraint *nl_constraint_create_constant(nl_map_view *map, nl_anchor first,
                                             nl_relation relation, double constant);

/** Deactivates the constraint and invalidates its handle. */
nl_status nl_constraint_destroy(nl_constraint *constraint);

/** Sets the priority, 1...1000 (NL_PRIORITY_*). Switching an active constraint between required
 *  and optional is NL_ERR_INVALID_STATE (as in UIKit); deactivate it first. */
nl_status nl_constraint_set_priority(nl_constraint *constraint, float priority);

/** The priority. */
nl_status nl_constraint_priority(const nl_constraint *constraint, float *out);

/** Sets the constant (points). Updates the solver incrementally (docs/behaviour.md#constraints). Inside an animation
 *  block the change is animated (docs/behaviour.md#animation). */
nl_status nl_constraint_set_constant(nl_constraint *constraint, double constant);

/** The constant. */
nl_status nl_constraint_constant(const nl_constraint *constraint, double *out);

/** Sets the identifier used in diagnostics (copied; NULL = ""). */
nl_status nl_constraint_set_identifier(nl_constraint *constraint, const char *identifier);

/** A copy of the constraint's identifier ("" unless set); free it with nl_string_free. NULL on
 *  error. */
char *nl_constraint_identifier(const nl_constraint *constraint);

/** Whether the constraint is active. */
nl_status nl_constraint_is_active(const nl_constraint *constraint, bool *out);

/** The constraint's first anchor (`first` of `first REL multiplier * second + constant`): its item
 *  is an nl_view* or nl_guide* handle owned by the map view (tell them apart with nl_view_kind_of,
 *  which fails for a guide). NL_ERR_INVALID_HANDLE if that item was destroyed (nl_view_destroy). */
nl_status nl_constraint_first_anchor(const nl_constraint *constraint, nl_anchor *out);

/** The constraint's second anchor; out->item is NULL (NL_OK) for a constant-only constraint
 *  (nl_constraint_create_constant). NL_ERR_INVALID_HANDLE if its item was destroyed. */
nl_status nl_constraint_second_anchor(const nl_constraint *constraint, nl_anchor *out);

/** The constraint's relation. */
nl_status nl_constraint_relation(const nl_constraint *constraint, nl_relation *out);

/** The constraint's multiplier (1 for a constant-only constraint). */
nl_status nl_constraint_multiplier(const nl_constraint *constraint, double *out);

/** Activates one constraint. NL_ERR_NO_COMMON_ANCESTOR if its items share no ancestor in the
 *  current hierarchy (nothing changes); NL_ERR_INVALID_HANDLE if it names a view or guide that
 *  was destroyed (nl_view_destroy, nl_guide_destroy). Activating an active constraint is NL_OK.
 *  A width or height constraint whose first anchor is a size the SDK fixes (turn card, ETA card,
 *  logo, buttons, speed widget, prompts, the trip progress bar's width; docs/behaviour.md#component-sizes) is not an error
 *  but is NOT activated: the call returns NL_OK, nl_constraint_is_active stays false, and a
 *  sizeConstraintOnFixedComponent diagnostic reports it until the next navigation transition. */
nl_status nl_constraint_activate(nl_constraint *constraint);

/** Activates `count` constraints, all or nothing: on any error (bad handle, a constraint naming a
 *  destroyed view or guide, no common ancestor) none is activated. Every handle is checked first,
 *  before any map view is entered (NULL, stale, garbage or wrong kind: NL_ERR_INVALID_HANDLE;
 *  constraints of two map views: NL_ERR_INVALID_ARGUMENT), so such a list is never NL_ERR_BUSY;
 *  NL_ERR_BUSY means that the list's one map view is in use by another thread. Size constraints on fixed-size SDK components are left inactive and
 *  reported, as for nl_constraint_activate, while the others activate. `constraints` may be NULL only when count is 0. */
nl_status nl_constraints_activate(nl_constraint *const *constraints, size_t count);

/** Deactivates one constraint (an inactive one: NL_OK). */
nl_status nl_constraint_deactivate(nl_constraint *constraint);

/** Deactivates `count` constraints, all or nothing; as nl_constraints_activate, every handle is
 *  checked first (NULL, stale, garbage or wrong kind: NL_ERR_INVALID_HANDLE; constraints of two
 *  map views: NL_ERR_INVALID_ARGUMENT) before any map view is entered, so such a list is never
 *  NL_ERR_BUSY. */
nl_status nl_constraints_deactivate(nl_constraint *const *constraints, size_t count);

/** The view's presented frame (points, map view space) at the current time: interpolated while
 *  an animation runs (docs/behaviour.md#animation). Performs a layout pass if needed. */
nl_status nl_view_frame(const nl_view *view, nl_rect *out);

/** The view's target frame: the layout running animations move to (the solver's answer). */
nl_status nl_view_target_frame(const nl_view *view, nl_rect *out);

/** The guide's frame (points, map view space). Performs a layout pass if needed. */
nl_status nl_guide_frame(const nl_guide *guide, nl_rect *out);

/* "Why is it here?" (issue 14): the constraints affecting an item's frame on one axis. */

/** Who made a constraint (nl_constraint_info.owner): the host (its delegate, or the built-in
 *  layout acting as one), or the engine for one of its own purposes. Values equal Swift's
 *  EngineConstraintKind; later versions may append kinds. */
typedef enum nl_constraint_owner {
    NL_CONSTRAINT_OWNER_HOST = 0,                   /* made with nl_constraint_create (or by the
                                                       built-in layout, docs/behaviour.md#built-in-layout) */
    NL_CONSTRAINT_OWNER_MAP_FRAME = 1,              /* the map view's origin (0, 0) and size */
    NL_CONSTRAINT_OWNER_SAFE_AREA = 2,              /* a safe-area guide's edges from its view */
    NL_CONSTRAINT_OWNER_LAYOUT_MARGINS = 3,         /* a margins guide's edges from its view */
    NL_CONSTRAINT_OWNER_COMPONENT_SIZE = 4,         /* the size the SDK fixes for a component (docs/behaviour.md#component-sizes) */
    NL_CONSTRAINT_OWNER_COMPRESSION_RESISTANCE = 5, /* size >= intrinsic size, at the view's
                                                       compression-resistance priority (docs/behaviour.md#intrinsic-content-size) */
    NL_CONSTRAINT_OWNER_CONTENT_HUGGING = 6,        /* size <= intrinsic size, at its hugging priority */
    NL_CONSTRAINT_OWNER_HIDING_STACK = 7            /* a hiding stack's arrangement (docs/behaviour.md#hiding-stack) */
} nl_constraint_owner;

/** One constraint affecting an item's layout: `first RELATION multiplier * second + constant` at
 *  `priority`. Written by nl_view_constraints_affecting_layout; see there for struct_size. */
typedef struct nl_constraint_info {
    uint32_t struct_size;
    int32_t owner;            /* nl_constraint_owner */
    nl_constraint *constraint; /* the constraint's handle if it has one (made through this API);
                                 NULL for the engine's constraints and the built-in layout's */
    const char *identifier;   /* the constraint's identifier ("" if none; UTF-8). Owned by the map
                                 view: valid until the next *_constraints_affecting_layout call for
                                 an item of the same map view, or its destruction */
    nl_anchor first;          /* item: an nl_view* or nl_guide* handle owned by the map view */
    nl_anchor second;         /* item NULL for a constant-only constraint (`first REL constant`) */
    nl_relation relation;
    double multiplier;        /* 1 for a constant-only constraint */
    double constant;          /* points */
    float priority;           /* 1...1000; 1000 = required */
    bool holds_exactly;       /* the relation holds at the solved (target) frames, within 1e-6 of
                                 the magnitudes involved; false for an optional constraint the
                                 solver could not satisfy */
} nl_constraint_info;

/**
 * The constraints that affect `view`'s frame on `axis`, like UIKit's
 * constraintsAffectingLayout(for:) (issue 14, "why is it here?"), oldest activation first:
 *  - the constraints that *determine* it: those whose constant, changed a little, would move the
 *    view's position or size on `axis` — the tight constraints of the solved layout, through any
 *    chain of other items (for the sample delegate's viewport in active guidance, vertically: the
 *    viewport's top on the turn card's bottom, the turn card on the map's top with its component
 *    size, the viewport's bottom on the content-bottom guide, that guide on the ETA card, the ETA
 *    card's size and position, and the map frame). Read from the solved Cassowary tableau: a
 *    constraint is listed when its marker symbol appears in the row of the view's position or size
 *    variable and its own symbols are not basic (docs/solver.md, "Which constraints determine a
 *    value"); holds_exactly is true for these;
 *  - the optional constraints that act on one of those constraints' variables and do not hold
 *    (holds_exactly false): they pull and lose, e.g. a guide resting on the safe-area bottom at
 *    priority 250 that a required `<=` keeps above the ETA card.
 * Engine constraints are included and named by `owner`. Not listed: inequalities off their bound,
 * redundant or broken constraints, inactive ones. Nothing is listed for a view outside the map
 * view's hierarchy or an axis its constraints do not determine (see NL_DIAG_AMBIGUOUS_LAYOUT).
 * Performs a pending layout pass. Meant for tools and debugging (it walks every constraint of the
 * map view), not for every frame.
 *
 * Output: `*count` receives the number of constraints; the first min(capacity, *count) are
 * written to `out`. Set `out[0].struct_size = sizeof(nl_constraint_info)`: the library uses it as
 * the size of every element of the array (a program built against a later header with a larger
 * struct keeps working). `out` may be NULL when `capacity` is 0 (to ask for the count). When
 * *count > capacity the call still succeeds; call again with a larger array.
 * Errors: NL_ERR_INVALID_HANDLE (bad view handle), NL_ERR_INVALID_ARGUMENT (NULL count, axis not an
 * nl_axis, NULL out with capacity > 0, out[0].struct_size smaller than sizeof(nl_constraint_info),
 * not a multiple of its alignment or above 4096 — an unset struct_size is refused rather than
 * used as the stride), NL_ERR_LIMIT_EXCEEDED (no handle for an item: handle table
 * full). Nothing is written on failure.
 */
nl_status nl_view_constraints_affecting_layout(const nl_view *view, nl_axis axis, nl_constraint_info *out,
                                               size_t capacity, size_t *count);

/** nl_view_constraints_affecting_layout for a layout guide (the content-bottom guide of the
 *  sample delegate, a safe-area or margins guide, ...). Same output, errors and lifetimes. */
nl_status nl_guide_constraints_affecting_layout(const nl_guide *guide, nl_axis axis, nl_constraint_info *out,
                                                size_t capacity, size_t *count);

/* ------------------------------------------------------------------------------------------ */
/* Navigation (docs/behaviour.md)                                                              */
/* ------------------------------------------------------------------------------------------ */

/**
 * A layout delegate (docs/behaviour.md#events-and-callbacks). Every callback is optional (NULL = not implemented) and receives
 * user_data first and the map view second. State handles (nl_ui_state *) are valid only during
 * the callback; view handles are owned by the map view. Callbacks may build and (de)activate
 * constraints, add and remove views, read frames and animate; they may not call events
 * (NL_ERR_REENTRANT). A callback reports failure with nl_map_view_fail_callback.
 *
 * The map view keeps user_data until the delegate is replaced or the map view is destroyed,
 * then calls release(user_data) exactly once (release may be NULL). release cannot fail:
 * nl_map_view_fail_callback from inside it returns NL_ERR_INVALID_STATE and reports nothing (the
 * delegate was replaced, or the map view destroyed, either way). Inside release,
 * nl_map_view_destroying tells the two apart — after a destruction no animation completion of the
 * map view runs, after a replacement the pending ones still do — so a release whose user_data
 * also backs pending completions (nl_map_view_animate) knows whether to free it now
 * (examples/c/sample_delegate.c does).
 */
typedef struct nl_layout_delegate {
    uint32_t struct_size;
    void *user_data;
    void (*release)(void *user_data);
    void (*enable_navigation_ui)(void *user_data, nl_map_view *map, const nl_ui_state *new_state);
    void (*disable_navigation_ui)(void *user_data, nl_map_view *map, const nl_ui_state *old_state);
    void (*start_guidance)(void *user_data, nl_map_view *map, const nl_ui_state *new_state,
                           const nl_ui_state *old_state);
    void (*stop_guidance)(void *user_data, nl_map_view *map, const nl_ui_state *new_state,
                          const nl_ui_state *old_state);
    void (*size_changed)(void *user_data, nl_map_view *map, const nl_ui_state *new_state);
    void (*show_prompt)(void *user_data, nl_map_view *map, nl_view *new_prompt);
    void (*hide_prompt)(void *user_data, nl_map_view *map, nl_view *old_prompt);
    void (*change_prompt)(void *user_data, nl_map_view *map, nl_view *new_prompt,
                          nl_view *old_prompt);
} nl_layout_delegate;

/** Sets the layout delegate (copied; NULL = the built-in layout, docs/behaviour.md#built-in-layout). Releases the previous
 *  delegate's user_data. NL_ERR_NAVIGATION_ENABLED while navigation is enabled,
 *  NL_ERR_CARPLAY on a CarPlay map view (in both cases `delegate` is not kept and its release is
 *  not called), NL_ERR_INVALID_ARGUMENT if struct_size is too small, NL_ERR_REENTRANT from a
 *  callback. */
nl_status nl_map_view_set_layout_delegate(nl_map_view *map, const nl_layout_delegate *delegate);

/** Called by the host from inside one of this map view's callbacks to report that the callback
 *  failed: the event that ran the callback then returns NL_ERR_CALLBACK_FAILED with `message`
 *  (copied; NULL = "callback failed") as its error message. The transition itself is not undone
 *  (docs/behaviour.md#invalid-events-and-re-entrancy). NL_ERR_INVALID_STATE when called outside a callback, or from a delegate's release
 *  (which cannot fail: nl_map_view_set_layout_delegate and nl_map_view_destroy report what they
 *  did, NL_OK). */
nl_status nl_map_view_fail_callback(nl_map_view *map, const char *message);

/** Whether nl_map_view_destroy is destroying the map view: *out is true only inside the callbacks
 *  that call runs (the layout delegate's release), false otherwise — in particular inside a
 *  release run by nl_map_view_set_layout_delegate, the other caller of release. After a
 *  destruction no pending animation completion of the map view runs (nl_map_view_animate); after a
 *  replacement they still do. NL_ERR_INVALID_HANDLE for a bad map, NL_ERR_INVALID_ARGUMENT for a
 *  NULL out. */
nl_status nl_map_view_destroying(const nl_map_view *map, bool *out);

/** Enables or disables navigation (the table in docs/behaviour.md#events-and-callbacks). Enabling from noNavigation calls
 *  enable_navigation_ui; disabling calls hide_prompt/stop_guidance as needed, then
 *  disable_navigation_ui. Setting the current value is NL_ERR_INVALID_STATE. */
nl_status nl_map_view_set_navigation_enabled(nl_map_view *map, bool enabled);

/** The current state: NL_UI_STATE_NO_NAVIGATION, _NAVIGATION_READY or _ACTIVE_GUIDANCE. */
nl_status nl_map_view_navigation_state(const nl_map_view *map, nl_ui_state_kind *out);

/** navigationReady -> activeGuidance, calls start_guidance. Otherwise NL_ERR_INVALID_STATE. */
nl_status nl_map_view_start_guidance(nl_map_view *map);

/** activeGuidance -> navigationReady: hide_prompt if a prompt is shown, then stop_guidance.
 *  Otherwise NL_ERR_INVALID_STATE. */
nl_status nl_map_view_stop_guidance(nl_map_view *map);

/** Shows a prompt of `kind` in active guidance (show_prompt, or change_prompt if one is shown).
 *  Suppressed without callback (NL_OK) when should_display_prompts is false, except speed-camera
 *  prompts. NL_ERR_INVALID_STATE outside active guidance. */
nl_status nl_map_view_trigger_prompt(nl_map_view *map, nl_prompt_kind kind);

/** Dismisses the shown prompt (hide_prompt). NL_ERR_INVALID_STATE when none is shown. */
nl_status nl_map_view_dismiss_prompt(nl_map_view *map);

/** Feeds what the navigation data currently knows (issue 16): whether there is a current speed
 *  and whether there is a speed limit (both true on a new map view). The speed widget's mode is
 *  derived, never set: the speedometer shows when should_display_speedometer is on and a speed is
 *  available, the limit when should_display_speed_limit is on and a limit is available (the seed's
 *  four states: none 0 x 0, one reading 64 x 64, both 64 x 136; docs/behaviour.md#component-sizes). The widget resizes at
 *  once, with no callback. An event: NL_ERR_REENTRANT from inside a callback. */
nl_status nl_map_view_set_speed_data(nl_map_view *map, bool speed_available, bool speed_limit_available);

/** The data availability last fed with nl_map_view_set_speed_data (either out-pointer may be
 *  NULL when not wanted; both NULL is NL_ERR_INVALID_ARGUMENT). */
nl_status nl_map_view_speed_data(const nl_map_view *map, bool *speed_available, bool *speed_limit_available);

/** The SDK's GMSMapView.shouldDisplaySpeedometer (default true): whether the speed widget may show
 *  the current speed. A change resizes the widget at once, with no callback. A setting, not an
 *  event: allowed inside callbacks. */
nl_status nl_map_view_set_should_display_speedometer(nl_map_view *map, bool display);
nl_status nl_map_view_should_display_speedometer(const nl_map_view *map, bool *out);

/** The SDK's GMSMapView.shouldDisplaySpeedLimit (default true): whether the speed widget may show
 *  the speed limit. As nl_map_view_set_should_display_speedometer. */
nl_status nl_map_view_set_should_display_speed_limit(nl_map_view *map, bool display);
nl_status nl_map_view_should_display_speed_limit(const nl_map_view *map, bool *out);

/** Deprecated (issue 16): the mode is derived now. Kept as a shorthand for
 *  nl_map_view_set_speed_data(map, mode shows the speed, mode shows the limit): with both display
 *  settings on (the default) nl_map_view_speed_widget_mode then reads `mode`, as before; with a
 *  setting off that reading stays hidden. NL_ERR_INVALID_ARGUMENT for a value that is not an
 *  nl_speed_widget_mode; an event like nl_map_view_set_speed_data. */
nl_status nl_map_view_set_speed_widget_mode(nl_map_view *map, nl_speed_widget_mode mode);

/** The user pans the map: the logo turns into the re-center button (136 x 48) when the re-center
 *  button is enabled (nl_map_view_set_recenter_button_enabled), otherwise it stays the logo. */
nl_status nl_map_view_pan(nl_map_view *map);

/** The user re-centers: the re-center button turns back into the logo (72 x 32). */
nl_status nl_map_view_recenter(nl_map_view *map);

/** The SDK's isRecenterButtonEnabled of the map view's settings (default true; issue 16): whether
 *  the logo turns into the re-center button after a pan. Off while the button shows: it turns
 *  back into the logo (72 x 32); on while the map is panned: the button shows (136 x 48). A
 *  setting, not an event: allowed inside callbacks. */
nl_status nl_map_view_set_recenter_button_enabled(nl_map_view *map, bool enabled);
nl_status nl_map_view_recenter_button_enabled(const nl_map_view *map, bool *out);

/** Whether the reporting button is part of the active-guidance buttons (default true). */
nl_status nl_map_view_set_incident_reporting_enabled(nl_map_view *map, bool enabled);

/** Whether incident/traffic/better-route prompts are shown (default true). */
nl_status nl_map_view_set_should_display_prompts(nl_map_view *map, bool display);

/** The speed widget's mode (default NL_SPEED_WIDGET_BOTH, 64 x 136; docs/behaviour.md#component-sizes). */
nl_status nl_map_view_speed_widget_mode(const nl_map_view *map, nl_speed_widget_mode *out);

/** Whether the logo currently shows as the re-center button (after nl_map_view_pan, until
 *  nl_map_view_recenter, while the re-center button is enabled; docs/behaviour.md#speed-widget-and-re-center-button). Default false. */
nl_status nl_map_view_showing_recenter_button(const nl_map_view *map, bool *out);

/** Whether incident reporting is enabled (default true): the next active-guidance state has a
 *  reporting button (docs/behaviour.md#state-objects). */
nl_status nl_map_view_incident_reporting_enabled(const nl_map_view *map, bool *out);

/** Whether prompts other than speed-camera warnings are shown (default true; docs/behaviour.md#prompt-events). */
nl_status nl_map_view_should_display_prompts(const nl_map_view *map, bool *out);

/** Whether the map view is in wide mode now: W - S.leading - S.trailing >= 600 (docs/behaviour.md#wide-mode). */
nl_status nl_map_view_wide_mode(const nl_map_view *map, bool *out);

/** The kind of a state handle (NL_UI_STATE_NAVIGATION_READY or _ACTIVE_GUIDANCE). */
nl_status nl_ui_state_kind_of(const nl_ui_state *state, nl_ui_state_kind *out);

/** Components of a state (docs/behaviour.md#state-objects, docs/behaviour.md#sdk-components). Handles owned by the map view, valid after the callback.
 *  NULL on error or when the state has no such component (turn card, ETA card, trip progress bar
 *  and speed widget exist only in active guidance); in both cases nl_last_error_message() says
 *  which (e.g. "nl_ui_state_turn_card: a navigationReady state has no turn card ..."). */
nl_view *nl_ui_state_google_logo(const nl_ui_state *state);
nl_view *nl_ui_state_viewport(const nl_ui_state *state);
nl_view *nl_ui_state_turn_card(const nl_ui_state *state);
nl_view *nl_ui_state_eta_card(const nl_ui_state *state);
nl_view *nl_ui_state_trip_progress_bar(const nl_ui_state *state);
nl_view *nl_ui_state_speed_widget(const nl_ui_state *state);

/** Whether the state is in wide mode (docs/behaviour.md#wide-mode). */
nl_status nl_ui_state_wide_mode(const nl_ui_state *state, bool *out);

/** The map size recorded in the state (points). */
nl_status nl_ui_state_map_size(const nl_ui_state *state, nl_size *out);

/** The number of buttons of the state. */
nl_status nl_ui_state_button_count(const nl_ui_state *state, size_t *out);

/** The button at `index`; writes its type to *type_out (may be NULL). NULL and
 *  NL_ERR_INVALID_ARGUMENT when index >= count. Find buttons by type, not by index. */
nl_view *nl_ui_state_button(const nl_ui_state *state, size_t index, nl_button_type *type_out);

/** Creates a hiding stack view (docs/behaviour.md#hiding-stack) owned by the map view; spacing 8. NULL on a bad map or
 *  out-of-range position/alignment. */
nl_view *nl_hiding_stack_create(nl_map_view *map, nl_stack_position position,
                                nl_stack_alignment alignment);

/** Replaces the stack's arranged subviews (they become its subviews, in order). `views` may be
 *  NULL only when count is 0. NL_ERR_INVALID_ARGUMENT if `stack` is not a hiding stack, a view
 *  is the stack itself, or views of another map view; NL_ERR_DUPLICATE if a view appears twice. */
nl_status nl_hiding_stack_set_arranged_subviews(nl_view *stack, nl_view *const *views, size_t count);

/** The stack's spacing in points (default 8), finite and >= 0. */
nl_status nl_hiding_stack_set_spacing(nl_view *stack, double spacing);

/** The stack's spacing in points (default 8). NL_ERR_INVALID_ARGUMENT if `stack` is not a hiding
 *  stack. */
nl_status nl_hiding_stack_spacing(const nl_view *stack, double *out);

/** The number of arranged subviews of the stack (hidden ones included, docs/behaviour.md#hiding-stack).
 *  NL_ERR_INVALID_ARGUMENT if `stack` is not a hiding stack. */
nl_status nl_hiding_stack_arranged_subview_count(const nl_view *stack, size_t *out);

/** The arranged subview at `index`, in the order they were set (for a bottom-packed stack the
 *  first is the bottom one, docs/behaviour.md#hiding-stack). Owned by the map view. NULL and NL_ERR_INVALID_ARGUMENT if
 *  `stack` is not a hiding stack or index >= count. */
nl_view *nl_hiding_stack_arranged_subview(const nl_view *stack, size_t index);

/** The stack's position, as created (nl_hiding_stack_create; the built-in layout's stack too).
 *  NL_ERR_INVALID_ARGUMENT if `stack` is not a hiding stack. */
nl_status nl_hiding_stack_position(const nl_view *stack, nl_stack_position *out);

/** The stack's alignment, as created. NL_ERR_INVALID_ARGUMENT if `stack` is not a hiding stack. */
nl_status nl_hiding_stack_alignment(const nl_view *stack, nl_stack_alignment *out);

/** The kind of a prompt view. NL_ERR_INVALID_ARGUMENT if the view is not a prompt. */
nl_status nl_prompt_kind_of(const nl_view *prompt, nl_prompt_kind *out);

/** Sets the prompt's rounded corners (mask of NL_CORNER_*; other bits: NL_ERR_INVALID_ARGUMENT). */
nl_status nl_prompt_set_rounded_corners(nl_view *prompt, nl_corner_mask mask);

/** The prompt's rounded corners (default: the two top corners). */
nl_status nl_prompt_rounded_corners(const nl_view *prompt, nl_corner_mask *out);

/** The style values of docs/behaviour.md#style-values. */
nl_style_values nl_navigation_style_values(void);

/** Runs `changes(user_data)` now inside an animation block of `seconds` (finite, >= 0) with the
 *  given curve (docs/behaviour.md#timing-curves): constraint changes made in it are animated from the presented frames
 *  to the new layout. `completion(user_data, finished)` (may be NULL) runs during the
 *  nl_map_view_advance_time call that passes the block's end. user_data must stay valid until
 *  then (if the map view is destroyed first, completion is not called: a delegate's release can
 *  tell with nl_map_view_destroying whether pending completions will still run). May be called from
 *  inside a delegate callback. `changes` may be NULL. NL_ERR_INVALID_ARGUMENT for a NaN, infinite
 *  or negative duration, a duration above 1e7 s, or a bad curve (changes does not run); NL_ERR_CALLBACK_FAILED if
 *  `changes` called nl_map_view_fail_callback — the failure belongs to this call, not to an
 *  enclosing event (the changes made are still laid out and the completion still scheduled). */
nl_status nl_map_view_animate(nl_map_view *map, double seconds, nl_curve curve,
                              void (*changes)(void *user_data),
                              void (*completion)(void *user_data, bool finished),
                              void *user_data);

/** Advances the map view's clock by `seconds` (finite, 0 <= seconds <= 1e7), running the
 *  completions of the animations that end. NL_ERR_INVALID_ARGUMENT (nothing changes) for NaN,
 *  infinite, negative or larger steps, or a step that would take the clock past 1e10 s (about 317
 *  years; beyond, animations would lose precision). NL_ERR_CALLBACK_FAILED if a completion
 *  reported failure. */
nl_status nl_map_view_advance_time(nl_map_view *map, double seconds);

/* ------------------------------------------------------------------------------------------ */
/* Built-in layout: legacy slot settings and guides, compass rule (docs/behaviour.md#compass-rule, docs/behaviour.md#built-in-layout-and-legacy-apis) */
/* ------------------------------------------------------------------------------------------ */
/*
 * With no custom layout delegate (never set, or set back to NULL while navigation is disabled) the
 * map view lays itself out with its built-in layout (docs/behaviour.md#built-in-layout): turn card at the top, ETA card at
 * the bottom, trip progress bar along the leading edge, buttons bottom-trailing, logo
 * bottom-leading with the speed widget on it, viewport in the open area; in wide mode both cards at
 * the leading edge. The legacy settings below act on the built-in layout only, and take effect at
 * once (the current state's layout is rebuilt; no delegate callback runs). A call that changes no
 * setting (e.g. a default value) changes nothing, and a rebuild keeps the z-order of the map
 * view's subviews: a host view in front of the SDK components stays in front (the padding and the
 * padding adjustment behavior move only the camera and rebuild nothing). While a custom delegate
 * is set, each setter, nl_map_view_legacy_guide and nl_map_view_invalidate_layout_for_accessory_view
 * return NL_OK but change nothing in the delegate's hierarchy (its views, their order and frames):
 * the use is
 * reported as an NL_DIAG_LEGACY_API_IGNORED warning (once per API) until the next navigation
 * transition. The getters return the built-in layout's settings and are never reported.
 *
 * These calls are not events: they may be called from inside callbacks. Each returns
 * NL_ERR_INVALID_HANDLE for a bad map handle and NL_ERR_INVALID_ARGUMENT for a NULL out-pointer.
 */

/** Whether the built-in layout shows the turn card (`isNavigationHeaderEnabled`, default true).
 *  Off: no turn card; the viewport and the button column start at the safe-area top. */
nl_status nl_map_view_set_navigation_header_enabled(nl_map_view *map, bool enabled);
nl_status nl_map_view_navigation_header_enabled(const nl_map_view *map, bool *out);

/** Whether the built-in layout shows the ETA card (`isNavigationFooterEnabled`, default true).
 *  Off: no ETA card; the content rests on the safe-area bottom. */
nl_status nl_map_view_set_navigation_footer_enabled(nl_map_view *map, bool enabled);
nl_status nl_map_view_navigation_footer_enabled(const nl_map_view *map, bool *out);

/** Whether the built-in layout shows the trip progress bar (`isNavigationTripProgressBarEnabled`,
 *  default true). */
nl_status nl_map_view_set_navigation_trip_progress_bar_enabled(nl_map_view *map, bool enabled);
nl_status nl_map_view_navigation_trip_progress_bar_enabled(const nl_map_view *map, bool *out);

/** Whether the built-in layout shows the reporting button (`isNavigationReportIncidentButtonEnabled`,
 *  default true). Whether the active-guidance state has a reporting button at all is
 *  nl_map_view_set_incident_reporting_enabled. */
nl_status nl_map_view_set_navigation_report_incident_button_enabled(nl_map_view *map, bool enabled);
nl_status nl_map_view_navigation_report_incident_button_enabled(const nl_map_view *map, bool *out);

/** Sets the header accessory view (`setHeaderAccessoryView`): a host view the built-in layout
 *  places, in active guidance, directly under the turn card and as wide as it (under the safe-area
 *  top, safe-area wide, with the header off), with its own intrinsic height (read when the layout
 *  is built; see nl_map_view_invalidate_layout_for_accessory_view); the viewport starts under it. NULL removes it (the previous one leaves the hierarchy). The view stays owned by the
 *  map view as before. NL_ERR_INVALID_HANDLE for a bad view handle; NL_ERR_INVALID_ARGUMENT for a
 *  view of another map view, the root view, or an SDK component or prompt. */
nl_status nl_map_view_set_header_accessory_view(nl_map_view *map, nl_view *view);

/** The header accessory view, or NULL in *out when none is set. */
nl_status nl_map_view_header_accessory_view(const nl_map_view *map, nl_view **out);

/** Sets the extra camera padding (`padding`, points, default 0 on each edge): with the built-in
 *  layout, nl_map_view_camera's padding is the viewport's padding plus these insets (the camera
 *  rect shrinks by them and the vehicle point is its centre, docs/behaviour.md#camera-framing, docs/behaviour.md#built-in-layout-and-legacy-apis). Frames do not change.
 *  NL_ERR_INVALID_ARGUMENT for NaN or infinite values or magnitudes above 10,000,000 pt
 *  (nothing changes). */
nl_status nl_map_view_set_padding(nl_map_view *map, nl_insets padding);
nl_status nl_map_view_padding(const nl_map_view *map, nl_insets *out);

/** How the safe-area insets combine with the padding (`paddingAdjustmentBehavior`, the SDK's
 *  GMSMapViewPaddingAdjustmentBehavior; issue 16). Values equal its cases. */
typedef enum nl_padding_adjustment_behavior {
    /** The safe-area insets are added to the padding (the default). */
    NL_PADDING_ADJUSTMENT_ALWAYS = 0,
    /** On each edge the larger of the safe-area inset and the padding. */
    NL_PADDING_ADJUSTMENT_AUTOMATIC = 1,
    /** The safe-area insets are not added. */
    NL_PADDING_ADJUSTMENT_NEVER = 2
} nl_padding_adjustment_behavior;

/** Sets the padding adjustment behavior (default NL_PADDING_ADJUSTMENT_ALWAYS). With the built-in
 *  layout, per edge, the viewport's padding vp splits into the part inside the safe area
 *  s' = min(vp, safe inset) and the rest r = vp - s' (what the built-in components take); the
 *  camera padding is r + s' + padding (ALWAYS: vp + padding), r + max(s', padding) (AUTOMATIC) or
 *  r + padding (NEVER), and the camera rect is the map inset by it. Frames do not change.
 *  NL_ERR_INVALID_ARGUMENT for a value that is not an nl_padding_adjustment_behavior. */
nl_status nl_map_view_set_padding_adjustment_behavior(nl_map_view *map, nl_padding_adjustment_behavior behavior);
nl_status nl_map_view_padding_adjustment_behavior(const nl_map_view *map, nl_padding_adjustment_behavior *out);

/** Tells the built-in layout that the header accessory view's height changed
 *  (`invalidateLayout(forAccessoryView:)`, issue 16). The built-in layout reads the accessory's
 *  intrinsic height when it builds a state's layout (each transition, each legacy setting change)
 *  and otherwise keeps it; this call rebuilds the layout at once with the height read again.
 *  NL_ERR_INVALID_ARGUMENT (built-in layout only) when `view` is not the header accessory view;
 *  NL_ERR_INVALID_HANDLE for a bad handle. */
nl_status nl_map_view_invalidate_layout_for_accessory_view(nl_map_view *map, nl_view *view);

/** The four legacy layout guides (docs/behaviour.md#legacy-layout-guides). Values equal Swift's LegacyLayoutGuideKind. */
typedef enum nl_legacy_guide {
    /** Follows the turn card (a zero-height strip at the safe-area top, safe-area wide, when the
     *  state has none or the header is off). Identifier "navigationHeaderLayoutGuide". */
    NL_LEGACY_GUIDE_NAVIGATION_HEADER = 0,
    /** Follows the ETA card (a zero-height strip at the safe-area bottom when there is none).
     *  Identifier "navigationFooterLayoutGuide". */
    NL_LEGACY_GUIDE_NAVIGATION_FOOTER = 1,
    /** The bottom-trailing buttons: the button stack's trailing edge and width, from the top of
     *  the stacked buttons (their heights + spacing) to the stack's bottom.
     *  Identifier "bottomTrailingButtonsLayoutGuide". */
    NL_LEGACY_GUIDE_BOTTOM_TRAILING_BUTTONS = 2,
    /** The free part of the button column above the buttons (8 pt gap) up to the top of the open
     *  area, for a host's extra buttons. Identifier "bottomTrailingButtonsAlternateLayoutGuide". */
    NL_LEGACY_GUIDE_BOTTOM_TRAILING_BUTTONS_ALTERNATE = 3
} nl_legacy_guide;

/** The legacy guide of `kind`, owned by the root view (added on first use) and by the map view;
 *  the same handle on every call. Host views may be constrained to it; the built-in layout keeps it
 *  in place in navigation states. With a custom delegate the guide is returned unconstrained and
 *  the use is reported as NL_DIAG_LEGACY_API_IGNORED. nl_guide_destroy refuses it. NULL and
 *  NL_ERR_INVALID_ARGUMENT for an out-of-range kind; NULL and NL_ERR_INVALID_HANDLE for a bad map. */
nl_guide *nl_map_view_legacy_guide(nl_map_view *map, nl_legacy_guide kind);

/** The map's own compass setting (`GMSUISettings.compassButton`, default false; docs/behaviour.md#compass-rule):
 *  while navigation is disabled and the setting is on, the compass button (56 x 56) is in
 *  the hierarchy at the safe area's top-trailing corner; enabling navigation removes it (the
 *  delegate or built-in layout decides from then on); disabling navigation brings it back. Applies
 *  with the built-in layout and with custom delegates alike (it is not a legacy slot API). */
nl_status nl_map_view_set_compass_button_enabled(nl_map_view *map, bool enabled);
nl_status nl_map_view_compass_button_enabled(const nl_map_view *map, bool *out);

/** The camera framing from the presented viewport (docs/behaviour.md#camera-framing). Performs a layout pass if needed. */
nl_status nl_map_view_camera(nl_map_view *map, nl_camera *out);

/** The number of diagnostics of the current (target) layout (docs/behaviour.md#diagnostics). Performs a layout pass. */
nl_status nl_map_view_diagnostic_count(nl_map_view *map, size_t *out);

/** Diagnostic `index`. out->struct_size must be set; NL_ERR_INVALID_ARGUMENT when index >= count. */
nl_status nl_map_view_diagnostic(nl_map_view *map, size_t index, nl_diagnostic *out);

/**
 * Receives each diagnostic as it newly appears (issue 14, "diagnostics are never silent"); set
 * with nl_set_diagnostic_handler. `map` is the map view whose layout produced it; `diagnostic`
 * (struct_size = sizeof(nl_diagnostic) of this header) and its message and item handles are valid
 * during the call (the item handles as long as the map view). Called with the map view's callback
 * guard up: events on `map` from inside it return NL_ERR_REENTRANT (reading frames, diagnostics
 * and constraints is fine; nl_map_view_destroy of `map` is refused too).
 */
typedef void (*nl_diagnostic_handler)(void *user_data, nl_map_view *map, const nl_diagnostic *diagnostic);

/**
 * Sets the process-wide diagnostic handler (issue 14). Every map view reports each diagnostic
 * that newly appears — a (code, items) pair that was not in the list its previous report saw (a
 * pair that occurs more often than before counts as new) — once, all severities (see
 * nl_set_diagnostic_handler_with_minimum for a handler that hears fewer), at the end of
 * every event (see "Events" at the top) and of every layout pass that runs outside callbacks (a
 * frame, camera or diagnostics read, nl_map_view_layout_if_needed, an animation block started
 * outside callbacks), and after each nl_map_view_advance_time that ends an animation or runs a
 * completion. Nothing is computed when nothing changed since the previous report (clock steps
 * inside an animation cost nothing).
 *
 * `fn` NULL restores the default: one line per error-severity diagnostic on stderr,
 * "navlayout: error <code>: <message> [items: <identifier (role)>, ...]"; warnings and infos are
 * not written (read them with nl_map_view_diagnostic, or set a handler). A handler that does
 * nothing silences the reports. `user_data` is passed to `fn` unchanged; the library never frees
 * it.
 *
 * Threads: the handler is process-wide and is called on the thread that runs the event or pass,
 * so map views used on distinct threads may call it at the same time: `fn` must then be
 * thread-safe. nl_set_diagnostic_handler may be called from any thread at any time (the pair
 * fn/user_data is swapped atomically); a report that is already running on another thread may
 * still call the previous pair, so release the previous user_data only once no map view is in use
 * on other threads. Cannot fail.
 */
void nl_set_diagnostic_handler(nl_diagnostic_handler fn, void *user_data);

/** What an nl_diagnostic_minimum_severity function returns when its handler hears nothing. */
#define NL_SEVERITY_NONE 3

/**
 * Says which diagnostics the process-wide handler hears (issue 14: a report nobody hears should
 * cost nothing). Returns the least severity the handler is to be given — NL_SEVERITY_INFO (every
 * diagnostic), NL_SEVERITY_WARNING, NL_SEVERITY_ERROR — or NL_SEVERITY_NONE (nothing); a value
 * below 0 counts as NL_SEVERITY_INFO, one above 3 as NL_SEVERITY_NONE. Only the rules of the
 * severities asked for are evaluated for the report (after an event of the sample session every
 * rule costs about 54,000 instructions, the error rules about 20,000; bench/RESULTS.md).
 *
 * Called once per report that has something to evaluate (the map view's layout changed since its
 * previous report), before the rules run, on the thread that runs the report, with the
 * `user_data` given to nl_set_diagnostic_handler_with_minimum and the reporting map view. The
 * map view's callback guard is up: events on `map` return NL_ERR_REENTRANT and
 * nl_map_view_destroy(map) is refused. Answering NL_SEVERITY_NONE skips the report entirely:
 * what appears meanwhile is reported as new once the function asks for it again.
 */
typedef int32_t (*nl_diagnostic_minimum_severity)(void *user_data, nl_map_view *map);

/**
 * nl_set_diagnostic_handler with a function that says, at each report, which severities `fn`
 * hears (for a handler that drops some: a log whose level can change, a handler that is off for a
 * while). `minimum` NULL: every severity, exactly as nl_set_diagnostic_handler(fn, user_data).
 * `fn` NULL restores the default (errors on stderr) and ignores `minimum`. The triple is swapped
 * atomically; threads and `user_data` as for nl_set_diagnostic_handler (`minimum` must be
 * thread-safe when `fn` must). Cannot fail.
 */
void nl_set_diagnostic_handler_with_minimum(nl_diagnostic_handler fn, nl_diagnostic_minimum_severity minimum,
                                            void *user_data);

/**
 * A JSON snapshot of the map view at the current time (docs/behaviour.md#diagnostics; schema `navlayout.snapshot/1`,
 * documented in docs/snapshot-schema.md): map size and safe area (points), navigation state, wide
 * mode, every view (identifier, role, kind, presented and target frame, hidden, parent, z-order)
 * and guide, every active constraint as readable text ("turnCard.top == map.top"), the camera and
 * the diagnostics. Performs a pending layout pass. Deterministic: the same layout gives the same
 * bytes. Returns a NUL-terminated UTF-8 string the caller frees with nl_string_free, or NULL with
 * NL_ERR_INVALID_HANDLE (stale/NULL map; see nl_last_error_message).
 */
char *nl_map_view_snapshot_json(nl_map_view *map);

/**
 * An SVG 1.1 picture of the layout at the current time (presented frames): the map and safe area
 * outlined, each SDK component in its own colour and labelled, the viewport hatched with the
 * vehicle point, host views outlined, and each diagnostic's items outlined in red with its code.
 * No external resources; deterministic. One user unit = one point. Returns a string the caller
 * frees with nl_string_free, or NULL with NL_ERR_INVALID_HANDLE.
 */
char *nl_map_view_snapshot_svg(nl_map_view *map);

/** As nl_map_view_snapshot_svg, with `title` (UTF-8, copied; NULL = none) drawn as a caption above
 *  the map (the picture grows by 24 user units at the top), as `navlayout gallery` labels each
 *  step. Free the result with nl_string_free; NULL with NL_ERR_INVALID_HANDLE for a bad map. */
char *nl_map_view_snapshot_svg_titled(nl_map_view *map, const char *title);

/* ------------------------------------------------------------------------------------------ */
/* Workbench: the standard session, its recording and the viewer page (issue 14)              */
/* ------------------------------------------------------------------------------------------ */

/** Which scripted session nl_map_view_run_session drives. */
typedef enum nl_session_script {
    /** The workbench's standard session (what `navlayout view` and `navlayout gallery` run):
     *  navigation ready; active guidance; each prompt kind (incident, speedCamera, traffic,
     *  betterRoute) shown, then dismissed; the map panned (the logo becomes the re-center button)
     *  and re-centered; the speed widget's modes limit only, none, both; a resize to the preset's
     *  twin and back where `preset` has one (iphone-portrait <-> iphone-landscape, ipad-portrait
     *  <-> ipad-split); guidance stopped; navigation disabled. After each step's events the clock
     *  runs in ticks of 1/60 s until no animation runs and no completion waits (at most 10 s). */
    NL_SESSION_STANDARD = 0,
    /** The demo session of docs/behaviour.md#acceptance-values (`navlayout demo`): ready, guidance, incident prompt at 0,
     *  0.2 and 0.4 s, dismissed (+0.4 s), guidance stopped, navigation disabled. */
    NL_SESSION_DEMO = 1
} nl_session_script;

/** Options of nl_map_view_run_session. Set struct_size to sizeof(nl_session_options). */
typedef struct nl_session_options {
    uint32_t struct_size;
    nl_session_script script;
    /** The device preset (docs/behaviour.md#device-presets) the map view was made from ("iphone-portrait", ...), or NULL: it picks
     *  the standard session's resize twin and is named in the recording. UTF-8, copied. */
    const char *preset;
    /** The run's name in the recording and on the viewer page (e.g. the delegate's name), or
     *  NULL for none. UTF-8, copied; any bytes (invalid UTF-8 is shown with U+FFFD). */
    const char *title;
} nl_session_options;

/**
 * Called by nl_map_view_run_session after each step, at rest (the step's animations done), with
 * the step's index (0-based) and name, and the errors the step's events threw — a delegate
 * callback that failed, one per line ("" when none). The strings are valid during the call only.
 * The observer may read the map view (frames, diagnostics, snapshots); events from inside it
 * return NL_ERR_REENTRANT. Return 0 to go on, anything else to stop the session: the run then
 * returns NL_ERR_CALLBACK_FAILED (with nl_map_view_fail_callback's message if the observer called
 * it, "session observer stopped the session" otherwise) and writes no recording.
 */
typedef int (*nl_session_observer)(void *user_data, nl_map_view *map, size_t step_index,
                                   const char *step_name, const char *failures);

/**
 * Runs a scripted navigation session (options->script) on `map` with whatever delegate it has —
 * a C delegate, a Python one, or none (the built-in layout) — calling `observer` (may be NULL)
 * after each step. With `out_recording` non-NULL the session is recorded: every step's hierarchy
 * in z-order with frames, kinds, roles and identifiers, every active constraint, the camera and
 * the diagnostics at the step's start and end, and inside animations the presented frames every
 * 1/60 s — JSON of schema `navlayout.recording/1` (docs/recording-schema.md), which
 * nl_viewer_page turns into the viewer page. *out_recording is a string the caller frees with
 * nl_string_free (NULL on error).
 *
 * A delegate callback that fails (nl_map_view_fail_callback, a Python exception) does not stop the
 * session: the transition still happens (docs/behaviour.md#events-and-callbacks), the failure is recorded in its step (and given
 * to the observer) and the call returns NL_OK. The session leaves the map view with navigation
 * disabled, its clock advanced, and the speed widget, logo and size as they were.
 *
 * Errors (nothing has changed then): NL_ERR_INVALID_HANDLE (map); NL_ERR_INVALID_ARGUMENT
 * (struct_size too small, unknown script, unknown preset name); NL_ERR_REENTRANT (from inside a
 * callback of this map view); NL_ERR_NAVIGATION_ENABLED (navigation is enabled: the sessions
 * start by enabling it); NL_ERR_INVALID_STATE (the map view was invalidated).
 * NL_ERR_CALLBACK_FAILED: the observer stopped the session (part of it has run).
 * `options` NULL means the standard session with no preset and no title.
 */
nl_status nl_map_view_run_session(nl_map_view *map, const nl_session_options *options,
                                  nl_session_observer observer, void *user_data,
                                  char **out_recording);

/**
 * The viewer page for a recording of nl_map_view_run_session: one self-contained HTML file (inline
 * CSS and JavaScript, the recording embedded, no network) showing the device at real proportions
 * with the safe area, every view drawn as its component in z-order, the timeline of steps with a
 * scrubber over the animation samples, each view's frame, margins and constraints, the camera and
 * the diagnostics. `recording_json` is embedded with `<`, `>`, `&`, U+2028 and U+2029 escaped, so
 * no identifier can break the page; text that is not a recording gives a page that says so.
 * `title` (NULL: "NavLayout viewer") is the page's <title>, HTML-escaped. Returns a string the
 * caller frees with nl_string_free, or NULL with NL_ERR_INVALID_ARGUMENT for a NULL recording.
 */
char *nl_viewer_page(const char *recording_json, const char *title);

/* ------------------------------------------------------------------------------------------ */
/* Workbench, part 2: the size sweep (issue 15)                                               */
/* ------------------------------------------------------------------------------------------ */

/*
 * Where does a layout break? The size sweep runs the workbench's standard session (without a
 * preset: no resize steps) on map views of every size of a range along one axis and returns
 * *bands*: maximal intervals over which wide mode (docs/behaviour.md#wide-mode), the set of (step, diagnostic code,
 * items) and the set of (step, failure source) stay the same. Sizes are sampled every
 * `sample_step` points (both ends included), then every pair of neighbouring samples whose results
 * differ is bisected on the 0.01 pt grid (sizes k / 100) until the two are grid neighbours: each
 * band after the first starts at a grid size whose neighbour 0.01 pt below belongs to the previous
 * band, so every boundary is exact to 0.01 pt. A band narrower than `sample_step` between two
 * samples with the same result can be missed; every change between samples that differ is found.
 * Each size gets its own map view; runs of one round are spread over `threads` threads.
 * The result is JSON of schema `navlayout.sweep/1` (docs/sweep-schema.md).
 */

/** The axis a sweep varies. */
typedef enum nl_sweep_axis {
    NL_SWEEP_WIDTH = 0,  /**< the width varies, the height is `fixed` */
    NL_SWEEP_HEIGHT = 1  /**< the height varies, the width is `fixed` */
} nl_sweep_axis;

/** What to sweep. Set struct_size to sizeof(nl_sweep_options). */
typedef struct nl_sweep_options {
    uint32_t struct_size;
    nl_sweep_axis axis;
    /** The range on the axis (points): finite, 0 <= start < stop <= 100000; both ends are run. */
    double start;
    double stop;
    /** The map view's size on the other axis (points), finite, 0 ... 100000. */
    double fixed;
    /** Safe-area insets at every size (points, physical edges; finite, >= 0; they must fit the
     *  map view at `start`). */
    nl_insets safe_area;
    nl_layout_direction layout_direction;
    /** Points between the first samples; 0 means 8. At most 100000 samples. */
    double sample_step;
    /** Threads (map views at once); 0 means one per processor online; at most 256. */
    uint32_t threads;
    /** The run's name in the result and on the page (e.g. the delegate's), UTF-8, copied; NULL
     *  for none. */
    const char *title;
} nl_sweep_options;

/**
 * Makes the layout delegate for one map view of a sweep: called by nl_sweep with a new map view
 * of the size being run, before its session, on the thread that runs it. Set the delegate with
 * nl_map_view_set_layout_delegate (its user_data is released when the sweep destroys the map
 * view) and anything else the layout needs (settings, speed data). Several threads call the
 * factory at once, each with its own map view: `user_data` is shared, so keep per-delegate state
 * in the delegate's own user_data. Do not keep `map`: the sweep destroys it after the run.
 * Return 0, or anything else to report that no delegate could be made: that size's result is then
 * a failure (source "makeDelegate"), shown in its band; the sweep goes on.
 */
typedef int (*nl_sweep_delegate_factory)(void *user_data, nl_map_view *map);

/**
 * Sweeps `options` with delegates from `factory` (NULL: the built-in layout at every size) and
 * writes the result, JSON of schema `navlayout.sweep/1`, to *out_result (free it with
 * nl_string_free; NULL on error). A delegate callback that fails (nl_map_view_fail_callback) is a
 * result at that size (a failure in its band, the session going on), never an error of the sweep.
 * The sweep's map views report nothing to the diagnostic handler: their diagnostics are in the
 * result. Errors (nothing ran): NL_ERR_INVALID_ARGUMENT with a message naming the argument (NULL
 * options or out_result, struct_size too small, NaN or infinite numbers, an empty or reversed
 * range, negative sizes, sizes beyond 100000, insets that do not fit at `start`, a sample_step
 * that is negative, NaN or gives more than 100000 samples, more than 256 threads, an axis or
 * layout direction outside its enum).
 */
nl_status nl_sweep(const nl_sweep_options *options, nl_sweep_delegate_factory factory, void *user_data,
                   char **out_result);

/**
 * The result at one size, for nl_sweep_with_sampler: run the standard session on a map view of
 * `width` x `height` points (the options' safe area and layout direction) and return 0 with
 * *out_sample set to the map view's nl_map_view_sweep_sample. The sweep frees *out_sample with
 * nl_string_free, so it must come from the library (nl_map_view_sweep_sample, or
 * nl_string_duplicate of a sample made elsewhere — another process). Return 1 when the delegate
 * could not be made or set at that size: the size's result is a failure (source "makeDelegate")
 * whose message is *out_sample if set. Return anything else to stop the sweep: nl_sweep_with_sampler then
 * fails with NL_ERR_CALLBACK_FAILED and *out_sample (if set) as its message. Called from several
 * threads at once (options->threads).
 */
typedef int (*nl_sweep_sampler)(void *user_data, double width, double height, char **out_sample);

/**
 * nl_sweep with the runs done by `sampler` (e.g. in worker processes: the Python binding runs a
 * Python delegate so). The bands are made as by nl_sweep. Errors: those of nl_sweep;
 * NL_ERR_INVALID_ARGUMENT for a NULL sampler or a sample that is not `navlayout.sweep-sample/1`;
 * NL_ERR_CALLBACK_FAILED when the sampler stopped the sweep.
 */
nl_status nl_sweep_with_sampler(const nl_sweep_options *options, nl_sweep_sampler sampler, void *user_data,
                                char **out_result);

/**
 * Runs the standard session (no preset) on `map` with its delegate and writes the sweep's result
 * at that size, JSON of schema `navlayout.sweep-sample/1` (docs/sweep-schema.md): wide mode, each
 * step's diagnostics (code, severity, items by identifier, message) and the delegate's failures.
 * The session leaves the map view as nl_map_view_run_session does; its diagnostics are not given to
 * the diagnostic handler. *out_sample is freed with nl_string_free (NULL on error). Errors:
 * NL_ERR_INVALID_HANDLE, NL_ERR_INVALID_ARGUMENT (NULL out_sample), NL_ERR_REENTRANT (from inside a
 * callback of `map`), NL_ERR_NAVIGATION_ENABLED, NL_ERR_INVALID_STATE (invalidated map view).
 */
nl_status nl_map_view_sweep_sample(nl_map_view *map, char **out_sample);

/**
 * The sweep result as text (what `navlayout sweep` prints): a heading line, one line per band
 * ("band 1: 320 ≤ width < 600 — standard, no diagnostics"), one indented line per diagnostic
 * (step, severity, code, items) and failure (step, source, message). Free with nl_string_free.
 * NULL with NL_ERR_INVALID_ARGUMENT for NULL or text that is not a `navlayout.sweep/1` result.
 */
char *nl_sweep_text(const char *result_json);

/**
 * The sweep page: one self-contained HTML file (inline CSS and SVG, no script, no network) with a
 * band chart along the axis and a table of the bands. Each band links to `band-N.html` (N from 1,
 * next to the page) at its first step with a diagnostic or failure (`#step=K`): write there the
 * viewer page (nl_map_view_run_session + nl_viewer_page) of the standard session on a map view at
 * the band's `midpoint`. `title` (NULL: "NavLayout size sweep — <the result's title>") is
 * HTML-escaped. Free with nl_string_free. NULL with NL_ERR_INVALID_ARGUMENT for NULL or text that
 * is not a `navlayout.sweep/1` result.
 */
char *nl_sweep_page(const char *result_json, const char *title);

/**
 * The viewer page of band `band_index` (0-based) of a sweep result: records the standard session
 * (no preset) on `map` — a map view the host made at the band's `midpoint` (with the result's safe
 * area and layout direction) and gave the swept delegate — and returns the page (as nl_viewer_page
 * makes it), titled after the band. Write it to `band-N.html` (N = band_index + 1) next to the
 * sweep page. The session's diagnostics are not given to the diagnostic handler (the page shows
 * them); a delegate failure is shown on the page, not returned. *out_html is freed with
 * nl_string_free (NULL on error). Errors: NL_ERR_INVALID_HANDLE; NL_ERR_INVALID_ARGUMENT (NULL
 * result_json or out_html, text that is not a `navlayout.sweep/1` result, band_index out of range,
 * a map view whose size or safe area is not the band's midpoint's); NL_ERR_REENTRANT,
 * NL_ERR_NAVIGATION_ENABLED, NL_ERR_INVALID_STATE as nl_map_view_run_session.
 */
nl_status nl_map_view_sweep_viewer_page(nl_map_view *map, const char *result_json, size_t band_index,
                                        char **out_html);

/** A copy of `text` made by the library, to hand over strings the library frees with
 *  nl_string_free (e.g. a sampler's *out_sample). NULL for NULL (NL_ERR_INVALID_ARGUMENT). */
char *nl_string_duplicate(const char *text);

/* ------------------------------------------------------------------------------------------ */
/* Workbench, part 2: snapshot tests (issue 15)                                               */
/* ------------------------------------------------------------------------------------------ */

/*
 * A snapshot test keeps a golden snapshot of a layout — nl_map_view_snapshot_json (schema
 * `navlayout.snapshot/1`, docs/snapshot-schema.md) and its nl_map_view_snapshot_svg — and compares
 * later layouts with it. The Swift product NavLayoutTesting and Python's navlayout.testing keep the
 * files; these two functions are the comparison they share.
 */

/**
 * Compares `current_json` with `golden_json` (both `navlayout.snapshot/1`): each view's frame
 * (views matched by identifier, the n-th with the same identifier in z-order as "identifier #n";
 * equal when every number is within `tolerance` points — 0.001 is the snapshots' precision) and
 * hidden flag, the diagnostics (by code, severity and items; messages are not compared), the
 * camera (viewport, padding, vehicle point) and the map size. Writes *out_matches, and, when
 * `out_table` is not NULL, the differences as a readable table ("views that moved (x, y, width,
 * height in points):" with one row per view: name, before, after; then the diagnostics that came
 * (+) or went (-), then the camera and map values), "" when they match; free it with
 * nl_string_free. Errors (nothing written): NL_ERR_INVALID_ARGUMENT for NULL arguments (but
 * out_table), a NaN or negative tolerance, or a text that is not a snapshot (the message names
 * `golden` or `current`).
 */
nl_status nl_snapshot_compare(const char *golden_json, const char *current_json, double tolerance,
                              bool *out_matches, char **out_table);

/**
 * The side-by-side diff page of two snapshots: one self-contained HTML file (inline CSS, no
 * script) with the golden and current pictures side by side (`golden_svg`, `current_svg`, each
 * embedded as a data: image), an overlay of the views that moved (before dashed blue, after solid
 * red) and the tables of nl_snapshot_compare. `title` (NULL: none) names the test, HTML-escaped.
 * Free with nl_string_free. NULL with NL_ERR_INVALID_ARGUMENT for NULL JSON or SVG, a NaN or
 * negative tolerance, or JSON that is not a snapshot.
 */
char *nl_snapshot_diff_page(const char *golden_json, const char *golden_svg, const char *current_json,
                            const char *current_svg, double tolerance, const char *title);

/* ------------------------------------------------------------------------------------------ */
/* Raw solver: the Cassowary solver on its own (docs/api.md#raw-solver; docs/solver.md)        */
/* ------------------------------------------------------------------------------------------ */

/*
 * The incremental Cassowary solver at NavLayout's core, usable without any map view: Badros,
 * Borning & Stuckey, "The Cassowary Linear Arithmetic Constraint Solving Algorithm" (ACM TOCHI
 * 8(4), 2001), in the incremental form kiwi uses, with the paper's *symbolic* (strictly
 * hierarchical) strengths: every optional strength is a priority level, and a satisfied level is
 * never traded for any amount of error in lower levels (kiwi sums weighted errors instead; see
 * docs/solver.md for where the two differ).
 *
 * Units: whatever the caller's constraints use (values are plain doubles).
 * Ownership: a solver owns its variables and constraints; nl_solver_destroy invalidates every
 * handle of the solver. Handles are table entries (never pointers); a NULL, stale or foreign
 * handle is NL_ERR_INVALID_HANDLE, and a variable or constraint of another solver is
 * NL_ERR_INVALID_ARGUMENT. One solver (and its handles) must be used from one thread at a time;
 * distinct solvers may be used from distinct threads at once.
 * Failure atomicity: a call that fails leaves the solver exactly as before (nl_solver_dump gives
 * the same text).
 * Errors of every call below: NL_ERR_INVALID_HANDLE (bad handle), NL_ERR_INVALID_ARGUMENT (NaN or
 * infinite number, a number beyond the magnitude limits below, strength outside (0, 1000], bad
 * nl_relation, NULL array with a non-zero count, NULL out-pointer, handle of another solver);
 * NL_ERR_LIMIT_EXCEEDED from the calls that create a handle when the handle table is full
 * ("Handle limit" at the top); plus the ones listed per function.
 * Magnitude limits: every coefficient within +-NL_SOLVER_MAX_COEFFICIENT (1e6) -- each term's, and
 * the sum of the terms of a variable that repeats in one constraint --, every constant and
 * suggested value within +-NL_SOLVER_MAX_CONSTANT (1e12); the bounds themselves are accepted.
 * Beyond them, products formed while pivoting (coefficient x coefficient x constant) could leave
 * the range of double and turn the solver's state into infinities and NaNs, so they are refused
 * (NL_ERR_INVALID_ARGUMENT, message naming the argument and the macro) before the solver sees
 * them. These are the limits of LayoutSolver's Solver (Swift), which refuses the same numbers.
 * Tiny coefficients are not refused: the solver treats those below its tolerance as 0
 * (docs/solver.md, "Robustness"). No call fails with NL_ERR_INTERNAL: an operation that runs
 * out of its pivot budget (100 x (rows + symbols) + 1000; numerical trouble only) is handled as
 * below, so the solver never hangs.
 * Verification: the result of every mutating call (add, remove, edit variables, suggestions) is
 * checked against the original constraints (docs/solver.md "Ill-conditioned systems"). When the
 * incremental result would leave a required constraint broken beyond double-precision rounding
 * (or a value overflowed), or the pivot budget runs out, the call is redone on a tableau rebuilt
 * from the constraints; only if that fails too does an add, an edit variable's addition or a
 * suggestion fail, with NL_ERR_UNSATISFIABLE and a message saying "refused as numerically
 * unstable", leaving the solver unchanged (badly scaled systems only). Removals always succeed
 * (a constraint the rebuild cannot remove is relaxed in place; the one exception is named at
 * nl_solver_remove_constraint); nl_solver_reset always succeeds.
 */
typedef struct nl_solver nl_solver;                       /* a Cassowary solver */
typedef struct nl_variable nl_variable;                   /* a variable of one solver */
typedef struct nl_solver_constraint nl_solver_constraint; /* a linear constraint of one solver */

/** One term `coefficient * variable` of a linear expression. */
typedef struct nl_term {
    nl_variable *variable;
    double coefficient;
} nl_term;

/* Strengths are priorities in (0, 1000]; 1000 is required. The named levels: */
#define NL_STRENGTH_REQUIRED 1000.0
#define NL_STRENGTH_STRONG 750.0
#define NL_STRENGTH_MEDIUM 500.0
#define NL_STRENGTH_WEAK 250.0

/* Magnitude limits of the raw solver's numbers (see above; the bounds are accepted). */
#define NL_SOLVER_MAX_COEFFICIENT 1e6  /* |nl_term.coefficient| and |sum for a repeated
                                          variable|, dimensionless */
#define NL_SOLVER_MAX_CONSTANT 1e12    /* |constant| of a constraint, |value| of a suggestion, in
                                          the caller's unit */

/** The strength of priority `priority` (an Auto Layout-style priority, 1...1000, as for
 *  nl_constraint_set_priority): the same number, since strengths are priority levels. Returns NaN
 *  (which every call refuses with NL_ERR_INVALID_ARGUMENT) when `priority` is not in (0, 1000]. */
double nl_strength_from_priority(double priority);

/** A new, empty solver; free it with nl_solver_destroy. NULL only if the handle table is full
 *  (nl_last_error_status() is then NL_ERR_LIMIT_EXCEEDED). */
nl_solver *nl_solver_create(void);

/** Destroys the solver and invalidates its handle and every variable and constraint handle it
 *  owns. */
nl_status nl_solver_destroy(nl_solver *solver);

/** A new variable of `solver` with a readable name (NULL = unnamed; copied; names need not be
 *  unique, they only appear in nl_solver_dump). Its value is 0 until nl_solver_update_variables.
 *  Owned by the solver (valid until nl_variable_destroy or nl_solver_destroy). NULL on error:
 *  NL_ERR_INVALID_HANDLE (bad solver) or NL_ERR_LIMIT_EXCEEDED (handle table full), as told by
 *  nl_last_error_status(). */
nl_variable *nl_variable_create(nl_solver *solver, const char *name);

/** Invalidates the variable's handle. Constraints and edits that use it stay in the solver and
 *  keep working (the variable lives on inside them); it just can no longer be named from C. */
nl_status nl_variable_destroy(nl_variable *variable);

/** A copy of the variable's name ("" if unnamed); free it with nl_string_free. NULL on error. */
char *nl_variable_name(const nl_variable *variable);

/** The variable's value as of the last nl_solver_update_variables (0 before; a variable that is
 *  in no constraint keeps its last value). */
nl_status nl_variable_value(const nl_variable *variable, double *out);

/** out[i] = value of variables[i] for i < count (as nl_variable_value; one call for many). */
nl_status nl_solver_variable_values(const nl_solver *solver, nl_variable *const *variables,
                                    size_t count, double *out);

/** Creates the constraint `sum(terms) + constant  relation  0` with `strength` WITHOUT adding it
 *  (add it with nl_solver_add_constraints). Terms may repeat a variable (coefficients are
 *  summed); count may be 0. Every variable must belong to `solver`. Validates everything
 *  nl_solver_add_constraint does except satisfiability: |terms[i].coefficient| <=
 *  NL_SOLVER_MAX_COEFFICIENT (1e6) for each term and for the sum of a repeated variable's terms,
 *  |constant| <= NL_SOLVER_MAX_CONSTANT (1e12), otherwise NL_ERR_INVALID_ARGUMENT. *out is the new handle, owned by the solver (valid until
 *  nl_solver_constraint_destroy or nl_solver_destroy). NL_ERR_LIMIT_EXCEEDED: the handle table is
 *  full (nothing is created). */
nl_status nl_solver_constraint_create(nl_solver *solver, const nl_term *terms, size_t count,
                                      double constant, nl_relation relation, double strength,
                                      nl_solver_constraint **out);

/** Creates the constraint `sum(terms) + constant  relation  0` (e.g. x + 2y == 10 is terms
 *  {x,1},{y,2}, constant -10, NL_EQUAL) with `strength` and adds it, then re-optimises (primal
 *  simplex). *out (must not be NULL) receives the constraint's handle, owned by the solver. On
 *  failure nothing is created and the solver is unchanged.
 *  NL_ERR_INVALID_ARGUMENT: also a coefficient with |terms[i].coefficient| >
 *  NL_SOLVER_MAX_COEFFICIENT (1e6), a variable whose repeated terms sum beyond it, or |constant| >
 *  NL_SOLVER_MAX_CONSTANT (1e12).
 *  NL_ERR_UNSATISFIABLE: a required constraint that contradicts the required ones present, or an
 *  operation refused as numerically unstable (an ill-conditioned system whose result would break a
 *  required constraint beyond double-precision rounding; the message says which).
 *  NL_ERR_LIMIT_EXCEEDED: the handle table is full (checked before the solver is touched).
 *  Tolerances (docs/solver.md): coefficients of magnitude below 1e-9 are treated as 0, so a
 *  constraint whose every coefficient is that small is a constant-only constraint. */
nl_status nl_solver_add_constraint(nl_solver *solver, const nl_term *terms, size_t count,
                                   double constant, nl_relation relation, double strength,
                                   nl_solver_constraint **out);

/** Adds `count` constraints created by nl_solver_constraint_create (or removed earlier) as one
 *  operation: each enters the tableau in array order, the optimisation runs once at the end.
 *  Gives the same values as adding them one by one wherever the optimum is unique. All or
 *  nothing: on any error none is added. NL_ERR_DUPLICATE: one is already in the solver or appears
 *  twice in the array; NL_ERR_UNSATISFIABLE: a required one contradicts the required constraints
 *  before it (or the operation was refused as numerically unstable). The error message names the
 *  element refused ("constraints[3] (...)") when the failure was one element's. */
nl_status nl_solver_add_constraints(nl_solver *solver, nl_solver_constraint *const *constraints,
                                    size_t count);

/** Removes the constraint from the solver and re-optimises. The handle stays valid (the constraint
 *  can be added again with nl_solver_add_constraints). NL_ERR_UNKNOWN if it is not in the solver.
 *  Never fails otherwise, with one exception: a required equality stored without its own marker
 *  column (large chained systems, docs/solver.md "Implicit dummy markers") whose removal even a
 *  fresh solve of the remaining constraints cannot do within the accuracy promise is refused
 *  with NL_ERR_UNSATISFIABLE ("refused as numerically unstable"; badly scaled systems only). */
nl_status nl_solver_remove_constraint(nl_solver *solver, nl_solver_constraint *constraint);

/** Whether the constraint is currently in the solver. */
nl_status nl_solver_has_constraint(const nl_solver *solver, const nl_solver_constraint *constraint,
                                   bool *out);

/** Removes the constraint from its solver if it is in it, and invalidates its handle. Fails only
 *  where nl_solver_remove_constraint does (the handle then stays valid and the solver unchanged). */
nl_status nl_solver_constraint_destroy(nl_solver_constraint *constraint);

/** Makes `variable` an edit variable: adds the optional constraint `variable == suggested value`
 *  (initially 0) with `strength`. NL_ERR_DUPLICATE: already an edit variable;
 *  NL_ERR_INVALID_ARGUMENT: strength NL_STRENGTH_REQUIRED (edit variables cannot be required),
 *  NaN, or outside (0, 1000]; NL_ERR_UNSATISFIABLE: refused as numerically unstable (see
 *  "Verification" above). */
nl_status nl_solver_add_edit_variable(nl_solver *solver, nl_variable *variable, double strength);

/** Removes the edit variable's constraint. NL_ERR_UNKNOWN: not an edit variable of the solver;
 *  never fails otherwise. */
nl_status nl_solver_remove_edit_variable(nl_solver *solver, nl_variable *variable);

/** Whether `variable` is an edit variable of the solver. */
nl_status nl_solver_has_edit_variable(const nl_solver *solver, const nl_variable *variable,
                                      bool *out);

/** Suggests a value for an edit variable and re-optimises incrementally (dual simplex). Read the
 *  result with nl_solver_update_variables. NL_ERR_UNKNOWN: not an edit variable;
 *  NL_ERR_INVALID_ARGUMENT: NaN or infinite value, or |value| > NL_SOLVER_MAX_CONSTANT (1e12);
 *  NL_ERR_UNSATISFIABLE: refused as numerically unstable (see "Verification" above). */
nl_status nl_solver_suggest_value(nl_solver *solver, nl_variable *variable, double value);

/** Copies the solved values into the solver's variables (read them with nl_variable_value). */
nl_status nl_solver_update_variables(nl_solver *solver);

/** Removes every constraint and edit variable. Variable and constraint handles stay valid
 *  (constraints are no longer in the solver; variables keep their last values). The solver keeps
 *  the memory its tables reached, so refilling it allocates nothing; nl_solver_destroy frees it. */
nl_status nl_solver_reset(nl_solver *solver);

/** A readable, deterministic description of the solver's state: the objective (one row per
 *  priority level, highest first), the tableau rows, the infeasible rows, the edit variables and
 *  the constraints in the order they were added. Free it with nl_string_free. NULL on error. */
char *nl_solver_dump(const nl_solver *solver);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* NAVLAYOUT_H */
