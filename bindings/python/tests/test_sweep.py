"""The size sweep from Python (issue 15): ``navlayout.sweep`` over the library's nl_sweep /
nl_sweep_with_sampler, Python delegates in worker processes, bands found by bisection to 0.01 pt,
delegate failures as results, bad input naming the argument, the pages, and
``python -m navlayout sweep`` printing what the Swift CLI prints."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import navlayout as nl
from navlayout.demo import SampleLayoutDelegate
from navlayout.wide_delegate import WideLayoutDelegate

IPAD = dict(height=1180, safe_area=nl.Insets(24, 0, 20, 0))  # the issue's example
PACKAGE_PARENT = str(Path(nl.__file__).resolve().parent.parent)


class FailingBelow500(SampleLayoutDelegate):
    """The sample delegate, raising in start_guidance on map views narrower than 500 pt (module
    level, so worker processes can import it)."""

    def start_guidance(self, nav_map, new_state, old_state):
        super().start_guidance(nav_map, new_state, old_state)
        if nav_map.size.width < 500:
            raise RuntimeError(f"too narrow: {nav_map.size.width:g}")


def no_delegate():
    raise LookupError("no delegate today")


def _keys(band):
    return {(d.step, d.code.name if isinstance(d.code, nl.DiagnosticCode) else d.code, d.items)
            for d in band.diagnostics}


def test_sample_delegate_wide_mode_boundary_at_600():
    """docs/behaviour.md#wide-mode: wide when W − S.leading − S.trailing >= 600; no side insets, so W >= 600. The
    sample delegate is clean at every width: two bands split at 600 exactly."""
    result = nl.sweep(SampleLayoutDelegate, axis="width", start=320, stop=1400, **IPAD)
    assert [(b.start, b.stop, b.wide_mode) for b in result.bands] == [(320, 600, False), (600, 1400, True)]
    assert [b.midpoint for b in result.bands] == [460, 1000]  # (320 + 600) / 2, (600 + 1400) / 2
    assert all(b.diagnostics == () and b.failures == () for b in result.bands)
    # Sampled every 8 pt (136 sizes) and bisected (at most log2(800) = 10 more), not all 108,001.
    assert result.runs <= 137 + 10
    assert result.title == "SampleLayoutDelegate"


def test_wide_delegate_bands():
    """The wide example delegate: over the issue's range the same two bands as the sample (its
    standard variant is the sample's, its wide variant clean); from 100 pt, the overlap rule
    (docs/behaviour.md#overlap) on components inset by their 8-pt margins gives three more: the logo (visible x 8…64)
    meets the compass (W − 48…W − 8) below 112; the 136-pt re-center button is off screen below
    136 and meets the compass below 176 (W − 48 < 128). Right-to-left mirrors all of it."""
    issue = nl.sweep(WideLayoutDelegate, "width", 320, 1400, **IPAD)
    assert [(b.start, b.stop, b.wide_mode, b.diagnostics) for b in issue.bands] == [
        (320, 600, False, ()), (600, 1400, True, ())]
    for direction in (nl.LayoutDirection.LEFT_TO_RIGHT, nl.LayoutDirection.RIGHT_TO_LEFT):
        result = nl.sweep(WideLayoutDelegate, "width", 100, 1400, layout_direction=direction, **IPAD)
        assert [(b.start, b.stop) for b in result.bands] == [(100, 112), (112, 136), (136, 176), (176, 600), (600, 1400)]
        assert [b.wide_mode for b in result.bands] == [False, False, False, False, True]
        panned = "map panned: re-center button"
        overlap = ("OVERLAP", ("googleLogo", "compass"))
        offscreen = (panned, "OFFSCREEN", ("googleLogo",))
        steps = [d.step for d in result.bands[0].diagnostics if d.code == nl.DiagnosticCode.OVERLAP]
        assert len(steps) == 16  # the 17 steps but the last, "navigation disabled", show both
        assert _keys(result.bands[0]) == {(s, *overlap) for s in steps} | {offscreen}
        assert _keys(result.bands[1]) == {(panned, *overlap), offscreen}
        assert _keys(result.bands[2]) == {(panned, *overlap)}
        assert _keys(result.bands[3]) == _keys(result.bands[4]) == set()
        assert result.bands[1].diagnostics[0].severity in (nl.Severity.ERROR, nl.Severity.WARNING)


def test_processes_and_this_process_agree():
    """Worker processes and the in-process run choose the same sizes: identical results."""
    two = nl.sweep(WideLayoutDelegate, "width", 100, 700, processes=2, **IPAD)
    one = nl.sweep(WideLayoutDelegate, "width", 100, 700, processes=1, **IPAD)
    assert two.json == one.json
    threads = nl.sweep(None, "width", 100, 700, processes=2, **IPAD)  # the built-in layout: library threads
    assert [b.start for b in threads.bands][:1] == [100] and threads.title == "builtin"


def test_a_delegate_that_raises_is_a_result_at_that_size():
    result = nl.sweep(FailingBelow500, "width", 320, 1400, **IPAD)
    assert [(b.start, b.stop) for b in result.bands] == [(320, 500), (500, 600), (600, 1400)]
    (failure,) = result.bands[0].failures
    assert (failure.step_index, failure.step, failure.source) == (1, "active guidance", "startGuidance()")
    assert "RuntimeError: too narrow: 320" in failure.message  # at the band's first size
    assert result.bands[1].failures == ()
    # make_delegate itself raising: every size fails at set-up.
    broken = nl.sweep(no_delegate, "width", 320, 1400, processes=1, **IPAD)
    assert [b.failures[0][:3] for b in broken.bands] == [(-1, "set-up", "makeDelegate")] * 2
    assert broken.bands[0].failures[0].message == "make_delegate raised LookupError: no delegate today"


def test_a_delegate_workers_cannot_import_runs_here():
    class Local(SampleLayoutDelegate):
        pass

    with pytest.warns(RuntimeWarning, match="make_delegate cannot be sent to worker processes"):
        result = nl.sweep(Local, "width", 320, 700, processes=2, **IPAD)
    assert [(b.start, b.stop) for b in result.bands] == [(320, 600), (600, 700)]
    result = nl.sweep(lambda: SampleLayoutDelegate(), "width", 320, 700, processes=1, **IPAD)
    assert len(result.bands) == 2


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(start=float("nan")), nl.InvalidArgumentError, "start must be finite, got nan"),
    (dict(stop=float("inf")), nl.InvalidArgumentError, "stop must be finite, got inf"),
    (dict(start=500, stop=500), nl.InvalidArgumentError, "stop (500) must be greater than start (500): the range is empty"),
    (dict(start=900, stop=500), nl.InvalidArgumentError, "stop (500) must be greater than start (900): the range is empty"),
    (dict(start=-5), nl.InvalidArgumentError, "start must not be negative (-5)"),
    (dict(axis="diagonal"), nl.InvalidArgumentError, "axis must be 'width' or 'height', not 'diagonal'"),
    (dict(height=None), nl.InvalidArgumentError, "height is required for a width sweep"),
    (dict(width=300), nl.InvalidArgumentError, "width is the swept axis here"),
    (dict(height="tall"), TypeError, "height must be a real number"),
    (dict(safe_area=nl.Insets(24, 300, 20, 300)), nl.InvalidArgumentError, "safe_area does not fit the map view at start (320 pt)"),
    (dict(sample_step=0), nl.InvalidArgumentError, "sample_step must be a positive number of points"),
    (dict(processes=0), nl.InvalidArgumentError, "processes must be a whole number from 1 to 256"),
    (dict(processes=257), nl.InvalidArgumentError, "processes must be a whole number from 1 to 256"),
    (dict(make_delegate=42), TypeError, "make_delegate must be a callable"),
])
def test_bad_input_names_the_argument(kwargs, error, message):
    args = dict(make_delegate=SampleLayoutDelegate, axis="width", start=320, stop=1400, **IPAD)
    args.update(kwargs)
    with pytest.raises(error) as info:
        nl.sweep(**args)
    assert message in str(info.value)


def test_pages(tmp_path):
    result = nl.sweep(WideLayoutDelegate, "width", 100, 1400, **IPAD)
    index = result.write_html(str(tmp_path / "out"), WideLayoutDelegate)
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert names == ["band-1.html", "band-2.html", "band-3.html", "band-4.html", "band-5.html", "index.html"]
    page = Path(index).read_text()
    assert 'href="band-2.html#step=11"' in page  # the band's first step with a diagnostic
    assert "<script" not in page  # the chart is inline SVG
    viewer = (tmp_path / "out" / "band-4.html").read_text()
    assert "388 pt" in viewer  # the band 176 – 600's midpoint
    assert result.text.startswith("sweep: WideLayoutDelegate — width 100 → 1400 pt, height 1180 pt")
    # An unwritable directory: a file stands where the directory should be.
    (tmp_path / "file").write_text("x")
    with pytest.raises(OSError) as info:
        result.write_html(str(tmp_path / "file" / "out"), WideLayoutDelegate)
    assert "directory: cannot create" in str(info.value)


def _python_cli(*args, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_PARENT + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "navlayout", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_python_cli(tmp_path):
    run = _python_cli("sweep", "--delegate", "sample")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[1:] == [
        "band 1: 320 ≤ width < 600 — standard, no diagnostics",
        "band 2: 600 ≤ width ≤ 1400 — wide, no diagnostics",
    ]
    # The wide delegate from 100 pt has error diagnostics (offscreen): exit status 1.
    run = _python_cli("sweep", "--delegate", "wide", "--from", "100", "--to", "700", "--out", str(tmp_path / "s"))
    assert run.returncode == 1
    assert "band 2: 112 ≤ width < 136 — standard, 2 diagnostics\n  map panned: re-center button: error offscreen [googleLogo]\n" in run.stdout
    assert (tmp_path / "s" / "index.html").exists() and (tmp_path / "s" / "band-4.html").exists()
    run = _python_cli("sweep", "--from", "500", "--to", "500")
    # The command line names its flags, not navlayout.sweep's start/stop.
    assert (run.returncode, run.stderr) == (2, "navlayout sweep: --to (500) must be greater than --from (500): the range is empty\n")
    (tmp_path / "file").write_text("x")
    run = _python_cli("sweep", "--from", "320", "--to", "400", "--out", str(tmp_path / "file" / "out"))
    assert (run.returncode, run.stderr) == (2, f"navlayout sweep: cannot write --out {tmp_path}/file/out: Not a directory\n")


def test_python_cli_prints_what_the_swift_cli_prints(swift_cli, tmp_path):
    (tmp_path / "file").write_text("x")
    for args in (["--delegate", "wide", "--from", "100", "--to", "700"],
                 ["--from", "320", "--to", "330", "--out", str(tmp_path / "file" / "out")],
                 ["--from", "320", "--to", "330", "--out", str(tmp_path / "pages")],
                 ["--delegate", "sample", "--axis", "height", "--width", "393", "--insets", "59,0,34,0", "--from", "240", "--to", "400"],
                 ["--delegate", "builtin", "--rtl", "--json"],
                 ["--from", "500", "--to", "500"]):
        ours = _python_cli("sweep", *args)
        theirs = subprocess.run([str(swift_cli), "sweep", *args], capture_output=True, text=True, timeout=300)
        assert (ours.returncode, ours.stdout, ours.stderr) == (theirs.returncode, theirs.stdout, theirs.stderr), args


def test_a_failure_shows_in_its_own_step_only():
    """A delegate method that raised once is not raised again by the nested calls of later
    callbacks of the same session (the sweep compares steps, so a repeated failure would make a
    band of every later step): run_session sees it in "active guidance" alone."""
    from navlayout.session import run_session

    failed = []
    with nl.MapView(320, 1180, nl.Insets(24, 0, 20, 0)) as nav_map:
        nav_map.set_layout_delegate(FailingBelow500())
        run_session(nav_map, observe=lambda step: failed.extend((step.name, f) for f in step.failures))
    assert [name for name, _ in failed] == ["active guidance"]
    assert "FailingBelow500.start_guidance raised RuntimeError: too narrow: 320" in failed[0][1]
