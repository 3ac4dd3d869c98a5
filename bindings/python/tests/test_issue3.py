"""Issue 3 in Python: the built-in layout (docs/behaviour.md#built-in-layout), the legacy slot settings and guides, the
compass rule, runtime-sized components, shuffled buttons, suppressed prompts, the wide example
across a rotation, right-to-left, and the wide example against the Swift CLI.

Every expected frame is (x, y, width, height) in points, worked out by hand in the comments from
docs/behaviour.md#component-sizes and docs/behaviour.md#device-presets (presets: W x H, safe area S = top, leading, bottom, trailing):

  iphone-portrait   393 x 852,  S = (59, 0, 34, 0)    safe width 393: standard
  iphone-landscape  852 x 393,  S = (0, 59, 21, 59)   safe width 734: wide
  ipad-portrait     820 x 1180, S = (24, 0, 20, 0)    safe width 820: wide
  ipad-split        320 x 1180, S = (24, 0, 20, 0)    safe width 320: standard

  turn card: standard (W - S.leading - S.trailing) x (S.top + 104); wide wideCardWidth x (S.top + 104)
  ETA card:  standard W x (72 + S.bottom);                          wide wideCardWidth x (72 + S.bottom)
  wideCardWidth = min(360, safe width x 0.45); buttons 56 x 56, stack spacing 8; logo 72 x 32
  (re-center button 136 x 48); speed widget both 64 x 136, one reading 64 x 64, none 0 x 0;
  trip progress bar 12 wide; prompt min(safe width, 480) x (incident 120, speed camera 96).

The built-in layout (BuiltInLayout.swift): a zero-height content-bottom guide rests on the
safe-area bottom (priority 250) and stays above the ETA card (standard) and any prompt; the
viewport spans the open area; the logo sits on that guide at the leading edge, the speed widget on
the logo, the trip bar from 8 below the content top to 8 above the speed widget; the buttons are in
a bottom-packed trailing stack (compass at the bottom). In wide mode both cards sit at the safe
leading edge and the rest is in the column at their trailing side.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import navlayout as nl
from sample_delegate import SampleLayoutDelegate, run_session
from wide_delegate import WideLayoutDelegate

APPROX = dict(abs=1e-9)
LANDSCAPE = (852, 393, nl.Insets(0, 59, 21, 59))
PORTRAIT = (393, 852, nl.Insets(59, 0, 34, 0))


def frames(nav_map):
    """identifier -> presented frame of every view in the hierarchy (depth first)."""
    out = {}

    def walk(view):
        for sub in view.subviews:
            out[sub.identifier] = tuple(sub.frame)
            walk(sub)

    walk(nav_map)
    return out


def check(nav_map, expected, exact_keys=False):
    got = frames(nav_map)
    if exact_keys:
        assert set(got) == set(expected), f"hierarchy: {sorted(got)}"
    for name, rect in expected.items():
        assert name in got, f"{name} missing from the hierarchy: {sorted(got)}"
        assert got[name] == pytest.approx(rect, **APPROX), name


def guided(preset, delegate=None, **options):
    m = nl.MapView.preset(preset) if not options else nl.MapView(*PORTRAIT[:2], PORTRAIT[2], **options)
    if delegate is not None:
        m.set_layout_delegate(delegate)
    m.navigation_enabled = True
    m.start_guidance()
    return m


def legacy_ignored(nav_map):
    return [d for d in nav_map.diagnostics if d.code == nl.DiagnosticCode.LEGACY_API_IGNORED]


# =============================================================================================
# Built-in layout on four presets (navigation ready and active guidance)
# =============================================================================================

# Ready, every preset: no cards, so the open area is the safe area; the content bottom is the
# safe-area bottom H - S.bottom; the stack spans the safe height at the trailing edge.
BUILT_IN_READY = {
    # safe area x 0..393, y 59..818 (852 - 34)
    "iphone-portrait": {
        "viewport": (0, 59, 393, 759),                 # 818 - 59
        "googleLogo": (0, 786, 72, 32),                # 818 - 32
        "buttonStack": (337, 59, 56, 759),             # 393 - 56
        "compass": (337, 762, 56, 56),                 # 818 - 56
    },
    # safe area x 59..793 (852 - 59), y 0..372 (393 - 21)
    "iphone-landscape": {
        "viewport": (59, 0, 734, 372),
        "googleLogo": (59, 340, 72, 32),               # 372 - 32
        "buttonStack": (737, 0, 56, 372),              # 793 - 56
        "compass": (737, 316, 56, 56),                 # 372 - 56
    },
    # safe area x 0..820, y 24..1160 (1180 - 20)
    "ipad-portrait": {
        "viewport": (0, 24, 820, 1136),
        "googleLogo": (0, 1128, 72, 32),               # 1160 - 32
        "buttonStack": (764, 24, 56, 1136),            # 820 - 56
        "compass": (764, 1104, 56, 56),                # 1160 - 56
    },
    # safe area x 0..320, y 24..1160
    "ipad-split": {
        "viewport": (0, 24, 320, 1136),
        "googleLogo": (0, 1128, 72, 32),
        "buttonStack": (264, 24, 56, 1136),            # 320 - 56
        "compass": (264, 1104, 56, 56),
    },
}

BUILT_IN_GUIDANCE = {
    # standard. turn 393 x (59 + 104) = 163 at the top; ETA 393 x (72 + 34) = 106 at 852 - 106 = 746;
    # the content bottom is held at the ETA card's top 746 (< 818).
    "iphone-portrait": {
        "turnCard": (0, 0, 393, 163),
        "etaCard": (0, 746, 393, 106),
        "viewport": (0, 163, 393, 583),                # 746 - 163
        "googleLogo": (0, 714, 72, 32),                # 746 - 32
        "speedWidget": (0, 578, 64, 136),              # on the logo: 714 - 136
        "tripProgressBar": (0, 171, 12, 399),          # 163 + 8 .. 578 - 8 = 570
        "buttonStack": (337, 163, 56, 583),
        "compass": (337, 690, 56, 56),                 # 746 - 56
        "reporting": (337, 626, 56, 56),               # 690 - 8 - 56
    },
    # wide. wideCardWidth = min(360, 734 x 0.45 = 330.3) = 330.3; cards at the safe leading edge
    # 59: turn 330.3 x (0 + 104) at y 0; ETA 330.3 x (72 + 21) = 93 at 393 - 93 = 300. The column
    # starts at 59 + 330.3 = 389.3; the content top is the safe top 0 and the content bottom the
    # safe bottom 372 (the ETA card is not in the column).
    "iphone-landscape": {
        "turnCard": (59, 0, 330.3, 104),
        "etaCard": (59, 300, 330.3, 93),
        "viewport": (389.3, 0, 403.7, 372),            # 793 - 389.3
        "googleLogo": (389.3, 340, 72, 32),            # 372 - 32
        "speedWidget": (389.3, 204, 64, 136),          # 340 - 136
        "tripProgressBar": (389.3, 8, 12, 188),        # 0 + 8 .. 204 - 8 = 196
        "buttonStack": (737, 0, 56, 372),
        "compass": (737, 316, 56, 56),                 # 372 - 56
        "reporting": (737, 252, 56, 56),               # 316 - 8 - 56
    },
    # wide. wideCardWidth = min(360, 820 x 0.45 = 369) = 360; turn 360 x (24 + 104) = 128;
    # ETA 360 x (72 + 20) = 92 at 1180 - 92 = 1088; column from x 360, content 24 .. 1160.
    "ipad-portrait": {
        "turnCard": (0, 0, 360, 128),
        "etaCard": (0, 1088, 360, 92),
        "viewport": (360, 24, 460, 1136),              # 820 - 360; 1160 - 24
        "googleLogo": (360, 1128, 72, 32),
        "speedWidget": (360, 992, 64, 136),            # 1128 - 136
        "tripProgressBar": (360, 32, 12, 952),         # 24 + 8 .. 992 - 8 = 984
        "buttonStack": (764, 24, 56, 1136),
        "compass": (764, 1104, 56, 56),
        "reporting": (764, 1040, 56, 56),              # 1104 - 8 - 56
    },
    # standard. turn 320 x 128; ETA 320 x 92 at 1088 (< 1160: holds the content bottom).
    "ipad-split": {
        "turnCard": (0, 0, 320, 128),
        "etaCard": (0, 1088, 320, 92),
        "viewport": (0, 128, 320, 960),                # 1088 - 128
        "googleLogo": (0, 1056, 72, 32),               # 1088 - 32
        "speedWidget": (0, 920, 64, 136),              # 1056 - 136
        "tripProgressBar": (0, 136, 12, 776),          # 128 + 8 .. 920 - 8 = 912
        "buttonStack": (264, 128, 56, 960),
        "compass": (264, 1032, 56, 56),                # 1088 - 56
        "reporting": (264, 968, 56, 56),               # 1032 - 8 - 56
    },
}

# Camera padding (docs/behaviour.md#camera-framing): (vp.y, vp.x, H - vp.maxY, W - vp.maxX) in active guidance.
BUILT_IN_CAMERA = {
    "iphone-portrait": nl.Insets(163, 0, 106, 0),      # 852 - 746
    "iphone-landscape": nl.Insets(0, 389.3, 21, 59),   # 393 - 372; 852 - 793
    "ipad-portrait": nl.Insets(24, 360, 20, 0),
    "ipad-split": nl.Insets(128, 0, 92, 0),            # 1180 - 1088
}


@pytest.mark.parametrize("preset", list(BUILT_IN_READY))
def test_built_in_layout(preset):
    with nl.MapView.preset(preset) as m:
        assert m.layout_delegate is None
        m.navigation_enabled = True
        check(m, BUILT_IN_READY[preset], exact_keys=True)
        assert m.wide_mode is (preset in ("iphone-landscape", "ipad-portrait"))
        m.start_guidance()
        check(m, BUILT_IN_GUIDANCE[preset], exact_keys=True)
        # z-order: the components first, the button stack last.
        assert [v.identifier for v in m.subviews] == [
            "turnCard", "etaCard", "viewport", "googleLogo", "speedWidget", "tripProgressBar",
            "buttonStack",
        ]
        assert tuple(m.camera.padding) == pytest.approx(tuple(BUILT_IN_CAMERA[preset]), **APPROX)
        assert m.diagnostics == []
        m.stop_guidance()
        check(m, BUILT_IN_READY[preset], exact_keys=True)
        m.navigation_enabled = False
        assert m.subviews == []


def test_built_in_layout_is_restored_with_none():
    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(SampleLayoutDelegate())
        m.set_layout_delegate(None)
        m.navigation_enabled = True
        m.start_guidance()
        check(m, BUILT_IN_GUIDANCE["iphone-portrait"], exact_keys=True)  # trip bar included


# =============================================================================================
# Legacy slot settings and guides
# =============================================================================================


def test_legacy_settings_are_honoured_by_the_built_in_layout():
    with guided("iphone-portrait") as m:
        assert (m.navigation_header_enabled, m.navigation_footer_enabled,
                m.navigation_trip_progress_bar_enabled,
                m.navigation_report_incident_button_enabled) == (True, True, True, True)
        assert m.header_accessory_view is None and m.padding == nl.Insets(0, 0, 0, 0)

        accessory = m.make_view("accessory")
        accessory.intrinsic_content_size = nl.Size(nl.NO_INTRINSIC_METRIC, 40)
        m.header_accessory_view = accessory
        assert m.header_accessory_view is accessory
        # Under the turn card (bottom 163), as wide as it, its own 40 pt; the content starts below.
        check(m, {"accessory": (0, 163, 393, 40),
                  "viewport": (0, 203, 393, 543),       # 163 + 40; 746 - 203
                  "tripProgressBar": (0, 211, 12, 359)})  # 203 + 8 .. 570

        # padding adds to the camera padding: viewport padding (203, 0, 852 - 746 = 106, 0)
        # + (10, 20, 30, 40) = (213, 20, 136, 40); the camera rect is x 20..353, y 213..716, so the
        # vehicle point is its centre (186.5, 464.5). Frames do not change.
        m.padding = nl.Insets(10, 20, 30, 40)
        assert m.padding == nl.Insets(10, 20, 30, 40)
        cam = m.camera
        assert cam.padding == nl.Insets(213, 20, 136, 40)
        assert cam.vehicle_point == nl.Point(186.5, 464.5)
        check(m, {"viewport": (0, 203, 393, 543)})

        # The guides follow the cards and the buttons.
        assert m.navigation_header_layout_guide.frame == nl.Rect(0, 0, 393, 163)
        assert m.navigation_footer_layout_guide.frame == nl.Rect(0, 746, 393, 106)
        assert m.navigation_header_layout_guide is m.legacy_guide(nl.LegacyGuide.NAVIGATION_HEADER)
        # Buttons: 56 + 8 + 56 = 120 at the stack's bottom 746 -> y 626, at the stack's x 337.
        assert m.bottom_trailing_buttons_layout_guide.frame == nl.Rect(337, 626, 56, 120)
        # Alternate: from the content top 203 down to 8 above the buttons: 626 - 8 = 618.
        assert (m.bottom_trailing_buttons_alternate_layout_guide.frame
                == nl.Rect(337, 203, 56, 415))
        # A host view anchored to a guide follows it.
        extra = m.make_view("extraButton")
        m.add_subview(extra)
        alt = m.bottom_trailing_buttons_alternate_layout_guide
        nl.activate([
            extra.trailing_anchor.constraint(equal_to=alt.trailing_anchor),
            extra.bottom_anchor.constraint(equal_to=alt.bottom_anchor),
            extra.width_anchor.constraint(equal_to_constant=56),
            extra.height_anchor.constraint(equal_to_constant=56),
        ])
        assert extra.frame == nl.Rect(337, 562, 56, 56)  # 618 - 56
        with pytest.raises(nl.InvalidArgumentError):
            alt.destroy()

        m.header_accessory_view = None
        assert accessory.superview is None and m.header_accessory_view is None
        check(m, {"viewport": (0, 163, 393, 583)})

        m.navigation_header_enabled = False
        assert m.navigation_header_enabled is False
        assert "turnCard" not in frames(m)
        check(m, {"viewport": (0, 59, 393, 687)})       # safe top 59 .. 746
        assert m.navigation_header_layout_guide.frame == nl.Rect(0, 59, 393, 0)

        m.navigation_footer_enabled = False
        assert "etaCard" not in frames(m)
        check(m, {"viewport": (0, 59, 393, 759),        # .. safe bottom 818
                  "googleLogo": (0, 786, 72, 32)})
        assert m.navigation_footer_layout_guide.frame == nl.Rect(0, 818, 393, 0)

        m.navigation_trip_progress_bar_enabled = False
        assert "tripProgressBar" not in frames(m)

        m.navigation_report_incident_button_enabled = False
        assert "reporting" not in frames(m)
        check(m, {"compass": (337, 762, 56, 56)})      # 818 - 56
        assert m.bottom_trailing_buttons_layout_guide.frame == nl.Rect(337, 762, 56, 56)
        assert legacy_ignored(m) == []

        # Back on: the next state is built from the settings too.
        m.navigation_header_enabled = True
        m.navigation_footer_enabled = True
        m.stop_guidance()
        m.start_guidance()
        check(m, {"turnCard": (0, 0, 393, 163), "viewport": (0, 163, 393, 583)})
        assert "reporting" not in frames(m) and "tripProgressBar" not in frames(m)


def test_header_accessory_view_arguments(nav_map):
    nav_map.navigation_enabled = True
    with pytest.raises(TypeError):
        nav_map.header_accessory_view = "accessory"
    with pytest.raises(nl.InvalidArgumentError):
        nav_map.header_accessory_view = nav_map
    with pytest.raises(nl.InvalidArgumentError):
        nav_map.header_accessory_view = nav_map.subviews[0]  # an SDK component
    with nl.MapView.preset("iphone-portrait") as other:
        with pytest.raises(nl.InvalidArgumentError):
            nav_map.header_accessory_view = other.make_view()
    with pytest.raises(nl.InvalidArgumentError):
        nav_map.padding = nl.Insets(float("nan"), 0, 0, 0)
    with pytest.raises(TypeError):
        nav_map.padding = 5
    assert nav_map.header_accessory_view is None and nav_map.padding == (0, 0, 0, 0)


def test_legacy_settings_are_ignored_with_a_custom_delegate():
    with guided("iphone-portrait", SampleLayoutDelegate()) as m:
        before = frames(m)
        camera = m.camera
        accessory = m.make_view("accessory")
        accessory.intrinsic_content_size = (nl.NO_INTRINSIC_METRIC, 40)
        # Every legacy API once ...
        m.navigation_header_enabled = False
        m.navigation_footer_enabled = False
        m.navigation_trip_progress_bar_enabled = False
        m.navigation_report_incident_button_enabled = False
        m.header_accessory_view = accessory
        m.padding = nl.Insets(10, 10, 10, 10)
        guides = [m.navigation_header_layout_guide, m.navigation_footer_layout_guide,
                  m.bottom_trailing_buttons_layout_guide,
                  m.bottom_trailing_buttons_alternate_layout_guide]
        # ... and some twice: still one diagnostic per API.
        m.navigation_header_enabled = False
        _ = m.navigation_footer_layout_guide

        # Nothing changed: settings, frames, camera; the guides are not laid out by anything.
        assert (m.navigation_header_enabled, m.navigation_footer_enabled,
                m.navigation_trip_progress_bar_enabled,
                m.navigation_report_incident_button_enabled) == (True, True, True, True)
        assert m.header_accessory_view is None and accessory.superview is None
        assert m.padding == nl.Insets(0, 0, 0, 0)
        assert frames(m) == before
        assert m.camera == camera
        assert camera.padding == nl.Insets(163, 0, 106, 0)
        assert all(isinstance(g, nl.LayoutGuide) for g in guides)

        ignored = legacy_ignored(m)
        assert len(ignored) == 10, [d.message for d in ignored]
        assert all(d.severity == nl.Severity.WARNING for d in ignored)
        for api in ("isNavigationHeaderEnabled", "isNavigationFooterEnabled",
                    "isNavigationTripProgressBarEnabled",
                    "isNavigationReportIncidentButtonEnabled", "padding",
                    "navigationHeaderLayoutGuide", "navigationFooterLayoutGuide",
                    "bottomTrailingButtonsLayoutGuide",
                    "bottomTrailingButtonsAlternateLayoutGuide"):
            assert sum(api in d.message for d in ignored) >= 1, api
        assert [d.code for d in m.diagnostics] == [nl.DiagnosticCode.LEGACY_API_IGNORED] * 10

        # "since the last transition": the next transition starts a new list.
        m.trigger_prompt(nl.PromptKind.INCIDENT)
        assert legacy_ignored(m) == []
        m.padding = nl.Insets(1, 1, 1, 1)
        assert len(legacy_ignored(m)) == 1
        # Getters are never reported.
        _ = (m.padding, m.navigation_header_enabled, m.header_accessory_view)
        assert len(legacy_ignored(m)) == 1


# =============================================================================================
# Compass rule (docs/behaviour.md#compass-rule)
# =============================================================================================


@pytest.mark.parametrize("custom", [True, False], ids=["sample", "built-in"])
def test_compass_rule(custom):
    with nl.MapView.preset("iphone-portrait") as m:
        if custom:
            m.set_layout_delegate(SampleLayoutDelegate())
        assert m.compass_button_enabled is False
        m.compass_button_enabled = True
        assert m.compass_button_enabled is True
        # Navigation disabled: the safe area's top-trailing corner (393 - 56, 59).
        (compass,) = m.subviews
        assert compass.role == "compass" and compass.frame == nl.Rect(337, 59, 56, 56)
        m.navigation_enabled = True
        # Enabled: only the layout decides; both put it at the bottom of their stack (818 - 56).
        assert compass.frame == nl.Rect(337, 762, 56, 56)
        assert compass.superview.identifier == "buttonStack"
        m.navigation_enabled = False
        assert m.subviews == [compass] and compass.frame == nl.Rect(337, 59, 56, 56)
        m.compass_button_enabled = False
        assert m.subviews == []
        assert legacy_ignored(m) == []  # not a legacy slot API


# =============================================================================================
# Runtime-sized components: speed widget modes, logo <-> re-center
# =============================================================================================


@pytest.mark.filterwarnings("ignore:setting the speed widget mode is deprecated:DeprecationWarning")  # the deprecated setter is what this test drives; test_issue16 checks the warning
def test_speed_widget_modes_and_recenter_adapt_the_built_in_layout():
    with guided("iphone-portrait") as m:
        assert m.speed_widget_mode == nl.SpeedWidgetMode.BOTH
        check(m, {"speedWidget": (0, 578, 64, 136), "tripProgressBar": (0, 171, 12, 399)})
        # One reading: 64 x 64 on the logo (714 - 64 = 650); the bar ends 8 above: 642 - 171.
        for mode in (nl.SpeedWidgetMode.SPEEDOMETER, nl.SpeedWidgetMode.SPEED_LIMIT):
            m.speed_widget_mode = mode
            assert m.speed_widget_mode == mode
            check(m, {"speedWidget": (0, 650, 64, 64), "tripProgressBar": (0, 171, 12, 471)})
        # None: 0 x 0 on the logo's top (714); the bar ends at 714 - 8 = 706.
        m.set_speed_widget_mode(nl.SpeedWidgetMode.NONE)
        check(m, {"speedWidget": (0, 714, 0, 0), "tripProgressBar": (0, 171, 12, 535)})
        m.speed_widget_mode = nl.SpeedWidgetMode.SPEEDOMETER
        # Pan: the logo becomes the 136 x 48 re-center button on the content bottom 746
        # (y 698); the widget and the bar follow (698 - 64 = 634; bar to 626).
        assert m.showing_recenter_button is False
        m.pan()
        assert m.showing_recenter_button is True
        check(m, {"googleLogo": (0, 698, 136, 48), "speedWidget": (0, 634, 64, 64),
                  "tripProgressBar": (0, 171, 12, 455)})
        m.recenter()
        assert m.showing_recenter_button is False
        check(m, {"googleLogo": (0, 714, 72, 32), "speedWidget": (0, 650, 64, 64)})
        m.speed_widget_mode = nl.SpeedWidgetMode.BOTH
        check(m, BUILT_IN_GUIDANCE["iphone-portrait"], exact_keys=True)


class _Recorder(SampleLayoutDelegate):
    """The sample, recording every callback."""

    def __init__(self):
        super().__init__()
        self.calls = []
        for name in ("enable_navigation_ui", "disable_navigation_ui", "start_guidance",
                     "stop_guidance", "size_changed", "show_prompt", "hide_prompt",
                     "change_prompt"):
            base = getattr(self, name)

            def record(*args, _name=name, _base=base):
                self.calls.append(_name)
                return _base(*args)

            setattr(self, name, record)


@pytest.mark.filterwarnings("ignore:setting the speed widget mode is deprecated:DeprecationWarning")  # the deprecated setter is what this test drives; test_issue16 checks the warning
def test_runtime_sizes_need_no_callback():
    d = _Recorder()
    with guided("iphone-portrait", d) as m:
        d.calls.clear()
        m.speed_widget_mode = nl.SpeedWidgetMode.NONE
        m.pan()
        # The sample's logo sits on the content bottom 746: 746 - 48 = 698.
        check(m, {"googleLogo": (0, 698, 136, 48)})
        m.recenter()
        check(m, {"googleLogo": (0, 714, 72, 32)})
        assert d.calls == []


def test_incident_reporting_changes_the_next_state():
    with guided("iphone-portrait") as m:
        m.incident_reporting_enabled = False
        assert "reporting" in frames(m), "the current state keeps its buttons"
        m.stop_guidance()
        m.start_guidance()
        assert "reporting" not in frames(m)
        check(m, {"compass": (337, 690, 56, 56)})


# =============================================================================================
# Shuffled buttons: the examples find buttons by type
# =============================================================================================


@pytest.mark.parametrize("make", [SampleLayoutDelegate, WideLayoutDelegate])
def test_shuffled_buttons(make):
    with nl.MapView(*PORTRAIT[:2], PORTRAIT[2], shuffle_buttons=True) as m:
        states = []

        class Spy(make):
            def start_guidance(self, nav_map, new_state, old_state):
                states.append(new_state)
                super().start_guidance(nav_map, new_state, old_state)

        m.set_layout_delegate(Spy())
        m.navigation_enabled = True
        # Ready: compass at the bottom of the stack (818 - 56), the unknown one above (762 - 64).
        check(m, {"compass": (337, 762, 56, 56), "unknownButton": (337, 698, 56, 56)})
        m.start_guidance()
        types = [b.type for b in states[0].buttons]
        assert sorted(map(int, types)) != [1, 2] and len(types) == 3
        assert any(type(t) is int for t in types)
        # Active: compass 746 - 56 = 690, reporting 690 - 64 = 626, unknown 626 - 64 = 562.
        check(m, {"compass": (337, 690, 56, 56), "reporting": (337, 626, 56, 56),
                  "unknownButton": (337, 562, 56, 56)})


def test_shuffled_buttons_in_the_wide_variant():
    with nl.MapView(*LANDSCAPE[:2], LANDSCAPE[2], shuffle_buttons=True) as m:
        m.set_layout_delegate(WideLayoutDelegate())
        m.navigation_enabled = True
        m.start_guidance()
        # Content bottom 372: compass 316, reporting 252, unknown 188; x = 793 - 56 = 737.
        check(m, {"compass": (737, 316, 56, 56), "reporting": (737, 252, 56, 56),
                  "unknownButton": (737, 188, 56, 56)})


def test_shuffled_buttons_with_the_built_in_layout():
    with nl.MapView(*PORTRAIT[:2], PORTRAIT[2], shuffle_buttons=True) as m:
        m.navigation_enabled = True
        m.start_guidance()
        # The built-in layout shows the buttons it knows, compass at the bottom, whatever the order.
        check(m, BUILT_IN_GUIDANCE["iphone-portrait"], exact_keys=True)


# =============================================================================================
# Suppressed prompts
# =============================================================================================


def test_suppressed_prompts():
    d = _Recorder()
    with guided("iphone-portrait", d) as m:
        assert m.should_display_prompts is True
        m.should_display_prompts = False
        assert m.should_display_prompts is False
        d.calls.clear()
        for kind in (nl.PromptKind.INCIDENT, nl.PromptKind.TRAFFIC, nl.PromptKind.BETTER_ROUTE):
            m.trigger_prompt(kind)  # no callback, no error
        assert d.calls == []
        with pytest.raises(nl.InvalidStateError):
            m.dismiss_prompt()  # nothing is shown
        m.trigger_prompt(nl.PromptKind.SPEED_CAMERA)
        assert d.calls == ["show_prompt"]
        m.advance_time(0.4)
        # 393 x 96 slid up to 852 - 96 = 756; the ETA card's top 746 still holds the content bottom.
        check(m, {"speedCameraPrompt": (0, 756, 393, 96), "viewport": (0, 163, 393, 583)})
        m.trigger_prompt(nl.PromptKind.TRAFFIC)  # suppressed: no change_prompt either
        assert d.calls == ["show_prompt"]
        m.dismiss_prompt()
        assert d.calls == ["show_prompt", "hide_prompt"]


def test_suppressed_prompts_with_the_built_in_layout():
    with guided("iphone-portrait") as m:
        m.should_display_prompts = False
        m.trigger_prompt(nl.PromptKind.BETTER_ROUTE)
        m.advance_time(0.4)
        assert all(v.role != "prompt" for v in m.subviews)
        m.trigger_prompt(nl.PromptKind.SPEED_CAMERA)
        m.advance_time(0.4)
        (prompt,) = [v for v in m.subviews if v.role == "prompt"]
        assert isinstance(prompt, nl.PromptView) and prompt.kind == nl.PromptKind.SPEED_CAMERA
        assert prompt.frame == nl.Rect(0, 756, 393, 96)


# =============================================================================================
# The wide example across portrait -> landscape -> portrait during active guidance
# =============================================================================================

# the active-guidance frames of docs/behaviour.md#expected-frames.
SAMPLE_GUIDANCE = {
    "turnCard": (0, 0, 393, 163), "etaCard": (0, 746, 393, 106),
    "viewport": (0, 163, 393, 583), "googleLogo": (0, 714, 72, 32),
    "buttonStack": (337, 163, 56, 583), "compass": (337, 690, 56, 56),
    "reporting": (337, 626, 56, 56),
}

# Landscape, wide variant. Cards at the safe leading edge 59, 330.3 wide (as the built-in
# layout); the column starts at 389.3. Order status: x 389.3 + 8 = 397.3 to 793 - 8 = 785
# (387.7 wide), y 0 + 8, 64 tall; viewport from 8 + 64 + 8 = 80 to the content bottom 372 (292);
# logo 372 - 32 = 340 at the viewport's leading edge; speed widget on the ETA card's margins guide:
# x 59 + 8 = 67, bottom 300 + 8 = 308 -> y 172; trip bar 8 in (397.3), 80 + 8 = 88 .. 340 - 8 =
# 332 (244); stack from the viewport's top 80 to 372 at 737; compass 316, reporting 252.
WIDE_LANDSCAPE = {
    "turnCard": (59, 0, 330.3, 104), "etaCard": (59, 300, 330.3, 93),
    "orderStatus": (397.3, 8, 387.7, 64),
    "viewport": (389.3, 80, 403.7, 292), "googleLogo": (389.3, 340, 72, 32),
    "speedWidget": (67, 172, 64, 136), "tripProgressBar": (397.3, 88, 12, 244),
    "buttonStack": (737, 80, 56, 292), "compass": (737, 316, 56, 56),
    "reporting": (737, 252, 56, 56),
}


def test_wide_example_across_rotation():
    d = _WideRecorder()
    with guided("iphone-portrait", d) as m:
        check(m, SAMPLE_GUIDANCE, exact_keys=True)
        assert d.order_status is None or d.order_status.superview is None

        m.set_size(*LANDSCAPE)
        assert d.sizes == [(nl.Size(852, 393), True)]
        check(m, WIDE_LANDSCAPE, exact_keys=True)
        assert [v.identifier for v in m.subviews] == [
            "turnCard", "etaCard", "orderStatus", "viewport", "googleLogo", "speedWidget",
            "tripProgressBar", "buttonStack",
        ]
        # camera padding (80, 389.3, 393 - 372 = 21, 852 - 793 = 59)
        assert tuple(m.camera.padding) == pytest.approx((80, 389.3, 21, 59), **APPROX)
        assert m.diagnostics == []

        m.set_size(*PORTRAIT)
        assert d.sizes[-1] == (nl.Size(393, 852), False)
        check(m, SAMPLE_GUIDANCE, exact_keys=True)
        assert d.order_status.superview is None
        assert m.diagnostics == []

        # Once more with a prompt shown: it stays in front of the re-added cards.
        m.trigger_prompt(nl.PromptKind.INCIDENT)
        m.advance_time(0.4)
        m.set_size(*LANDSCAPE)
        # 480 x 120 (min(734, 480)) at the safe leading edge 59, bottom on 393 -> y 273; the
        # content bottom follows its top 273: viewport 80..273 (193), logo 241, bar 88..233 (145),
        # stack 80..273, compass 217, reporting 153.
        check(m, {**WIDE_LANDSCAPE,
                  "incidentPrompt": (59, 273, 480, 120), "viewport": (389.3, 80, 403.7, 193),
                  "googleLogo": (389.3, 241, 72, 32), "tripProgressBar": (397.3, 88, 12, 145),
                  "buttonStack": (737, 80, 56, 193), "compass": (737, 217, 56, 56),
                  "reporting": (737, 153, 56, 56)}, exact_keys=True)
        assert m.subviews[-1].identifier == "incidentPrompt"
        m.set_size(*PORTRAIT)
        # docs/behaviour.md#expected-frames "prompt shown, >= 0.4 s"
        check(m, {**SAMPLE_GUIDANCE, "incidentPrompt": (0, 732, 393, 120),
                  "viewport": (0, 163, 393, 569), "buttonStack": (337, 163, 56, 569),
                  "compass": (337, 676, 56, 56), "reporting": (337, 612, 56, 56),
                  "googleLogo": (0, 700, 72, 32)}, exact_keys=True)
        assert m.diagnostics == []


class _WideRecorder(WideLayoutDelegate):
    def __init__(self):
        super().__init__()
        self.sizes = []

    def size_changed(self, nav_map, new_state):
        self.sizes.append((new_state.map_size, new_state.wide_mode))
        super().size_changed(nav_map, new_state)


def test_wide_example_starts_wide_in_landscape():
    d = WideLayoutDelegate()
    with guided("iphone-landscape", d) as m:
        check(m, WIDE_LANDSCAPE, exact_keys=True)
        assert d.order_status.superview is m


# =============================================================================================
# Right-to-left: the sample mirrors (x' = W - x - w)
# =============================================================================================


def _sample_session_frames(direction, builtin=False):
    """Frames after each step of a session on iphone-portrait."""
    out = []
    with nl.MapView(*PORTRAIT[:2], PORTRAIT[2], layout_direction=direction) as m:
        if not builtin:
            m.set_layout_delegate(SampleLayoutDelegate())
        m.navigation_enabled = True
        out.append(frames(m))
        m.start_guidance()
        out.append(frames(m))
        m.trigger_prompt(nl.PromptKind.INCIDENT)
        m.advance_time(0.2)
        out.append(frames(m))
        m.advance_time(0.2)
        out.append(frames(m))
    return out


@pytest.mark.parametrize("builtin", [False, True], ids=["sample", "built-in"])
def test_right_to_left_mirrors(builtin):
    ltr = _sample_session_frames(nl.LayoutDirection.LEFT_TO_RIGHT, builtin)
    rtl = _sample_session_frames(nl.LayoutDirection.RIGHT_TO_LEFT, builtin)
    for a, b in zip(ltr, rtl):
        assert set(a) == set(b)
        for name, (x, y, w, h) in a.items():
            assert b[name] == pytest.approx((393 - x - w, y, w, h), **APPROX), name
    # e.g. the compass: trailing is the left edge, x = 393 - 337 - 56 = 0
    assert rtl[1]["compass"] == (0, 690, 56, 56)
    assert rtl[1]["googleLogo"] == (393 - 0 - 72, 714, 72, 32)


def test_left_right_anchors_do_not_mirror():
    with nl.MapView(400, 300, layout_direction=nl.LayoutDirection.RIGHT_TO_LEFT) as m:
        v = m.make_view("v")
        m.add_subview(v)
        nl.activate([v.left_anchor.constraint(equal_to=m.left_anchor, constant=10),
                     v.top_anchor.constraint(equal_to=m.top_anchor),
                     v.width_anchor.constraint(equal_to_constant=50),
                     v.height_anchor.constraint(equal_to_constant=50)])
        assert v.frame == nl.Rect(10, 0, 50, 50)


# =============================================================================================
# The Python wide example against the Swift CLI, and on CarPlay
# =============================================================================================

PRESETS = ["iphone-portrait", "iphone-landscape", "iphone-se", "ipad-portrait", "ipad-split",
           "carplay"]
EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "python"


@pytest.mark.parametrize("preset", PRESETS)
def test_wide_example_matches_swift_cli(swift_cli, preset):
    cli = swift_cli
    out = subprocess.run([str(cli), "demo", "--delegate", "wide", "--preset", preset],
                         capture_output=True, text=True)
    if out.returncode != 0 and "unknown --delegate" in out.stderr:
        pytest.skip(f"{cli} predates --delegate wide: rebuild it")
    assert out.returncode == 0, out.stderr
    warnings = []
    ours = run_session(preset, WideLayoutDelegate(), warn=warnings.append)
    assert "\n".join(ours) + "\n" == out.stdout
    assert "".join(w + "\n" for w in warnings) == out.stderr


@pytest.mark.parametrize("script", ["sample_delegate.py", "wide_delegate.py"])
def test_examples_on_carplay_use_the_built_in_layout(script):
    out = subprocess.run([sys.executable, str(EXAMPLES / script), "carplay"],
                         capture_output=True, text=True, env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    assert out.stderr == ("navlayout: carplay is a CarPlay screen, which refuses layout "
                          "delegates (docs/behaviour.md#setting-the-layout-delegate); running with the built-in layout\n")
    lines = out.stdout.splitlines()
    # carplay: 800 x 480, no insets, safe width 800 >= 600: wide. wideCardWidth = min(360, 360)
    # = 360; turn 360 x 104, ETA 360 x 72 at 480 - 72 = 408; the built-in layout's trip bar and
    # speed widget are there (the sample has neither).
    start = lines.index("== active guidance ==")
    block = lines[start + 1:lines.index("== incident prompt 0.0 s ==")]
    assert block[0] == "  turnCard                0.0      0.0    360.0    104.0"
    assert block[1] == "  etaCard                 0.0    408.0    360.0     72.0"
    assert any(line.lstrip().startswith("tripProgressBar") for line in block)
    assert lines[-2:] == ["== navigation disabled ==", "  (empty)"]
