/*
 * Issue 16 through the C ABI: the seed's rules that differed from or were missing in the API.
 * Layers on screen (nl_view_insert_subview_*, bring/send, exchange) with the covered-prompt
 * diagnostic; the speed widget's mode derived from should_display_speedometer/_speed_limit and the
 * fed data; the re-center button switch; the legacy padding adjustment behavior and
 * invalidate_layout_for_accessory_view; SDK components refusing subviews and guides; host views
 * and guides a delegate leaves behind after disable_navigation_ui.
 *
 * iphone-portrait 393 x 852, S = (59, 0, 34, 0) (docs/behaviour.md#device-presets). Frames of the sample delegate and of the
 * built-in layout: docs/behaviour.md#expected-frames and test_builtin.c (viewport ready (0, 59, 393, 759), active
 * (0, 163, 393, 583); logo on 746 in active guidance; speed widget on the logo). Sizes: docs/behaviour.md#component-sizes.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

#define FRAME(map, id, X, Y, W, H, why)                                                   \
    do {                                                                                  \
        nl_rect r_ = frame_of((map), (id));                                               \
        CHECK_RECT(r_, X, Y, W, H, id ": " why);                                          \
    } while (0)

/* The number of diagnostics with `code` whose first item is `first` (NULL: any) and last item is
 * `last` (NULL: any). */
static size_t diagnostics_of(nl_map_view *map, int code, const void *first, const void *last) {
    size_t count = 0, i, n = 0;
    nl_map_view_diagnostic_count(map, &count);
    for (i = 0; i < count; i++) {
        nl_diagnostic d;
        if (diagnostic_at(map, i, &d) != NL_OK || d.code != code || d.item_count == 0) continue;
        if (first != NULL && (const void *)d.items[0] != first) continue;
        if (last != NULL && (const void *)d.items[d.item_count - 1] != last) continue;
        n++;
    }
    return n;
}

static size_t all_diagnostics(nl_map_view *map) {
    size_t count = 99;
    CHECK_OK(nl_map_view_diagnostic_count(map, &count));
    return count;
}

static size_t index_of(nl_view *parent, nl_view *child) {
    size_t count = 0, i;
    nl_view_subview_count(parent, &count);
    for (i = 0; i < count; i++) if (nl_view_subview(parent, i) == child) return i;
    return SIZE_MAX;
}

static nl_map_view *with_sample(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    return map;
}

/* ---- item 1: layers on screen ------------------------------------------------------------ */

static nl_view *host_view(nl_map_view *map, nl_view *parent, const char *id, double x, double y,
                          double w, double h, nl_constraint **out4) {
    nl_view *v = nl_view_create(map), *root = nl_map_view_root(map);
    CHECK_OK(nl_view_set_identifier(v, id));
    CHECK_OK(nl_view_add_subview(parent, v));
    out4[0] = nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_LEADING), NL_EQUAL,
                                   nl_view_anchor(root, NL_ANCHOR_LEADING), 1, x);
    out4[1] = nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_TOP), NL_EQUAL,
                                   nl_view_anchor(root, NL_ANCHOR_TOP), 1, y);
    out4[2] = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_EQUAL, w);
    out4[3] = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_HEIGHT), NL_EQUAL, h);
    CHECK_OK(nl_constraints_activate(out4, 4));
    return v;
}

static void expect_order(nl_view *parent, const char *expected, const char *why) {
    char got[64] = "";
    size_t count = 0, i;
    nl_view_subview_count(parent, &count);
    for (i = 0; i < count; i++) {
        char *id = nl_view_identifier(nl_view_subview(parent, i));
        if (i > 0) strncat(got, " ", sizeof got - strlen(got) - 1);
        strncat(got, id ? id : "?", sizeof got - strlen(got) - 1);
        nl_string_free(id);
    }
    CHECK(strcmp(got, expected) == 0, "order \"%s\", expected \"%s\" — %s", got, expected, why);
}

static void test_subview_order(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_map_view *other = nl_map_view_create_preset("iphone-portrait");
    nl_view *root = nl_map_view_root(map), *a, *b, *c, *stranger = nl_view_create(map);
    nl_constraint *ca[4], *cb[4], *cc[4];
    bool active = false;
    int i;
    a = host_view(map, root, "a", 0, 100, 50, 50, ca);
    b = host_view(map, root, "b", 10, 110, 50, 50, cb);
    c = host_view(map, root, "c", 20, 120, 50, 50, cc);
    CHECK_OK(nl_view_set_identifier(stranger, "stranger"));
    expect_order(root, "a b c", "added in order");
    /* UIKit's meaning of each call. */
    CHECK_OK(nl_view_bring_subview_to_front(root, a));
    expect_order(root, "b c a", "bring a to front");
    CHECK_OK(nl_view_send_subview_to_back(root, c));
    expect_order(root, "c b a", "send c to back");
    CHECK_OK(nl_view_insert_subview_above(root, c, b));
    expect_order(root, "b c a", "c above b");
    CHECK_OK(nl_view_insert_subview_below(root, a, b));
    expect_order(root, "a b c", "a below b");
    CHECK_OK(nl_view_insert_subview_at(root, c, 0));
    expect_order(root, "c a b", "c at 0");
    CHECK_OK(nl_view_insert_subview_at(root, c, 3));
    expect_order(root, "a b c", "c at count: the top");
    CHECK_OK(nl_view_exchange_subviews(root, 0, 2));
    expect_order(root, "c b a", "exchange 0 and 2");
    CHECK_OK(nl_view_exchange_subviews(root, 1, 1));
    CHECK_OK(nl_view_insert_subview_above(root, b, b));
    expect_order(root, "c b a", "equal indices, above itself: no change");
    /* Moving within the superview keeps constraints and frames. */
    for (i = 0; i < 4; i++) {
        CHECK_OK(nl_constraint_is_active(ca[i], &active));
        CHECK(active, "a's constraint %d stays active", i);
        CHECK_OK(nl_constraint_is_active(cc[i], &active));
        CHECK(active, "c's constraint %d stays active", i);
    }
    FRAME(map, "a", 0, 100, 50, 50, "its own constants");
    FRAME(map, "c", 20, 120, 50, 50, "its own constants");
    /* A fresh view joins at the index given. */
    CHECK_OK(nl_view_insert_subview_at(root, stranger, 1));
    expect_order(root, "c stranger b a", "a new view at 1");
    CHECK_OK(nl_view_remove_from_superview(stranger));
    /* Errors change nothing. */
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_at(root, stranger, 4), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("index 4");
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_at(root, stranger, SIZE_MAX), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("18446744073709551615");
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_above(root, stranger, stranger), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("stranger");
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_below(root, stranger, NULL), NL_ERR_INVALID_HANDLE);
    CHECK_FAILS_UNCHANGED(map, nl_view_bring_subview_to_front(root, stranger), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_send_subview_to_back(root, stranger), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_exchange_subviews(root, 0, 3), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_exchange_subviews(root, SIZE_MAX, 0), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_at(root, root, 0), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_at(a, root, 0), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_at(NULL, a, 0), NL_ERR_INVALID_HANDLE);
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_above(root, stranger, nl_map_view_root(other)),
                          NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("another map view");
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_at(nl_map_view_root(other), a, 0), NL_ERR_INVALID_ARGUMENT);
    expect_order(root, "c b a", "after the refused calls");
    (void)b;
    nl_map_view_destroy(other);
    nl_map_view_destroy(map);
}

static int prompt_covered(nl_map_view *map, nl_view *prompt, nl_view *eta) {
    return diagnostics_of(map, NL_DIAG_OVERLAP, prompt, eta) == 1;
}

static void test_covered_prompt_follows_order(void) {
    nl_map_view *map = with_sample();
    nl_view *root = nl_map_view_root(map), *prompt, *eta;
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    prompt = find_view(map, "incidentPrompt");
    eta = find_view(map, "etaCard");
    CHECK(prompt != NULL && eta != NULL, "prompt and ETA card on screen");
    /* docs/behaviour.md#expected-frames: prompt (0, 732, 393, 120) over the ETA card (0, 746, 393, 106); no diagnostics. */
    CHECK(all_diagnostics(map) == 0, "the sample has no diagnostics");
    CHECK_OK(nl_view_send_subview_to_back(root, prompt));
    CHECK(prompt_covered(map, prompt, eta), "below the card: covered (docs/behaviour.md#overlap)");
    CHECK_OK(nl_view_bring_subview_to_front(root, prompt));
    CHECK(!prompt_covered(map, prompt, eta), "on top again");
    CHECK_OK(nl_view_insert_subview_below(root, prompt, eta));
    CHECK(prompt_covered(map, prompt, eta), "directly below the card");
    CHECK_OK(nl_view_insert_subview_above(root, prompt, eta));
    CHECK(!prompt_covered(map, prompt, eta), "directly above the card");
    CHECK_OK(nl_view_exchange_subviews(root, index_of(root, prompt), index_of(root, eta)));
    CHECK(prompt_covered(map, prompt, eta), "exchanged with the card");
    CHECK_OK(nl_view_insert_subview_at(root, prompt, 0));
    CHECK(prompt_covered(map, prompt, eta), "at 0");
    CHECK_OK(nl_view_insert_subview_at(root, prompt, 0));
    {
        size_t count = 0;
        nl_view_subview_count(root, &count);
        CHECK_OK(nl_view_insert_subview_at(root, prompt, count));
    }
    CHECK(!prompt_covered(map, prompt, eta), "at count: the top");
    FRAME(map, "incidentPrompt", 0, 732, 393, 120, "docs/behaviour.md#expected-frames: reordering kept its constraints");
    FRAME(map, "viewport", 0, 163, 393, 569, "docs/behaviour.md#expected-frames, prompt shown");
    CHECK(all_diagnostics(map) == 0, "back to no diagnostics");
    nl_map_view_destroy(map);
}

/* ---- item 2: speed widget ------------------------------------------------------------------ */

static void expect_widget(nl_map_view *map, nl_speed_widget_mode mode, double w, double h, const char *why) {
    nl_speed_widget_mode got = (nl_speed_widget_mode)99;
    nl_rect r;
    CHECK_OK(nl_map_view_speed_widget_mode(map, &got));
    CHECK(got == mode, "mode %d, expected %d — %s", (int)got, (int)mode, why);
    /* The built-in layout in active guidance puts the widget on the logo, whose top is 714. */
    r = frame_of(map, "speedWidget");
    CHECK_RECT(r, 0, 714 - h, w, h, why);
}

static void test_speed_widget(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    bool a = false, b = false;
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_map_view_should_display_speedometer(map, &a));
    CHECK_OK(nl_map_view_should_display_speed_limit(map, &b));
    CHECK(a && b, "both settings default to true");
    CHECK_OK(nl_map_view_speed_data(map, &a, &b));
    CHECK(a && b, "both readings known by default");
    expect_widget(map, NL_SPEED_WIDGET_BOTH, 64, 136, "defaults: both, 64 x 136");
    CHECK_OK(nl_map_view_set_should_display_speedometer(map, false));
    expect_widget(map, NL_SPEED_WIDGET_SPEED_LIMIT, 64, 64, "speedometer off");
    CHECK_OK(nl_map_view_set_should_display_speed_limit(map, false));
    expect_widget(map, NL_SPEED_WIDGET_NONE, 0, 0, "both off");
    CHECK_OK(nl_map_view_set_should_display_speedometer(map, true));
    expect_widget(map, NL_SPEED_WIDGET_SPEEDOMETER, 64, 64, "limit off");
    CHECK_OK(nl_map_view_set_should_display_speed_limit(map, true));
    CHECK_OK(nl_map_view_set_speed_data(map, false, true));
    expect_widget(map, NL_SPEED_WIDGET_SPEED_LIMIT, 64, 64, "no speed known");
    CHECK_OK(nl_map_view_set_speed_data(map, true, false));
    expect_widget(map, NL_SPEED_WIDGET_SPEEDOMETER, 64, 64, "no limit known");
    CHECK_OK(nl_map_view_set_should_display_speedometer(map, false));
    expect_widget(map, NL_SPEED_WIDGET_NONE, 0, 0, "the known reading is switched off");
    CHECK_OK(nl_map_view_speed_data(map, NULL, &b));
    CHECK(!b, "one out-pointer may be NULL");
    CHECK_STATUS(nl_map_view_speed_data(map, NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    /* The deprecated setter feeds the data its mode implies. */
    CHECK_OK(nl_map_view_set_should_display_speedometer(map, true));
    CHECK_OK(nl_map_view_set_speed_widget_mode(map, NL_SPEED_WIDGET_BOTH));
    expect_widget(map, NL_SPEED_WIDGET_BOTH, 64, 136, "settings on: the mode set, as before");
    CHECK_OK(nl_map_view_set_should_display_speed_limit(map, false));
    CHECK_OK(nl_map_view_set_speed_widget_mode(map, NL_SPEED_WIDGET_SPEED_LIMIT));
    expect_widget(map, NL_SPEED_WIDGET_NONE, 0, 0, "limit only, but the limit is switched off: derived");
    CHECK_OK(nl_map_view_speed_data(map, &a, &b));
    CHECK(!a && b, "the shorthand fed (no speed, a limit)");
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_speed_widget_mode(map, (nl_speed_widget_mode)4), NL_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nl_map_view_set_speed_data(NULL, true, true), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_map_view_should_display_speedometer(map, NULL), NL_ERR_INVALID_ARGUMENT);
    nl_map_view_destroy(map);
}

/* ---- item 3: re-center button -------------------------------------------------------------- */

static void test_recenter_button(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    bool on = false;
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_map_view_recenter_button_enabled(map, &on));
    CHECK(on, "default true");
    CHECK_OK(nl_map_view_pan(map));
    FRAME(map, "googleLogo", 0, 698, 136, 48, "the re-center button on 746");
    CHECK_OK(nl_map_view_set_recenter_button_enabled(map, false));
    FRAME(map, "googleLogo", 0, 714, 72, 32, "disabled: the logo again");
    CHECK_OK(nl_map_view_showing_recenter_button(map, &on));
    CHECK(!on, "not showing the button");
    CHECK_OK(nl_map_view_set_recenter_button_enabled(map, true));
    FRAME(map, "googleLogo", 0, 698, 136, 48, "enabled while panned: the button");
    CHECK_OK(nl_map_view_recenter(map));
    CHECK_OK(nl_map_view_set_recenter_button_enabled(map, false));
    CHECK_OK(nl_map_view_pan(map));
    FRAME(map, "googleLogo", 0, 714, 72, 32, "disabled: panning keeps the logo");
    CHECK_OK(nl_map_view_recenter_button_enabled(map, &on));
    CHECK(!on, "reads back false");
    CHECK_STATUS(nl_map_view_recenter_button_enabled(map, NULL), NL_ERR_INVALID_ARGUMENT);
    nl_map_view_destroy(map);
}

/* ---- item 4: legacy padding adjustment and accessory invalidation ---------------------------- */

/* The camera of iphone-portrait (393 x 852) with padding (t, l, b, r): its vehicle point is the
 * centre of the map inset by it (docs/behaviour.md#camera-framing). */
static void expect_camera(nl_map_view *map, double t, double l, double b, double r, const char *why) {
    check_camera(map, t, l, b, r, (l + 393 - r) / 2, (t + 852 - b) / 2, why);
}

static void test_padding_adjustment(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_padding_adjustment_behavior got = (nl_padding_adjustment_behavior)9;
    nl_insets pad = {10, 5, 40, 0};
    CHECK_OK(nl_map_view_padding_adjustment_behavior(map, &got));
    CHECK(got == NL_PADDING_ADJUSTMENT_ALWAYS, "default always");
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_set_padding(map, pad));
    /* Ready: viewport padding (59, 0, 34, 0) is all safe area. */
    expect_camera(map, 69, 5, 74, 0, "always: safe area + padding");
    CHECK_OK(nl_map_view_set_padding_adjustment_behavior(map, NL_PADDING_ADJUSTMENT_AUTOMATIC));
    expect_camera(map, 59, 5, 40, 0, "automatic: the larger per edge");
    CHECK_OK(nl_map_view_set_padding_adjustment_behavior(map, NL_PADDING_ADJUSTMENT_NEVER));
    expect_camera(map, 10, 5, 40, 0, "never: the padding alone");
    CHECK_OK(nl_map_view_start_guidance(map));
    /* Active: the turn card takes 104 beyond the safe 59, the ETA card 72 beyond the safe 34. */
    expect_camera(map, 114, 5, 112, 0, "never: 104 + 10, 72 + 40");
    CHECK_OK(nl_map_view_set_padding_adjustment_behavior(map, NL_PADDING_ADJUSTMENT_AUTOMATIC));
    expect_camera(map, 163, 5, 112, 0, "automatic: 104 + max(59, 10), 72 + max(34, 40)");
    CHECK_OK(nl_map_view_padding_adjustment_behavior(map, &got));
    CHECK(got == NL_PADDING_ADJUSTMENT_AUTOMATIC, "reads back");
    CHECK_FAILS_UNCHANGED(map, nl_map_view_set_padding_adjustment_behavior(map, (nl_padding_adjustment_behavior)3),
                          NL_ERR_INVALID_ARGUMENT);
    FRAME(map, "viewport", 0, 163, 393, 583, "frames do not change");
    nl_map_view_destroy(map);
}

static void test_invalidate_accessory(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *accessory = nl_view_create(map), *other = nl_view_create(map);
    CHECK_OK(nl_view_set_identifier(accessory, "accessory"));
    CHECK_OK(nl_view_set_intrinsic_size(accessory, NL_NO_INTRINSIC_METRIC, 40));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_map_view_set_header_accessory_view(map, accessory));
    FRAME(map, "accessory", 0, 163, 393, 40, "under the turn card, height read: 40");
    CHECK_OK(nl_view_set_intrinsic_size(accessory, NL_NO_INTRINSIC_METRIC, 60));
    FRAME(map, "accessory", 0, 163, 393, 40, "the layout keeps the height it read");
    CHECK_OK(nl_map_view_invalidate_layout_for_accessory_view(map, accessory));
    FRAME(map, "accessory", 0, 163, 393, 60, "read again: 60");
    FRAME(map, "viewport", 0, 223, 393, 523, "starts under it: 163 + 60 ... 746");
    CHECK_FAILS_UNCHANGED(map, nl_map_view_invalidate_layout_for_accessory_view(map, other), NL_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nl_map_view_invalidate_layout_for_accessory_view(map, NULL), NL_ERR_INVALID_HANDLE);
    nl_map_view_destroy(map);
}

static void test_legacy_ignored_under_delegate(void) {
    nl_map_view *map = with_sample();
    nl_view *any = nl_view_create(map);
    nl_padding_adjustment_behavior got = (nl_padding_adjustment_behavior)9;
    size_t count = 0, i, n = 0;
    CHECK_OK(nl_map_view_set_padding_adjustment_behavior(map, NL_PADDING_ADJUSTMENT_NEVER));
    CHECK_OK(nl_map_view_invalidate_layout_for_accessory_view(map, any));
    CHECK_OK(nl_map_view_padding_adjustment_behavior(map, &got));
    CHECK(got == NL_PADDING_ADJUSTMENT_ALWAYS, "ignored: still the default");
    CHECK_OK(nl_map_view_diagnostic_count(map, &count));
    for (i = 0; i < count; i++) {
        nl_diagnostic d;
        CHECK_OK(diagnostic_at(map, i, &d));
        if (d.code != NL_DIAG_LEGACY_API_IGNORED) continue;
        n++;
        CHECK(strncmp(d.message, n == 1 ? "paddingAdjustmentBehavior " : "invalidateLayout(forAccessoryView:) ",
                      n == 1 ? 26 : 36) == 0, "message: %s", d.message);
    }
    CHECK(n == 2, "two legacy uses reported, got %zu", n);
    expect_camera(map, 59, 0, 34, 0, "the viewport alone frames the camera");
    nl_map_view_destroy(map);
}

/* ---- item 5: SDK components' internal structure --------------------------------------------- */

static void test_components_refuse_subviews(void) {
    nl_map_view *map = with_sample();
    nl_view *badge = nl_view_create(map), *eta, *turn, *logo;
    nl_guide *guide = nl_guide_create(map);
    size_t n = 9;
    CHECK_OK(nl_map_view_start_guidance(map));
    eta = find_view(map, "etaCard");
    turn = find_view(map, "turnCard");
    CHECK(eta != NULL && turn != NULL, "cards on screen");
    CHECK_FAILS_UNCHANGED(map, nl_view_add_subview(turn, badge), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("turnCard is an SDK component");
    CHECK_FAILS_UNCHANGED(map, nl_view_insert_subview_at(eta, badge, 0), NL_ERR_INVALID_ARGUMENT);
    CHECK_FAILS_UNCHANGED(map, nl_view_add_layout_guide(eta, guide), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("etaCard");
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_TRAFFIC));
    CHECK_FAILS_UNCHANGED(map, nl_view_add_subview(find_view(map, "trafficPrompt"), badge), NL_ERR_INVALID_ARGUMENT);
    /* The logo, found by role, refuses the same way. */
    logo = NULL;
    {
        nl_view *root = nl_map_view_root(map);
        size_t count = 0, i;
        nl_view_subview_count(root, &count);
        for (i = 0; i < count && logo == NULL; i++) {
            char *role = nl_view_role(nl_view_subview(root, i));
            if (role != NULL && strcmp(role, "googleLogo") == 0) logo = nl_view_subview(root, i);
            nl_string_free(role);
        }
    }
    CHECK(logo != NULL, "the logo by role");
    CHECK_FAILS_UNCHANGED(map, nl_view_add_subview(logo, badge), NL_ERR_INVALID_ARGUMENT);
    CHECK_OK(nl_view_subview_count(eta, &n));
    CHECK(n == 0, "nothing inside the ETA card");
    CHECK(nl_view_superview(badge) == NULL, "the badge was not added anywhere");
    nl_map_view_destroy(map);
}

/* ---- item 6: leftovers after disable_navigation_ui, and reentrancy of the speed calls ------ */

typedef struct leftover_delegate {
    nl_view *card, *inner;
    nl_guide *guide;
    nl_view *logo, *viewport;
    int leave;                       /* leave card and guide behind on disable */
    nl_status speed_data_inside;     /* nl_map_view_set_speed_data from inside a callback */
    nl_status setting_inside;        /* nl_map_view_set_should_display_speed_limit from inside */
} leftover_delegate;

static void leftover_enable(void *ud, nl_map_view *map, const nl_ui_state *state) {
    leftover_delegate *d = ud;
    nl_view *root = nl_map_view_root(map);
    d->logo = nl_ui_state_google_logo(state);
    d->viewport = nl_ui_state_viewport(state);
    nl_view_add_subview(root, d->viewport);
    nl_view_add_subview(root, d->logo);
    nl_view_add_subview(root, d->card);
    nl_view_add_subview(d->card, d->inner);
    nl_view_add_layout_guide(root, d->guide);
    d->speed_data_inside = nl_map_view_set_speed_data(map, false, false);
    d->setting_inside = nl_map_view_set_should_display_speed_limit(map, false);
}

static void leftover_disable(void *ud, nl_map_view *map, const nl_ui_state *state) {
    leftover_delegate *d = ud;
    (void)map;
    (void)state;
    nl_view_remove_from_superview(d->logo);
    nl_view_remove_from_superview(d->viewport);
    if (!d->leave) {
        nl_view_remove_from_superview(d->card);
        nl_view_remove_layout_guide(nl_map_view_root(map), d->guide);
    }
}

static void test_state_exit_leftovers(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *root = nl_map_view_root(map), *before = nl_view_create(map), *after = nl_view_create(map);
    leftover_delegate d;
    nl_layout_delegate del;
    bool display = true;
    memset(&d, 0, sizeof d);
    memset(&del, 0, sizeof del);
    d.card = nl_view_create(map);
    d.inner = nl_view_create(map);
    d.guide = nl_guide_create(map);
    d.leave = 1;
    CHECK_OK(nl_view_set_identifier(d.card, "orderCard"));
    CHECK_OK(nl_view_add_subview(root, before));   /* the host's own, from before navigation */
    del.struct_size = sizeof del;
    del.user_data = &d;
    del.enable_navigation_ui = leftover_enable;
    del.disable_navigation_ui = leftover_disable;
    CHECK_OK(nl_map_view_set_layout_delegate(map, &del));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(d.speed_data_inside == NL_ERR_REENTRANT, "set_speed_data is an event: refused in a callback (got %s)",
          nl_status_name(d.speed_data_inside));
    CHECK(d.setting_inside == NL_OK, "a display setting is not an event");
    CHECK_OK(nl_map_view_should_display_speed_limit(map, &display));
    CHECK(!display, "the setting took effect");
    CHECK(diagnostics_of(map, NL_DIAG_STALE_COMPONENT, NULL, NULL) == 0, "in navigation: the delegate's business");
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    CHECK(diagnostics_of(map, NL_DIAG_STALE_COMPONENT, d.card, NULL) == 1, "the card left behind");
    CHECK(diagnostics_of(map, NL_DIAG_STALE_COMPONENT, d.guide, NULL) == 1, "the guide left behind (as nl_view*)");
    CHECK(diagnostics_of(map, NL_DIAG_STALE_COMPONENT, NULL, NULL) == 2, "not the view inside the card, nor the host's own");
    CHECK_OK(nl_view_add_subview(root, after));   /* the host's, after navigation: not reported */
    CHECK_OK(nl_view_remove_from_superview(d.card));
    CHECK(diagnostics_of(map, NL_DIAG_STALE_COMPONENT, NULL, NULL) == 1, "only the guide now");
    CHECK_OK(nl_view_remove_layout_guide(root, d.guide));
    CHECK(diagnostics_of(map, NL_DIAG_STALE_COMPONENT, NULL, NULL) == 0, "cleaned up");
    /* A delegate that cleans up leaves nothing to report. */
    d.leave = 0;
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    CHECK(diagnostics_of(map, NL_DIAG_STALE_COMPONENT, NULL, NULL) == 0, "nothing left");
    nl_map_view_destroy(map);
}

int main(void) {
    test_subview_order();
    test_covered_prompt_follows_order();
    test_speed_widget();
    test_recenter_button();
    test_padding_adjustment();
    test_invalidate_accessory();
    test_legacy_ignored_under_delegate();
    test_components_refuse_subviews();
    test_state_exit_leftovers();
    return check_summary("test_seed_rules");
}
