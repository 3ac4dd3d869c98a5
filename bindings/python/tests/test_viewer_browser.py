"""The viewer page in a real browser (issue 14): Debian's chromium and chromium-driver, driven
headless by Selenium (both installed by scripts/setup.sh, test-only).

The page for the sample delegate on iphone-portrait (written in Python, recorded through the C
library: navlayout.viewer.write) must load with no console error; clicking the
viewport shows its frame and constraints; moving the scrubber to 0.2 s of the incident prompt and
clicking the prompt shows (0, 792, 393, 120) — SPEC §10's frame at progress 0.5 of the 0.4 s
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
    # no other view): SPEC §10's frame and its constraints affecting layout — vertically the ones
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
    # The viewport at the same moment (SPEC §10: (0, 163, 393, 576)).
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
    min(360, 820 × 0.45) = 360 at x = 820 − 360, height S.top 24 + 104 (SPEC §4)."""
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
