/*
 * API fuzzer (issue 8): reads the input bytes as a sequence of C API calls on up to three map
 * views — views, guides, hiding stacks and constraints with random anchors, relations,
 * multipliers, constants (NaN, ±inf, 1e308, negative) and priorities (0, 1001, NaN); activate,
 * deactivate, destroy; random trees; every navigation event in any state; prompts; animations with
 * random durations; time; delegates whose callbacks call the API themselves (events that must be
 * refused as re-entrant, destroying objects and other map views); stale, foreign and garbage
 * handles; odd identifier strings. Issue 17 added the raw solver (api_fuzzer_solver.c: solvers,
 * variables, constraints with any coefficient, edits, suggestions, removals, resets, stale
 * handles; a failed call must leave nl_solver_dump unchanged and NL_ERR_INTERNAL is a finding) and
 * concurrent use (api_fuzzer_threads.c: a second thread calls the map views and solvers while
 * this one is, or is not, inside calls on them — NL_ERR_BUSY exactly when it is) and every call
 * added after issue 8 (api_fuzzer_newer.c: z-order, accessibility, speed data, sessions, pages,
 * the sweep, snapshot comparison, the diagnostic handler; SVG and HTML outputs must be
 * well-formed text).
 *
 * After every call it checks:
 *   - the status is a documented one (NL_OK ... NL_ERR_LIMIT_EXCEEDED; NL_ERR_INTERNAL is a bug,
 *     and so is NL_ERR_BUSY: this thread uses every map view and solver only from itself);
 *   - a handle known to be destroyed is NL_ERR_INVALID_HANDLE;
 *   - an event on a map view whose callback is running is NL_ERR_REENTRANT (this includes
 *     destroying the map view from inside its own callback);
 *   - the last error message is a string;
 *   - at the top level, every live map view still answers its queries (state, size, camera with
 *     finite numbers, diagnostics, root frame).
 * At the end of each input every map view is destroyed and every delegate's release must have
 * run exactly once.
 *
 * Build and run: scripts/fuzz.sh (see README "Reliability"). Without libFuzzer (-DNL_FUZZ_MAIN) it
 * is a plain program that replays the files given on its command line.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_fuzzer.h"

int g_trace = -1;

#define POOL 24
#define MAX_OPS 160
#define MAX_DEPTH 3
#define MAX_DELEGATES 64
#define MAX_ANIMS 64

/* ---- input reader -------------------------------------------------------------------------- */

static const uint8_t *in_data;
static size_t in_size, in_pos;

uint8_t byte(void) { return in_pos < in_size ? in_data[in_pos++] : 0; }
int more(void) { return in_pos < in_size; }
uint32_t u32(void) {
    uint32_t v = byte();
    v |= (uint32_t)byte() << 8;
    v |= (uint32_t)byte() << 16;
    v |= (uint32_t)byte() << 24;
    return v;
}

double num(void) {
    static const double special[] = {0.0, 1.0, -1.0, 8.0, 44.0, 100.0, 393.0, 852.0, 0.5,
                                     -0.0, 1e7, -1e7, 1e7 + 1, 1e4, -1e4, 10001.0, 1e308,
                                     -1e308, 5e-324, 0.1};
    uint8_t b = byte();
    if (b < 20) return special[b];
    if (b < 24) return NAN;
    if (b < 28) return INFINITY;
    if (b < 32) return -INFINITY;
    if (b < 160) return (double)(int)(b - 96) * 4.0;  /* small integers, some negative */
    if (b < 200) return (double)byte() * 1.5;
    {
        uint64_t bits = (uint64_t)u32() | ((uint64_t)u32() << 32);
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
}

float prio(void) {
    static const float special[] = {0.0f, 1.0f, 1000.0f, 1001.0f, 999.0f, 750.0f, 250.0f, 50.0f,
                                    -1.0f, 500.0f, 1e30f, 0.5f};
    uint8_t b = byte();
    if (b < 12) return special[b];
    if (b < 16) return NAN;
    if (b < 18) return INFINITY;
    return (float)byte() * 4.0f;
}

/* ---- failure reporting --------------------------------------------------------------------- */

void fail(const char *what, const char *call, nl_status st) {
    fprintf(stderr, "api_fuzzer: %s: %s returned %d (%s): %s\n", what, call, (int)st,
            nl_status_name(st), nl_last_error_message() ? nl_last_error_message() : "(null)");
    abort();
}

/* ---- the world ------------------------------------------------------------------------------ */

typedef struct delegate_data {
    int in_use;
    int released;      /* times release ran */
    int map_index;     /* the slot it was installed on */
    uint8_t flags;     /* which callbacks are set */
} delegate_data;

typedef struct anim_data {
    int in_use;
    int map_index;
    int completions;
} anim_data;

typedef struct map_slot {
    nl_map_view *map;       /* NULL when free */
    nl_map_view *dead;      /* the last destroyed handle in this slot */
    int callback_depth;     /* > 0 while one of its callbacks runs */
    nl_view *views[POOL];   /* live or stale */
    nl_guide *guides[POOL];
    nl_constraint *cons[POOL];
    nl_view *stacks[4];
    nl_view *prompt;        /* last prompt seen in a callback */
    int delegate;           /* index + 1 into delegates[] of the installed delegate, 0 = none */
} map_slot;

static map_slot maps[MAX_MAPS];
static delegate_data delegates[MAX_DELEGATES];
static anim_data anims[MAX_ANIMS];
static const nl_ui_state *saved_state;  /* a state handle kept past its callback: stale */
static int depth;
static int ops_left;

/* Handles destroyed explicitly: any later use must be NL_ERR_INVALID_HANDLE. */
#define DEAD 256
static const void *dead[DEAD];
static int dead_count;
void mark_dead(const void *h) { if (h) dead[dead_count++ % DEAD] = h; }
int is_dead(const void *h) {
    int i, n = dead_count < DEAD ? dead_count : DEAD;
    if (!h) return 0;
    for (i = 0; i < n; i++) if (dead[i] == h) return 1;
    return 0;
}

int map_in_use(int i) { return i >= 0 && i < MAX_MAPS && maps[i].map != NULL && maps[i].callback_depth > 0; }
nl_map_view *map_of_slot(int i) { return i >= 0 && i < MAX_MAPS ? maps[i].map : NULL; }

static int any_in_callback(void) {
    int i;
    for (i = 0; i < MAX_MAPS; i++) if (maps[i].callback_depth > 0) return 1;
    return 0;
}

void check(nl_status st, const char *call) {
    const char *m = nl_last_error_message();
    if (m == NULL) fail("NULL last error message", call, st);
    if ((int)st < 0 || (int)st > NL_ERR_LIMIT_EXCEEDED) fail("undocumented status", call, st);
}

/* A status from a call on `h` (maybe stale). */
void check_on(nl_status st, const char *call, const void *h) {
    check(st, call);
    if (is_dead(h) && st != NL_ERR_INVALID_HANDLE) fail("stale handle accepted", call, st);
}

/* An event on map slot `s` (its handle `m`). */
void check_event(nl_status st, const char *call, int s, nl_map_view *m) {
    check_on(st, call, m);
    if (s >= 0 && maps[s].map == m && m && maps[s].callback_depth > 0 && st != NL_ERR_REENTRANT)
        fail("event inside the map view's own callback not refused", call, st);
}

static int pick_map(void) {
    int s = byte() % MAX_MAPS;
    return s;
}

nl_map_view *map_handle(int s) {
    uint8_t b = byte();
    if (b < 8) return maps[s].dead;       /* stale (maybe NULL) */
    if (b < 10) return (nl_map_view *)(uintptr_t)(((uint64_t)u32() << 32) | u32()); /* garbage */
    return maps[s].map;
}



static void *garbage(void) {
    uint8_t b = byte();
    switch (b % 4) {
    case 0: return NULL;
    case 1: return (void *)(uintptr_t)(0xA500000000000000ull | ((uint64_t)u32() << 8) | byte());
    case 2: return (void *)(uintptr_t)(((uint64_t)u32() << 32) | u32());
    default: return (void *)&maps[0];   /* a real pointer that is not a handle */
    }
}

nl_view *any_view(int s) {
    map_slot *m = &maps[s];
    uint8_t b = byte();
    nl_map_view *mh = m->map;
    if (b < 100) return m->views[b % POOL];
    if (b < 120) return m->stacks[b % 4];
    if (b < 140) return mh ? nl_map_view_root(mh) : NULL;
    if (b < 150) return m->prompt;
    if (b < 170 && mh) {
        /* walk the tree from the root */
        nl_view *v = nl_map_view_root(mh);
        int steps = byte() % 4;
        while (v && steps-- > 0) {
            size_t n = 0;
            if (nl_view_subview_count(v, &n) != NL_OK || n == 0) break;
            v = nl_view_subview(v, byte() % n);
        }
        return v;
    }
    if (b < 180) return (nl_view *)any_guide(s);  /* wrong kind */
    if (b < 190) return maps[(s + 1) % MAX_MAPS].views[byte() % POOL];  /* foreign */
    if (b < 200) return (nl_view *)garbage();
    return m->views[b % POOL];
}

nl_guide *any_guide(int s) {
    map_slot *m = &maps[s];
    uint8_t b = byte();
    if (b < 120) return m->guides[b % POOL];
    if (b < 150 && m->map) {
        nl_view *v = any_view(s);
        return (b & 1) ? nl_view_safe_area_guide(v) : nl_view_margins_guide(v);
    }
    if (b < 180 && m->map) return nl_map_view_legacy_guide(m->map, (nl_legacy_guide)(byte() % 5));
    if (b < 190) return maps[(s + 1) % MAX_MAPS].guides[byte() % POOL];
    if (b < 200) return (nl_guide *)garbage();
    return m->guides[b % POOL];
}

nl_constraint *any_con(int s) {
    uint8_t b = byte();
    if (b < 200) return maps[s].cons[b % POOL];
    if (b < 220) return maps[(s + 1) % MAX_MAPS].cons[b % POOL];
    return (nl_constraint *)garbage();
}

static nl_anchor any_anchor(int s) {
    nl_anchor a;
    uint8_t b = byte();
    nl_anchor_attribute attr = (nl_anchor_attribute)(byte() % 11);
    if (b & 1) {
        a = nl_guide_anchor(any_guide(s), attr);
    } else {
        a = nl_view_anchor(any_view(s), attr);
    }
    if (b >= 250) { a.item = garbage(); a.attribute = (nl_anchor_attribute)(int)(int8_t)byte(); }
    return a;
}

char *fuzz_string(char *buf, size_t cap) {
    size_t n = byte() % cap, i;
    for (i = 0; i + 1 < cap && i < n; i++) {
        buf[i] = (char)byte();
        if (buf[i] == 0) break;
    }
    buf[i < cap ? i : cap - 1] = 0;
    return buf;
}

nl_insets insets(void) {
    nl_insets e;
    e.top = num(); e.left = num(); e.bottom = num(); e.right = num();
    return e;
}

static void run_ops(int budget);

/* ---- delegates ------------------------------------------------------------------------------ */

int slot_of(nl_map_view *map) {
    int i;
    for (i = 0; i < MAX_MAPS; i++) if (maps[i].map == map && map) return i;
    return -1;
}

static void inspect_state(const nl_ui_state *st) {
    nl_ui_state_kind k;
    size_t n = 0, i;
    bool wide;
    nl_size sz;
    check(nl_ui_state_kind_of(st, &k), "nl_ui_state_kind_of");
    check(nl_ui_state_wide_mode(st, &wide), "nl_ui_state_wide_mode");
    check(nl_ui_state_map_size(st, &sz), "nl_ui_state_map_size");
    (void)nl_ui_state_google_logo(st);
    (void)nl_ui_state_viewport(st);
    (void)nl_ui_state_turn_card(st);
    (void)nl_ui_state_eta_card(st);
    (void)nl_ui_state_trip_progress_bar(st);
    (void)nl_ui_state_speed_widget(st);
    if (nl_ui_state_button_count(st, &n) == NL_OK) {
        for (i = 0; i <= n && i < 8; i++) {
            nl_button_type t;
            (void)nl_ui_state_button(st, i, &t);
        }
    }
}

/* Common body of every callback: maybe fail, run some nested calls. */
void callback_body(nl_map_view *map, const nl_ui_state *st1, const nl_ui_state *st2,
                          nl_view *prompt) {
    int s = slot_of(map);
    if (s < 0) fail("callback for an unknown map view", "callback", NL_OK);
    maps[s].callback_depth++;
    depth++;
    if (st1) inspect_state(st1);
    if (st2) inspect_state(st2);
    if (prompt) {
        nl_prompt_kind k;
        maps[s].prompt = prompt;
        check(nl_prompt_kind_of(prompt, &k), "nl_prompt_kind_of");
    }
    if (st1 && (byte() & 1)) saved_state = st1;
    if (byte() < 40) check(nl_map_view_fail_callback(map, (byte() & 1) ? "fuzz failure" : NULL),
                           "nl_map_view_fail_callback");
    if (depth <= MAX_DEPTH) run_ops(byte() % 6);
    depth--;
    maps[s].callback_depth--;
}

static void d_release(void *u) {
    delegate_data *d = u;
    d->released++;
    if (d->released > 1) fail("release called twice", "release", NL_OK);
}
static void d_enable(void *u, nl_map_view *m, const nl_ui_state *n) { (void)u; callback_body(m, n, NULL, NULL); }
static void d_disable(void *u, nl_map_view *m, const nl_ui_state *o) { (void)u; callback_body(m, o, NULL, NULL); }
static void d_start(void *u, nl_map_view *m, const nl_ui_state *n, const nl_ui_state *o) { (void)u; callback_body(m, n, o, NULL); }
static void d_stop(void *u, nl_map_view *m, const nl_ui_state *n, const nl_ui_state *o) { (void)u; callback_body(m, n, o, NULL); }
static void d_size(void *u, nl_map_view *m, const nl_ui_state *n) { (void)u; callback_body(m, n, NULL, NULL); }
static void d_show(void *u, nl_map_view *m, nl_view *p) { (void)u; callback_body(m, NULL, NULL, p); }
static void d_hide(void *u, nl_map_view *m, nl_view *p) { (void)u; callback_body(m, NULL, NULL, p); }
static void d_change(void *u, nl_map_view *m, nl_view *n, nl_view *o) { (void)u; (void)o; callback_body(m, NULL, NULL, n); }

/* After a successful set_layout_delegate on slot s: the previous delegate was released once. */
static void replaced(int s, int next) {
    int prev = maps[s].delegate;
    if (prev) {
        if (delegates[prev - 1].released != 1) fail("replaced delegate not released once", "set_layout_delegate", NL_OK);
        delegates[prev - 1].in_use = 0;
    }
    maps[s].delegate = next;
}

static void set_delegate(int s) {
    nl_map_view *m = map_handle(s);
    uint8_t mode = byte();
    nl_status st;
    int i;
    if (mode < 40) {
        st = nl_map_view_set_layout_delegate(m, NULL);
        check_event(st, "set_layout_delegate(NULL)", s, m);
        if (st == NL_OK) replaced(s, 0);
        return;
    }
    for (i = 0; i < MAX_DELEGATES && delegates[i].in_use; i++) {}
    if (i == MAX_DELEGATES) return;
    {
        delegate_data *d = &delegates[i];
        nl_layout_delegate del;
        uint8_t f = byte();
        memset(&del, 0, sizeof del);
        del.struct_size = mode < 48 ? (uint32_t)byte() % sizeof del : (uint32_t)sizeof del;
        del.user_data = d;
        del.release = d_release;
        if (f & 1) del.enable_navigation_ui = d_enable;
        if (f & 2) del.disable_navigation_ui = d_disable;
        if (f & 4) del.start_guidance = d_start;
        if (f & 8) del.stop_guidance = d_stop;
        if (f & 16) del.size_changed = d_size;
        if (f & 32) del.show_prompt = d_show;
        if (f & 64) del.hide_prompt = d_hide;
        if (f & 128) del.change_prompt = d_change;
        d->in_use = 1;
        d->released = 0;
        d->map_index = s;
        d->flags = f;
        st = nl_map_view_set_layout_delegate(m, &del);
        check_event(st, "set_layout_delegate", s, m);
        if (st != NL_OK) {
            if (d->released) fail("refused delegate released", "set_layout_delegate", st);
            d->in_use = 0;
        } else {
            replaced(s, i + 1);
        }
    }
}

/* ---- animations ----------------------------------------------------------------------------- */

static void anim_changes(void *u) {
    anim_data *a = u;
    map_slot *m = &maps[a->map_index];
    m->callback_depth++;
    depth++;
    if (byte() < 30 && m->map) check(nl_map_view_fail_callback(m->map, "changes failed"), "fail_callback");
    if (depth <= MAX_DEPTH) run_ops(byte() % 5);
    depth--;
    m->callback_depth--;
}

static void anim_completion(void *u, bool finished) {
    anim_data *a = u;
    map_slot *m = &maps[a->map_index];
    (void)finished;
    a->completions++;
    if (a->completions > 1) fail("completion ran twice", "completion", NL_OK);
    if (!m->map) fail("completion after its map view was destroyed", "completion", NL_OK);
    m->callback_depth++;
    depth++;
    if (depth <= MAX_DEPTH) run_ops(byte() % 4);
    depth--;
    m->callback_depth--;
}

static void animate(int s) {
    int i;
    nl_map_view *m = map_handle(s);
    double secs = num();
    nl_curve curve = (nl_curve)(byte() % 3);
    nl_status st;
    for (i = 0; i < MAX_ANIMS && anims[i].in_use; i++) {}
    if (i == MAX_ANIMS) return;
    anims[i].in_use = 1;
    anims[i].map_index = s;
    anims[i].completions = 0;
    st = nl_map_view_animate(m, secs, curve, (byte() & 3) ? anim_changes : NULL,
                             (byte() & 3) ? anim_completion : NULL, &anims[i]);
    check_on(st, "nl_map_view_animate", m);
    if (maps[s].map != m) anims[i].map_index = s; /* foreign/stale: completion must not run */
}

/* ---- queries --------------------------------------------------------------------------------- */

static void finite_rect(nl_rect r, const char *what) {
    if (!isfinite(r.x) || !isfinite(r.y) || !isfinite(r.width) || !isfinite(r.height))
        fail("non-finite frame", what, NL_OK);
}

static void queries_answer(int s) {
    nl_map_view *m = maps[s].map;
    nl_ui_state_kind k;
    nl_size sz;
    nl_insets sa;
    nl_camera cam;
    nl_rect r;
    size_t n = 0, i;
    nl_status st;
    if (!m) return;
    if ((st = nl_map_view_navigation_state(m, &k)) != NL_OK) fail("query failed", "navigation_state", st);
    if ((st = nl_map_view_size(m, &sz)) != NL_OK) fail("query failed", "nl_map_view_size", st);
    if ((st = nl_map_view_safe_area(m, &sa)) != NL_OK) fail("query failed", "nl_map_view_safe_area", st);
    if ((st = nl_map_view_camera(m, &cam)) != NL_OK) fail("query failed", "nl_map_view_camera", st);
    finite_rect(cam.viewport, "camera viewport");
    if ((st = nl_view_frame(nl_map_view_root(m), &r)) != NL_OK) fail("query failed", "root frame", st);
    if ((st = nl_map_view_diagnostic_count(m, &n)) != NL_OK) fail("query failed", "diagnostic_count", st);
    for (i = 0; i < n && i < 3; i++) {
        nl_diagnostic d;
        memset(&d, 0, sizeof d);
        d.struct_size = sizeof d;
        if ((st = nl_map_view_diagnostic(m, i, &d)) != NL_OK) fail("query failed", "diagnostic", st);
        if (d.message == NULL || d.item_count > 4) fail("bad diagnostic", "diagnostic", st);
    }
}

static void query_view(int s) {
    nl_view *v = any_view(s);
    nl_rect r;
    nl_size sz;
    bool b;
    float p;
    nl_insets e;
    nl_view_kind kind;
    size_t n;
    char *str;
    nl_status st;
    st = nl_view_frame(v, &r);
    check_on(st, "nl_view_frame", v);
    st = nl_view_target_frame(v, &r);
    check_on(st, "nl_view_target_frame", v);
    if (st == NL_OK) finite_rect(r, "target frame");
    check_on(nl_view_intrinsic_size(v, &sz), "nl_view_intrinsic_size", v);
    check_on(nl_view_is_hidden(v, &b), "nl_view_is_hidden", v);
    check_on(nl_view_hugging_priority(v, (nl_axis)(byte() % 3), &p), "hugging_priority", v);
    check_on(nl_view_compression_priority(v, (nl_axis)(byte() % 3), &p), "compression_priority", v);
    check_on(nl_view_layout_margins(v, &e), "nl_view_layout_margins", v);
    check_on(nl_view_kind_of(v, &kind), "nl_view_kind_of", v);
    check_on(nl_view_subview_count(v, &n), "nl_view_subview_count", v);
    /* a NULL out-pointer may be reported before the handle is looked at */
    st = nl_view_is_hidden(v, NULL);
    check(st, "nl_view_is_hidden(NULL)");
    if (st != NL_ERR_INVALID_ARGUMENT && st != NL_ERR_INVALID_HANDLE) fail("NULL out-pointer accepted", "nl_view_is_hidden", st);
    (void)nl_view_superview(v);
    str = nl_view_identifier(v);
    nl_string_free(str);
    str = nl_view_role(v);
    nl_string_free(str);
    check_on(nl_hiding_stack_spacing(v, &r.x), "nl_hiding_stack_spacing", v);
    check_on(nl_hiding_stack_arranged_subview_count(v, &n), "arranged_subview_count", v);
    (void)nl_hiding_stack_arranged_subview(v, byte());
}

static void query_con(int s) {
    nl_constraint *c = any_con(s);
    float p;
    double d;
    bool b;
    char *str;
    check_on(nl_constraint_priority(c, &p), "nl_constraint_priority", c);
    check_on(nl_constraint_constant(c, &d), "nl_constraint_constant", c);
    check_on(nl_constraint_is_active(c, &b), "nl_constraint_is_active", c);
    str = nl_constraint_identifier(c);
    nl_string_free(str);
}

/* ---- one operation -------------------------------------------------------------------------- */

static void store_view(int s, nl_view *v) { if (v) maps[s].views[byte() % POOL] = v; }

static void destroy_map(int s) {
    nl_map_view *m = maps[s].map;
    nl_status st;
    int i;
    if (byte() < 16) m = maps[s].dead;
    st = nl_map_view_destroy(m);
    check_event(st, "nl_map_view_destroy", s, m);
    if (st == NL_OK && m == maps[s].map) {
        for (i = 0; i < MAX_DELEGATES; i++) {
            if (delegates[i].in_use && delegates[i].map_index == s) {
                if (delegates[i].released != 1) fail("delegate not released on destroy", "destroy", st);
                delegates[i].in_use = 0;
            }
        }
        for (i = 0; i < MAX_ANIMS; i++) if (anims[i].map_index == s) anims[i].in_use = 0;
        maps[s].dead = m;
        maps[s].map = NULL;
        mark_dead(m);
    } else if (st == NL_OK && m != NULL) {
        fail("destroyed a handle not known live", "nl_map_view_destroy", st);
    }
}

static void create_map(int s) {
    nl_map_view *m;
    static const char *presets[] = {"iphone-portrait", "iphone-landscape", "ipad-portrait",
                                    "ipad-landscape", "carplay", "nope", ""};
    uint8_t b = byte();
    if (maps[s].map) return;
    if (b < 128) {
        m = nl_map_view_create_preset(b < 120 ? presets[b % 7] : NULL);
    } else {
        nl_map_options o;
        memset(&o, 0, sizeof o);
        o.struct_size = b < 136 ? byte() : sizeof o;
        o.width = num();
        o.height = num();
        o.safe_area = insets();
        o.car_play = byte() < 30;
        o.layout_direction = (nl_layout_direction)(byte() % 3);
        o.shuffle_buttons = byte() & 1;
        m = nl_map_view_create(b < 140 ? NULL : &o);
    }
    check(m ? NL_OK : NL_ERR_INVALID_ARGUMENT, "nl_map_view_create");
    if (m) {
        memset(&maps[s], 0, sizeof maps[s]);
        maps[s].map = m;
    }
}

static void nav_event(int s) {
    nl_map_view *m = map_handle(s);
    uint8_t e = byte() % 12;
    nl_status st = NL_OK;
    switch (e) {
    case 0: st = nl_map_view_set_navigation_enabled(m, byte() & 1); break;
    case 1: st = nl_map_view_start_guidance(m); break;
    case 2: st = nl_map_view_stop_guidance(m); break;
    case 3: st = nl_map_view_trigger_prompt(m, (nl_prompt_kind)(byte() % 5)); break;
    case 4: st = nl_map_view_dismiss_prompt(m); break;
    case 5: st = nl_map_view_set_size(m, num(), num(), insets()); break;
    case 6: st = nl_map_view_set_speed_widget_mode(m, (nl_speed_widget_mode)(byte() % 5)); break;
    case 7: st = nl_map_view_pan(m); break;
    case 8: st = nl_map_view_recenter(m); break;
    case 9: st = nl_map_view_advance_time(m, num()); break;
    case 10: st = nl_map_view_set_incident_reporting_enabled(m, byte() & 1); check_on(st, "incident", m); return;
    default: st = nl_map_view_set_should_display_prompts(m, byte() & 1); check_on(st, "prompts", m); return;
    }
    check_event(st, "navigation event", s, m);
}

static void legacy(int s) {
    nl_map_view *m = map_handle(s);
    bool b;
    nl_view *v;
    nl_insets e;
    switch (byte() % 9) {
    case 0: check_on(nl_map_view_set_navigation_header_enabled(m, byte() & 1), "header", m); break;
    case 1: check_on(nl_map_view_set_navigation_footer_enabled(m, byte() & 1), "footer", m); break;
    case 2: check_on(nl_map_view_set_navigation_trip_progress_bar_enabled(m, byte() & 1), "tpb", m); break;
    case 3: check_on(nl_map_view_set_navigation_report_incident_button_enabled(m, byte() & 1), "rib", m); break;
    case 4: check_on(nl_map_view_set_compass_button_enabled(m, byte() & 1), "compass", m); break;
    case 5: check_on(nl_map_view_set_header_accessory_view(m, (byte() & 1) ? any_view(s) : NULL), "accessory", m); break;
    case 6: check_on(nl_map_view_set_padding(m, insets()), "padding", m); break;
    case 7: (void)nl_map_view_legacy_guide(m, (nl_legacy_guide)(byte() % 5)); break;
    default:
        check_on(nl_map_view_header_accessory_view(m, &v), "accessory?", m);
        check_on(nl_map_view_padding(m, &e), "padding?", m);
        check_on(nl_map_view_compass_button_enabled(m, &b), "compass?", m);
        check_on(nl_map_view_navigation_header_enabled(m, &b), "header?", m);
        check_on(nl_map_view_wide_mode(m, &b), "wide?", m);
        check_on(nl_map_view_showing_recenter_button(m, &b), "recenter?", m);
        break;
    }
}

static void one_op(void) {
    int s = pick_map();
    map_slot *ms = &maps[s];
    uint8_t raw = byte(), op = raw % 30;
    nl_status st;
    char buf[40];
    /* 230..239: the calls added after issue 8 (api_fuzzer_newer.c); 240..255: the raw solver
       (issue 17: the fuzzer covered map views only) and a second thread */
    if (raw >= 230 && raw < 240) {
        newer_op(s);
        return;
    }
    if (raw >= 240) {
        if (g_trace) fprintf(stderr, "op %s\n", raw >= 250 ? "thread" : "solver");
        if (raw >= 250) thread_op(); else solver_op();
        return;
    }
    if (g_trace) fprintf(stderr, "op %d on map slot %d\n", op, s);
    switch (op) {
    case 0: create_map(s); break;
    case 1: if (byte() < 64) destroy_map(s); break;
    case 2: store_view(s, nl_view_create(map_handle(s))); break;
    case 3: {
        int i = byte() % POOL;
        nl_view *v = (byte() & 1) ? ms->views[i] : any_view(s);
        st = nl_view_destroy(v);
        check_on(st, "nl_view_destroy", v);
        if (st == NL_OK) mark_dead(v);
        break;
    }
    case 4: { nl_guide *g = nl_guide_create(map_handle(s)); if (g) ms->guides[byte() % POOL] = g; break; }
    case 5: {
        nl_guide *g = any_guide(s);
        st = nl_guide_destroy(g);
        check_on(st, "nl_guide_destroy", g);
        if (st == NL_OK) mark_dead(g);
        break;
    }
    case 6: case 7: {
        nl_view *p = any_view(s), *c = any_view(s);
        st = nl_view_add_subview(p, c);
        check(st, "nl_view_add_subview");
        break;
    }
    case 8: { nl_view *v = any_view(s); check_on(nl_view_remove_from_superview(v), "remove_from_superview", v); break; }
    case 9: {
        nl_view *v = any_view(s);
        nl_guide *g = any_guide(s);
        st = (byte() & 1) ? nl_view_add_layout_guide(v, g) : nl_view_remove_layout_guide(v, g);
        check(st, "add/remove_layout_guide");
        break;
    }
    case 10: case 11: case 12: {
        nl_anchor a = any_anchor(s), b = any_anchor(s);
        nl_constraint *c = nl_constraint_create(map_handle(s), a, (nl_relation)(byte() % 4), b, num(), num());
        check(c ? NL_OK : NL_ERR_INVALID_ARGUMENT, "nl_constraint_create");
        if (c) ms->cons[byte() % POOL] = c;
        break;
    }
    case 13: {
        nl_anchor a = any_anchor(s);
        nl_constraint *c = nl_constraint_create_constant(map_handle(s), a, (nl_relation)(byte() % 4), num());
        if (c) ms->cons[byte() % POOL] = c;
        break;
    }
    case 14: case 15: {
        nl_constraint *c = any_con(s);
        switch (byte() % 4) {
        case 0: check_on(nl_constraint_activate(c), "nl_constraint_activate", c); break;
        case 1: check_on(nl_constraint_deactivate(c), "nl_constraint_deactivate", c); break;
        default: {
            nl_constraint *list[6];
            size_t n = byte() % 7, i;
            for (i = 0; i < n; i++) list[i] = any_con(s);
            st = (byte() & 1) ? nl_constraints_activate(n ? list : NULL, n)
                              : nl_constraints_deactivate(n ? list : NULL, n);
            check(st, "nl_constraints_(de)activate");
        }
        }
        break;
    }
    case 16: {
        nl_constraint *c = any_con(s);
        st = nl_constraint_destroy(c);
        check_on(st, "nl_constraint_destroy", c);
        if (st == NL_OK) mark_dead(c);
        break;
    }
    case 17: {
        nl_constraint *c = any_con(s);
        if (byte() & 1) check_on(nl_constraint_set_priority(c, prio()), "set_priority", c);
        else check_on(nl_constraint_set_constant(c, num()), "set_constant", c);
        break;
    }
    case 18: {
        nl_view *v = any_view(s);
        switch (byte() % 5) {
        case 0: check_on(nl_view_set_hidden(v, byte() & 1), "set_hidden", v); break;
        case 1: check_on(nl_view_set_intrinsic_size(v, num(), num()), "set_intrinsic_size", v); break;
        case 2: check_on(nl_view_set_hugging_priority(v, (nl_axis)(byte() % 3), prio()), "hugging", v); break;
        case 3: check_on(nl_view_set_compression_priority(v, (nl_axis)(byte() % 3), prio()), "compression", v); break;
        default: check_on(nl_view_set_layout_margins(v, insets()), "margins", v); break;
        }
        break;
    }
    case 19: {
        uint8_t b = byte();
        if (b < 60) {
            nl_view *v = nl_hiding_stack_create(map_handle(s), (nl_stack_position)(byte() % 4),
                                                (nl_stack_alignment)(byte() % 3));
            if (v) ms->stacks[byte() % 4] = v;
        } else if (b < 200) {
            nl_view *stack = any_view(s), *list[8];
            size_t n = byte() % 9, i;
            for (i = 0; i < n; i++) list[i] = any_view(s);
            check_on(nl_hiding_stack_set_arranged_subviews(stack, n ? list : NULL, n), "set_arranged", stack);
        } else {
            nl_view *stack = any_view(s);
            check_on(nl_hiding_stack_set_spacing(stack, num()), "set_spacing", stack);
        }
        break;
    }
    case 20: set_delegate(s); break;
    case 21: case 22: case 23: nav_event(s); break;
    case 24: animate(s); break;
    case 25: {
        nl_map_view *m = map_handle(s);
        check_on(nl_map_view_layout_if_needed(m), "layout_if_needed", m);
        break;
    }
    case 26: query_view(s); query_con(s); break;
    case 27: legacy(s); break;
    case 28: {
        uint8_t b = byte();
        fuzz_string(buf, sizeof buf);
        if (b < 90) { nl_view *v = any_view(s); check_on(nl_view_set_identifier(v, (b & 1) ? buf : NULL), "view id", v); }
        else if (b < 180) { nl_constraint *c = any_con(s); check_on(nl_constraint_set_identifier(c, buf), "con id", c); }
        else { nl_guide *g = any_guide(s); check_on(nl_guide_set_identifier(g, buf), "guide id", g); }
        break;
    }
    default: {
        uint8_t b = byte();
        nl_map_view *m = map_handle(s);
        if (b < 40) {
            st = nl_map_view_fail_callback(m, "x");
            check_on(st, "fail_callback", m);
            if (m && m == ms->map && ms->callback_depth == 0 && !any_in_callback() && st == NL_OK)
                fail("fail_callback outside a callback accepted", "fail_callback", st);
        } else if (b < 80) {
            if (saved_state && depth == 0) {
                nl_ui_state_kind k;
                st = nl_ui_state_kind_of(saved_state, &k);
                check(st, "stale ui_state");
                if (st != NL_ERR_INVALID_HANDLE && !any_in_callback())
                    fail("ui_state handle valid after its callback", "nl_ui_state_kind_of", st);
            }
        } else if (b < 120) {
            nl_view *p = any_view(s);
            nl_corner_mask mask;
            check_on(nl_prompt_set_rounded_corners(p, u32() & 31), "rounded_corners", p);
            check_on(nl_prompt_rounded_corners(p, &mask), "rounded_corners?", p);
        } else if (b < 124) {
            char *j = nl_map_view_snapshot_json(m);
            nl_string_free(j);
        } else if (b < 126) {
            char *j = nl_map_view_snapshot_svg(m);
            check_markup(j, "nl_map_view_snapshot_svg");
            nl_string_free(j);
        } else if (b < 200) {
            queries_answer(s);
        } else {
            /* a constraint of another map view used with this one */
            nl_view *v = any_view(s);
            nl_view *w = maps[(s + 1) % MAX_MAPS].views[byte() % POOL];
            check(nl_view_add_subview(v, w), "add_subview foreign");
        }
        break;
    }
    }
}

static void run_ops(int budget) {
    while (budget-- > 0 && ops_left-- > 0 && more()) {
        one_op();
        if (depth == 0) {
            int i;
            for (i = 0; i < MAX_MAPS; i++) queries_answer(i);
        }
    }
}

static void reset_world(void) {
    memset(maps, 0, sizeof maps);
    memset(delegates, 0, sizeof delegates);
    memset(anims, 0, sizeof anims);
    saved_state = NULL;
    depth = 0;
    dead_count = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int i;
    in_data = data;
    in_size = size;
    in_pos = 0;
    ops_left = MAX_OPS;
    if (g_trace < 0) g_trace = getenv("NL_FUZZ_TRACE") != NULL;
    reset_world();
    solver_reset_world();
    newer_reset_world();
    create_map(0);
    run_ops(MAX_OPS);
    solver_end_of_input();
    for (i = 0; i < MAX_MAPS; i++) {
        if (maps[i].map) {
            nl_status st = nl_map_view_destroy(maps[i].map);
            if (st != NL_OK) fail("final destroy", "nl_map_view_destroy", st);
            maps[i].map = NULL;
        }
    }
    for (i = 0; i < MAX_DELEGATES; i++) {
        if (delegates[i].in_use && delegates[i].released != 1)
            fail("delegate not released exactly once", "release", NL_OK);
    }
    return 0;
}

#ifdef NL_FUZZ_MAIN
/* Replays the given files (regression inputs) without libFuzzer. */
int main(int argc, char **argv) {
    int i;
    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        static uint8_t buf[1 << 20];
        size_t n;
        if (!f) { perror(argv[i]); return 2; }
        n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
    }
    printf("replayed %d inputs\n", argc - 1);
    return 0;
}
#endif
