/*
 * sample_delegate.c — the seed's sample layout delegate in C (docs/behaviour.md#the-sample-delegate), and a demo driver.
 *
 *   sample_delegate [preset]      (default iphone-portrait; presets of docs/behaviour.md#device-presets)
 *
 * drives a navigation session — enable navigation, start guidance, an incident prompt sampled at
 * 0.0 s, 0.2 s and 0.4 s, prompt dismissed (+0.4 s), guidance stopped, navigation disabled — and
 * prints after each step the map view's hierarchy with presented frames and the camera (demo_table.c).
 * The Swift CLI (`navlayout demo`) and examples/python print the same table byte for byte.
 *
 * Every library call is checked: inside a callback a failure is reported to the map view with
 * nl_map_view_fail_callback (the event then returns NL_ERR_CALLBACK_FAILED); in main() it ends
 * the program with the status name and the library's message.
 */
#include "sample_delegate.h"
#include "demo_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------
 * Delegate state
 * ------------------------------------------------------------------------------------------- */

#define MAX_TOP_LEVEL 4
#define MAX_BUTTONS 8
#define MAX_CONSTRAINTS 16

/* The views and constraints of one navigation state (ready or active guidance). */
typedef struct layout_group {
    int in_use;
    nl_view *stack;                          /* "buttonStack" */
    nl_view *top_level[MAX_TOP_LEVEL];       /* added to the map view, in this order */
    size_t top_level_count;
    nl_view *buttons[MAX_BUTTONS];           /* arranged in the stack: compass, reporting, others */
    size_t button_count;
    nl_constraint *constraints[MAX_CONSTRAINTS];
    size_t constraint_count;
} layout_group;

typedef struct sample_state {
    nl_map_view *map;
    nl_guide *contents_bottom;               /* "mapContentsBottom" */
    nl_constraint *shared[2];                /* guide height == 0; guide bottom == safe bottom @250 */
    layout_group ready;
    layout_group guidance;
    nl_view *prompt;                         /* the prompt shown or sliding in, NULL if none */
    nl_constraint *prompt_constraints[3];    /* [0]: prompt.bottom == map.bottom + constant */
    /* Memory (issue 17): everything created for a prompt — its three constraints, and the prompt
       view itself once it is no longer shown — is destroyed when the prompt leaves (the end of its
       slide out, or navigation disabled), so a long session keeps no handle it no longer needs.
       The slides out still running are listed here; see release_state for who frees what. */
    struct slide *sliding_out;
} sample_state;

/* Reports a failed call from inside a callback and returns from the callback. */
#define TRY(call)                                                                          \
    do {                                                                                   \
        nl_status try_status_ = (call);                                                    \
        if (try_status_ != NL_OK) {                                                        \
            fail_from_callback(st->map, #call, try_status_);                               \
            return;                                                                        \
        }                                                                                  \
    } while (0)

/* As TRY for calls that return a handle (NULL = failure). */
#define TRY_HANDLE(var, call)                                                              \
    do {                                                                                   \
        (var) = (call);                                                                    \
        if ((var) == NULL) {                                                               \
            fail_from_callback(st->map, #call, NL_ERR_INVALID_ARGUMENT);                   \
            return;                                                                        \
        }                                                                                  \
    } while (0)

static void fail_from_callback(nl_map_view *map, const char *what, nl_status status) {
    char message[512];
    snprintf(message, sizeof message, "sample delegate: %s failed: %s: %s", what,
             nl_status_name(status), nl_last_error_message());
    nl_map_view_fail_callback(map, message);
}

static nl_anchor va(const nl_view *v, nl_anchor_attribute a) { return nl_view_anchor(v, a); }
static nl_anchor ga(const nl_guide *g, nl_anchor_attribute a) { return nl_guide_anchor(g, a); }

/* Appends `first REL second + constant` (required) to the group; returns NULL on failure. */
static nl_constraint *relate(sample_state *st, layout_group *g, nl_anchor first, nl_relation rel,
                             nl_anchor second, double constant) {
    nl_constraint *c;
    if (g->constraint_count == MAX_CONSTRAINTS) return NULL;
    c = nl_constraint_create(st->map, first, rel, second, 1.0, constant);
    if (c != NULL) g->constraints[g->constraint_count++] = c;
    return c;
}

#define RELATE(g, first, rel, second)                                                      \
    do {                                                                                   \
        if (relate(st, (g), (first), (rel), (second), 0.0) == NULL) {                      \
            fail_from_callback(st->map, "constraint " #first " " #rel " " #second,         \
                               NL_ERR_INVALID_ARGUMENT);                                   \
            return;                                                                        \
        }                                                                                  \
    } while (0)

/* Collects the state's buttons by type, never by index (docs/behaviour.md#buttons): the compass first (the bottom of
 * the bottom-packed stack), then the reporting button, then buttons of types this delegate does not
 * know, in the state's order. */
static nl_status collect_buttons(const nl_ui_state *state, layout_group *g) {
    static const nl_button_type order[] = {NL_BUTTON_COMPASS, NL_BUTTON_REPORTING, 0};
    size_t count = 0, i, k;
    nl_status s = nl_ui_state_button_count(state, &count);
    if (s != NL_OK) return s;
    for (k = 0; k < sizeof order / sizeof order[0]; k++) {
        for (i = 0; i < count && g->button_count < MAX_BUTTONS; i++) {
            nl_button_type type = 0;
            nl_view *b = nl_ui_state_button(state, i, &type);
            int known = type == NL_BUTTON_COMPASS || type == NL_BUTTON_REPORTING;
            if (b == NULL) return NL_ERR_INVALID_HANDLE;
            if (order[k] != 0 ? type == order[k] : !known) g->buttons[g->button_count++] = b;
        }
    }
    return NL_OK;
}

/* Adds the group's views (top-level views, then the stack with its buttons) and activates the
 * shared constraints and the group's constraints. */
static nl_status group_activate(sample_state *st, layout_group *g) {
    nl_view *root = nl_map_view_root(st->map);
    nl_status s;
    size_t i;
    if (root == NULL) return NL_ERR_INVALID_HANDLE;
    for (i = 0; i < g->top_level_count; i++) {
        if ((s = nl_view_add_subview(root, g->top_level[i])) != NL_OK) return s;
    }
    if ((s = nl_hiding_stack_set_arranged_subviews(g->stack, g->buttons, g->button_count)) != NL_OK) return s;
    if ((s = nl_view_add_subview(root, g->stack)) != NL_OK) return s;
    if ((s = nl_constraints_activate(st->shared, 2)) != NL_OK) return s;
    return nl_constraints_activate(g->constraints, g->constraint_count);
}

/* The reverse of group_activate: constraints off, then the stack and the views out. */
static nl_status group_deactivate(sample_state *st, layout_group *g) {
    nl_status s;
    size_t i;
    if ((s = nl_constraints_deactivate(st->shared, 2)) != NL_OK) return s;
    if ((s = nl_constraints_deactivate(g->constraints, g->constraint_count)) != NL_OK) return s;
    if ((s = nl_view_remove_from_superview(g->stack)) != NL_OK) return s;
    if ((s = nl_hiding_stack_set_arranged_subviews(g->stack, NULL, 0)) != NL_OK) return s;
    for (i = 0; i < g->top_level_count; i++) {
        if ((s = nl_view_remove_from_superview(g->top_level[i])) != NL_OK) return s;
    }
    return NL_OK;
}

/* Frees the group's stack and constraints (long sessions: handles do not pile up). */
static void group_discard(layout_group *g) {
    size_t i;
    for (i = 0; i < g->constraint_count; i++) nl_constraint_destroy(g->constraints[i]);
    if (g->stack != NULL) nl_view_destroy(g->stack);
    memset(g, 0, sizeof *g);
}

/* Starts a group: a fresh "buttonStack" packed at the bottom, aligned to the trailing edge. */
static nl_status group_begin(sample_state *st, layout_group *g, const nl_ui_state *state) {
    memset(g, 0, sizeof *g);
    g->in_use = 1;
    g->stack = nl_hiding_stack_create(st->map, NL_STACK_POSITION_BOTTOM, NL_STACK_ALIGNMENT_TRAILING);
    if (g->stack == NULL) return NL_ERR_INVALID_HANDLE;
    nl_view_set_identifier(g->stack, "buttonStack");
    return collect_buttons(state, g);
}

/* ---------------------------------------------------------------------------------------------
 * Navigation-ready and active-guidance layouts
 * ------------------------------------------------------------------------------------------- */

static void on_enable_navigation_ui(void *user_data, nl_map_view *map, const nl_ui_state *new_state) {
    sample_state *st = user_data;
    nl_view *root, *logo, *viewport;
    nl_guide *safe;
    layout_group *g = &st->ready;
    st->map = map;

    TRY_HANDLE(root, nl_map_view_root(map));
    TRY_HANDLE(safe, nl_view_safe_area_guide(root));
    TRY_HANDLE(logo, nl_ui_state_google_logo(new_state));
    TRY_HANDLE(viewport, nl_ui_state_viewport(new_state));

    /* The bottom of the map contents: at the safe-area bottom unless something pushes it up. */
    TRY_HANDLE(st->contents_bottom, nl_guide_create(map));
    TRY(nl_guide_set_identifier(st->contents_bottom, "mapContentsBottom"));
    TRY(nl_view_add_layout_guide(root, st->contents_bottom));
    TRY_HANDLE(st->shared[0], nl_constraint_create_constant(map, ga(st->contents_bottom, NL_ANCHOR_HEIGHT),
                                                            NL_EQUAL, 0.0));
    TRY_HANDLE(st->shared[1], nl_constraint_create(map, ga(st->contents_bottom, NL_ANCHOR_BOTTOM), NL_EQUAL,
                                                   ga(safe, NL_ANCHOR_BOTTOM), 1.0, 0.0));
    TRY(nl_constraint_set_priority(st->shared[1], NL_PRIORITY_DEFAULT_LOW));

    TRY(group_begin(st, g, new_state));
    g->top_level[g->top_level_count++] = logo;
    g->top_level[g->top_level_count++] = viewport;

    RELATE(g, va(g->stack, NL_ANCHOR_TRAILING), NL_EQUAL, ga(safe, NL_ANCHOR_TRAILING));
    RELATE(g, va(g->stack, NL_ANCHOR_TOP), NL_EQUAL, ga(safe, NL_ANCHOR_TOP));
    RELATE(g, va(g->stack, NL_ANCHOR_BOTTOM), NL_EQUAL, ga(st->contents_bottom, NL_ANCHOR_TOP));

    RELATE(g, va(logo, NL_ANCHOR_LEADING), NL_EQUAL, ga(safe, NL_ANCHOR_LEADING));
    RELATE(g, va(logo, NL_ANCHOR_BOTTOM), NL_EQUAL, ga(st->contents_bottom, NL_ANCHOR_TOP));

    RELATE(g, va(viewport, NL_ANCHOR_LEADING), NL_EQUAL, ga(safe, NL_ANCHOR_LEADING));
    RELATE(g, va(viewport, NL_ANCHOR_TRAILING), NL_EQUAL, ga(safe, NL_ANCHOR_TRAILING));
    RELATE(g, va(viewport, NL_ANCHOR_TOP), NL_EQUAL, ga(safe, NL_ANCHOR_TOP));
    RELATE(g, va(viewport, NL_ANCHOR_BOTTOM), NL_EQUAL, ga(st->contents_bottom, NL_ANCHOR_TOP));

    TRY(group_activate(st, g));
}

/* Destroys a prompt that is no longer shown and the three constraints made for it. */
static nl_status discard_prompt(nl_view *prompt, nl_constraint *const constraints[3]) {
    size_t i;
    nl_status s = nl_view_remove_from_superview(prompt);
    for (i = 0; i < 3; i++) {
        if (constraints[i] != NULL) {
            nl_status c = nl_constraint_destroy(constraints[i]);
            if (s == NL_OK) s = c;
        }
    }
    if (s == NL_OK) s = nl_view_destroy(prompt);
    return s;
}

static void on_disable_navigation_ui(void *user_data, nl_map_view *map, const nl_ui_state *old_state) {
    sample_state *st = user_data;
    nl_view *root;
    (void)old_state;
    TRY_HANDLE(root, nl_map_view_root(map));
    if (st->prompt != NULL) {
        nl_view *prompt = st->prompt;
        st->prompt = NULL;
        TRY(discard_prompt(prompt, st->prompt_constraints));
        memset(st->prompt_constraints, 0, sizeof st->prompt_constraints);
    }
    if (st->ready.in_use) {
        TRY(group_deactivate(st, &st->ready));
        group_discard(&st->ready);
    }
    if (st->contents_bottom != NULL) {
        TRY(nl_view_remove_layout_guide(root, st->contents_bottom));
        nl_constraint_destroy(st->shared[0]);
        nl_constraint_destroy(st->shared[1]);
        nl_guide_destroy(st->contents_bottom);
        st->contents_bottom = NULL;
        st->shared[0] = st->shared[1] = NULL;
    }
}

static void on_start_guidance(void *user_data, nl_map_view *map, const nl_ui_state *new_state,
                              const nl_ui_state *old_state) {
    sample_state *st = user_data;
    nl_view *root, *turn_card, *eta_card, *logo, *viewport;
    nl_guide *safe;
    layout_group *g = &st->guidance;
    (void)old_state;

    if (st->ready.in_use) TRY(group_deactivate(st, &st->ready));

    TRY_HANDLE(root, nl_map_view_root(map));
    TRY_HANDLE(safe, nl_view_safe_area_guide(root));
    TRY_HANDLE(turn_card, nl_ui_state_turn_card(new_state));
    TRY_HANDLE(eta_card, nl_ui_state_eta_card(new_state));
    TRY_HANDLE(logo, nl_ui_state_google_logo(new_state));
    TRY_HANDLE(viewport, nl_ui_state_viewport(new_state));

    TRY(group_begin(st, g, new_state));
    g->top_level[g->top_level_count++] = turn_card;
    g->top_level[g->top_level_count++] = eta_card;
    g->top_level[g->top_level_count++] = viewport;
    g->top_level[g->top_level_count++] = logo;

    RELATE(g, va(turn_card, NL_ANCHOR_LEADING), NL_EQUAL, ga(safe, NL_ANCHOR_LEADING));
    RELATE(g, va(turn_card, NL_ANCHOR_TOP), NL_EQUAL, va(root, NL_ANCHOR_TOP));

    RELATE(g, va(eta_card, NL_ANCHOR_LEADING), NL_EQUAL, va(root, NL_ANCHOR_LEADING));
    RELATE(g, va(eta_card, NL_ANCHOR_BOTTOM), NL_EQUAL, va(root, NL_ANCHOR_BOTTOM));
    RELATE(g, ga(st->contents_bottom, NL_ANCHOR_BOTTOM), NL_LESS_OR_EQUAL, va(eta_card, NL_ANCHOR_TOP));

    RELATE(g, va(g->stack, NL_ANCHOR_TRAILING), NL_EQUAL, ga(safe, NL_ANCHOR_TRAILING));
    RELATE(g, va(g->stack, NL_ANCHOR_TOP), NL_EQUAL, va(turn_card, NL_ANCHOR_BOTTOM));
    RELATE(g, va(g->stack, NL_ANCHOR_BOTTOM), NL_EQUAL, ga(st->contents_bottom, NL_ANCHOR_TOP));

    RELATE(g, va(logo, NL_ANCHOR_LEADING), NL_EQUAL, ga(safe, NL_ANCHOR_LEADING));
    RELATE(g, va(logo, NL_ANCHOR_BOTTOM), NL_EQUAL, ga(st->contents_bottom, NL_ANCHOR_TOP));

    /* The camera frames the open area between the turn card and the contents bottom. */
    RELATE(g, va(viewport, NL_ANCHOR_LEADING), NL_EQUAL, ga(safe, NL_ANCHOR_LEADING));
    RELATE(g, va(viewport, NL_ANCHOR_TRAILING), NL_EQUAL, ga(safe, NL_ANCHOR_TRAILING));
    RELATE(g, va(viewport, NL_ANCHOR_TOP), NL_EQUAL, va(turn_card, NL_ANCHOR_BOTTOM));
    RELATE(g, va(viewport, NL_ANCHOR_BOTTOM), NL_EQUAL, ga(st->contents_bottom, NL_ANCHOR_TOP));

    TRY(group_activate(st, g));
}

static void on_stop_guidance(void *user_data, nl_map_view *map, const nl_ui_state *new_state,
                             const nl_ui_state *old_state) {
    sample_state *st = user_data;
    (void)map; (void)new_state; (void)old_state;
    if (st->guidance.in_use) {
        TRY(group_deactivate(st, &st->guidance));
        group_discard(&st->guidance);
    }
    if (st->ready.in_use) TRY(group_activate(st, &st->ready));
}

/* ---------------------------------------------------------------------------------------------
 * Prompts: slide in from below the map view, slide out and remove
 * ------------------------------------------------------------------------------------------- */

/* A slide of a prompt. A slide out is a record of its own (the completion's user_data), listed in
 * the state while it runs, and needs nothing else: its completion may run after the state is gone
 * (the delegate replaced meanwhile). */
typedef struct slide {
    nl_map_view *map;
    sample_state *owner;     /* the state listing it; NULL once the state is gone */
    nl_constraint *bottom;   /* the prompt's bottom constraint */
    double constant;         /* its constant at the end of the slide */
    nl_view *prompt;         /* a slide out: the prompt, destroyed with its constraints at the end */
    nl_constraint *constraints[3];
    struct slide *next;      /* the state's list of slides out */
} slide;

static void slide_changes(void *user_data) {
    slide *s = user_data;
    nl_status status = nl_constraint_set_constant(s->bottom, s->constant);
    if (status == NL_OK) status = nl_map_view_layout_if_needed(s->map);
    if (status != NL_OK) fail_from_callback(s->map, "sliding a prompt", status);
}

static void slide_out_done(void *user_data, bool finished) {
    slide *s = user_data, **link;
    nl_status status = discard_prompt(s->prompt, s->constraints);
    nl_map_view *map = s->map;
    (void)finished;
    if (s->owner != NULL) {
        for (link = &s->owner->sliding_out; *link != NULL; link = &(*link)->next) {
            if (*link == s) { *link = s->next; break; }
        }
    }
    free(s);
    if (status != NL_OK) fail_from_callback(map, "discarding a prompt that slid out", status);
}

static double view_height(nl_view *v) {
    nl_rect r;
    return nl_view_frame(v, &r) == NL_OK ? r.height : 0.0;
}

static void on_show_prompt(void *user_data, nl_map_view *map, nl_view *new_prompt) {
    sample_state *st = user_data;
    nl_view *root;
    nl_guide *safe;
    nl_constraint *cs[3];
    double height;
    slide in;

    TRY_HANDLE(root, nl_map_view_root(map));
    TRY_HANDLE(safe, nl_view_safe_area_guide(root));
    TRY(nl_view_add_subview(root, new_prompt));
    st->prompt = new_prompt;
    height = view_height(new_prompt);   /* prompts arrive sized (docs/behaviour.md#prompt-events) */

    /* Start just below the map view's bottom edge. */
    TRY_HANDLE(cs[0], nl_constraint_create(map, va(new_prompt, NL_ANCHOR_BOTTOM), NL_EQUAL,
                                           va(root, NL_ANCHOR_BOTTOM), 1.0, height));
    TRY_HANDLE(cs[1], nl_constraint_create(map, va(new_prompt, NL_ANCHOR_LEADING), NL_EQUAL,
                                           ga(safe, NL_ANCHOR_LEADING), 1.0, 0.0));
    /* Keep the map contents above the prompt. */
    TRY_HANDLE(cs[2], nl_constraint_create(map, ga(st->contents_bottom, NL_ANCHOR_BOTTOM), NL_LESS_OR_EQUAL,
                                           va(new_prompt, NL_ANCHOR_TOP), 1.0, 0.0));
    memcpy(st->prompt_constraints, cs, sizeof cs);
    TRY(nl_constraints_activate(cs, 3));

    /* Lay out the starting position, then slide up. */
    TRY(nl_map_view_layout_if_needed(map));
    memset(&in, 0, sizeof in);
    in.map = map;
    in.owner = st;
    in.bottom = cs[0];
    in.constant = 0.0;
    TRY(nl_map_view_animate(map, NL_SAMPLE_PROMPT_ANIMATION_SECONDS, NL_CURVE_EASE_IN_OUT,
                            slide_changes, NULL, &in));
}

static void on_hide_prompt(void *user_data, nl_map_view *map, nl_view *old_prompt) {
    sample_state *st = user_data;
    slide *out;
    if (st->prompt == NULL || st->prompt != old_prompt) return;
    out = malloc(sizeof *out);
    if (out == NULL) {
        nl_map_view_fail_callback(map, "sample delegate: out of memory");
        return;
    }
    out->map = map;
    out->owner = st;
    out->bottom = st->prompt_constraints[0];
    out->constant = view_height(old_prompt);
    out->prompt = old_prompt;
    memcpy(out->constraints, st->prompt_constraints, sizeof out->constraints);
    memset(st->prompt_constraints, 0, sizeof st->prompt_constraints);
    st->prompt = NULL;
    /* Slide down below the map view; destroy the prompt when the slide ends. */
    if (nl_map_view_animate(map, NL_SAMPLE_PROMPT_ANIMATION_SECONDS, NL_CURVE_EASE_IN_OUT,
                            slide_changes, slide_out_done, out) != NL_OK) {
        discard_prompt(out->prompt, out->constraints);
        free(out);
        fail_from_callback(map, "nl_map_view_animate", NL_ERR_INVALID_ARGUMENT);
        return;
    }
    out->next = st->sliding_out;
    st->sliding_out = out;
}

static void on_change_prompt(void *user_data, nl_map_view *map, nl_view *new_prompt, nl_view *old_prompt) {
    /* Both slides run at the same time. */
    on_hide_prompt(user_data, map, old_prompt);
    on_show_prompt(user_data, map, new_prompt);
}

/* Frees the state. The records of slides out still running are their completions' user_data: if
 * the map view is being destroyed no completion will run (navlayout.h, nl_map_view_animate), so
 * they are freed too; if the delegate is being replaced the completions will still run and free
 * them, so they are only detached from the state. */
static void release_state(void *user_data) {
    sample_state *st = user_data;
    bool destroying = true;
    slide *s, *next;
    nl_map_view_destroying(st->map, &destroying);
    for (s = st->sliding_out; s != NULL; s = next) {
        next = s->next;
        if (destroying) free(s); else s->owner = NULL;
    }
    free(st);
}

nl_status nl_sample_delegate_install(nl_map_view *map) {
    nl_layout_delegate d;
    nl_status s;
    sample_state *st = calloc(1, sizeof *st);
    if (st == NULL) return NL_ERR_INTERNAL;
    st->map = map;
    memset(&d, 0, sizeof d);
    d.struct_size = (uint32_t)sizeof d;
    d.user_data = st;
    d.release = release_state;
    d.enable_navigation_ui = on_enable_navigation_ui;
    d.disable_navigation_ui = on_disable_navigation_ui;
    d.start_guidance = on_start_guidance;
    d.stop_guidance = on_stop_guidance;
    d.show_prompt = on_show_prompt;
    d.hide_prompt = on_hide_prompt;
    d.change_prompt = on_change_prompt;
    s = nl_map_view_set_layout_delegate(map, &d);
    if (s != NL_OK) free(st);   /* not kept: release is not called */
    return s;
}

/* ---------------------------------------------------------------------------------------------
 * The demo (the session and its table: demo_table.c, shared with wide_delegate.c)
 * ------------------------------------------------------------------------------------------- */
#ifndef NL_SAMPLE_DELEGATE_NO_MAIN

int main(int argc, char **argv) { return nl_demo_main(argc, argv, "sample_delegate", nl_sample_delegate_install); }

#endif /* NL_SAMPLE_DELEGATE_NO_MAIN */
