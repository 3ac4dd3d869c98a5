"""The pages of the workbench's part 2 in a real browser (issue 15): Debian's chromium, headless,
through Selenium — the set-up of the viewer's browser test (test_viewer_browser.py: its
``browser`` fixture and helpers).

* The sweep page for the wide example delegate from 100 to 1400 pt (written by Python: the
  library's nl_sweep_page and one viewer page per band) must load with no console error, draw one
  band per band at its place on the axis, and take a click on a band to that band's viewer page at
  its midpoint, opened at the band's first step with a diagnostic.
* The side-by-side diff page of a failed snapshot test shows both pictures, the overlay of the
  view that moved, and its row in the table.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import pytest

import navlayout as nl
from navlayout.demo import SampleLayoutDelegate
from navlayout.testing import assert_layout_snapshot
from navlayout.wide_delegate import WideLayoutDelegate
from test_snapshot_testing import NudgedSample, _guidance
from test_viewer_browser import _errors, _open, browser  # noqa: F401 - the fixture is used by name


def test_sweep_page_in_the_browser(browser, tmp_path):  # noqa: F811 - the imported fixture
    result = nl.sweep(WideLayoutDelegate, "width", 100, 1400, height=1180, safe_area=nl.Insets(24, 0, 20, 0),
                      title="wide")
    index = result.write_html(str(tmp_path / "sweep"), WideLayoutDelegate)
    _errors(browser)
    browser.get("file://" + index)
    assert _errors(browser) == []
    bands = browser.find_elements(By.CSS_SELECTOR, "#chart a.band")
    assert [b.get_attribute("data-start") for b in bands] == ["100", "112", "136", "176", "600"]
    assert [b.get_attribute("data-wide") for b in bands] == ["false"] * 4 + ["true"]
    # Each band's rectangle spans its range on the axis: x = 48 + (size − 100) / 1300 × 904 user
    # units (SweepPage's chart geometry); band 2 is 112 … 136.
    x, width = browser.execute_script(
        "const r = arguments[0].querySelector('rect').getBBox(); return [r.x, r.width];", bands[1])
    assert abs(x - (48 + 12 / 1300 * 904)) < 1e-3 and abs(width - 24 / 1300 * 904) < 1e-3
    # Colours: band 2 has an error (the re-center button off screen), band 4 none.
    fills = [browser.execute_script("return getComputedStyle(arguments[0].querySelector('rect')).fill;", b) for b in bands]
    assert fills[1] == "rgb(217, 48, 37)" and fills[3] == "rgb(52, 168, 83)"
    labels = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#chart text.boundary")]
    assert "600" in labels and "1400" in labels
    rows = browser.find_elements(By.CSS_SELECTOR, "#bands tbody tr")
    assert rows[1].find_element(By.CSS_SELECTOR, ".range").text == "112 ≤ width < 136"
    assert "offscreen [googleLogo]" in rows[1].text

    # Click band 2: its viewer page at the midpoint 124 pt, on step 11 (the map pan).
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", bands[1])
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("band-2.html#step=11"))
    WebDriverWait(browser, 10).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready === 'true'"))
    assert "124 × 1180 pt" in browser.find_element(By.ID, "run-info").text
    selected = browser.find_element(By.CSS_SELECTOR, '#steps .step[aria-selected="true"] .step-name').text
    assert selected == "map panned: re-center button"
    assert _errors(browser) == []

    # The table's link goes to the same page.
    _open(browser, tmp_path / "sweep" / "band-5.html")
    assert "1000 × 1180 pt" in browser.find_element(By.ID, "run-info").text  # (600 + 1400) / 2
    assert _errors(browser) == []


def test_snapshot_diff_page_in_the_browser(browser, tmp_path, monkeypatch):  # noqa: F811 - the imported fixture
    monkeypatch.delenv("NAVLAYOUT_RECORD_SNAPSHOTS", raising=False)
    with _guidance(SampleLayoutDelegate()) as sample:
        assert_layout_snapshot(sample, "guidance", str(tmp_path))
    with _guidance(NudgedSample()) as nudged, pytest.raises(AssertionError):
        assert_layout_snapshot(nudged, "guidance", str(tmp_path))
    _errors(browser)
    browser.get((tmp_path / "guidance.diff.html").as_uri())
    assert _errors(browser) == []
    # Both pictures load: the map view's SVGs, 393 pt wide (iphone-portrait, docs/behaviour.md#device-presets).
    widths = browser.execute_script(
        "return [...document.querySelectorAll('#pictures img')].map(i => i.complete ? i.naturalWidth : -1);")
    assert widths == [393, 393]
    # The overlay: the logo before (x 0) and after (x 1): the logo of docs/behaviour.md#expected-frames, (0, 714, 72, 32), moved 1 pt.
    before, after = browser.execute_script(
        "const g = document.querySelector('#overlay g.moved[data-view=\"googleLogo\"]');"
        "return [g.querySelector('rect.before').getAttribute('x'), g.querySelector('rect.after').getAttribute('x')];")
    assert (before, after) == ("0", "1")
    row = browser.find_element(By.CSS_SELECTOR, "#views tbody tr").text
    assert row == "googleLogo (0, 714, 72, 32) (1, 714, 72, 32)"
    assert _errors(browser) == []
