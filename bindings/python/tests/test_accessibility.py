"""Issue 16 item 8 from Python: accessibility_label, is_accessibility_element,
accessibility_traits (navlayout.AccessibilityTraits), MapView.accessibility_elements and the four
accessibility diagnostics (codes 16-19).

Frames: the sample delegate on iphone-portrait (393 x 852, safe area (59, 0, 34, 0); docs/behaviour.md#expected-frames):
ready compass top 762, logo 786; guidance turn card 0, reporting 626, compass 690, logo 714, ETA
card 746; with the incident prompt at rest (732) reporting 612, compass 676, logo 700.
"""

from __future__ import annotations

import pytest

import navlayout as nl
from sample_delegate import SampleLayoutDelegate

T = nl.AccessibilityTraits
D = nl.DiagnosticCode


def sample_map(state="ready", direction=nl.LayoutDirection.LEFT_TO_RIGHT):
    m = nl.MapView(393, 852, nl.Insets(59, 0, 34, 0), layout_direction=direction)
    m.set_layout_delegate(SampleLayoutDelegate())
    m.navigation_enabled = True
    if state != "ready":
        m.start_guidance()
    if state == "prompt":
        m.trigger_prompt(nl.PromptKind.INCIDENT)
        m.advance_time(0.4)
    return m


def host_view(m, identifier, x, y, w, h, *, label=None, element=True, traits=T.NONE, opaque=False):
    """A host view at (x, y) from the map's leading/top edges, w x h points."""
    v = m.make_view(identifier)
    v.accessibility_label = label
    v.is_accessibility_element = element
    v.accessibility_traits = traits
    v.opaque = opaque
    m.add_subview(v)
    nl.activate([
        v.leading_anchor.constraint(equal_to=m.leading_anchor, constant=x),
        v.top_anchor.constraint(equal_to=m.top_anchor, constant=y),
        v.width_anchor.constraint(equal_to_constant=w),
        v.height_anchor.constraint(equal_to_constant=h),
    ])
    return v


def ids(views):
    return [v.identifier for v in views]


def test_traits_values_and_codes():
    # Raw values equal the C header's NL_ACCESSIBILITY_TRAIT_* and Swift's AccessibilityTraits.
    assert [int(t) for t in (T.BUTTON, T.LINK, T.IMAGE, T.STATIC_TEXT, T.HEADER, T.ADJUSTABLE,
                             T.UPDATES_FREQUENTLY, T.NOT_ENABLED, T.SELECTED, T.SUMMARY_ELEMENT)] == [
        1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
    assert int(T.ALL) == 1023 and int(T.INTERACTIVE) == 35   # button | link | adjustable
    assert [(int(c), c.spec_name) for c in (D.HIT_TARGET_TOO_SMALL, D.MISSING_ACCESSIBILITY_LABEL,
                                           D.ACCESSIBILITY_ELEMENT_COVERED,
                                           D.ACCESSIBILITY_ORDER_SKIPS_COMPONENT, D.CALL_REFUSED)] == [
        (16, "hitTargetTooSmall"), (17, "missingAccessibilityLabel"),
        (18, "accessibilityElementCovered"), (19, "accessibilityOrderSkipsComponent"),
        (20, "callRefused")]


def test_host_view_defaults_and_argument_checks():
    with nl.MapView.preset("iphone-portrait") as m:
        v = m.make_view("card")
        assert v.accessibility_label is None
        assert v.is_accessibility_element is False
        assert v.accessibility_traits == T.NONE
        v.accessibility_traits = T.LINK | T.SELECTED
        assert v.accessibility_traits == T.LINK | T.SELECTED
        with pytest.raises(nl.InvalidArgumentError, match="AccessibilityTraits.ALL = 1023"):
            v.accessibility_traits = 1024
        with pytest.raises(TypeError):
            v.accessibility_traits = True
        with pytest.raises(TypeError):
            v.accessibility_traits = nl.Corner.ALL
        with pytest.raises(TypeError):
            v.is_accessibility_element = 1
        with pytest.raises(TypeError):
            v.accessibility_label = 42
        assert v.accessibility_traits == T.LINK | T.SELECTED   # unchanged by the refused calls
        v.accessibility_label = "Order 42"
        assert v.accessibility_label == "Order 42"


def test_components_have_their_own_labels():
    with sample_map("guidance") as m:
        by_id = {v.identifier: v for v in m.accessibility_elements}
        expected = {
            "turnCard": ("Next maneuver", T.HEADER | T.UPDATES_FREQUENTLY),
            "reporting": ("Report an incident", T.BUTTON),
            "compass": ("Compass", T.BUTTON),
            "googleLogo": ("Google Maps", T.IMAGE),
            "etaCard": ("Estimated arrival", T.STATIC_TEXT | T.UPDATES_FREQUENTLY),
        }
        for name, (label, traits) in expected.items():
            assert by_id[name].accessibility_label == label
            assert by_id[name].accessibility_traits == traits
            assert by_id[name].is_accessibility_element is True
        viewport = next(v for v in m.subviews if v.identifier == "viewport")
        assert viewport.is_accessibility_element is False and viewport.accessibility_label is None
        logo = by_id["googleLogo"]
        m.pan()
        assert (logo.accessibility_label, logo.accessibility_traits) == ("Re-center", T.BUTTON)
        m.recenter()
        assert logo.accessibility_label == "Google Maps"
        compass = by_id["compass"]
        compass.accessibility_label = "Kompass"          # a host's label overrides (localisation)
        assert compass.accessibility_label == "Kompass"
        compass.accessibility_label = None               # ... and None restores the SDK's
        assert compass.accessibility_label == "Compass"


def test_computed_order_follows_the_spec10_frames():
    with sample_map("ready") as m:
        assert ids(m.accessibility_elements) == ["compass", "googleLogo"]        # 762, 786
        assert m.has_custom_accessibility_elements is False
    with sample_map("guidance") as m:
        assert ids(m.accessibility_elements) == ["turnCard", "reporting", "compass", "googleLogo", "etaCard"]
    with sample_map("prompt") as m:
        assert ids(m.accessibility_elements) == [
            "turnCard", "reporting", "compass", "googleLogo", "incidentPrompt", "etaCard"]
        assert m.diagnostics == []     # the ETA card under the prompt is not "covered"


def test_rows_read_leading_to_trailing_mirrored_in_right_to_left():
    for direction, row in ((nl.LayoutDirection.LEFT_TO_RIGHT, ["a", "b"]),
                           (nl.LayoutDirection.RIGHT_TO_LEFT, ["b", "a"])):
        with sample_map("ready", direction) as m:
            # Physical placement (left anchors): a at x 20, b at x 300, both at top 100.
            for name, x in (("a", 20), ("b", 300)):
                v = m.make_view(name)
                v.is_accessibility_element = True
                m.add_subview(v)
                nl.activate([
                    v.left_anchor.constraint(equal_to=m.left_anchor, constant=x),
                    v.top_anchor.constraint(equal_to=m.top_anchor, constant=100),
                    v.width_anchor.constraint(equal_to_constant=50),
                    v.height_anchor.constraint(equal_to_constant=50),
                ])
            # RTL reads from the right edge: b (right edge 350) before a (70).
            assert ids(m.accessibility_elements) == row + ["compass", "googleLogo"]


def test_host_order_and_skipped_components():
    with sample_map("guidance") as m:
        by_id = {v.identifier: v for v in m.accessibility_elements}
        m.accessibility_elements = [by_id["etaCard"], by_id["turnCard"]]
        assert m.has_custom_accessibility_elements is True
        assert ids(m.accessibility_elements) == ["etaCard", "turnCard"]
        skipped = [d for d in m.diagnostics if d.code == D.ACCESSIBILITY_ORDER_SKIPS_COMPONENT]
        assert [d.items[0].identifier for d in skipped] == ["googleLogo", "compass", "reporting"]
        assert skipped[0].severity == nl.Severity.ERROR
        assert skipped[0].message == (
            'VoiceOver cannot reach googleLogo, a visible SDK component (label "Google Maps"): the '
            "accessibilityElements of map list neither it nor a container that holds it; add "
            "googleLogo to that order (or set it to nil for the computed order)")
        m.accessibility_elements = None
        assert m.has_custom_accessibility_elements is False
        assert m.diagnostics == []


def test_invalid_orders_are_refused_and_change_nothing():
    with sample_map("ready") as m, nl.MapView.preset("iphone-se") as other:
        logo, compass = (next(v for v in m.accessibility_elements if v.identifier == n)
                         for n in ("googleLogo", "compass"))
        m.accessibility_elements = [logo, compass]
        with pytest.raises(nl.InvalidArgumentError, match="googleLogo appears twice"):
            m.accessibility_elements = [logo, logo]
        with pytest.raises(nl.InvalidArgumentError, match="cannot list map itself"):
            m.accessibility_elements = [logo, m]
        with pytest.raises(nl.InvalidArgumentError, match="belongs to another map view"):
            m.accessibility_elements = [logo, other]
        with pytest.raises(TypeError):
            m.accessibility_elements = [logo, "compass"]
        with pytest.raises(TypeError):
            m.accessibility_elements = "compass"
        assert ids(m.accessibility_elements) == ["googleLogo", "compass"]


def test_hit_target_and_label_diagnostics():
    with sample_map("ready") as m:
        button = host_view(m, "closeButton", 10, 100, 40, 44, traits=T.BUTTON, element=False)
        host_view(m, "okButton", 100, 100, 44, 44, label="OK", traits=T.BUTTON)   # exactly 44: fine
        d = m.diagnostics
        assert [x.code for x in d] == [D.HIT_TARGET_TOO_SMALL, D.MISSING_ACCESSIBILITY_LABEL]
        assert d[0].severity == nl.Severity.WARNING and d[0].items == (button,)
        assert d[0].message == (
            "closeButton is interactive ([button]) but 40 × 44 pt, below the 44 × 44 pt minimum "
            "hit target of Apple's Human Interface Guidelines; make it at least 44 pt on each side "
            "(e.g. width and height >= 44 constraints)")
        assert d[1].severity == nl.Severity.ERROR
        assert d[1].message.endswith(
            "; it is not an accessibility element either (isAccessibilityElement is false), so "
            "VoiceOver cannot reach it at all")
        button.accessibility_label = "Close"
        assert [x.code for x in m.diagnostics] == [D.HIT_TARGET_TOO_SMALL]
        button.accessibility_traits = T.STATIC_TEXT
        assert m.diagnostics == []


def test_covered_element():
    with sample_map("ready") as m:
        label = host_view(m, "eta", 100, 300, 100, 50, label="12 min")
        sheet = host_view(m, "sheet", 50, 250, 200, 200, element=False, opaque=True)
        covered = [d for d in m.diagnostics if d.code == D.ACCESSIBILITY_ELEMENT_COVERED]
        assert len(covered) == 1
        assert covered[0].severity == nl.Severity.WARNING
        assert covered[0].items == (label, sheet)
        sheet.opaque = False
        assert [d for d in m.diagnostics if d.code == D.ACCESSIBILITY_ELEMENT_COVERED] == []
