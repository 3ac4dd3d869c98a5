/*
 * Issue 17, item 4: legacy calls never reorder a host's views.
 *
 * With the built-in layout, navigation enabled and a host view added last to the root, a legacy
 * call that changes nothing — nl_map_view_set_padding to its default (0, 0, 0, 0), the first
 * nl_map_view_set_navigation_header_enabled(true) (the default), every other setter at its
 * default — changes nothing: before the fix each rebuilt the built-in layout, which removed and
 * re-added the SDK components and so moved the host view below them. The first
 * nl_map_view_legacy_guide call (which does change something: the guide gets constraints) and a
 * real change (header off and on again) keep the host view where it was too. Under a custom
 * delegate no legacy call touches the delegate's hierarchy (subviews, their order, frames).
 * Issue 16's legacy calls (padding adjustment, the accessory's invalidation, the re-center
 * setting) are covered the same way.
 * Fails before the fix at the first padding call (host view no longer the last subview).
 */
#include "check.h"
#include "sample_delegate.h"

/* The identifiers of the root's subviews, back to front, joined by spaces. */
static void order(nl_map_view *map, char *out, size_t cap) {
    nl_view *root = nl_map_view_root(map);
    size_t n = 0, i, used = 0;
    out[0] = 0;
    nl_view_subview_count(root, &n);
    for (i = 0; i < n; i++) {
        char *id = nl_view_identifier(nl_view_subview(root, i));
        used += (size_t)snprintf(out + used, used < cap ? cap - used : 0, "%s%s", i ? " " : "", id ? id : "?");
        nl_string_free(id);
    }
}

static int host_is_last(nl_map_view *map, const char *why) {
    char o[512];
    const char *last;
    order(map, o, sizeof o);
    last = strrchr(o, ' ');
    last = last ? last + 1 : o;
    CHECK(strcmp(last, "host") == 0, "after %s the host view is no longer in front: %s", why, o);
    return strcmp(last, "host") == 0;
}

static nl_map_view *builtin_with_host(nl_view **host_out) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *host = nl_view_create(map);
    nl_view_set_identifier(host, "host");
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_view_add_subview(nl_map_view_root(map), host));
    *host_out = host;
    return map;
}

static void test_noop_setters_builtin(void) {
    nl_view *host;
    nl_map_view *map = builtin_with_host(&host);
    char before[512], after[512];
    layout_record r0, r1;
    order(map, before, sizeof before);
    record_layout(map, &r0);
    host_is_last(map, "adding it");
    CHECK_OK(nl_map_view_set_padding(map, (nl_insets){0, 0, 0, 0}));
    host_is_last(map, "set_padding(0, 0, 0, 0), the default");
    CHECK_OK(nl_map_view_set_navigation_header_enabled(map, true));
    host_is_last(map, "the first set_navigation_header_enabled(true), the default");
    CHECK_OK(nl_map_view_set_navigation_footer_enabled(map, true));
    CHECK_OK(nl_map_view_set_navigation_trip_progress_bar_enabled(map, true));
    CHECK_OK(nl_map_view_set_navigation_report_incident_button_enabled(map, true));
    CHECK_OK(nl_map_view_set_header_accessory_view(map, NULL));
    /* issue 16's settings at their defaults too: padding adjustment ALWAYS, re-center enabled */
    CHECK_OK(nl_map_view_set_padding_adjustment_behavior(map, NL_PADDING_ADJUSTMENT_ALWAYS));
    CHECK_OK(nl_map_view_set_recenter_button_enabled(map, true));
    host_is_last(map, "the other setters at their defaults");
    order(map, after, sizeof after);
    CHECK(strcmp(before, after) == 0, "no-op legacy calls changed the subviews: %s -> %s", before, after);
    record_layout(map, &r1);
    CHECK(same_layout(&r0, &r1), "no-op legacy calls changed the layout");
    CHECK_OK(nl_map_view_destroy(map));
}

static void test_guide_and_real_changes_keep_host_order(void) {
    nl_view *host;
    nl_map_view *map = builtin_with_host(&host);
    nl_guide *g;
    nl_rect r;
    g = nl_map_view_legacy_guide(map, NL_LEGACY_GUIDE_NAVIGATION_HEADER);
    CHECK(g != NULL, "legacy guide");
    host_is_last(map, "the first nl_map_view_legacy_guide");
    /* the guide follows the turn card: (0, 0, 393, 163) on iphone-portrait (test_builtin.c) */
    CHECK_OK(nl_guide_frame(g, &r));
    CHECK_RECT(r, 0, 0, 393, 163, "the turn card's frame, docs/behaviour.md#built-in-layout-and-legacy-apis");
    /* a real change: the turn card leaves and comes back; the host view stays in front */
    CHECK_OK(nl_map_view_set_navigation_header_enabled(map, false));
    host_is_last(map, "set_navigation_header_enabled(false)");
    CHECK(frame_of(map, "turnCard").x != frame_of(map, "turnCard").x, "no turn card with the header off");
    CHECK_OK(nl_map_view_set_navigation_header_enabled(map, true));
    host_is_last(map, "set_navigation_header_enabled(true) after false");
    {
        char o[512];
        order(map, o, sizeof o);
        /* the built-in layout's own order (turn card first, at the back) is kept too */
        CHECK(strncmp(o, "turnCard ", 9) == 0, "the turn card came back at the back: %s", o);
    }
    CHECK_OK(nl_map_view_set_padding(map, (nl_insets){10, 0, 0, 0}));
    host_is_last(map, "set_padding(10, 0, 0, 0)");
    /* an accessory view (a host view the built-in layout places under the turn card) and its
       invalidation rebuild the layout: the host view stays in front */
    {
        nl_view *accessory = nl_view_create(map);
        nl_view_set_identifier(accessory, "accessory");
        CHECK_OK(nl_view_set_intrinsic_size(accessory, NL_NO_INTRINSIC_METRIC, 40));
        CHECK_OK(nl_map_view_set_header_accessory_view(map, accessory));
        host_is_last(map, "set_header_accessory_view");
        CHECK_OK(nl_view_set_intrinsic_size(accessory, NL_NO_INTRINSIC_METRIC, 60));
        CHECK_OK(nl_map_view_invalidate_layout_for_accessory_view(map, accessory));
        host_is_last(map, "invalidate_layout_for_accessory_view");
        CHECK_OK(nl_map_view_set_padding_adjustment_behavior(map, NL_PADDING_ADJUSTMENT_NEVER));
        host_is_last(map, "set_padding_adjustment_behavior(NEVER)");
    }
    CHECK_OK(nl_map_view_destroy(map));
}

static void test_custom_delegate_untouched(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *host = nl_view_create(map);
    char before[512], after[512];
    layout_record r0, r1;
    int k;
    nl_view_set_identifier(host, "host");
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_view_add_subview(nl_map_view_root(map), host));
    order(map, before, sizeof before);
    record_layout(map, &r0);
    CHECK_OK(nl_map_view_set_padding(map, (nl_insets){0, 0, 0, 0}));
    CHECK_OK(nl_map_view_set_padding(map, (nl_insets){5, 5, 5, 5}));
    CHECK_OK(nl_map_view_set_navigation_header_enabled(map, false));
    CHECK_OK(nl_map_view_set_navigation_footer_enabled(map, false));
    CHECK_OK(nl_map_view_set_navigation_trip_progress_bar_enabled(map, false));
    CHECK_OK(nl_map_view_set_navigation_report_incident_button_enabled(map, false));
    CHECK_OK(nl_map_view_set_header_accessory_view(map, host));
    CHECK_OK(nl_map_view_set_padding_adjustment_behavior(map, NL_PADDING_ADJUSTMENT_AUTOMATIC));
    /* the accessory under a custom delegate: nothing to rebuild (the call succeeds or is refused;
       either way the delegate's hierarchy stays as it was) */
    (void)nl_map_view_invalidate_layout_for_accessory_view(map, host);
    for (k = 0; k < 4; k++) CHECK(nl_map_view_legacy_guide(map, (nl_legacy_guide)k) != NULL, "guide %d", k);
    order(map, after, sizeof after);
    CHECK(strcmp(before, after) == 0, "legacy calls under a custom delegate changed its subviews: %s -> %s", before, after);
    record_layout(map, &r1);
    CHECK(same_layout(&r0, &r1), "legacy calls under a custom delegate changed its layout");
    CHECK_OK(nl_map_view_destroy(map));
}

int main(void) {
    test_noop_setters_builtin();
    test_guide_and_real_changes_keep_host_order();
    test_custom_delegate_untouched();
    return check_summary("legacy_order");
}
