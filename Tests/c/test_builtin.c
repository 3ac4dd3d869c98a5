/*
 * Issue 3 through the C ABI: the built-in layout (docs/behaviour.md#built-in-layout) on four presets, the legacy slot
 * settings and guides honoured by it, the compass rule (docs/behaviour.md#compass-rule), runtime-sized components (speed
 * widget modes, logo <-> re-center), incident reporting, suppressed prompts, and the getters.
 *
 * Sizes (docs/behaviour.md#component-sizes): logo 72 x 32 (re-center 136 x 48), buttons 56 x 56, speed widget both 64 x 136,
 * one reading 64 x 64, none 0 x 0; trip progress bar width 12; turn card standard
 * (W - S.l - S.r) x (S.top + 104), wide wideCardWidth x (S.top + 104); ETA card standard W x
 * (72 + S.bottom), wide wideCardWidth x (72 + S.bottom); wideCardWidth = min(360, safe width x 0.45);
 * wide mode when the safe width >= 600.
 * The built-in layout (docs/behaviour.md#built-in-layout, BuiltInLayout.swift): content top = turn card bottom (standard) or
 * the safe-area top (no header, or wide); content bottom = min(safe-area bottom, ETA card top) in
 * standard, the safe-area bottom in wide; viewport, logo, speed widget, trip progress bar in the
 * column from the safe-area leading edge (standard) or the cards' trailing edge (wide); logo on the
 * content bottom, speed widget on the logo, trip bar from content top + 8 to speed widget top - 8;
 * a bottom-packed trailing stack [compass, reporting] (spacing 8) from content top (standard) or
 * the safe-area top (wide) down to the content bottom.
 */
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

static nl_map_view *guided(const char *preset, int active) {
    nl_map_view *map = nl_map_view_create_preset(preset);
    CHECK(map != NULL, "preset %s: %s", preset, nl_last_error_message());
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    if (active) CHECK_OK(nl_map_view_start_guidance(map));
    return map;
}

#define FRAME(map, id, X, Y, W, H, why)                                                   \
    do {                                                                                  \
        nl_rect r_ = frame_of((map), (id));                                               \
        CHECK_RECT(r_, X, Y, W, H, id ": " why);                                          \
    } while (0)

#define ABSENT(map, id, why) CHECK(find_view((map), (id)) == NULL, "%s should not be in the hierarchy: %s", id, why)

static void check_padding(nl_map_view *map, double t, double l, double b, double r, const char *why) {
    nl_camera c;
    CHECK_OK(nl_map_view_camera(map, &c));
    CHECK(check_close(c.padding.top, t) && check_close(c.padding.left, l) && check_close(c.padding.bottom, b) &&
              check_close(c.padding.right, r),
          "camera padding (%g, %g, %g, %g), expected (%g, %g, %g, %g) — %s", c.padding.top, c.padding.left,
          c.padding.bottom, c.padding.right, t, l, b, r, why);
}

static size_t diagnostics_with_code(nl_map_view *map, int code) {
    size_t count = 0, i, n = 0;
    nl_map_view_diagnostic_count(map, &count);
    for (i = 0; i < count; i++) {
        nl_diagnostic d;
        memset(&d, 0, sizeof d);
        d.struct_size = sizeof d;
        if (nl_map_view_diagnostic(map, i, &d) == NL_OK && d.code == code) n++;
    }
    return n;
}

/* ---- built-in layout on four presets --------------------------------------------------- */

/* iphone-portrait 393 x 852, S = (59, 0, 34, 0), safe width 393: standard. */
static void test_iphone_portrait(void) {
    nl_map_view *map = guided("iphone-portrait", 0);
    /* ready: content 59 ... 818 (= 852 - 34) */
    FRAME(map, "viewport", 0, 59, 393, 759, "safe area 59...818");
    FRAME(map, "googleLogo", 0, 786, 72, 32, "bottom on 818: y 818-32");
    FRAME(map, "buttonStack", 337, 59, 56, 759, "x 393-56, 59...818");
    FRAME(map, "compass", 337, 762, 56, 56, "bottom of the stack: 818-56");
    check_padding(map, 59, 0, 34, 0, "viewport edges");
    CHECK_OK(nl_map_view_start_guidance(map));
    /* active: turn card 393 x (59+104), ETA card 393 x (72+34) at y 852-106 = 746 */
    FRAME(map, "turnCard", 0, 0, 393, 163, "top, 393 x 163");
    FRAME(map, "etaCard", 0, 746, 393, 106, "bottom, 393 x 106");
    FRAME(map, "viewport", 0, 163, 393, 583, "163...746");
    FRAME(map, "googleLogo", 0, 714, 72, 32, "on 746: y 746-32");
    FRAME(map, "speedWidget", 0, 578, 64, 136, "on the logo: 714-136");
    FRAME(map, "tripProgressBar", 0, 171, 12, 399, "163+8 ... 578-8 = 570");
    FRAME(map, "buttonStack", 337, 163, 56, 583, "163...746");
    FRAME(map, "compass", 337, 690, 56, 56, "746-56");
    FRAME(map, "reporting", 337, 626, 56, 56, "690-8-56");
    check_padding(map, 163, 0, 106, 0, "852-746 = 106");
    CHECK(diagnostics_with_code(map, NL_DIAG_LEGACY_API_IGNORED) == 0, "no legacy diagnostics with the built-in layout");
    nl_map_view_destroy(map);
}

/* iphone-landscape 852 x 393, S = (0, 59, 21, 59): safe width 734 >= 600, wide;
 * wideCardWidth = min(360, 734 x 0.45 = 330.3) = 330.3; column leading 59 + 330.3 = 389.3. */
static void test_iphone_landscape(void) {
    nl_map_view *map = guided("iphone-landscape", 0);
    bool wide = false;
    CHECK_OK(nl_map_view_wide_mode(map, &wide));
    CHECK(wide, "734 >= 600: wide mode");
    FRAME(map, "viewport", 59, 0, 734, 372, "safe area: 59...793 x 0...372 (393-21)");
    FRAME(map, "googleLogo", 59, 340, 72, 32, "372-32");
    FRAME(map, "buttonStack", 737, 0, 56, 372, "x 852-59-56");
    FRAME(map, "compass", 737, 316, 56, 56, "372-56");
    CHECK_OK(nl_map_view_start_guidance(map));
    FRAME(map, "turnCard", 59, 0, 330.3, 104, "leading, 330.3 x (0+104)");
    FRAME(map, "etaCard", 59, 300, 330.3, 93, "leading, 330.3 x (72+21), y 393-93");
    FRAME(map, "viewport", 389.3, 0, 403.7, 372, "389.3 ... 793 (852-59), 0 ... 372");
    FRAME(map, "googleLogo", 389.3, 340, 72, 32, "column leading, on 372");
    FRAME(map, "speedWidget", 389.3, 204, 64, 136, "on the logo: 340-136");
    FRAME(map, "tripProgressBar", 389.3, 8, 12, 188, "0+8 ... 204-8 = 196");
    FRAME(map, "buttonStack", 737, 0, 56, 372, "wide: safe top ... 372");
    FRAME(map, "compass", 737, 316, 56, 56, "372-56");
    FRAME(map, "reporting", 737, 252, 56, 56, "316-8-56");
    check_padding(map, 0, 389.3, 21, 59, "viewport edges");
    nl_map_view_destroy(map);
}

/* ipad-portrait 820 x 1180, S = (24, 0, 20, 0): safe width 820, wide; wideCardWidth =
 * min(360, 369) = 360. Content bottom 1180-20 = 1160. */
static void test_ipad_portrait(void) {
    nl_map_view *map = guided("ipad-portrait", 0);
    FRAME(map, "viewport", 0, 24, 820, 1136, "24...1160");
    FRAME(map, "googleLogo", 0, 1128, 72, 32, "1160-32");
    FRAME(map, "buttonStack", 764, 24, 56, 1136, "x 820-56");
    FRAME(map, "compass", 764, 1104, 56, 56, "1160-56");
    CHECK_OK(nl_map_view_start_guidance(map));
    FRAME(map, "turnCard", 0, 0, 360, 128, "360 x (24+104)");
    FRAME(map, "etaCard", 0, 1088, 360, 92, "360 x (72+20), y 1180-92");
    FRAME(map, "viewport", 360, 24, 460, 1136, "360...820, 24...1160");
    FRAME(map, "googleLogo", 360, 1128, 72, 32, "1160-32");
    FRAME(map, "speedWidget", 360, 992, 64, 136, "1128-136");
    FRAME(map, "tripProgressBar", 360, 32, 12, 952, "24+8 ... 992-8 = 984");
    FRAME(map, "buttonStack", 764, 24, 56, 1136, "24...1160");
    FRAME(map, "compass", 764, 1104, 56, 56, "1160-56");
    FRAME(map, "reporting", 764, 1040, 56, 56, "1104-64");
    check_padding(map, 24, 360, 20, 0, "viewport edges");
    nl_map_view_destroy(map);
}

/* ipad-split 320 x 1180, S = (24, 0, 20, 0): safe width 320, standard. */
static void test_ipad_split(void) {
    nl_map_view *map = guided("ipad-split", 0);
    FRAME(map, "viewport", 0, 24, 320, 1136, "24...1160");
    FRAME(map, "googleLogo", 0, 1128, 72, 32, "1160-32");
    FRAME(map, "buttonStack", 264, 24, 56, 1136, "x 320-56");
    FRAME(map, "compass", 264, 1104, 56, 56, "1160-56");
    CHECK_OK(nl_map_view_start_guidance(map));
    FRAME(map, "turnCard", 0, 0, 320, 128, "320 x (24+104)");
    FRAME(map, "etaCard", 0, 1088, 320, 92, "320 x (72+20), y 1180-92");
    FRAME(map, "viewport", 0, 128, 320, 960, "128 ... min(1160, 1088)");
    FRAME(map, "googleLogo", 0, 1056, 72, 32, "1088-32");
    FRAME(map, "speedWidget", 0, 920, 64, 136, "1056-136");
    FRAME(map, "tripProgressBar", 0, 136, 12, 776, "128+8 ... 920-8 = 912");
    FRAME(map, "buttonStack", 264, 128, 56, 960, "128...1088");
    FRAME(map, "compass", 264, 1032, 56, 56, "1088-56");
    FRAME(map, "reporting", 264, 968, 56, 56, "1032-64");
    check_padding(map, 128, 0, 92, 0, "1180-1088");
    nl_map_view_destroy(map);
}

/* ---- legacy settings honoured (iphone-portrait, active guidance; see test_iphone_portrait) -- */

static void test_legacy_header_footer(void) {
    nl_map_view *map = guided("iphone-portrait", 1);
    bool on = false;
    CHECK_OK(nl_map_view_navigation_header_enabled(map, &on));
    CHECK(on, "header enabled by default");
    CHECK_OK(nl_map_view_set_navigation_header_enabled(map, false));
    CHECK_OK(nl_map_view_navigation_header_enabled(map, &on));
    CHECK(!on, "header now disabled");
    ABSENT(map, "turnCard", "header off");
    FRAME(map, "viewport", 0, 59, 393, 687, "header off: safe top 59 ... 746");
    FRAME(map, "buttonStack", 337, 59, 56, 687, "59 ... 746");
    FRAME(map, "tripProgressBar", 0, 67, 12, 503, "59+8 ... 570");
    CHECK_OK(nl_map_view_set_navigation_header_enabled(map, true));
    FRAME(map, "turnCard", 0, 0, 393, 163, "header back");
    FRAME(map, "viewport", 0, 163, 393, 583, "163...746");

    CHECK_OK(nl_map_view_set_navigation_footer_enabled(map, false));
    CHECK_OK(nl_map_view_navigation_footer_enabled(map, &on));
    CHECK(!on, "footer disabled");
    ABSENT(map, "etaCard", "footer off");
    FRAME(map, "viewport", 0, 163, 393, 655, "footer off: 163 ... safe bottom 818");
    FRAME(map, "googleLogo", 0, 786, 72, 32, "818-32");
    FRAME(map, "speedWidget", 0, 650, 64, 136, "786-136");
    FRAME(map, "tripProgressBar", 0, 171, 12, 471, "171 ... 650-8 = 642");
    FRAME(map, "compass", 337, 762, 56, 56, "818-56");
    check_padding(map, 163, 0, 34, 0, "852-818");
    CHECK_OK(nl_map_view_set_navigation_footer_enabled(map, true));
    FRAME(map, "etaCard", 0, 746, 393, 106, "footer back");

    CHECK_OK(nl_map_view_set_navigation_trip_progress_bar_enabled(map, false));
    CHECK_OK(nl_map_view_navigation_trip_progress_bar_enabled(map, &on));
    CHECK(!on, "trip bar disabled");
    ABSENT(map, "tripProgressBar", "trip bar off");
    FRAME(map, "speedWidget", 0, 578, 64, 136, "unchanged");
    CHECK_OK(nl_map_view_set_navigation_trip_progress_bar_enabled(map, true));
    FRAME(map, "tripProgressBar", 0, 171, 12, 399, "back");

    CHECK_OK(nl_map_view_set_navigation_report_incident_button_enabled(map, false));
    CHECK_OK(nl_map_view_navigation_report_incident_button_enabled(map, &on));
    CHECK(!on, "report button disabled");
    ABSENT(map, "reporting", "report button off");
    FRAME(map, "compass", 337, 690, 56, 56, "alone at the stack bottom, 746-56");
    CHECK_OK(nl_map_view_set_navigation_report_incident_button_enabled(map, true));
    FRAME(map, "reporting", 337, 626, 56, 56, "back above the compass");
    /* The settings stay across transitions. */
    CHECK_OK(nl_map_view_set_navigation_header_enabled(map, false));
    CHECK_OK(nl_map_view_stop_guidance(map));
    CHECK_OK(nl_map_view_start_guidance(map));
    ABSENT(map, "turnCard", "header still off after stop + start");
    nl_map_view_destroy(map);
}

static void test_legacy_accessory_and_padding(void) {
    nl_map_view *map = guided("iphone-portrait", 1);
    nl_view *accessory = nl_view_create(map), *got = (nl_view *)1;
    nl_insets p;
    nl_camera c;
    CHECK_OK(nl_view_set_identifier(accessory, "accessory"));
    CHECK_OK(nl_view_set_intrinsic_size(accessory, NL_NO_INTRINSIC_METRIC, 40));
    CHECK_OK(nl_map_view_header_accessory_view(map, &got));
    CHECK(got == NULL, "no accessory view by default");
    CHECK_OK(nl_map_view_set_header_accessory_view(map, accessory));
    CHECK_OK(nl_map_view_header_accessory_view(map, &got));
    CHECK(got == accessory, "the accessory view handle comes back");
    FRAME(map, "accessory", 0, 163, 393, 40, "under the turn card (bottom 163), as wide, intrinsic height 40");
    FRAME(map, "viewport", 0, 203, 393, 543, "163+40 ... 746");
    FRAME(map, "buttonStack", 337, 203, 56, 543, "203 ... 746");
    FRAME(map, "tripProgressBar", 0, 211, 12, 359, "203+8 ... 570");
    CHECK_STATUS(nl_map_view_set_header_accessory_view(map, nl_map_view_root(map)), NL_ERR_INVALID_ARGUMENT);
    CHECK_OK(nl_map_view_set_header_accessory_view(map, NULL));
    ABSENT(map, "accessory", "removed with NULL");
    FRAME(map, "viewport", 0, 163, 393, 583, "back to 163...746");

    CHECK_OK(nl_map_view_padding(map, &p));
    CHECK(p.top == 0 && p.left == 0 && p.bottom == 0 && p.right == 0, "padding 0 by default");
    {
        nl_insets pad = {10, 20, 30, 40};
        nl_insets bad = {NAN, 0, 0, 0};
        CHECK_OK(nl_map_view_set_padding(map, pad));
        CHECK_STATUS(nl_map_view_set_padding(map, bad), NL_ERR_INVALID_ARGUMENT);
    }
    CHECK_OK(nl_map_view_padding(map, &p));
    CHECK(p.top == 10 && p.left == 20 && p.bottom == 30 && p.right == 40, "padding kept (NaN refused)");
    FRAME(map, "viewport", 0, 163, 393, 583, "frames unchanged by padding");
    check_padding(map, 173, 20, 136, 40, "(163, 0, 106, 0) + (10, 20, 30, 40)");
    CHECK_OK(nl_map_view_camera(map, &c));
    CHECK(check_close(c.vehicle_point.x, 186.5) && check_close(c.vehicle_point.y, 444.5),
          "vehicle (%g, %g): centre of (20, 173, 393-60, 583-40) = (20+166.5, 173+271.5)", c.vehicle_point.x,
          c.vehicle_point.y);
    nl_map_view_destroy(map);
}

static void guide_frame(nl_map_view *map, nl_legacy_guide kind, double x, double y, double w, double h, const char *why) {
    nl_rect r;
    nl_guide *g = nl_map_view_legacy_guide(map, kind);
    CHECK(g != NULL, "legacy guide %d: %s", (int)kind, nl_last_error_message());
    CHECK_OK(nl_guide_frame(g, &r));
    CHECK_RECT(r, x, y, w, h, why);
}

static void test_legacy_guides(void) {
    nl_map_view *map = guided("iphone-portrait", 1);
    nl_guide *g = nl_map_view_legacy_guide(map, NL_LEGACY_GUIDE_NAVIGATION_HEADER);
    char *id = nl_guide_identifier(g);
    CHECK(id != NULL && strcmp(id, "navigationHeaderLayoutGuide") == 0, "identifier %s", id ? id : "(null)");
    nl_string_free(id);
    CHECK(nl_map_view_legacy_guide(map, NL_LEGACY_GUIDE_NAVIGATION_HEADER) == g, "same handle every time");
    CHECK(nl_map_view_legacy_guide(map, (nl_legacy_guide)4) == NULL, "kind 4 is out of range");
    CHECK(strstr(nl_last_error_message(), "nl_legacy_guide") != NULL, "message: %s", nl_last_error_message());
    CHECK_STATUS(nl_guide_destroy(g), NL_ERR_INVALID_ARGUMENT);
    guide_frame(map, NL_LEGACY_GUIDE_NAVIGATION_HEADER, 0, 0, 393, 163, "header guide = turn card");
    guide_frame(map, NL_LEGACY_GUIDE_NAVIGATION_FOOTER, 0, 746, 393, 106, "footer guide = ETA card");
    guide_frame(map, NL_LEGACY_GUIDE_BOTTOM_TRAILING_BUTTONS, 337, 626, 56, 120,
                "buttons: stack trailing/width, bottom 746, height 56+8+56");
    guide_frame(map, NL_LEGACY_GUIDE_BOTTOM_TRAILING_BUTTONS_ALTERNATE, 337, 163, 56, 455,
                "above the buttons: 163 ... 746-120-8 = 618");
    /* A host view anchored to the header guide follows the turn card. */
    {
        nl_view *badge = nl_view_create(map);
        nl_constraint *cs[4];
        nl_view *root = nl_map_view_root(map);
        nl_view_set_identifier(badge, "badge");
        nl_view_add_subview(root, badge);
        cs[0] = nl_constraint_create(map, nl_view_anchor(badge, NL_ANCHOR_TOP), NL_EQUAL, nl_guide_anchor(g, NL_ANCHOR_BOTTOM), 1, 8);
        cs[1] = nl_constraint_create(map, nl_view_anchor(badge, NL_ANCHOR_LEADING), NL_EQUAL, nl_guide_anchor(g, NL_ANCHOR_LEADING), 1, 16);
        cs[2] = nl_constraint_create_constant(map, nl_view_anchor(badge, NL_ANCHOR_WIDTH), NL_EQUAL, 40);
        cs[3] = nl_constraint_create_constant(map, nl_view_anchor(badge, NL_ANCHOR_HEIGHT), NL_EQUAL, 20);
        CHECK_OK(nl_constraints_activate(cs, 4));
        FRAME(map, "badge", 16, 171, 40, 20, "8 under the turn card (163+8), 16 in");
        CHECK_OK(nl_map_view_set_navigation_header_enabled(map, false));
        guide_frame(map, NL_LEGACY_GUIDE_NAVIGATION_HEADER, 0, 59, 393, 0, "header off: zero-height strip at the safe top");
        FRAME(map, "badge", 16, 67, 40, 20, "follows the guide: 59+8");
        guide_frame(map, NL_LEGACY_GUIDE_BOTTOM_TRAILING_BUTTONS_ALTERNATE, 337, 59, 56, 559, "59 ... 618");
    }
    CHECK_OK(nl_map_view_set_navigation_footer_enabled(map, false));
    guide_frame(map, NL_LEGACY_GUIDE_NAVIGATION_FOOTER, 0, 818, 393, 0, "footer off: strip at the safe bottom 818");
    guide_frame(map, NL_LEGACY_GUIDE_BOTTOM_TRAILING_BUTTONS, 337, 698, 56, 120, "818-120");
    nl_map_view_destroy(map);
}

/* ---- compass rule (docs/behaviour.md#compass-rule) ------------------------------------------------------------- */

static void test_compass_rule(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *root = nl_map_view_root(map);
    nl_view *compass;
    bool on = true;
    size_t n = 9;
    CHECK_OK(nl_map_view_compass_button_enabled(map, &on));
    CHECK(!on, "compass setting off by default");
    CHECK_OK(nl_view_subview_count(root, &n));
    CHECK(n == 0, "nothing in the hierarchy");
    CHECK_OK(nl_map_view_set_compass_button_enabled(map, true));
    compass = find_view(map, "compass");
    CHECK(compass != NULL && nl_view_superview(compass) == root, "compass on the map view");
    FRAME(map, "compass", 337, 59, 56, 56, "safe area top-trailing: (393-0-56, 59)");
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(nl_view_superview(compass) != root, "navigation enabled: the built-in layout owns the compass (in its stack)");
    FRAME(map, "compass", 337, 762, 56, 56, "in the built-in stack: 818-56");
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    CHECK(nl_view_superview(compass) == root, "navigation disabled: back on the map view");
    FRAME(map, "compass", 337, 59, 56, 56, "top-trailing again");
    CHECK_OK(nl_map_view_set_compass_button_enabled(map, false));
    ABSENT(map, "compass", "setting off");

    /* With a custom delegate: only the delegate decides while navigation is enabled. */
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_compass_button_enabled(map, true));
    FRAME(map, "compass", 337, 59, 56, 56, "custom delegate, navigation disabled: the map's own compass");
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    FRAME(map, "compass", 337, 762, 56, 56, "the sample's stack bottom (docs/behaviour.md#expected-frames)");
    CHECK(diagnostics_with_code(map, NL_DIAG_LEGACY_API_IGNORED) == 0, "the compass setting is not a legacy slot API");
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    FRAME(map, "compass", 337, 59, 56, 56, "back top-trailing");
    nl_map_view_destroy(map);
}

/* ---- runtime-sized components (built-in, iphone-portrait active guidance) --------------- */

static void test_speed_widget_and_recenter(void) {
    nl_map_view *map = guided("iphone-portrait", 1);
    nl_speed_widget_mode mode = NL_SPEED_WIDGET_NONE;
    bool recenter = true;
    CHECK_OK(nl_map_view_speed_widget_mode(map, &mode));
    CHECK(mode == NL_SPEED_WIDGET_BOTH, "default mode both");
    CHECK_OK(nl_map_view_set_speed_widget_mode(map, NL_SPEED_WIDGET_NONE));
    CHECK_OK(nl_map_view_speed_widget_mode(map, &mode));
    CHECK(mode == NL_SPEED_WIDGET_NONE, "mode none");
    FRAME(map, "speedWidget", 0, 714, 0, 0, "0 x 0 on the logo top 714");
    FRAME(map, "tripProgressBar", 0, 171, 12, 535, "171 ... 714-8 = 706");
    CHECK_OK(nl_map_view_set_speed_widget_mode(map, NL_SPEED_WIDGET_SPEEDOMETER));
    FRAME(map, "speedWidget", 0, 650, 64, 64, "64 x 64 on 714");
    FRAME(map, "tripProgressBar", 0, 171, 12, 471, "171 ... 650-8 = 642");
    CHECK_OK(nl_map_view_set_speed_widget_mode(map, NL_SPEED_WIDGET_SPEED_LIMIT));
    FRAME(map, "speedWidget", 0, 650, 64, 64, "64 x 64");
    CHECK_OK(nl_map_view_set_speed_widget_mode(map, NL_SPEED_WIDGET_BOTH));
    FRAME(map, "speedWidget", 0, 578, 64, 136, "64 x 136 on 714");
    FRAME(map, "tripProgressBar", 0, 171, 12, 399, "171 ... 570");
    CHECK_STATUS(nl_map_view_set_speed_widget_mode(map, (nl_speed_widget_mode)4), NL_ERR_INVALID_ARGUMENT);

    CHECK_OK(nl_map_view_showing_recenter_button(map, &recenter));
    CHECK(!recenter, "logo by default");
    CHECK_OK(nl_map_view_pan(map));
    CHECK_OK(nl_map_view_showing_recenter_button(map, &recenter));
    CHECK(recenter, "re-center button after a pan");
    FRAME(map, "googleLogo", 0, 698, 136, 48, "136 x 48 on 746: 746-48");
    FRAME(map, "speedWidget", 0, 562, 64, 136, "on the re-center button: 698-136");
    FRAME(map, "tripProgressBar", 0, 171, 12, 383, "171 ... 562-8 = 554");
    FRAME(map, "compass", 337, 690, 56, 56, "buttons unchanged");
    CHECK_OK(nl_map_view_recenter(map));
    FRAME(map, "googleLogo", 0, 714, 72, 32, "back to 72 x 32");
    FRAME(map, "speedWidget", 0, 578, 64, 136, "back on 714");
    nl_map_view_destroy(map);
}

static void test_incident_reporting_and_prompts(void) {
    nl_map_view *map = guided("iphone-portrait", 1);
    bool on = false;
    CHECK_OK(nl_map_view_incident_reporting_enabled(map, &on));
    CHECK(on, "reporting enabled by default");
    CHECK_OK(nl_map_view_set_incident_reporting_enabled(map, false));
    CHECK_OK(nl_map_view_incident_reporting_enabled(map, &on));
    CHECK(!on, "reporting disabled");
    FRAME(map, "reporting", 337, 626, 56, 56, "takes effect at the next state: still there");
    CHECK_OK(nl_map_view_stop_guidance(map));
    CHECK_OK(nl_map_view_start_guidance(map));
    ABSENT(map, "reporting", "the new active-guidance state has no reporting button");
    FRAME(map, "compass", 337, 690, 56, 56, "746-56");
    CHECK_OK(nl_map_view_set_incident_reporting_enabled(map, true));

    CHECK_OK(nl_map_view_should_display_prompts(map, &on));
    CHECK(on, "prompts shown by default");
    CHECK_OK(nl_map_view_set_should_display_prompts(map, false));
    CHECK_OK(nl_map_view_should_display_prompts(map, &on));
    CHECK(!on, "prompts suppressed");
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_TRAFFIC));
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_BETTER_ROUTE));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    ABSENT(map, "incidentPrompt", "suppressed");
    ABSENT(map, "trafficPrompt", "suppressed");
    ABSENT(map, "betterRoutePrompt", "suppressed");
    CHECK_STATUS(nl_map_view_dismiss_prompt(map), NL_ERR_INVALID_STATE);
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_SPEED_CAMERA));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    FRAME(map, "speedCameraPrompt", 0, 756, 393, 96, "not suppressed; slid in to 852-96");
    FRAME(map, "viewport", 0, 163, 393, 583, "content bottom = min(818, ETA top 746, prompt top 756) = 746");
    nl_map_view_destroy(map);
}

/* ---- getters on views, stacks and constraints ------------------------------------------- */

static void test_getters(void) {
    nl_map_view *map = guided("iphone-portrait", 1);
    nl_view *root = nl_map_view_root(map), *v = nl_view_create(map), *stack = find_view(map, "buttonStack");
    nl_view *turn = find_view(map, "turnCard");
    nl_view_kind kind = NL_VIEW_KIND_MAP;
    nl_size s;
    nl_insets m;
    float p = 0;
    double spacing = 0;
    size_t n = 0;
    char *text;
    nl_constraint *c;

    CHECK_OK(nl_view_kind_of(v, &kind));
    CHECK(kind == NL_VIEW_KIND_PLAIN, "host view");
    CHECK_OK(nl_view_kind_of(root, &kind));
    CHECK(kind == NL_VIEW_KIND_MAP, "root");
    CHECK_OK(nl_view_kind_of(stack, &kind));
    CHECK(kind == NL_VIEW_KIND_HIDING_STACK, "stack");
    CHECK_OK(nl_view_kind_of(turn, &kind));
    CHECK(kind == NL_VIEW_KIND_COMPONENT, "turn card");
    CHECK_STATUS(nl_view_kind_of(NULL, &kind), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_view_kind_of(v, NULL), NL_ERR_INVALID_ARGUMENT);
    text = nl_view_role(turn);
    CHECK(text != NULL && strcmp(text, "turnCard") == 0, "role %s", text ? text : "(null)");
    nl_string_free(text);
    CHECK_OK(nl_view_set_identifier(turn, "myTurnCard"));
    text = nl_view_role(turn);
    CHECK(text != NULL && strcmp(text, "turnCard") == 0, "the role survives a new identifier");
    nl_string_free(text);
    nl_view_set_identifier(turn, "turnCard");
    text = nl_view_role(v);
    CHECK(text != NULL && text[0] == '\0', "host view: empty role");
    nl_string_free(text);
    text = nl_view_role(root);
    CHECK(text != NULL && strcmp(text, "map") == 0, "root role map");
    nl_string_free(text);

    CHECK_OK(nl_view_intrinsic_size(v, &s));
    CHECK(s.width == NL_NO_INTRINSIC_METRIC && s.height == NL_NO_INTRINSIC_METRIC, "none by default");
    CHECK_OK(nl_view_set_intrinsic_size(v, 30, NL_NO_INTRINSIC_METRIC));
    CHECK_OK(nl_view_intrinsic_size(v, &s));
    CHECK(s.width == 30 && s.height == NL_NO_INTRINSIC_METRIC, "30 x none");
    CHECK_OK(nl_view_hugging_priority(v, NL_AXIS_HORIZONTAL, &p));
    CHECK(p == 250, "hugging default 250");
    CHECK_OK(nl_view_compression_priority(v, NL_AXIS_VERTICAL, &p));
    CHECK(p == 750, "compression default 750");
    CHECK_OK(nl_view_set_hugging_priority(v, NL_AXIS_VERTICAL, 251));
    CHECK_OK(nl_view_hugging_priority(v, NL_AXIS_VERTICAL, &p));
    CHECK(p == 251, "hugging set");
    CHECK_STATUS(nl_view_hugging_priority(v, (nl_axis)2, &p), NL_ERR_INVALID_ARGUMENT);
    CHECK_OK(nl_view_layout_margins(find_view(map, "speedWidget"), &m));
    CHECK(m.top == 4 && m.left == 4 && m.bottom == 4 && m.right == 4, "speed widget margins 4 (docs/behaviour.md#component-sizes)");

    CHECK_OK(nl_hiding_stack_spacing(stack, &spacing));
    CHECK(spacing == 8, "spacing 8");
    CHECK_OK(nl_hiding_stack_arranged_subview_count(stack, &n));
    CHECK(n == 2, "compass + reporting");
    CHECK(nl_hiding_stack_arranged_subview(stack, 0) == find_view(map, "compass"), "compass first (bottom)");
    CHECK(nl_hiding_stack_arranged_subview(stack, 2) == NULL, "index 2 out of range");
    CHECK_STATUS(nl_hiding_stack_spacing(v, &spacing), NL_ERR_INVALID_ARGUMENT);

    c = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_EQUAL, 10);
    text = nl_constraint_identifier(c);
    CHECK(text != NULL && text[0] == '\0', "empty identifier");
    nl_string_free(text);
    CHECK_OK(nl_constraint_set_identifier(c, "w10"));
    text = nl_constraint_identifier(c);
    CHECK(text != NULL && strcmp(text, "w10") == 0, "identifier back");
    nl_string_free(text);
    CHECK(nl_constraint_identifier(NULL) == NULL, "NULL constraint");

    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_TRAFFIC));
    CHECK_OK(nl_view_kind_of(find_view(map, "trafficPrompt"), &kind));
    CHECK(kind == NL_VIEW_KIND_PROMPT, "prompt");
    nl_map_view_destroy(map);
    CHECK_STATUS(nl_map_view_set_navigation_header_enabled(map, false), NL_ERR_INVALID_HANDLE);
}

int main(void) {
    test_iphone_portrait();
    test_iphone_landscape();
    test_ipad_portrait();
    test_ipad_split();
    test_legacy_header_footer();
    test_legacy_accessory_and_padding();
    test_legacy_guides();
    test_compass_rule();
    test_speed_widget_and_recenter();
    test_incident_reporting_and_prompts();
    test_getters();
    return check_summary("test_builtin");
}
