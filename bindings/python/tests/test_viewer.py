"""navlayout.viewer and navlayout.session (issue 14): the standard session recorded from a
delegate written in Python, the page, and the bad inputs the issue lists (an output path that
cannot be written, a delegate that raises, identifiers with quotes, <, & and control characters).
The page in a real browser: test_viewer_browser.py."""

from __future__ import annotations

import json
import re

import pytest

import navlayout as nl
from navlayout.demo import SampleLayoutDelegate
from navlayout.session import DEMO, SessionStep, run_session

HOSTILE = "\"q'</script><!--<b>&amp;\x07\u2028"


def _recording(page: str) -> dict:
    """The JSON embedded in a viewer page."""
    m = re.search(r'<script id="navlayout-recording" type="application/json">(.*?)</script>', page, re.S)
    assert m, "no recording element"
    return json.loads(m.group(1))


def _key(rec: dict, identifier: str) -> int:
    return next(it["key"] for it in rec["items"] if it["identifier"] == identifier)


def test_write_sample_delegate(tmp_path):
    path = tmp_path / "page.html"
    result = nl.viewer.write(SampleLayoutDelegate, "iphone-portrait", str(path))
    assert result == nl.viewer.ViewerResult(str(path), 19, [], 0, 1, 0)  # the rotation's wide-mode warning
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count("</script>") == 2
    assert "<title>NavLayout viewer — SampleLayoutDelegate · iphone-portrait</title>" in page
    rec = _recording(page)
    assert rec["schema"] == "navlayout.recording/1" and rec["title"] == "SampleLayoutDelegate"
    step = next(s for s in rec["steps"] if s["name"] == "incident prompt")
    prompt = _key(rec, "incidentPrompt")
    # docs/behaviour.md#the-sample-delegate: the prompt at 0.2 s of its 0.4 s ease-in-out slide (progress 0.5).
    sample = step["samples"][12]
    assert sample["t"] == 0.2
    assert next(f[1:5] for f in sample["frames"] if f[0] == prompt) == [0, 792, 393, 120]
    # Issue 14 item 2 in the recording: the viewport's vertical constraints affecting layout in
    # active guidance include those to the turn card and to the bottom guide.
    guidance = rec["steps"][1]["states"][-1]
    viewport = next(v for v in guidance["views"] if v["key"] == _key(rec, "viewport"))
    texts = [rec["constraints"][i]["text"] for i in viewport["affecting"]["vertical"]]
    assert "viewport.top == turnCard.bottom" in texts and "viewport.bottom == mapContentsBottom.top" in texts


def test_write_right_to_left_and_builtin(tmp_path):
    result = nl.viewer.write(None, "ipad-portrait", str(tmp_path / "p.html"), rtl=True)
    assert result.steps == 19 and result.failures == [] and result.errors == 0
    rec = _recording((tmp_path / "p.html").read_text(encoding="utf-8"))
    assert rec["layoutDirection"] == "rightToLeft" and rec["title"] == "builtin (right-to-left)"
    assert rec["customDelegate"] is False
    assert [s["name"] for s in rec["steps"]][15:17] == ["resized to ipad-split", "resized back to ipad-portrait"]


def test_a_delegate_that_raises_is_shown_on_the_page(tmp_path):
    class Raises(SampleLayoutDelegate):
        def show_prompt(self, nav_map, new_prompt):
            raise RuntimeError(f"no room for <{new_prompt.kind.name}> & more")

    result = nl.viewer.write(Raises, "iphone-se", str(tmp_path / "p.html"))
    assert len(result.failures) == 4  # one per prompt kind
    assert result.failures[0].startswith("incident prompt: triggerPrompt(.incident): ")
    assert "RuntimeError: no room for <INCIDENT> & more" in result.failures[0]
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert page.count("</script>") == 2
    step = next(s for s in _recording(page)["steps"] if s["name"] == "incident prompt")
    assert "no room for <INCIDENT> & more" in step["failures"][0]


def test_bad_arguments_name_the_argument_and_write_nothing(tmp_path):
    with pytest.raises(nl.InvalidArgumentError, match="preset: unknown preset 'nokia-3310'"):
        nl.viewer.write(SampleLayoutDelegate, "nokia-3310", str(tmp_path / "a.html"))
    with pytest.raises(FileNotFoundError, match="path: cannot write .*does not exist"):
        nl.viewer.write(SampleLayoutDelegate, "iphone-se", str(tmp_path / "missing" / "a.html"))
    with pytest.raises(IsADirectoryError, match="path: cannot write"):
        nl.viewer.write(SampleLayoutDelegate, "iphone-se", str(tmp_path))

    def make():
        raise KeyError("no such layout")

    with pytest.raises(nl.CallbackFailedError, match="make_delegate raised KeyError") as info:
        nl.viewer.write(make, "iphone-se", str(tmp_path / "b.html"))
    assert isinstance(info.value.__cause__, KeyError)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_hostile_identifiers_cannot_break_the_page(tmp_path):
    class Hostile(SampleLayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            super().enable_navigation_ui(nav_map, new_state)
            view = nav_map.make_view(identifier=HOSTILE)
            nav_map.add_subview(view)
            view.opaque = False

    nl.viewer.write(Hostile, "iphone-portrait", str(tmp_path / "p.html"), title="</title><script>x()</script>")
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert page.count("</script>") == 2 and page.count("<script") == 2 and page.count("</title>") == 1
    assert "<!--" not in page and "\u2028" not in page
    assert "<title>NavLayout viewer — &lt;/title&gt;&lt;script&gt;x()&lt;/script&gt; · iphone-portrait</title>" in page
    rec = _recording(page)
    assert HOSTILE in [it["identifier"] for it in rec["items"]]


def test_page_of_text_that_is_not_a_recording():
    page = nl.viewer.page("not json </script>", "t")
    assert page.count("</script>") == 2 and "not json \\u003c/script\\u003e" in page


def test_run_session_demo_observer_and_errors():
    seen = []
    with nl.MapView.preset("iphone-portrait") as nav_map:
        nav_map.set_layout_delegate(SampleLayoutDelegate())
        assert run_session(nav_map, script=DEMO, observe=seen.append) is None
        assert [s.name for s in seen] == ["navigation ready", "active guidance", "incident prompt 0.0 s",
                                          "incident prompt 0.2 s", "incident prompt 0.4 s", "prompt dismissed",
                                          "guidance stopped", "navigation disabled"]
        assert seen[0] == SessionStep(0, "navigation ready", [])

        # The observer may read the map view but not send events.
        def sends_events(step):
            nav_map.advance_time(1)

        with pytest.raises(nl.ReentrantError):
            run_session(nav_map, observe=sends_events)
        # The session stopped after its first step (navigation enabled); the map view is usable.
        assert nav_map.navigation_enabled
        nav_map.navigation_enabled = False

        # Navigation enabled: refused before anything happens.
        nav_map.navigation_enabled = True
        with pytest.raises(nl.NavigationEnabledError):
            run_session(nav_map)
        nav_map.navigation_enabled = False
        with pytest.raises(nl.InvalidArgumentError, match="script must be"):
            run_session(nav_map, script="marathon")
        with pytest.raises(nl.InvalidArgumentError, match="options->preset"):
            run_session(nav_map, preset="nokia-3310")
