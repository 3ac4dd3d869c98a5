/* The size sweep's C surface (issue 15): nl_sweep with a delegate factory (the C sample and wide
 * delegates), nl_sweep_with_sampler, nl_map_view_sweep_sample, nl_sweep_text, nl_sweep_page and
 * nl_string_duplicate, with the bad inputs the header lists. Expected bands are derived by hand
 * from docs/behaviour.md#sdk-components, docs/behaviour.md#diagnostics (see each test). */
#include <stdatomic.h>
#include <stdlib.h>

#include "check.h"
#include "sample_delegate.h"
#include "wide_delegate.h"

static atomic_int factory_calls;

static int make_sample(void *user_data, nl_map_view *map) {
    (void)user_data;
    atomic_fetch_add(&factory_calls, 1);
    return nl_sample_delegate_install(map) == NL_OK ? 0 : 1;
}

static int make_wide(void *user_data, nl_map_view *map) {
    (void)user_data;
    return nl_wide_delegate_install(map) == NL_OK ? 0 : 1;
}

static int make_nothing(void *user_data, nl_map_view *map) {
    (void)user_data; (void)map;
    return 7;
}

/* The example: height 1180, insets (24, 0, 20, 0), width 320 to 1400. */
static nl_sweep_options ipad_widths(double start, double stop, uint32_t threads) {
    nl_sweep_options o;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.axis = NL_SWEEP_WIDTH;
    o.start = start;
    o.stop = stop;
    o.fixed = 1180;
    o.safe_area = (nl_insets){24, 0, 20, 0};
    o.layout_direction = NL_LAYOUT_DIRECTION_LEFT_TO_RIGHT;
    o.threads = threads;
    o.title = "sample";
    return o;
}

#define CHECK_HAS(text, needle) CHECK((text) && strstr((text), (needle)) != NULL, "missing %s", (needle))

/* docs/behaviour.md#wide-mode: wide when W − S.leading − S.trailing >= 600, so with no side insets the sample
 * delegate's only boundary is W = 600 exactly; midpoints (320 + 600) / 2 and (600 + 1400) / 2. */
static void test_sample_delegate_boundary_at_600(void) {
    atomic_store(&factory_calls, 0);
    nl_sweep_options o = ipad_widths(320, 1400, 2);
    char *json = NULL;
    CHECK_OK(nl_sweep(&o, make_sample, NULL, &json));
    CHECK_HAS(json, "\"schema\":\"navlayout.sweep/1\",\"title\":\"sample\",\"axis\":\"width\",\"start\":320,\"stop\":1400,\"fixed\":1180,\"safeArea\":[24,0,20,0]");
    CHECK_HAS(json, "{\"start\":320,\"stop\":600,\"midpoint\":460,\"wideMode\":false,\"diagnostics\":[],\"failures\":[]},\n"
                    "{\"start\":600,\"stop\":1400,\"midpoint\":1000,\"wideMode\":true,\"diagnostics\":[],\"failures\":[]}]}");
    /* One delegate per run: the factory ran once for every size in "runs". */
    char runs[32];
    snprintf(runs, sizeof runs, "\"runs\":%d,", atomic_load(&factory_calls));
    CHECK_HAS(json, runs);
    char *text = nl_sweep_text(json);
    CHECK_HAS(text, "band 1: 320 ≤ width < 600 — standard, no diagnostics\nband 2: 600 ≤ width ≤ 1400 — wide, no diagnostics\n");
    char *page = nl_sweep_page(json, NULL);
    CHECK_HAS(page, "<title>NavLayout size sweep — sample</title>");
    CHECK_HAS(page, "href=\"band-1.html\"");
    CHECK_HAS(page, "href=\"band-2.html\"");
    nl_string_free(page);
    nl_string_free(text);
    nl_string_free(json);
}

/* The C wide delegate from 100 pt: the logo's visible part (x 8…64) meets the compass's
 * (W − 48…W − 8) below 112, the 136-pt re-center button is off screen below 136 and meets the
 * compass below 176 (8 + 120 > W − 48), wide from 600 (docs/behaviour.md#wide-mode, docs/behaviour.md#diagnostics). */
static void test_wide_delegate_bands(void) {
    nl_sweep_options o = ipad_widths(100, 1400, 0);
    char *json = NULL;
    CHECK_OK(nl_sweep(&o, make_wide, NULL, &json));
    CHECK_HAS(json, "{\"start\":100,\"stop\":112,");
    CHECK_HAS(json, "{\"start\":112,\"stop\":136,");
    CHECK_HAS(json, "{\"start\":136,\"stop\":176,");
    CHECK_HAS(json, "{\"start\":176,\"stop\":600,\"midpoint\":388,\"wideMode\":false,\"diagnostics\":[],\"failures\":[]}");
    CHECK_HAS(json, "{\"start\":600,\"stop\":1400,\"midpoint\":1000,\"wideMode\":true,\"diagnostics\":[],\"failures\":[]}]}");
    CHECK_HAS(json, "{\"stepIndex\":10,\"step\":\"map panned: re-center button\",\"code\":\"offscreen\",\"severity\":\"error\",\"items\":[\"googleLogo\"]");
    nl_string_free(json);
}

/* A factory that fails is a result at every size (source makeDelegate), not an error. */
static void test_failing_factory(void) {
    nl_sweep_options o = ipad_widths(320, 1400, 0);
    char *json = NULL;
    CHECK_OK(nl_sweep(&o, make_nothing, NULL, &json));
    CHECK_HAS(json, "\"failures\":[{\"stepIndex\":-1,\"step\":\"set-up\",\"source\":\"makeDelegate\",\"message\":\"the delegate factory returned 7\"}]");
    nl_string_free(json);
    /* NULL factory: the built-in layout, clean at every width; the same two bands. */
    CHECK_OK(nl_sweep(&o, NULL, NULL, &json));
    CHECK_HAS(json, "{\"start\":320,\"stop\":600,\"midpoint\":460,\"wideMode\":false,\"diagnostics\":[],\"failures\":[]}");
    nl_string_free(json);
}

/* A sampler that runs the sample delegate itself gives the same result as nl_sweep. */
static int sample_in_sampler(void *user_data, double width, double height, char **out) {
    (void)user_data;
    nl_map_options m;
    memset(&m, 0, sizeof m);
    m.struct_size = sizeof m;
    m.width = width;
    m.height = height;
    m.safe_area = (nl_insets){24, 0, 20, 0};
    nl_map_view *map = nl_map_view_create(&m);
    if (map == NULL || nl_sample_delegate_install(map) != NL_OK) return 2;
    nl_status s = nl_map_view_sweep_sample(map, out);
    nl_map_view_destroy(map);
    return s == NL_OK ? 0 : 2;
}

static int sampler_stops(void *user_data, double width, double height, char **out) {
    (void)user_data; (void)height;
    if (width > 700) {
        *out = nl_string_duplicate("the host gave up");
        return 2;
    }
    return sample_in_sampler(NULL, width, 1180, out);
}

static int sampler_garbage(void *user_data, double width, double height, char **out) {
    (void)user_data; (void)width; (void)height;
    *out = nl_string_duplicate("{\"schema\":\"navlayout.sweep-sample/1\"}");
    return 0;
}

static int sampler_refuses_small(void *user_data, double width, double height, char **out) {
    (void)user_data;
    if (width < 500) {
        *out = nl_string_duplicate("no delegate for this size");
        return 1;
    }
    return sample_in_sampler(NULL, width, height, out);
}

static void test_sampler(void) {
    nl_sweep_options o = ipad_widths(320, 1400, 2);
    char *a = NULL, *b = NULL;
    CHECK_OK(nl_sweep(&o, make_sample, NULL, &a));
    CHECK_OK(nl_sweep_with_sampler(&o, sample_in_sampler, NULL, &b));
    CHECK(a && b && strcmp(a, b) == 0, "sampler and factory differ:\n%s\n%s", a, b);
    nl_string_free(a);
    nl_string_free(b);

    b = (char *)1;
    CHECK_STATUS(nl_sweep_with_sampler(&o, sampler_stops, NULL, &b), NL_ERR_CALLBACK_FAILED);
    CHECK_MESSAGE_HAS("the host gave up");
    CHECK(b == NULL, "no result after an error");
    CHECK_STATUS(nl_sweep_with_sampler(&o, sampler_garbage, NULL, &b), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("sweep sample: size, wideMode, diagnostics and failures are required");
    CHECK_STATUS(nl_sweep_with_sampler(&o, NULL, NULL, &b), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("sampler is NULL");

    /* Return 1: a failure at that size, in its band: [320, 500) fails, then the clean bands. */
    CHECK_OK(nl_sweep_with_sampler(&o, sampler_refuses_small, NULL, &b));
    CHECK_HAS(b, "{\"start\":320,\"stop\":500,\"midpoint\":410,\"wideMode\":false,\"diagnostics\":[],\"failures\":[{\"stepIndex\":-1,\"step\":\"set-up\",\"source\":\"makeDelegate\",\"message\":\"no delegate for this size\"}]}");
    CHECK_HAS(b, "{\"start\":500,\"stop\":600,");
    nl_string_free(b);
}

static void test_bad_input(void) {
    char *json = (char *)1;
    nl_sweep_options o = ipad_widths(320, 1400, 0);
    CHECK_STATUS(nl_sweep(NULL, NULL, NULL, &json), NL_ERR_INVALID_ARGUMENT);
    CHECK(json == NULL, "out cleared");
    CHECK_MESSAGE_HAS("options is NULL");
    CHECK_STATUS(nl_sweep(&o, NULL, NULL, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("out_result");
    o.start = NAN;
    CHECK_STATUS(nl_sweep(&o, NULL, NULL, &json), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("start must be a finite number of points, not nan");
    o = ipad_widths(400, 400, 0);
    CHECK_STATUS(nl_sweep(&o, NULL, NULL, &json), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("stop (400) must be greater than start (400): the range is empty");
    o = ipad_widths(320, 1400, 0);
    o.axis = (nl_sweep_axis)7;
    CHECK_STATUS(nl_sweep(&o, NULL, NULL, &json), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("options->axis 7 is not an nl_sweep_axis");
    o = ipad_widths(320, 1400, 0);
    o.struct_size = 8;
    CHECK_STATUS(nl_sweep(&o, NULL, NULL, &json), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("struct_size");
    o = ipad_widths(320, 1400, 0);
    o.sample_step = -1;
    CHECK_STATUS(nl_sweep(&o, NULL, NULL, &json), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("sample_step must be a positive number of points");
    o = ipad_widths(320, 1400, 0);
    o.axis = NL_SWEEP_HEIGHT;
    o.fixed = NAN;
    CHECK_STATUS(nl_sweep(&o, NULL, NULL, &json), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("width must be a finite number of points, not nan");

    CHECK(nl_sweep_text(NULL) == NULL, "NULL text");
    CHECK(nl_sweep_text("{}") == NULL, "not a result");
    CHECK_MESSAGE_HAS("schema is not \"navlayout.sweep/1\"");
    CHECK(nl_sweep_page("nope", NULL) == NULL, "not a result");
    CHECK_MESSAGE_HAS("sweep result: not JSON at byte 0");
    CHECK(nl_string_duplicate(NULL) == NULL, "NULL duplicate");

    /* nl_map_view_sweep_sample: navigation already enabled, NULL out. */
    nl_map_view *map = nl_map_view_create_preset("iphone-portrait");
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_STATUS(nl_map_view_sweep_sample(map, NULL), NL_ERR_INVALID_ARGUMENT);
    CHECK_OK(nl_map_view_set_navigation_enabled(map, true));
    CHECK_STATUS(nl_map_view_sweep_sample(map, &json), NL_ERR_NAVIGATION_ENABLED);
    CHECK_OK(nl_map_view_set_navigation_enabled(map, false));
    CHECK_OK(nl_map_view_sweep_sample(map, &json));
    /* iphone-portrait with the sample delegate: standard width, no diagnostics (docs/behaviour.md#the-sample-delegate). */
    CHECK_HAS(json, "{\"schema\":\"navlayout.sweep-sample/1\",\"size\":[393,852],\"wideMode\":false,\"diagnostics\":[],\"failures\":[]}");
    nl_string_free(json);
    nl_map_view_destroy(map);
}

/* The viewer page of a band: recorded on a map view the host made at the band's midpoint. */
static void test_band_viewer_page(void) {
    nl_sweep_options o = ipad_widths(320, 1400, 0);
    char *json = NULL, *html = (char *)1;
    CHECK_OK(nl_sweep(&o, make_sample, NULL, &json));
    nl_map_options m;
    memset(&m, 0, sizeof m);
    m.struct_size = sizeof m;
    m.width = 460;   /* band 1's midpoint, (320 + 600) / 2 */
    m.height = 1180;
    m.safe_area = (nl_insets){24, 0, 20, 0};
    nl_map_view *map = nl_map_view_create(&m);
    CHECK_OK(nl_sample_delegate_install(map));
    CHECK_STATUS(nl_map_view_sweep_viewer_page(map, json, 2, &html), NL_ERR_INVALID_ARGUMENT);
    CHECK(html == NULL, "out cleared");
    CHECK_MESSAGE_HAS("band_index 2 is out of range: the result has 2 bands");
    CHECK_STATUS(nl_map_view_sweep_viewer_page(map, json, 1, &html), NL_ERR_INVALID_ARGUMENT);
    CHECK_MESSAGE_HAS("the band's viewer page needs 1000 × 1180 pt (its midpoint)");
    CHECK_STATUS(nl_map_view_sweep_viewer_page(map, "{}", 0, &html), NL_ERR_INVALID_ARGUMENT);
    CHECK_OK(nl_map_view_sweep_viewer_page(map, json, 0, &html));
    CHECK_HAS(html, "<title>NavLayout viewer — sample · width 460 pt (band 320 – 600)</title>");
    CHECK_HAS(html, "\"mapSize\":[460,1180]");
    nl_string_free(html);
    nl_map_view_destroy(map);
    nl_string_free(json);
}

int main(void) {
    test_band_viewer_page();
    test_sample_delegate_boundary_at_600();
    test_wide_delegate_bands();
    test_failing_factory();
    test_sampler();
    test_bad_input();
    return check_summary("test_sweep");
}
