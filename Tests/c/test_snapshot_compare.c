/* The snapshot kit's C surface (issue 15 item 2): nl_snapshot_compare and nl_snapshot_diff_page
 * on the C sample delegate's snapshots (the frames of docs/behaviour.md#expected-frames), with the bad inputs the header lists. */
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

#define CHECK_HAS(text, needle) CHECK((text) && strstr((text), (needle)) != NULL, "missing %s in %s", (needle), (text) ? (text) : "NULL")

int main(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    char *ready = nl_map_view_snapshot_json(map), *ready_svg = nl_map_view_snapshot_svg(map);
    CHECK_OK(nl_map_view_start_guidance(map));
    char *guidance = nl_map_view_snapshot_json(map), *guidance_svg = nl_map_view_snapshot_svg(map);

    bool matches = false;
    char *table = NULL;
    CHECK_OK(nl_snapshot_compare(ready, ready, 0.001, &matches, &table));
    CHECK(matches && table && table[0] == '\0', "a snapshot matches itself with an empty table");
    nl_string_free(table);

    /* Navigation ready -> active guidance (docs/behaviour.md#expected-frames): the viewport from (0, 59, 393, 759) to
     * (0, 163, 393, 583); the turn card appears at (0, 0, 393, 163). */
    CHECK_OK(nl_snapshot_compare(ready, guidance, 0.001, &matches, &table));
    CHECK(!matches, "ready and guidance differ");
    CHECK_HAS(table, "views that moved (x, y, width, height in points):\n");
    CHECK_HAS(table, "  viewport      (0, 59, 393, 759)        (0, 163, 393, 583)\n");
    CHECK_HAS(table, "  turnCard      (not in the hierarchy)   (0, 0, 393, 163)\n");
    CHECK_HAS(table, "  camera viewport   (0, 59, 393, 759)   (0, 163, 393, 583)\n");
    nl_string_free(table);
    CHECK_OK(nl_snapshot_compare(ready, guidance, 0.001, &matches, NULL));  /* the table is optional */

    char *page = nl_snapshot_diff_page(ready, ready_svg, guidance, guidance_svg, 0.001, "ready <-> guidance");
    CHECK_HAS(page, "<title>Layout snapshot diff — ready &lt;-&gt; guidance</title>");
    CHECK_HAS(page, "<td>viewport</td><td>(0, 59, 393, 759)</td><td>(0, 163, 393, 583)</td>");
    CHECK_HAS(page, "src=\"data:image/svg+xml;charset=utf-8,%3Csvg%20");
    nl_string_free(page);

    /* Bad input. */
    table = (char *)1;
    CHECK_STATUS(nl_snapshot_compare(NULL, guidance, 0.001, &matches, &table), NL_ERR_INVALID_ARGUMENT);
    CHECK(table == NULL, "out cleared");
    CHECK_MESSAGE_HAS("nl_snapshot_compare: golden_json is NULL");
    CHECK_STATUS(nl_snapshot_compare(ready, guidance, NAN, &matches, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("tolerance must be a finite number of points >= 0, not nan");
    CHECK_STATUS(nl_snapshot_compare(ready, guidance, 0.001, NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("out_matches");
    CHECK_STATUS(nl_snapshot_compare("[]", guidance, 0.001, &matches, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("golden: not a layout snapshot: schema is not \"navlayout.snapshot/1\"");
    CHECK(nl_snapshot_diff_page(ready, NULL, guidance, guidance_svg, 0.001, NULL) == NULL, "NULL svg");
    CHECK_MESSAGE_HAS("golden_svg is NULL");

    nl_string_free(ready);
    nl_string_free(ready_svg);
    nl_string_free(guidance);
    nl_string_free(guidance_svg);
    nl_map_view_destroy(map);
    return check_summary("test_snapshot_compare");
}
