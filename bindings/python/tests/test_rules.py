"""Binding rules from the new-user review: delegate lifetime, what set_layout_delegate accepts,
enum/flag/number argument types, navigation enabled twice, and the getters that read the library
(nothing cached in Python)."""

from __future__ import annotations

import fractions
import gc
import weakref

import pytest

import navlayout as nl
from sample_delegate import SampleLayoutDelegate


# -- (a) exactly the current delegate is kept alive ------------------------------------------


def test_replaced_delegates_are_freed(nav_map):
    first = SampleLayoutDelegate()
    first_ref = weakref.ref(first)
    nav_map.set_layout_delegate(first)
    del first
    gc.collect()
    assert first_ref() is not None, "the map view keeps its current delegate alive"
    assert len(nav_map._delegate_records) == 1
    (old_record,) = nav_map._delegate_records.values()
    thunk_ref = weakref.ref(old_record.thunks[0])
    del old_record

    second = SampleLayoutDelegate()
    nav_map.set_layout_delegate(second)  # the library calls release(first)
    gc.collect()
    assert first_ref() is None, "the replaced delegate is freed"
    assert thunk_ref() is None, "and so are its ctypes callbacks"
    assert len(nav_map._delegate_records) == 1
    assert nav_map.layout_delegate is second

    nav_map.navigation_enabled = True  # the current one is called, the map view still works
    nav_map.start_guidance()
    assert second.viewport is not None

    nav_map.navigation_enabled = False
    second_ref = weakref.ref(second)
    del second
    nav_map.set_layout_delegate(None)  # back to the built-in layout: release(second)
    gc.collect()
    assert second_ref() is None
    assert nav_map._delegate_records == {}


def test_many_replacements_do_not_accumulate(nav_map):
    refs = []
    for _ in range(20):
        d = SampleLayoutDelegate()
        refs.append(weakref.ref(d))
        nav_map.set_layout_delegate(d)
    del d
    gc.collect()
    assert [r() is not None for r in refs] == [False] * 19 + [True]
    assert len(nav_map._delegate_records) == 1


def test_refused_delegate_is_not_kept(nav_map):
    nav_map.set_layout_delegate(SampleLayoutDelegate())
    nav_map.navigation_enabled = True
    refused = SampleLayoutDelegate()
    refused_ref = weakref.ref(refused)
    with pytest.raises(nl.NavigationEnabledError):
        nav_map.set_layout_delegate(refused)
    del refused
    gc.collect()
    assert refused_ref() is None
    assert len(nav_map._delegate_records) == 1


def test_close_releases_the_delegate():
    m = nl.MapView.preset("iphone-portrait")
    d = SampleLayoutDelegate()
    ref = weakref.ref(d)
    m.set_layout_delegate(d)
    m.navigation_enabled = True
    del d
    m.close()
    gc.collect()
    assert ref() is None


def test_unclosed_map_view_and_its_delegate_are_collectable():
    """A delegate that holds views of its map view forms a cycle the collector can free."""
    m = nl.MapView.preset("iphone-portrait")
    d = SampleLayoutDelegate()
    m.set_layout_delegate(d)
    m.navigation_enabled = True
    m.start_guidance()
    refs = weakref.ref(m), weakref.ref(d)
    del m, d
    gc.collect()
    assert [r() for r in refs] == [None, None]


# -- (b) what set_layout_delegate accepts ------------------------------------------------------


class _NotCallable(nl.LayoutDelegate):
    enable_navigation_ui = 42


class _WrongArity(nl.LayoutDelegate):
    def start_guidance(self, nav_map, new_state):  # missing old_state
        pass


@pytest.mark.parametrize(
    "bad",
    [5, "sample", object(), nl.LayoutDelegate, SampleLayoutDelegate, _NotCallable(), _WrongArity()],
    ids=["int", "str", "object", "base class", "subclass", "non-callable attribute", "arity"],
)
def test_set_layout_delegate_type_errors(nav_map, bad):
    current = SampleLayoutDelegate()
    nav_map.set_layout_delegate(current)
    with pytest.raises(TypeError):
        nav_map.set_layout_delegate(bad)
    assert nav_map.layout_delegate is current, "nothing changed"
    assert len(nav_map._delegate_records) == 1


def test_instance_attribute_that_is_not_callable(nav_map):
    d = nl.LayoutDelegate()
    d.show_prompt = None
    with pytest.raises(TypeError):
        nav_map.set_layout_delegate(d)


def test_none_is_the_built_in_layout(nav_map):
    nav_map.set_layout_delegate(SampleLayoutDelegate())
    nav_map.set_layout_delegate(None)
    assert nav_map.layout_delegate is None
    nav_map.navigation_enabled = True
    # docs/behaviour.md#built-in-layout: the built-in layout puts the SDK's components in the hierarchy.
    assert {v.role for v in nav_map.subviews} >= {"googleLogo", "viewport"}


def test_base_class_instance_is_a_delegate_that_does_nothing(nav_map):
    nav_map.set_layout_delegate(nl.LayoutDelegate())
    nav_map.navigation_enabled = True
    assert nav_map.subviews == []  # a custom delegate that adds nothing: nothing shows


# -- (c) enums: ValueError (InvalidArgumentError) for values outside the enum, before C -------------


@pytest.mark.parametrize("value", [99, -1, 10, 2**33, -(2**70)])
def test_anchor_out_of_range(nav_map, value):
    with pytest.raises(nl.InvalidArgumentError) as info:
        nav_map.anchor(value)
    assert isinstance(info.value, ValueError)
    assert "AnchorAttribute" in str(info.value)


def test_enum_arguments_are_checked_consistently(nav_map):
    nav_map.set_layout_delegate(SampleLayoutDelegate())
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    view = nav_map.make_view()
    calls = [
        lambda v: nav_map.anchor(v),
        lambda v: view.content_hugging_priority(v),
        lambda v: view.set_compression_resistance_priority(500, v),
        lambda v: nav_map.trigger_prompt(v),
        lambda v: nav_map.set_speed_widget_mode(v),
        lambda v: nav_map.make_hiding_stack(v),
        lambda v: nav_map.make_hiding_stack(nl.StackPosition.TOP, v),
        lambda v: nav_map.animate(0.1, None, curve=v),
        lambda v: nav_map.legacy_guide(v),
        lambda v: nl.MapView(10, 10, layout_direction=v),
    ]
    for call in calls:
        for value in (99, 2**33, -1):
            with pytest.raises(nl.InvalidArgumentError):
                call(value)
        for value in (True, 1.0, "1", None):
            with pytest.raises(TypeError):
                call(value)
    # A member of the wrong enum is a mistake even when its value would fit.
    with pytest.raises(TypeError):
        nav_map.make_hiding_stack(nl.StackAlignment.TRAILING, nl.StackPosition.BOTTOM)
    with pytest.raises(TypeError):
        nav_map.anchor(nl.Axis.VERTICAL)
    # Plain ints with a valid value are fine.
    assert nav_map.anchor(4) == nav_map.top_anchor
    assert nav_map.speed_widget_mode == nl.SpeedWidgetMode.BOTH


def test_corner_masks(nav_map):
    got = {}

    class D(nl.LayoutDelegate):
        def show_prompt(self, nav_map, new_prompt):
            got["p"] = new_prompt

    nav_map.set_layout_delegate(D())
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    nav_map.trigger_prompt(nl.PromptKind.TRAFFIC)
    p = got["p"]
    for bad in (16, -1, 2**33):
        with pytest.raises(nl.InvalidArgumentError):
            p.rounded_corners = bad
    with pytest.raises(TypeError):
        p.rounded_corners = True
    p.rounded_corners = nl.Corner.MIN_X_MAX_Y | nl.Corner.MAX_X_MAX_Y
    assert p.rounded_corners == nl.Corner.BOTTOM
    p.rounded_corners = 0
    assert p.rounded_corners == nl.Corner.NONE


# -- (d) flags are bools; numbers are real numbers but not bools -----------------------------------


def test_flags_take_bools_only(nav_map):
    view = nav_map.make_view()
    c = view.width_anchor.constraint(equal_to_constant=10)
    setters = [
        lambda v: setattr(nav_map, "navigation_enabled", v),
        lambda v: setattr(view, "hidden", v),
        lambda v: setattr(c, "active", v),
        lambda v: setattr(nav_map, "incident_reporting_enabled", v),
        lambda v: setattr(nav_map, "should_display_prompts", v),
        lambda v: setattr(nav_map, "navigation_header_enabled", v),
        lambda v: setattr(nav_map, "compass_button_enabled", v),
        lambda v: nl.MapView(10, 10, car_play=v),
        lambda v: nl.MapView(10, 10, shuffle_buttons=v),
    ]
    for setter in setters:
        for bad in (1, 0, None, "yes", 1.0):
            with pytest.raises(TypeError):
                setter(bad)
    assert nav_map.navigation_enabled is False and view.hidden is False and not c.active


def test_numbers_take_reals_but_not_bools(nav_map):
    view = nav_map.make_view()
    nav_map.add_subview(view)
    for bad in (True, False, "10", None):
        with pytest.raises(TypeError):
            view.width_anchor.constraint(equal_to_constant=bad)
        if bad is not None:  # priority=None means "required" (the default)
            with pytest.raises(TypeError):
                view.width_anchor.constraint(equal_to_constant=10, priority=bad)
        with pytest.raises(TypeError):
            view.top_anchor.constraint(equal_to=nav_map.top_anchor, constant=bad)
        with pytest.raises(TypeError):
            nav_map.advance_time(bad)
        with pytest.raises(TypeError):
            view.set_content_hugging_priority(bad, nl.Axis.HORIZONTAL)
    c = view.width_anchor.constraint(equal_to_constant=fractions.Fraction(21, 2), priority=500)
    assert c.constant == 10.5 and c.priority == 500
    c.constant = 7  # ints are real numbers
    assert c.constant == 7.0


# -- (e) enabling twice is invalidState ----------------------------------------------------------


@pytest.mark.parametrize("custom", [False, True], ids=["built-in", "sample"])
def test_enabling_or_disabling_twice_is_invalid_state(nav_map, custom):
    if custom:
        nav_map.set_layout_delegate(SampleLayoutDelegate())
    with pytest.raises(nl.InvalidStateError):
        nav_map.navigation_enabled = False  # already disabled
    nav_map.navigation_enabled = True
    before = [(v.identifier, v.frame) for v in nav_map.subviews]
    with pytest.raises(nl.InvalidStateError) as info:
        nav_map.navigation_enabled = True
    assert info.value.status == 3
    assert nav_map.navigation_state == nl.UIStateKind.NAVIGATION_READY
    assert [(v.identifier, v.frame) for v in nav_map.subviews] == before, "nothing changed"


# -- getters read the library --------------------------------------------------------------------


def test_getters_read_the_library(nav_map):
    from navlayout import _ffi

    lib = _ffi.load()
    view = nav_map.make_view("v")
    # Changed behind the bindings' back through the C API: the properties see it.
    assert lib.nl_view_set_intrinsic_size(view._h, 30.0, 40.0) == 0
    assert view.intrinsic_content_size == (30, 40)
    assert lib.nl_view_set_hugging_priority(view._h, 1, 300.0) == 0
    assert view.content_hugging_priority(nl.Axis.VERTICAL) == 300
    assert view.content_hugging_priority(nl.Axis.HORIZONTAL) == 250
    assert view.compression_resistance_priority(nl.Axis.HORIZONTAL) == 750
    assert lib.nl_map_view_set_speed_widget_mode(nav_map._maph, 1) == 0
    assert nav_map.speed_widget_mode == nl.SpeedWidgetMode.SPEEDOMETER
    assert lib.nl_map_view_set_incident_reporting_enabled(nav_map._maph, False) == 0
    assert nav_map.incident_reporting_enabled is False
    assert lib.nl_map_view_set_should_display_prompts(nav_map._maph, False) == 0
    assert nav_map.should_display_prompts is False
    c = view.width_anchor.constraint(equal_to_constant=1)
    assert lib.nl_constraint_set_identifier(c._h, b"from C") == 0
    assert c.identifier == "from C"
    stack = nav_map.make_hiding_stack()
    a, b = nav_map.make_view("a"), nav_map.make_view("b")
    assert lib.nl_hiding_stack_set_arranged_subviews(stack._h, _ffi.handle_array([b._h, a._h]), 2) == 0
    assert stack.arranged_subviews == [b, a]
    assert lib.nl_hiding_stack_set_spacing(stack._h, 3.0) == 0
    assert stack.spacing == 3
    view.layout_margins = nl.Insets(1, 2, 3, 4)
    assert view.layout_margins == nl.Insets(1, 2, 3, 4)  # without a layout pass


def test_view_kinds_and_roles(nav_map):
    assert nav_map.view_kind == nl.ViewKind.MAP and nav_map.role == "map"
    host = nav_map.make_view("host")
    assert host.view_kind == nl.ViewKind.PLAIN and host.role == ""
    # The built-in layout's own stack and components, seen for the first time from Python.
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    nav_map.trigger_prompt(nl.PromptKind.INCIDENT)
    by_role = {}
    for v in nav_map.subviews:
        by_role.setdefault(v.role, []).append(v)
    (stack,) = by_role[""]
    assert isinstance(stack, nl.HidingStack) and stack.view_kind == nl.ViewKind.HIDING_STACK
    assert stack.identifier == "buttonStack"
    # Read from the library (nl_hiding_stack_position/alignment), also for a stack Python did
    # not create: the built-in layout packs its buttons bottom-trailing.
    assert stack.position == nl.StackPosition.BOTTOM
    assert stack.alignment == nl.StackAlignment.TRAILING
    assert [v.role for v in stack.arranged_subviews] == ["compass", "reporting"]
    (prompt,) = by_role["prompt"]
    assert isinstance(prompt, nl.PromptView) and prompt.view_kind == nl.ViewKind.PROMPT
    assert prompt.kind == nl.PromptKind.INCIDENT
    for role in ("turnCard", "etaCard", "viewport", "googleLogo", "speedWidget", "tripProgressBar"):
        (v,) = by_role[role]
        assert v.view_kind == nl.ViewKind.COMPONENT and type(v) is nl.View
        assert v.intrinsic_content_size == (nl.NO_INTRINSIC_METRIC, nl.NO_INTRINSIC_METRIC)
    assert by_role["speedWidget"][0].layout_margins == nl.Insets(4, 4, 4, 4)
    assert by_role["viewport"][0].layout_margins == nl.Insets(0, 0, 0, 0)
    host.identifier = "viewport"  # an identifier can lie, the role cannot
    assert host.role == ""
