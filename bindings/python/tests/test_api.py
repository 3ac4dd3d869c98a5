"""The Pythonic API: identity of wrappers, properties, constraints, hiding stacks, navigation
state objects, animation, camera, diagnostics."""

from __future__ import annotations

import json

import pytest

import navlayout as nl


def _pin(view, parent, x, y, w, h):
    nl.activate([
        view.left_anchor.constraint(equal_to=parent.left_anchor, constant=x),
        view.top_anchor.constraint(equal_to=parent.top_anchor, constant=y),
        view.width_anchor.constraint(equal_to_constant=w),
        view.height_anchor.constraint(equal_to_constant=h),
    ])


def test_map_view_basics(nav_map):
    assert isinstance(nav_map, nl.View)
    assert nav_map.size == nl.Size(393, 852)
    assert nav_map.safe_area == nl.Insets(59, 0, 34, 0)
    assert nav_map.frame == nl.Rect(0, 0, 393, 852)
    assert nav_map.superview is None and nav_map.subviews == []
    assert nav_map.safe_area_layout_guide.frame == nl.Rect(0, 59, 393, 852 - 59 - 34)
    assert nav_map.navigation_enabled is False
    assert nav_map.diagnostics == []


def test_constructor_options():
    with nl.MapView(400, 300, nl.Insets(10, 20, 30, 40)) as m:
        assert m.size == (400, 300) and m.safe_area == (10, 20, 30, 40)
        m.set_size(500, 200)  # keeps the safe area
        assert m.size == (500, 200) and m.safe_area == (10, 20, 30, 40)
        m.set_size(500, 200, nl.Insets())
        assert m.safe_area == (0, 0, 0, 0)


def test_wrappers_are_cached_per_handle(nav_map):
    a = nav_map.make_view("a")
    nav_map.add_subview(a)
    assert nav_map.subviews[0] is a
    assert a.superview is nav_map
    assert nav_map.safe_area_layout_guide is nav_map.safe_area_layout_guide
    assert a.layout_margins_guide is a.layout_margins_guide
    seen = {a: "a"}
    assert seen[nav_map.subviews[0]] == "a"


def test_state_components_are_the_same_objects_across_callbacks(nav_map):
    states = []

    class Recorder(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            states.append(("enable", new_state))

        def start_guidance(self, nav_map, new_state, old_state):
            states.append(("start", new_state, old_state))

        def stop_guidance(self, nav_map, new_state, old_state):
            states.append(("stop", new_state, old_state))

        def disable_navigation_ui(self, nav_map, old_state):
            states.append(("disable", old_state))

    nav_map.set_layout_delegate(Recorder())
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    nav_map.navigation_enabled = False  # stop guidance, then disable
    assert [s[0] for s in states] == ["enable", "start", "stop", "disable"]

    ready = states[0][1]
    guidance = states[1][1]
    assert isinstance(ready, nl.NavigationReadyUIState)
    assert isinstance(guidance, nl.ActiveGuidanceUIState)
    assert ready.kind == nl.UIStateKind.NAVIGATION_READY
    assert guidance.google_logo is ready.google_logo
    assert guidance.viewport is ready.viewport
    assert states[1][2].viewport is ready.viewport
    assert [b.type for b in ready.buttons] == [nl.ButtonType.COMPASS]
    assert [b.type for b in guidance.buttons] == [nl.ButtonType.COMPASS, nl.ButtonType.REPORTING]
    assert guidance.button(nl.ButtonType.COMPASS) is ready.button(nl.ButtonType.COMPASS)
    assert ready.turn_card is None and ready.eta_card is None
    assert guidance.turn_card.identifier == "turnCard"
    assert guidance.eta_card.identifier == "etaCard"
    assert guidance.trip_progress_bar.identifier == "tripProgressBar"
    assert guidance.speed_widget.identifier == "speedWidget"
    assert guidance.map_size == nl.Size(393, 852)
    assert guidance.wide_mode is False


def test_shuffled_buttons_keep_unknown_types():
    with nl.MapView(393, 852, nl.Insets(59, 0, 34, 0), shuffle_buttons=True) as m:
        got = {}

        class D(nl.LayoutDelegate):
            def start_guidance(self, nav_map, new_state, old_state):
                got["buttons"] = new_state.buttons

        m.set_layout_delegate(D())
        m.navigation_enabled = True
        m.start_guidance()
        types = [b.type for b in got["buttons"]]
        assert nl.ButtonType.COMPASS in types and nl.ButtonType.REPORTING in types
        unknown = [t for t in types if not isinstance(t, nl.ButtonType)]
        assert unknown and all(type(t) is int for t in unknown)


def test_incident_reporting_and_prompts_settings(nav_map):
    got = {}

    class D(nl.LayoutDelegate):
        def start_guidance(self, nav_map, new_state, old_state):
            got["types"] = [b.type for b in new_state.buttons]

        def show_prompt(self, nav_map, new_prompt):
            got.setdefault("prompts", []).append(new_prompt.kind)

    nav_map.set_layout_delegate(D())
    nav_map.incident_reporting_enabled = False
    assert nav_map.incident_reporting_enabled is False
    nav_map.should_display_prompts = False
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    assert got["types"] == [nl.ButtonType.COMPASS]
    nav_map.trigger_prompt(nl.PromptKind.INCIDENT)  # suppressed
    nav_map.trigger_prompt(nl.PromptKind.SPEED_CAMERA)  # speed cameras always show
    assert got["prompts"] == [nl.PromptKind.SPEED_CAMERA]


def test_only_overridden_methods_are_registered(nav_map):
    class OnlyEnable(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            pass

    nav_map.set_layout_delegate(OnlyEnable())
    (record,) = nav_map._delegate_records.values()
    struct, thunks = record.struct, record.thunks
    assert len(thunks) == 1
    assert bool(struct.enable_navigation_ui) and not bool(struct.start_guidance)
    nav_map.navigation_enabled = True
    nav_map.start_guidance()  # nothing registered for it: fine


def test_constraint_properties(nav_map):
    v = nav_map.make_view("v")
    nav_map.add_subview(v)
    c = v.width_anchor.constraint(equal_to_constant=40, identifier="w")
    assert c.identifier == "w"
    assert c.priority == nl.Priority.REQUIRED
    assert c.constant == 40 and c.active is False
    c.priority = nl.Priority.DEFAULT_HIGH
    assert c.priority == 750
    c.active = True
    assert c.active
    c.constant = 55
    assert c.constant == 55
    assert c.first_anchor == v.width_anchor and c.second_anchor is None
    assert c.relation == nl.Relation.EQUAL
    nl.deactivate([c])
    assert not c.active
    assert "w" in repr(c)


def test_frames_multiplier_and_priorities(nav_map):
    a = nav_map.make_view("a")
    b = nav_map.make_view("b")
    nav_map.add_subview(a)
    nav_map.add_subview(b)
    _pin(a, nav_map, 10, 20, 100, 50)
    nl.activate([
        b.leading_anchor.constraint(equal_to=a.trailing_anchor, constant=5),
        b.top_anchor.constraint(equal_to=a.bottom_anchor),
        b.width_anchor.constraint(equal_to=a.width_anchor, multiplier=0.5),
        b.height_anchor.constraint(equal_to_constant=10, priority=251),
        b.height_anchor.constraint(equal_to_constant=30, priority=250),
        b.height_anchor.constraint(greater_than_or_equal_to_constant=5),
    ])
    assert a.frame == nl.Rect(10, 20, 100, 50)
    assert b.frame == nl.Rect(115, 70, 50, 10)  # the 251 wins outright
    assert b.target_frame == b.frame


def test_right_to_left():
    with nl.MapView(400, 300, layout_direction=nl.LayoutDirection.RIGHT_TO_LEFT) as m:
        v = m.make_view()
        m.add_subview(v)
        nl.activate([
            v.leading_anchor.constraint(equal_to=m.leading_anchor),
            v.top_anchor.constraint(equal_to=m.top_anchor),
            v.width_anchor.constraint(equal_to_constant=50),
            v.height_anchor.constraint(equal_to_constant=50),
        ])
        # leading is the right edge in right-to-left layout
        assert v.frame == nl.Rect(400 - 50, 0, 50, 50)


def test_intrinsic_size_and_margins(nav_map):
    v = nav_map.make_view()
    nav_map.add_subview(v)
    v.intrinsic_content_size = nl.Size(80, 20)
    assert v.intrinsic_content_size == (80, 20)
    # At the safe area's top (y 59), clear of the status bar: the margins guide is the frame
    # inset by the margins alone (its safe-area insets are zero; docs/behaviour.md#views-and-layout-guides).
    nl.activate([v.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                 v.top_anchor.constraint(equal_to=nav_map.safe_area_layout_guide.top_anchor)])
    assert v.frame == nl.Rect(0, 59, 80, 20)
    assert v.layout_margins == nl.Insets(8, 8, 8, 8)
    v.layout_margins = nl.Insets(1, 2, 3, 4)
    assert v.layout_margins == nl.Insets(1, 2, 3, 4)
    assert v.layout_margins_guide.frame == nl.Rect(2, 59 + 1, 80 - 6, 20 - 4)
    v.set_content_hugging_priority(nl.Priority.REQUIRED, nl.Axis.HORIZONTAL)
    assert v.content_hugging_priority(nl.Axis.HORIZONTAL) == 1000


def test_hierarchy_edits(nav_map):
    parent = nav_map.make_view("parent")
    child = nav_map.make_view("child")
    nav_map.add_subview(parent)
    parent.add_subview(child)
    assert child.superview is parent and parent.subviews == [child]
    c = child.top_anchor.constraint(equal_to=nav_map.top_anchor)
    c.activate()
    parent.remove_from_superview()  # cuts child off: its constraints are deactivated
    assert not c.active
    assert child.superview is parent and parent.superview is None
    with pytest.raises(nl.InvalidArgumentError):
        child.add_subview(parent)  # cycle
    guide = nav_map.make_guide("g")
    nav_map.add_layout_guide(guide)
    nav_map.remove_layout_guide(guide)
    with pytest.raises(nl.UnknownError):
        nav_map.remove_layout_guide(guide)


def test_hiding_stack(nav_map):
    stack = nav_map.make_hiding_stack(nl.StackPosition.BOTTOM, nl.StackAlignment.TRAILING,
                                      identifier="stack")
    assert stack.spacing == 8 and stack.position == nl.StackPosition.BOTTOM
    views = [nav_map.make_view(f"b{i}") for i in range(3)]
    for i, v in enumerate(views):
        v.intrinsic_content_size = (40 + i, 40)  # widths 40, 41, 42; all 40 high
    stack.arranged_subviews = views
    assert stack.arranged_subviews == views and stack.subviews == views
    nav_map.add_subview(stack)
    height = stack.height_anchor.constraint(equal_to_constant=200)
    nl.activate([
        stack.trailing_anchor.constraint(equal_to=nav_map.trailing_anchor),
        stack.top_anchor.constraint(equal_to=nav_map.top_anchor),
        height,
    ])
    assert stack.frame.width == 42  # the widest arranged view
    # bottom packed: b0 at the bottom, b1 above it, 8 apart
    assert views[0].frame.y == 200 - 40
    assert views[1].frame.y == 200 - 40 - 8 - 40
    assert not any(v.hidden for v in views)
    height.constant = 100  # room for two: the last one hides
    assert [v.hidden for v in views] == [False, False, True]
    height.constant = 200
    assert not views[2].hidden
    stack.spacing = 0
    assert views[1].frame.y == 200 - 80
    with pytest.raises(nl.DuplicateError):
        stack.arranged_subviews = [views[0], views[0]]


def test_prompt_properties(nav_map):
    got = {}

    class D(nl.LayoutDelegate):
        def show_prompt(self, nav_map, new_prompt):
            got["size_before"] = new_prompt.size  # arrives sized
            got["prompt"] = new_prompt
            nav_map.add_subview(new_prompt)
            nl.activate([new_prompt.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                         new_prompt.bottom_anchor.constraint(equal_to=nav_map.bottom_anchor)])

        def change_prompt(self, nav_map, new_prompt, old_prompt):
            got["change"] = (new_prompt, old_prompt)
            old_prompt.remove_from_superview()
            self.show_prompt(nav_map, new_prompt)

        def hide_prompt(self, nav_map, old_prompt):
            got["hidden"] = old_prompt
            old_prompt.remove_from_superview()

    nav_map.set_layout_delegate(D())
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    nav_map.trigger_prompt(nl.PromptKind.BETTER_ROUTE)
    p = got["prompt"]
    assert isinstance(p, nl.PromptView)
    assert got["size_before"] == nl.Size(393, 152)
    assert p.kind == nl.PromptKind.BETTER_ROUTE
    assert p.rounded_corners == nl.Corner.TOP
    p.rounded_corners = nl.Corner.ALL
    assert p.rounded_corners == nl.Corner.ALL
    with pytest.raises(nl.InvalidArgumentError):
        p.rounded_corners = 16
    nav_map.trigger_prompt(nl.PromptKind.SPEED_CAMERA)
    new, old = got["change"]
    assert old is p and new.kind == nl.PromptKind.SPEED_CAMERA
    assert new.frame == nl.Rect(0, 852 - 96, 393, 96)
    nav_map.dismiss_prompt()
    assert got["hidden"] is new


def test_animation_curves_and_completion(nav_map):
    v = nav_map.make_view("v")
    nav_map.add_subview(v)
    left = v.leading_anchor.constraint(equal_to=nav_map.leading_anchor)
    nl.activate([left, v.top_anchor.constraint(equal_to=nav_map.top_anchor),
                 v.width_anchor.constraint(equal_to_constant=10),
                 v.height_anchor.constraint(equal_to_constant=10)])
    assert v.frame.x == 0
    finished = []
    nav_map.animate(1.0, lambda: setattr(left, "constant", 100),
                    completion=finished.append, curve=nl.Curve.LINEAR)
    assert v.frame.x == 0 and v.target_frame.x == 100
    nav_map.advance_time(0.25)
    assert v.frame.x == pytest.approx(25)
    assert finished == []
    nav_map.advance_time(1.0)
    assert v.frame.x == 100 and finished == [True]
    # ease-in-out at half time is half way (symmetric curve); at a quarter, less than linear
    nav_map.animate(1.0, lambda: setattr(left, "constant", 0))
    nav_map.advance_time(0.25)
    assert 100 - v.frame.x < 25
    nav_map.advance_time(0.25)
    assert v.frame.x == pytest.approx(50)


def test_camera_and_diagnostics_objects(nav_map):
    class Careless(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            # the viewport pinned to an empty rectangle; the logo left out
            vp = new_state.viewport
            nav_map.add_subview(vp)
            _pin(vp, nav_map, 0, 0, 0, 0)

    nav_map.set_layout_delegate(Careless())
    nav_map.navigation_enabled = True
    diags = nav_map.diagnostics
    codes = {d.code for d in diags}
    assert nl.DiagnosticCode.EMPTY_VIEWPORT in codes
    assert nl.DiagnosticCode.MISSING_REQUIRED_COMPONENT in codes
    for d in diags:
        assert isinstance(d, nl.Diagnostic) and d.message
        assert isinstance(d.severity, nl.Severity)
        assert all(isinstance(i, nl.LayoutItem) for i in d.items)
    empty = next(d for d in diags if d.code == nl.DiagnosticCode.EMPTY_VIEWPORT)
    assert empty.severity == nl.Severity.ERROR
    assert [i.identifier for i in empty.items] == ["viewport"]
    cam = nav_map.camera
    assert cam.viewport == nl.Rect(0, 0, 0, 0)
    assert cam.padding == nl.Insets(0, 0, 852, 393)


@pytest.mark.filterwarnings("ignore:setting the speed widget mode is deprecated:DeprecationWarning")  # the deprecated setter is what this test drives; test_issue16 checks the warning
def test_speed_widget_pan_recenter(nav_map):
    got = {}

    class D(nl.LayoutDelegate):
        def start_guidance(self, nav_map, new_state, old_state):
            got["state"] = new_state
            for v in (new_state.speed_widget, new_state.google_logo):
                nav_map.add_subview(v)
                nl.activate([v.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
                             v.top_anchor.constraint(equal_to=nav_map.top_anchor)])

    nav_map.set_layout_delegate(D())
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    state = got["state"]
    assert nav_map.speed_widget_mode == nl.SpeedWidgetMode.BOTH  # the library's default
    assert state.speed_widget.frame.size == (64, 136)
    nav_map.set_speed_widget_mode(nl.SpeedWidgetMode.NONE)
    assert nav_map.speed_widget_mode == nl.SpeedWidgetMode.NONE
    assert state.speed_widget.frame.size == (0, 0)
    nav_map.speed_widget_mode = nl.SpeedWidgetMode.SPEEDOMETER
    assert state.speed_widget.frame.size == (64, 64)
    assert state.google_logo.frame.size == (72, 32)
    nav_map.pan()
    assert state.google_logo.frame.size == (136, 48)
    nav_map.recenter()
    assert state.google_logo.frame.size == (72, 32)


def test_size_changed_and_wide_mode(nav_map):
    seen = []

    class D(nl.LayoutDelegate):
        def size_changed(self, nav_map, new_state):
            seen.append((new_state.map_size, new_state.wide_mode))

    nav_map.set_layout_delegate(D())
    nav_map.set_size(852, 393, nl.Insets(0, 59, 21, 59))  # navigation disabled: no callback
    assert seen == []
    nav_map.navigation_enabled = True
    nav_map.set_size(820, 1180, nl.Insets(24, 0, 20, 0))
    assert seen == [(nl.Size(820, 1180), True)]  # 820 >= 600


def test_built_in_layout_and_style():
    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(None)
        m.navigation_enabled = True  # works without a custom delegate
        m.start_guidance()
        m.stop_guidance()
    s = nl.STYLE
    assert s.header_nominal_height == 104 and s.button_horizontal_padding == 16
    assert s.default_corner_radius == 12


def test_snapshots(nav_map):
    from navlayout import _ffi

    if not _ffi.has_symbol("nl_map_view_snapshot_json"):
        pytest.skip("this library has no snapshots")
    v = nav_map.make_view("box")
    nav_map.add_subview(v)
    _pin(v, nav_map, 1, 2, 3, 4)
    json.loads(nav_map.snapshot_json())
    assert "box" in nav_map.snapshot_json()
    assert "<svg" in nav_map.snapshot_svg()


def test_error_names_and_version():
    assert nl.status_name(3) == "NL_ERR_INVALID_STATE"
    assert nl.library_version().count(".") == 2
