"""Argument checking for the object model: cheap checks done in Python before calling C, so a
wrong type is a ``TypeError`` and a bad value an :class:`~navlayout.InvalidArgumentError` (a
``ValueError``) raised before the library sees it. Private to the package."""

from __future__ import annotations

import enum
import math
import numbers
from typing import Any, Type, TypeVar

from . import _ffi
from .errors import InvalidArgumentError
from .values import AccessibilityTraits, Corner, Insets, Rect

# Type rules (documented in the package README, "Argument types"):
#   * flags (``navigation_enabled``, ``hidden``, ``car_play``, …) take a ``bool`` — not ``1``/``0``,
#     not ``None``: TypeError otherwise;
#   * points, seconds, priorities and multipliers take a real number (``int``, ``float``,
#     ``fractions.Fraction``, NumPy scalars, …) but not a ``bool``: TypeError otherwise; NaN and
#     infinities raise InvalidArgumentError;
#   * enum arguments take a member of the expected enum or a plain ``int`` with its value; a ``bool``,
#     a non-integer or a member of a *different* enum is TypeError, an ``int`` that is not one of the
#     enum's values is InvalidArgumentError (a ValueError), raised before the library is called.


def _to_float(value: Any, name: str) -> float:
    """``float(value)`` for a real number, with a number too large for a double — an ``int``
    beyond ±1.8e308 such as ``10**400``, a huge ``Fraction`` — refused as
    :class:`~navlayout.InvalidArgumentError` naming ``name`` instead of the ``OverflowError``
    ``float()`` raises (issue 17). The message describes the number without printing it (its
    digits could fill a megabyte)."""
    try:
        return float(value)
    except OverflowError:
        if isinstance(value, numbers.Integral):
            what = f"an integer of {int(value).bit_length()} bits"
        else:
            what = f"a {type(value).__name__}"
        raise InvalidArgumentError(
            f"{name} must be a finite number: {what} is beyond the range of a double (±1.8e308)"
        ) from None


def _number(value: Any, name: str) -> float:
    """A finite float from a real number (not a bool); TypeError / InvalidArgumentError (NaN,
    infinities and numbers beyond a double's range)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{name} must be a real number (points/seconds/priority), not {type(value).__name__}"
        )
    f = _to_float(value, name)
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


def _index(value: Any, name: str) -> int:
    """A subview index: an ``int`` (not a bool) >= 0; TypeError / InvalidArgumentError. The library
    checks the upper bound (the subview count)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if int(value) < 0:
        raise InvalidArgumentError(f"{name} must be >= 0, got {int(value)}")
    return int(value)


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


def _traits(value: Any, name: str) -> AccessibilityTraits:
    """An :class:`AccessibilityTraits` combination (bits of ``AccessibilityTraits.ALL``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be AccessibilityTraits, not {type(value).__name__}")
    if isinstance(value, enum.Enum) and not isinstance(value, AccessibilityTraits):
        raise TypeError(f"{name} must be AccessibilityTraits, not {value!r}")
    m = int(value)
    if m < 0 or m & ~int(AccessibilityTraits.ALL):
        raise InvalidArgumentError(
            f"{name} must combine AccessibilityTraits bits (AccessibilityTraits.ALL = "
            f"{int(AccessibilityTraits.ALL)}); got {m}"
        )
    return AccessibilityTraits(m)


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


def format_points(value: float) -> str:
    """A length in points as the Swift library prints it in messages and text
    (``formatPoints``): rounded to 0.001 (half away from zero), without a fractional part when it
    is whole (``393``, ``20.5``); NaN and infinities as Python spells them (``nan``, ``inf``)."""
    if not math.isfinite(value):
        return str(value)
    rounded = math.copysign(math.floor(abs(value) * 1000 + 0.5), value) / 1000
    if rounded == math.floor(rounded) and abs(rounded) < 1e15:
        return str(int(rounded))
    text = repr(rounded)
    return text[:-2] if text.endswith(".0") else text
