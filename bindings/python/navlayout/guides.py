"""Layout guides: :class:`LayoutGuide`, an invisible rectangle owned by a view (UIKit's
``UILayoutGuide``), with its own anchors and frame."""

from __future__ import annotations

from ctypes import byref
from typing import Optional

from . import _ffi
from ._ffi import check, encode, fail, load, take_string
from ._args import _rect
from .anchors import LayoutItem
from .errors import NavLayoutError
from .values import Rect

__all__ = ["LayoutGuide"]


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
        a: _ffi.nl_anchor = load().nl_guide_anchor(self._handle(), attribute)
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
        return text

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
