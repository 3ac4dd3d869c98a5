/*
 * docs/behaviour.md#expected-frames, number by number: the C sample delegate (examples/c/sample_delegate.c) on
 * iphone-portrait, 393 x 852 pt, safe area (top 59, leading 0, bottom 34, trailing 0) (docs/behaviour.md#device-presets).
 *
 * Where the numbers come from (W = 393, H = 852, S = (59, 0, 34, 0)):
 *  - buttons 56 x 56, logo 72 x 32, turn card W x (S.top + headerNominalHeight 104) = 393 x 163,
 *    ETA card W x (72 + S.bottom) = 393 x 106, incident prompt min(W, 480) x 120 (docs/behaviour.md#component-sizes);
 *  - the stack is as wide as its widest arranged view (56) and sits at the safe-area trailing edge
 *    (x = 393 - 56 = 337); bottom-packed, the first button (compass) at the bottom, the next one
 *    8 pt (spacing) above it (docs/behaviour.md#hiding-stack);
 *  - mapContentsBottom sits at the safe-area bottom H - S.bottom = 818 at priority 250, but is
 *    required <= the ETA card's top (H - 106 = 746) and <= a shown prompt's top;
 *  - the prompt starts at map bottom + its height (y = 852) and slides to y = 852 - 120 = 732 in
 *    0.4 s on the ease-in-out curve, whose progress at t = 0.5 is exactly 0.5 (docs/behaviour.md#timing-curves).
 */
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

static void check_no_diagnostics(nl_map_view *map, const char *moment) {
    size_t count = 99, i;
    CHECK_OK(nl_map_view_diagnostic_count(map, &count));
    CHECK(count == 0, "%s: %zu diagnostics, expected none", moment, count);
    for (i = 0; i < count; i++) {
        nl_diagnostic d;
        memset(&d, 0, sizeof d);
        d.struct_size = sizeof d;
        if (nl_map_view_diagnostic(map, i, &d) == NL_OK) fprintf(stderr, "  diagnostic %d: %s\n", d.code, d.message);
    }
}

/* navigation ready: stack (337, 59, 56, 759); compass (337, 762, 56, 56); logo (0, 786, 72, 32);
 * viewport (0, 59, 393, 759). */
static void check_navigation_ready(nl_map_view *map, const char *moment) {
    nl_rect r;
    (void)moment;
    r = frame_of(map, "buttonStack");
    CHECK_RECT(r, 337, 59, 56, 759, "stack: x 393-56, y = S.top 59, bottom = guide 818, h 818-59");
    r = frame_of(map, "compass");
    CHECK_RECT(r, 337, 762, 56, 56, "compass: first arranged view at the stack bottom, y 818-56");
    r = frame_of(map, "googleLogo");
    CHECK_RECT(r, 0, 786, 72, 32, "logo: leading 0, bottom on guide 818, y 818-32");
    r = frame_of(map, "viewport");
    CHECK_RECT(r, 0, 59, 393, 759, "viewport: safe area above the guide, 59...818");
    CHECK(find_view(map, "reporting") == NULL, "no reporting button when ready (buttons [compass], docs/behaviour.md#state-objects)");
    CHECK(find_view(map, "turnCard") == NULL, "no turn card when ready");
    check_camera(map, 59, 0, 852 - 818, 0, 196.5, 59 + 759 / 2.0, "padding = viewport edges (docs/behaviour.md#camera-framing)");
    check_no_diagnostics(map, moment);
}

/* active guidance: turnCard (0, 0, 393, 163); etaCard (0, 746, 393, 106); stack (337, 163, 56, 583);
 * compass (337, 690, 56, 56); reporting (337, 626, 56, 56); logo (0, 714, 72, 32);
 * viewport (0, 163, 393, 583); camera padding (163, 0, 106, 0), vehicle point (196.5, 454.5). */
static void check_active_guidance(nl_map_view *map, const char *moment) {
    nl_rect r;
    r = frame_of(map, "turnCard");
    CHECK_RECT(r, 0, 0, 393, 163, "turn card: W x (59 + 104) at the top");
    r = frame_of(map, "etaCard");
    CHECK_RECT(r, 0, 746, 393, 106, "ETA card: W x (72 + 34) at the bottom, y 852-106");
    r = frame_of(map, "buttonStack");
    CHECK_RECT(r, 337, 163, 56, 583, "stack: from turn card bottom 163 to guide 746 (<= ETA top)");
    r = frame_of(map, "compass");
    CHECK_RECT(r, 337, 690, 56, 56, "compass: stack bottom 746 - 56");
    r = frame_of(map, "reporting");
    CHECK_RECT(r, 337, 626, 56, 56, "reporting: above compass, 690 - 8 - 56");
    r = frame_of(map, "googleLogo");
    CHECK_RECT(r, 0, 714, 72, 32, "logo: on the guide, 746 - 32");
    r = frame_of(map, "viewport");
    CHECK_RECT(r, 0, 163, 393, 583, "viewport: 163...746");
    check_camera(map, 163, 0, 106, 0, 196.5, 454.5, "the camera of docs/behaviour.md#expected-frames: 852-746 = 106, 163 + 583/2");
    CHECK(find_view(map, "incidentPrompt") == NULL, "%s: no prompt in the hierarchy", moment);
    check_no_diagnostics(map, moment);
}

int main(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_rect r;
    size_t count = 99;
    nl_size size;

    CHECK(map != NULL, "create iphone-portrait: %s", nl_last_error_message());
    if (map == NULL) return check_summary("test_spec10");
    CHECK_OK(nl_map_view_size(map, &size));
    CHECK(size.width == 393 && size.height == 852, "iphone-portrait is 393 x 852 (docs/behaviour.md#device-presets)");
    CHECK_OK(nl_sample_delegate_install(map));

    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    check_navigation_ready(map, "navigation ready");

    CHECK_OK(nl_map_view_start_guidance(map));
    check_active_guidance(map, "active guidance");

    /* incident prompt shown, 0 s: as active guidance, prompt (0, 852, 393, 120) */
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    r = frame_of(map, "incidentPrompt");
    CHECK_RECT(r, 0, 852, 393, 120, "prompt starts below the map: bottom = 852 + 120");
    r = frame_of(map, "viewport");
    CHECK_RECT(r, 0, 163, 393, 583, "0 s: viewport not moved yet");
    r = frame_of(map, "buttonStack");
    CHECK_RECT(r, 337, 163, 56, 583, "0 s: stack not moved yet");
    r = frame_of(map, "compass");
    CHECK_RECT(r, 337, 690, 56, 56, "0 s: compass not moved yet");
    r = frame_of(map, "googleLogo");
    CHECK_RECT(r, 0, 714, 72, 32, "0 s: logo not moved yet");
    check_no_diagnostics(map, "incident prompt 0 s (prompts are exempt from offscreen)");

    /* 0.2 s (ease-in-out, progress 0.5): prompt (0, 792, 393, 120); viewport (0, 163, 393, 576) */
    CHECK_OK(nl_map_view_advance_time(map, 0.2));
    r = frame_of(map, "incidentPrompt");
    CHECK_RECT(r, 0, 792, 393, 120, "852 + (732 - 852) * 0.5");
    r = frame_of(map, "viewport");
    CHECK_RECT(r, 0, 163, 393, 576, "height 583 + (569 - 583) * 0.5");
    CHECK_OK(nl_view_target_frame(find_view(map, "viewport"), &r));
    CHECK_RECT(r, 0, 163, 393, 569, "target frame: the layout the animation moves to");
    check_no_diagnostics(map, "incident prompt 0.2 s");

    /* >= 0.4 s: prompt (0, 732, 393, 120); stack (337, 163, 56, 569); compass (337, 676, 56, 56);
     * reporting (337, 612, 56, 56); logo (0, 700, 72, 32); viewport (0, 163, 393, 569) */
    CHECK_OK(nl_map_view_advance_time(map, 0.2));
    r = frame_of(map, "incidentPrompt");
    CHECK_RECT(r, 0, 732, 393, 120, "prompt bottom on the map bottom, y 852 - 120");
    r = frame_of(map, "buttonStack");
    CHECK_RECT(r, 337, 163, 56, 569, "stack down to the guide at the prompt top 732");
    r = frame_of(map, "compass");
    CHECK_RECT(r, 337, 676, 56, 56, "732 - 56");
    r = frame_of(map, "reporting");
    CHECK_RECT(r, 337, 612, 56, 56, "676 - 8 - 56");
    r = frame_of(map, "googleLogo");
    CHECK_RECT(r, 0, 700, 72, 32, "732 - 32");
    r = frame_of(map, "viewport");
    CHECK_RECT(r, 0, 163, 393, 569, "163...732");
    r = frame_of(map, "turnCard");
    CHECK_RECT(r, 0, 0, 393, 163, "turn card unchanged");
    r = frame_of(map, "etaCard");
    CHECK_RECT(r, 0, 746, 393, 106, "ETA card unchanged (the prompt floats above it)");
    check_camera(map, 163, 0, 852 - 732, 0, 196.5, 163 + 569 / 2.0, "viewport 163...732");
    check_no_diagnostics(map, "incident prompt 0.4 s");

    /* prompt dismissed, >= 0.4 s later: as active guidance, prompt not in the hierarchy */
    CHECK_OK(nl_map_view_dismiss_prompt(map));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    check_active_guidance(map, "prompt dismissed");

    /* guidance stopped: as navigation ready */
    CHECK_OK(nl_map_view_stop_guidance(map));
    check_navigation_ready(map, "guidance stopped");

    /* navigation disabled: nothing of the SDK's in the hierarchy */
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    CHECK_OK(nl_view_subview_count(nl_map_view_root(map), &count));
    CHECK(count == 0, "navigation disabled: %zu subviews left, expected none", count);
    check_no_diagnostics(map, "navigation disabled");

    CHECK_OK(nl_map_view_destroy(map));
    return check_summary("test_spec10");
}
