"""Issue 4 from Python: the diagnostics of docs/behaviour.md#diagnostics as ``Diagnostic`` objects from small deliberately
broken delegates (the same ones as Tests/c/test_diagnostics.c), the sample delegate, snapshot
JSON, the C-review getters bound in Python, and ``navlayout.gallery``.

iphone-portrait is 393 x 852 with safe area (59, 0, 34, 0) (docs/behaviour.md#device-presets). Every broken delegate
starts from one good ready layout: the viewport fills the safe area minus 40 pt at the bottom,
the logo sits at its bottom-leading corner.
"""

from __future__ import annotations

import io
import json
import os

import pytest

import navlayout as nl
from sample_delegate import SampleLayoutDelegate

D = nl.DiagnosticCode


def good_ready(m: nl.MapView, state: nl.NavigationUIState) -> None:
    safe = m.safe_area_layout_guide
    vp, logo = state.viewport, state.google_logo
    m.add_subview(vp)
    m.add_subview(logo)
    nl.activate([
        vp.leading_anchor.constraint(equal_to=safe.leading_anchor),
        vp.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
        vp.top_anchor.constraint(equal_to=safe.top_anchor),
        vp.bottom_anchor.constraint(equal_to=safe.bottom_anchor, constant=-40),
        logo.leading_anchor.constraint(equal_to=safe.leading_anchor),
        logo.bottom_anchor.constraint(equal_to=safe.bottom_anchor),
    ])


class Scripted(nl.LayoutDelegate):
    """good_ready on enable; subclasses break one rule."""

    def enable_navigation_ui(self, nav_map, new_state):
        good_ready(nav_map, new_state)


def run(delegate: nl.LayoutDelegate, preset: str = "iphone-portrait") -> nl.MapView:
    m = nl.MapView.preset(preset)
    m.set_layout_delegate(delegate)
    m.navigation_enabled = True
    return m


def codes(m: nl.MapView):
    return [d.code for d in m.diagnostics]


def only(m: nl.MapView, code, severity, needle: str) -> nl.Diagnostic:
    ds = m.diagnostics
    assert [d.code for d in ds] == [code], ds
    d = ds[0]
    assert isinstance(d, nl.Diagnostic)
    assert d.severity == severity
    assert needle in d.message, d.message
    return d


def test_good_layout_has_none():
    with run(Scripted()) as m:
        assert m.diagnostics == []


def test_missing_viewport():
    class Broken(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            self.viewport = new_state.viewport
            logo = new_state.google_logo
            nav_map.add_subview(logo)
            nl.activate([logo.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                         logo.bottom_anchor.constraint(equal_to=nav_map.bottom_anchor)])

    d = Broken()
    with run(d) as m:
        diag = only(m, D.MISSING_REQUIRED_COMPONENT, nl.Severity.ERROR, "viewport")
        assert diag.items == (d.viewport,) and diag.items[0] is d.viewport
        assert diag.axis is None


def test_width_constraint_on_turn_card_is_rejected():
    class Broken(Scripted):
        def start_guidance(self, nav_map, new_state, old_state):
            card = self.card = new_state.turn_card
            nav_map.add_subview(card)
            self.width = card.width_anchor.constraint(equal_to_constant=200)
            nl.activate([card.top_anchor.constraint(equal_to=nav_map.top_anchor),
                         card.leading_anchor.constraint(equal_to=nav_map.leading_anchor), self.width])

    d = Broken()
    with run(d) as m:
        m.start_guidance()
        assert not d.width.active
        assert d.card.frame == nl.Rect(0, 0, 393, 163)  # W x (59 + 104), docs/behaviour.md#sdk-components
        (diag,) = [x for x in m.diagnostics if x.code == D.SIZE_CONSTRAINT_ON_FIXED_COMPONENT]
        assert diag.severity == nl.Severity.ERROR and diag.items[0] is d.card
        assert "turnCard" in diag.message


def test_leftover_turn_card_is_stale():
    class Broken(Scripted):
        def start_guidance(self, nav_map, new_state, old_state):
            card = self.card = new_state.turn_card
            nav_map.add_subview(card)
            nl.activate([card.top_anchor.constraint(equal_to=nav_map.top_anchor),
                         card.leading_anchor.constraint(equal_to=nav_map.leading_anchor)])

    d = Broken()
    with run(d) as m:
        m.start_guidance()
        assert D.STALE_COMPONENT not in codes(m)
        m.stop_guidance()  # forgets the turn card
        (diag,) = [x for x in m.diagnostics if x.code == D.STALE_COMPONENT]
        assert diag.severity == nl.Severity.WARNING and diag.items == (d.card,)
        assert "turnCard" in diag.message


def test_prompt_over_logo():
    class Broken(Scripted):
        def show_prompt(self, nav_map, new_prompt):
            self.prompt = new_prompt
            nav_map.add_subview(new_prompt)
            nl.activate([
                new_prompt.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                new_prompt.bottom_anchor.constraint(equal_to=nav_map.safe_area_layout_guide.bottom_anchor),
            ])

    d = Broken()
    with run(d) as m:
        m.start_guidance()
        m.trigger_prompt(nl.PromptKind.SPEED_CAMERA)
        (diag,) = [x for x in m.diagnostics if x.code == D.OVERLAP]
        assert diag.severity == nl.Severity.WARNING
        assert diag.items[0] is d.prompt and diag.items[1].role == "googleLogo"
        assert D.VIEWPORT_OBSTRUCTED in codes(m)


def test_prompt_below_eta_card_in_z_order():
    class Broken(Scripted):
        def start_guidance(self, nav_map, new_state, old_state):
            tc, eta, vp, logo = new_state.turn_card, new_state.eta_card, new_state.viewport, new_state.google_logo
            self.eta = eta
            safe = nav_map.safe_area_layout_guide
            for v in (vp, logo):
                v.remove_from_superview()
            for v in (tc, eta, vp, logo):
                nav_map.add_subview(v)
            nl.activate([
                tc.top_anchor.constraint(equal_to=nav_map.top_anchor),
                tc.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                eta.bottom_anchor.constraint(equal_to=nav_map.bottom_anchor),
                eta.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                vp.top_anchor.constraint(equal_to=tc.bottom_anchor),
                vp.bottom_anchor.constraint(equal_to=eta.top_anchor),
                vp.leading_anchor.constraint(equal_to=safe.leading_anchor),
                vp.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
                logo.leading_anchor.constraint(equal_to=safe.leading_anchor),
                logo.bottom_anchor.constraint(equal_to=eta.top_anchor),
            ])

        def show_prompt(self, nav_map, new_prompt):
            self.prompt = new_prompt
            nav_map.add_subview(new_prompt)
            nl.activate([new_prompt.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                         new_prompt.bottom_anchor.constraint(equal_to=self.eta.bottom_anchor)])
            nav_map.add_subview(self.eta)  # brings the card in front of the prompt

    d = Broken()
    with run(d) as m:
        m.start_guidance()
        assert m.diagnostics == []
        m.trigger_prompt(nl.PromptKind.SPEED_CAMERA)
        diag = only(m, D.OVERLAP, nl.Severity.WARNING, "z-order")
        assert diag.items == (d.prompt, d.eta)
        m.add_subview(d.prompt)  # above the card: allowed
        assert m.diagnostics == []


def test_wide_mode_cards_on_the_trailing_side():
    class Broken(Scripted):
        def start_guidance(self, nav_map, new_state, old_state):
            safe = nav_map.safe_area_layout_guide
            self.cards = (new_state.turn_card, new_state.eta_card)
            tc, eta = self.cards
            nav_map.add_subview(tc)
            nav_map.add_subview(eta)
            nl.activate([tc.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
                         tc.top_anchor.constraint(equal_to=nav_map.top_anchor),
                         eta.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
                         eta.bottom_anchor.constraint(equal_to=nav_map.bottom_anchor)])

    d = Broken()
    with run(d, "iphone-landscape") as m:
        m.start_guidance()
        (diag,) = [x for x in m.diagnostics if x.code == D.WIDE_MODE_CARDS_NOT_LEADING]
        assert diag.severity == nl.Severity.WARNING and set(diag.items) == set(d.cards)


def test_left_right_anchors_are_info_and_opaque_is_bound():
    class Broken(Scripted):
        def enable_navigation_ui(self, nav_map, new_state):
            super().enable_navigation_ui(nav_map, new_state)
            self.badge = badge = nav_map.make_view("badge")
            badge.opaque = False
            nav_map.add_subview(badge)
            nl.activate([badge.left_anchor.constraint(equal_to=nav_map.left_anchor, constant=100),
                         badge.top_anchor.constraint(equal_to=nav_map.top_anchor, constant=100),
                         badge.width_anchor.constraint(equal_to_constant=10),
                         badge.height_anchor.constraint(equal_to_constant=10)])

    d = Broken()
    with run(d) as m:
        diag = only(m, D.LEFT_RIGHT_ANCHOR, nl.Severity.INFO, "badge.left")
        assert diag.items == (d.badge, m)
        assert d.badge.opaque is False
        d.badge.opaque = True  # now it hides the map under it
        assert codes(m) == [D.LEFT_RIGHT_ANCHOR, D.VIEWPORT_OBSTRUCTED]
        with pytest.raises(TypeError):
            d.badge.opaque = 1


def test_hidden_on_a_stacked_button():
    class Broken(Scripted):
        def enable_navigation_ui(self, nav_map, new_state):
            super().enable_navigation_ui(nav_map, new_state)
            safe = nav_map.safe_area_layout_guide
            self.compass = new_state.button(nl.ButtonType.COMPASS)
            self.stack = stack = nav_map.make_hiding_stack(nl.StackPosition.BOTTOM, nl.StackAlignment.TRAILING, "buttonStack")
            stack.arranged_subviews = [self.compass]
            nav_map.add_subview(stack)
            nl.activate([stack.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
                         stack.top_anchor.constraint(equal_to=safe.top_anchor),
                         stack.bottom_anchor.constraint(equal_to=safe.bottom_anchor, constant=-40)])
            self.compass.hidden = True

    d = Broken()
    with run(d) as m:
        diag = only(m, D.HIDDEN_IN_HIDING_STACK, nl.Severity.ERROR, "compass")
        assert diag.items == (d.compass, d.stack)
        assert d.compass.hidden is False  # the stack's decision stands


def test_empty_viewport():
    class Broken(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            vp, logo = new_state.viewport, new_state.google_logo
            self.vp = vp
            nav_map.add_subview(vp)
            nav_map.add_subview(logo)
            nl.activate([
                vp.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                vp.top_anchor.constraint(equal_to=nav_map.top_anchor),
                vp.width_anchor.constraint(equal_to_constant=0),
                vp.height_anchor.constraint(equal_to_constant=100),
                logo.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                logo.bottom_anchor.constraint(equal_to=nav_map.bottom_anchor),
            ])

    d = Broken()
    with run(d) as m:
        diag = only(m, D.EMPTY_VIEWPORT, nl.Severity.ERROR, "viewport")
        assert diag.items == (d.vp,)


def test_empty_viewport_names_the_constraints_that_put_it_there():
    """Issue 14 follow-up: the message names the constraints of the offending axis (host ones on
    the viewport first). The sample delegate with its guidance viewport pinned under the ETA card
    (viewport.top == etaCard.bottom, re-activated with its bottom): viewport.top = 852 (etaCard.bottom
    == map.bottom), viewport.bottom = mapContentsBottom.top = etaCard.top = 852 - 106 = 746 (the
    guide's resting @250 at 818 loses): frame (0, 852, 393, -106). The same text as Swift's
    CulpritMessageTests.testAViewportUnderTheETACardNamesItsVerticalConstraints (8 constraints hold,
    4 named)."""

    class UnderEtaCard(SampleLayoutDelegate):
        def start_guidance(self, nav_map, new_state, old_state):
            super().start_guidance(nav_map, new_state, old_state)
            vp = new_state.viewport
            mine = [i for i in vp.constraints_affecting_layout(nl.Axis.VERTICAL)
                    if i.owner == nl.ConstraintOwner.HOST and i.first.item is vp]
            floor = next(i.second.item for i in mine if i.first.attribute == nl.AnchorAttribute.BOTTOM)
            nl.deactivate([i.constraint for i in mine])
            nl.activate([vp.top_anchor.constraint(equal_to=new_state.eta_card.bottom_anchor),
                         vp.bottom_anchor.constraint(equal_to=floor.top_anchor)])

    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(UnderEtaCard())
        m.navigation_enabled = True
        m.start_guidance()
        assert [(d.code, d.message) for d in m.diagnostics] == [(
            D.EMPTY_VIEWPORT,
            "viewport has a negative size, frame (0, 852, 393, -106); vertically it rests on "
            "viewport.top == etaCard.bottom, viewport.bottom == mapContentsBottom.top, "
            "mapContentsBottom.height == 0 and etaCard.bottom == map.bottom (and 4 more); constrain its "
            "four edges to the open, unobstructed area of the map",
        )]


def test_conflicting_required_constraints():
    class Broken(Scripted):
        def enable_navigation_ui(self, nav_map, new_state):
            super().enable_navigation_ui(nav_map, new_state)
            card = self.card = nav_map.make_view("orderCard")
            card.opaque = False
            nav_map.add_subview(card)
            nl.activate([card.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                         card.top_anchor.constraint(equal_to=nav_map.top_anchor),
                         card.width_anchor.constraint(equal_to_constant=100),
                         card.height_anchor.constraint(equal_to_constant=60)])
            self.later = card.height_anchor.constraint(equal_to_constant=80)
            self.later.activate()

    d = Broken()
    with run(d) as m:
        diag = only(m, D.UNSATISFIABLE, nl.Severity.ERROR, "orderCard")
        assert diag.message.index("== 80") < diag.message.index("== 60"), "the later one is broken"
        assert diag.items == (d.card,)
        assert d.card.frame.height == 60


def test_under_constrained_host_view():
    class Broken(Scripted):
        def enable_navigation_ui(self, nav_map, new_state):
            super().enable_navigation_ui(nav_map, new_state)
            label = self.label = nav_map.make_view("eta label")
            label.opaque = False
            nav_map.add_subview(label)
            nl.activate([label.leading_anchor.constraint(equal_to=nav_map.leading_anchor, constant=20),
                         label.width_anchor.constraint(equal_to_constant=100),
                         label.height_anchor.constraint(equal_to_constant=20)])  # no y

    d = Broken()
    with run(d) as m:
        diag = only(m, D.AMBIGUOUS_LAYOUT, nl.Severity.WARNING, "eta label")
        assert diag.axis == nl.Axis.VERTICAL and diag.items == (d.label,)


def test_sample_delegate_portrait_clean_landscape_wide_only():
    with run(SampleLayoutDelegate()) as m:
        assert m.diagnostics == []
        m.start_guidance()
        assert m.diagnostics == []
        m.trigger_prompt(nl.PromptKind.INCIDENT)
        m.advance_time(0.4)
        assert m.diagnostics == []
    with run(SampleLayoutDelegate(), "iphone-landscape") as m:
        assert m.diagnostics == []
        m.start_guidance()
        assert codes(m) == [D.WIDE_MODE_CARDS_NOT_LEADING]
        assert m.diagnostics[0].code.spec_name == "wideModeCardsNotLeading"


def test_snapshot_json_schema_and_determinism():
    class Broken(Scripted):
        def enable_navigation_ui(self, nav_map, new_state):
            super().enable_navigation_ui(nav_map, new_state)
            label = nav_map.make_view("eta label")
            label.opaque = False
            nav_map.add_subview(label)
            nl.activate([label.leading_anchor.constraint(equal_to=nav_map.leading_anchor, constant=20),
                         label.width_anchor.constraint(equal_to_constant=100),
                         label.height_anchor.constraint(equal_to_constant=20)])

    with run(Broken()) as m:
        text = m.snapshot_json()
        assert text == m.snapshot_json()
        snap = json.loads(text)
        assert snap["schema"] == "navlayout.snapshot/1"
        assert snap["mapSize"] == {"width": 393, "height": 852}
        assert snap["navigationState"] == "navigationReady" and snap["customDelegate"] is True
        assert snap["views"][0]["role"] == "map" and snap["views"][0]["parent"] is None
        label = next(v for v in snap["views"] if v["identifier"] == "eta label")
        assert label["kind"] == "host" and label["opaque"] is False
        (diag,) = snap["diagnostics"]
        assert diag["code"] == "ambiguousLayout" and diag["axis"] == "vertical"
        assert diag["items"] == [{"id": label["id"], "identifier": "eta label"}]
        svg = m.snapshot_svg(title="portrait · ready")
        assert svg.startswith("<svg") and "portrait · ready" in svg and svg == m.snapshot_svg(title="portrait · ready")
        assert "portrait · ready" not in m.snapshot_svg()


# -- getters from the C review, bound in Python -------------------------------------------------


def test_getters_come_from_the_library():
    with nl.MapView(400, 800, layout_direction=nl.LayoutDirection.RIGHT_TO_LEFT) as m:
        assert m.layout_direction == nl.LayoutDirection.RIGHT_TO_LEFT and m.car_play is False
        stack = m.make_hiding_stack(nl.StackPosition.CENTER, nl.StackAlignment.TRAILING)
        assert (stack.position, stack.alignment) == (nl.StackPosition.CENTER, nl.StackAlignment.TRAILING)
        v = m.make_view("v")
        c = v.width_anchor.constraint(less_than_or_equal_to=m.safe_area_layout_guide.height_anchor, multiplier=0.5)
        assert c.first_anchor == v.width_anchor
        assert c.second_anchor == m.safe_area_layout_guide.height_anchor
        assert c.relation == nl.Relation.LESS_OR_EQUAL and c.multiplier == 0.5
        k = v.height_anchor.constraint(greater_than_or_equal_to_constant=44)
        assert k.second_anchor is None and k.multiplier == 1 and k.relation == nl.Relation.GREATER_OR_EQUAL
        assert "v.height >= 44" in repr(k)
    with nl.MapView.preset("carplay") as m:
        assert m.car_play is True and m.layout_direction == nl.LayoutDirection.LEFT_TO_RIGHT


def test_destroyed_view_is_not_resurrected():
    with nl.MapView.preset("iphone-portrait") as m:
        a, b = m.make_view("A"), m.make_view("B")
        m.add_subview(a)
        a.add_subview(b)
        _ = a.layout_margins_guide
        c = a.top_anchor.constraint(equal_to=m.top_anchor)
        a.destroy()
        assert b.superview is None
        with pytest.raises(nl.InvalidHandleError, match="'A' was destroyed"):
            c.first_anchor
        assert "invalid" in repr(c)


# -- navlayout.gallery ---------------------------------------------------------------------------


def test_gallery_writes_pictures_and_page(tmp_path):
    err = io.StringIO()
    result = nl.gallery(SampleLayoutDelegate, presets=["iphone-portrait", "carplay"], out=str(tmp_path), stream=err)
    assert isinstance(result, nl.GalleryResult) and result.errors == 0
    # The workbench's standard session (navlayout.session): iphone-portrait rotates to its
    # landscape twin and back, carplay has no twin.
    steps = ["navigation ready", "active guidance",
             "incident prompt", "incident prompt dismissed", "speedCamera prompt", "speedCamera prompt dismissed",
             "traffic prompt", "traffic prompt dismissed", "betterRoute prompt", "betterRoute prompt dismissed",
             "map panned: re-center button", "re-centered",
             "speed widget: limit only", "speed widget: none", "speed widget: both",
             "rotated to iphone-landscape", "rotated back to iphone-portrait", "guidance stopped", "navigation disabled"]
    portrait, carplay = result.rows
    assert [c.step for c in portrait.cells] == steps
    assert [c.step for c in carplay.cells] == [s for s in steps if not s.startswith("rotated")]
    assert carplay.note and "CarPlay" in carplay.note and portrait.note is None
    # The sample ignores wide mode: the rotation to landscape is its only finding (a warning).
    assert [(c.step, d.code) for c in portrait.cells for d in c.diagnostics] == [
        ("rotated to iphone-landscape", D.WIDE_MODE_CARDS_NOT_LEADING)]
    assert portrait.warnings == 1
    files = sorted(os.listdir(tmp_path))
    assert "index.html" in files and "iphone-portrait-01-navigation-ready.svg" in files
    assert "iphone-portrait-16-rotated-to-iphone-landscape.svg" in files and "carplay-16-guidance-stopped.svg" in files
    # One page, 19 + 17 pictures, one viewer page per preset.
    assert len(files) == 1 + 19 + 17 + 2 and "iphone-portrait.html" in files and "carplay.html" in files
    svg = (tmp_path / "iphone-portrait-03-incident-prompt.svg").read_text()
    assert svg.startswith("<svg") and "iphone-portrait · incident prompt" in svg
    page = (tmp_path / "index.html").read_text()
    assert "<h1>NavLayout gallery — delegate: SampleLayoutDelegate</h1>" in page
    assert "<b>iphone-portrait</b>: 19 steps, 0 errors, 1 warnings, 0 infos" in page
    assert "<b>carplay</b>: 17 steps, 0 errors, 0 warnings, 0 infos — CarPlay refuses layout delegates" in page
    assert '<img src="iphone-portrait-01-navigation-ready.svg"' in page and "warning wideModeCardsNotLeading" in page
    # Every cell links to its step of the preset's viewer page.
    assert '<a href="iphone-portrait.html#step=3" title="open this step in the viewer">' \
           '<img src="iphone-portrait-03-incident-prompt.svg"' in page
    viewer = (tmp_path / "iphone-portrait.html").read_text()
    assert viewer.startswith("<!DOCTYPE html>") and "navlayout.recording/1" in viewer
    progress = err.getvalue()
    assert progress.startswith("[1/2] iphone-portrait:" + "." * 19 + " — 0 errors, 1 warnings, 0 infos\n")
    assert "[2/2] carplay:" in progress and "0 error diagnostics" in progress


def test_gallery_counts_errors_of_a_broken_delegate(tmp_path):
    class NoViewport(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            logo = new_state.google_logo
            nav_map.add_subview(logo)
            nl.activate([logo.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                         logo.bottom_anchor.constraint(equal_to=nav_map.bottom_anchor)])

    result = nl.gallery(NoViewport, presets=["iphone-se"], out=str(tmp_path), stream=io.StringIO())
    assert result.errors > 0 and result.rows[0].errors == result.errors
    page = (tmp_path / "index.html").read_text()
    assert 'class="bad"><b>iphone-se</b>' in page and "error missingRequiredComponent" in page


def test_gallery_builtin_everywhere_is_clean(tmp_path):
    result = nl.gallery(None, out=str(tmp_path), stream=io.StringIO())
    assert [r.preset for r in result.rows] == list(nl.gallery.__globals__["PRESETS"])
    assert result.errors == result.warnings == result.infos == 0
    assert "delegate: builtin" in (tmp_path / "index.html").read_text()


def test_gallery_reports_a_failing_session_and_bad_presets(tmp_path):
    class Raises(nl.LayoutDelegate):
        def start_guidance(self, nav_map, new_state, old_state):
            raise RuntimeError("boom")

    result = nl.gallery(Raises, presets=["ipad-split"], out=str(tmp_path), stream=io.StringIO())
    # The failure is in its step (and counted as an error); the session goes on.
    row = result.rows[0]
    assert row.failure is None and len(row.cells) == 19
    failed = [(c.step, c.failures) for c in row.cells if c.failures]
    assert len(failed) == 1 and failed[0][0] == "active guidance"
    assert "start_guidance raised RuntimeError: boom" in failed[0][1][0]
    assert result.errors >= 1
    assert "<b>delegate failed</b>: startGuidance(): " in (tmp_path / "index.html").read_text()
    with pytest.raises(nl.InvalidArgumentError):
        nl.gallery(Raises, presets=["nokia-3310"], out=str(tmp_path / "x"))
    assert not (tmp_path / "x").exists()
