"""Snapshot tests for app teams (issue 15): ``navlayout.testing.assert_layout_snapshot`` records a
golden JSON and SVG, passes while the layout stays, fails with a readable table and a
side-by-side HTML diff when it moves, and passes again once re-recorded
(NAVLAYOUT_RECORD_SNAPSHOTS=1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import navlayout as nl
from navlayout.demo import SampleLayoutDelegate
from navlayout.testing import assert_layout_snapshot


class NudgedSample(SampleLayoutDelegate):
    """The sample delegate with one constant changed by 1 pt: in active guidance the logo's
    leading edge sits 1 pt in from the safe area's (the sample pins it at 0)."""

    def _make_guidance_layout(self, nav_map, new_state):
        layout = super()._make_guidance_layout(nav_map, new_state)
        logo = new_state.google_logo
        (pin,) = [c for c in layout.constraints
                  if c.first_anchor.item == logo and c.first_anchor.attribute == nl.AnchorAttribute.LEADING]
        pin.constant += 1
        return layout


def _guidance(delegate):
    """iphone-portrait in active guidance with ``delegate`` (the moment of docs/behaviour.md#expected-frames)."""
    nav_map = nl.MapView.preset("iphone-portrait")
    nav_map.set_layout_delegate(delegate)
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    return nav_map


def test_one_constant_changed_by_1pt_fails_with_a_readable_diff_and_passes_after_rerecording(tmp_path, monkeypatch):
    monkeypatch.delenv("NAVLAYOUT_RECORD_SNAPSHOTS", raising=False)
    folder = tmp_path / "__snapshots__"
    with _guidance(SampleLayoutDelegate()) as sample:
        assert assert_layout_snapshot(sample, "sample-guidance", str(folder)) == "recorded"
        golden = json.loads((folder / "sample-guidance.json").read_text())
        assert golden["schema"] == "navlayout.snapshot/1"
        assert (folder / "sample-guidance.svg").read_text().startswith("<svg ")
        assert assert_layout_snapshot(sample, "sample-guidance", str(folder)) == "matched"

    with _guidance(NudgedSample()) as nudged:
        with pytest.raises(AssertionError) as info:
            assert_layout_snapshot(nudged, "sample-guidance", str(folder))
        # docs/behaviour.md#expected-frames: the logo at (0, 714, 72, 32) in active guidance, now 1 pt to the right; nothing
        # is constrained to the logo, so nothing else moves, and no diagnostic changes.
        assert str(info.value) == (
            f'layout snapshot "sample-guidance" does not match its golden snapshot {folder}/sample-guidance.json:\n'
            "views that moved (x, y, width, height in points):\n"
            "  view         before             after\n"
            "  googleLogo   (0, 714, 72, 32)   (1, 714, 72, 32)\n"
            f"side-by-side diff: {folder}/sample-guidance.diff.html\n"
            "to accept the new layout, run again with NAVLAYOUT_RECORD_SNAPSHOTS=1")
        page = (folder / "sample-guidance.diff.html").read_text()
        assert "<td>googleLogo</td><td>(0, 714, 72, 32)</td><td>(1, 714, 72, 32)</td>" in page

        # Re-recorded, the new layout is the golden: it passes and the stale diff is gone.
        monkeypatch.setenv("NAVLAYOUT_RECORD_SNAPSHOTS", "1")
        assert assert_layout_snapshot(nudged, "sample-guidance", str(folder)) == "recorded"
        assert not (folder / "sample-guidance.diff.html").exists()
        monkeypatch.delenv("NAVLAYOUT_RECORD_SNAPSHOTS")
        assert assert_layout_snapshot(nudged, "sample-guidance", str(folder)) == "matched"
    assert json.loads((folder / "sample-guidance.json").read_text())["views"] != golden["views"]


def test_diagnostics_and_camera_are_compared(tmp_path):
    """Navigation ready → active guidance: the cards appear, the viewport shrinks to
    (0, 163, 393, 583), as in docs/behaviour.md#expected-frames, and the camera with it."""
    with nl.MapView.preset("iphone-portrait") as nav_map:
        nav_map.set_layout_delegate(SampleLayoutDelegate())
        nav_map.navigation_enabled = True
        assert_layout_snapshot(nav_map, "s", str(tmp_path))
        nav_map.start_guidance()
        with pytest.raises(AssertionError) as info:
            assert_layout_snapshot(nav_map, "s", str(tmp_path))
    text = str(info.value)
    assert "  turnCard      (not in the hierarchy)   (0, 0, 393, 163)\n" in text  # column: buttonStack
    assert "  camera viewport   (0, 59, 393, 759)   (0, 163, 393, 583)\n" in text
    assert "  vehicle point     (196.5, 438.5)      (196.5, 454.5)\n" in text


def test_default_directory_is_next_to_the_calling_file(tmp_path, monkeypatch):
    monkeypatch.delenv("NAVLAYOUT_RECORD_SNAPSHOTS", raising=False)
    script = tmp_path / "test_mine.py"
    script.write_text(
        "import navlayout as nl\n"
        "from navlayout.testing import assert_layout_snapshot\n"
        "with nl.MapView.preset('iphone-se') as m:\n"
        "    print(assert_layout_snapshot(m, 'empty'))\n")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd="/", timeout=120,
                         env={**os.environ, "PYTHONPATH": str(Path(nl.__file__).resolve().parent.parent)})
    assert (run.returncode, run.stdout) == (0, "recorded\n"), run.stderr
    assert (tmp_path / "__snapshots__" / "empty.json").exists()


def test_bad_input_names_the_argument(tmp_path):
    with nl.MapView.preset("iphone-se") as nav_map:
        with pytest.raises(TypeError, match="map_view must be a navlayout.MapView"):
            assert_layout_snapshot("map", "x", str(tmp_path))
        for name in ("", "a/b", ".."):
            with pytest.raises(nl.InvalidArgumentError, match="name must be a file name without '/'"):
                assert_layout_snapshot(nav_map, name, str(tmp_path))
        (tmp_path / "file").write_text("x")
        with pytest.raises(OSError, match="directory: cannot create"):
            assert_layout_snapshot(nav_map, "x", str(tmp_path / "file" / "sub"))
        (tmp_path / "broken.json").write_text("not json")
        with pytest.raises(nl.InvalidArgumentError) as info:
            assert_layout_snapshot(nav_map, "broken", str(tmp_path))
        assert str(info.value).startswith(f"{tmp_path}/broken.json: golden: not a layout snapshot: not JSON at byte 0")
        assert str(info.value).endswith("record it again with NAVLAYOUT_RECORD_SNAPSHOTS=1")
        with pytest.raises(nl.InvalidArgumentError, match="tolerance must be finite"):
            assert_layout_snapshot(nav_map, "x", str(tmp_path), tolerance=float("nan"))
