/*
 * demo_table.c — the demo session and its table, shared by the C example delegates.
 * See demo_table.h.
 */
#include "demo_table.h"

#include <stdio.h>
#include <string.h>

/* Prints `view`'s subviews at `depth`, depth first; sets *has_viewport if one is "viewport". */
static nl_status print_subviews(const nl_view *view, int depth, int *has_viewport) {
    size_t count = 0, i;
    nl_status s = nl_view_subview_count(view, &count);
    if (s != NL_OK) return s;
    for (i = 0; i < count; i++) {
        char name[128];
        nl_rect f;
        bool hidden = false;
        char *identifier;
        int indent = 2 * depth;
        nl_view *child = nl_view_subview(view, i);
        if (child == NULL) return NL_ERR_INVALID_HANDLE;
        identifier = nl_view_identifier(child);
        if (identifier == NULL) return NL_ERR_INVALID_HANDLE;
        if (indent > 64) indent = 64;
        snprintf(name, sizeof name, "%*s%s", indent, "", identifier);
        if (strcmp(identifier, "viewport") == 0) *has_viewport = 1;
        nl_string_free(identifier);
        if ((s = nl_view_frame(child, &f)) != NL_OK) return s;
        if ((s = nl_view_is_hidden(child, &hidden)) != NL_OK) return s;
        printf("%-20s%9.1f%9.1f%9.1f%9.1f%s\n", name, f.x, f.y, f.width, f.height, hidden ? " hidden" : "");
        if ((s = print_subviews(child, depth + 1, has_viewport)) != NL_OK) return s;
    }
    return NL_OK;
}

nl_status nl_demo_print_step(nl_map_view *map, const char *step) {
    nl_view *root = nl_map_view_root(map);
    size_t count = 0;
    int has_viewport = 0;
    nl_status s;
    if (root == NULL) return NL_ERR_INVALID_HANDLE;
    printf("== %s ==\n", step);
    if ((s = nl_view_subview_count(root, &count)) != NL_OK) return s;
    if (count == 0) {
        printf("  (empty)\n");
        return NL_OK;
    }
    if ((s = print_subviews(root, 1, &has_viewport)) != NL_OK) return s;
    if (has_viewport) {
        nl_camera c;
        if ((s = nl_map_view_camera(map, &c)) != NL_OK) return s;
        printf("  camera padding %.1f %.1f %.1f %.1f vehicle %.1f %.1f\n", c.padding.top, c.padding.left,
               c.padding.bottom, c.padding.right, c.vehicle_point.x, c.vehicle_point.y);
    }
    return NL_OK;
}

/* One step of the session: an event (or none), time to advance afterwards, the name printed. */
typedef enum step_event { EV_NONE, EV_ENABLE, EV_START, EV_PROMPT, EV_DISMISS, EV_STOP, EV_DISABLE } step_event;

static const struct {
    step_event event;
    double advance;   /* seconds, after the event */
    const char *name;
} session[] = {
    {EV_ENABLE, 0.0, "navigation ready"},
    {EV_START, 0.0, "active guidance"},
    {EV_PROMPT, 0.0, "incident prompt 0.0 s"},
    {EV_NONE, 0.2, "incident prompt 0.2 s"},
    {EV_NONE, 0.2, "incident prompt 0.4 s"},
    {EV_DISMISS, 0.4, "prompt dismissed"},
    {EV_STOP, 0.0, "guidance stopped"},
    {EV_DISABLE, 0.0, "navigation disabled"},
};

static nl_status run_event(nl_map_view *map, step_event e) {
    switch (e) {
    case EV_ENABLE: return nl_map_view_set_navigation_enabled(map, true);
    case EV_START: return nl_map_view_start_guidance(map);
    case EV_PROMPT: return nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT);
    case EV_DISMISS: return nl_map_view_dismiss_prompt(map);
    case EV_STOP: return nl_map_view_stop_guidance(map);
    case EV_DISABLE: return nl_map_view_set_navigation_enabled(map, false);
    case EV_NONE: break;
    }
    return NL_OK;
}

nl_status nl_demo_run_session(nl_map_view *map, const char *program) {
    size_t i;
    for (i = 0; i < sizeof session / sizeof session[0]; i++) {
        const char *what = "event";
        nl_status s = run_event(map, session[i].event);
        if (s == NL_OK && session[i].advance > 0) {
            what = "advance time";
            s = nl_map_view_advance_time(map, session[i].advance);
        }
        if (s == NL_OK) {
            what = "print";
            s = nl_demo_print_step(map, session[i].name);
        }
        if (s != NL_OK) {
            fprintf(stderr, "%s: step \"%s\": %s: %s: %s\n", program, session[i].name, what, nl_status_name(s),
                    nl_last_error_message());
            return s;
        }
    }
    return NL_OK;
}

int nl_demo_main(int argc, char **argv, const char *program, nl_status (*install)(nl_map_view *map)) {
    const char *preset = argc > 1 ? argv[1] : "iphone-portrait";
    nl_map_view *map = nl_map_view_create_preset(preset);
    nl_status s;
    if (map == NULL) {
        fprintf(stderr, "%s: preset '%s': %s\n", program, preset, nl_last_error_message());
        return 2;
    }
    s = install(map);
    if (s == NL_ERR_CARPLAY) {
        /* A CarPlay map view refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate) and keeps its built-in layout: say
         * so and run the session with it, as `navlayout demo` and the Python examples do. */
        fprintf(stderr, "%s: %s is a CarPlay screen, which refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate); running with the built-in layout\n",
                program, preset);
    } else if (s != NL_OK) {
        fprintf(stderr, "%s: set layout delegate: %s: %s\n", program, nl_status_name(s), nl_last_error_message());
        nl_map_view_destroy(map);
        return 2;
    }
    s = nl_demo_run_session(map, program);
    if (nl_map_view_destroy(map) != NL_OK && s == NL_OK) {
        fprintf(stderr, "%s: destroy: %s\n", program, nl_last_error_message());
        return 1;
    }
    return s == NL_OK ? 0 : 1;
}
