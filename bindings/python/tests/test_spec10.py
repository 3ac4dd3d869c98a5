"""docs/behaviour.md#expected-frames: the seed's sample delegate on iphone-portrait, frame by frame, in Python.

Geometry used in the comments (docs/behaviour.md#device-presets, docs/behaviour.md#sdk-components):
  iphone-portrait: W = 393, H = 852, safe area S = (top 59, leading 0, bottom 34, trailing 0).
  safe-area bottom = H - 34 = 818.
  turn card: (W - 0 - 0) x (S.top + headerNominalHeight 104) = 393 x 163, pinned to the top.
  ETA card: W x (72 + S.bottom) = 393 x 106, pinned to the bottom -> y = 852 - 106 = 746.
  buttons 56 x 56 (stack spacing 8, bottom-packed, trailing); logo 72 x 32.
  incident prompt: min(393, 480) x 120.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

import navlayout as nl
from sample_delegate import SampleLayoutDelegate, run_session

APPROX = dict(abs=1e-9)


def _frames(nav_map):
    """identifier -> presented frame, for every view in the hierarchy (depth first)."""
    out = {}

    def walk(view):
        for sub in view.subviews:
            out[sub.identifier] = tuple(sub.frame)
            walk(sub)

    walk(nav_map)
    return out


def _check(frames, expected):
    for name, rect in expected.items():
        assert name in frames, f"{name} missing from the hierarchy: {sorted(frames)}"
        assert frames[name] == pytest.approx(rect, **APPROX), name


# navigation ready: the guide sits at the safe-area bottom (818, priority 250, nothing pushes it).
READY = {
    # trailing = 393, top = safe top 59, bottom = 818 -> height 759; width = widest button 56
    "buttonStack": (337, 59, 56, 759),
    # first arranged view at the bottom of the stack: y = 818 - 56
    "compass": (337, 762, 56, 56),
    # leading = 0, bottom = 818 -> y = 818 - 32
    "googleLogo": (0, 786, 72, 32),
    # safe leading/trailing, safe top 59 .. guide 818
    "viewport": (0, 59, 393, 759),
}

# active guidance: the guide is held at the ETA card's top (746 <= 818 wins over the @250 one).
GUIDANCE = {
    "turnCard": (0, 0, 393, 163),
    "etaCard": (0, 746, 393, 106),
    # from the turn card's bottom (163) to 746 -> 583
    "buttonStack": (337, 163, 56, 583),
    # 746 - 56 = 690; reporting above it: 690 - 8 - 56 = 626
    "compass": (337, 690, 56, 56),
    "reporting": (337, 626, 56, 56),
    # 746 - 32
    "googleLogo": (0, 714, 72, 32),
    "viewport": (0, 163, 393, 583),
}

# the prompt starts with its top at the map view's bottom edge (bottom = 852 + 120).
PROMPT_START = {**GUIDANCE, "incidentPrompt": (0, 852, 393, 120)}

# 0.2 s of 0.4 s with ease-in-out (0.42, 0, 0.58, 1): progress 0.5 (the curve is symmetric).
# prompt y: 852 -> 732, halfway 792; the guide 746 -> 732, so heights shrink by 14 / 2 = 7.
PROMPT_HALF = {
    **GUIDANCE,
    "incidentPrompt": (0, 792, 393, 120),
    "viewport": (0, 163, 393, 576),
    "buttonStack": (337, 163, 56, 576),
    "compass": (337, 683, 56, 56),
    "reporting": (337, 619, 56, 56),
    "googleLogo": (0, 707, 72, 32),
}

# >= 0.4 s: prompt bottom == 852 -> y = 732; guide <= 732 now binds (below the ETA card's 746).
PROMPT_SHOWN = {
    **GUIDANCE,
    "incidentPrompt": (0, 732, 393, 120),
    "buttonStack": (337, 163, 56, 569),  # 732 - 163
    "compass": (337, 676, 56, 56),  # 732 - 56
    "reporting": (337, 612, 56, 56),  # 676 - 8 - 56
    "googleLogo": (0, 700, 72, 32),  # 732 - 32
    "viewport": (0, 163, 393, 569),
}


def test_spec10_frame_by_frame(nav_map):
    delegate = SampleLayoutDelegate()
    nav_map.set_layout_delegate(delegate)

    nav_map.navigation_enabled = True
    f = _frames(nav_map)
    _check(f, READY)
    assert set(f) == set(READY)
    assert nav_map.diagnostics == []

    nav_map.start_guidance()
    f = _frames(nav_map)
    _check(f, GUIDANCE)
    assert set(f) == set(GUIDANCE) | {"buttonStack"}
    cam = nav_map.camera
    # padding = (viewport top 163, left 0, bottom 852 - 746 = 106, right 0)
    assert tuple(cam.padding) == pytest.approx((163, 0, 106, 0), **APPROX)
    # vehicle point = viewport centre: (393 / 2, 163 + 583 / 2)
    assert tuple(cam.vehicle_point) == pytest.approx((196.5, 454.5), **APPROX)
    assert tuple(cam.viewport) == pytest.approx(GUIDANCE["viewport"], **APPROX)
    assert nav_map.diagnostics == []

    nav_map.trigger_prompt(nl.PromptKind.INCIDENT)
    _check(_frames(nav_map), PROMPT_START)
    assert nav_map.diagnostics == []

    nav_map.advance_time(0.2)
    _check(_frames(nav_map), PROMPT_HALF)
    assert nav_map.diagnostics == []

    nav_map.advance_time(0.2)
    _check(_frames(nav_map), PROMPT_SHOWN)
    cam = nav_map.camera
    # padding bottom = 852 - 732 = 120; vehicle y = 163 + 569 / 2 = 447.5
    assert tuple(cam.padding) == pytest.approx((163, 0, 120, 0), **APPROX)
    assert tuple(cam.vehicle_point) == pytest.approx((196.5, 447.5), **APPROX)
    assert nav_map.diagnostics == []

    nav_map.dismiss_prompt()
    nav_map.advance_time(0.4)  # the slide-down completes; its completion removes the prompt
    f = _frames(nav_map)
    _check(f, GUIDANCE)
    assert "incidentPrompt" not in f
    assert nav_map.diagnostics == []

    nav_map.stop_guidance()
    f = _frames(nav_map)
    _check(f, READY)
    assert set(f) == set(READY)
    cam = nav_map.camera
    # padding = (59, 0, 852 - 818 = 34, 0); vehicle = (196.5, 59 + 759 / 2 = 438.5)
    assert tuple(cam.padding) == pytest.approx((59, 0, 34, 0), **APPROX)
    assert tuple(cam.vehicle_point) == pytest.approx((196.5, 438.5), **APPROX)
    assert nav_map.diagnostics == []

    nav_map.navigation_enabled = False
    assert nav_map.subviews == []  # nothing of the SDK's is left
    assert nav_map.diagnostics == []


def test_hierarchy_order_and_nesting(nav_map):
    nav_map.set_layout_delegate(SampleLayoutDelegate())
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    top = [v.identifier for v in nav_map.subviews]
    assert top == ["turnCard", "etaCard", "viewport", "googleLogo", "buttonStack"]
    stack = nav_map.subviews[-1]
    assert isinstance(stack, nl.HidingStack)
    # the stack's arranged views are the state's buttons, in the state's order
    assert [v.identifier for v in stack.subviews] == ["compass", "reporting"]
    assert all(v.superview is stack for v in stack.subviews)
    assert stack.superview is nav_map


# -- the printed table --------------------------------------------------------------------------

EXPECTED_TABLE_START = [
    "== navigation ready ==",
    "  googleLogo              0.0    786.0     72.0     32.0",
    "  viewport                0.0     59.0    393.0    759.0",
    "  buttonStack           337.0     59.0     56.0    759.0",
    "    compass             337.0    762.0     56.0     56.0",
    "  camera padding 59.0 0.0 34.0 0.0 vehicle 196.5 438.5",
    "== active guidance ==",
]


def test_run_session_table():
    lines = run_session("iphone-portrait")
    assert lines[: len(EXPECTED_TABLE_START)] == EXPECTED_TABLE_START
    titles = [line for line in lines if line.startswith("== ")]
    assert titles == [
        "== navigation ready ==",
        "== active guidance ==",
        "== incident prompt 0.0 s ==",
        "== incident prompt 0.2 s ==",
        "== incident prompt 0.4 s ==",
        "== prompt dismissed ==",
        "== guidance stopped ==",
        "== navigation disabled ==",
    ]
    assert lines[-2:] == ["== navigation disabled ==", "  (empty)"]
    assert "  incidentPrompt          0.0    792.0    393.0    120.0" in lines


def test_script_prints_the_table():
    script = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples", "python",
                          "sample_delegate.py")
    out = subprocess.run([sys.executable, script], capture_output=True, text=True, check=True,
                         env=dict(os.environ))
    assert out.stdout.splitlines() == run_session("iphone-portrait")


# -- agreement with the C example and the Swift CLI --------------------------------------------

def _find_executable(repo_root, names):
    override = os.environ.get("NAVLAYOUT_C_EXAMPLE")
    if override:
        return override
    for base in (repo_root / "build", repo_root / ".build" / "debug", repo_root / ".build" / "release"):
        for name in names:
            for candidate in sorted(base.glob(f"**/{name}")):
                if candidate.is_file() and os.access(candidate, os.X_OK):
                    return candidate
    return None


@pytest.mark.parametrize("preset", ["iphone-portrait", "iphone-se", "ipad-portrait"])
def test_matches_c_example(repo_root, preset):
    exe = _find_executable(repo_root, ["sample_delegate", "sample_delegate_c", "nl_sample_delegate"])
    if exe is None:
        pytest.skip("the C example (examples/c, sample_delegate) is not built: "
                    "build it with CMake to compare outputs")
    c_out = subprocess.run([str(exe), preset], capture_output=True, text=True, check=True)
    assert run_session(preset) == c_out.stdout.splitlines()


@pytest.mark.parametrize("preset", ["iphone-portrait"])
def test_matches_swift_cli(swift_cli, preset):
    exe = swift_cli
    out = subprocess.run([str(exe), "demo", "--preset", preset], capture_output=True, text=True)
    if out.returncode != 0:
        pytest.skip(f"`navlayout demo` failed (exit {out.returncode}): {out.stderr.strip()[:200]}")
    # The CLI may print a heading of its own; the table lines must be identical.
    cli = out.stdout.splitlines()
    ours = run_session(preset)
    start = cli.index(ours[0]) if ours[0] in cli else 0
    assert cli[start:start + len(ours)] == ours
