"""Issue 16 in Python: the seed's rules that differed from or were missing in the API.

Layers on screen (insert_subview, insert_subview_above/_below, bring_subview_to_front,
send_subview_to_back, exchange_subviews) and the covered-prompt diagnostic; the speed widget's
mode derived from should_display_speedometer / should_display_speed_limit and set_speed_data;
recenter_button_enabled; the legacy padding_adjustment_behavior and
invalidate_layout_for_accessory_view; SDK components refusing subviews and guides; host views and
guides left after disable_navigation_ui; enable_navigation.

Frames on iphone-portrait (393 x 852, safe area 59/0/34/0, docs/behaviour.md#device-presets). The sample delegate's frames
are those of docs/behaviour.md#expected-frames: active guidance turnCard (0, 0, 393, 163), etaCard (0, 746, 393, 106), viewport
(0, 163, 393, 583), logo (0, 714, 72, 32); incident prompt slid in (0, 732, 393, 120), viewport
then (0, 163, 393, 569). The built-in layout (test_issue3.py): ready viewport (0, 59, 393, 759),
active as the sample plus the speed widget on the logo (y = 714 - its height). Sizes: docs/behaviour.md#component-sizes.
"""

from __future__ import annotations

import pytest

import navlayout as nl
from sample_delegate import SampleLayoutDelegate

APPROX = dict(abs=1e-9)


def find(view, identifier):
    """The view with ``identifier`` in ``view``'s subtree (depth first), or None."""
    for sub in view.subviews:
        if sub.identifier == identifier:
            return sub
        found = find(sub, identifier)
        if found is not None:
            return found
    return None


def diagnostics(m, code):
    return [d for d in m.diagnostics if d.code == code]


def enabled(delegate=None):
    m = nl.MapView.preset("iphone-portrait")
    m.set_layout_delegate(delegate)
    m.navigation_enabled = True
    return m


def ids(view):
    return [v.identifier for v in view.subviews]


# ---- item 1: layers on screen ------------------------------------------------------------------

def test_order_calls_place_views_as_uikit_does_and_keep_constraints():
    with nl.MapView.preset("iphone-portrait") as m:
        views, constraints = [], []
        for k, name in enumerate("abc"):
            v = m.make_view(name)
            m.add_subview(v)
            # a at (0, 100), b at (10, 110), c at (20, 120); each 50 x 50
            constraints += [v.leading_anchor.constraint(equal_to=m.leading_anchor, constant=10 * k),
                            v.top_anchor.constraint(equal_to=m.top_anchor, constant=100 + 10 * k),
                            v.width_anchor.constraint(equal_to_constant=50),
                            v.height_anchor.constraint(equal_to_constant=50)]
            views.append(v)
        nl.activate(constraints)
        a, b, c = views
        m.bring_subview_to_front(a)
        assert ids(m) == ["b", "c", "a"]
        m.send_subview_to_back(c)
        assert ids(m) == ["c", "b", "a"]
        m.insert_subview_above(c, b)
        assert ids(m) == ["b", "c", "a"]
        m.insert_subview_below(a, b)
        assert ids(m) == ["a", "b", "c"]
        m.insert_subview(c, at=0)
        assert ids(m) == ["c", "a", "b"]
        m.insert_subview(c, at=3)   # len(subviews): the front
        assert ids(m) == ["a", "b", "c"]
        m.exchange_subviews(0, 2)
        assert ids(m) == ["c", "b", "a"]
        m.exchange_subviews(1, 1)
        m.insert_subview_below(b, b)
        assert ids(m) == ["c", "b", "a"], "equal indices, below itself: no change"
        assert all(con.active for con in constraints), "moved within the superview: constraints kept"
        assert tuple(c.frame) == pytest.approx((20, 120, 50, 50), **APPROX)
        # A fresh view joins at the index given.
        d = m.make_view("d")
        m.insert_subview(d, at=1)
        assert ids(m) == ["c", "d", "b", "a"]


def test_order_calls_refuse_bad_arguments_and_change_nothing():
    with nl.MapView.preset("iphone-portrait") as m, nl.MapView.preset("iphone-portrait") as other:
        a, b = m.make_view("a"), m.make_view("b")
        m.add_subview(a)
        m.add_subview(b)
        stranger = m.make_view("stranger")
        with pytest.raises(nl.InvalidArgumentError, match="index 3"):
            m.insert_subview(stranger, at=3)
        with pytest.raises(nl.InvalidArgumentError, match="at must be >= 0"):
            m.insert_subview(stranger, at=-1)
        with pytest.raises(TypeError):
            m.insert_subview(stranger, at=True)
        with pytest.raises(TypeError):
            m.insert_subview(stranger, 0)   # at= is keyword-only, as UIKit's label
        with pytest.raises(nl.InvalidArgumentError, match="stranger"):
            m.insert_subview_above(a, stranger)
        with pytest.raises(nl.InvalidArgumentError, match="stranger"):
            m.bring_subview_to_front(stranger)
        with pytest.raises(nl.InvalidArgumentError, match="stranger"):
            m.send_subview_to_back(stranger)
        with pytest.raises(nl.InvalidArgumentError, match="index 2"):
            m.exchange_subviews(0, 2)
        with pytest.raises(TypeError):
            m.insert_subview_below("a", b)
        with pytest.raises(nl.InvalidArgumentError, match="another map view"):
            m.insert_subview(other.make_view("x"), at=0)
        with pytest.raises(nl.InvalidArgumentError):
            a.insert_subview(m, at=0)
        assert ids(m) == ["a", "b"] and stranger.superview is None


def test_covered_prompt_follows_every_order_call():
    with enabled(SampleLayoutDelegate()) as m:
        m.start_guidance()
        m.trigger_prompt(nl.PromptKind.INCIDENT)
        m.advance_time(0.4)
        prompt, eta = find(m, "incidentPrompt"), find(m, "etaCard")
        assert tuple(prompt.frame) == pytest.approx((0, 732, 393, 120), **APPROX)
        assert m.diagnostics == [], "docs/behaviour.md#the-sample-delegate: the sample has no diagnostics"

        def covered():
            return [d for d in diagnostics(m, nl.DiagnosticCode.OVERLAP)
                    if d.items[0] == prompt and d.items[-1] == eta]

        m.send_subview_to_back(prompt)
        assert len(covered()) == 1 and "bringSubviewToFront" in covered()[0].message
        m.bring_subview_to_front(prompt)
        assert covered() == []
        m.insert_subview_below(prompt, eta)
        assert len(covered()) == 1
        m.insert_subview_above(prompt, eta)
        assert covered() == []
        subs = m.subviews
        m.exchange_subviews(subs.index(prompt), subs.index(eta))
        assert len(covered()) == 1, "exchanged: the card is above"
        m.insert_subview(prompt, at=len(m.subviews))
        assert covered() == []
        # Reordering kept every constraint: the frames of docs/behaviour.md#expected-frames.
        assert tuple(prompt.frame) == pytest.approx((0, 732, 393, 120), **APPROX)
        assert tuple(find(m, "viewport").frame) == pytest.approx((0, 163, 393, 569), **APPROX)
        assert m.diagnostics == []


def test_obstruction_does_not_depend_on_order():
    with enabled(SampleLayoutDelegate()) as m:
        m.start_guidance()
        card = m.make_view("orderCard")   # opaque host view over the viewport (0, 163, 393, 583)
        m.insert_subview(card, at=0)
        nl.activate([card.leading_anchor.constraint(equal_to=m.leading_anchor),
                     card.top_anchor.constraint(equal_to=m.top_anchor, constant=300),
                     card.width_anchor.constraint(equal_to_constant=100),
                     card.height_anchor.constraint(equal_to_constant=40)])
        for move in (m.bring_subview_to_front, m.send_subview_to_back):
            obstructed = [d for d in diagnostics(m, nl.DiagnosticCode.VIEWPORT_OBSTRUCTED)
                          if d.items[-1] == card]
            assert len(obstructed) == 1, "the map is drawn under every subview"
            move(card)


# ---- item 2: speed widget ------------------------------------------------------------------------

def test_speed_widget_state_comes_from_settings_and_data():
    with enabled() as m:    # built-in layout: the widget sits on the logo (top 714)
        m.start_guidance()
        assert m.should_display_speedometer is True and m.should_display_speed_limit is True
        assert m.speed_available is True and m.speed_limit_available is True

        def expect(mode, w, h):
            assert m.speed_widget_mode == mode
            assert tuple(find(m, "speedWidget").frame) == pytest.approx((0, 714 - h, w, h), **APPROX)

        expect(nl.SpeedWidgetMode.BOTH, 64, 136)
        m.should_display_speedometer = False
        expect(nl.SpeedWidgetMode.SPEED_LIMIT, 64, 64)
        m.should_display_speed_limit = False
        expect(nl.SpeedWidgetMode.NONE, 0, 0)
        m.should_display_speedometer = True
        expect(nl.SpeedWidgetMode.SPEEDOMETER, 64, 64)
        m.should_display_speed_limit = True
        m.set_speed_data(speed_available=False, speed_limit_available=True)
        expect(nl.SpeedWidgetMode.SPEED_LIMIT, 64, 64)
        m.set_speed_data(speed_available=True, speed_limit_available=False)
        expect(nl.SpeedWidgetMode.SPEEDOMETER, 64, 64)
        assert (m.speed_available, m.speed_limit_available) == (True, False)
        m.should_display_speedometer = False
        expect(nl.SpeedWidgetMode.NONE, 0, 0)
        with pytest.raises(TypeError):
            m.should_display_speedometer = 1
        with pytest.raises(TypeError):
            m.set_speed_data(speed_available=1, speed_limit_available=True)
        with pytest.raises(TypeError):
            m.set_speed_data(True, True)   # keyword-only


def test_the_old_setter_is_a_deprecated_data_shorthand():
    with nl.MapView.preset("iphone-portrait") as m:
        with pytest.warns(DeprecationWarning, match="set_speed_data"):
            m.set_speed_widget_mode(nl.SpeedWidgetMode.SPEEDOMETER)
        assert m.speed_widget_mode == nl.SpeedWidgetMode.SPEEDOMETER, "settings on: as before"
        assert (m.speed_available, m.speed_limit_available) == (True, False)
        m.should_display_speedometer = False
        assert m.speed_widget_mode == nl.SpeedWidgetMode.NONE, "still derived"
        with pytest.warns(DeprecationWarning):
            m.speed_widget_mode = nl.SpeedWidgetMode.BOTH
        assert m.speed_widget_mode == nl.SpeedWidgetMode.SPEED_LIMIT


class _Inside(SampleLayoutDelegate):
    """The sample, trying the speed calls from inside enable_navigation_ui."""

    def enable_navigation_ui(self, nav_map, new_state):
        super().enable_navigation_ui(nav_map, new_state)
        nav_map.should_display_speed_limit = False    # a setting: allowed
        try:
            nav_map.set_speed_data(speed_available=False, speed_limit_available=False)
        except nl.ReentrantError as e:
            self.refused = e


def test_speed_data_is_an_event_and_the_settings_are_not():
    d = _Inside()
    with enabled(d) as m:
        assert isinstance(d.refused, nl.ReentrantError)
        assert m.should_display_speed_limit is False
        assert m.speed_available is True, "the refused event changed nothing"
        assert m.speed_widget_mode == nl.SpeedWidgetMode.SPEEDOMETER


# ---- item 3: re-center button ---------------------------------------------------------------------

def test_recenter_button_switch():
    with enabled() as m:
        m.start_guidance()
        logo = find(m, "googleLogo")
        assert m.recenter_button_enabled is True
        m.pan()
        assert tuple(logo.frame) == pytest.approx((0, 698, 136, 48), **APPROX)   # on 746
        m.recenter_button_enabled = False
        assert m.showing_recenter_button is False
        assert tuple(logo.frame) == pytest.approx((0, 714, 72, 32), **APPROX)
        m.recenter_button_enabled = True
        assert m.showing_recenter_button is True, "still panned"
        m.recenter()
        m.recenter_button_enabled = False
        m.pan()
        assert m.showing_recenter_button is False, "disabled: panning keeps the logo"
        assert tuple(logo.frame) == pytest.approx((0, 714, 72, 32), **APPROX)


# ---- item 4: legacy APIs ------------------------------------------------------------------------------

def test_padding_adjustment_behavior_in_the_built_in_layout():
    with enabled() as m:
        assert m.padding_adjustment_behavior == nl.PaddingAdjustmentBehavior.ALWAYS
        m.padding = nl.Insets(10, 5, 40, 0)
        # Ready: the viewport's padding (59, 0, 34, 0) is all safe area.
        assert m.camera.padding == pytest.approx((69, 5, 74, 0), **APPROX)   # safe + padding
        m.padding_adjustment_behavior = nl.PaddingAdjustmentBehavior.AUTOMATIC
        assert m.camera.padding == pytest.approx((59, 5, 40, 0), **APPROX)   # the larger
        m.padding_adjustment_behavior = nl.PaddingAdjustmentBehavior.NEVER
        assert m.camera.padding == pytest.approx((10, 5, 40, 0), **APPROX)   # the padding alone
        assert tuple(m.camera.vehicle_point) == pytest.approx((199, 411), **APPROX)  # (5+393)/2, (10+812)/2
        m.start_guidance()
        # The turn card takes 104 beyond the safe 59, the ETA card 72 beyond the safe 34.
        assert m.camera.padding == pytest.approx((114, 5, 112, 0), **APPROX)
        with pytest.raises(nl.InvalidArgumentError):
            m.padding_adjustment_behavior = 3
        with pytest.raises(TypeError):
            m.padding_adjustment_behavior = nl.SpeedWidgetMode.BOTH


def test_invalidate_layout_for_accessory_view_rereads_the_height():
    with enabled() as m:
        m.start_guidance()
        accessory = m.make_view("accessory")
        accessory.intrinsic_content_size = nl.Size(nl.NO_INTRINSIC_METRIC, 40)
        m.header_accessory_view = accessory
        assert tuple(accessory.frame) == pytest.approx((0, 163, 393, 40), **APPROX)
        accessory.intrinsic_content_size = nl.Size(nl.NO_INTRINSIC_METRIC, 60)
        assert accessory.frame.height == 40, "the built-in layout keeps the height it read"
        m.invalidate_layout_for_accessory_view(accessory)
        assert tuple(accessory.frame) == pytest.approx((0, 163, 393, 60), **APPROX)
        assert tuple(find(m, "viewport").frame) == pytest.approx((0, 223, 393, 523), **APPROX)
        with pytest.raises(nl.InvalidArgumentError, match="not the header accessory view"):
            m.invalidate_layout_for_accessory_view(m.make_view("other"))
        with pytest.raises(TypeError):
            m.invalidate_layout_for_accessory_view(None)


def test_both_are_ignored_and_reported_under_a_custom_delegate():
    with enabled(SampleLayoutDelegate()) as m:
        m.padding_adjustment_behavior = nl.PaddingAdjustmentBehavior.NEVER
        m.invalidate_layout_for_accessory_view(m.make_view("any"))
        assert m.padding_adjustment_behavior == nl.PaddingAdjustmentBehavior.ALWAYS
        ignored = [d.message for d in diagnostics(m, nl.DiagnosticCode.LEGACY_API_IGNORED)]
        assert len(ignored) == 2
        assert ignored[0].startswith("paddingAdjustmentBehavior ")
        assert ignored[1].startswith("invalidateLayout(forAccessoryView:) ")
        assert m.camera.padding == pytest.approx((59, 0, 34, 0), **APPROX)


# ---- item 5: SDK components' internal structure ------------------------------------------------------

def test_components_refuse_subviews_and_guides():
    with enabled(SampleLayoutDelegate()) as m:
        m.start_guidance()
        badge, guide = m.make_view("badge"), m.make_guide("inner")
        turn, eta, logo = find(m, "turnCard"), find(m, "etaCard"), find(m, "googleLogo")
        with pytest.raises(nl.InvalidArgumentError, match="turnCard is an SDK component"):
            turn.add_subview(badge)
        with pytest.raises(nl.InvalidArgumentError):
            eta.insert_subview(badge, at=0)
        with pytest.raises(nl.InvalidArgumentError, match="etaCard"):
            eta.add_layout_guide(guide)
        with pytest.raises(nl.InvalidArgumentError):
            logo.add_subview(badge)
        m.trigger_prompt(nl.PromptKind.TRAFFIC)
        with pytest.raises(nl.InvalidArgumentError):
            find(m, "trafficPrompt").add_subview(badge)
        assert badge.superview is None and eta.subviews == [] and turn.subviews == []
        # What the seed recommends instead: a host view anchored to the card's margins guide.
        m.add_subview(badge)
        badge.opaque = False
        nl.activate([badge.bottom_anchor.constraint(equal_to=eta.layout_margins_guide.top_anchor),
                     badge.trailing_anchor.constraint(equal_to=eta.layout_margins_guide.trailing_anchor),
                     badge.width_anchor.constraint(equal_to_constant=40),
                     badge.height_anchor.constraint(equal_to_constant=20)])
        assert tuple(badge.frame) == pytest.approx((345, 734, 40, 20), **APPROX)   # 746 + 8 - 20; 393 - 8 - 40


# ---- item 6: leftovers after disable_navigation_ui ---------------------------------------------------

class _Leaves(SampleLayoutDelegate):
    """The sample, adding a card (with a label inside) and a guide it does not remove."""

    def __init__(self, nav_map):
        super().__init__()
        self.card = nav_map.make_view("orderCard")
        self.label = nav_map.make_view("orderLabel")
        self.guide = nav_map.make_guide("extraGuide")
        self.leave = True

    def enable_navigation_ui(self, nav_map, new_state):
        super().enable_navigation_ui(nav_map, new_state)
        nav_map.add_subview(self.card)
        self.card.add_subview(self.label)
        nav_map.add_layout_guide(self.guide)

    def disable_navigation_ui(self, nav_map, old_state):
        super().disable_navigation_ui(nav_map, old_state)
        if not self.leave:
            self.card.remove_from_superview()
            nav_map.remove_layout_guide(self.guide)


def test_views_and_guides_left_after_disable_are_stale():
    with nl.MapView.preset("iphone-portrait") as m:
        mine = m.make_view("hostBanner")   # the host's own, from before navigation
        m.add_subview(mine)
        d = _Leaves(m)
        m.set_layout_delegate(d)
        m.navigation_enabled = True
        assert diagnostics(m, nl.DiagnosticCode.STALE_COMPONENT) == []
        m.navigation_enabled = False
        stale = diagnostics(m, nl.DiagnosticCode.STALE_COMPONENT)
        assert [s.items[0].identifier for s in stale] == ["extraGuide", "orderCard"]
        assert all(s.severity == nl.Severity.WARNING and "disableNavigationUI" in s.message for s in stale)
        m.add_subview(m.make_view("afterwards"))   # the host's, after navigation: not reported
        d.card.remove_from_superview()
        assert [s.items[0] for s in diagnostics(m, nl.DiagnosticCode.STALE_COMPONENT)] == [d.guide]
        m.remove_layout_guide(d.guide)
        assert diagnostics(m, nl.DiagnosticCode.STALE_COMPONENT) == []
        d.leave = False
        m.navigation_enabled = True
        m.navigation_enabled = False
        assert diagnostics(m, nl.DiagnosticCode.STALE_COMPONENT) == []


# ---- item 9: enable_navigation -------------------------------------------------------------------------

def test_enable_navigation_spelling():
    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(SampleLayoutDelegate())
        m.enable_navigation()
        assert m.navigation_state == nl.UIStateKind.NAVIGATION_READY
        assert tuple(find(m, "viewport").frame) == pytest.approx((0, 59, 393, 759), **APPROX)
        with pytest.raises(nl.InvalidStateError):
            m.enable_navigation()
