"""Issue 14, "diagnostics are never silent", from Python: every diagnostic a map view's layout
newly produces is logged on the ``"navlayout"`` logger (errors at ERROR, warnings at WARNING,
infos at INFO) without the host asking, and the C library's default stderr line is not printed
meanwhile; a delegate that spells its methods the iOS way is refused at ``set_layout_delegate``.

iphone-portrait is 393 x 852 with safe area (59, 0, 34, 0) (docs/behaviour.md#device-presets). The delegate's ready layout
is good (viewport = safe area minus 40 pt at the bottom, logo at its bottom-leading corner) plus a
see-through host view "orderCard" 100 wide at the map's top-leading corner with its height pinned
to 60 and then to 80: the second is broken (docs/behaviour.md#unsatisfiable-constraints, the most recently activated member of a
conflict) and the minimal conflicting set is the two of them. Optionally a "badge" pinned with
left/top: a leftRightAnchor info.
"""

from __future__ import annotations

import logging

import pytest

import navlayout as nl
from test_diagnostics import good_ready

D = nl.DiagnosticCode


class Broken(nl.LayoutDelegate):
    def __init__(self, badge: bool = False) -> None:
        self.badge = badge
        self.order_card = None

    def enable_navigation_ui(self, nav_map, new_state):
        good_ready(nav_map, new_state)
        card = nav_map.make_view(identifier="orderCard")
        card.opaque = False
        nav_map.add_subview(card)
        nl.activate([
            card.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
            card.top_anchor.constraint(equal_to=nav_map.top_anchor),
            card.width_anchor.constraint(equal_to_constant=100),
            card.height_anchor.constraint(equal_to_constant=60),
        ])
        card.height_anchor.constraint(equal_to_constant=80).activate()
        nav_map.layout_if_needed()   # a pass inside the callback reports nothing yet
        self.order_card = card
        if self.badge:
            badge = nav_map.make_view(identifier="badge")
            badge.opaque = False
            nav_map.add_subview(badge)
            nl.activate([
                badge.left_anchor.constraint(equal_to=nav_map.left_anchor, constant=200),
                badge.top_anchor.constraint(equal_to=nav_map.top_anchor, constant=300),
                badge.width_anchor.constraint(equal_to_constant=10),
                badge.height_anchor.constraint(equal_to_constant=10),
            ])


UNSATISFIABLE_LINE = (
    "error unsatisfiable: Unable to simultaneously satisfy constraints: required constraint "
    "orderCard.height == 80 conflicts with orderCard.height == 60; it was broken for this pass (the "
    "most recently activated of the set) and is retried on the next one \u2014 remove one of them or "
    "lower a priority below 1000 [items: orderCard (host view)]"
)
BADGE_LINE = (
    "info leftRightAnchor: badge.left == map.left + 200 uses left/right anchors, which do not mirror "
    "in right-to-left layouts; use leading/trailing [items: badge (host view), map]"
)


def navlayout_records(caplog):
    return [r for r in caplog.records if r.name == "navlayout"]


def test_new_diagnostics_are_logged_once_at_their_severity(caplog, capfd):
    caplog.set_level(logging.INFO, logger="navlayout")
    delegate = Broken(badge=True)
    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(delegate)
        m.navigation_enabled = True        # no frame or diagnostic is read: the event reports
        records = navlayout_records(caplog)
        assert [(r.levelno, r.getMessage()) for r in records] == [
            (logging.ERROR, UNSATISFIABLE_LINE),
            (logging.INFO, BADGE_LINE),
        ]
        report = records[0].navlayout_diagnostic
        assert report.code == D.UNSATISFIABLE and report.severity == nl.Severity.ERROR
        assert report.items == (delegate.order_card,)
        assert records[0].navlayout_map_view is m
        # Nothing new: reading, laying out, an event that changes nothing they name.
        assert len(m.diagnostics) == 2
        m.layout_if_needed()
        m.pan()
        assert len(navlayout_records(caplog)) == 2
    # The C library's default (one line per error on the stderr descriptor) stayed silent.
    assert "navlayout: error" not in capfd.readouterr().err


def test_a_pass_outside_events_reports(caplog):
    caplog.set_level(logging.INFO, logger="navlayout")
    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(Broken())
        m.navigation_enabled = True
        assert len(navlayout_records(caplog)) == 1
        # The host moves the logo 100 pt past the leading edge and reads a frame: offscreen.
        logo = m.subviews[1]
        info = [c for c in logo.constraints_affecting_layout(nl.Axis.HORIZONTAL)
                if c.owner == nl.ConstraintOwner.HOST and c.first.item is logo]
        assert len(info) == 1 and info[0].constraint is not None
        info[0].constraint.constant = -100
        assert logo.frame.x == -100
        records = navlayout_records(caplog)
        assert [r.navlayout_diagnostic.code for r in records] == [D.UNSATISFIABLE, D.OFFSCREEN]
        assert records[1].levelno == logging.ERROR


def test_the_logger_can_be_silenced_and_errors_in_handlers_stay_out(caplog):
    logger = logging.getLogger("navlayout")

    class Exploding(logging.Handler):
        def emit(self, record):
            raise RuntimeError("a broken log handler")

    handler = Exploding()
    handler.handleError = lambda record: None   # logging's own guard: do not print the traceback
    logger.addHandler(handler)
    try:
        with nl.MapView.preset("iphone-portrait") as m:
            m.set_layout_delegate(Broken())
            m.navigation_enabled = True     # the event succeeds whatever the log handler does
            assert m.navigation_enabled
    finally:
        logger.removeHandler(handler)
    caplog.clear()
    logger.disabled = True
    try:
        with nl.MapView.preset("iphone-portrait") as m:
            m.set_layout_delegate(Broken())
            m.navigation_enabled = True
        assert navlayout_records(caplog) == []
    finally:
        logger.disabled = False


@pytest.mark.parametrize("ios_name, python_name", [
    ("enableNavigationUI", "enable_navigation_ui"),
    ("disableNavigationUI", "disable_navigation_ui"),
    ("startGuidance", "start_guidance"),
    ("stopGuidance", "stop_guidance"),
    ("sizeChanged", "size_changed"),
    ("showPrompt", "show_prompt"),
    ("hidePrompt", "hide_prompt"),
    ("changePrompt", "change_prompt"),
])
def test_ios_method_names_are_refused_naming_the_method(ios_name, python_name):
    delegate_class = type("SwiftStyle", (nl.LayoutDelegate,), {ios_name: lambda self, *args: None})
    with nl.MapView.preset("iphone-portrait") as m:
        with pytest.raises(TypeError) as failure:
            m.set_layout_delegate(delegate_class())
        message = str(failure.value)
        assert f"SwiftStyle.{ios_name} is never called" in message
        assert f"rename {ios_name} to {python_name}" in message
        assert m.layout_delegate is None   # nothing changed


def test_the_python_name_alongside_a_helper_of_the_ios_name_is_accepted():
    class Both(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            self.enableNavigationUI()

        def enableNavigationUI(self):  # the host's own helper, not a delegate method
            self.called = True

    delegate = Both()
    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(delegate)
        m.navigation_enabled = True
    assert delegate.called
