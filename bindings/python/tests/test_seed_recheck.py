"""Issue 16, the re-check of the seed's rules, in Python.

(A) The logo and the viewport must stay visible in every navigation state ("insert, position and
keep visible"): hidden — themselves, through a hidden container or by a hiding stack — they are
``MISSING_REQUIRED_COMPONENT`` errors. (B) A view's safe area follows UIKit
(``View.safe_area_insets``) and its margins guide is measured from it
(``View.insets_layout_margins_from_safe_area``): the cards' margins guides stay inside the safe
area they reach under. (C) Presented frames during an animation are snapped like solved ones.

iphone-portrait 393 x 852, safe area 59/0/34/0; ipad-portrait 820 x 1180, 24/0/20/0; iphone-landscape
852 x 393, 0/59/21/59 (docs/behaviour.md#device-presets). The sample delegate's frames are those of docs/behaviour.md#expected-frames: active guidance
turnCard (0, 0, 393, 163), etaCard (0, 746, 393, 106); prompt at 0.2 s (0, 792, 393, 120),
viewport (0, 163, 393, 576). Sizes: docs/behaviour.md#component-sizes.
"""

from __future__ import annotations

import pytest

import navlayout as nl
from sample_delegate import SampleLayoutDelegate
from test_issue16 import find
from wide_delegate import WideLayoutDelegate

MISSING = nl.DiagnosticCode.MISSING_REQUIRED_COMPONENT


def guidance(preset="iphone-portrait", delegate=None):
    m = nl.MapView.preset(preset)
    m.set_layout_delegate(delegate if delegate is not None else SampleLayoutDelegate())
    m.navigation_enabled = True
    m.start_guidance()
    return m


def missing(m):
    return [d for d in m.diagnostics if d.code == MISSING]


# ---- (A) keep the logo and the viewport visible -------------------------------------------------

def test_the_issues_repro_a_hidden_logo_is_reported():
    with guidance() as m:
        logo = find(m, "googleLogo")
        assert m.diagnostics == []
        logo.hidden = True
        (d,) = m.diagnostics  # the only finding: the rest is the layout of docs/behaviour.md#expected-frames
        assert d.code == MISSING and d.severity == nl.Severity.ERROR
        assert d.items == (logo,)
        assert "googleLogo is in the map view's hierarchy but hidden in the activeGuidance state" in d.message
        assert "set its isHidden to false" in d.message
        logo.hidden = False
        assert m.diagnostics == []


def test_the_logo_as_the_recenter_button_counts_as_the_logo():
    with guidance() as m:
        m.pan()
        assert m.showing_recenter_button and m.diagnostics == []
        find(m, "googleLogo").hidden = True
        (d,) = missing(m)
        assert d.message.startswith("googleLogo (showing as the re-center button) is in the map view's hierarchy but hidden")


def test_a_hidden_container_hides_the_viewport_in_the_ready_state():
    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(SampleLayoutDelegate())
        m.navigation_enabled = True
        viewport = find(m, "viewport")
        holder = m.make_view("viewportHolder")
        m.add_subview(holder)
        holder.add_subview(viewport)  # moves it; its constraints to the map go, as in UIKit
        nl.activate([holder.leading_anchor.constraint(equal_to=m.leading_anchor),
                     holder.top_anchor.constraint(equal_to=m.top_anchor, constant=200),
                     holder.width_anchor.constraint(equal_to_constant=100),
                     holder.height_anchor.constraint(equal_to_constant=100),
                     viewport.leading_anchor.constraint(equal_to=holder.leading_anchor),
                     viewport.top_anchor.constraint(equal_to=holder.top_anchor)])
        assert missing(m) == []
        holder.hidden = True
        (d,) = missing(m)
        assert d.items == (viewport, holder)
        assert "hidden in the navigationReady state: it is inside viewportHolder, whose isHidden is true" in d.message


def test_a_logo_a_hiding_stack_hides_is_reported():
    with guidance() as m:
        logo = find(m, "googleLogo")
        stack = m.make_hiding_stack(nl.StackPosition.BOTTOM, nl.StackAlignment.LEADING, "logoStack")
        m.add_subview(stack)
        nl.activate([stack.leading_anchor.constraint(equal_to=m.leading_anchor),
                     stack.top_anchor.constraint(equal_to=m.top_anchor, constant=400),
                     stack.height_anchor.constraint(equal_to_constant=20)])  # the logo needs 32
        stack.arranged_subviews = [logo]
        assert logo.hidden
        (d,) = missing(m)
        assert "the hiding stack that arranges it hid it" in d.message


@pytest.mark.parametrize("preset", ["iphone-portrait", "iphone-landscape", "ipad-split"])
@pytest.mark.parametrize("make", [lambda: None, SampleLayoutDelegate, WideLayoutDelegate])
def test_the_built_in_layout_and_the_examples_keep_both_visible(preset, make):
    with nl.MapView.preset(preset) as m:
        m.set_layout_delegate(make())
        m.navigation_enabled = True
        assert missing(m) == []
        m.start_guidance()
        m.trigger_prompt(nl.PromptKind.BETTER_ROUTE)
        m.advance_time(0.4)
        m.pan()
        assert missing(m) == []
        assert not find(m, "googleLogo").hidden and not find(m, "viewport").hidden


# ---- (B) the cards' margins guides and the safe area -------------------------------------------

def test_the_cards_margins_guides_stay_inside_the_safe_area():
    with guidance() as m:
        turn, eta = find(m, "turnCard"), find(m, "etaCard")
        # turnCard (0, 0, 393, 163) reaches 59 pt under the status bar: guide
        # (8, 59 + 8, 393 - 16, 163 - 67 - 8).
        assert turn.safe_area_insets == nl.Insets(59, 0, 0, 0)
        assert turn.layout_margins_guide.frame == nl.Rect(8, 67, 377, 88)
        # etaCard (0, 746, 393, 106) reaches 852 - 818 = 34 pt over the home indicator: guide
        # (8, 754, 377, 106 - 8 - 42); its bottom 810 is 8 above the safe area's 818.
        assert eta.safe_area_insets == nl.Insets(0, 0, 34, 0)
        assert eta.layout_margins_guide.frame == nl.Rect(8, 754, 377, 56)
        assert m.safe_area_insets == nl.Insets(59, 0, 34, 0)  # the map's own
        # The turn card's safe-area guide: (0, 59, 393, 163 - 59).
        assert turn.safe_area_layout_guide.frame == nl.Rect(0, 59, 393, 104)
        assert m.diagnostics == []
        assert eta.insets_layout_margins_from_safe_area is True
        eta.insets_layout_margins_from_safe_area = False
        # From the frame alone: (8, 746 + 8, 377, 106 - 16).
        assert eta.layout_margins_guide.frame == nl.Rect(8, 754, 377, 90)
        with pytest.raises(TypeError):
            eta.insets_layout_margins_from_safe_area = 1


def test_header_top_padding_and_the_turn_cards_margins_guide_agree():
    # ipad-portrait: the turn card is min(360, 820 x 0.45) = 360 wide, 24 + 104 = 128 high at
    # (0, 0); both ways the seed gives to line up with it land on 24 + 8 = 32.
    with guidance("ipad-portrait") as m:
        button = m.make_view("topButton")
        m.add_subview(button)
        safe = m.safe_area_layout_guide
        nl.activate([button.top_anchor.constraint(equal_to=safe.top_anchor, constant=nl.STYLE.header_top_padding),
                     button.trailing_anchor.constraint(equal_to=safe.trailing_anchor, constant=-8),
                     button.width_anchor.constraint(equal_to_constant=44),
                     button.height_anchor.constraint(equal_to_constant=44)])
        assert button.frame.y == 32
        assert find(m, "turnCard").layout_margins_guide.frame == nl.Rect(8, 32, 344, 88)


def test_the_wide_example_keeps_its_speed_widget():
    # iphone-landscape, the wide example: etaCard (59, 300, 330.3, 93) at the safe area's leading
    # edge reaches only into the bottom band (21 pt); the guide's top 308 and leading edge 67 hold
    # no inset, so the speed widget stays at (67, 308 - 136, 64, 136), as in the golden table.
    with guidance("iphone-landscape", WideLayoutDelegate()) as m:
        assert find(m, "etaCard").safe_area_insets == nl.Insets(0, 0, 21, 0)
        assert find(m, "speedWidget").frame == nl.Rect(67, 172, 64, 136)


# ---- (C) snapped presented frames --------------------------------------------------------------

def test_presented_frames_are_snapped_whatever_the_clock():
    with guidance() as m:
        # With the clock at 2.9 s the slide runs 2.9 ... 3.3; 0.2 s later the clock reads
        # 3.0999999999999996, a hair under halfway: unsnapped the prompt read 791.9999999999999.
        m.advance_time(2.9)
        m.trigger_prompt(nl.PromptKind.INCIDENT)
        m.advance_time(0.2)
        assert tuple(find(m, "incidentPrompt").frame) == (0, 792, 393, 120)  # exact, docs/behaviour.md#expected-frames
        assert tuple(find(m, "viewport").frame) == (0, 163, 393, 576)
        assert tuple(m.camera.padding) == (163, 0, 113, 0)  # 852 - (163 + 576)
