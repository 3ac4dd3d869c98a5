/*
 * Issue 16, the re-check of the seed's rules, through the C ABI:
 *  (A) the logo and the viewport must stay visible in every navigation state: hidden (itself or
 *      through a hidden container) they are NL_DIAG_MISSING_REQUIRED_COMPONENT errors;
 *  (B) a view's safe area follows UIKit (nl_view_safe_area_insets) and its margins guide is
 *      measured from it (nl_view_set_insets_layout_margins_from_safe_area): the turn card's and
 *      the ETA card's margins guides stay inside the safe area they reach under;
 *  (C) presented frames during an animation are snapped like solved ones.
 *
 * iphone-portrait 393 x 852, S = (59, 0, 34, 0); ipad-portrait 820 x 1180, S = (24, 0, 20, 0)
 * (docs/behaviour.md#device-presets). Frames of the sample delegate: docs/behaviour.md#expected-frames; sizes: docs/behaviour.md#component-sizes.
 */
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

static nl_map_view *guidance(const char *preset) {
    nl_map_view *map = nl_map_view_create_preset(preset);
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    return map;
}

static size_t diagnostic_count(nl_map_view *map) {
    size_t count = 99;
    CHECK_OK(nl_map_view_diagnostic_count(map, &count));
    return count;
}

#define CHECK_INSETS(in, T, L, B, R, source)                                                 \
    CHECK(check_close((in).top, (T)) && check_close((in).left, (L)) &&                       \
              check_close((in).bottom, (B)) && check_close((in).right, (R)),                 \
          "got (%g, %g, %g, %g), expected (%g, %g, %g, %g) — %s", (in).top, (in).left,        \
          (in).bottom, (in).right, (double)(T), (double)(L), (double)(B), (double)(R), source)

/* ---- (A) keep the logo and the viewport visible ----------------------------------------- */

static void test_hidden_logo(void) {
    nl_map_view *map = guidance("iphone-portrait");
    nl_view *logo = find_view(map, "googleLogo");
    nl_diagnostic d;
    CHECK(diagnostic_count(map) == 0, "docs/behaviour.md#the-sample-delegate: the sample delegate has no diagnostics");
    CHECK_OK(nl_view_set_hidden(logo, true));
    CHECK(diagnostic_count(map) == 1, "the hidden logo is the one finding");
    CHECK_OK(diagnostic_at(map, 0, &d));
    CHECK(d.code == NL_DIAG_MISSING_REQUIRED_COMPONENT && d.severity == NL_SEVERITY_ERROR,
          "code %d severity %d", d.code, d.severity);
    CHECK(d.item_count == 1 && d.items[0] == logo, "item: the logo (%zu items)", d.item_count);
    CHECK(strstr(d.message, "googleLogo is in the map view's hierarchy but hidden in the activeGuidance state") != NULL,
          "message: %s", d.message);
    CHECK_OK(nl_view_set_hidden(logo, false));
    CHECK(diagnostic_count(map) == 0, "visible again: nothing to report");

    /* The logo as the re-center button (after a pan) counts as the logo. */
    CHECK_OK(nl_map_view_pan(map));
    CHECK(diagnostic_count(map) == 0, "136 x 48 still fits its place");
    CHECK_OK(nl_view_set_hidden(logo, true));
    CHECK_OK(diagnostic_at(map, 0, &d));
    CHECK(d.code == NL_DIAG_MISSING_REQUIRED_COMPONENT &&
              strstr(d.message, "googleLogo (showing as the re-center button) is in the map view's hierarchy but hidden") == d.message,
          "message: %s", d.message);
    nl_map_view_destroy(map);
}

static void test_hidden_container_and_viewport(void) {
    nl_map_view *map = guidance("iphone-portrait");
    nl_view *root = nl_map_view_root(map), *viewport = find_view(map, "viewport");
    nl_view *holder = nl_view_create(map);
    nl_diagnostic d;
    /* The viewport inside a host container (moving it drops its constraints, as in UIKit; the
     * container's are enough to keep it on screen). */
    CHECK_OK(nl_view_set_identifier(holder, "viewportHolder"));
    CHECK_OK(nl_view_add_subview(root, holder));
    CHECK_OK(nl_view_add_subview(holder, viewport));
    {
        nl_constraint *c[6] = {
            nl_constraint_create(map, nl_view_anchor(holder, NL_ANCHOR_LEADING), NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_LEADING), 1, 0),
            nl_constraint_create(map, nl_view_anchor(holder, NL_ANCHOR_TOP), NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_TOP), 1, 200),
            nl_constraint_create_constant(map, nl_view_anchor(holder, NL_ANCHOR_WIDTH), NL_EQUAL, 100),
            nl_constraint_create_constant(map, nl_view_anchor(holder, NL_ANCHOR_HEIGHT), NL_EQUAL, 100),
            nl_constraint_create(map, nl_view_anchor(viewport, NL_ANCHOR_LEADING), NL_EQUAL, nl_view_anchor(holder, NL_ANCHOR_LEADING), 1, 0),
            nl_constraint_create(map, nl_view_anchor(viewport, NL_ANCHOR_TOP), NL_EQUAL, nl_view_anchor(holder, NL_ANCHOR_TOP), 1, 0),
        };
        CHECK_OK(nl_constraints_activate(c, 6));
    }
    CHECK_OK(nl_view_set_hidden(holder, true));
    {
        size_t i, n = diagnostic_count(map), found = 0;
        for (i = 0; i < n; i++) {
            CHECK_OK(diagnostic_at(map, i, &d));
            if (d.code != NL_DIAG_MISSING_REQUIRED_COMPONENT) continue;
            found++;
            CHECK(d.item_count == 2 && d.items[0] == viewport && d.items[1] == holder,
                  "items: the viewport, then the container that hides it (%zu)", d.item_count);
            CHECK(strstr(d.message, "it is inside viewportHolder, whose isHidden is true") != NULL, "message: %s", d.message);
        }
        CHECK(found == 1, "one missingRequiredComponent, got %zu", found);
    }
    nl_map_view_destroy(map);
}

/* ---- (B) safe area and margins of the cards --------------------------------------------- */

static void test_card_margins(void) {
    nl_map_view *map = guidance("iphone-portrait");
    nl_view *turn = find_view(map, "turnCard"), *eta = find_view(map, "etaCard");
    nl_insets in;
    nl_rect r;
    bool on = false;
    /* turnCard (0, 0, 393, 163) reaches 59 pt under the status bar. */
    CHECK_OK(nl_view_safe_area_insets(turn, &in));
    CHECK_INSETS(in, 59, 0, 0, 0, "59 - max(0, 0), at most the band 59 and the height 163");
    /* Margins guide (8, 59 + 8, 393 - 16, 163 - 67 - 8). */
    CHECK_OK(nl_guide_frame(nl_view_margins_guide(turn), &r));
    CHECK_RECT(r, 8, 67, 377, 88, "turn card margins from its safe area");
    /* etaCard (0, 746, 393, 106) reaches 852 - 818 = 34 pt over the home indicator; guide
     * (8, 754, 377, 106 - 8 - 42), bottom 810 = 818 - 8. */
    CHECK_OK(nl_view_safe_area_insets(eta, &in));
    CHECK_INSETS(in, 0, 0, 34, 0, "min(852, 852) - (852 - 34)");
    CHECK_OK(nl_guide_frame(nl_view_margins_guide(eta), &r));
    CHECK_RECT(r, 8, 754, 377, 56, "ETA card margins from its safe area");
    CHECK_OK(nl_view_safe_area_insets(nl_map_view_root(map), &in));
    CHECK_INSETS(in, 59, 0, 34, 0, "the map's own: the preset's");
    CHECK(diagnostic_count(map) == 0, "guides asked for change no frame of docs/behaviour.md#expected-frames");

    /* Measured from the frame alone when the host turns it off. */
    CHECK_OK(nl_view_insets_layout_margins_from_safe_area(eta, &on));
    CHECK(on, "default true, as UIKit");
    CHECK_OK(nl_view_set_insets_layout_margins_from_safe_area(eta, false));
    CHECK_OK(nl_guide_frame(nl_view_margins_guide(eta), &r));
    CHECK_RECT(r, 8, 754, 377, 90, "(8, 746 + 8, 393 - 16, 106 - 16)");
    CHECK_OK(nl_view_insets_layout_margins_from_safe_area(eta, &on));
    CHECK(!on, "now false");

    /* Bad handles and outputs. */
    CHECK_STATUS(nl_view_safe_area_insets(NULL, &in), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_view_safe_area_insets(eta, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nl_view_set_insets_layout_margins_from_safe_area(NULL, true), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_view_insets_layout_margins_from_safe_area(eta, NULL), NL_ERR_INVALID_ARGUMENT);
    nl_map_view_destroy(map);
}

static void test_header_top_padding_agrees(void) {
    /* ipad-portrait: the turn card is wideCardWidth = min(360, 820 x 0.45) = 360 wide and
     * 24 + 104 = 128 high at (0, 0); its margins guide starts at 0 + 24 + 8 = 32 — where the
     * seed's headerTopPadding puts a button: safe.top + 8 = 32. */
    nl_map_view *map = guidance("ipad-portrait");
    nl_view *turn = find_view(map, "turnCard");
    nl_style_values style = nl_navigation_style_values();
    nl_rect r;
    CHECK_OK(nl_guide_frame(nl_view_margins_guide(turn), &r));
    CHECK_RECT(r, 8, 24 + style.header_top_padding, 344, 88, "(8, 32, 360 - 16, 128 - 32 - 8)");
    nl_map_view_destroy(map);
}

/* ---- (C) snapped presented frames -------------------------------------------------------- */

static void test_snapped_presented_frames(void) {
    nl_map_view *map = guidance("iphone-portrait");
    nl_rect r;
    /* With the clock at 2.9 s the slide runs 2.9 ... 3.3; 0.2 s later the clock reads
     * 3.0999999999999996: the progress is a hair under 0.5 and the prompt read 791.9999999999999
     * before presented frames were snapped. docs/behaviour.md#expected-frames at 0.2 s: prompt (0, 792, 393, 120),
     * viewport (0, 163, 393, 576). Compared exactly, not to 1e-9. */
    CHECK_OK(nl_map_view_advance_time(map, 2.9));
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_advance_time(map, 0.2));
    r = frame_of(map, "incidentPrompt");
    CHECK(r.x == 0 && r.y == 792 && r.width == 393 && r.height == 120, "prompt (%.17g, %.17g, %g, %g)", r.x, r.y, r.width, r.height);
    r = frame_of(map, "viewport");
    CHECK(r.y == 163 && r.height == 576, "viewport y %.17g height %.17g", r.y, r.height);
    nl_map_view_destroy(map);
}

int main(void) {
    test_hidden_logo();
    test_hidden_container_and_viewport();
    test_card_margins();
    test_header_top_padding_agrees();
    test_snapped_presented_frames();
    return check_summary("test_seed_recheck");
}
