"""Issue 17 in Python: objects that own a library handle cannot be copied; numbers beyond a
double's range are the documented InvalidArgumentError naming the argument; a second thread on
a map view gets BusyError.

Before the fix ``copy.copy(map_view)`` shared the C handle, and collecting the copy destroyed the
original's map view (its finaliser closed it); ``10**400`` and ``Fraction(10**400, 3)`` raised
``OverflowError`` from inside ``float()``; and a call from a second thread while a callback ran
went ahead (in C, two threads on one map view crashed the process)."""

from __future__ import annotations

import copy
import gc
import pickle
import threading
from fractions import Fraction

import pytest

import navlayout as nl

HUGE = [10**400, -(10**400), Fraction(10**400, 3)]


def _copies():
    return [copy.copy, copy.deepcopy, pickle.dumps]


def test_map_view_and_its_objects_cannot_be_copied():
    with nl.MapView.preset("iphone-portrait") as nav_map:
        view = nav_map.make_view("host")
        guide = nav_map.make_guide("g")
        stack = nav_map.make_hiding_stack(nl.StackPosition.BOTTOM, nl.StackAlignment.TRAILING)
        nav_map.add_subview(view)
        c = view.width_anchor.constraint(equal_to_constant=10)
        for obj in [nav_map, view, guide, stack, c]:
            for how in _copies():
                with pytest.raises(TypeError, match="own a NavLayout handle and cannot be copied"):
                    how(obj)
        gc.collect()
        # the original is untouched: before the fix the collected copy had closed it
        assert not nav_map.closed
        assert nav_map.size == nl.Size(393, 852)
        nl.activate([c])
        assert view.frame.width == 10


def test_solver_cannot_be_copied_and_expressions_can():
    s = nl.Solver()
    x = nl.Variable("x")
    for how in _copies():
        with pytest.raises(TypeError, match="Solver objects own a NavLayout handle"):
            how(s)
    s.add_constraint(x == 5)
    gc.collect()
    s.update_variables()
    assert x.value == 5
    # plain values own no handle: a copied expression is an independent value
    e = copy.deepcopy(2 * x + 1)
    assert str(e) == str(2 * x + 1)
    s.close()


@pytest.mark.parametrize("huge", HUGE, ids=["10**400", "-10**400", "Fraction(10**400, 3)"])
def test_numbers_beyond_a_double_name_the_argument(huge):
    with nl.MapView.preset("iphone-portrait") as nav_map:
        v = nav_map.make_view("host")
        nav_map.add_subview(v)
        c = v.width_anchor.constraint(equal_to_constant=10)
        cases = [
            (lambda: nav_map.set_size(huge, 100), "width"),
            (lambda: nav_map.advance_time(huge), "seconds"),
            (lambda: setattr(c, "constant", huge), "constant"),
            (lambda: setattr(c, "priority", huge), "priority"),
            (lambda: v.width_anchor.constraint(equal_to_constant=huge), None),
        ]
        for call, name in cases:
            with pytest.raises(nl.InvalidArgumentError, match="beyond the range of a double") as e:
                call()
            if name is not None:
                assert name in str(e.value)
            assert len(str(e.value)) < 300   # the digits are not printed
        assert c.constant == 10 and nav_map.size == nl.Size(393, 852)


@pytest.mark.parametrize("huge", HUGE, ids=["10**400", "-10**400", "Fraction(10**400, 3)"])
def test_solver_numbers_beyond_a_double_name_the_argument(huge):
    s = nl.Solver()
    x = nl.Variable("x")
    s.add_edit_variable(x, "strong")
    cases = [
        (lambda: nl.Term(x, huge), "a term's coefficient"),
        (lambda: x * huge, "a coefficient"),
        (lambda: huge * x, "a coefficient"),
        (lambda: x / huge, "a divisor"),
        (lambda: x + huge, "a constant"),
        (lambda: nl.Expression([], huge), "an expression's constant"),
        (lambda: s.suggest_value(x, huge), "a suggested value"),
        (lambda: nl.solver.strength(huge), "a strength"),
    ]
    for call, name in cases:
        with pytest.raises(nl.InvalidArgumentError, match="beyond the range of a double") as e:
            call()
        assert name in str(e.value)
    s.close()


def test_busy_error_from_a_second_thread():
    assert nl.BusyError.code == 13 and issubclass(nl.BusyError, nl.NavLayoutError)
    assert type(nl.errors.error_for_status(13, "x")) is nl.BusyError
    assert nl.status_name(13) == "NL_ERR_BUSY"
    seen = {}

    class Probe(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            def other():
                try:
                    nav_map.size
                except nl.BusyError as e:
                    seen["error"] = e
            t = threading.Thread(target=other)
            t.start()
            t.join()
            seen["own thread"] = nav_map.size   # the callback's own thread is not refused

    with nl.MapView.preset("iphone-portrait") as nav_map:
        nav_map.set_layout_delegate(Probe())
        nav_map.navigation_enabled = True
        assert "in use by another thread" in str(seen["error"]) and seen["error"].status == 13
        assert seen["own thread"] == nl.Size(393, 852)
        # afterwards another thread may use it
        out = {}
        t = threading.Thread(target=lambda: out.setdefault("size", nav_map.size))
        t.start()
        t.join()
        assert out["size"] == nl.Size(393, 852)


def _identifiers(views):
    return [v.identifier for v in views]


def test_legacy_calls_that_change_nothing_keep_a_host_view_in_front():
    """Item 4: with the built-in layout, navigation enabled and a host view added last, the default
    padding, the first ``navigation_header_enabled = True`` (the default), the first legacy guide
    and the issue-16 settings at their defaults leave the root's subviews as they were — before
    the fix each rebuilt the built-in layout and moved the host view below the SDK components.
    Under a custom delegate no legacy call touches the delegate's subviews."""
    from navlayout.demo import SampleLayoutDelegate

    with nl.MapView.preset("iphone-portrait") as nav_map:
        nav_map.navigation_enabled = True
        nav_map.start_guidance()
        host = nav_map.make_view("host")
        nav_map.add_subview(host)
        before = _identifiers(nav_map.subviews)
        assert before[-1] == "host"
        nav_map.padding = nl.Insets(0, 0, 0, 0)
        assert _identifiers(nav_map.subviews) == before
        nav_map.navigation_header_enabled = True
        assert _identifiers(nav_map.subviews) == before
        nav_map.legacy_guide(nl.LegacyGuide.NAVIGATION_HEADER)
        nav_map.padding_adjustment_behavior = nl.PaddingAdjustmentBehavior.ALWAYS
        assert _identifiers(nav_map.subviews) == before

    with nl.MapView.preset("iphone-portrait") as nav_map:
        nav_map.set_layout_delegate(SampleLayoutDelegate())
        nav_map.navigation_enabled = True
        nav_map.start_guidance()
        host = nav_map.make_view("host")
        nav_map.add_subview(host)
        before = _identifiers(nav_map.subviews)
        frames = [v.frame for v in nav_map.subviews]
        nav_map.padding = nl.Insets(5, 5, 5, 5)
        nav_map.navigation_header_enabled = False
        for kind in nl.LegacyGuide:
            nav_map.legacy_guide(kind)
        assert _identifiers(nav_map.subviews) == before
        assert [v.frame for v in nav_map.subviews] == frames


def test_a_long_input_is_cut_in_the_message():
    """Minor item: a 1 MB preset name is refused with a message that shows its first 100
    characters and says how many more there were (the library's cut, Tests/c/test_messages.c),
    not the whole megabyte."""
    name = "x" * (1 << 20)
    with pytest.raises(nl.InvalidArgumentError) as info:
        nl.MapView.preset(name)
    message = str(info.value)
    assert len(message) < 1000
    assert '"' + "x" * 100 in message and "x" * 101 not in message
    assert f"{(1 << 20) - 100} more characters)" in message


def test_close_from_a_second_thread_during_a_callback_changes_nothing():
    """``close()`` from another thread while one of the map view's callbacks runs is refused with
    BusyError, and nothing changes: the map view goes on calling its delegate. Until 2026-12-02
    the refused close still marked the wrapper closed and dropped the delegate's ctypes
    callbacks, so the same event's next callback (stop_guidance, after hide_prompt) called a
    freed thunk and the process crashed (a new user's report)."""
    seen = []

    class Closer(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            nav_map.add_subview(new_state.viewport)
            nav_map.add_subview(new_state.google_logo)

        def hide_prompt(self, nav_map, prompt):
            def other():
                try:
                    nav_map.close()
                    seen.append("closed")
                except nl.BusyError as e:
                    seen.append(e.status)
            t = threading.Thread(target=other)
            t.start()
            t.join()
            seen.append(nav_map.closed)

        def stop_guidance(self, nav_map, new_state, old_state):
            seen.append("stop_guidance")

    m = nl.MapView.preset("iphone-portrait")
    m.set_layout_delegate(Closer())
    gc.collect()   # the delegate is kept by the map view alone
    m.navigation_enabled = True
    m.start_guidance()
    m.trigger_prompt(nl.PromptKind.INCIDENT)
    m.navigation_enabled = False   # hide_prompt, then stop_guidance, then disable_navigation_ui
    assert seen == [13, False, "stop_guidance"]
    assert not m.closed
    m.navigation_enabled = True    # still usable, delegate included
    m.close()
    assert m.closed


def test_a_solver_close_refused_as_busy_keeps_the_solver(monkeypatch):
    """``Solver.close()`` raises BusyError when ``nl_solver_destroy`` is refused because another
    thread is inside a call on the solver, and the solver stays usable (until 2026-12-02 the
    status was ignored: the wrapper forgot its handle and the C solver leaked). The refusal is
    simulated (a second thread inside a call is a race); the status is the C layer's
    NL_ERR_BUSY (13)."""
    from navlayout.solver import Solver, Variable
    from navlayout.solver import _capi

    s = Solver()
    x = Variable("x")
    s.add_constraint(x == 7)
    lib = _capi._lib()
    real = lib.nl_solver_destroy
    monkeypatch.setattr(lib, "nl_solver_destroy", lambda h: 13)
    with pytest.raises(nl.BusyError):
        s.close()
    monkeypatch.setattr(lib, "nl_solver_destroy", real)
    s.update_variables()
    assert x.value == 7            # the solver and its constraint are still there
    s.close()
    s.close()                      # idempotent


def test_another_map_views_items_are_refused_not_busy_while_it_is_in_use():
    """A constraint between two map views, made while a callback of one of them is running on
    another thread, is refused as what it is (InvalidArgumentError, "another map view") and
    never BusyError: neither the anchor of the busy map view's view nor a constraint list
    whose first entry is the busy map view's enters that map view (a new user's trial:
    BusyError 33,660 times in 34,015 tries)."""
    seen = {}
    with nl.MapView.preset("iphone-portrait") as busy, nl.MapView.preset("iphone-portrait") as mine:
        their_view = busy.make_view("theirs")
        busy.add_subview(their_view)
        their_constraint = their_view.width_anchor.constraint(equal_to_constant=10)
        my_view = mine.make_view("mine")
        mine.add_subview(my_view)
        my_constraint = my_view.width_anchor.constraint(equal_to_constant=20)

        class Blocking(nl.LayoutDelegate):
            def enable_navigation_ui(self, nav_map, new_state):
                def other():
                    for name, attempt in [
                        ("anchor", lambda: my_view.top_anchor.constraint(equal_to=their_view.top_anchor)),
                        ("activate", lambda: nl.activate([their_constraint, my_constraint])),
                        ("deactivate", lambda: nl.deactivate([their_constraint, my_constraint])),
                        # a constraint on the busy map view itself: BusyError, with the message
                        # of nl_constraint_create (describing the anchor for it must not call the
                        # library, whose own BUSY error replaced it: "view: …")
                        ("theirs", lambda: their_view.top_anchor.constraint(equal_to=my_view.top_anchor)),
                    ]:
                        try:
                            attempt()
                            seen[name] = "accepted"
                        except nl.NavLayoutError as e:
                            seen[name] = e
                t = threading.Thread(target=other)
                t.start()
                t.join()

        busy.set_layout_delegate(Blocking())
        busy.navigation_enabled = True
        for name in ("anchor", "activate", "deactivate"):
            assert type(seen[name]) is nl.InvalidArgumentError, (name, seen[name])
        assert "belongs to another map view" in str(seen["anchor"])
        assert "belong to different map views" in str(seen["activate"])
        assert type(seen["theirs"]) is nl.BusyError and str(seen["theirs"]).startswith("map: "), seen["theirs"]
        assert not my_constraint.active and not their_constraint.active

