/*
 * Issue 16 item 8 through the C API: view labels, element flags and traits, the SDK components'
 * own labels, the map view's element order (computed and host-set) and the four accessibility
 * diagnostics (NL_DIAG_HIT_TARGET_TOO_SMALL 16 ... NL_DIAG_ACCESSIBILITY_ORDER_SKIPS_COMPONENT 19).
 *
 * Frames: the C sample delegate on iphone-portrait (docs/behaviour.md#expected-frames): ready compass (337, 762), logo
 * (0, 786); guidance turn card top 0, reporting 626, compass 690, logo 714, ETA card 746; the
 * incident prompt at rest at 732 pushes reporting to 612, compass 676, logo 700.
 */
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

/* The identifiers of the order in effect, joined by spaces, into `out`. */
static void order_of(nl_map_view *map, char *out, size_t size) {
    size_t count = 0, i;
    out[0] = '\0';
    CHECK_OK(nl_map_view_accessibility_element_count(map, &count));
    for (i = 0; i < count; i++) {
        char *id = nl_view_identifier(nl_map_view_accessibility_element(map, i));
        if (i > 0) strncat(out, " ", size - strlen(out) - 1);
        strncat(out, id ? id : "?", size - strlen(out) - 1);
        nl_string_free(id);
    }
}

#define CHECK_ORDER(map, expected)                                                        \
    do {                                                                                  \
        char got_[512];                                                                   \
        order_of((map), got_, sizeof got_);                                               \
        CHECK(strcmp(got_, (expected)) == 0, "order \"%s\", expected \"%s\"", got_, (expected)); \
    } while (0)

static void check_label(const nl_view *v, const char *expected) {
    char *label = nl_view_accessibility_label(v);
    CHECK(label != NULL && strcmp(label, expected) == 0, "label \"%s\", expected \"%s\"", label ? label : "(null)", expected);
    nl_string_free(label);
}

/* A host view at (x, y) from the root's leading/top edges, w x h points. */
static nl_view *host_view(nl_map_view *map, const char *id, double x, double y, double w, double h) {
    nl_view *root = nl_map_view_root(map), *v = nl_view_create(map);
    nl_constraint *c[4];
    CHECK_OK(nl_view_set_identifier(v, id));
    CHECK_OK(nl_view_set_opaque(v, false));
    CHECK_OK(nl_view_add_subview(root, v));
    c[0] = nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_LEADING), NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_LEADING), 1, x);
    c[1] = nl_constraint_create(map, nl_view_anchor(v, NL_ANCHOR_TOP), NL_EQUAL, nl_view_anchor(root, NL_ANCHOR_TOP), 1, y);
    c[2] = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_WIDTH), NL_EQUAL, w);
    c[3] = nl_constraint_create_constant(map, nl_view_anchor(v, NL_ANCHOR_HEIGHT), NL_EQUAL, h);
    CHECK_OK(nl_constraints_activate(c, 4));
    return v;
}

static nl_diagnostic diagnostic(nl_map_view *map, size_t i) {
    nl_diagnostic d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    CHECK_OK(nl_map_view_diagnostic(map, i, &d));
    return d;
}

static size_t diagnostic_count(nl_map_view *map) {
    size_t n = 99;
    CHECK_OK(nl_map_view_diagnostic_count(map, &n));
    return n;
}

static nl_map_view *sample_map(nl_layout_direction direction) {
    nl_map_options o;
    nl_map_view *map;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.width = 393;
    o.height = 852;
    o.safe_area.top = 59;
    o.safe_area.bottom = 34;
    o.layout_direction = direction;
    map = nl_map_view_create(&o);
    CHECK(map != NULL, "create: %s", nl_last_error_message());
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    return map;
}

static void test_computed_order_and_component_labels(void) {
    nl_map_view *map = sample_map(NL_LAYOUT_DIRECTION_LEFT_TO_RIGHT);
    nl_accessibility_traits t = 0;
    bool b = true;
    nl_view *logo = find_view(map, "googleLogo"), *viewport = find_view(map, "viewport");

    CHECK_ORDER(map, "compass googleLogo");   /* tops 762, 786 */
    CHECK_OK(nl_map_view_has_custom_accessibility_elements(map, &b));
    CHECK(!b, "no host order yet");
    check_label(find_view(map, "compass"), "Compass");
    CHECK_OK(nl_view_accessibility_traits(find_view(map, "compass"), &t));
    CHECK(t == NL_ACCESSIBILITY_TRAIT_BUTTON, "compass traits %llu", (unsigned long long)t);
    check_label(logo, "Google Maps");
    CHECK_OK(nl_view_accessibility_traits(logo, &t));
    CHECK(t == NL_ACCESSIBILITY_TRAIT_IMAGE, "logo traits %llu", (unsigned long long)t);
    CHECK_OK(nl_map_view_pan(map));
    check_label(logo, "Re-center");
    CHECK_OK(nl_view_accessibility_traits(logo, &t));
    CHECK(t == NL_ACCESSIBILITY_TRAIT_BUTTON, "re-center traits %llu", (unsigned long long)t);
    CHECK_OK(nl_map_view_recenter(map));
    check_label(logo, "Google Maps");
    check_label(viewport, "");
    CHECK_OK(nl_view_is_accessibility_element(viewport, &b));
    CHECK(!b, "the viewport is no accessibility element");

    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_ORDER(map, "turnCard reporting compass googleLogo etaCard");   /* 0, 626, 690, 714, 746 */
    check_label(find_view(map, "turnCard"), "Next maneuver");
    CHECK_OK(nl_view_accessibility_traits(find_view(map, "turnCard"), &t));
    CHECK(t == (NL_ACCESSIBILITY_TRAIT_HEADER | NL_ACCESSIBILITY_TRAIT_UPDATES_FREQUENTLY), "turn card traits %llu", (unsigned long long)t);
    check_label(find_view(map, "etaCard"), "Estimated arrival");
    check_label(find_view(map, "reporting"), "Report an incident");

    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    CHECK_ORDER(map, "turnCard reporting compass googleLogo incidentPrompt etaCard");   /* 612 676 700 732 746 */
    check_label(find_view(map, "incidentPrompt"), "Incident ahead");
    CHECK(diagnostic_count(map) == 0, "the prompt state of docs/behaviour.md#expected-frames: no diagnostics");
    nl_map_view_destroy(map);
}

static void test_right_to_left_rows(void) {
    nl_map_view *map = sample_map(NL_LAYOUT_DIRECTION_RIGHT_TO_LEFT);
    nl_view *a = host_view(map, "a", 20, 100, 50, 50), *b = host_view(map, "b", 300, 100, 50, 50);
    CHECK_OK(nl_view_set_accessibility_element(a, true));
    CHECK_OK(nl_view_set_accessibility_element(b, true));
    /* Leading edges mirror: a at x 393-20-50 = 323 (right edge 373), b at 43 (right edge 93):
     * read from the right, a first, as in left-to-right. The row (top 100) precedes the compass
     * (762) and the logo (786). */
    CHECK_ORDER(map, "a b compass googleLogo");
    nl_map_view_destroy(map);
}

static void test_host_attributes_and_errors(void) {
    nl_map_view *map = sample_map(NL_LAYOUT_DIRECTION_LEFT_TO_RIGHT), *other = nl_map_view_create_preset("iphone-se");
    nl_view *v = nl_view_create(map), *compass = find_view(map, "compass"), *logo = find_view(map, "googleLogo");
    nl_view *list[3];
    nl_accessibility_traits t = 99;
    bool b = true;

    check_label(v, "");
    CHECK_OK(nl_view_is_accessibility_element(v, &b));
    CHECK(!b, "a host view starts as a container, as a UIView");
    CHECK_OK(nl_view_accessibility_traits(v, &t));
    CHECK(t == 0, "no traits");
    CHECK_OK(nl_view_set_accessibility_traits(v, NL_ACCESSIBILITY_TRAIT_LINK | NL_ACCESSIBILITY_TRAIT_SELECTED));
    CHECK_STATUS(nl_view_set_accessibility_traits(v, (nl_accessibility_traits)1 << 10), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("bits 0x400 of 0x400 are not NL_ACCESSIBILITY_TRAIT_* values");
    CHECK_OK(nl_view_accessibility_traits(v, &t));
    CHECK(t == 258, "unchanged after the refused call: link 2 | selected 256, got %llu", (unsigned long long)t);
    CHECK_OK(nl_view_set_accessibility_label(v, "Order 42"));
    check_label(v, "Order 42");
    CHECK_OK(nl_view_set_accessibility_label(compass, "Kompass"));
    check_label(compass, "Kompass");
    CHECK_OK(nl_view_set_accessibility_label(compass, NULL));   /* the SDK's own again */
    check_label(compass, "Compass");
    CHECK_STATUS(nl_view_set_accessibility_label(NULL, "x"), NL_ERR_INVALID_HANDLE);
    CHECK(nl_view_accessibility_label(NULL) == NULL, "NULL view: NULL label");
    CHECK_STATUS(nl_view_is_accessibility_element(v, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nl_view_accessibility_traits(v, NULL), NL_ERR_INVALID_ARGUMENT);

    /* Host orders: errors change nothing. */
    list[0] = logo;
    list[1] = compass;
    CHECK_OK(nl_map_view_set_accessibility_elements(map, list, 2));
    CHECK_ORDER(map, "googleLogo compass");
    list[1] = logo;
    CHECK_STATUS(nl_map_view_set_accessibility_elements(map, list, 2), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("googleLogo appears twice in the accessibility elements of map");
    list[1] = nl_map_view_root(map);
    CHECK_STATUS(nl_map_view_set_accessibility_elements(map, list, 2), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("cannot list map itself");
    list[1] = nl_map_view_root(other);
    CHECK_STATUS(nl_map_view_set_accessibility_elements(map, list, 2), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("elements[1] (view handle 0x");
    CHECK_MESSAGE_HAS("belongs to another map view");
    list[1] = NULL;
    CHECK_STATUS(nl_map_view_set_accessibility_elements(map, list, 2), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("elements[1] is NULL");
    list[1] = (nl_view *)(uintptr_t)0x1234;
    CHECK_STATUS(nl_map_view_set_accessibility_elements(map, list, 2), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_map_view_set_accessibility_elements(map, NULL, 1), NL_ERR_INVALID_ARGUMENT);
    CHECK_ORDER(map, "googleLogo compass");
    CHECK(nl_map_view_accessibility_element(map, 2) == NULL, "index 2 of 2");
    CHECK(nl_last_error_status() == NL_ERR_INVALID_ARGUMENT, "out of range: %s", nl_status_name(nl_last_error_status()));
    CHECK_STATUS(nl_map_view_accessibility_element_count(map, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nl_map_view_accessibility_element_count(NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_OK(nl_map_view_set_accessibility_elements(map, NULL, 0));
    CHECK_OK(nl_map_view_has_custom_accessibility_elements(map, &b));
    CHECK(!b, "NULL, 0: back to the computed order");
    CHECK_ORDER(map, "compass googleLogo");
    nl_map_view_destroy(other);
    nl_map_view_destroy(map);
}

static void test_diagnostics(void) {
    nl_map_view *map = sample_map(NL_LAYOUT_DIRECTION_LEFT_TO_RIGHT);
    nl_view *button, *label, *cover, *list[2];
    nl_diagnostic d;
    size_t n;
    bool b = false;

    /* A 40 x 44 button without a label: 16 (size) and 17 (label), in that order. */
    button = host_view(map, "closeButton", 10, 100, 40, 44);
    CHECK_OK(nl_view_set_accessibility_traits(button, NL_ACCESSIBILITY_TRAIT_BUTTON));
    n = diagnostic_count(map);
    CHECK(n == 2, "%zu diagnostics, expected 2", n);
    d = diagnostic(map, 0);
    CHECK(d.code == NL_DIAG_HIT_TARGET_TOO_SMALL && d.severity == NL_SEVERITY_WARNING, "code %d severity %d", d.code, d.severity);
    CHECK(d.item_count == 1 && d.items[0] == button, "item: the button");
    CHECK(strcmp(d.message, "closeButton is interactive ([button]) but 40 × 44 pt, below the 44 × 44 pt minimum hit target of Apple's Human Interface Guidelines; make it at least 44 pt on each side (e.g. width and height >= 44 constraints)") == 0, "%s", d.message);
    d = diagnostic(map, 1);
    CHECK(d.code == NL_DIAG_MISSING_ACCESSIBILITY_LABEL && d.severity == NL_SEVERITY_ERROR, "code %d severity %d", d.code, d.severity);
    CHECK(strstr(d.message, "closeButton is interactive ([button]) but has no accessibilityLabel") != NULL, "%s", d.message);
    CHECK(strstr(d.message, "not an accessibility element either") != NULL, "the button is not an element: %s", d.message);
    CHECK_OK(nl_view_set_accessibility_label(button, "Close"));
    CHECK_OK(nl_view_set_accessibility_element(button, true));
    n = diagnostic_count(map);
    CHECK(n == 1 && diagnostic(map, 0).code == NL_DIAG_HIT_TARGET_TOO_SMALL, "only the size is left");
    CHECK_OK(nl_view_set_accessibility_traits(button, NL_ACCESSIBILITY_TRAIT_STATIC_TEXT));
    CHECK(diagnostic_count(map) == 0, "not interactive: no rule");

    /* A label element under an opaque sheet added after it: 18, items (label, sheet). The sheet
     * also covers the viewport (viewportObstructed, another rule) — look for ours. */
    label = host_view(map, "eta", 100, 300, 100, 50);
    CHECK_OK(nl_view_set_accessibility_element(label, true));
    CHECK_OK(nl_view_set_accessibility_label(label, "12 min"));
    cover = host_view(map, "sheet", 50, 250, 200, 200);
    CHECK_OK(nl_view_set_opaque(cover, true));
    n = diagnostic_count(map);
    {
        size_t i, found = 0;
        for (i = 0; i < n; i++) {
            d = diagnostic(map, i);
            if (d.code != NL_DIAG_ACCESSIBILITY_ELEMENT_COVERED) continue;
            found++;
            CHECK(d.severity == NL_SEVERITY_WARNING && d.item_count == 2 && d.items[0] == label && d.items[1] == cover,
                  "items (eta, sheet)");
        }
        CHECK(found == 1, "%zu accessibilityElementCovered, expected 1", found);
    }
    CHECK_OK(nl_view_set_opaque(cover, false));
    CHECK(diagnostic_count(map) == 0, "a see-through sheet covers nothing");

    /* A host order without the logo and the compass: 19 for each, in component order. */
    list[0] = label;
    CHECK_OK(nl_map_view_set_accessibility_elements(map, list, 1));
    CHECK_OK(nl_map_view_has_custom_accessibility_elements(map, &b));
    CHECK(b, "host order set");
    CHECK_ORDER(map, "eta");
    n = diagnostic_count(map);
    CHECK(n == 2, "%zu diagnostics, expected 2", n);
    d = diagnostic(map, 0);
    CHECK(d.code == NL_DIAG_ACCESSIBILITY_ORDER_SKIPS_COMPONENT && d.severity == NL_SEVERITY_ERROR && d.items[0] == find_view(map, "googleLogo"),
          "logo skipped first (code %d)", d.code);
    CHECK(strcmp(d.message, "VoiceOver cannot reach googleLogo, a visible SDK component (label \"Google Maps\"): the accessibilityElements of map list neither it nor a container that holds it; add googleLogo to that order (or set it to nil for the computed order)") == 0, "%s", d.message);
    d = diagnostic(map, 1);
    CHECK(d.code == NL_DIAG_ACCESSIBILITY_ORDER_SKIPS_COMPONENT && d.items[0] == find_view(map, "compass"), "then the compass");
    CHECK_OK(nl_map_view_set_accessibility_elements(map, NULL, 0));
    CHECK(diagnostic_count(map) == 0, "computed order: nothing skipped");
    nl_map_view_destroy(map);
}

int main(void) {
    test_computed_order_and_component_labels();
    test_right_to_left_rows();
    test_host_attributes_and_errors();
    test_diagnostics();
    return check_summary("test_accessibility");
}
