/*
 * Issue 17, minor item: a layout delegate's release cannot fail, and says which call runs it.
 * Before the fix a release that called nl_map_view_fail_callback made nl_map_view_set_layout_
 * delegate return NL_ERR_CALLBACK_FAILED although the new delegate had been installed (and
 * nl_map_view_destroy NL_OK for the same release: inconsistent). Now nl_map_view_fail_callback
 * returns NL_ERR_INVALID_STATE from inside release and the calls report what they did (NL_OK);
 * nl_map_view_destroying is false in a release run by set_layout_delegate, true in one run by
 * nl_map_view_destroy, false outside.
 */
#include "check.h"

typedef struct probe {
    nl_map_view *map;
    int released;
    nl_status fail_status;
    bool destroying;
    nl_status destroying_status;
} probe;

static void release_probe(void *user_data) {
    probe *p = user_data;
    p->released++;
    p->fail_status = nl_map_view_fail_callback(p->map, "release failed");
    p->destroying_status = nl_map_view_destroying(p->map, &p->destroying);
}

static nl_status install(nl_map_view *map, probe *p) {
    nl_layout_delegate d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.user_data = p;
    d.release = release_probe;
    p->map = map;
    return nl_map_view_set_layout_delegate(map, &d);
}

int main(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    probe first, second;
    bool destroying = true;
    nl_ui_state_kind k;
    memset(&first, 0, sizeof first);
    memset(&second, 0, sizeof second);
    CHECK_OK(install(map, &first));
    /* replacing: release runs inside set_layout_delegate, which reports the replacement */
    CHECK_OK(install(map, &second));
    CHECK(first.released == 1, "release ran once");
    CHECK(first.fail_status == NL_ERR_INVALID_STATE, "fail_callback from release: %s", nl_status_name(first.fail_status));
    CHECK(first.destroying_status == NL_OK && !first.destroying, "not destroying while replacing");
    CHECK_OK(nl_map_view_destroying(map, &destroying));
    CHECK(!destroying, "not destroying outside any callback");
    /* the new delegate is the one installed: enabling navigation runs it (no callbacks set:
       the map view is in navigationReady) */
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_navigation_state(map, &k));
    CHECK(k == NL_UI_STATE_NAVIGATION_READY, "navigation ready");
    /* destroying: release runs inside nl_map_view_destroy */
    CHECK_OK(nl_map_view_destroy(map));
    CHECK(second.released == 1, "release ran once");
    CHECK(second.fail_status == NL_ERR_INVALID_STATE, "fail_callback from release: %s", nl_status_name(second.fail_status));
    CHECK(second.destroying_status == NL_OK && second.destroying, "destroying inside nl_map_view_destroy's release");
    CHECK_STATUS(nl_map_view_destroying(map, &destroying), NL_ERR_INVALID_HANDLE);
    CHECK_STATUS(nl_map_view_destroying(NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    return check_summary("release");
}
