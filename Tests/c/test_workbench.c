/* The workbench's C surface (issue 14): nl_map_view_run_session (the standard and demo sessions,
 * the observer, the recording) and nl_viewer_page, with the bad inputs the header lists. */
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"

/* Counts of substring occurrences. */
static int count(const char *haystack, const char *needle) {
    int n = 0;
    for (const char *p = strstr(haystack, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

typedef struct {
    int steps;
    char names[32][64];
    char failures[32][256];
    int stop_at;            /* step index at which to return 1 (-1: never) */
    nl_status event_status; /* what an event sent from inside the observer returned */
} observed;

static int observe(void *user_data, nl_map_view *map, size_t step, const char *name, const char *failures) {
    observed *o = user_data;
    if (o->steps < 32) {
        snprintf(o->names[o->steps], sizeof o->names[0], "%s", name);
        snprintf(o->failures[o->steps], sizeof o->failures[0], "%s", failures);
    }
    o->steps++;
    if (step == 0) o->event_status = nl_map_view_advance_time(map, 1);  /* refused: reentrant */
    if ((int)step == o->stop_at) {
        nl_map_view_fail_callback(map, "observer had seen enough");
        return 1;
    }
    return 0;
}

static nl_session_options options(nl_session_script script, const char *preset, const char *title) {
    nl_session_options o;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.script = script;
    o.preset = preset;
    o.title = title;
    return o;
}

/* The standard session on iphone-portrait with the sample delegate: 19 steps (issue 14's list,
 * with the rotation to iphone-landscape and back), no failures; the recording holds the incident
 * prompt at 0.2 s at (0, 792, 393, 120) (docs/behaviour.md#expected-frames). */
static void test_standard_session_recording(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    CHECK_OK(nl_sample_delegate_install(map));
    observed o = {0};
    o.stop_at = -1;
    nl_session_options opts = options(NL_SESSION_STANDARD, "iphone-portrait", "sample");
    char *json = NULL;
    CHECK_OK(nl_map_view_run_session(map, &opts, observe, &o, &json));
    CHECK(o.steps == 19, "%d steps", o.steps);
    CHECK(strcmp(o.names[2], "incident prompt") == 0, "step 2 is %s", o.names[2]);
    CHECK(strcmp(o.names[15], "rotated to iphone-landscape") == 0, "step 15 is %s", o.names[15]);
    CHECK(strcmp(o.names[18], "navigation disabled") == 0, "last step is %s", o.names[18]);
    for (int i = 0; i < 19 && i < 32; i++) CHECK(o.failures[i][0] == '\0', "step %d failed: %s", i, o.failures[i]);
    CHECK(o.event_status == NL_ERR_REENTRANT, "an event from the observer returned %s", nl_status_name(o.event_status));
    CHECK(json != NULL, "no recording");
    if (json) {
        CHECK(strncmp(json, "{\"schema\":\"navlayout.recording/1\"", 33) == 0, "recording starts %.40s", json);
        CHECK(strstr(json, "\"title\":\"sample\",\"preset\":\"iphone-portrait\"") != NULL, "title and preset");
        /* The sample at 0.2 s of the incident prompt: its frame, then visible = 1. */
        const char *step = strstr(json, "\"name\":\"incident prompt\"");
        const char *at = step ? strstr(step, "{\"t\":0.2,") : NULL;
        const char *next = step ? strstr(step, "\"name\":\"incident prompt dismissed\"") : NULL;
        const char *frame = at ? strstr(at, ",0,792,393,120,1]") : NULL;
        CHECK(frame != NULL && next != NULL && frame < next && frame < strstr(at, "]}"),
              "the incident prompt's 0.2 s sample holds (0, 792, 393, 120)");
        /* 24 ticks of 1/60 s plus the t = 0 sample in each 0.4 s prompt step; none in the others. */
        const char *samples = step ? strstr(step, "\"samples\":[") : NULL;
        int n = 0;
        for (const char *p = samples; p && next && p < next; p = strstr(p + 1, "{\"t\":")) if (p != samples) n++;
        CHECK(n == 25, "%d samples in the incident prompt step", n);
        nl_string_free(json);
    }
    /* The session leaves navigation disabled: a second run works. */
    o.steps = 0;
    CHECK_OK(nl_map_view_run_session(map, &opts, NULL, NULL, NULL));
    nl_map_view_destroy(map);
}

/* The demo session gives the step names of docs/behaviour.md#acceptance-values. */
static void test_demo_session(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-se");
    CHECK_OK(nl_sample_delegate_install(map));
    observed o = {0};
    o.stop_at = -1;
    nl_session_options opts = options(NL_SESSION_DEMO, NULL, NULL);
    CHECK_OK(nl_map_view_run_session(map, &opts, observe, &o, NULL));
    CHECK(o.steps == 8, "%d steps", o.steps);
    CHECK(strcmp(o.names[3], "incident prompt 0.2 s") == 0, "step 3 is %s", o.names[3]);
    nl_map_view_destroy(map);
}

/* A delegate whose start_guidance fails: the session goes on, the failure is in its step. */
static void failing_start(void *user_data, nl_map_view *map, const nl_ui_state *new_state, const nl_ui_state *old_state) {
    (void)user_data; (void)new_state; (void)old_state;
    nl_map_view_fail_callback(map, "guidance layout is broken");
}

static void test_failing_delegate_is_recorded(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_layout_delegate d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.start_guidance = failing_start;
    CHECK_OK(nl_map_view_set_layout_delegate(map, &d));
    observed o = {0};
    o.stop_at = -1;
    nl_session_options opts = options(NL_SESSION_STANDARD, "iphone-portrait", "failing");
    char *json = NULL;
    CHECK_OK(nl_map_view_run_session(map, &opts, observe, &o, &json));
    CHECK(o.steps == 19, "%d steps", o.steps);
    CHECK(strstr(o.failures[1], "startGuidance(): ") == o.failures[1] && strstr(o.failures[1], "guidance layout is broken"),
          "step 1's failures: %s", o.failures[1]);
    CHECK(o.failures[2][0] == '\0', "step 2 failed too: %s", o.failures[2]);
    CHECK(json && count(json, "guidance layout is broken") == 1, "the recording names the failure once");
    nl_string_free(json);
    nl_map_view_destroy(map);
}

/* The observer stops the session: NL_ERR_CALLBACK_FAILED with its message, no recording. */
static void test_observer_stops(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    observed o = {0};
    o.stop_at = 1;
    char *json = (char *)"untouched";
    CHECK_STATUS(nl_map_view_run_session(map, NULL, observe, &o, &json), NL_ERR_CALLBACK_FAILED);
    CHECK_MESSAGE_HAS("observer had seen enough");
    CHECK(json == NULL, "recording written although the session was stopped");
    CHECK(o.steps == 2, "%d steps observed", o.steps);
    nl_map_view_destroy(map);
}

/* Bad input: nothing changes. */
static void reenter(void *user_data, nl_map_view *map, const nl_ui_state *new_state) {
    (void)new_state;
    *(nl_status *)user_data = nl_map_view_run_session(map, NULL, NULL, NULL, NULL);
}

static void test_bad_input(void) {
    char *json = (char *)"untouched";
    CHECK_STATUS(nl_map_view_run_session(NULL, NULL, NULL, NULL, &json), NL_ERR_INVALID_HANDLE);
    CHECK(json == NULL, "out_recording not cleared");
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    nl_session_options opts = options(NL_SESSION_STANDARD, NULL, NULL);
    opts.struct_size = 4;
    CHECK_STATUS(nl_map_view_run_session(map, &opts, NULL, NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("struct_size");
    opts = options((nl_session_script)7, NULL, NULL);
    CHECK_STATUS(nl_map_view_run_session(map, &opts, NULL, NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("options->script 7");
    opts = options(NL_SESSION_STANDARD, "nokia-3310", NULL);
    CHECK_STATUS(nl_map_view_run_session(map, &opts, NULL, NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("options->preset \"nokia-3310\"");
    /* Navigation enabled: refused, still enabled afterwards (disabling works exactly once). */
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_STATUS(nl_map_view_run_session(map, NULL, NULL, NULL, NULL), NL_ERR_NAVIGATION_ENABLED);
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    /* From inside a delegate callback: reentrant. */
    nl_status inner = NL_OK;
    nl_layout_delegate d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.user_data = &inner;
    d.enable_navigation_ui = reenter;
    CHECK_OK(nl_map_view_set_layout_delegate(map, &d));
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK(inner == NL_ERR_REENTRANT, "run_session from a callback returned %s", nl_status_name(inner));
    nl_map_view_destroy(map);
    CHECK_STATUS(nl_map_view_run_session(map, NULL, NULL, NULL, NULL), NL_ERR_INVALID_HANDLE);
}

/* Identifiers with quotes, <, & and control characters cannot break the page. */
static void hostile_enable(void *user_data, nl_map_view *map, const nl_ui_state *new_state) {
    (void)user_data;
    nl_view *root = nl_map_view_root(map);
    nl_view *viewport = nl_ui_state_viewport(new_state);
    nl_view_add_subview(root, viewport);
    nl_view *host = nl_view_create(map);
    nl_view_set_identifier(host, "\"x'</script><!--<b>&amp;\x07\xe2\x80\xa8");
    nl_view_add_subview(root, host);
}

static void test_page_is_well_formed_for_hostile_identifiers(void) {
    nl_map_view *map = nl_map_view_create_preset("iphone-se");
    nl_layout_delegate d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.enable_navigation_ui = hostile_enable;
    CHECK_OK(nl_map_view_set_layout_delegate(map, &d));
    nl_session_options opts = options(NL_SESSION_STANDARD, "iphone-se", "</title><script>alert(1)</script>");
    char *json = NULL;
    CHECK_OK(nl_map_view_run_session(map, &opts, NULL, NULL, &json));
    char *page = json ? nl_viewer_page(json, "</title>\x01&") : NULL;
    CHECK(page != NULL, "no page: %s", nl_last_error_message());
    if (page) {
        /* Exactly the page's own two script elements and one title element. */
        CHECK(count(page, "</script>") == 2, "%d </script>", count(page, "</script>"));
        CHECK(count(page, "<script") == 2, "%d <script", count(page, "<script"));
        CHECK(count(page, "</title>") == 1, "%d </title>", count(page, "</title>"));
        CHECK(count(page, "<!--") == 0, "a comment opener in the page");
        CHECK(count(page, "\xe2\x80\xa8") == 0, "a raw U+2028 in the page");
        CHECK(strstr(page, "<title>&lt;/title&gt;\\u0001&amp;</title>") != NULL, "the title is escaped");
        CHECK(strstr(page, "\\\"x'\\u003c/script\\u003e\\u003c!--\\u003cb\\u003e\\u0026amp;\\u0007\\u2028") != NULL,
              "the identifier is embedded escaped");
        nl_string_free(page);
    }
    nl_string_free(json);
    nl_map_view_destroy(map);
    CHECK(nl_viewer_page(NULL, NULL) == NULL, "a NULL recording gave a page");
    CHECK(nl_last_error_status() == NL_ERR_INVALID_ARGUMENT, "%s", nl_status_name(nl_last_error_status()));
}

int main(void) {
    test_standard_session_recording();
    test_demo_session();
    test_failing_delegate_is_recorded();
    test_observer_stops();
    test_bad_input();
    test_page_is_well_formed_for_hostile_identifiers();
    return check_summary("test_workbench");
}
