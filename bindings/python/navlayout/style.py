"""The SDK's style values (``NavigationStyleValues``, docs/behaviour.md#style-values): paddings, corner radius and
header sizes in points, read from the library."""

from __future__ import annotations

from typing import NamedTuple

from ._ffi import load

__all__ = ["StyleValues", "style_values"]


class StyleValues(NamedTuple):
    """NavigationStyleValues (docs/behaviour.md#style-values), points."""

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
