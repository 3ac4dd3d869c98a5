/*
 * Issue 3 with custom delegates through the C ABI: legacy slot APIs ignored and reported
 * (docs/behaviour.md#built-in-layout-and-legacy-apis, docs/behaviour.md#diagnostics), shuffled buttons found by type (docs/behaviour.md#buttons), the wide example delegate across a
 * portrait -> landscape -> portrait rotation in active guidance, and the sample mirrored in
 * right-to-left layout (x' = W - x - w).
 *
 * iphone-portrait 393 x 852, S = (59, 0, 34, 0); iphone-landscape 852 x 393, S = (0, 59, 21, 59)
 * (docs/behaviour.md#device-presets). Sample frames: docs/behaviour.md#expected-frames (test_spec10.c has the arithmetic).
 */
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"
#include "wide_delegate.h"

#define FRAME(map, id, X, Y, W, H, why)                                                   \
    do {                                                                                  \
        nl_rect r_ = frame_of((map), (id));                                               \
        CHECK_RECT(r_, X, Y, W, H, id ": " why);                                          \
    } while (0)

static size_t legacy_diagnostics(nl_map_view *map) {
    size_t count = 0, i, n = 0;
    CHECK_OK(nl_map_view_diagnostic_count(map, &count));
    for (i = 0; i < count; i++) {
        nl_diagnostic d;
        memset(&d, 0, sizeof d);
        d.struct_size = sizeof d;
        if (nl_map_view_diagnostic(map, i, &d) == NL_OK && d.code == NL_DIAG_LEGACY_API_IGNORED) {
            CHECK(d.severity == NL_SEVERITY_WARNING, "legacyAPIIgnored is a warning");
            n++;
        }
    }
    return n;
}

static void test_legacy_ignored(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *accessory = nl_view_create(map);
    nl_insets pad = {10, 20, 30, 40}, got;
    layout_record before, after;
    nl_camera c;
    bool on = false;
    CHECK_OK(nl_view_set_intrinsic_size(accessory, NL_NO_INTRINSIC_METRIC, 40));
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK(legacy_diagnostics(map) == 0, "nothing used yet");
    record_layout(map, &before);

    CHECK_OK(nl_map_view_set_navigation_header_enabled(map, false));
    CHECK_OK(nl_map_view_set_navigation_header_enabled(map, false));   /* same API twice: one report */
    CHECK_OK(nl_map_view_set_navigation_footer_enabled(map, false));
    CHECK_OK(nl_map_view_set_navigation_trip_progress_bar_enabled(map, false));
    CHECK_OK(nl_map_view_set_navigation_report_incident_button_enabled(map, false));
    CHECK_OK(nl_map_view_set_header_accessory_view(map, accessory));
    CHECK_OK(nl_map_view_set_padding(map, pad));
    CHECK(nl_map_view_legacy_guide(map, NL_LEGACY_GUIDE_BOTTOM_TRAILING_BUTTONS) != NULL, "guide handle");

    record_layout(map, &after);
    CHECK(same_layout(&before, &after), "legacy APIs change nothing with a custom delegate");
    FRAME(map, "turnCard", 0, 0, 393, 163, "still there (docs/behaviour.md#expected-frames)");
    CHECK(find_view(map, "accessory") == NULL && nl_view_superview(accessory) == NULL, "accessory not placed");
    CHECK_OK(nl_map_view_camera(map, &c));
    CHECK(c.padding.top == 163 && c.padding.left == 0 && c.padding.bottom == 106 && c.padding.right == 0,
          "camera padding (%g, %g, %g, %g) = the (163, 0, 106, 0) of docs/behaviour.md#expected-frames, no legacy padding", c.padding.top,
          c.padding.left, c.padding.bottom, c.padding.right);
    CHECK_OK(nl_map_view_navigation_header_enabled(map, &on));
    CHECK(on, "the built-in setting is untouched");
    CHECK_OK(nl_map_view_padding(map, &got));
    CHECK(got.top == 0 && got.left == 0, "padding untouched");
    /* header, footer, trip bar, report button, accessory, padding, guide: 7 APIs, once each */
    CHECK(legacy_diagnostics(map) == 7, "7 legacyAPIIgnored, got %zu", legacy_diagnostics(map));
    /* Getters are not uses. */
    CHECK_OK(nl_map_view_navigation_footer_enabled(map, &on));
    CHECK(legacy_diagnostics(map) == 7, "getters are not reported");
    /* A transition starts a new count. */
    CHECK_OK(nl_map_view_stop_guidance(map));
    CHECK(legacy_diagnostics(map) == 0, "reported until the next transition only");
    CHECK_OK(nl_map_view_set_navigation_trip_progress_bar_enabled(map, true));
    CHECK(legacy_diagnostics(map) == 1, "a new use after the transition");
    nl_map_view_destroy(map);
}

/* shuffle_buttons: the state's buttons come shuffled with an extra unknown one (raw type 99);
 * both C examples arrange compass (bottom), reporting, then unknown types, found by type. */
static nl_map_view *shuffled(const char *preset, nl_status (*install)(nl_map_view *)) {
    nl_map_options o;
    nl_map_view *probe = nl_map_view_create_preset(preset);
    nl_size s;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    nl_map_view_size(probe, &s);
    nl_map_view_safe_area(probe, &o.safe_area);
    nl_map_view_destroy(probe);
    o.width = s.width;
    o.height = s.height;
    o.shuffle_buttons = true;
    {
        nl_map_view *map = nl_map_view_create(&o);
        CHECK(map != NULL, "create: %s", nl_last_error_message());
        CHECK_OK(install(map));
        CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
        return map;
    }
}

static void test_shuffled_buttons(void) {
    nl_map_view *map = shuffled("iphone-portrait", nl_sample_delegate_install);
    FRAME(map, "compass", 337, 762, 56, 56, "ready: stack bottom 818-56 whatever the order");
    FRAME(map, "unknownButton", 337, 698, 56, 56, "unknown type above: 762-8-56");
    CHECK_OK(nl_map_view_start_guidance(map));
    FRAME(map, "compass", 337, 690, 56, 56, "746-56 (docs/behaviour.md#expected-frames)");
    FRAME(map, "reporting", 337, 626, 56, 56, "690-64 (docs/behaviour.md#expected-frames)");
    FRAME(map, "unknownButton", 337, 562, 56, 56, "626-64");
    nl_map_view_destroy(map);

    map = shuffled("iphone-landscape", nl_wide_delegate_install);
    CHECK_OK(nl_map_view_start_guidance(map));
    FRAME(map, "compass", 737, 316, 56, 56, "wide: stack bottom 372-56, x 852-59-56");
    FRAME(map, "reporting", 737, 252, 56, 56, "316-64");
    FRAME(map, "unknownButton", 737, 188, 56, 56, "252-64");
    nl_map_view_destroy(map);
}

/* Active guidance on iphone-portrait (docs/behaviour.md#expected-frames). */
static void check_sample_active(nl_map_view *map, const char *when) {
    (void)when;
    FRAME(map, "turnCard", 0, 0, 393, 163, "docs/behaviour.md#expected-frames");
    FRAME(map, "etaCard", 0, 746, 393, 106, "docs/behaviour.md#expected-frames");
    FRAME(map, "buttonStack", 337, 163, 56, 583, "docs/behaviour.md#expected-frames");
    FRAME(map, "compass", 337, 690, 56, 56, "docs/behaviour.md#expected-frames");
    FRAME(map, "reporting", 337, 626, 56, 56, "docs/behaviour.md#expected-frames");
    FRAME(map, "googleLogo", 0, 714, 72, 32, "docs/behaviour.md#expected-frames");
    FRAME(map, "viewport", 0, 163, 393, 583, "docs/behaviour.md#expected-frames");
    CHECK(find_view(map, "orderStatus") == NULL, "%s: no order status in the standard variant", when);
}

/* The wide example in active guidance across portrait -> landscape -> portrait. Landscape
 * (852 x 393, S = (0, 59, 21, 59)): safe width 734, wide; wideCardWidth = min(360, 330.3) = 330.3. */
static void test_wide_rotation(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_insets portrait = {59, 0, 34, 0}, landscape = {0, 59, 21, 59};
    size_t count = 9;
    CHECK_OK(nl_wide_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    check_sample_active(map, "portrait");

    CHECK_OK(nl_map_view_set_size(map, 852, 393, landscape));
    FRAME(map, "turnCard", 59, 0, 330.3, 104, "safe leading 59, 330.3 x (0+104)");
    FRAME(map, "etaCard", 59, 300, 330.3, 93, "330.3 x (72+21), y 393-93");
    FRAME(map, "orderStatus", 397.3, 8, 387.7, 64, "x 59+330.3+8, to 852-59-8 = 785, y 0+8, h 64");
    FRAME(map, "viewport", 389.3, 80, 403.7, 292, "x 389.3 ... 793, y 8+64+8 ... 393-21 = 372");
    FRAME(map, "googleLogo", 389.3, 340, 72, 32, "viewport bottom-leading: 372-32");
    FRAME(map, "speedWidget", 67, 172, 64, 136, "ETA margins: x 59+8, bottom 300+8 = 308, y 308-136");
    FRAME(map, "tripProgressBar", 397.3, 88, 12, 244, "389.3+8, 80+8 ... 340-8 = 332");
    FRAME(map, "buttonStack", 737, 80, 56, 292, "x 852-59-56, viewport top 80 ... 372");
    FRAME(map, "compass", 737, 316, 56, 56, "372-56");
    FRAME(map, "reporting", 737, 252, 56, 56, "316-64");
    CHECK_OK(nl_map_view_diagnostic_count(map, &count));
    CHECK(count == 0, "landscape: %zu diagnostics", count);

    CHECK_OK(nl_map_view_set_size(map, 393, 852, portrait));
    check_sample_active(map, "back to portrait");
    CHECK(find_view(map, "speedWidget") == NULL && find_view(map, "tripProgressBar") == NULL,
          "the standard variant has no speed widget or trip bar");
    CHECK_OK(nl_map_view_diagnostic_count(map, &count));
    CHECK(count == 0, "portrait again: %zu diagnostics", count);

    /* A prompt shown during the rotation stays above the re-added cards. */
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    CHECK_OK(nl_map_view_set_size(map, 852, 393, landscape));
    {
        nl_view *root = nl_map_view_root(map);
        size_t n = 0;
        nl_view *last;
        char *id;
        nl_view_subview_count(root, &n);
        last = nl_view_subview(root, n - 1);
        id = nl_view_identifier(last);
        CHECK(id != NULL && strcmp(id, "incidentPrompt") == 0, "prompt on top after the switch, got %s", id ? id : "?");
        nl_string_free(id);
    }
    FRAME(map, "incidentPrompt", 59, 273, 480, 120, "min(734, 480) x 120 at the safe leading 59, y 393-120");
    FRAME(map, "viewport", 389.3, 80, 403.7, 193, "content bottom <= prompt top 273");
    nl_map_view_destroy(map);
}

/* The sample in right-to-left on iphone-portrait: every frame mirrors, x' = W - x - w. */
static void test_rtl_mirror(void) {
    nl_map_options o;
    nl_map_view *ltr = nl_map_view_create_preset("iphone-portrait"), *rtl;
    layout_record a, b;
    int step;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.width = 393;
    o.height = 852;
    o.safe_area.top = 59;
    o.safe_area.bottom = 34;
    o.layout_direction = NL_LAYOUT_DIRECTION_RIGHT_TO_LEFT;
    rtl = nl_map_view_create(&o);
    CHECK_OK(nl_sample_delegate_install(ltr));
    CHECK_OK(nl_sample_delegate_install(rtl));
    for (step = 0; step < 3; step++) {
        size_t i;
        nl_map_view *maps[2] = {ltr, rtl};
        int m;
        for (m = 0; m < 2; m++) {
            if (step == 0) CHECK_OK(nl_map_view_set_navigation_enabled(maps[m], true));
            if (step == 1) CHECK_OK(nl_map_view_start_guidance(maps[m]));
            if (step == 2) {
                CHECK_OK(nl_map_view_trigger_prompt(maps[m], NL_PROMPT_INCIDENT));
                CHECK_OK(nl_map_view_advance_time(maps[m], 0.4));
            }
        }
        record_layout(ltr, &a);
        record_layout(rtl, &b);
        CHECK(a.count == b.count && a.count >= 4, "step %d: %zu vs %zu views", step, a.count, b.count);
        for (i = 0; i < a.count && i < b.count; i++) {
            nl_rect l = a.frames[i], r = b.frames[i];
            CHECK(strcmp(a.ids[i], b.ids[i]) == 0, "same hierarchy");
            CHECK(check_close(r.x, 393 - l.x - l.width) && check_close(r.y, l.y) && check_close(r.width, l.width) &&
                      check_close(r.height, l.height),
                  "step %d %s: RTL (%g, %g, %g, %g), LTR (%g, %g, %g, %g): x' = 393 - x - w", step, a.ids[i], r.x,
                  r.y, r.width, r.height, l.x, l.y, l.width, l.height);
        }
    }
    FRAME(rtl, "compass", 0, 676, 56, 56, "x 393-337-56 = 0; prompt shown: y 676 (docs/behaviour.md#expected-frames)");
    FRAME(rtl, "googleLogo", 321, 700, 72, 32, "393-0-72 = 321; prompt shown: y 700 (docs/behaviour.md#expected-frames)");
    nl_map_view_destroy(ltr);
    nl_map_view_destroy(rtl);
}

int main(void) {
    test_legacy_ignored();
    test_shuffled_buttons();
    test_wide_rotation();
    test_rtl_mirror();
    return check_summary("test_delegates_issue3");
}
