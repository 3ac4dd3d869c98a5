"""The viewer page in a real browser (issue 14): Debian's chromium and chromium-driver, driven
headless by Selenium (both installed by scripts/setup.sh, test-only).

The page for the sample delegate on iphone-portrait (written in Python, recorded through the C
library: navlayout.viewer.write) must load with no console error; clicking the
viewport shows its frame and constraints; moving the scrubber to 0.2 s of the incident prompt and
clicking the prompt shows (0, 792, 393, 120) — the frame of docs/behaviour.md#expected-frames at progress 0.5 of the 0.4 s
ease-in-out slide. The same test takes the README's screenshot (docs/viewer.png) when
NAVLAYOUT_UPDATE_SCREENSHOT=1.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import navlayout as nl
from conftest import REPO
from navlayout.demo import SampleLayoutDelegate

# Selenium is test-only; bash scripts/setup.sh installs it (a missing one fails this module).
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

SCREENSHOT = REPO / "docs" / "viewer.png"


def _cli_page(swift_cli: Path, tmp: Path, *args: str) -> Path:
    """The Swift CLI's page (`navlayout view ARGS`); `swift_cli` is conftest's fixture, which skips
    the test where the CLI is not built (the installed-wheel run, scripts/test-wheel.sh)."""
    out = tmp / ("-".join(a.strip("-") for a in args) or "page") / "page.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(swift_cli), "view", *args, "--out", str(out)], check=True, capture_output=True, text=True)
    return out


@pytest.fixture(scope="module")
def browser():
    chromium = shutil.which("chromium")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.fail("chromium and chromium-driver are needed (Debian packages): run bash scripts/setup.sh")
    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(arg)
    options.binary_location = chromium
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(driver), options=options)
    d.set_window_size(1440, 900)
    yield d
    d.quit()


def _open(browser, page: Path, fragment: str = "") -> None:
    """Loads the page afresh (another fragment of the page already open would only change the
    hash) and waits until it has drawn."""
    browser.get("about:blank")
    browser.get(page.as_uri() + fragment)
    WebDriverWait(browser, 10).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready === 'true'"))


def _errors(browser) -> list:
    """Console entries at error level since the last call (the log is drained by reading it)."""
    return [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"]


def _step(browser, name: str) -> None:
    for chip in browser.find_elements(By.CSS_SELECTOR, "#steps .step"):
        if chip.find_element(By.CSS_SELECTOR, ".step-name").text == name:
            chip.click()
            return
    raise AssertionError(f"no step {name!r}")


def _view(browser, identifier: str):
    return browser.find_element(By.CSS_SELECTOR, f'#world g.view[data-identifier="{identifier}"]')


def _inspector(browser, axis: str = "vertical") -> "tuple[str, str, list[str]]":
    """The inspector's name, frame and constraints affecting layout on `axis`."""
    name = browser.find_element(By.ID, "inspector-name").text
    frame = browser.find_element(By.ID, "inspector-frame").text
    constraints = [e.text for e in browser.find_elements(
        By.CSS_SELECTOR, f'#inspector .constraints[data-axis="{axis}"] li .ctext')]
    return name, frame, constraints


def test_sample_delegate_page_in_the_browser(browser, tmp_path):
    page = tmp_path / "sample.html"
    nl.viewer.write(SampleLayoutDelegate, "iphone-portrait", str(page), title="sample")
    _errors(browser)
    _open(browser, page)
    assert _errors(browser) == []
    assert len(browser.find_elements(By.CSS_SELECTOR, "#steps .step")) == 19

    # Active guidance: click the viewport on the picture (its centre, the vehicle point, lies on
    # no other view): the frame of docs/behaviour.md#expected-frames and its constraints affecting layout — vertically the ones
    # to the turn card and to the bottom guide (issue 14, "Done when").
    _step(browser, "active guidance")
    _view(browser, "viewport").click()
    name, frame, constraints = _inspector(browser)
    assert (name, frame) == ("viewport", "(0, 163, 393, 583)")
    assert "viewport.top == turnCard.bottom" in constraints
    assert "viewport.bottom == mapContentsBottom.top" in constraints
    assert "viewport.leading == map.safeAreaLayoutGuide.leading" in _inspector(browser, "horizontal")[2]
    facts = browser.find_element(By.ID, "inspector").text
    assert "163, 0, 106, 0" in facts and "(196.5, 454.5)" in facts  # camera padding, vehicle point

    # The incident prompt: the scrubber moved with the keyboard to 0.2 s (12 ticks of 1/60 s),
    # then the prompt clicked on the picture.
    _step(browser, "incident prompt")
    scrubber = browser.find_element(By.ID, "scrubber")
    scrubber.send_keys(Keys.HOME)
    scrubber.send_keys(*[Keys.ARROW_RIGHT] * 12)
    assert browser.find_element(By.ID, "scrub-time").text == "0.200 s / 0.4 s"
    _view(browser, "incidentPrompt").click()
    name, frame, _ = _inspector(browser)
    assert (name, frame) == ("incidentPrompt", "(0, 792, 393, 120)")
    # The viewport at the same moment (docs/behaviour.md#expected-frames: (0, 163, 393, 576)).
    browser.find_element(By.CSS_SELECTOR, '#hierarchy li[title="viewport"]').click()
    assert _inspector(browser)[1] == "(0, 163, 393, 576)"
    assert _errors(browser) == []
    # Playing from 0.2 s runs to the end of the slide: the viewport at rest (0, 163, 393, 569).
    browser.find_element(By.ID, "play").click()
    WebDriverWait(browser, 5).until(
        lambda d: d.find_element(By.ID, "scrub-time").text == "0.400 s / 0.4 s")
    assert _inspector(browser)[1] == "(0, 163, 393, 569)"
    assert _errors(browser) == []
    _step(browser, "incident prompt")  # back to the moment the screenshot shows
    scrubber.send_keys(Keys.HOME)
    scrubber.send_keys(*[Keys.ARROW_RIGHT] * 12)

    out = SCREENSHOT if os.environ.get("NAVLAYOUT_UPDATE_SCREENSHOT") == "1" else tmp_path / "viewer.png"
    browser.set_window_size(1440, 1080)  # tall enough for both axes' constraints in the inspector
    browser.find_element(By.ID, "zoom-fit").click()
    assert browser.save_screenshot(str(out))
    browser.set_window_size(1440, 900)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert _errors(browser) == []


class ViewportUnderTheEtaCard(SampleLayoutDelegate):
    """The fresh user's broken delegate (issue 14, "Done when"): in active guidance the viewport's
    top is pinned to the ETA card's bottom instead of the turn card's. On iphone-portrait the
    card's bottom is the map's, 852, and the open area ends at its top, 852 − 106 = 746 (72 pt
    + S.bottom 34, docs/behaviour.md#sdk-components), so the viewport's frame is (0, 852, 393, −106): emptyViewport."""

    def _make_guidance_layout(self, nav_map, new_state):
        self._eta = new_state.eta_card
        return super()._make_guidance_layout(nav_map, new_state)

    def _pin_between(self, item, safe, top, bottom):
        if item.role == "viewport" and getattr(top.item, "role", None) == "turnCard":
            top = self._eta.bottom_anchor
        yield from SampleLayoutDelegate._pin_between(item, safe, top, bottom)


class ViewportUnderTheTurnCard(SampleLayoutDelegate):
    """In active guidance the viewport's top is pinned to the safe area's (59) instead of the turn
    card's bottom (163): the card covers (0, 59, 393, 104) of the viewport (0, 59, 393, 687) —
    viewportObstructed, across the whole width, so the vertical edges are at fault."""

    def _pin_between(self, item, safe, top, bottom):
        if item.role == "viewport" and getattr(top.item, "role", None) == "turnCard":
            top = safe.top_anchor
        yield from SampleLayoutDelegate._pin_between(item, safe, top, bottom)


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """The sample delegate's page and the broken ones' (iphone-portrait), made once."""
    out = tmp_path_factory.mktemp("pages")
    made = {"sample": out / "sample.html", "broken": out / "broken.html", "obstructed": out / "obstructed.html"}
    nl.viewer.write(SampleLayoutDelegate, "iphone-portrait", str(made["sample"]), title="sample")
    nl.viewer.write(ViewportUnderTheEtaCard, "iphone-portrait", str(made["broken"]), title="broken")
    nl.viewer.write(ViewportUnderTheTurnCard, "iphone-portrait", str(made["obstructed"]), title="obstructed")
    return made


def _center(browser, element) -> "tuple[float, float]":
    r = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", element)
    return r["x"] + r["width"] / 2, r["y"] + r["height"] / 2


def _world_point(browser, x: float, y: float) -> "tuple[float, float]":
    """The page's (viewport) coordinates of the map's point (x, y) in points."""
    m = browser.execute_script("const m = document.getElementById('world').getScreenCTM();"
                               "return [m.a, m.d, m.e, m.f];")
    return m[0] * x + m[2], m[1] * y + m[3]


def _click_at(browser, px: float, py: float) -> None:
    """A click at the page coordinates (px, py) — wherever the pointer is, not on an element."""
    actions = ActionChains(browser)
    actions.w3c_actions.pointer_action.move_to_location(int(round(px)), int(round(py))).click()
    actions.perform()


def _selected(browser) -> str:
    return browser.find_element(By.ID, "inspector-name").text


def test_clicks_walk_down_the_stack_to_the_map(browser, pages):
    """Issue 14 (viewer), a fresh user's report: a click selects the frontmost view under the
    pointer and each further click the next one behind it, down to the map, then the frontmost
    again; where nothing but the map is, the map is selected."""
    _open(browser, pages["sample"], "#step=2")
    # The compass (active guidance) lies in the button stack, over the viewport, over the map.
    point = _center(browser, _view(browser, "compass"))
    seen = []
    for _ in range(5):
        _click_at(browser, *point)
        seen.append(_selected(browser))
    assert seen == ["compass", "buttonStack", "viewport", "map", "compass"]

    # The broken delegate's empty open area: at (100, 400) pt only the map is (the viewport is
    # inverted at y 746…852, the logo at the bottom left, the buttons at the trailing edge).
    _open(browser, pages["broken"], "#step=2")
    for _ in range(2):
        _click_at(browser, *_world_point(browser, 100, 400))
        assert _selected(browser) == "map"
        assert browser.find_element(By.ID, "inspector-frame").text == "(0, 0, 393, 852)"
    assert _errors(browser) == []


# Every label the page may cut with an ellipsis must carry its whole text as its title.
_TRUNCATED_WITHOUT_TITLE = """
const out = [];
for (const e of document.querySelectorAll('#app *')) {
  if (!e.getClientRects().length || !e.textContent) continue;
  const cs = getComputedStyle(e);
  if (cs.textOverflow !== 'ellipsis' || e.scrollWidth <= e.clientWidth + 1) continue;
  if (e.getAttribute('title') !== e.textContent) out.push(e.className + ': ' + e.textContent);
}
return out;
"""


def test_truncated_labels_have_their_full_text(browser, pages):
    """The hierarchy shows whole identifiers (guides included), and any label cut short on the
    picture, in the header or on the timeline carries its full text as its title."""
    _open(browser, pages["sample"], "#step=2")
    browser.find_element(By.ID, "opt-guides").click()
    try:
        for size in ((1440, 900), (1280, 800), (800, 600)):
            browser.set_window_size(*size)
            browser.find_element(By.ID, "zoom-fit").click()
            names = browser.find_elements(By.CSS_SELECTOR, "#hierarchy .name")
            texts = [e.text for e in names]
            for identifier in ("googleLogo", "compass", "map.safeAreaLayoutGuide", "buttonStack"):
                assert identifier in texts, (size, texts)
            cut = browser.execute_script(
                "return [...document.querySelectorAll('#hierarchy .name')]"
                ".filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)")
            assert cut == [], size
            assert browser.execute_script(_TRUNCATED_WITHOUT_TITLE) == [], size
            labels = browser.find_elements(By.CSS_SELECTOR, "#overlay .vlabel")
            assert labels and all(e.get_attribute("title") for e in labels)
    finally:
        browser.find_element(By.ID, "opt-guides").click()
        browser.set_window_size(1440, 900)
    assert _errors(browser) == []


def test_header_shows_each_steps_map_view(browser, pages):
    """The rotation steps of the standard session: the header names the step's preset, size and
    safe area (docs/behaviour.md#device-presets: iphone-landscape is 852 × 393 with insets 0, 59, 21, 59)."""
    _open(browser, pages["sample"])
    run_info = browser.find_element(By.ID, "run-info")
    assert "iphone-portrait" in run_info.text and "393 × 852 pt" in run_info.text
    assert "safe area 59, 0, 34, 0" in run_info.text
    _step(browser, "rotated to iphone-landscape")
    assert "iphone-landscape" in run_info.text and "iphone-portrait" not in run_info.text
    assert "852 × 393 pt" in run_info.text and "safe area 0, 59, 21, 59" in run_info.text
    _step(browser, "rotated back to iphone-portrait")
    assert "iphone-portrait" in run_info.text and "393 × 852 pt" in run_info.text
    assert _errors(browser) == []


def _rect(browser, script: str):
    return browser.execute_script(f"const e = {script}; return e ? e.getBoundingClientRect().toJSON() : null;")


def _overlap(a, b) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5)


def _inside(inner, outer) -> bool:
    return (inner["left"] >= outer["left"] - 0.5 and inner["top"] >= outer["top"] - 0.5
            and inner["right"] <= outer["right"] + 0.5 and inner["bottom"] <= outer["bottom"] + 0.5)


def test_nothing_overlaps_at_the_window_sizes_used(browser, pages, tmp_path):
    """The device (with a prompt sliding in from below the screen) stays inside the drawing's box,
    clear of the legend and of the help line; the header's chips clear of its toolbar — at every
    window size these tests use, on a step without animation and in the middle of a prompt's."""
    _open(browser, pages["sample"])
    try:
        for size in ((1440, 900), (1440, 1080), (1280, 800), (800, 600)):
            browser.set_window_size(*size)
            for fragment in ("#step=2", "#step=3&t=0.2", "#step=3", "#step=16"):
                _open(browser, pages["sample"], fragment)
                box = _rect(browser, "document.getElementById('scene')")
                help_line = _rect(browser, "document.getElementById('stage-help')")
                legend = _rect(browser, "document.getElementById('legend-box')")
                for part in ("device", "views"):
                    drawn = _rect(browser, f"document.getElementById('{part}')")
                    assert _inside(drawn, box), (size, fragment, part, drawn, box)
                    assert not _overlap(drawn, help_line), (size, fragment, part)
                    assert not _overlap(drawn, legend), (size, fragment, part)
                toolbar = _rect(browser, "document.querySelector('#topbar .toolbar')")
                for chip in browser.find_elements(By.CSS_SELECTOR, "#run-info .chip, #topbar .brand"):
                    r = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", chip)
                    assert r["width"] == 0 or not _overlap(r, toolbar), (size, fragment, chip.text)
                main = _rect(browser, "document.getElementById('main')")
                timeline = _rect(browser, "document.getElementById('timeline')")
                assert not _overlap(main, timeline)
            browser.save_screenshot(str(tmp_path / f"viewer-{size[0]}x{size[1]}.png"))
    finally:
        browser.set_window_size(1440, 900)
    assert _errors(browser) == []


def _edges(browser, code: str, axis: str):
    """The step's first `code` diagnostic: its block of `axis` edges and, per constraint listed
    there, (where the edge is, the constraint's text)."""
    entry = browser.find_element(By.CSS_SELECTOR, f'#diagnostics li[data-code="{code}"]')
    edges = entry.find_element(By.CSS_SELECTOR, f'.diag-edges[data-axis-edges="{axis}"]')
    return edges, [(r.find_element(By.CSS_SELECTOR, ".edge").text, r.find_element(By.CSS_SELECTOR, ".ctext").text)
                   for r in edges.find_elements(By.CSS_SELECTOR, "li")]


def test_an_inverted_viewport_leads_to_its_culprit(browser, pages):
    """The broken delegate's viewport, (0, 852, 393, −106): drawn hatched across the 106 pt its
    edges span (not as a line); its emptyViewport entry names the constraints placing its top and
    bottom — the culprit viewport.top == etaCard.bottom at y = 852 — and links to its vertical
    constraints affecting layout in the inspector."""
    _open(browser, pages["broken"], "#step=2")
    viewport = _view(browser, "viewport")
    assert viewport.get_attribute("data-inverted") == "true"
    hatch = viewport.find_element(By.CSS_SELECTOR, "rect")
    assert hatch.get_attribute("fill") == "url(#nl-inverted)"
    scale = browser.execute_script("return document.getElementById('world').getScreenCTM().d")
    height = browser.execute_script("return arguments[0].getBoundingClientRect().height", hatch)
    assert abs(height / scale - 106) < 1.5

    edges, rows = _edges(browser, "emptyViewport", "vertical")
    assert rows == [("top at y = 852", "viewport.top == etaCard.bottom"),
                    ("bottom at y = 746", "viewport.bottom == mapContentsBottom.top")]
    # The culprit's other item is one click away (the entry's own click does not undo it).
    edges.find_element(By.CSS_SELECTOR, "li .link").click()
    assert _selected(browser) == "etaCard"
    edges, _ = _edges(browser, "emptyViewport", "vertical")
    edges.find_element(By.CSS_SELECTOR, 'button[data-affecting="vertical"]').click()
    assert _selected(browser) == "viewport"
    assert browser.find_element(By.ID, "inspector-frame").text == "(0, 852, 393, -106)"
    assert browser.find_element(By.ID, "inspector-inverted").text == (
        "Inverted: its top edge (y = 852) lies 106 pt below its bottom edge (y = 746).")
    section = browser.find_element(By.CSS_SELECTOR, '#inspector [data-axis-section="vertical"]')
    assert "focused" in section.get_attribute("class").split()
    assert "viewport.top == etaCard.bottom" in _inspector(browser)[2]
    assert _errors(browser) == []


def test_an_obstructed_viewport_leads_to_its_vertical_edges(browser, pages):
    """viewportObstructed by the turn card across the viewport's width: the entry lists what
    places the viewport's top (the safe area's, 59 — the culprit) and bottom (746: the ETA card's
    top, 852 − 106) and links to its vertical constraints."""
    _open(browser, pages["obstructed"], "#step=2")
    edges, rows = _edges(browser, "viewportObstructed", "vertical")
    assert browser.find_elements(By.CSS_SELECTOR, '#diagnostics .diag-edges[data-axis-edges="horizontal"]') == []
    assert rows == [("top at y = 59", "viewport.top == map.safeAreaLayoutGuide.top"),
                    ("bottom at y = 746", "viewport.bottom == mapContentsBottom.top")]
    edges.find_element(By.CSS_SELECTOR, 'button[data-affecting="vertical"]').click()
    assert (_selected(browser), browser.find_element(By.ID, "inspector-frame").text) == ("viewport", "(0, 59, 393, 687)")
    assert "focused" in browser.find_element(
        By.CSS_SELECTOR, '#inspector [data-axis-section="vertical"]').get_attribute("class").split()
    assert _errors(browser) == []


def test_link_to_a_moment_and_a_view(browser, swift_cli, tmp_path):
    """Gallery cells and the size sweep link to #step=N&t=SECONDS&view=IDENTIFIER."""
    page = _cli_page(swift_cli, tmp_path, "--delegate", "sample", "--preset", "iphone-portrait")
    _open(browser, page, "#step=3&t=0.2&view=incidentPrompt")
    assert _inspector(browser)[:2] == ("incidentPrompt", "(0, 792, 393, 120)")
    assert browser.find_element(By.CSS_SELECTOR, '#steps .step[aria-selected="true"] .step-name').text == "incident prompt"
    assert _errors(browser) == []


def test_wide_right_to_left_page(browser, swift_cli, tmp_path):
    """The wide example, right-to-left, on the iPad: wide mode in guidance, the cards at the
    leading (right) edge: the turn card's frame is (460, 0, 360, 128) — wideCardWidth
    min(360, 820 × 0.45) = 360 at x = 820 − 360, height S.top 24 + 104 (docs/behaviour.md#wide-mode)."""
    page = _cli_page(swift_cli, tmp_path, "--delegate", "wide", "--preset", "ipad-portrait", "--rtl")
    _open(browser, page, "#step=2")
    assert "right-to-left" in browser.find_element(By.ID, "run-info").text
    assert "wide" in browser.find_element(By.CSS_SELECTOR, '#steps .step[aria-selected="true"]').text
    _view(browser, "turnCard").click()
    assert _inspector(browser)[:2] == ("turnCard", "(460, 0, 360, 128)")
    assert _errors(browser) == []


def test_hostile_identifiers_and_a_failing_delegate_in_the_browser(browser, tmp_path):
    """Identifiers with quotes, <, & and control characters are shown as text; a delegate that
    raises is shown in its step and in the banner; the page has no console error."""
    hostile = "\"q'</script><!--<b>&amp;\x07"

    class Hostile(SampleLayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            super().enable_navigation_ui(nav_map, new_state)
            nav_map.add_subview(nav_map.make_view(identifier=hostile))

        def show_prompt(self, nav_map, new_prompt):
            raise RuntimeError("<img src=x onerror=alert(1)>")

    page = tmp_path / "hostile.html"
    nl.viewer.write(Hostile, "iphone-se", str(page))
    _errors(browser)
    _open(browser, page)
    assert _errors(browser) == []
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#hierarchy .name")]
    assert "\"q'</script><!--<b>&amp;\\u0007" in names  # the control character shown as \u0007
    assert browser.find_elements(By.CSS_SELECTOR, "img") == []  # nothing parsed as HTML
    banner = browser.find_element(By.ID, "banner")
    assert banner.is_displayed() and "<img src=x onerror=alert(1)>" in banner.text
    _step(browser, "incident prompt")
    assert "RuntimeError: <img src=x onerror=alert(1)>" in browser.find_element(By.CSS_SELECTOR, "#step-info .failure").text
    assert _errors(browser) == []


def test_a_page_without_a_recording_says_so(browser, tmp_path):
    page = tmp_path / "bad.html"
    page.write_text(nl.viewer.page("not json </script><!--", "bad"), encoding="utf-8")
    _errors(browser)
    _open(browser, page)
    banner = browser.find_element(By.ID, "banner")
    assert banner.is_displayed() and "not valid JSON" in banner.text
    assert _errors(browser) == []
