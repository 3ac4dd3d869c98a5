"""The seed's sample layout delegate and the scripted demo session (``python -m navlayout demo``).

Layout (docs/behaviour.md#the-sample-delegate): the turn card across the top, the ETA card across the bottom, the buttons in a
bottom-packed trailing hiding stack ("buttonStack") between them, the Google logo at the leading
edge and the camera viewport filling the open area. A zero-height "map contents bottom" guide
marks where the open area ends: it would sit at the safe-area bottom (priority 250) but is held
above the ETA card and above any prompt. Prompts slide up from below the map view in 0.4 s
(ease-in-out) and slide back down when dismissed, leaving the hierarchy when that animation ends.

:func:`run_session` drives one navigation session and returns every view's frame after each
step, in the same format as the C example (examples/c) and the Swift CLI ``navlayout demo``.
On the CarPlay preset, whose map view refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate), it warns and runs the
session with the built-in layout, as ``navlayout demo`` does.

``examples/python/sample_delegate.py``, :mod:`navlayout.wide_delegate` and the command line
(:mod:`navlayout.cli`) build on this module.
"""

from __future__ import annotations

import os
import sys
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Union

import navlayout as nl

__all__ = [
    "PROMPT_SLIDE_SECONDS",
    "ROW_FORMAT",
    "STEP_NAMES",
    "SampleLayoutDelegate",
    "buttons_by_type",
    "describe",
    "CARPLAY_WARNING",
    "drive_session",
    "run_script",
    "run_session",
    "set_delegate_or_warn",
]

PROMPT_SLIDE_SECONDS = 0.4


def buttons_by_type(buttons: Sequence[nl.Button]) -> List[nl.View]:
    """The buttons' views for a bottom-packed stack, found by type, never by index (the SDK may
    reorder them or add types): the compass at the bottom, the reporting button above it, then
    buttons of types this delegate does not know, in the order given."""
    rank: Dict[Union[nl.ButtonType, int], int] = {nl.ButtonType.COMPASS: 0, nl.ButtonType.REPORTING: 1}
    ordered = sorted(enumerate(buttons), key=lambda ib: (rank.get(ib[1].type, 2), ib[0]))
    return [b.view for _, b in ordered]


def _discard_prompt(prompt: nl.PromptView, rules: Sequence[nl.Constraint]) -> None:
    """Takes a prompt that is no longer shown out of the map view and destroys it and the
    constraints made for it (issue 17: prompts are new views each time; a long session must not
    keep the old ones)."""
    prompt.remove_from_superview()
    for c in rules:
        c.destroy()
    prompt.destroy()


class _StateLayout:
    """The views one navigation state shows and the constraints that place them.

    ``show()`` puts the views into the map view (in order, the button stack last) and activates
    the constraints; ``hide()`` undoes it. The same object can be shown again later;
    ``discard()`` hides it for good and frees what it made (its stack and constraints).
    """

    def __init__(
        self,
        nav_map: nl.MapView,
        views: Sequence[nl.View],
        buttons: Sequence[nl.View],
        stack: nl.HidingStack,
    ) -> None:
        self.nav_map = nav_map
        self.views = list(views)
        self.buttons = list(buttons)
        self.stack = stack  # the button stack, added after the views
        self.constraints: List[nl.Constraint] = []

    def place(self, *constraints: nl.Constraint) -> None:
        """Adds constraints to activate on ``show()``."""
        self.constraints.extend(constraints)

    def show(self) -> None:
        for view in self.views:
            self.nav_map.add_subview(view)
        self.stack.arranged_subviews = self.buttons
        self.nav_map.add_subview(self.stack)
        nl.activate(self.constraints)

    def hide(self) -> None:
        nl.deactivate(self.constraints)
        self.stack.remove_from_superview()
        self.stack.arranged_subviews = []
        for view in self.views:
            view.remove_from_superview()

    def discard(self) -> None:
        """Hides the layout and destroys its constraints and its button stack: a delegate that
        makes a new layout for every state frees the old one, so that a long session keeps no
        handle it no longer needs (issue 17). The views are the SDK's and stay."""
        self.hide()
        for c in self.constraints:
            c.destroy()
        self.constraints = []
        self.stack.destroy()


class SampleLayoutDelegate(nl.LayoutDelegate):
    """Positions turn card, ETA card, buttons, logo and viewport; slides prompts in and out.

    Portrait-only, like the seed's sample: wide mode, the speed widget and the trip progress bar
    are left out. After a session, ``viewport`` is the viewport view it laid out (or None).
    """

    def __init__(self) -> None:
        self.viewport: Optional[nl.View] = None
        self._content_bottom: Optional[nl.LayoutGuide] = None
        self._content_bottom_rules: List[nl.Constraint] = []
        self._ready_layout: Optional[_StateLayout] = None
        self._guidance_layout: Optional[_StateLayout] = None
        self._shown_prompt: Optional[nl.PromptView] = None
        self._prompt_drop: Optional[nl.Constraint] = None  # prompt.bottom == map.bottom + drop
        self._prompt_rules: List[nl.Constraint] = []  # the shown prompt's three constraints

    # -- helpers -----------------------------------------------------------------------------

    @staticmethod
    def _button_stack(nav_map: nl.MapView) -> nl.HidingStack:
        return nav_map.make_hiding_stack(
            nl.StackPosition.BOTTOM, nl.StackAlignment.TRAILING, identifier="buttonStack"
        )

    @staticmethod
    def _pin_between(
        item: nl.View,
        safe: nl.LayoutGuide,
        top: nl.Anchor,
        bottom: nl.Anchor,
    ) -> Iterable[nl.Constraint]:
        """Spans the safe area's width, from ``top`` down to ``bottom``."""
        yield item.leading_anchor.constraint(equal_to=safe.leading_anchor)
        yield item.trailing_anchor.constraint(equal_to=safe.trailing_anchor)
        yield item.top_anchor.constraint(equal_to=top)
        yield item.bottom_anchor.constraint(equal_to=bottom)

    # -- navigation ready ----------------------------------------------------------------------

    def enable_navigation_ui(self, nav_map: nl.MapView, new_state: nl.NavigationReadyUIState) -> None:
        safe = nav_map.safe_area_layout_guide
        floor = nav_map.make_guide("mapContentsBottom")
        nav_map.add_layout_guide(floor)
        self._content_bottom = floor
        self._content_bottom_rules = [
            floor.height_anchor.constraint(equal_to_constant=0),
            # Where the open map area ends unless something (ETA card, prompt) pushes it up.
            floor.bottom_anchor.constraint(
                equal_to=safe.bottom_anchor, priority=nl.Priority.DEFAULT_LOW
            ),
        ]
        nl.activate(self._content_bottom_rules)

        logo, viewport = new_state.google_logo, new_state.viewport
        self.viewport = viewport
        stack = self._button_stack(nav_map)
        layout = _StateLayout(nav_map, [logo, viewport], buttons_by_type(new_state.buttons), stack)
        layout.place(
            stack.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
            stack.top_anchor.constraint(equal_to=safe.top_anchor),
            stack.bottom_anchor.constraint(equal_to=floor.top_anchor),
            logo.leading_anchor.constraint(equal_to=safe.leading_anchor),
            logo.bottom_anchor.constraint(equal_to=floor.top_anchor),
            *self._pin_between(viewport, safe, safe.top_anchor, floor.top_anchor),
        )
        layout.show()
        self._ready_layout = layout

    def disable_navigation_ui(self, nav_map: nl.MapView, old_state: nl.NavigationReadyUIState) -> None:
        # Everything made for the session is destroyed, not only taken out (issue 17).
        if self._shown_prompt is not None:
            _discard_prompt(self._shown_prompt, self._prompt_rules)
        self._shown_prompt = None
        self._prompt_drop = None
        self._prompt_rules = []
        if self._ready_layout is not None:
            self._ready_layout.discard()
            self._ready_layout = None
        for c in self._content_bottom_rules:
            c.destroy()
        self._content_bottom_rules = []
        if self._content_bottom is not None:
            nav_map.remove_layout_guide(self._content_bottom)
            self._content_bottom.destroy()
            self._content_bottom = None

    # -- active guidance -----------------------------------------------------------------------

    def start_guidance(
        self,
        nav_map: nl.MapView,
        new_state: nl.ActiveGuidanceUIState,
        old_state: nl.NavigationReadyUIState,
    ) -> None:
        if self._ready_layout is not None:
            self._ready_layout.hide()
        self._guidance_layout = self._make_guidance_layout(nav_map, new_state)

    def _make_guidance_layout(
        self, nav_map: nl.MapView, new_state: nl.ActiveGuidanceUIState
    ) -> _StateLayout:
        """Builds and shows the active-guidance layout (subclasses add variants)."""
        safe = nav_map.safe_area_layout_guide
        floor = self._content_bottom
        assert floor is not None, "start_guidance before enable_navigation_ui"
        turn, eta = new_state.turn_card, new_state.eta_card
        logo, viewport = new_state.google_logo, new_state.viewport
        self.viewport = viewport
        stack = self._button_stack(nav_map)
        layout = _StateLayout(nav_map, [turn, eta, viewport, logo], buttons_by_type(new_state.buttons),
                              stack)
        layout.place(
            turn.leading_anchor.constraint(equal_to=safe.leading_anchor),
            turn.top_anchor.constraint(equal_to=nav_map.top_anchor),
            eta.leading_anchor.constraint(equal_to=nav_map.leading_anchor),
            eta.bottom_anchor.constraint(equal_to=nav_map.bottom_anchor),
            floor.bottom_anchor.constraint(less_than_or_equal_to=eta.top_anchor),
            stack.trailing_anchor.constraint(equal_to=safe.trailing_anchor),
            stack.top_anchor.constraint(equal_to=turn.bottom_anchor),
            stack.bottom_anchor.constraint(equal_to=floor.top_anchor),
            logo.leading_anchor.constraint(equal_to=safe.leading_anchor),
            logo.bottom_anchor.constraint(equal_to=floor.top_anchor),
            # The camera frames the open area under the turn card.
            *self._pin_between(viewport, safe, turn.bottom_anchor, floor.top_anchor),
        )
        layout.show()
        return layout

    def stop_guidance(
        self,
        nav_map: nl.MapView,
        new_state: nl.NavigationReadyUIState,
        old_state: nl.ActiveGuidanceUIState,
    ) -> None:
        if self._guidance_layout is not None:
            self._guidance_layout.discard()
            self._guidance_layout = None
        if self._ready_layout is not None:
            self._ready_layout.show()

    # -- prompts -----------------------------------------------------------------------------

    def show_prompt(self, nav_map: nl.MapView, new_prompt: nl.PromptView) -> None:
        floor = self._content_bottom
        assert floor is not None, "show_prompt before enable_navigation_ui"
        height = new_prompt.size.height  # prompts arrive sized: no layout pass needed
        nav_map.add_subview(new_prompt)
        drop = new_prompt.bottom_anchor.constraint(equal_to=nav_map.bottom_anchor, constant=height)
        rules = [
            drop,
            new_prompt.leading_anchor.constraint(
                equal_to=nav_map.safe_area_layout_guide.leading_anchor
            ),
            floor.bottom_anchor.constraint(less_than_or_equal_to=new_prompt.top_anchor),
        ]
        nl.activate(rules)
        self._shown_prompt = new_prompt
        self._prompt_drop = drop
        self._prompt_rules = rules
        # Start just below the map view's bottom edge, then slide up into view.
        nav_map.layout_if_needed()

        def slide_in() -> None:
            drop.constant = 0
            nav_map.layout_if_needed()

        nav_map.animate(PROMPT_SLIDE_SECONDS, slide_in)

    def hide_prompt(self, nav_map: nl.MapView, old_prompt: nl.PromptView) -> None:
        drop = self._prompt_drop
        if drop is None:
            return
        rules = self._prompt_rules
        self._prompt_drop = None
        self._shown_prompt = None
        self._prompt_rules = []
        height = old_prompt.size.height

        def slide_out() -> None:
            drop.constant = height
            nav_map.layout_if_needed()

        # When the slide ends the prompt leaves and is destroyed with its constraints.
        nav_map.animate(
            PROMPT_SLIDE_SECONDS,
            slide_out,
            completion=lambda finished: _discard_prompt(old_prompt, rules),
        )

    def change_prompt(
        self, nav_map: nl.MapView, new_prompt: nl.PromptView, old_prompt: nl.PromptView
    ) -> None:
        # Both slides run at the same time.
        self.hide_prompt(nav_map, old_prompt)
        self.show_prompt(nav_map, new_prompt)


# --------------------------------------------------------------------------------------------
# The scripted session and its table
# --------------------------------------------------------------------------------------------

ROW_FORMAT = "%-20s%9.1f%9.1f%9.1f%9.1f%s"

STEP_NAMES = (
    "navigation ready", "active guidance", "incident prompt 0.0 s", "incident prompt 0.2 s",
    "incident prompt 0.4 s", "prompt dismissed", "guidance stopped", "navigation disabled",
)


def describe(nav_map: nl.MapView) -> List[str]:
    """The table rows for the map view's current presented frames: a depth-first walk of the
    hierarchy, then the camera when the viewport is in it (or ``  (empty)``)."""
    rows: List[str] = []
    viewport_shown = False

    def walk(view: nl.View, depth: int) -> None:
        nonlocal viewport_shown
        for sub in view.subviews:
            f = sub.frame
            rows.append(
                ROW_FORMAT
                % ("  " * depth + sub.identifier, f.x, f.y, f.width, f.height,
                   " hidden" if sub.hidden else "")
            )
            viewport_shown = viewport_shown or sub.role == "viewport"
            walk(sub, depth + 1)

    walk(nav_map, 1)
    if not rows:
        rows.append("  (empty)")
    if viewport_shown:
        cam = nav_map.camera
        p, v = cam.padding, cam.vehicle_point
        rows.append(
            "  camera padding %.1f %.1f %.1f %.1f vehicle %.1f %.1f"
            % (p.top, p.left, p.bottom, p.right, v.x, v.y)
        )
    return rows


def _warn(message: str) -> None:
    print(message, file=sys.stderr)


CARPLAY_WARNING = ("navlayout: {preset} is a CarPlay screen, which refuses layout delegates "
                   "(docs/behaviour.md#setting-the-layout-delegate); running with the built-in layout")


def drive_session(nav_map: nl.MapView, after_step: Callable[[str], None]) -> None:
    """Drives the scripted session on ``nav_map`` (its delegate already set, or none for the
    built-in layout): the events of :data:`STEP_NAMES`, calling ``after_step(name)`` after each.
    Navigation must be disabled at the start; it is disabled again at the end."""

    def dismiss_and_finish_slide() -> None:
        nav_map.dismiss_prompt()
        nav_map.advance_time(0.4)

    events: Sequence[Callable[[], None]] = (
        lambda: setattr(nav_map, "navigation_enabled", True),
        nav_map.start_guidance,
        lambda: nav_map.trigger_prompt(nl.PromptKind.INCIDENT),
        lambda: nav_map.advance_time(0.2),
        lambda: nav_map.advance_time(0.2),
        dismiss_and_finish_slide,
        nav_map.stop_guidance,
        lambda: setattr(nav_map, "navigation_enabled", False),
    )
    for title, event in zip(STEP_NAMES, events):
        event()
        after_step(title)


def set_delegate_or_warn(
    nav_map: nl.MapView, preset: str, delegate: Optional[nl.LayoutDelegate],
    warn: Callable[[str], None],
) -> None:
    """Sets ``delegate`` (``None``: keep the built-in layout). A CarPlay map view refuses layout
    delegates (docs/behaviour.md#navigation-state-machine): then ``warn`` gets the message ``navlayout demo`` prints and the
    built-in layout stays."""
    if delegate is None:
        return
    try:
        nav_map.set_layout_delegate(delegate)
    except nl.CarPlayError:
        warn(CARPLAY_WARNING.format(preset=preset))


def run_session(
    preset: str = "iphone-portrait",
    delegate: Optional[nl.LayoutDelegate] = None,
    warn: Callable[[str], None] = _warn,
) -> List[str]:
    """Drives the scripted session on ``preset`` with ``delegate`` (default: a new
    :class:`SampleLayoutDelegate`) and returns the lines the script prints (without newlines).

    A CarPlay map view refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate): then ``warn`` gets the message
    ``navlayout demo`` prints, and the session runs with the built-in layout."""
    lines: List[str] = []
    delegate = delegate if delegate is not None else SampleLayoutDelegate()
    with nl.MapView.preset(preset) as nav_map:
        set_delegate_or_warn(nav_map, preset, delegate, warn)

        def table(title: str) -> None:
            lines.append(f"== {title} ==")
            lines.extend(describe(nav_map))

        drive_session(nav_map, table)
    return lines


def run_script(argv: Sequence[str], make_delegate: Callable[[], nl.LayoutDelegate]) -> int:
    """The examples' command line: ``[preset]`` (default iphone-portrait); prints the session's
    table on stdout and returns the exit status."""
    prog = os.path.basename(argv[0]) if argv else "example"
    preset = argv[1] if len(argv) > 1 else "iphone-portrait"
    if len(argv) > 2 or preset in ("-h", "--help"):
        print(f"usage: {prog} [preset]", file=sys.stderr)
        return 2
    try:
        lines = run_session(preset, make_delegate())
    except nl.LibraryNotFoundError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return 1
    except nl.NavLayoutError as exc:
        print(f"{prog}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0
