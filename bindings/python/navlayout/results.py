"""What a map view reports after layout: :class:`Camera` (the camera framing from the presented
viewport) and :class:`Diagnostic` (docs/behaviour.md#diagnostics), and how both are read from the library."""

from __future__ import annotations

import ctypes
from ctypes import byref, c_size_t
from typing import TYPE_CHECKING, List, NamedTuple, Optional, Tuple, Union

from . import _ffi
from ._ffi import check, load
from ._args import _rect
from .anchors import LayoutItem
from .values import Axis, DiagnosticCode, Insets, Point, Rect, Severity

if TYPE_CHECKING:
    from ._map_view_base import _MapViewBase

__all__ = ["Camera", "Diagnostic"]


class Camera(NamedTuple):
    """Camera framing from the presented viewport: the viewport :class:`Rect`, the equivalent
    padding ``Insets(top=vp.y, left=vp.x, bottom=H-vp.max_y, right=W-vp.max_x)`` and the
    vehicle point (the viewport's centre). Points."""

    viewport: Rect
    padding: Insets
    vehicle_point: Point


class Diagnostic(NamedTuple):
    """A layout diagnostic (docs/behaviour.md#diagnostics): ``code`` (:class:`DiagnosticCode`, or a raw int for codes
    this version does not know), ``severity`` (:class:`Severity`, or a raw int likewise),
    ``message`` (names items by identifier and role) and the ``items`` involved (views and
    guides, at most 4); ``axis`` is the :class:`Axis` of an ``AMBIGUOUS_LAYOUT`` that concerns
    one axis only, else ``None``."""

    code: Union[DiagnosticCode, int]
    severity: Union[Severity, int]
    message: str
    items: Tuple[LayoutItem, ...]
    axis: Optional[Axis] = None


def _read_camera(map_view: "_MapViewBase") -> Camera:
    """``nl_map_view_camera`` as a :class:`Camera` (performs a layout pass if needed)."""
    out = _ffi.nl_camera()
    check(load().nl_map_view_camera(map_view._maph_checked(), byref(out)))
    p = out.padding
    return Camera(
        _rect(out.viewport),
        Insets(p.top, p.left, p.bottom, p.right),
        Point(out.vehicle_point.x, out.vehicle_point.y),
    )


def _read_diagnostics(map_view: "_MapViewBase") -> List[Diagnostic]:
    """The map view's diagnostics (``nl_map_view_diagnostic``); performs a layout pass."""
    lib = load()
    maph = map_view._maph_checked()
    count = c_size_t()
    check(lib.nl_map_view_diagnostic_count(maph, byref(count)))
    result = []
    for i in range(count.value):
        d = _ffi.nl_diagnostic()
        d.struct_size = ctypes.sizeof(_ffi.nl_diagnostic)
        check(lib.nl_map_view_diagnostic(maph, i, byref(d)))
        result.append(_diagnostic_from_struct(map_view, d))
    return result


def _diagnostic_from_struct(map_view: Optional["_MapViewBase"], d: _ffi.nl_diagnostic) -> Diagnostic:
    """A :class:`Diagnostic` from the library's ``nl_diagnostic``; its items wrapped by
    ``map_view`` (none when the map view is not one of this process's Python map views)."""
    try:
        code: Union[DiagnosticCode, int] = DiagnosticCode(d.code)
    except ValueError:
        code = int(d.code)
    try:
        severity: Union[Severity, int] = Severity(d.severity)
    except ValueError:
        severity = int(d.severity)
    message = d.message.decode("utf-8", "replace") if d.message else ""
    n = min(int(d.item_count), 4)
    items: Tuple[LayoutItem, ...] = ()
    if map_view is not None:
        items = tuple(map_view._wrap_item(d.items[k]) for k in range(n) if d.items[k])
    axis = Axis(d.axis) if d.axis in (0, 1) else None
    return Diagnostic(code, severity, message, items, axis)
