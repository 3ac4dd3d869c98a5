/*
 * The API fuzzer's operations on the calls added after issue 8 (issue 17: "extend the API fuzzer
 * so the class is covered from now on" — the header had grown by 68 functions the fuzzer never
 * called): z-order (insert at/above/below, bring to front, send to back, exchange), view flags
 * (opaque, margins from the safe area, safe-area insets), accessibility (labels, elements, traits,
 * the map view's element order), speed data and the speed-widget settings, the legacy settings'
 * getters, padding adjustment, the accessory-view invalidation, constraint and guide queries,
 * constraints affecting layout, scripted sessions with an observer and their viewer pages, the
 * size sweep (with a delegate factory or a sampler, valid and invalid options) and its text, page
 * and band viewer page, snapshot comparison and the diff page, the process-wide diagnostic handler
 * (with and without a minimum-severity function), and the small helpers (version, strengths,
 * style values, string duplication).
 *
 * Checks, besides api_fuzzer.c's (a documented status, stale handles refused, events inside a
 * map view's own callback refused):
 *   - every SVG and HTML output is well-formed text whatever the identifiers and titles (valid
 *     UTF-8, no C0 control character but tab, newline, carriage return: issue 17, item 3);
 *   - the diagnostic handler is called on the fuzzing thread only for live map views of the
 *     input, with a message and log line, and an event from inside it is NL_ERR_REENTRANT;
 *   - a sweep's delegate factory and sampler run on any thread and never touch the input (so a
 *     finding replays); a sweep with valid options returns a result its text and page accept.
 */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_fuzzer.h"

static pthread_t fuzz_thread;
static int handler_calls;

/* ---- the markup check ------------------------------------------------------------------------ */

void check_markup(const char *text, const char *what) {
    const unsigned char *p = (const unsigned char *)text;
    if (text == NULL) return;
    while (*p) {
        unsigned char c = *p;
        int n, i;
        unsigned int cp;
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') fail("control character in markup", what, NL_OK);
        if (c < 0x80) { p++; continue; }
        if (c >= 0xC2 && c <= 0xDF) { n = 1; cp = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { n = 2; cp = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { n = 3; cp = c & 0x07; }
        else { fail("invalid UTF-8 lead byte in markup", what, NL_OK); return; }
        for (i = 1; i <= n; i++) {
            if ((p[i] & 0xC0) != 0x80) fail("truncated UTF-8 sequence in markup", what, NL_OK);
            cp = (cp << 6) | (p[i] & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
            fail("overlong or surrogate UTF-8 in markup", what, NL_OK);
        if (cp == 0xFFFE || cp == 0xFFFF) fail("noncharacter in markup", what, NL_OK);
        p += n + 1;
    }
}

/* check_on / check_event for calls that take argument values: an invalid argument may be
   reported before the handle or the callback guard is looked at (nothing changes either way; the
   header orders neither), so NL_ERR_INVALID_ARGUMENT is only checked for being documented. A
   stale handle that is accepted (NL_OK) or an event run inside its own callback is still a
   finding. (The first long run stopped on nl_map_view_sweep_sample(map, NULL) from inside a
   callback of map: NL_ERR_INVALID_ARGUMENT for the NULL out-pointer, not NL_ERR_REENTRANT.) */
static void check_arg_on(nl_status st, const char *call, const void *h) {
    if (st == NL_ERR_INVALID_ARGUMENT) check(st, call);
    else check_on(st, call, h);
}

static void check_arg_event(nl_status st, const char *call, int s, nl_map_view *m) {
    if (st == NL_ERR_INVALID_ARGUMENT) check(st, call);
    else check_event(st, call, s, m);
}

static void take_markup(char *text, const char *what) {
    check_markup(text, what);
    nl_string_free(text);
}

/* ---- the diagnostic handler ----------------------------------------------------------------- */

static void handler(void *user_data, nl_map_view *map, const nl_diagnostic *d) {
    (void)user_data;
    if (d == NULL || d->message == NULL || d->log_line == NULL) fail("diagnostic without message", "handler", NL_OK);
    if (d->item_count > 4) fail("diagnostic with more than 4 items", "handler", NL_OK);
    if (!pthread_equal(pthread_self(), fuzz_thread)) return;  /* a sweep's thread: nothing of the input */
    handler_calls++;
    {
        int s = slot_of(map);
        nl_rect r;
        nl_status st;
        if (s < 0) fail("diagnostic handler called for a map view not live", "handler", NL_OK);
        st = nl_map_view_start_guidance(map);
        if (st != NL_ERR_REENTRANT) fail("event from the diagnostic handler not refused", "start_guidance", st);
        st = nl_map_view_destroy(map);
        if (st != NL_ERR_REENTRANT) fail("destroy from the diagnostic handler not refused", "nl_map_view_destroy", st);
        st = nl_view_frame(nl_map_view_root(map), &r);
        if (st != NL_OK) fail("frame read from the diagnostic handler refused", "nl_view_frame", st);
    }
}

static int32_t minimum_answer;
static int32_t minimum(void *user_data, nl_map_view *map) {
    (void)user_data; (void)map;
    return minimum_answer;
}

void newer_reset_world(void) {
    fuzz_thread = pthread_self();
    handler_calls = 0;
    nl_set_diagnostic_handler(NULL, NULL);
}

static void set_handler(void) {
    uint8_t b = byte();
    if (b < 40) nl_set_diagnostic_handler(NULL, NULL);
    else if (b < 120) nl_set_diagnostic_handler(handler, NULL);
    else {
        minimum_answer = (int32_t)(int8_t)byte() % 6;  /* -5 ... 5: below 0 and above 3 too */
        nl_set_diagnostic_handler_with_minimum(handler, (b & 1) ? minimum : NULL, NULL);
    }
}

/* ---- views: z-order, flags, accessibility --------------------------------------------------- */

static void z_order(int s) {
    nl_view *p = any_view(s), *c = any_view(s), *sib = any_view(s);
    switch (byte() % 6) {
    case 0: check(nl_view_insert_subview_at(p, c, byte() % 12), "insert_subview_at"); break;
    case 1: check(nl_view_insert_subview_above(p, c, sib), "insert_subview_above"); break;
    case 2: check(nl_view_insert_subview_below(p, c, sib), "insert_subview_below"); break;
    case 3: check(nl_view_bring_subview_to_front(p, c), "bring_subview_to_front"); break;
    case 4: check(nl_view_send_subview_to_back(p, c), "send_subview_to_back"); break;
    default: {
        size_t i = byte() % 10, j = (byte() & 1) ? (size_t)-1 : byte() % 10;
        check_arg_on(nl_view_exchange_subviews(p, i, j), "exchange_subviews", p);
    }
    }
}

static void view_flags(int s) {
    nl_view *v = any_view(s);
    char buf[40];
    bool b;
    nl_insets e;
    nl_accessibility_traits t;
    switch (byte() % 8) {
    case 0: check_arg_on(nl_view_set_opaque(v, byte() & 1), "set_opaque", v); break;
    case 1: check_arg_on(nl_view_set_insets_layout_margins_from_safe_area(v, byte() & 1), "set_insets_from_safe_area", v); break;
    case 2: check_arg_on(nl_view_set_accessibility_label(v, (byte() & 1) ? fuzz_string(buf, sizeof buf) : NULL), "set_a11y_label", v); break;
    case 3: check_arg_on(nl_view_set_accessibility_element(v, byte() & 1), "set_a11y_element", v); break;
    case 4: check_arg_on(nl_view_set_accessibility_traits(v, (byte() < 200) ? (u32() & 1023) : u32() | ((uint64_t)u32() << 32)), "set_traits", v); break;
    default:
        check_arg_on(nl_view_is_opaque(v, &b), "is_opaque", v);
        check_arg_on(nl_view_insets_layout_margins_from_safe_area(v, &b), "insets_from_safe_area", v);
        check_arg_on(nl_view_safe_area_insets(v, &e), "safe_area_insets", v);
        check_arg_on(nl_view_is_accessibility_element(v, &b), "is_a11y_element", v);
        check_arg_on(nl_view_accessibility_traits(v, &t), "a11y_traits", v);
        if (nl_view_accessibility_traits(v, &t) == NL_OK && (t & ~(nl_accessibility_traits)1023) != 0)
            fail("traits outside NL_ACCESSIBILITY_TRAITS_ALL", "nl_view_accessibility_traits", NL_OK);
        nl_string_free(nl_view_accessibility_label(v));
        check(nl_view_safe_area_insets(v, NULL), "safe_area_insets(NULL)");
        break;
    }
}

static void accessibility_order(int s) {
    nl_map_view *m = map_handle(s);
    nl_view *list[6];
    size_t n = byte() % 7, i, count = 0;
    bool b;
    if (byte() < 200) {
        for (i = 0; i < n; i++) list[i] = any_view(s);
        check_arg_on(nl_map_view_set_accessibility_elements(m, (n || byte() < 20) ? list : NULL, n), "set_a11y_elements", m);
    }
    check_arg_on(nl_map_view_has_custom_accessibility_elements(m, &b), "has_custom_a11y", m);
    if (nl_map_view_accessibility_element_count(m, &count) == NL_OK) {
        for (i = 0; i <= count && i < 12; i++) {
            nl_view *v = nl_map_view_accessibility_element(m, i);
            if ((v == NULL) != (i == count)) fail("element count and elements disagree", "accessibility_element", nl_last_error_status());
        }
        if (nl_map_view_accessibility_element(m, SIZE_MAX - byte() % 4) != NULL)
            fail("an element at an index beyond 2^63", "accessibility_element", NL_OK);
    }
}

/* ---- map-view settings and their getters ---------------------------------------------------- */

static void settings(int s) {
    nl_map_view *m = map_handle(s);
    bool b, b2;
    nl_layout_direction dir;
    nl_padding_adjustment_behavior pab;
    nl_speed_widget_mode mode;
    switch (byte() % 8) {
    case 0: check_arg_on(nl_map_view_set_speed_data(m, byte() & 1, byte() & 1), "set_speed_data", m); break;
    case 1: check_arg_on(nl_map_view_set_should_display_speed_limit(m, byte() & 1), "speed_limit", m); break;
    case 2: check_arg_on(nl_map_view_set_should_display_speedometer(m, byte() & 1), "speedometer", m); break;
    case 3: check_arg_on(nl_map_view_set_recenter_button_enabled(m, byte() & 1), "recenter_enabled", m); break;
    case 4: check_arg_on(nl_map_view_set_padding_adjustment_behavior(m, (nl_padding_adjustment_behavior)((int)byte() - 1)), "padding_adjustment", m); break;
    case 5: check_arg_on(nl_map_view_invalidate_layout_for_accessory_view(m, any_view(s)), "invalidate_accessory", m); break;
    default:
        check_arg_on(nl_map_view_speed_data(m, &b, &b2), "speed_data?", m);
        check_arg_on(nl_map_view_should_display_speed_limit(m, &b), "speed_limit?", m);
        check_arg_on(nl_map_view_should_display_speedometer(m, &b), "speedometer?", m);
        check_arg_on(nl_map_view_should_display_prompts(m, &b), "prompts?", m);
        check_arg_on(nl_map_view_incident_reporting_enabled(m, &b), "incident?", m);
        check_arg_on(nl_map_view_recenter_button_enabled(m, &b), "recenter_enabled?", m);
        check_arg_on(nl_map_view_navigation_footer_enabled(m, &b), "footer?", m);
        check_arg_on(nl_map_view_navigation_trip_progress_bar_enabled(m, &b), "tpb?", m);
        check_arg_on(nl_map_view_navigation_report_incident_button_enabled(m, &b), "rib?", m);
        check_arg_on(nl_map_view_padding_adjustment_behavior(m, &pab), "padding_adjustment?", m);
        check_arg_on(nl_map_view_speed_widget_mode(m, &mode), "speed_widget_mode?", m);
        check_arg_on(nl_map_view_car_play(m, &b), "car_play?", m);
        check_arg_on(nl_map_view_layout_direction(m, &dir), "layout_direction?", m);
        check_arg_on(nl_map_view_destroying(m, &b), "destroying?", m);
        if (m == map_of_slot(s) && m != NULL && nl_map_view_destroying(m, &b) == NL_OK && b)
            fail("a live map view outside its destruction says it is being destroyed", "nl_map_view_destroying", NL_OK);
        break;
    }
}

/* ---- constraint and guide queries ------------------------------------------------------------ */

static void affecting(int s) {
    /* Room for 6 entries at any stride a host may pass (struct_size up to 255): the library
     * writes entry i at i × struct_size, so the entries are read back at that stride too (until
     * 2026-12-02 they were read as out[i]: with an accepted larger struct_size such as 240,
     * entry 1 was read where nothing had been written and reported "without identifier"). */
    union { nl_constraint_info info; unsigned char bytes[6 * 256]; } buffer;
    nl_constraint_info *out = &buffer.info;
    size_t cap = byte() % 7, count = 0, i, stride;
    int huge = byte() >= 240;  /* SIZE_MAX with a NULL out: refused (it trapped in prefix(-1)) */
    nl_axis axis = (nl_axis)(byte() % 4);
    nl_status st;
    memset(&buffer, 0, sizeof buffer);
    out[0].struct_size = byte() < 230 ? (uint32_t)sizeof out[0] : byte();
    stride = out[0].struct_size;
    if (byte() & 1) {
        nl_view *v = any_view(s);
        st = huge ? nl_view_constraints_affecting_layout(v, axis, NULL, SIZE_MAX, &count)
                  : nl_view_constraints_affecting_layout(v, axis, cap || byte() < 200 ? out : NULL, cap, byte() < 250 ? &count : NULL);
        check_arg_on(st, "view_constraints_affecting_layout", v);
    } else {
        nl_guide *g = any_guide(s);
        st = huge ? nl_guide_constraints_affecting_layout(g, axis, NULL, SIZE_MAX, &count)
                  : nl_guide_constraints_affecting_layout(g, axis, cap || byte() < 200 ? out : NULL, cap, byte() < 250 ? &count : NULL);
        check_arg_on(st, "guide_constraints_affecting_layout", g);
    }
    if (huge && st == NL_OK) fail("NULL out with capacity SIZE_MAX accepted", "constraints_affecting_layout", st);
    if (st != NL_OK) return;
    for (i = 0; i < count && i < cap; i++) {
        const nl_constraint_info *e = (const nl_constraint_info *)(const void *)(buffer.bytes + i * stride);
        if (e->identifier == NULL) fail("constraint info without identifier", "constraints_affecting_layout", st);
        if (!isfinite(e->multiplier) || !isfinite(e->constant) || !(e->priority >= 1 && e->priority <= 1000))
            fail("constraint info with a bad number", "constraints_affecting_layout", st);
    }
}

static void queries(int s) {
    nl_constraint *c = any_con(s);
    nl_guide *g = any_guide(s);
    nl_view *v = any_view(s);
    nl_anchor a;
    double d;
    nl_relation r;
    nl_rect rect;
    nl_stack_position pos;
    nl_stack_alignment al;
    check_arg_on(nl_constraint_first_anchor(c, &a), "first_anchor", c);
    check_arg_on(nl_constraint_second_anchor(c, &a), "second_anchor", c);
    check_arg_on(nl_constraint_multiplier(c, &d), "multiplier", c);
    check_arg_on(nl_constraint_relation(c, &r), "relation", c);
    check_arg_on(nl_guide_frame(g, &rect), "guide_frame", g);
    nl_string_free(nl_guide_identifier(g));
    check_arg_on(nl_hiding_stack_position(v, &pos), "stack_position", v);
    check_arg_on(nl_hiding_stack_alignment(v, &al), "stack_alignment", v);
}

/* ---- sessions, pages and snapshots ---------------------------------------------------------- */

typedef struct observer_data {
    int stop_at;     /* the step at which to stop (-1: never) */
    int steps;
} observer_data;

static int observer(void *user_data, nl_map_view *map, size_t step, const char *name, const char *failures) {
    observer_data *o = user_data;
    if (name == NULL || failures == NULL) fail("observer without step name or failures", "run_session", NL_OK);
    if ((size_t)o->steps != step) fail("observer steps out of order", "run_session", NL_OK);
    o->steps++;
    callback_body(map, NULL, NULL, NULL);  /* nested calls; events refused; maybe fail_callback */
    return (int)step == o->stop_at;
}

static void session(int s) {
    nl_map_view *m = map_handle(s);
    nl_session_options o;
    observer_data od;
    char title[40], *rec = NULL, *page;
    nl_status st;
    static const char *presets[] = {"iphone-portrait", "iphone-landscape", "ipad-portrait", "nope", NULL};
    memset(&o, 0, sizeof o);
    o.struct_size = byte() < 240 ? (uint32_t)sizeof o : byte();
    o.script = (nl_session_script)(byte() % 3);
    o.preset = presets[byte() % 5];
    o.title = (byte() & 1) ? fuzz_string(title, sizeof title) : NULL;
    od.stop_at = byte() < 200 ? -1 : byte() % 20;
    od.steps = 0;
    int record = byte() & 1;
    st = nl_map_view_run_session(m, byte() < 240 ? &o : NULL, (byte() & 1) ? observer : NULL, &od, record ? &rec : NULL);
    check_arg_event(st, "nl_map_view_run_session", s, m);
    if (record && (st == NL_OK) != (rec != NULL)) fail("recording and status disagree", "nl_map_view_run_session", st);
    if (rec == NULL) {
        char junk[40];
        take_markup(nl_viewer_page(fuzz_string(junk, sizeof junk), fuzz_string(title, sizeof title)), "nl_viewer_page(junk)");
        return;
    }
    if (st != NL_OK) fail("a recording written by a failed session", "nl_map_view_run_session", st);
    page = nl_viewer_page(rec, (byte() & 1) ? fuzz_string(title, sizeof title) : NULL);
    if (page == NULL) fail("no viewer page for a recording", "nl_viewer_page", nl_last_error_status());
    take_markup(page, "nl_viewer_page");
    nl_string_free(rec);
}

static void snapshots(int s) {
    nl_map_view *m = map_handle(s);
    char title[40], *svg, *json, *table = NULL;
    bool matches;
    nl_status st;
    svg = nl_map_view_snapshot_svg_titled(m, (byte() & 1) ? fuzz_string(title, sizeof title) : NULL);
    json = nl_map_view_snapshot_json(m);
    check_markup(svg, "nl_map_view_snapshot_svg_titled");
    if (svg && json) {
        /* a changed layout (maybe) against the snapshot just taken */
        char *json2, *svg2;
        if (byte() & 1) check_arg_on(nl_map_view_set_size(m, num(), num(), insets()), "set_size", m);
        json2 = nl_map_view_snapshot_json(m);
        svg2 = nl_map_view_snapshot_svg(m);
        if (json2 && svg2) {
            double tol = (byte() < 200) ? 0.001 : num();
            st = nl_snapshot_compare(json, json2, tol, &matches, (byte() & 1) ? &table : NULL);
            check(st, "nl_snapshot_compare");
            nl_string_free(table);
            take_markup(nl_snapshot_diff_page(json, svg, json2, svg2, tol, (byte() & 1) ? fuzz_string(title, sizeof title) : NULL),
                        "nl_snapshot_diff_page");
        }
        nl_string_free(json2);
        nl_string_free(svg2);
    } else {
        char junk[40];
        st = nl_snapshot_compare(fuzz_string(junk, sizeof junk), json, num(), &matches, &table);
        check(st, "nl_snapshot_compare(junk)");
        nl_string_free(table);
        take_markup(nl_snapshot_diff_page(junk, junk, junk, junk, 0.001, NULL), "nl_snapshot_diff_page(junk)");
    }
    nl_string_free(svg);
    nl_string_free(json);
}

/* ---- the size sweep ------------------------------------------------------------------------- */

/* Never touches the input: it runs on the sweep's threads. */
typedef struct sweep_data {
    int mode;          /* factory: 0 built-in layout, 1 fail below a width, 2 a delegate whose
                          enable callback fails; sampler: 0 sample, 1 failure, 2 stop */
    double threshold;
    nl_insets safe_area;
    nl_layout_direction layout_direction;
    int calls;         /* atomic */
} sweep_data;

static void failing_enable(void *u, nl_map_view *m, const nl_ui_state *n) {
    (void)u; (void)n;
    (void)nl_map_view_fail_callback(m, "fuzz delegate: enable failed\x01<&]]>");
}

static int factory(void *user_data, nl_map_view *map) {
    sweep_data *d = user_data;
    nl_size sz;
    __atomic_fetch_add(&d->calls, 1, __ATOMIC_RELAXED);
    if (nl_map_view_size(map, &sz) != NL_OK) return 1;
    if (d->mode == 1) return sz.width < d->threshold;
    if (d->mode == 2 && sz.width < d->threshold) {
        nl_layout_delegate del;
        memset(&del, 0, sizeof del);
        del.struct_size = sizeof del;
        del.enable_navigation_ui = failing_enable;
        return nl_map_view_set_layout_delegate(map, &del) != NL_OK;
    }
    return 0;
}

static int sampler(void *user_data, double width, double height, char **out) {
    sweep_data *d = user_data;
    int n = __atomic_fetch_add(&d->calls, 1, __ATOMIC_RELAXED);
    nl_map_options o;
    nl_map_view *m;
    nl_status st;
    if (d->mode == 1 && width < d->threshold) { *out = nl_string_duplicate("no delegate\x02 at this size"); return 1; }
    if (d->mode == 2 && n >= 2) { *out = (n & 1) ? nl_string_duplicate("sampler stopped") : NULL; return 2; }
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.width = width;
    o.height = height;
    o.safe_area = d->safe_area;
    o.layout_direction = d->layout_direction;
    m = nl_map_view_create(&o);
    if (m == NULL) return 2;
    st = nl_map_view_sweep_sample(m, out);
    (void)nl_map_view_destroy(m);
    return st == NL_OK ? 0 : 2;
}

static void sweep(int s) {
    nl_sweep_options o;
    sweep_data d;
    char title[40], *result = NULL;
    nl_status st;
    uint8_t b = byte();
    memset(&o, 0, sizeof o);
    memset(&d, 0, sizeof d);
    o.struct_size = sizeof o;
    o.axis = (nl_sweep_axis)(byte() & 1);
    /* a short range (at most 12 pt, sampled every 6 or 12 pt): at most a few bisections of a few
       sessions each, so that a sweep stays well inside the fuzzer's 10 s timeout under ASan */
    o.start = 280.0 + byte() * 2.0;
    o.stop = o.start + 1.0 + byte() % 12;
    o.fixed = o.axis == NL_SWEEP_WIDTH ? 852.0 : 393.0;
    o.sample_step = (byte() & 1) ? 6.0 : 12.0;
    o.threads = byte() % 3;
    o.layout_direction = (nl_layout_direction)(byte() % 2);
    if (byte() & 1) { o.safe_area.top = 59; o.safe_area.bottom = 34; }
    o.title = (byte() & 1) ? fuzz_string(title, sizeof title) : NULL;
    d.mode = byte() % 3;
    d.threshold = o.start + (o.stop - o.start) / 2;
    d.safe_area = o.safe_area;
    d.layout_direction = o.layout_direction;
    if (b < 100) {
        /* one invalid field: nothing may run */
        static const double bad[] = {NAN, INFINITY, -1.0, 100001.0, -INFINITY};
        double v = bad[byte() % 5];
        switch (byte() % 9) {
        case 0: o.start = v; break;
        case 1: o.stop = (byte() & 1) ? v : o.start; break;
        case 2: o.fixed = v; break;
        case 3: o.safe_area.left = (byte() & 1) ? v : 1e5; break;
        case 4: o.sample_step = (byte() & 1) ? NAN : -1.0; break;
        case 5: o.threads = 257 + byte(); break;
        case 6: o.axis = (nl_sweep_axis)(2 + byte()); break;
        case 7: o.layout_direction = (nl_layout_direction)(3 + byte()); break;
        default: o.struct_size = byte() % sizeof o; break;
        }
        st = (byte() & 1) ? nl_sweep(&o, factory, &d, &result) : nl_sweep_with_sampler(&o, sampler, &d, &result);
        check(st, "nl_sweep(invalid)");
        if (st != NL_ERR_INVALID_ARGUMENT || result != NULL) fail("invalid sweep options accepted", "nl_sweep", st);
        if (d.calls != 0) fail("a refused sweep ran", "nl_sweep", st);
        st = nl_sweep(b < 10 ? NULL : &o, NULL, NULL, b < 20 ? NULL : &result);
        if (st != NL_ERR_INVALID_ARGUMENT) fail("invalid sweep accepted", "nl_sweep", st);
        return;
    }
    if (b < 230) st = nl_sweep(&o, (b & 1) ? factory : NULL, &d, &result);
    else st = nl_sweep_with_sampler(&o, sampler, &d, &result);
    check(st, "nl_sweep");
    if (st == NL_OK) {
        char *text, *page, *band_page = NULL;
        nl_map_view *m = map_handle(s);
        if (result == NULL) fail("sweep without a result", "nl_sweep", st);
        text = nl_sweep_text(result);
        page = nl_sweep_page(result, (byte() & 1) ? fuzz_string(title, sizeof title) : NULL);
        if (text == NULL || page == NULL) fail("a sweep's own result refused", "nl_sweep_text/page", nl_last_error_status());
        nl_string_free(text);
        take_markup(page, "nl_sweep_page");
        /* the band's viewer page on one of the input's map views: refused unless it has the
           band's midpoint size, which the fuzzer rarely makes — the refusals are what it checks */
        st = nl_map_view_sweep_viewer_page(m, result, byte() < 240 ? byte() % 3 : SIZE_MAX - byte(), &band_page);
        check_arg_event(st, "nl_map_view_sweep_viewer_page", s, m);
        take_markup(band_page, "nl_map_view_sweep_viewer_page");
    } else if (st != NL_ERR_CALLBACK_FAILED || d.mode != 2 || b < 230) {
        fail("a valid sweep failed", "nl_sweep", st);
    }
    nl_string_free(result);
}

static void sweep_sample(int s) {
    nl_map_view *m = map_handle(s);
    char *sample = NULL, junk[40];
    int null_out = byte() >= 240;
    nl_status st = nl_map_view_sweep_sample(m, null_out ? NULL : &sample);
    check_arg_event(st, "nl_map_view_sweep_sample", s, m);
    if (null_out && st != NL_ERR_INVALID_ARGUMENT && st != NL_ERR_INVALID_HANDLE && st != NL_ERR_REENTRANT)
        fail("NULL out_sample accepted", "nl_map_view_sweep_sample", st);
    nl_string_free(sample);
    fuzz_string(junk, sizeof junk);
    nl_string_free(nl_sweep_text(junk));
    take_markup(nl_sweep_page(junk, junk), "nl_sweep_page(junk)");
}

/* ---- helpers -------------------------------------------------------------------------------- */

static void helpers(void) {
    char buf[40], *copy;
    nl_style_values sv = nl_navigation_style_values();
    double p = num(), strength = nl_strength_from_priority(p);
    if (nl_version() == NULL) fail("no version", "nl_version", NL_OK);
    if (!(sv.header_nominal_height > 0)) fail("style values", "nl_navigation_style_values", NL_OK);
    if (p >= 1 && p <= 1000 && !(strength > 0)) fail("no strength for a priority", "nl_strength_from_priority", NL_OK);
    copy = nl_string_duplicate((byte() & 1) ? fuzz_string(buf, sizeof buf) : NULL);
    if (copy && strcmp(copy, buf) != 0) fail("duplicate differs", "nl_string_duplicate", NL_OK);
    nl_string_free(copy);
}

void newer_op(int s) {
    uint8_t b = byte();
    if (g_trace) fprintf(stderr, "newer op %d on map slot %d\n", b % 16, s);
    switch (b % 16) {
    case 0: case 1: z_order(s); break;
    case 2: case 3: view_flags(s); break;
    case 4: accessibility_order(s); break;
    case 5: case 6: settings(s); break;
    case 7: affecting(s); break;
    case 8: queries(s); break;
    case 9: set_handler(); break;
    case 10: if (byte() < 64) session(s); else snapshots(s); break;
    case 11: snapshots(s); break;
    case 12: if (byte() < 32) sweep(s); else sweep_sample(s); break;
    case 13: helpers(); break;
    default: queries(s); affecting(s); break;
    }
}
