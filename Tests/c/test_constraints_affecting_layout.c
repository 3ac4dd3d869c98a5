/*
 * Issue 14, "why is it here?", through the C ABI: nl_view_constraints_affecting_layout and
 * nl_guide_constraints_affecting_layout on the C sample delegate (examples/c/sample_delegate.c,
 * docs/behaviour.md#acceptance-values) on iphone-portrait, 393 x 852 pt, safe area (top 59, leading 0, bottom 34, trailing 0)
 * (docs/behaviour.md#device-presets), plus the argument checks.
 *
 * Hand derivation, active guidance, vertical axis of the viewport:
 *   viewport.top = turnCard.bottom = turnCard.top + turnCard.height = map.top + 163 = 0 + 163
 *     -> viewport.top == turnCard.bottom, turnCard.top == map.top, turnCard.height == 163 (the
 *        SDK's component size: S.top 59 + header 104) and map.top == 0 (map frame);
 *   viewport.bottom = mapContentsBottom.top = mapContentsBottom.bottom - 0, and that bottom sits on
 *     the ETA card's top (the <= is at its bound: 746 < 818) = etaCard.bottom - 106 = map.bottom
 *     - 106 = 0 + 852 - 106 = 746
 *     -> viewport.bottom == mapContentsBottom.top, mapContentsBottom.height == 0,
 *        mapContentsBottom.bottom <= etaCard.top, etaCard.bottom == map.bottom, etaCard.height ==
 *        106 (component size: 72 + S.bottom 34) and map.height == 852 (map frame);
 *   the guide's resting constraint mapContentsBottom.bottom == safe.bottom @250 pulls it to 818 and
 *     loses by 72: listed, holds_exactly false.
 * Eleven constraints; the order is their activation order into the layout.
 */
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

static const char *attribute_name(nl_anchor_attribute a) {
    static const char *names[] = {"leading", "trailing", "left", "right", "top", "bottom", "width", "height", "centerX", "centerY"};
    return (unsigned)a < 10 ? names[a] : "?";
}

/* The identifier of an anchor's item (a view or a guide handle). */
static void item_name(const void *item, char *out, size_t size) {
    nl_view_kind kind;
    char *id;
    if (nl_view_kind_of((const nl_view *)item, &kind) == NL_OK) id = nl_view_identifier((const nl_view *)item);
    else id = nl_guide_identifier((const nl_guide *)item);
    snprintf(out, size, "%s", id ? id : "?");
    nl_string_free(id);
}

/* "first REL [multiplier x ]second [+ constant] [@priority] (owner) [does not hold]", as the Swift
 * tests write them (Swift's LayoutConstraint.description plus the engine kind). */
static void describe(const nl_constraint_info *c, char *out, size_t size) {
    static const char *relations[] = {"==", "<=", ">="};
    static const char *owners[] = {"", " (map frame)", " (safe area)", " (layout margins)", " (component size)",
                                   " (compression resistance)", " (content hugging)", " (hiding stack)"};
    char first[64], second[64], tail[160] = "";
    item_name(c->first.item, first, sizeof first);
    if (c->second.item != NULL) {
        item_name(c->second.item, second, sizeof second);
        snprintf(tail, sizeof tail, " %s.%s%s", second, attribute_name(c->second.attribute), "");
        if (c->constant > 0) snprintf(tail + strlen(tail), sizeof tail - strlen(tail), " + %g", c->constant);
        if (c->constant < 0) snprintf(tail + strlen(tail), sizeof tail - strlen(tail), " - %g", -c->constant);
    } else {
        snprintf(tail, sizeof tail, " %g", c->constant);
    }
    snprintf(out, size, "%s.%s %s%s%s%s%s", first, attribute_name(c->first.attribute), relations[c->relation % 3], tail,
             c->priority < 1000 ? (c->priority == 250 ? " @250" : " @?") : "",
             (unsigned)c->owner < 8 ? owners[c->owner] : " (?)", c->holds_exactly ? "" : " [does not hold]");
}

static void check_list(nl_constraint_info *infos, size_t n, const char *const *expected, size_t expected_n,
                       const char *what) {
    size_t i;
    char text[256];
    CHECK(n == expected_n, "%s: %zu constraints, expected %zu", what, n, expected_n);
    for (i = 0; i < n && i < expected_n; i++) {
        describe(&infos[i], text, sizeof text);
        CHECK(strcmp(text, expected[i]) == 0, "%s [%zu]: \"%s\", expected \"%s\"", what, i, text, expected[i]);
    }
    if (n != expected_n)
        for (i = 0; i < n; i++) { describe(&infos[i], text, sizeof text); fprintf(stderr, "  got [%zu] %s\n", i, text); }
}

/* The guide named `identifier` among the items of the viewport's vertical list (the C API has no
 * enumeration of a view's guides; the list hands out their handles). */
static nl_guide *find_guide(nl_map_view *map, const char *identifier) {
    nl_constraint_info infos[16];
    size_t n = 0, i;
    char name[64];
    infos[0].struct_size = sizeof infos[0];
    nl_view_constraints_affecting_layout(find_view(map, "viewport"), NL_AXIS_VERTICAL, infos, 16, &n);
    for (i = 0; i < n && i < 16; i++) {
        item_name(infos[i].first.item, name, sizeof name);
        if (strcmp(name, identifier) == 0) return (nl_guide *)infos[i].first.item;
    }
    return NULL;
}

int main(void) {
    static const char *const viewport_vertical[] = {
        "map.top == 0 (map frame)",
        "map.height == 852 (map frame)",
        "mapContentsBottom.height == 0",
        "mapContentsBottom.bottom == map.safeAreaLayoutGuide.bottom @250 [does not hold]",
        "turnCard.height == 163 (component size)",
        "etaCard.height == 106 (component size)",
        "turnCard.top == map.top",
        "etaCard.bottom == map.bottom",
        "mapContentsBottom.bottom <= etaCard.top",
        "viewport.top == turnCard.bottom",
        "viewport.bottom == mapContentsBottom.top",
    };
    /* The guide alone: the ETA-card chain, its zero height, the losing rest. */
    static const char *const guide_vertical[] = {
        "map.top == 0 (map frame)",
        "map.height == 852 (map frame)",
        "mapContentsBottom.height == 0",
        "mapContentsBottom.bottom == map.safeAreaLayoutGuide.bottom @250 [does not hold]",
        "etaCard.height == 106 (component size)",
        "etaCard.bottom == map.bottom",
        "mapContentsBottom.bottom <= etaCard.top",
    };
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_constraint_info infos[16], small[2];
    size_t n = 99, i;
    nl_view *viewport, *turn_card;
    nl_guide *guide;

    CHECK(map != NULL, "create");
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    viewport = find_view(map, "viewport");
    turn_card = find_view(map, "turnCard");
    CHECK(viewport != NULL && turn_card != NULL, "viewport and turn card in the hierarchy");

    memset(infos, 0, sizeof infos);
    infos[0].struct_size = sizeof infos[0];
    CHECK_OK(nl_view_constraints_affecting_layout(viewport, NL_AXIS_VERTICAL, infos, 16, &n));
    check_list(infos, n, viewport_vertical, 11, "viewport vertical");
    /* The fields of one: viewport.top == turnCard.bottom, a host constraint made through the API. */
    for (i = 0; i < n && i < 16; i++) {
        if (infos[i].second.item == (const void *)turn_card) {
            float p = 0;
            CHECK(infos[i].first.item == (const void *)viewport && infos[i].first.attribute == NL_ANCHOR_TOP, "first anchor");
            CHECK(infos[i].second.attribute == NL_ANCHOR_BOTTOM && infos[i].relation == NL_EQUAL, "second anchor");
            CHECK(infos[i].multiplier == 1 && infos[i].constant == 0 && infos[i].priority == 1000, "numbers");
            CHECK(infos[i].owner == NL_CONSTRAINT_OWNER_HOST && infos[i].holds_exactly, "host, holds");
            CHECK(infos[i].constraint != NULL, "a host constraint has its handle");
            CHECK_OK(nl_constraint_priority(infos[i].constraint, &p));
            CHECK(p == 1000, "the handle is the constraint's");
            CHECK(infos[i].identifier != NULL && strcmp(infos[i].identifier, "") == 0, "no identifier");
        }
        if (infos[i].owner != NL_CONSTRAINT_OWNER_HOST) CHECK(infos[i].constraint == NULL, "no handle for engine constraints");
    }

    /* Capacity smaller than the list: the count is still 11, two are written. */
    memset(small, 0, sizeof small);
    small[0].struct_size = sizeof small[0];
    n = 0;
    CHECK_OK(nl_view_constraints_affecting_layout(viewport, NL_AXIS_VERTICAL, small, 2, &n));
    CHECK(n == 11, "count %zu", n);
    check_list(small, 2, viewport_vertical, 2, "first two");
    /* Count only. */
    n = 0;
    CHECK_OK(nl_view_constraints_affecting_layout(viewport, NL_AXIS_VERTICAL, NULL, 0, &n));
    CHECK(n == 11, "count only: %zu", n);

    /* The guide. */
    guide = find_guide(map, "mapContentsBottom");
    CHECK(guide != NULL, "the content-bottom guide");
    memset(infos, 0, sizeof infos);
    infos[0].struct_size = sizeof infos[0];
    CHECK_OK(nl_guide_constraints_affecting_layout(guide, NL_AXIS_VERTICAL, infos, 16, &n));
    check_list(infos, n, guide_vertical, 7, "guide vertical");

    /* Bad arguments: nothing written, clear errors. */
    infos[0].struct_size = sizeof infos[0];
    CHECK_STATUS(nl_view_constraints_affecting_layout(viewport, NL_AXIS_VERTICAL, infos, 16, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nl_view_constraints_affecting_layout(viewport, (nl_axis)7, infos, 16, &n), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("axis 7");
    CHECK_STATUS(nl_view_constraints_affecting_layout(viewport, NL_AXIS_VERTICAL, NULL, 3, &n), NL_ERR_INVALID_ARGUMENT);
    infos[0].struct_size = 8;
    CHECK_STATUS(nl_view_constraints_affecting_layout(viewport, NL_AXIS_VERTICAL, infos, 16, &n), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("struct_size");
    /* An uninitialised struct_size (here a typical garbage value, a multiple of 8) is refused, not
       used as the stride of 16 elements far beyond the array; 4096 is the header's bound. */
    infos[0].struct_size = 0x7f8a1238u;
    n = 77;
    CHECK_STATUS(nl_view_constraints_affecting_layout(viewport, NL_AXIS_VERTICAL, infos, 16, &n), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("at most 4096");
    CHECK(n == 77, "nothing written on failure: count %zu", n);
    infos[0].struct_size = 4096 + 8;
    CHECK_STATUS(nl_guide_constraints_affecting_layout(guide, NL_AXIS_VERTICAL, infos, 1, &n), NL_ERR_INVALID_ARGUMENT);
    {
        /* 4096 itself is accepted: one element at that stride fits in this buffer */
        static union { unsigned char bytes[4096]; double align; } wide;
        nl_constraint_info *first = (nl_constraint_info *)wide.bytes;
        memset(&wide, 0, sizeof wide);
        first->struct_size = 4096;
        CHECK_OK(nl_guide_constraints_affecting_layout(guide, NL_AXIS_VERTICAL, first, 1, &n));
        CHECK(n == 7, "guide vertical count %zu at stride 4096", n);
        CHECK(first->struct_size == sizeof *first, "the element is written with this library's size");
    }
    CHECK_STATUS(nl_view_constraints_affecting_layout(NULL, NL_AXIS_VERTICAL, infos, 0, &n), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_view_constraints_affecting_layout((const nl_view *)guide, NL_AXIS_VERTICAL, NULL, 0, &n), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_guide_constraints_affecting_layout((const nl_guide *)viewport, NL_AXIS_VERTICAL, NULL, 0, &n), NL_ERR_INVALID_HANDLE);

    /* A view outside the hierarchy: nothing. */
    {
        nl_view *detached = nl_view_create(map);
        n = 99;
        CHECK_OK(nl_view_constraints_affecting_layout(detached, NL_AXIS_HORIZONTAL, NULL, 0, &n));
        CHECK(n == 0, "detached: %zu", n);
    }

    CHECK_OK(nl_map_view_destroy(map));
    CHECK_STATUS(nl_view_constraints_affecting_layout(viewport, NL_AXIS_VERTICAL, NULL, 0, &n), NL_ERR_INVALID_HANDLE);
    return check_summary("test_constraints_affecting_layout");
}
