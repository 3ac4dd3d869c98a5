"""The map view: :class:`MapView`, the root view of a hierarchy and the navigation state machine.
This module holds its creation, layout delegate, geometry, factories, animation and time, and
results (camera, diagnostics, snapshots); the navigation events and settings live in
:mod:`navlayout.navigation`, the built-in layout's settings in :mod:`navlayout.built_in_layout`,
and the handle, lifetime and event plumbing in :mod:`navlayout._map_view_base`."""

from __future__ import annotations

import ctypes
from ctypes import byref, c_bool, c_int32
from typing import Any, Callable, List, Optional, Sequence

from . import _ffi
from ._ffi import check, encode, fail, load, take_string
from ._args import _enum, _flag, _insets, _number
from .animation import _animate
from .built_in_layout import _BuiltInLayoutSettings
from .delegate import LayoutDelegate, _set_layout_delegate
from .errors import InvalidArgumentError, NavLayoutError
from .guides import LayoutGuide
from .navigation import _NavigationEvents
from .results import Camera, Diagnostic, _read_camera, _read_diagnostics
from .values import (
    Curve,
    Insets,
    LayoutDirection,
    Size,
    StackAlignment,
    StackPosition,
)
from .views import HidingStack, View

__all__ = ["MapView"]


class MapView(_NavigationEvents, _BuiltInLayoutSettings):
    """The map view: the root :class:`View` of a hierarchy and the navigation state machine.

    ``MapView(width, height, safe_area=Insets(top, left, bottom, right), car_play=False,
    layout_direction=LayoutDirection.LEFT_TO_RIGHT, shuffle_buttons=False)`` — sizes in points.
    ``shuffle_buttons`` is a test option: buttons come shuffled with an unknown one added.

    The map view owns every view, guide and constraint made from it. Call :meth:`close` (or use
    it as a context manager) to free it; afterwards every wrapper of it raises
    InvalidHandleError. Use one map view from one thread at a time.

    Raises:
        InvalidArgumentError: NaN/inf/negative sizes, bad layout direction.
        LimitExceededError: the process-wide handle table is full
            (:data:`navlayout.MAX_LIVE_HANDLES` live handles). Any call that hands out a new
            wrapper (views, guides, constraints, component getters, events that run delegate
            callbacks) can raise it then; close map views and solvers you no longer need.
    """

    _kind = "view"

    def __init__(
        self,
        width: float,
        height: float,
        safe_area: Insets = Insets(),
        *,
        car_play: bool = False,
        layout_direction: LayoutDirection = LayoutDirection.LEFT_TO_RIGHT,
        shuffle_buttons: bool = False,
    ) -> None:
        lib = load()
        opts = _ffi.nl_map_options()
        opts.struct_size = ctypes.sizeof(_ffi.nl_map_options)
        opts.width = _number(width, "width")
        opts.height = _number(height, "height")
        opts.safe_area = _insets(safe_area, "safe_area")
        opts.car_play = _flag(car_play, "car_play")
        opts.layout_direction = _enum(layout_direction, "layout_direction", LayoutDirection)
        opts.shuffle_buttons = _flag(shuffle_buttons, "shuffle_buttons")
        self._closed = True  # until fully set up (so __del__/close are safe)
        maph = lib.nl_map_view_create(byref(opts))
        if not maph:
            fail("MapView()")
        self._setup(maph, car_play=bool(car_play),
                    layout_direction=LayoutDirection(opts.layout_direction))

    @classmethod
    def preset(cls, name: str) -> "MapView":
        """A map view for a device preset of docs/behaviour.md#device-presets: ``"iphone-portrait"``,
        ``"iphone-landscape"``, ``"iphone-se"``, ``"ipad-portrait"``, ``"ipad-split"``,
        ``"carplay"`` (a CarPlay screen). Raises InvalidArgumentError for unknown names and
        LimitExceededError when the handle table is full."""
        lib = load()
        maph = lib.nl_map_view_create_preset(encode(name))
        if not maph:
            fail(f"MapView.preset({name!r})")
        obj = cls.__new__(cls)
        obj._closed = True
        obj._setup(maph, car_play=(name == "carplay"), layout_direction=LayoutDirection.LEFT_TO_RIGHT)
        return obj

    def __repr__(self) -> str:
        if self._closed:
            return "<MapView (closed)>"
        try:
            s = self.size
        except NavLayoutError:
            return "<MapView (invalid)>"
        return f"<MapView {s.width:g}x{s.height:g}>"

    # -- layout delegate -------------------------------------------------------------------------

    def set_layout_delegate(self, delegate: Optional[LayoutDelegate]) -> None:
        """Sets the custom layout delegate, or ``None`` for the built-in layout (docs/behaviour.md#built-in-layout).

        ``delegate`` must be an instance of a :class:`LayoutDelegate` subclass. Only the methods
        its class overrides are registered with the library. The map view keeps exactly this
        delegate alive (a strong reference) until it is replaced, reset to ``None`` or the map
        view is closed; the previous delegate and its ctypes callbacks are released as soon as the
        library lets go of them.

        Raises:
            TypeError: ``delegate`` is not a LayoutDelegate instance (a number, ``object()``, the
                class itself…), a delegate method name is bound to something not callable, an
                overridden method cannot take its arguments, or the class defines a delegate
                method under its iOS name (``enableNavigationUI``, ``startGuidance``, …) and not
                under the Python one, which is the only one called — the message names the method
                to rename (nothing changes).
            NavigationEnabledError: navigation is enabled (disable it first).
            CarPlayError: this is a CarPlay map view (which keeps the built-in layout).
            ReentrantError: called from inside a callback.
        """
        _set_layout_delegate(self, delegate)


    @property
    def layout_delegate(self) -> Optional[object]:
        """The custom layout delegate, or ``None`` (built-in layout)."""
        self._maph_checked()
        return self._delegate

    @property
    def car_play(self) -> bool:
        """Whether this map view is for a CarPlay screen (read from the library)."""
        out = c_bool()
        check(load().nl_map_view_car_play(self._maph_checked(), byref(out)))
        return bool(out.value)

    @property
    def layout_direction(self) -> LayoutDirection:
        """The layout direction the map view was created with (read from the library)."""
        out = c_int32()
        check(load().nl_map_view_layout_direction(self._maph_checked(), byref(out)))
        return LayoutDirection(out.value)

    # -- geometry --------------------------------------------------------------------------------

    @property
    def size(self) -> Size:
        """The map view's size in points."""
        out = _ffi.nl_size()
        check(load().nl_map_view_size(self._maph_checked(), byref(out)))
        return Size(out.width, out.height)

    @property
    def safe_area(self) -> Insets:
        """The safe-area insets in points (``left``/``right`` are physical edges)."""
        out = _ffi.nl_insets()
        check(load().nl_map_view_safe_area(self._maph_checked(), byref(out)))
        return Insets(out.top, out.left, out.bottom, out.right)

    def set_size(self, width: float, height: float, safe_area: Optional[Insets] = None) -> None:
        """Resizes the map view (points); ``safe_area=None`` keeps the current insets. Updates
        wide mode and component sizes; calls the delegate's ``size_changed`` while navigation
        is enabled (an exception there is re-raised here, after the resize happened)."""
        w = _number(width, "width")
        h = _number(height, "height")
        insets = _insets(self.safe_area if safe_area is None else safe_area, "safe_area")
        self._event(load().nl_map_view_set_size, w, h, insets)

    def layout_if_needed(self) -> None:
        """Performs a layout pass now if anything changed (layout is otherwise lazy)."""
        check(load().nl_map_view_layout_if_needed(self._maph_checked()))

    # -- factories -----------------------------------------------------------------------------

    def make_view(self, identifier: Optional[str] = None) -> View:
        """Creates a host view owned by this map view (not in the hierarchy yet, no intrinsic
        size). ``identifier`` names it in diagnostics."""
        h = load().nl_view_create(self._maph_checked())
        if not h:
            fail("make_view")
        view = self._wrap_view(h)
        if identifier is not None:
            view.identifier = identifier
        return view

    def make_guide(self, identifier: Optional[str] = None) -> LayoutGuide:
        """Creates a layout guide owned by this map view; attach it with
        :meth:`View.add_layout_guide`."""
        h = load().nl_guide_create(self._maph_checked())
        if not h:
            fail("make_guide")
        guide = self._wrap_guide(h)
        if identifier is not None:
            guide.identifier = identifier
        return guide

    def make_hiding_stack(
        self,
        position: StackPosition = StackPosition.TOP,
        alignment: StackAlignment = StackAlignment.LEADING,
        identifier: Optional[str] = None,
    ) -> HidingStack:
        """Creates a :class:`HidingStack` (spacing 8) owned by this map view."""
        pos = _enum(position, "position", StackPosition)
        ali = _enum(alignment, "alignment", StackAlignment)
        h = load().nl_hiding_stack_create(self._maph_checked(), pos, ali)
        if not h:
            fail("make_hiding_stack")
        stack = self._wrap_view(h, HidingStack)
        assert isinstance(stack, HidingStack)
        if identifier is not None:
            stack.identifier = identifier
        return stack

    # -- animation and time --------------------------------------------------------------------

    def animate(
        self,
        duration: float,
        changes: Optional[Callable[[], Any]],
        completion: Optional[Callable[..., Any]] = None,
        curve: Curve = Curve.EASE_IN_OUT,
    ) -> None:
        """Runs ``changes()`` now inside an animation block of ``duration`` seconds: constraint
        changes made there animate from the presented frames to the new layout.

        ``completion(finished)`` (or ``completion()``) runs during the :meth:`advance_time`
        call that passes the block's end (not at all if the map view is closed first). May be
        called from inside a delegate method. An exception from ``changes`` is re-raised here;
        one from ``completion`` is re-raised from :meth:`advance_time`.
        """
        _animate(self, duration, changes, completion, curve)

    def advance_time(self, seconds: float) -> None:
        """Advances the map view's clock by ``seconds`` (0 <= seconds <= 1e7), running the
        completions of the animations that end; an exception from a completion is re-raised here.
        Raises InvalidArgumentError (nothing changes) for NaN, negative or larger steps, or a step
        that would take the clock past 1e10 s (``nl_map_view_advance_time``)."""
        self._event(load().nl_map_view_advance_time, _number(seconds, "seconds"))

    # -- results ---------------------------------------------------------------------------------

    @property
    def camera(self) -> Camera:
        """The camera framing from the presented viewport (performs a layout pass if needed)."""
        return _read_camera(self)

    @property
    def diagnostics(self) -> List[Diagnostic]:
        """The diagnostics of the current target layout (performs a layout pass)."""
        return _read_diagnostics(self)

    @property
    def accessibility_elements(self) -> List[View]:
        """The order VoiceOver visits the elements in (issue 16 item 8; Swift
        ``accessibilityElements``, C ``nl_map_view_accessibility_element``): the order *in
        effect* — the host's, else the computed one (top to bottom, then leading to trailing,
        mirrored in right-to-left) — holding only elements VoiceOver can reach now (in the
        hierarchy, not hidden, with a frame on the map). A new list each time; performs a layout
        pass.

        Settable with a sequence of views (each read itself if it is an element, else the order
        inside it) or ``None`` for the computed order. TypeError for non-views;
        InvalidArgumentError for a view listed twice, the map view itself or a view of another
        map view (nothing changes then)."""
        lib = load()
        maph = self._maph_checked()
        n = ctypes.c_size_t()
        check(lib.nl_map_view_accessibility_element_count(maph, byref(n)))
        result = []
        for i in range(n.value):
            h = lib.nl_map_view_accessibility_element(maph, i)
            if not h:
                fail(f"accessibility element {i}")
            result.append(self._wrap_view(h))
        return result

    @accessibility_elements.setter
    def accessibility_elements(self, views: Optional[Sequence[View]]) -> None:
        lib = load()
        if views is None:
            check(lib.nl_map_view_set_accessibility_elements(self._maph_checked(), None, 0))
            return
        if isinstance(views, (str, bytes)):
            raise TypeError("accessibility_elements must be a sequence of views or None")
        items = list(views)
        for v in items:
            if not isinstance(v, View):
                raise TypeError(f"accessibility elements must be views, not {type(v).__name__}")
        handles = [v._handle() for v in items]
        check(
            lib.nl_map_view_set_accessibility_elements(
                self._maph_checked(), _ffi.handle_array(handles), len(handles)
            )
        )

    @property
    def has_custom_accessibility_elements(self) -> bool:
        """Whether a host order is set (``nl_map_view_has_custom_accessibility_elements``)."""
        return self._get_flag(load().nl_map_view_has_custom_accessibility_elements)

    def snapshot_json(self) -> str:
        """A JSON snapshot of the hierarchy and frames (if the library provides it)."""
        return self._snapshot("nl_map_view_snapshot_json")

    def snapshot_svg(self, title: Optional[str] = None) -> str:
        """An SVG picture of the layout at the current time (docs/behaviour.md#diagnostics): map and safe area
        outlined, SDK components coloured and labelled, the viewport hatched with the vehicle
        point, host views outlined, diagnostics' items in red with their codes. Deterministic.
        ``title`` (optional) is drawn as a caption above the map (the picture grows by 24 points
        at the top), as :func:`navlayout.gallery` labels its steps."""
        if title is None:
            return self._snapshot("nl_map_view_snapshot_svg")
        text = take_string(load().nl_map_view_snapshot_svg_titled(self._maph_checked(), encode(title)))
        if text is None:
            fail("nl_map_view_snapshot_svg_titled")
        return text

    def _snapshot(self, name: str) -> str:
        if not _ffi.has_symbol(name):
            raise NotImplementedError(f"this libnavlayout has no {name}")
        text = take_string(getattr(load(), name)(self._maph_checked()))
        if text is None:
            fail(name)
        return text

    # -- MapView as a View -----------------------------------------------------------------------

    def destroy(self) -> None:
        """Not available on the map view: use :meth:`close`."""
        raise InvalidArgumentError("the map view's root view cannot be destroyed; use close()")
