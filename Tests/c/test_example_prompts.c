/*
 * Issue 17, item 7: the C example delegates free what they make for prompts. Before the fix the
 * sample delegate destroyed neither a dismissed prompt nor its three constraints (about 540 bytes
 * per prompt event, for ever: 150,000 events took the transition rate from 10,000/s to 940/s); the
 * wide delegate kept the dismissed prompts. Now, for both examples:
 *   - a prompt's handle is stale once its slide out has ended (it was destroyed, with its
 *     constraints), and after navigation is disabled with a prompt shown (fails before the fix:
 *     the handle stayed valid);
 *   - replacing the delegate while a prompt slides out, then letting the slide end, and destroying
 *     a map view while a prompt slides out (navigation enabled or already disabled), all end
 *     cleanly (LeakSanitizer in scripts/test-reliability.sh, valgrind: no leak, no use after
 *     free); the examples' release tells the two apart with nl_map_view_destroying.
 * The soak (scripts/soak.sh, Tests/soak/) checks the memory over thousands of transitions.
 */
#include "check.h"
#include "sample_delegate.h"
#include "wide_delegate.h"

typedef nl_status (*install_fn)(nl_map_view *);

static int is_stale(nl_view *v) {
    char *id = nl_view_identifier(v);
    nl_string_free(id);
    return id == NULL && nl_last_error_status() == NL_ERR_INVALID_HANDLE;
}

static void prompts_are_destroyed(const char *name, install_fn install) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *incident, *traffic, *camera;
    CHECK_OK(install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    incident = find_view(map, "incidentPrompt");
    CHECK(incident != NULL, "%s: the incident prompt is shown", name);
    /* a second prompt replaces it: the first slides out and, at the end, is destroyed */
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_TRAFFIC));
    CHECK(!is_stale(incident), "%s: the replaced prompt lives while it slides out", name);
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    CHECK(is_stale(incident), "%s: the replaced prompt was destroyed when its slide ended", name);
    traffic = find_view(map, "trafficPrompt");
    CHECK(traffic != NULL, "%s: the traffic prompt is shown", name);
    CHECK_OK(nl_map_view_dismiss_prompt(map));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    CHECK(is_stale(traffic), "%s: the dismissed prompt was destroyed when its slide ended", name);
    CHECK(find_view(map, "trafficPrompt") == NULL, "%s: and it left the hierarchy", name);
    /* navigation disabled while a prompt is shown: the map view hides it first (hide_prompt,
       docs/behaviour.md#navigation-state-machine), it slides out and is destroyed at the end, navigation disabled or not */
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_SPEED_CAMERA));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    camera = find_view(map, "speedCameraPrompt");
    CHECK(camera != NULL, "%s: the speed-camera prompt is shown", name);
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    CHECK(is_stale(camera), "%s: the prompt shown when navigation was disabled was destroyed", name);
    /* and once more, destroying the map view while that prompt still slides out (LSan: the
       delegate's release frees the slide's record, no completion runs) */
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    CHECK_OK(nl_map_view_destroy(map));
}

static void replaced_while_sliding_out(const char *name, install_fn install) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_view *prompt;
    CHECK_OK(install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    prompt = find_view(map, "incidentPrompt");
    CHECK_OK(nl_map_view_dismiss_prompt(map));                 /* slides out for 0.4 s */
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    CHECK_OK(nl_map_view_set_layout_delegate(map, NULL));      /* release: the slide still runs */
    CHECK(!is_stale(prompt), "%s: the prompt sliding out lives on", name);
    CHECK_OK(nl_map_view_advance_time(map, 0.4));              /* its completion uses the state */
    CHECK(is_stale(prompt), "%s: and was destroyed when the slide ended", name);
    CHECK_OK(nl_map_view_destroy(map));
}

static void destroyed_while_sliding_out(const char *name, install_fn install) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    CHECK_OK(install(map));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_OK(nl_map_view_start_guidance(map));
    CHECK_OK(nl_map_view_trigger_prompt(map, NL_PROMPT_INCIDENT));
    CHECK_OK(nl_map_view_advance_time(map, 0.4));
    CHECK_OK(nl_map_view_dismiss_prompt(map));
    CHECK_OK(nl_map_view_advance_time(map, 0.1));
    CHECK_OK(nl_map_view_destroy(map));   /* no completion runs: release frees the slide (LSan) */
    (void)name;
}

int main(void) {
    prompts_are_destroyed("sample", nl_sample_delegate_install);
    prompts_are_destroyed("wide", nl_wide_delegate_install);
    replaced_while_sliding_out("sample", nl_sample_delegate_install);
    replaced_while_sliding_out("wide", nl_wide_delegate_install);
    destroyed_while_sliding_out("sample", nl_sample_delegate_install);
    destroyed_while_sliding_out("wide", nl_wide_delegate_install);
    return check_summary("example_prompts");
}
