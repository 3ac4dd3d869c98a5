"""Errors: every bad input reaches Python as the NavLayoutError subclass of its status, with a
message, and leaves the map view unchanged and usable."""

from __future__ import annotations

import gc
import math

import pytest

import navlayout as nl
from sample_delegate import SampleLayoutDelegate


class Boom(Exception):
    """A host error raised from a delegate method."""


# -- navigation state machine -------------------------------------------------------------------

def test_start_guidance_before_enabling(nav_map):
    with pytest.raises(nl.InvalidStateError) as info:
        nav_map.start_guidance()
    assert info.value.status == 3 and str(info.value)
    assert nav_map.navigation_state == nl.UIStateKind.NO_NAVIGATION


@pytest.mark.parametrize("event", ["stop_guidance", "dismiss_prompt"])
def test_other_events_in_the_wrong_state(nav_map, event):
    nav_map.set_layout_delegate(SampleLayoutDelegate())
    nav_map.navigation_enabled = True
    with pytest.raises(nl.InvalidStateError):
        getattr(nav_map, event)()
    assert nav_map.navigation_state == nl.UIStateKind.NAVIGATION_READY
    with pytest.raises(nl.InvalidStateError):
        nav_map.trigger_prompt(nl.PromptKind.INCIDENT)  # only in active guidance
    with pytest.raises(nl.InvalidStateError):
        nav_map.navigation_enabled = True  # already enabled


def test_delegate_set_while_navigation_enabled(nav_map):
    first = SampleLayoutDelegate()
    nav_map.set_layout_delegate(first)
    nav_map.navigation_enabled = True
    with pytest.raises(nl.NavigationEnabledError):
        nav_map.set_layout_delegate(SampleLayoutDelegate())
    with pytest.raises(nl.NavigationEnabledError):
        nav_map.set_layout_delegate(None)
    assert nav_map.layout_delegate is first
    nav_map.start_guidance()  # the first delegate is still the one called
    assert [v.identifier for v in nav_map.subviews][0] == "turnCard"


def test_carplay_refuses_delegates():
    with nl.MapView.preset("carplay") as car:
        with pytest.raises(nl.CarPlayError) as info:
            car.set_layout_delegate(SampleLayoutDelegate())
        assert info.value.status == 5
        assert car.layout_delegate is None
        car.navigation_enabled = True  # the map view still works (built-in layout)
    with nl.MapView(800, 480, car_play=True) as car:
        with pytest.raises(nl.CarPlayError):
            car.set_layout_delegate(SampleLayoutDelegate())


# -- handles ----------------------------------------------------------------------------------

def test_stale_wrappers_after_close():
    m = nl.MapView.preset("iphone-portrait")
    view = m.make_view("box")
    guide = m.make_guide("g")
    m.add_subview(view)
    c = view.width_anchor.constraint(equal_to_constant=10)
    safe = m.safe_area_layout_guide
    m.close()
    m.close()  # idempotent
    assert m.closed
    for action in (
        lambda: view.frame,
        lambda: view.identifier,
        lambda: setattr(view, "hidden", True),
        lambda: view.leading_anchor.constraint(equal_to=safe.leading_anchor),
        lambda: guide.frame,
        lambda: safe.frame,
        lambda: c.constant,
        lambda: c.activate(),
        lambda: nl.activate([c]),
        lambda: m.frame,
        lambda: m.subviews,
        lambda: m.start_guidance(),
        lambda: m.make_view(),
        lambda: m.camera,
        lambda: m.diagnostics,
    ):
        with pytest.raises(nl.InvalidHandleError):
            action()


def test_destroyed_view_and_constraint(nav_map):
    view = nav_map.make_view("gone")
    c = view.width_anchor.constraint(equal_to_constant=10)
    view.destroy()
    with pytest.raises(nl.InvalidHandleError):
        view.frame
    c.destroy()
    with pytest.raises(nl.InvalidHandleError):
        c.constant = 3


def test_raw_stale_handle_is_detected_by_the_library():
    """The C side itself detects a stale handle (Python does not pass it blindly, but a
    ctypes user might)."""
    from navlayout import _ffi

    m = nl.MapView.preset("iphone-portrait")
    h = m.make_view()._h
    m.close()
    r = _ffi.nl_rect()
    assert _ffi.load().nl_view_frame(h, r) == 2  # NL_ERR_INVALID_HANDLE
    assert _ffi.load().nl_map_view_start_guidance(None) == 2


def test_sdk_components_cannot_be_destroyed(nav_map):
    captured = {}

    class D(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            captured["logo"] = new_state.google_logo

    nav_map.set_layout_delegate(D())
    nav_map.navigation_enabled = True
    with pytest.raises(nl.InvalidArgumentError):
        captured["logo"].destroy()
    with pytest.raises(nl.InvalidArgumentError):
        nav_map.destroy()


# -- exceptions in host callbacks ---------------------------------------------------------------

class FailingDelegate(SampleLayoutDelegate):
    """The sample delegate, but start_guidance fails after doing half its work."""

    def __init__(self, fail_in="start_guidance"):
        super().__init__()
        self.fail_in = fail_in
        self.error = Boom("delegate failed on purpose")

    def start_guidance(self, nav_map, new_state, old_state):
        if self.fail_in == "start_guidance":
            raise self.error
        super().start_guidance(nav_map, new_state, old_state)

    def show_prompt(self, nav_map, new_prompt):
        super().show_prompt(nav_map, new_prompt)
        if self.fail_in == "show_prompt":
            raise self.error


def test_delegate_exception_reaches_the_caller_unchanged(nav_map):
    delegate = FailingDelegate()
    nav_map.set_layout_delegate(delegate)
    nav_map.navigation_enabled = True
    with pytest.raises(Boom) as info:
        nav_map.start_guidance()
    assert info.value is delegate.error  # the original object, not a copy
    assert isinstance(info.value.__cause__, nl.CallbackFailedError)
    assert info.value.__cause__.status == 11
    assert "start_guidance" in str(info.value.__cause__)
    # The transition happened (docs/behaviour.md#callbacks-that-fail: a failing callback does not undo it) and the map view is
    # still usable: the rest of the session works.
    assert nav_map.navigation_state == nl.UIStateKind.ACTIVE_GUIDANCE
    nav_map.stop_guidance()
    nav_map.navigation_enabled = False
    delegate.fail_in = None
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    assert nav_map.subviews[0].identifier == "turnCard"
    assert nav_map.subviews[0].frame == (0, 0, 393, 163)


def test_exception_in_prompt_callback(nav_map):
    delegate = FailingDelegate(fail_in="show_prompt")
    nav_map.set_layout_delegate(delegate)
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    with pytest.raises(Boom):
        nav_map.trigger_prompt(nl.PromptKind.TRAFFIC)
    nav_map.advance_time(0.4)
    prompt = nav_map.subviews[-1]
    assert prompt.identifier == "trafficPrompt"
    assert prompt.frame == (0, 732, 393, 120)
    nav_map.dismiss_prompt()
    nav_map.advance_time(0.4)
    assert "trafficPrompt" not in [v.identifier for v in nav_map.subviews]


def test_exception_in_animation_block_and_completion(nav_map):
    box = nav_map.make_view("box")
    nav_map.add_subview(box)
    top = box.top_anchor.constraint(equal_to=nav_map.top_anchor)
    nl.activate([top, box.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                 box.width_anchor.constraint(equal_to_constant=10),
                 box.height_anchor.constraint(equal_to_constant=10)])

    def bad_changes():
        top.constant = 50
        raise Boom("in changes")

    with pytest.raises(Boom, match="in changes"):
        nav_map.animate(1.0, bad_changes)

    def bad_completion(finished):
        raise KeyError("in completion")

    nav_map.animate(0.5, lambda: setattr(top, "constant", 100), bad_completion)
    nav_map.advance_time(0.25)  # nothing ends yet
    with pytest.raises(KeyError, match="in completion") as info:
        nav_map.advance_time(1.0)
    assert isinstance(info.value.__cause__, nl.CallbackFailedError)
    assert box.frame.y == 100  # still usable, animations finished
    done = []
    nav_map.animate(0.1, lambda: setattr(top, "constant", 0), lambda: done.append(True))
    nav_map.advance_time(0.1)
    assert done == [True]


def test_delegate_is_kept_alive_by_the_map_view(nav_map):
    nav_map.set_layout_delegate(SampleLayoutDelegate())  # no other reference to it
    gc.collect()
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    assert len(nav_map.subviews) == 5


# -- numbers, axes, ancestors -------------------------------------------------------------------

@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_nan_and_infinite_numbers(nav_map, bad):
    view = nav_map.make_view("v")
    nav_map.add_subview(view)
    with pytest.raises(nl.InvalidArgumentError):
        nl.MapView(bad, 100)
    with pytest.raises(nl.InvalidArgumentError):
        view.width_anchor.constraint(equal_to_constant=bad)
    with pytest.raises(nl.InvalidArgumentError):
        view.top_anchor.constraint(equal_to=nav_map.top_anchor, constant=bad)
    with pytest.raises(nl.InvalidArgumentError):
        view.width_anchor.constraint(equal_to=nav_map.width_anchor, multiplier=bad)
    c = view.width_anchor.constraint(equal_to_constant=10)
    with pytest.raises(nl.InvalidArgumentError):
        c.constant = bad
    with pytest.raises(nl.InvalidArgumentError):
        c.priority = bad
    with pytest.raises(nl.InvalidArgumentError):
        view.intrinsic_content_size = (bad, 10)
    with pytest.raises(nl.InvalidArgumentError):
        nav_map.advance_time(bad)
    with pytest.raises(nl.InvalidArgumentError):
        nav_map.animate(bad, lambda: None)
    with pytest.raises(nl.InvalidArgumentError):
        nav_map.set_size(393, bad)
    assert c.constant == 10
    assert nav_map.size == (393, 852)


def test_nan_rejected_by_the_library_too(nav_map):
    """Bypass the Python check: the C side refuses NaN itself."""
    from navlayout import _ffi

    view = nav_map.make_view()
    c = view.width_anchor.constraint(equal_to_constant=10)
    assert _ffi.load().nl_constraint_set_constant(c._h, math.nan) == 1
    assert "NaN" in _ffi.last_error_message() or "finite" in _ffi.last_error_message()
    assert c.constant == 10


def test_type_errors(nav_map):
    view = nav_map.make_view()
    with pytest.raises(TypeError):
        view.width_anchor.constraint(equal_to_constant="10")
    with pytest.raises(TypeError):
        view.top_anchor.constraint(equal_to=5)
    with pytest.raises(TypeError):
        view.top_anchor.constraint()  # no relation
    with pytest.raises(TypeError):
        view.top_anchor.constraint(equal_to=nav_map.top_anchor,
                                   less_than_or_equal_to=nav_map.top_anchor)
    with pytest.raises(TypeError):
        nav_map.add_subview("not a view")
    with pytest.raises(TypeError):
        nl.activate([view])
    with pytest.raises(TypeError):
        nl.View()


def test_out_of_range_enums(nav_map):
    nav_map.set_layout_delegate(SampleLayoutDelegate())
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    with pytest.raises(nl.InvalidArgumentError):
        nav_map.trigger_prompt(42)
    with pytest.raises(nl.InvalidArgumentError):
        nav_map.make_hiding_stack(7, nl.StackAlignment.LEADING)
    with pytest.raises(nl.InvalidArgumentError):
        nl.MapView(100, 100, layout_direction=5)


def test_mixed_axis_anchors(nav_map):
    view = nav_map.make_view("box")
    nav_map.add_subview(view)
    with pytest.raises(nl.InvalidArgumentError) as info:
        view.leading_anchor.constraint(equal_to=nav_map.top_anchor)
    assert str(info.value)  # the library says why
    with pytest.raises(nl.InvalidArgumentError):
        view.width_anchor.constraint(equal_to=nav_map.center_x_anchor)
    with pytest.raises(nl.InvalidArgumentError):
        view.top_anchor.constraint(equal_to_constant=10)  # constant form needs a dimension


def test_no_common_ancestor(nav_map):
    inside = nav_map.make_view("inside")
    outside = nav_map.make_view("outside")  # never added to the hierarchy
    nav_map.add_subview(inside)
    ok = inside.width_anchor.constraint(equal_to_constant=10)
    bad = inside.leading_anchor.constraint(equal_to=outside.leading_anchor)
    with pytest.raises(nl.NoCommonAncestorError) as info:
        bad.activate()
    assert info.value.status == 7
    assert not bad.active
    with pytest.raises(nl.NoCommonAncestorError):
        nl.activate([ok, bad])
    assert not ok.active  # all or nothing
    nl.activate([ok])
    assert ok.active


def test_views_of_two_map_views_do_not_mix(nav_map):
    with nl.MapView.preset("iphone-se") as other:
        foreign = other.make_view()
        with pytest.raises(nl.InvalidArgumentError):
            nav_map.add_subview(foreign)
        with pytest.raises(nl.InvalidArgumentError):
            nav_map.leading_anchor.constraint(equal_to=foreign.leading_anchor)


def test_unknown_preset():
    with pytest.raises(nl.InvalidArgumentError):
        nl.MapView.preset("nokia-3310")


def test_priority_switch_while_active(nav_map):
    view = nav_map.make_view()
    nav_map.add_subview(view)
    c = view.width_anchor.constraint(equal_to_constant=10)
    c.activate()
    with pytest.raises(nl.InvalidStateError):
        c.priority = nl.Priority.DEFAULT_LOW
    with pytest.raises(nl.InvalidArgumentError):
        view.height_anchor.constraint(equal_to_constant=1, priority=0)


# -- re-entrancy --------------------------------------------------------------------------------

def test_reentrant_event_caught_inside_the_delegate(nav_map):
    seen = []

    class Eager(SampleLayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            super().enable_navigation_ui(nav_map, new_state)
            for event in (nav_map.start_guidance, lambda: nav_map.advance_time(1),
                          lambda: nav_map.set_layout_delegate(None), nav_map.close,
                          lambda: setattr(nav_map, "navigation_enabled", False)):
                try:
                    event()
                except nl.ReentrantError as exc:
                    seen.append(exc.status)

    nav_map.set_layout_delegate(Eager())
    nav_map.navigation_enabled = True  # the delegate swallowed its errors: no exception
    assert seen == [6, 6, 6, 6, 6]
    assert not nav_map.closed
    assert nav_map.navigation_state == nl.UIStateKind.NAVIGATION_READY
    nav_map.start_guidance()
    assert nav_map.navigation_state == nl.UIStateKind.ACTIVE_GUIDANCE


def test_reentrant_event_propagates(nav_map):
    class Pushy(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            nav_map.start_guidance()

    nav_map.set_layout_delegate(Pushy())
    with pytest.raises(nl.ReentrantError) as info:
        nav_map.navigation_enabled = True
    assert isinstance(info.value.__cause__, nl.CallbackFailedError)
    assert nav_map.navigation_state == nl.UIStateKind.NAVIGATION_READY


def test_reentrant_from_animation_completion(nav_map):
    errors = []

    def completion(finished):
        try:
            nav_map.advance_time(1)
        except nl.ReentrantError as exc:
            errors.append(exc)

    nav_map.animate(0.1, None, completion)
    nav_map.advance_time(0.2)
    assert len(errors) == 1


def test_failure_handled_inside_the_delegate_does_not_fail_the_event(nav_map):
    caught = []

    class Careful(SampleLayoutDelegate):
        def show_prompt(self, nav_map, new_prompt):
            super().show_prompt(nav_map, new_prompt)

            def changes():
                raise Boom("handled by the delegate")

            try:
                nav_map.animate(0.1, changes)
            except Boom as exc:
                caught.append(exc)

    nav_map.set_layout_delegate(Careful())
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    nav_map.trigger_prompt(nl.PromptKind.INCIDENT)  # the delegate handled its own error
    assert len(caught) == 1
