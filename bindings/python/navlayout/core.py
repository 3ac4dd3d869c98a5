"""The Pythonic object model over ``navlayout.h``: map view, views, guides, anchors, constraints,
navigation state machine, layout delegates, animation, camera and diagnostics.

Ownership: everything is created from, and owned by, a :class:`MapView`. Python wrappers are
cached per map view by C handle, so the same C object is always the same Python object (``is``
and dict keys work, e.g. inside delegate methods). After :meth:`MapView.close`, every wrapper of
that map view raises :class:`~navlayout.InvalidHandleError`.

Units: lengths in points, durations in seconds, priorities in 1…1000.
"""

from __future__ import annotations

import ctypes
import enum
import inspect
import itertools
import math
import numbers
import threading
import weakref
from ctypes import byref, c_bool, c_double, c_float, c_int32, c_size_t, c_uint32, c_void_p
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    List,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    Type,
    TypeVar,
    Union,
)

from . import _ffi
from ._ffi import check, encode, fail, load, take_string
from .errors import (
    CallbackFailedError,
    InvalidArgumentError,
    InvalidHandleError,
    NavLayoutError,
    error_for_status,
)
from .values import (
    AnchorAttribute,
    Axis,
    ButtonType,
    Corner,
    Curve,
    DiagnosticCode,
    Insets,
    LayoutDirection,
    Point,
    PromptKind,
    Rect,
    Relation,
    Severity,
    Size,
    SpeedWidgetMode,
    StackAlignment,
    StackPosition,
    UIStateKind,
    LegacyGuide,
    ViewKind,
    button_type,
)

__all__ = [
    "LayoutItem",
    "View",
    "LayoutGuide",
    "HidingStack",
    "PromptView",
    "MapView",
    "Anchor",
    "Constraint",
    "activate",
    "deactivate",
    "Button",
    "NavigationUIState",
    "NavigationReadyUIState",
    "ActiveGuidanceUIState",
    "LayoutDelegate",
    "Camera",
    "Diagnostic",
    "StyleValues",
    "style_values",
]

_NL_ERR_REENTRANT = 6

# --------------------------------------------------------------------------------------------
# Argument checking (cheap checks done in Python before calling C)
# --------------------------------------------------------------------------------------------


# Type rules (documented in the package README, "Argument types"):
#   * flags (``navigation_enabled``, ``hidden``, ``car_play``, …) take a ``bool`` — not ``1``/``0``,
#     not ``None``: TypeError otherwise;
#   * points, seconds, priorities and multipliers take a real number (``int``, ``float``,
#     ``fractions.Fraction``, NumPy scalars, …) but not a ``bool``: TypeError otherwise; NaN and
#     infinities raise InvalidArgumentError;
#   * enum arguments take a member of the expected enum or a plain ``int`` with its value; a ``bool``,
#     a non-integer or a member of a *different* enum is TypeError, an ``int`` that is not one of the
#     enum's values is InvalidArgumentError (a ValueError), raised before the library is called.


def _number(value: Any, name: str) -> float:
    """A finite float from a real number (not a bool); TypeError / InvalidArgumentError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{name} must be a real number (points/seconds/priority), not {type(value).__name__}"
        )
    f = float(value)
    if not math.isfinite(f):
        raise InvalidArgumentError(f"{name} must be finite, got {f!r}")
    return f


def _flag(value: Any, name: str) -> bool:
    """A ``bool`` (or a NumPy bool); anything else, ``1`` and ``None`` included, is TypeError."""
    if isinstance(value, bool):
        return value
    t = type(value)
    if t.__module__ == "numpy" and t.__name__ in ("bool_", "bool"):
        return bool(value)
    raise TypeError(f"{name} must be a bool (True or False), not {t.__name__}")


_E = TypeVar("_E", bound=enum.IntEnum)


def _enum(value: Any, name: str, enum_type: Type[_E]) -> _E:
    """The member of ``enum_type`` for ``value`` (a member or its int value), checked in Python.

    TypeError for bools, non-integers and members of another enum; InvalidArgumentError (a
    ValueError) for an int that is not one of the enum's values."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a {enum_type.__name__} value, not {type(value).__name__}")
    if isinstance(value, enum.Enum) and not isinstance(value, enum_type):
        raise TypeError(f"{name} must be a {enum_type.__name__} value, not {value!r}")
    try:
        return enum_type(int(value))
    except ValueError:
        allowed = ", ".join(f"{m.name} ({m.value})" for m in enum_type)
        raise InvalidArgumentError(
            f"{name} must be a {enum_type.__name__} value: one of {allowed}; got {int(value)}"
        ) from None


def _corner_mask(value: Any, name: str) -> Corner:
    """A :class:`Corner` mask: a combination of the four corner bits (0…15)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a Corner mask, not {type(value).__name__}")
    if isinstance(value, enum.Enum) and not isinstance(value, Corner):
        raise TypeError(f"{name} must be a Corner mask, not {value!r}")
    m = int(value)
    if m < 0 or m & ~int(Corner.ALL):
        raise InvalidArgumentError(
            f"{name} must combine Corner.MIN_X_MIN_Y (1), MAX_X_MIN_Y (2), MIN_X_MAX_Y (4) and "
            f"MAX_X_MAX_Y (8); got {m}"
        )
    return Corner(m)


def _insets(value: Any, name: str) -> _ffi.nl_insets:
    if isinstance(value, Insets):
        parts = tuple(value)
    elif isinstance(value, (tuple, list)) and len(value) == 4:
        parts = tuple(value)
    else:
        raise TypeError(f"{name} must be Insets(top, left, bottom, right), not {value!r}")
    t, l, b, r = (_number(v, f"{name}.{f}") for v, f in zip(parts, Insets._fields))
    return _ffi.nl_insets(t, l, b, r)


def _rect(r: _ffi.nl_rect) -> Rect:
    return Rect(r.x, r.y, r.width, r.height)


# --------------------------------------------------------------------------------------------
# Wrappers
# --------------------------------------------------------------------------------------------


class _Wrapper:
    """Common base: a C handle that belongs to one map view."""

    _map: "MapView"
    _h: Optional[int]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(
            f"{type(self).__name__} objects are created by a MapView "
            "(make_view(), make_guide(), make_hiding_stack(), anchor.constraint(...))"
        )

    @classmethod
    def _bind(cls, map_view: "MapView", handle: int) -> Any:
        obj = cls.__new__(cls)
        obj._map = map_view
        obj._h = handle
        obj._init_cache()
        return obj

    def _init_cache(self) -> None:
        pass

    def _handle(self) -> int:
        """The live C handle, or InvalidHandleError if destroyed / its map view closed."""
        if self._h is None:
            raise InvalidHandleError(f"{self._describe()} was destroyed")
        if self._map._closed:
            raise InvalidHandleError(f"{self._describe()}: its map view was closed")
        return self._h

    @property
    def map_view(self) -> "MapView":
        """The map view that owns this object."""
        return self._map

    def _describe(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        return f"<{self._describe()}>"


class LayoutItem(_Wrapper):
    """Something with a frame and anchors: a :class:`View` or a :class:`LayoutGuide`."""

    _kind = "item"

    def _anchor_struct(self, attribute: int) -> _ffi.nl_anchor:
        raise NotImplementedError

    def anchor(self, attribute: AnchorAttribute) -> "Anchor":
        """The anchor for ``attribute`` (an :class:`AnchorAttribute` or its int value).

        Raises:
            TypeError: not an int / AnchorAttribute (bools and other enums included).
            InvalidArgumentError: (a ValueError) an int that is not an AnchorAttribute value.
        """
        return Anchor(self, _enum(attribute, "attribute", AnchorAttribute))

    @property
    def leading_anchor(self) -> "Anchor":
        """Leading edge (left in left-to-right layout, right in right-to-left). X axis."""
        return Anchor(self, AnchorAttribute.LEADING)

    @property
    def trailing_anchor(self) -> "Anchor":
        """Trailing edge (right in left-to-right layout, left in right-to-left). X axis."""
        return Anchor(self, AnchorAttribute.TRAILING)

    @property
    def left_anchor(self) -> "Anchor":
        """Left edge, whatever the layout direction (reported as ``leftRightAnchor`` info). X axis."""
        return Anchor(self, AnchorAttribute.LEFT)

    @property
    def right_anchor(self) -> "Anchor":
        """Right edge, whatever the layout direction. X axis."""
        return Anchor(self, AnchorAttribute.RIGHT)

    @property
    def top_anchor(self) -> "Anchor":
        """Top edge. Y axis."""
        return Anchor(self, AnchorAttribute.TOP)

    @property
    def bottom_anchor(self) -> "Anchor":
        """Bottom edge. Y axis."""
        return Anchor(self, AnchorAttribute.BOTTOM)

    @property
    def width_anchor(self) -> "Anchor":
        """Width. Dimension."""
        return Anchor(self, AnchorAttribute.WIDTH)

    @property
    def height_anchor(self) -> "Anchor":
        """Height. Dimension."""
        return Anchor(self, AnchorAttribute.HEIGHT)

    @property
    def center_x_anchor(self) -> "Anchor":
        """Horizontal centre. X axis."""
        return Anchor(self, AnchorAttribute.CENTER_X)

    @property
    def center_y_anchor(self) -> "Anchor":
        """Vertical centre. Y axis."""
        return Anchor(self, AnchorAttribute.CENTER_Y)


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
        a = load().nl_view_anchor(self._handle(), attribute)
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
        return text  # type: ignore[return-value]

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
        return text  # type: ignore[return-value]

    # -- intrinsic size, hugging, compression resistance, margins ----------------------------

    @property
    def intrinsic_content_size(self) -> Size:
        """The intrinsic content size in points; ``NO_INTRINSIC_METRIC`` (-1) on an axis without
        one (the default for host views). SDK components report ``Size(-1, -1)`` too: their sizes
        are required constraints the engine owns (read them from :attr:`frame`).

        Settable with a ``Size`` or ``(width, height)`` of real numbers >= 0 or -1
        (InvalidArgumentError for other negative values, NaN and infinities). For an axis
        with intrinsic size ``s``, ``size >= s`` holds at the compression-resistance priority and
        ``size <= s`` at the hugging priority (SPEC §2).
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
        the SDK's components have their own (SPEC §4: logo, buttons, cards, prompts 8, speed
        widget 4, viewport and trip progress bar 0). :attr:`layout_margins_guide` is inset by
        them. Settable (finite real numbers)."""
        out = _ffi.nl_insets()
        check(load().nl_view_layout_margins(self._handle(), byref(out)))
        return Insets(out.top, out.left, out.bottom, out.right)

    @layout_margins.setter
    def layout_margins(self, value: Insets) -> None:
        check(load().nl_view_set_layout_margins(self._handle(), _insets(value, "layout_margins")))

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
        """Adds ``view`` as the last (front-most) subview, moving it from its old superview.

        Raises InvalidArgumentError for cycles, the root, or views of another map view."""
        if not isinstance(view, View):
            raise TypeError(f"add_subview expects a View, not {type(view).__name__}")
        check(load().nl_view_add_subview(self._handle(), view._handle()))

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
        """The view's safe-area guide (for the map view: the host-set safe area)."""
        h = load().nl_view_safe_area_guide(self._handle())
        if not h:
            fail(f"safe area guide of {self._describe()}")
        return self._map._wrap_guide(h)

    @property
    def layout_margins_guide(self) -> "LayoutGuide":
        """The view's layout-margins guide (inset by :attr:`layout_margins`)."""
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


class LayoutGuide(LayoutItem):
    """An invisible rectangle owned by a view, used to build layouts (e.g. spacers, markers).

    Create with :meth:`MapView.make_guide` and attach with :meth:`View.add_layout_guide`."""

    _kind = "guide"

    def _init_cache(self) -> None:
        self._identifier_cache: Optional[str] = None

    def _describe(self) -> str:
        name = self._identifier_cache
        return f"LayoutGuide {name!r}" if name else "LayoutGuide"

    def __repr__(self) -> str:
        try:
            ident = self.identifier
        except NavLayoutError:
            return "<LayoutGuide (invalid)>"
        return f"<LayoutGuide {ident!r}>"

    def _anchor_struct(self, attribute: int) -> _ffi.nl_anchor:
        a = load().nl_guide_anchor(self._handle(), attribute)
        if not a.item:
            fail(f"anchor of {self._describe()}")
        return a

    @property
    def identifier(self) -> str:
        """The guide's identifier (for diagnostics). Settable."""
        text = take_string(load().nl_guide_identifier(self._handle()))
        if text is None:
            fail(f"identifier of {self._describe()}")
        self._identifier_cache = text
        return text  # type: ignore[return-value]

    @identifier.setter
    def identifier(self, value: str) -> None:
        check(load().nl_guide_set_identifier(self._handle(), encode(value)))
        self._identifier_cache = value

    @property
    def frame(self) -> Rect:
        """The guide's frame (points, map view space). Performs a layout pass if needed."""
        out = _ffi.nl_rect()
        check(load().nl_guide_frame(self._handle(), byref(out)))
        return _rect(out)

    def destroy(self) -> None:
        """Removes the guide from its owning view and frees its handle early (not for the
        built-in safe-area and margins guides: InvalidArgumentError)."""
        h = self._handle()
        check(load().nl_guide_destroy(h))
        self._map._forget("guide", h)
        self._h = None


# --------------------------------------------------------------------------------------------
# Anchors and constraints
# --------------------------------------------------------------------------------------------

_X_AXIS = {
    AnchorAttribute.LEADING,
    AnchorAttribute.TRAILING,
    AnchorAttribute.LEFT,
    AnchorAttribute.RIGHT,
    AnchorAttribute.CENTER_X,
}
_DIMENSION = {AnchorAttribute.WIDTH, AnchorAttribute.HEIGHT}


class Anchor:
    """An attribute of a view or layout guide, from which constraints are made.

    X-axis anchors (leading, trailing, left, right, center_x) relate only to x-axis anchors,
    y-axis (top, bottom, center_y) to y-axis, dimensions (width, height) to dimensions; mixing
    them raises InvalidArgumentError.
    """

    __slots__ = ("item", "attribute")

    def __init__(self, item: LayoutItem, attribute: AnchorAttribute) -> None:
        if not isinstance(item, LayoutItem):
            raise TypeError(f"an anchor's item must be a View or LayoutGuide, not {item!r}")
        self.item = item
        self.attribute = _enum(attribute, "attribute", AnchorAttribute)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Anchor)
            and other.item is self.item
            and other.attribute == self.attribute
        )

    def __hash__(self) -> int:
        return hash((id(self.item), int(self.attribute)))

    def __repr__(self) -> str:
        return f"<Anchor {self.item!r}.{self.attribute.name.lower()}>"

    @property
    def is_dimension(self) -> bool:
        """Whether this is a width or height anchor."""
        return self.attribute in _DIMENSION

    def constraint(
        self,
        *,
        equal_to: Optional["Anchor"] = None,
        less_than_or_equal_to: Optional["Anchor"] = None,
        greater_than_or_equal_to: Optional["Anchor"] = None,
        equal_to_constant: Optional[float] = None,
        less_than_or_equal_to_constant: Optional[float] = None,
        greater_than_or_equal_to_constant: Optional[float] = None,
        constant: float = 0.0,
        multiplier: float = 1.0,
        priority: Optional[float] = None,
        identifier: Optional[str] = None,
    ) -> "Constraint":
        """Creates an **inactive** constraint ``self REL multiplier * other + constant`` (or
        ``self REL constant`` for the ``*_constant`` forms, which only dimension anchors take).

        Give exactly one of the relation keywords. ``priority`` (1…1000, default required) and
        ``identifier`` may be set at once. Activate with :meth:`Constraint.activate` or
        :func:`activate`. The constraint belongs to this anchor's map view.

        Raises:
            TypeError: no or several relations, or wrong argument types.
            InvalidArgumentError: NaN/inf numbers, anchors of different axes, a position anchor
                in a constant form, or anchors of different map views.
            InvalidHandleError: an item was destroyed or its map view closed.
        """
        anchor_forms = {
            Relation.EQUAL: equal_to,
            Relation.LESS_OR_EQUAL: less_than_or_equal_to,
            Relation.GREATER_OR_EQUAL: greater_than_or_equal_to,
        }
        constant_forms = {
            Relation.EQUAL: equal_to_constant,
            Relation.LESS_OR_EQUAL: less_than_or_equal_to_constant,
            Relation.GREATER_OR_EQUAL: greater_than_or_equal_to_constant,
        }
        given = [(r, v, False) for r, v in anchor_forms.items() if v is not None]
        given += [(r, v, True) for r, v in constant_forms.items() if v is not None]
        if len(given) != 1:
            raise TypeError(
                "constraint() takes exactly one of equal_to=, less_than_or_equal_to=, "
                "greater_than_or_equal_to=, equal_to_constant=, less_than_or_equal_to_constant=, "
                "greater_than_or_equal_to_constant="
            )
        relation, target, constant_form = given[0]
        map_view = self.item._map
        lib = load()
        if constant_form:
            if multiplier != 1.0:
                raise TypeError("multiplier= does not apply to a constant-only constraint")
            if constant != 0.0:
                raise TypeError("use the *_constant= value alone for a constant-only constraint")
            value = _number(target, "constant")
            first = self._struct()
            h = lib.nl_constraint_create_constant(map_view._maph_checked(), first, relation, value)
            second = None
            mult = 1.0
        else:
            if not isinstance(target, Anchor):
                raise TypeError(f"expected an Anchor, not {type(target).__name__}")
            c = _number(constant, "constant")
            mult = _number(multiplier, "multiplier")
            first = self._struct()
            other = target._struct()
            h = lib.nl_constraint_create(
                map_view._maph_checked(), first, relation, other, mult, c
            )
            second = target
            value = c
        if not h:
            fail(f"constraint on {self!r}")
        con: Constraint = map_view._wrap_constraint(h)
        if priority is not None:
            con.priority = priority
        if identifier is not None:
            con.identifier = identifier
        return con

    def _struct(self) -> _ffi.nl_anchor:
        return self.item._anchor_struct(int(self.attribute))


class Constraint(_Wrapper):
    """A layout constraint ``first REL multiplier * second + constant`` with a priority.

    Created inactive by :meth:`Anchor.constraint`; owned by the map view (or freed early with
    :meth:`destroy`). Changing :attr:`constant` updates the solver incrementally and, inside
    :meth:`MapView.animate`, is animated.
    """

    _kind = "constraint"

    def _init_cache(self) -> None:
        self._identifier = ""  # last known, for repr() and messages of a destroyed constraint

    def _anchor(self, fn: Callable[..., int]) -> Optional[Anchor]:
        out = _ffi.nl_anchor()
        check(fn(self._handle(), byref(out)))
        if not out.item:
            return None
        return Anchor(self._map._wrap_item(out.item), AnchorAttribute(out.attribute))

    @property
    def first_anchor(self) -> Anchor:
        """The first anchor (``first`` in ``first REL multiplier * second + constant``), read
        from the library. Raises InvalidHandleError if its item was destroyed."""
        anchor = self._anchor(load().nl_constraint_first_anchor)
        assert anchor is not None
        return anchor

    @property
    def second_anchor(self) -> Optional[Anchor]:
        """The second anchor, or ``None`` for a constant-only constraint (read from the
        library)."""
        return self._anchor(load().nl_constraint_second_anchor)

    @property
    def relation(self) -> Relation:
        """The relation (``==``, ``<=``, ``>=``), read from the library."""
        out = c_int32()
        check(load().nl_constraint_relation(self._handle(), byref(out)))
        return Relation(out.value)

    @property
    def multiplier(self) -> float:
        """The multiplier (1 for a constant-only constraint), read from the library."""
        out = c_double()
        check(load().nl_constraint_multiplier(self._handle(), byref(out)))
        return float(out.value)

    def _describe(self) -> str:
        return f"Constraint {self._identifier!r}" if self._identifier else "Constraint"

    def __repr__(self) -> str:
        rel = {Relation.EQUAL: "==", Relation.LESS_OR_EQUAL: "<=", Relation.GREATER_OR_EQUAL: ">="}
        def name(anchor: Optional[Anchor]) -> str:
            if anchor is None:
                return "?"
            item = anchor.item._identifier_cache or type(anchor.item).__name__
            return f"{item}.{anchor.attribute.name.lower()}"

        try:
            first, second, relation = self.first_anchor, self.second_anchor, self.relation
            multiplier, constant, priority = self.multiplier, self.constant, self.priority
        except NavLayoutError:
            return f"<{self._describe()} (invalid)>"
        parts = [name(first), rel[relation]]
        if second is not None:
            if multiplier != 1.0:
                parts.append(f"{multiplier:g} *")
            parts.append(name(second))
            if constant:
                parts.append(f"{'+' if constant > 0 else '-'} {abs(constant):g}")
        else:
            parts.append(f"{constant:g}")
        parts.append(f"@{priority:g}")
        name = f" {self._identifier!r}" if self._identifier else ""
        return f"<Constraint{name} {' '.join(parts)}>"

    @property
    def priority(self) -> float:
        """Priority in 1…1000 (:class:`Priority` names the usual levels). Switching an active
        constraint between required and optional raises InvalidStateError; deactivate first."""
        out = c_float()
        check(load().nl_constraint_priority(self._handle(), byref(out)))
        return float(out.value)

    @priority.setter
    def priority(self, value: float) -> None:
        p = _number(value, "priority")
        check(load().nl_constraint_set_priority(self._handle(), p))

    @property
    def constant(self) -> float:
        """The constant in points. Settable (incremental; animated inside an animation block)."""
        out = c_double()
        check(load().nl_constraint_constant(self._handle(), byref(out)))
        return float(out.value)

    @constant.setter
    def constant(self, value: float) -> None:
        check(load().nl_constraint_set_constant(self._handle(), _number(value, "constant")))

    @property
    def identifier(self) -> str:
        """Identifier used in diagnostics (``""`` unless set); read from the library. Settable
        with a ``str`` without NUL characters."""
        text = take_string(load().nl_constraint_identifier(self._handle()))
        if text is None:
            fail(f"identifier of {self._describe()}")
        self._identifier = text  # type: ignore[assignment]
        return text  # type: ignore[return-value]

    @identifier.setter
    def identifier(self, value: str) -> None:
        check(load().nl_constraint_set_identifier(self._handle(), encode(value)))
        self._identifier = value

    @property
    def active(self) -> bool:
        """Whether the constraint is active. Setting it activates / deactivates."""
        out = c_bool()
        check(load().nl_constraint_is_active(self._handle(), byref(out)))
        return bool(out.value)

    @active.setter
    def active(self, value: bool) -> None:
        if _flag(value, "active"):
            self.activate()
        else:
            self.deactivate()

    def activate(self) -> None:
        """Activates the constraint. Raises NoCommonAncestorError if its items share no
        ancestor in the current hierarchy (nothing changes)."""
        check(load().nl_constraint_activate(self._handle()))

    def deactivate(self) -> None:
        """Deactivates the constraint (no-op if inactive)."""
        check(load().nl_constraint_deactivate(self._handle()))

    def destroy(self) -> None:
        """Deactivates the constraint and frees its handle; the wrapper becomes invalid."""
        h = self._handle()
        check(load().nl_constraint_destroy(h))
        self._map._forget("constraint", h)
        self._h = None


def _constraint_handles(constraints: Iterable[Constraint]) -> List[int]:
    if isinstance(constraints, Constraint):
        raise TypeError("expected a list of constraints, not a single Constraint")
    result = []
    for c in constraints:
        if not isinstance(c, Constraint):
            raise TypeError(f"expected Constraint objects, not {type(c).__name__}")
        result.append(c._handle())
    return result


def activate(constraints: Iterable[Constraint]) -> None:
    """Activates all ``constraints`` at once, all or nothing: on any error (a destroyed
    constraint, items without a common ancestor) none is activated.

    Raises:
        NoCommonAncestorError, InvalidHandleError, InvalidArgumentError.
    """
    handles = _constraint_handles(constraints)
    if handles:
        check(load().nl_constraints_activate(_ffi.handle_array(handles), len(handles)))


def deactivate(constraints: Iterable[Constraint]) -> None:
    """Deactivates all ``constraints``; every handle is validated first (all or nothing)."""
    handles = _constraint_handles(constraints)
    if handles:
        check(load().nl_constraints_deactivate(_ffi.handle_array(handles), len(handles)))


# --------------------------------------------------------------------------------------------
# Navigation state objects, results
# --------------------------------------------------------------------------------------------


class Button(NamedTuple):
    """A navigation button: its ``type`` (:class:`ButtonType`, or a raw ``int`` for types this
    version does not know) and its ``view``. Find buttons by type, never by index."""

    type: Union[ButtonType, int]
    view: View


class NavigationUIState:
    """A read-only snapshot of a navigation UI state, handed to delegate methods.

    Attributes:
        kind: :class:`UIStateKind`.
        google_logo, viewport: the logo and the (invisible) viewport views.
        buttons: list of :class:`Button`.
        wide_mode: whether the safe-area width is >= 600 points.
        map_size: the map view's :class:`Size` in points.
        turn_card, eta_card, trip_progress_bar, speed_widget: views in active guidance,
            ``None`` in the navigation-ready state.
    """

    kind: UIStateKind
    google_logo: View
    viewport: View
    buttons: List[Button]
    wide_mode: bool
    map_size: Size
    turn_card: Optional[View]
    eta_card: Optional[View]
    trip_progress_bar: Optional[View]
    speed_widget: Optional[View]

    def button(self, type: Union[ButtonType, int]) -> Optional[View]:
        """The view of the first button of ``type``, or ``None``."""
        for b in self.buttons:
            if b.type == type:
                return b.view
        return None

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} buttons={[b.type for b in self.buttons]} "
            f"wide_mode={self.wide_mode} map_size={tuple(self.map_size)}>"
        )


class NavigationReadyUIState(NavigationUIState):
    """Navigation enabled, no guidance: logo, viewport, buttons ``[compass]``."""


class ActiveGuidanceUIState(NavigationUIState):
    """Active guidance: adds turn card, ETA card, trip progress bar, speed widget, and buttons
    ``[compass, reporting]`` (reporting while incident reporting is enabled)."""


class Camera(NamedTuple):
    """Camera framing from the presented viewport: the viewport :class:`Rect`, the equivalent
    padding ``Insets(top=vp.y, left=vp.x, bottom=H-vp.max_y, right=W-vp.max_x)`` and the
    vehicle point (the viewport's centre). Points."""

    viewport: Rect
    padding: Insets
    vehicle_point: Point


class Diagnostic(NamedTuple):
    """A layout diagnostic (SPEC §8): ``code`` (:class:`DiagnosticCode`, or a raw int for codes
    this version does not know), ``severity`` (:class:`Severity`), ``message`` (names items by
    identifier and role) and the ``items`` involved (views and guides, at most 4); ``axis`` is
    the :class:`Axis` of an ``AMBIGUOUS_LAYOUT`` that concerns one axis only, else ``None``."""

    code: Union[DiagnosticCode, int]
    severity: Severity
    message: str
    items: Tuple[LayoutItem, ...]
    axis: Optional[Axis] = None


class StyleValues(NamedTuple):
    """NavigationStyleValues (SPEC §4), points."""

    button_horizontal_padding: float
    button_vertical_padding: float
    default_corner_radius: float
    element_horizontal_padding: float
    header_footer_horizontal_padding: float
    header_nominal_height: float
    header_top_padding: float


def style_values() -> StyleValues:
    """The library's style values (also available as ``navlayout.STYLE``)."""
    s = load().nl_navigation_style_values()
    return StyleValues(*(getattr(s, name) for name in StyleValues._fields))


# --------------------------------------------------------------------------------------------
# Delegates
# --------------------------------------------------------------------------------------------


class LayoutDelegate:
    """Base class of custom layout delegates (SPEC §3). Override the methods you need; only
    overridden methods are registered with the library, the others are "not implemented".

    Methods run synchronously inside the navigation event that caused them (e.g.
    :meth:`MapView.start_guidance`). They may create, (de)activate and change constraints,
    add and remove views, read frames and call :meth:`MapView.animate`, but not call events
    (ReentrantError). An exception raised in a method is reported to the library (the event
    returns NL_ERR_CALLBACK_FAILED) and the original exception is re-raised from the Python call
    that started the event; the navigation transition itself is not undone.

    The map view keeps the delegate alive (a strong reference) while it is set, and only then:
    replacing it, resetting to ``None`` or closing the map view lets it go. Attributes with
    the names of the methods below must be callable with the documented arguments
    (:meth:`MapView.set_layout_delegate` raises TypeError otherwise).
    """

    def enable_navigation_ui(self, nav_map: "MapView", new_state: NavigationReadyUIState) -> None:
        """Navigation was enabled: build the navigation-ready layout."""

    def disable_navigation_ui(self, nav_map: "MapView", old_state: NavigationReadyUIState) -> None:
        """Navigation was disabled: remove what the delegate added."""

    def start_guidance(
        self,
        nav_map: "MapView",
        new_state: ActiveGuidanceUIState,
        old_state: NavigationReadyUIState,
    ) -> None:
        """Guidance started: switch to the active-guidance layout."""

    def stop_guidance(
        self,
        nav_map: "MapView",
        new_state: NavigationReadyUIState,
        old_state: ActiveGuidanceUIState,
    ) -> None:
        """Guidance stopped: back to the navigation-ready layout."""

    def size_changed(self, nav_map: "MapView", new_state: NavigationUIState) -> None:
        """The map size or safe area changed (``new_state`` has the new size and wide mode)."""

    def show_prompt(self, nav_map: "MapView", new_prompt: PromptView) -> None:
        """A prompt should appear (it arrives sized; add it to the hierarchy)."""

    def hide_prompt(self, nav_map: "MapView", old_prompt: PromptView) -> None:
        """The prompt should go away (remove it, e.g. at the end of an animation)."""

    def change_prompt(
        self, nav_map: "MapView", new_prompt: PromptView, old_prompt: PromptView
    ) -> None:
        """A new prompt replaces the shown one."""


_STATE_METHODS = ("enable_navigation_ui", "disable_navigation_ui", "size_changed")
_TWO_STATE_METHODS = ("start_guidance", "stop_guidance")
_PROMPT_METHODS = ("show_prompt", "hide_prompt")
_TWO_PROMPT_METHODS = ("change_prompt",)
_DELEGATE_METHODS = _STATE_METHODS + _TWO_STATE_METHODS + _PROMPT_METHODS + _TWO_PROMPT_METHODS


#: Positional arguments each delegate method receives after ``self``.
_ARGUMENTS = {
    "enable_navigation_ui": "nav_map, new_state",
    "disable_navigation_ui": "nav_map, old_state",
    "start_guidance": "nav_map, new_state, old_state",
    "stop_guidance": "nav_map, new_state, old_state",
    "size_changed": "nav_map, new_state",
    "show_prompt": "nav_map, new_prompt",
    "hide_prompt": "nav_map, old_prompt",
    "change_prompt": "nav_map, new_prompt, old_prompt",
}


def _implemented_methods(delegate: Any) -> List[str]:
    """The delegate methods ``delegate`` implements (overrides), checked for use.

    Raises TypeError for anything but a :class:`LayoutDelegate` instance, for a delegate method
    name bound to something not callable, and for a method that cannot take its arguments."""
    if isinstance(delegate, type):
        raise TypeError(
            f"set_layout_delegate expects a LayoutDelegate instance, not the class "
            f"{delegate.__name__} itself (call it: {delegate.__name__}())"
        )
    if not isinstance(delegate, LayoutDelegate):
        raise TypeError(
            "set_layout_delegate expects an instance of a navlayout.LayoutDelegate subclass, or "
            f"None for the built-in layout; got {type(delegate).__name__}"
        )
    names = []
    for name in _DELEGATE_METHODS:
        attr = getattr(delegate, name)
        if not callable(attr):
            raise TypeError(
                f"{type(delegate).__name__}.{name} must be a method, not "
                f"{type(attr).__name__} (delete it to leave the callback unimplemented)"
            )
        if getattr(attr, "__func__", None) is getattr(LayoutDelegate, name):
            continue  # not overridden: not registered
        try:
            signature = inspect.signature(attr)
        except (TypeError, ValueError):  # builtins, some C callables: trust them
            signature = None
        if signature is not None:
            try:
                signature.bind(*([None] * (_ARGUMENTS[name].count(",") + 1)))
            except TypeError:
                raise TypeError(
                    f"{type(delegate).__name__}.{name}{signature} cannot be called as "
                    f"{name}({_ARGUMENTS[name]})"
                ) from None
        names.append(name)
    return names


# --------------------------------------------------------------------------------------------
# Delegate lifetime. The map view holds the record (struct + ctypes thunks + the delegate) of the
# delegate the library currently has, keyed by a token passed to C as user_data; the library
# calls ``release(user_data)`` exactly once when it drops that delegate (replaced, reset to the
# built-in layout, or the map view destroyed), and only then is the record freed. A record is
# never freed while a Python callback runs on this thread (it is parked until the outermost
# event returns), so a ctypes thunk is never freed under a running call.
# --------------------------------------------------------------------------------------------


class _DelegateRecord:
    __slots__ = ("delegate", "struct", "thunks")

    def __init__(self, delegate: Any, struct: Any, thunks: List[Any]) -> None:
        self.delegate = delegate
        self.struct = struct
        self.thunks = thunks


#: token -> the map view holding the record (weak: a map view and its delegate may form a cycle
#: that the garbage collector must be able to free).
_release_targets: "Dict[int, weakref.ReferenceType[MapView]]" = {}
_local = threading.local()  # .depth: Python callbacks running on this thread; .parked: records


def _callback_depth() -> int:
    return getattr(_local, "depth", 0)


def _on_release(user_data: Optional[int]) -> None:
    """``nl_layout_delegate.release``: the library will never call this delegate again."""
    token = user_data or 0
    ref = _release_targets.pop(token, None)
    map_view = ref() if ref is not None else None
    if map_view is None:
        return
    record = map_view._delegate_records.pop(token, None)
    if record is not None and _callback_depth() > 0:
        parked = getattr(_local, "parked", None)
        if parked is None:
            parked = _local.parked = []
        parked.append(record)


def _free_parked_records() -> None:
    """Drops records released during a callback, once no Python callback runs on this thread."""
    if _callback_depth() == 0 and getattr(_local, "parked", None):
        _local.parked = []


_RELEASE_THUNK = _ffi.RELEASE_CB(_on_release)


# --------------------------------------------------------------------------------------------
# Animations: one pair of process-wide trampolines; user_data is a token into a registry
# --------------------------------------------------------------------------------------------


class _Animation:
    __slots__ = ("map_ref", "changes", "completion", "completion_takes_arg")

    def __init__(self, map_view: "MapView", changes: Optional[Callable[[], Any]],
                 completion: Optional[Callable[..., Any]]) -> None:
        self.map_ref = weakref.ref(map_view)
        self.changes = changes
        self.completion = completion
        self.completion_takes_arg = True
        if completion is not None:
            try:
                sig = inspect.signature(completion)
                positional = [
                    p for p in sig.parameters.values()
                    if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)
                ]
                self.completion_takes_arg = bool(positional)
            except (TypeError, ValueError):
                self.completion_takes_arg = True


_animations: Dict[int, _Animation] = {}
_tokens = itertools.count(1)


def _on_changes(user_data: Optional[int]) -> None:
    anim = _animations.get(user_data or 0)
    if anim is None or anim.changes is None:
        return
    map_view = anim.map_ref()
    if map_view is None:
        return
    map_view._run_callback("animation block", anim.changes)


def _on_completion(user_data: Optional[int], finished: bool) -> None:
    anim = _animations.pop(user_data or 0, None)
    if anim is None or anim.completion is None:
        return
    map_view = anim.map_ref()
    if map_view is None:
        return
    completion = anim.completion
    if anim.completion_takes_arg:
        map_view._run_callback("animation completion", lambda: completion(bool(finished)))
    else:
        map_view._run_callback("animation completion", completion)


_CHANGES_THUNK = _ffi.CHANGES_CB(_on_changes)
_COMPLETION_THUNK = _ffi.COMPLETION_CB(_on_completion)


# --------------------------------------------------------------------------------------------
# Map view
# --------------------------------------------------------------------------------------------


class MapView(View):
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
        """A map view for a device preset of SPEC §9: ``"iphone-portrait"``,
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

    def _setup(self, maph: int, *, car_play: bool, layout_direction: LayoutDirection) -> None:
        lib = load()
        root = lib.nl_map_view_root(maph)
        if not root:
            lib.nl_map_view_destroy(maph)
            fail("nl_map_view_root")
        self._maph = maph
        self._map = self
        self._h = root
        self._init_cache()
        self._objects: Dict[Tuple[str, int], Any] = {("view", root): self}
        self._delegate: Optional[LayoutDelegate] = None
        # token -> record of the delegate the library holds (at most one; see _on_release).
        self._delegate_records: Dict[int, _DelegateRecord] = {}
        self._pending: List[BaseException] = []
        self._closed = False

    # -- lifetime ----------------------------------------------------------------------------

    def _maph_checked(self) -> int:
        if self._closed:
            raise InvalidHandleError("the map view was closed")
        return self._maph

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._closed

    def close(self) -> None:
        """Destroys the map view and everything it owns; idempotent. Afterwards every wrapper
        of this map view raises InvalidHandleError.

        Raises:
            ReentrantError: when called from inside one of this map view's callbacks (nothing
                is destroyed).
        """
        if self._closed:
            return
        status = load().nl_map_view_destroy(self._maph)
        if status == _NL_ERR_REENTRANT:
            check(status)
        self._closed = True
        for token in [t for t, a in _animations.items() if a.map_ref() is self]:
            _animations.pop(token, None)
        self._objects.clear()
        self._delegate = None
        # nl_map_view_destroy called release for the delegate; drop what is left anyway (the
        # library no longer calls anything of this map view).
        for token in list(self._delegate_records):
            _release_targets.pop(token, None)
        self._delegate_records.clear()
        _free_parked_records()
        self._pending.clear()
        if status not in (0, 2):  # INVALID_HANDLE: already gone
            check(status)

    def __enter__(self) -> "MapView":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if not getattr(self, "_closed", True):
                self.close()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass

    def __repr__(self) -> str:
        if self._closed:
            return "<MapView (closed)>"
        try:
            s = self.size
        except NavLayoutError:
            return "<MapView (invalid)>"
        return f"<MapView {s.width:g}x{s.height:g}>"

    # -- wrapper cache ---------------------------------------------------------------------------

    def _wrap_view(self, handle: int, cls: Optional[type] = None) -> View:
        key = ("view", handle)
        obj = self._objects.get(key)
        if obj is None:
            if cls is None:
                # The first time the bindings see this handle (a component, the built-in
                # layout's stack, a prompt): ask the library what it is.
                kind = c_int32()
                check(load().nl_view_kind_of(handle, byref(kind)))
                cls = {
                    ViewKind.HIDING_STACK: HidingStack,
                    ViewKind.PROMPT: PromptView,
                }.get(ViewKind(kind.value), View)
            obj = cls._bind(self, handle)
            self._objects[key] = obj
        return obj

    def _wrap_guide(self, handle: int) -> LayoutGuide:
        key = ("guide", handle)
        obj = self._objects.get(key)
        if obj is None:
            obj = LayoutGuide._bind(self, handle)
            self._objects[key] = obj
        return obj

    def _wrap_constraint(self, handle: int) -> Constraint:
        key = ("constraint", handle)
        obj = self._objects.get(key)
        if obj is None:
            obj = Constraint._bind(self, handle)
            self._objects[key] = obj
        return obj

    def _wrap_item(self, handle: int) -> LayoutItem:
        """A diagnostic item: a view or a guide handle."""
        for kind in ("view", "guide"):
            obj = self._objects.get((kind, handle))
            if obj is not None:
                return obj
        probe = c_int32()
        if load().nl_view_kind_of(handle, byref(probe)) == 0:
            return self._wrap_view(handle)
        return self._wrap_guide(handle)

    def _forget(self, kind: str, handle: int) -> None:
        self._objects.pop((kind, handle), None)

    # -- callbacks and events --------------------------------------------------------------------

    def _run_callback(self, where: str, thunk: Callable[[], Any]) -> None:
        """Run host code called from C; on an exception, record it and report the failure."""
        _local.depth = _callback_depth() + 1
        try:
            thunk()
        except BaseException as exc:  # noqa: BLE001 - re-raised from the event's call
            if self._closed:
                return
            if self._pending:
                try:
                    self._pending[0].add_note(  # type: ignore[attr-defined]
                        f"another callback also failed ({where}): {exc!r}"
                    )
                except AttributeError:
                    pass
            else:
                self._pending.append(exc)
            msg = f"{where} raised {type(exc).__name__}: {exc}"
            load().nl_map_view_fail_callback(self._maph, encode(msg.replace("\x00", " ")))
        finally:
            _local.depth -= 1

    def _event(self, fn: Callable[..., int], *args: Any) -> None:
        """Call a C function that may run callbacks; re-raise a callback's exception."""
        status = fn(self._maph_checked(), *args)
        _free_parked_records()
        if self._pending:
            exc = self._pending.pop(0)
            self._pending.clear()
            if status != 0 and exc.__cause__ is None:
                exc.__cause__ = error_for_status(status, _ffi.last_error_message())
                exc.__suppress_context__ = True
            raise exc
        check(status)

    def _state(self, handle: int) -> NavigationUIState:
        lib = load()
        kind = c_int32()
        check(lib.nl_ui_state_kind_of(handle, byref(kind)))
        k = UIStateKind(kind.value)
        state: NavigationUIState = (
            ActiveGuidanceUIState() if k == UIStateKind.ACTIVE_GUIDANCE else NavigationReadyUIState()
        )
        state.kind = k

        def view_or_none(h: Optional[int]) -> Optional[View]:
            return self._wrap_view(h) if h else None

        state.google_logo = view_or_none(lib.nl_ui_state_google_logo(handle))  # type: ignore
        state.viewport = view_or_none(lib.nl_ui_state_viewport(handle))  # type: ignore
        state.turn_card = view_or_none(lib.nl_ui_state_turn_card(handle))
        state.eta_card = view_or_none(lib.nl_ui_state_eta_card(handle))
        state.trip_progress_bar = view_or_none(lib.nl_ui_state_trip_progress_bar(handle))
        state.speed_widget = view_or_none(lib.nl_ui_state_speed_widget(handle))
        wide = c_bool()
        check(lib.nl_ui_state_wide_mode(handle, byref(wide)))
        state.wide_mode = bool(wide.value)
        size = _ffi.nl_size()
        check(lib.nl_ui_state_map_size(handle, byref(size)))
        state.map_size = Size(size.width, size.height)
        count = c_size_t()
        check(lib.nl_ui_state_button_count(handle, byref(count)))
        buttons = []
        for i in range(count.value):
            t = c_int32()
            bh = lib.nl_ui_state_button(handle, i, byref(t))
            if not bh:
                fail(f"button {i}")
            buttons.append(Button(button_type(t.value), self._wrap_view(bh)))
        state.buttons = buttons
        return state

    def _prompt(self, handle: int) -> PromptView:
        obj = self._objects.get(("view", handle))
        if obj is None:
            obj = self._wrap_view(handle, PromptView)
        return obj  # type: ignore[return-value]

    def _make_trampoline(self, delegate: object, name: str) -> Any:
        ref = weakref.ref(self)
        method = getattr(delegate, name)
        where = f"{type(delegate).__name__}.{name}"

        def dispatch(make_args: Callable[["MapView"], Tuple[Any, ...]]) -> None:
            m = ref()
            if m is None or m._closed:
                return
            m._run_callback(where, lambda: method(m, *make_args(m)))

        if name in _STATE_METHODS:
            def cb(ud: Any, maph: Any, state: int) -> None:
                dispatch(lambda m: (m._state(state),))
            return _ffi.STATE_CB(cb)
        if name in _TWO_STATE_METHODS:
            def cb2(ud: Any, maph: Any, new: int, old: int) -> None:
                dispatch(lambda m: (m._state(new), m._state(old)))
            return _ffi.TWO_STATES_CB(cb2)
        if name in _PROMPT_METHODS:
            def cb3(ud: Any, maph: Any, prompt: int) -> None:
                dispatch(lambda m: (m._prompt(prompt),))
            return _ffi.PROMPT_CB(cb3)

        def cb4(ud: Any, maph: Any, new: int, old: int) -> None:
            dispatch(lambda m: (m._prompt(new), m._prompt(old)))
        return _ffi.TWO_PROMPTS_CB(cb4)

    def set_layout_delegate(self, delegate: Optional[LayoutDelegate]) -> None:
        """Sets the custom layout delegate, or ``None`` for the built-in layout (SPEC §7).

        ``delegate`` must be an instance of a :class:`LayoutDelegate` subclass. Only the methods
        its class overrides are registered with the library. The map view keeps exactly this
        delegate alive (a strong reference) until it is replaced, reset to ``None`` or the map
        view is closed; the previous delegate and its ctypes callbacks are released as soon as the
        library lets go of them.

        Raises:
            TypeError: ``delegate`` is not a LayoutDelegate instance (a number, ``object()``, the
                class itself…), a delegate method name is bound to something not callable, or
                an overridden method cannot take its arguments (nothing changes).
            NavigationEnabledError: navigation is enabled (disable it first).
            CarPlayError: this is a CarPlay map view (which keeps the built-in layout).
            ReentrantError: called from inside a callback.
        """
        lib = load()
        self._maph_checked()
        if delegate is None:
            self._event(lib.nl_map_view_set_layout_delegate, None)
            self._delegate = None
            return
        names = _implemented_methods(delegate)
        token = next(_tokens)
        struct = _ffi.nl_layout_delegate()
        struct.struct_size = ctypes.sizeof(_ffi.nl_layout_delegate)
        struct.user_data = token
        struct.release = _RELEASE_THUNK
        thunks = []
        for name in names:
            thunk = self._make_trampoline(delegate, name)
            setattr(struct, name, thunk)
            thunks.append(thunk)
        self._delegate_records[token] = _DelegateRecord(delegate, struct, thunks)
        _release_targets[token] = weakref.ref(self)
        try:
            self._event(lib.nl_map_view_set_layout_delegate, byref(struct))
        except BaseException:
            # Refused: the library did not keep it and will not call release.
            _release_targets.pop(token, None)
            self._delegate_records.pop(token, None)
            raise
        self._delegate = delegate

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

    # -- navigation events -----------------------------------------------------------------------

    @property
    def navigation_state(self) -> UIStateKind:
        """The current navigation state."""
        out = c_int32()
        check(load().nl_map_view_navigation_state(self._maph_checked(), byref(out)))
        return UIStateKind(out.value)

    @property
    def navigation_enabled(self) -> bool:
        """Whether navigation is enabled. Setting it (a bool) is an event: enabling calls
        ``enable_navigation_ui`` (with no custom delegate the built-in layout shows the SDK's
        components); disabling calls ``hide_prompt``/``stop_guidance`` as needed, then
        ``disable_navigation_ui``.

        Raises:
            InvalidStateError: setting the current value (enabling when already enabled, or
                disabling when disabled); nothing changes. Same in Swift and C.
            TypeError: not a bool (``1`` included).
            ReentrantError: from inside a callback.
        """
        return self.navigation_state != UIStateKind.NO_NAVIGATION

    @navigation_enabled.setter
    def navigation_enabled(self, enabled: bool) -> None:
        self._event(load().nl_map_view_set_navigation_enabled, _flag(enabled, "enabled"))

    def start_guidance(self) -> None:
        """navigationReady → activeGuidance (calls ``start_guidance``).
        Raises InvalidStateError in any other state."""
        self._event(load().nl_map_view_start_guidance)

    def stop_guidance(self) -> None:
        """activeGuidance → navigationReady (``hide_prompt`` if a prompt is shown, then
        ``stop_guidance``). Raises InvalidStateError in any other state."""
        self._event(load().nl_map_view_stop_guidance)

    def trigger_prompt(self, kind: PromptKind) -> None:
        """Shows a prompt of ``kind`` (``show_prompt``, or ``change_prompt`` if one is shown).
        Suppressed when :attr:`should_display_prompts` is false, except speed cameras.
        Raises InvalidStateError outside active guidance."""
        self._event(load().nl_map_view_trigger_prompt, _enum(kind, "kind", PromptKind))

    def dismiss_prompt(self) -> None:
        """Dismisses the shown prompt (``hide_prompt``). InvalidStateError when none is shown."""
        self._event(load().nl_map_view_dismiss_prompt)

    @property
    def speed_widget_mode(self) -> SpeedWidgetMode:
        """What the speed widget shows (default ``SpeedWidgetMode.BOTH``, 64 × 136 pt; SPEC §4).
        Settable (same as :meth:`set_speed_widget_mode`)."""
        out = c_int32()
        check(load().nl_map_view_speed_widget_mode(self._maph_checked(), byref(out)))
        return SpeedWidgetMode(out.value)

    @speed_widget_mode.setter
    def speed_widget_mode(self, mode: SpeedWidgetMode) -> None:
        self.set_speed_widget_mode(mode)

    def set_speed_widget_mode(self, mode: SpeedWidgetMode) -> None:
        """Changes the speed widget's content (an event): its size becomes 0 × 0 (NONE),
        64 × 64 (SPEEDOMETER, SPEED_LIMIT) or 64 × 136 (BOTH) at once, without a delegate
        callback; constraints around it adapt on the next layout pass.

        Raises TypeError / InvalidArgumentError for a value that is not a SpeedWidgetMode,
        ReentrantError from inside a callback."""
        m = _enum(mode, "mode", SpeedWidgetMode)
        self._event(load().nl_map_view_set_speed_widget_mode, m)

    def pan(self) -> None:
        """The user pans the map (an event): the logo becomes the re-center button (136 × 48 pt)
        without a delegate callback. Raises ReentrantError from inside a callback."""
        self._event(load().nl_map_view_pan)

    def recenter(self) -> None:
        """The user re-centers (an event): the re-center button becomes the logo again
        (72 × 32 pt). Raises ReentrantError from inside a callback."""
        self._event(load().nl_map_view_recenter)

    @property
    def showing_recenter_button(self) -> bool:
        """Whether the logo currently shows as the re-center button (after :meth:`pan`, until
        :meth:`recenter`). Default False."""
        return self._get_flag(load().nl_map_view_showing_recenter_button)

    @property
    def wide_mode(self) -> bool:
        """Whether the map view is in wide mode now: width − safe-area sides >= 600 pt (SPEC §4)."""
        return self._get_flag(load().nl_map_view_wide_mode)

    @property
    def incident_reporting_enabled(self) -> bool:
        """Whether the next active-guidance state has a reporting button (default True).
        Settable with a bool; takes effect at the next transition into active guidance."""
        return self._get_flag(load().nl_map_view_incident_reporting_enabled)

    @incident_reporting_enabled.setter
    def incident_reporting_enabled(self, value: bool) -> None:
        v = _flag(value, "incident_reporting_enabled")
        self._event(load().nl_map_view_set_incident_reporting_enabled, v)

    @property
    def should_display_prompts(self) -> bool:
        """Whether incident, traffic and better-route prompts are shown (default True). When
        False, :meth:`trigger_prompt` of those kinds does nothing (no callback); speed-camera
        warnings are always shown. Settable with a bool."""
        return self._get_flag(load().nl_map_view_should_display_prompts)

    @should_display_prompts.setter
    def should_display_prompts(self, value: bool) -> None:
        v = _flag(value, "should_display_prompts")
        self._event(load().nl_map_view_set_should_display_prompts, v)

    # -- built-in layout: legacy slot settings and guides, compass rule (SPEC §3, §7) ---------
    #
    # The legacy settings act on the built-in layout only (no custom delegate) and take effect at
    # once: the current state's layout is rebuilt, without a delegate callback. While a custom
    # delegate is set, setting them (or reading a legacy guide) changes nothing and is reported
    # as a ``legacyAPIIgnored`` warning diagnostic, once per API until the next navigation
    # transition; the getters then keep returning the built-in layout's settings. They are not
    # events: they may be used from inside callbacks.

    def _get_flag(self, fn: Callable[..., int]) -> bool:
        out = c_bool()
        check(fn(self._maph_checked(), byref(out)))
        return bool(out.value)

    def _set_flag(self, fn: Callable[..., int], value: Any, name: str) -> None:
        check(fn(self._maph_checked(), _flag(value, name)))

    @property
    def navigation_header_enabled(self) -> bool:
        """Whether the built-in layout shows the turn card (``isNavigationHeaderEnabled``,
        default True). Off: the viewport and the button column start at the safe-area top.
        Settable with a bool (legacy: ignored and reported with a custom delegate)."""
        return self._get_flag(load().nl_map_view_navigation_header_enabled)

    @navigation_header_enabled.setter
    def navigation_header_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_navigation_header_enabled, value,
                       "navigation_header_enabled")

    @property
    def navigation_footer_enabled(self) -> bool:
        """Whether the built-in layout shows the ETA card (``isNavigationFooterEnabled``,
        default True). Off: the content rests on the safe-area bottom. Settable with a bool
        (legacy)."""
        return self._get_flag(load().nl_map_view_navigation_footer_enabled)

    @navigation_footer_enabled.setter
    def navigation_footer_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_navigation_footer_enabled, value,
                       "navigation_footer_enabled")

    @property
    def navigation_trip_progress_bar_enabled(self) -> bool:
        """Whether the built-in layout shows the trip progress bar
        (``isNavigationTripProgressBarEnabled``, default True). Settable with a bool (legacy)."""
        return self._get_flag(load().nl_map_view_navigation_trip_progress_bar_enabled)

    @navigation_trip_progress_bar_enabled.setter
    def navigation_trip_progress_bar_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_navigation_trip_progress_bar_enabled, value,
                       "navigation_trip_progress_bar_enabled")

    @property
    def navigation_report_incident_button_enabled(self) -> bool:
        """Whether the built-in layout shows the reporting button
        (``isNavigationReportIncidentButtonEnabled``, default True). Whether the active-guidance
        state has a reporting button at all is :attr:`incident_reporting_enabled`. Settable with
        a bool (legacy)."""
        return self._get_flag(load().nl_map_view_navigation_report_incident_button_enabled)

    @navigation_report_incident_button_enabled.setter
    def navigation_report_incident_button_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_navigation_report_incident_button_enabled, value,
                       "navigation_report_incident_button_enabled")

    @property
    def header_accessory_view(self) -> Optional[View]:
        """A host view the built-in layout places in active guidance directly under the turn card
        and as wide as it (under the safe-area top, safe-area wide, with the header off), with its
        own intrinsic height; the viewport starts under it (``setHeaderAccessoryView``).

        Settable with a host :class:`View` of this map view or ``None`` (the previous one leaves
        the hierarchy). The view stays owned by the map view. Raises TypeError for non-views,
        InvalidArgumentError for the map view itself, an SDK component, a prompt or a view of
        another map view (legacy: ignored and reported with a custom delegate)."""
        out = c_void_p()
        check(load().nl_map_view_header_accessory_view(self._maph_checked(), byref(out)))
        return self._wrap_view(out.value) if out.value else None

    @header_accessory_view.setter
    def header_accessory_view(self, view: Optional[View]) -> None:
        if view is not None and not isinstance(view, View):
            raise TypeError(f"header_accessory_view must be a View or None, not {type(view).__name__}")
        handle = view._handle() if view is not None else None
        check(load().nl_map_view_set_header_accessory_view(self._maph_checked(), handle))

    @property
    def padding(self) -> Insets:
        """Extra camera padding in points, ``Insets(top, left, bottom, right)`` (legacy
        ``padding``, default 0): with the built-in layout :attr:`camera`'s padding is the
        viewport's padding plus these insets (the camera rect shrinks by them and the vehicle
        point is its centre). Frames do not change. Settable with ``Insets`` or a 4-tuple of
        finite real numbers (InvalidArgumentError for NaN/inf; legacy)."""
        out = _ffi.nl_insets()
        check(load().nl_map_view_padding(self._maph_checked(), byref(out)))
        return Insets(out.top, out.left, out.bottom, out.right)

    @padding.setter
    def padding(self, value: Insets) -> None:
        check(load().nl_map_view_set_padding(self._maph_checked(), _insets(value, "padding")))

    def legacy_guide(self, kind: LegacyGuide) -> LayoutGuide:
        """The legacy layout guide of ``kind`` (:class:`LegacyGuide`), owned by the map view
        (added to it on first use; the same object every time; :meth:`LayoutGuide.destroy`
        refuses it). Host views may be constrained to it; the built-in layout keeps it in place
        in navigation states. With a custom delegate it is returned unconstrained and the use is
        reported as ``legacyAPIIgnored``.

        Raises TypeError / InvalidArgumentError for a value that is not a LegacyGuide."""
        k = _enum(kind, "kind", LegacyGuide)
        h = load().nl_map_view_legacy_guide(self._maph_checked(), k)
        if not h:
            fail(f"legacy_guide({k.name})")
        return self._wrap_guide(h)

    @property
    def navigation_header_layout_guide(self) -> LayoutGuide:
        """The legacy guide that follows the turn card (a zero-height strip at the safe-area top,
        safe-area wide, when there is none or the header is off). See :meth:`legacy_guide`."""
        return self.legacy_guide(LegacyGuide.NAVIGATION_HEADER)

    @property
    def navigation_footer_layout_guide(self) -> LayoutGuide:
        """The legacy guide that follows the ETA card (a zero-height strip at the safe-area
        bottom when there is none). See :meth:`legacy_guide`."""
        return self.legacy_guide(LegacyGuide.NAVIGATION_FOOTER)

    @property
    def bottom_trailing_buttons_layout_guide(self) -> LayoutGuide:
        """The legacy guide around the bottom-trailing buttons: the button stack's trailing edge
        and width, from the top of the stacked buttons to the stack's bottom. See
        :meth:`legacy_guide`."""
        return self.legacy_guide(LegacyGuide.BOTTOM_TRAILING_BUTTONS)

    @property
    def bottom_trailing_buttons_alternate_layout_guide(self) -> LayoutGuide:
        """The legacy guide for a host's extra buttons: the free part of the button column above
        the buttons (8 pt gap) up to the top of the open area. See :meth:`legacy_guide`."""
        return self.legacy_guide(LegacyGuide.BOTTOM_TRAILING_BUTTONS_ALTERNATE)

    @property
    def compass_button_enabled(self) -> bool:
        """The map's own compass setting (``GMSUISettings.compassButton``, default False; SPEC §3
        compass rule): while navigation is disabled and this is on, the compass button (56 × 56)
        sits at the safe area's top-trailing corner; enabling navigation removes it (the delegate
        or built-in layout decides from then on) and disabling navigation brings it back.
        Applies with custom delegates too (not a legacy slot API). Settable with a bool."""
        return self._get_flag(load().nl_map_view_compass_button_enabled)

    @compass_button_enabled.setter
    def compass_button_enabled(self, value: bool) -> None:
        self._set_flag(load().nl_map_view_set_compass_button_enabled, value,
                       "compass_button_enabled")

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
        d = _number(duration, "duration")
        c = _enum(curve, "curve", Curve)
        if changes is not None and not callable(changes):
            raise TypeError("changes must be callable or None")
        if completion is not None and not callable(completion):
            raise TypeError("completion must be callable or None")
        self._maph_checked()
        token = next(_tokens)
        _animations[token] = _Animation(self, changes, completion)
        lib = load()
        try:
            self._event(
                lib.nl_map_view_animate,
                d,
                c,
                _CHANGES_THUNK if changes is not None else _ffi.CHANGES_CB(),
                _COMPLETION_THUNK if completion is not None else _ffi.COMPLETION_CB(),
                token,
            )
        except NavLayoutError as exc:
            if not isinstance(exc, CallbackFailedError):
                _animations.pop(token, None)
            raise
        finally:
            if completion is None:
                _animations.pop(token, None)
            else:
                anim = _animations.get(token)
                if anim is not None:
                    anim.changes = None

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
        out = _ffi.nl_camera()
        check(load().nl_map_view_camera(self._maph_checked(), byref(out)))
        p = out.padding
        return Camera(
            _rect(out.viewport),
            Insets(p.top, p.left, p.bottom, p.right),
            Point(out.vehicle_point.x, out.vehicle_point.y),
        )

    @property
    def diagnostics(self) -> List[Diagnostic]:
        """The diagnostics of the current target layout (performs a layout pass)."""
        lib = load()
        maph = self._maph_checked()
        count = c_size_t()
        check(lib.nl_map_view_diagnostic_count(maph, byref(count)))
        result = []
        for i in range(count.value):
            d = _ffi.nl_diagnostic()
            d.struct_size = ctypes.sizeof(_ffi.nl_diagnostic)
            check(lib.nl_map_view_diagnostic(maph, i, byref(d)))
            try:
                code: Union[DiagnosticCode, int] = DiagnosticCode(d.code)
            except ValueError:
                code = int(d.code)
            try:
                severity = Severity(d.severity)
            except ValueError:
                severity = d.severity  # type: ignore[assignment]
            message = d.message.decode("utf-8", "replace") if d.message else ""
            n = min(int(d.item_count), 4)
            items = tuple(self._wrap_item(d.items[k]) for k in range(n) if d.items[k])
            axis = Axis(d.axis) if d.axis in (0, 1) else None
            result.append(Diagnostic(code, severity, message, items, axis))
        return result

    def snapshot_json(self) -> str:
        """A JSON snapshot of the hierarchy and frames (if the library provides it)."""
        return self._snapshot("nl_map_view_snapshot_json")

    def snapshot_svg(self, title: Optional[str] = None) -> str:
        """An SVG picture of the layout at the current time (SPEC §8): map and safe area
        outlined, SDK components coloured and labelled, the viewport hatched with the vehicle
        point, host views outlined, diagnostics' items in red with their codes. Deterministic.
        ``title`` (optional) is drawn as a caption above the map (the picture grows by 24 points
        at the top), as :func:`navlayout.gallery` labels its steps."""
        if title is None:
            return self._snapshot("nl_map_view_snapshot_svg")
        text = take_string(load().nl_map_view_snapshot_svg_titled(self._maph_checked(), encode(title)))
        if text is None:
            fail("nl_map_view_snapshot_svg_titled")
        return text  # type: ignore[return-value]

    def _snapshot(self, name: str) -> str:
        if not _ffi.has_symbol(name):
            raise NotImplementedError(f"this libnavlayout has no {name}")
        text = take_string(getattr(load(), name)(self._maph_checked()))
        if text is None:
            fail(name)
        return text  # type: ignore[return-value]

    # -- MapView as a View -----------------------------------------------------------------------

    def destroy(self) -> None:
        """Not available on the map view: use :meth:`close`."""
        raise InvalidArgumentError("the map view's root view cannot be destroyed; use close()")
