"""Views: :class:`View` (a rectangle in the map view's hierarchy: host view, SDK component or the
map view itself), :class:`HidingStack` (the SDK's hiding stack view) and :class:`PromptView` (a
navigation prompt). Identity, flags, intrinsic size and priorities, margins, frames and the
hierarchy (UIKit's ``UIView`` model). Anchors come from :class:`~navlayout.LayoutItem`."""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple, Union
from ctypes import byref, c_bool, c_double, c_float, c_int32, c_size_t, c_uint32, c_uint64

from . import _ffi
from ._ffi import check, encode, fail, load, take_string
from ._args import _corner_mask, _enum, _flag, _index, _insets, _number, _rect, _traits
from .anchors import LayoutItem
from .errors import NavLayoutError
from .guides import LayoutGuide
from .values import (
    AccessibilityTraits,
    Axis,
    Corner,
    Insets,
    PromptKind,
    Rect,
    Size,
    StackAlignment,
    StackPosition,
    ViewKind,
)

__all__ = ["View", "HidingStack", "PromptView"]


def _view_arg(view: object, what: str) -> "View":
    """``view`` if it is a :class:`View`; TypeError otherwise."""
    if not isinstance(view, View):
        raise TypeError(f"{what} expects a View, not {type(view).__name__}")
    return view


class View(LayoutItem):
    """A view: a rectangle in the map view's hierarchy (host view, SDK component, hiding stack,
    prompt, or the map view itself).

    Create host views with :meth:`MapView.make_view`; the map view owns them (they live until
    the map view is closed or :meth:`destroy` is called). Frames are in points in the map view's
    coordinate space.
    """

    _kind = "view"

    def _init_cache(self) -> None:
        self._identifier_cache: Optional[str] = None

    def _describe(self) -> str:
        name = self._identifier_cache
        return f"{type(self).__name__} {name!r}" if name else type(self).__name__

    def __repr__(self) -> str:
        try:
            ident = self.identifier
        except NavLayoutError:
            return f"<{self._describe()} (invalid)>"
        return f"<{type(self).__name__} {ident!r}>"

    def _anchor_struct(self, attribute: int) -> _ffi.nl_anchor:
        a: _ffi.nl_anchor = load().nl_view_anchor(self._handle(), attribute)
        if not a.item:
            fail(f"anchor of {self._describe()}")
        return a

    # -- identity and flags ------------------------------------------------------------------

    @property
    def identifier(self) -> str:
        """The identifier used in diagnostics and error messages. SDK components come with
        their role (``"turnCard"``, ``"viewport"``, …). Settable."""
        text = take_string(load().nl_view_identifier(self._handle()))
        if text is None:
            fail(f"identifier of {self._describe()}")
        self._identifier_cache = text
        return text

    @identifier.setter
    def identifier(self, value: str) -> None:
        check(load().nl_view_set_identifier(self._handle(), encode(value)))
        self._identifier_cache = value

    @property
    def hidden(self) -> bool:
        """Whether the view is hidden (by the host or by a hiding stack). Settable; on a view a
        hiding stack manages, the stack's decision stands (``hiddenInHidingStack`` diagnostic)."""
        out = c_bool()
        check(load().nl_view_is_hidden(self._handle(), byref(out)))
        return bool(out.value)

    @hidden.setter
    def hidden(self, value: bool) -> None:
        check(load().nl_view_set_hidden(self._handle(), _flag(value, "hidden")))

    # -- kind and role ---------------------------------------------------------------------------

    @property
    def opaque(self) -> bool:
        """Whether this host view hides what is under it (default ``True``; Swift's
        ``LayoutView.isOpaque``, C ``nl_view_is_opaque``). An opaque host view over the viewport is
        a ``VIEWPORT_OBSTRUCTED`` diagnostic, one over the logo or a visible button an ``OVERLAP``;
        set ``False`` for see-through views (labels, badges floating over the map). SDK
        components, hiding stacks and the map view never count as opaque host views. Settable
        with a ``bool``."""
        out = c_bool()
        check(load().nl_view_is_opaque(self._handle(), byref(out)))
        return bool(out.value)

    @opaque.setter
    def opaque(self, value: bool) -> None:
        check(load().nl_view_set_opaque(self._handle(), _flag(value, "opaque")))

    # -- accessibility (issue 16 item 8; docs/behaviour.md#accessibility) ------------------------

    @property
    def accessibility_label(self) -> Optional[str]:
        """What VoiceOver reads for the view (Swift ``accessibilityLabel``, C
        ``nl_view_accessibility_label``), ``None`` when it has none. Host views have none until
        set; the SDK's components have their own (``"Compass"``, ``"Next maneuver"``,
        ``"Re-center"`` while the logo is the re-center button, …). Settable with a ``str``;
        ``None`` removes the host's label (a component reads its own again). An empty label
        counts as none for ``MISSING_ACCESSIBILITY_LABEL``."""
        text = take_string(load().nl_view_accessibility_label(self._handle()))
        if text is None:
            fail(f"accessibility label of {self._describe()}")
        return text or None

    @accessibility_label.setter
    def accessibility_label(self, value: Optional[str]) -> None:
        if value is not None and not isinstance(value, str):
            raise TypeError(f"accessibility_label must be a str or None, not {type(value).__name__}")
        check(load().nl_view_set_accessibility_label(self._handle(), encode(value)))

    @property
    def is_accessibility_element(self) -> bool:
        """Whether VoiceOver reads the view as one element and does not look inside it (Swift
        ``isAccessibilityElement``). Default ``False`` for host views, hiding stacks and the map
        view, ``True`` for the SDK's components except the viewport. Settable with a ``bool``."""
        out = c_bool()
        check(load().nl_view_is_accessibility_element(self._handle(), byref(out)))
        return bool(out.value)

    @is_accessibility_element.setter
    def is_accessibility_element(self, value: bool) -> None:
        check(load().nl_view_set_accessibility_element(self._handle(), _flag(value, "is_accessibility_element")))

    @property
    def accessibility_traits(self) -> AccessibilityTraits:
        """The view's :class:`AccessibilityTraits` (default ``NONE`` for host views; the SDK's
        components have their own, e.g. ``BUTTON`` for the compass). Settable with a
        combination of the flags: InvalidArgumentError for other bits, TypeError for
        non-integers."""
        out = c_uint64()
        check(load().nl_view_accessibility_traits(self._handle(), byref(out)))
        return AccessibilityTraits(out.value)

    @accessibility_traits.setter
    def accessibility_traits(self, value: AccessibilityTraits) -> None:
        t = _traits(value, "accessibility_traits")
        check(load().nl_view_set_accessibility_traits(self._handle(), int(t)))

    @property
    def view_kind(self) -> ViewKind:
        """What this view is (:class:`ViewKind`): a host view, the map view, a hiding stack, a
        prompt or another SDK component. Read from the library (``nl_view_kind_of``). (Not
        ``kind``: :attr:`PromptView.kind` is the prompt's :class:`PromptKind`.)"""
        out = c_int32()
        check(load().nl_view_kind_of(self._handle(), byref(out)))
        return ViewKind(out.value)

    @property
    def role(self) -> str:
        """The SDK role, which a host cannot change (unlike :attr:`identifier`): ``"map"`` for
        the map view, ``"googleLogo"``, ``"viewport"``, ``"compass"``, ``"reporting"``,
        ``"unknownButton"``, ``"turnCard"``, ``"etaCard"``, ``"tripProgressBar"``,
        ``"speedWidget"``, ``"prompt"`` for the SDK's components, ``""`` for host views and
        hiding stacks."""
        text = take_string(load().nl_view_role(self._handle()))
        if text is None:
            fail(f"role of {self._describe()}")
        return text

    # -- intrinsic size, hugging, compression resistance, margins ----------------------------

    @property
    def intrinsic_content_size(self) -> Size:
        """The intrinsic content size in points; ``NO_INTRINSIC_METRIC`` (-1) on an axis without
        one (the default for host views). SDK components report ``Size(-1, -1)`` too: their sizes
        are required constraints the engine owns (read them from :attr:`frame`).

        Settable with a ``Size`` or ``(width, height)`` of real numbers >= 0 or -1
        (InvalidArgumentError for other negative values, NaN and infinities). For an axis
        with intrinsic size ``s``, ``size >= s`` holds at the compression-resistance priority and
        ``size <= s`` at the hugging priority (docs/behaviour.md#intrinsic-content-size).
        """
        out = _ffi.nl_size()
        check(load().nl_view_intrinsic_size(self._handle(), byref(out)))
        return Size(out.width, out.height)

    @intrinsic_content_size.setter
    def intrinsic_content_size(self, value: Union[Size, Tuple[float, float]]) -> None:
        if not isinstance(value, (tuple, list)) or len(value) != 2:
            raise TypeError("intrinsic_content_size must be Size(width, height)")
        w = _number(value[0], "width")
        h = _number(value[1], "height")
        check(load().nl_view_set_intrinsic_size(self._handle(), w, h))

    def content_hugging_priority(self, axis: Axis) -> float:
        """The content-hugging priority (1…1000, default 250) for ``axis``."""
        a = _enum(axis, "axis", Axis)
        out = c_float()
        check(load().nl_view_hugging_priority(self._handle(), a, byref(out)))
        return float(out.value)

    def set_content_hugging_priority(self, priority: float, axis: Axis) -> None:
        """Sets the content-hugging priority (a real number in 1…1000, InvalidArgumentError
        outside) for ``axis``."""
        p = _number(priority, "priority")
        a = _enum(axis, "axis", Axis)
        check(load().nl_view_set_hugging_priority(self._handle(), a, p))

    def compression_resistance_priority(self, axis: Axis) -> float:
        """The compression-resistance priority (1…1000, default 750) for ``axis``."""
        a = _enum(axis, "axis", Axis)
        out = c_float()
        check(load().nl_view_compression_priority(self._handle(), a, byref(out)))
        return float(out.value)

    def set_compression_resistance_priority(self, priority: float, axis: Axis) -> None:
        """Sets the compression-resistance priority (a real number in 1…1000) for ``axis``."""
        p = _number(priority, "priority")
        a = _enum(axis, "axis", Axis)
        check(load().nl_view_set_compression_priority(self._handle(), a, p))

    @property
    def layout_margins(self) -> Insets:
        """Layout margins in points, ``Insets(top, left, bottom, right)``: default 8 on each edge;
        the SDK's components have their own (docs/behaviour.md#component-sizes: logo, buttons, cards, prompts 8, speed
        widget 4, viewport and trip progress bar 0). :attr:`layout_margins_guide` is the safe
        area inset by them (see :attr:`insets_layout_margins_from_safe_area`). Settable (finite
        real numbers)."""
        out = _ffi.nl_insets()
        check(load().nl_view_layout_margins(self._handle(), byref(out)))
        return Insets(out.top, out.left, out.bottom, out.right)

    @layout_margins.setter
    def layout_margins(self, value: Insets) -> None:
        check(load().nl_view_set_layout_margins(self._handle(), _insets(value, "layout_margins")))

    @property
    def insets_layout_margins_from_safe_area(self) -> bool:
        """Whether the layout margins are measured from the view's safe area (UIKit's
        ``insetsLayoutMarginsFromSafeArea``, Swift ``LayoutView.insetsLayoutMarginsFromSafeArea``,
        C ``nl_view_insets_layout_margins_from_safe_area``; default ``True``): then
        :attr:`layout_margins_guide` is the frame inset by :attr:`safe_area_insets` plus
        :attr:`layout_margins` on each edge, so content aligned to a card that reaches under the
        status bar or the home indicator stays inside the safe area. ``False``: the frame inset
        by the margins alone. Settable with a ``bool``."""
        out = c_bool()
        check(load().nl_view_insets_layout_margins_from_safe_area(self._handle(), byref(out)))
        return bool(out.value)

    @insets_layout_margins_from_safe_area.setter
    def insets_layout_margins_from_safe_area(self, value: bool) -> None:
        check(load().nl_view_set_insets_layout_margins_from_safe_area(
            self._handle(), _flag(value, "insets_layout_margins_from_safe_area")))

    @property
    def safe_area_insets(self) -> Insets:
        """The part of the view the map's unsafe edges (status bar, home indicator) cover, as
        ``Insets(top, left, bottom, right)`` in points from its frame (UIKit's ``safeAreaInsets``;
        C ``nl_view_safe_area_insets``). The map view's are the insets the host set; another
        view's are, per edge, how deep its target frame reaches into the map's unsafe band there,
        at most the band and at most the view's size (docs/behaviour.md#views-and-layout-guides);
        zero outside the hierarchy. :attr:`safe_area_layout_guide` is the frame inset by them.
        Performs a pending layout pass. Read-only."""
        out = _ffi.nl_insets()
        check(load().nl_view_safe_area_insets(self._handle(), byref(out)))
        return Insets(out.top, out.left, out.bottom, out.right)

    # -- frames --------------------------------------------------------------------------------

    @property
    def frame(self) -> Rect:
        """The presented frame (points, map view space) at the map view's current time:
        interpolated while an animation runs. Performs a layout pass if needed."""
        out = _ffi.nl_rect()
        check(load().nl_view_frame(self._handle(), byref(out)))
        return _rect(out)

    @property
    def target_frame(self) -> Rect:
        """The frame running animations move towards (the solver's answer)."""
        out = _ffi.nl_rect()
        check(load().nl_view_target_frame(self._handle(), byref(out)))
        return _rect(out)

    # -- hierarchy -----------------------------------------------------------------------------

    @property
    def superview(self) -> Optional["View"]:
        """The superview, or ``None`` when the view is not in a hierarchy."""
        h = load().nl_view_superview(self._handle())
        return self._map._wrap_view(h) if h else None

    @property
    def subviews(self) -> List["View"]:
        """The subviews in z-order, back to front (a new list each time)."""
        lib = load()
        h = self._handle()
        n = c_size_t()
        check(lib.nl_view_subview_count(h, byref(n)))
        result = []
        for i in range(n.value):
            sh = lib.nl_view_subview(h, i)
            if not sh:
                fail(f"subview {i} of {self._describe()}")
            result.append(self._map._wrap_view(sh))
        return result

    def add_subview(self, view: "View") -> None:
        """Adds ``view`` as the last (front-most) subview, moving it from its old superview (a
        current subview moves to the front and keeps its constraints).

        Raises InvalidArgumentError for cycles, the root, views of another map view, or when this
        view is an SDK component or prompt (its internal view structure is the SDK's, issue 16)."""
        check(load().nl_view_add_subview(self._handle(), _view_arg(view, "add_subview")._handle()))

    # Layers on screen (issue 16): the order of ``subviews`` is the z-order — index 0 is drawn
    # first (bottom-most), the last subview on top. UIKit's insertSubview(_:at:),
    # insertSubview(_:aboveSubview:), insertSubview(_:belowSubview:), bringSubviewToFront(_:),
    # sendSubviewToBack(_:) and exchangeSubview(at:withSubviewAt:). A view that already is a
    # subview of this one only moves in the order and keeps its constraints, as in UIKit; a view
    # from another superview is moved as add_subview moves it. Each raises TypeError for a
    # non-View or non-int argument and InvalidArgumentError for what add_subview refuses and for
    # the index or sibling errors given; nothing changes then.

    def insert_subview(self, view: "View", *, at: int) -> None:
        """Inserts ``view`` at index ``at`` of :attr:`subviews` (0 = bottom-most,
        ``len(subviews)`` = front-most); a current subview ends at ``at`` (or last).

        Raises InvalidArgumentError when ``at`` is negative or above ``len(subviews)``."""
        v = _view_arg(view, "insert_subview")
        check(load().nl_view_insert_subview_at(self._handle(), v._handle(), _index(at, "at")))

    def insert_subview_above(self, view: "View", sibling: "View") -> None:
        """Inserts ``view`` directly above ``sibling`` (above itself: no change).

        Raises InvalidArgumentError when ``sibling`` is not a subview of this view."""
        v = _view_arg(view, "insert_subview_above")
        s = _view_arg(sibling, "insert_subview_above")
        check(load().nl_view_insert_subview_above(self._handle(), v._handle(), s._handle()))

    def insert_subview_below(self, view: "View", sibling: "View") -> None:
        """Inserts ``view`` directly below ``sibling`` (below itself: no change).

        Raises InvalidArgumentError when ``sibling`` is not a subview of this view."""
        v = _view_arg(view, "insert_subview_below")
        s = _view_arg(sibling, "insert_subview_below")
        check(load().nl_view_insert_subview_below(self._handle(), v._handle(), s._handle()))

    def bring_subview_to_front(self, view: "View") -> None:
        """Moves the subview ``view`` to the front (last in :attr:`subviews`).

        Raises InvalidArgumentError when ``view`` is not a subview of this view."""
        v = _view_arg(view, "bring_subview_to_front")
        check(load().nl_view_bring_subview_to_front(self._handle(), v._handle()))

    def send_subview_to_back(self, view: "View") -> None:
        """Moves the subview ``view`` to the back (first in :attr:`subviews`).

        Raises InvalidArgumentError when ``view`` is not a subview of this view."""
        v = _view_arg(view, "send_subview_to_back")
        check(load().nl_view_send_subview_to_back(self._handle(), v._handle()))

    def exchange_subviews(self, i: int, j: int) -> None:
        """Swaps the subviews at indices ``i`` and ``j`` (equal indices: no change).

        Raises InvalidArgumentError unless both are in ``range(len(subviews))``."""
        check(load().nl_view_exchange_subviews(self._handle(), _index(i, "i"), _index(j, "j")))

    def remove_from_superview(self) -> None:
        """Removes the view from its superview, deactivating every constraint that references
        it or its descendants. No-op when it has no superview."""
        check(load().nl_view_remove_from_superview(self._handle()))

    def add_layout_guide(self, guide: "LayoutGuide") -> None:
        """Makes this view the owner of ``guide``."""
        if not isinstance(guide, LayoutGuide):
            raise TypeError(f"add_layout_guide expects a LayoutGuide, not {type(guide).__name__}")
        check(load().nl_view_add_layout_guide(self._handle(), guide._handle()))

    def remove_layout_guide(self, guide: "LayoutGuide") -> None:
        """Removes ``guide`` from this view, deactivating its constraints.

        Raises UnknownError if this view does not own the guide."""
        if not isinstance(guide, LayoutGuide):
            raise TypeError(
                f"remove_layout_guide expects a LayoutGuide, not {type(guide).__name__}"
            )
        check(load().nl_view_remove_layout_guide(self._handle(), guide._handle()))

    @property
    def safe_area_layout_guide(self) -> "LayoutGuide":
        """The view's safe-area guide: its frame inset by :attr:`safe_area_insets` (for the map
        view: the host-set safe area)."""
        h = load().nl_view_safe_area_guide(self._handle())
        if not h:
            fail(f"safe area guide of {self._describe()}")
        return self._map._wrap_guide(h)

    @property
    def layout_margins_guide(self) -> "LayoutGuide":
        """The view's layout-margins guide: its safe area inset by :attr:`layout_margins` (its
        frame inset by them when :attr:`insets_layout_margins_from_safe_area` is ``False``)."""
        h = load().nl_view_margins_guide(self._handle())
        if not h:
            fail(f"layout margins guide of {self._describe()}")
        return self._map._wrap_guide(h)

    def layout_if_needed(self) -> None:
        """Performs the map view's layout pass now if anything changed."""
        self._handle()
        self._map.layout_if_needed()

    def destroy(self) -> None:
        """Removes the view (see :meth:`remove_from_superview`) and frees its handle early.

        Only host views, hiding stacks and prompts no longer shown can be destroyed
        (InvalidArgumentError otherwise). Afterwards this wrapper raises InvalidHandleError."""
        h = self._handle()
        check(load().nl_view_destroy(h))
        self._map._forget("view", h)
        self._h = None


class HidingStack(View):
    """The SDK's hiding stack view: arranges its ``arranged_subviews`` vertically from its top,
    centre or bottom (bottom: the first one is the bottom one), ``spacing`` points apart, at its
    leading or trailing edge, and hides views from the end of the list when it is too short.

    Create with :meth:`MapView.make_hiding_stack`."""

    @property
    def position(self) -> StackPosition:
        """Where the arranged views are packed, as created (read from the library, so also for
        stacks the bindings did not create, e.g. the built-in layout's)."""
        out = c_int32()
        check(load().nl_hiding_stack_position(self._handle(), byref(out)))
        return StackPosition(out.value)

    @property
    def alignment(self) -> StackAlignment:
        """Which edge the arranged views sit at, as created (read from the library)."""
        out = c_int32()
        check(load().nl_hiding_stack_alignment(self._handle(), byref(out)))
        return StackAlignment(out.value)

    @property
    def arranged_subviews(self) -> List[View]:
        """The arranged views, in the order set (for a bottom-packed stack the first is the bottom
        one), hidden ones included; read from the library. They are also the stack's subviews.

        Settable with any sequence of views: replaces the arranged views. Raises
        DuplicateError if a view appears twice, InvalidArgumentError for the stack itself or views
        of another map view, TypeError for non-views."""
        lib = load()
        h = self._handle()
        n = c_size_t()
        check(lib.nl_hiding_stack_arranged_subview_count(h, byref(n)))
        result = []
        for i in range(n.value):
            vh = lib.nl_hiding_stack_arranged_subview(h, i)
            if not vh:
                fail(f"arranged subview {i} of {self._describe()}")
            result.append(self._map._wrap_view(vh))
        return result

    @arranged_subviews.setter
    def arranged_subviews(self, views: Sequence[View]) -> None:
        views = list(views)
        for v in views:
            if not isinstance(v, View):
                raise TypeError(f"arranged subviews must be views, not {type(v).__name__}")
        handles = [v._handle() for v in views]
        check(
            load().nl_hiding_stack_set_arranged_subviews(
                self._handle(), _ffi.handle_array(handles), len(handles)
            )
        )

    @property
    def spacing(self) -> float:
        """Vertical spacing between arranged views in points (default 8); read from the library.
        Settable with a finite real number >= 0 (InvalidArgumentError otherwise)."""
        out = c_double()
        check(load().nl_hiding_stack_spacing(self._handle(), byref(out)))
        return float(out.value)

    @spacing.setter
    def spacing(self, value: float) -> None:
        v = _number(value, "spacing")
        check(load().nl_hiding_stack_set_spacing(self._handle(), v))


class PromptView(View):
    """A navigation prompt, handed to ``show_prompt`` / ``hide_prompt`` / ``change_prompt``.

    It arrives already sized: its width is ``min(map width - safe-area sides, 480)`` and its
    height depends on :attr:`kind` (see :attr:`size`)."""

    @property
    def kind(self) -> PromptKind:
        """The prompt's kind."""
        out = c_int32()
        check(load().nl_prompt_kind_of(self._handle(), byref(out)))
        return PromptKind(out.value)

    @property
    def size(self) -> Size:
        """The prompt's fixed size in points (its bounds), readable before any layout pass."""
        f = self.target_frame
        return Size(f.width, f.height)

    @property
    def rounded_corners(self) -> Corner:
        """Which corners are rounded (:class:`Corner` flags; default ``Corner.TOP``, the two top
        corners). Settable with a combination of the four corner bits (InvalidArgumentError for
        other bits, TypeError for non-integers)."""
        out = c_uint32()
        check(load().nl_prompt_rounded_corners(self._handle(), byref(out)))
        return Corner(out.value)

    @rounded_corners.setter
    def rounded_corners(self, mask: Corner) -> None:
        m = _corner_mask(mask, "rounded_corners")
        check(load().nl_prompt_set_rounded_corners(self._handle(), int(m)))
