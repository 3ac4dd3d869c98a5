""""Why is it here?" (issue 14): :class:`ConstraintInfo`, one constraint affecting a view's or
guide's frame on an axis, as :meth:`LayoutItem.constraints_affecting_layout` lists them (UIKit's
``constraintsAffectingLayout(for:)``; ``nl_view_constraints_affecting_layout`` in C)."""

from __future__ import annotations

import ctypes
from ctypes import byref, c_size_t
from typing import TYPE_CHECKING, List, NamedTuple, Optional, Union

from . import _ffi
from ._ffi import check, load
from .anchors import Anchor, LayoutItem
from .guides import LayoutGuide
from .values import AnchorAttribute, Axis, ConstraintOwner, Relation
from .views import View

if TYPE_CHECKING:
    from .constraints import Constraint

__all__ = ["ConstraintInfo"]

_RELATION_TEXT = {Relation.EQUAL: "==", Relation.LESS_OR_EQUAL: "<=", Relation.GREATER_OR_EQUAL: ">="}


def _points(value: float) -> str:
    """A number as the library writes points in messages: no ".0" for whole numbers."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _identifier(item: LayoutItem) -> str:
    """A view's or guide's identifier (read from the library)."""
    return item.identifier if isinstance(item, (View, LayoutGuide)) else ""


def _attribute_name(attribute: AnchorAttribute) -> str:
    """``CENTER_X`` -> ``centerX``: the attribute as Swift and the diagnostics name it."""
    head, *rest = attribute.name.lower().split("_")
    return head + "".join(part.upper() if len(part) == 1 else part.capitalize() for part in rest)


class ConstraintInfo(NamedTuple):
    """One constraint affecting an item's layout: ``first RELATION multiplier × second +
    constant`` at ``priority`` (1…1000; 1000 = required; constants in points).

    ``second`` is ``None`` for a constant-only constraint (``first RELATION constant``).
    ``holds_exactly`` says whether the relation holds at the solved (target) frames; it is false
    for an optional constraint the solver could not satisfy. ``owner`` is
    :attr:`ConstraintOwner.HOST` for the host's constraints and the engine's kind for its own
    (map frame, safe area, layout margins, component size, compression resistance, content
    hugging, hiding stack). ``constraint`` is the :class:`Constraint` when the host made it
    through this API, else ``None``."""

    identifier: str
    first: Anchor
    relation: Relation
    second: Optional[Anchor]
    multiplier: float
    constant: float
    priority: float
    holds_exactly: bool
    owner: Union[ConstraintOwner, int]
    constraint: Optional["Constraint"]

    def describe(self) -> str:
        """The constraint as the library writes it in messages, e.g.
        ``"viewport.top == turnCard.bottom"`` or ``"mapContentsBottom.bottom ==
        map.safeAreaLayoutGuide.bottom @250"`` (identifier in brackets at the end when set).
        Reads the items' identifiers from the library."""
        text = f"{_identifier(self.first.item)}.{_attribute_name(self.first.attribute)} {_RELATION_TEXT[self.relation]} "
        if self.second is not None:
            if self.multiplier != 1:
                text += f"{_points(self.multiplier)} × "
            text += f"{_identifier(self.second.item)}.{_attribute_name(self.second.attribute)}"
            if self.constant > 0:
                text += f" + {_points(self.constant)}"
            if self.constant < 0:
                text += f" - {_points(-self.constant)}"
        else:
            text += _points(self.constant)
        if self.priority < 1000:
            text += f" @{_points(self.priority)}"
        if self.identifier:
            text += f" [{self.identifier}]"
        return text


def _read_constraints_affecting_layout(item: LayoutItem, axis: Axis) -> List[ConstraintInfo]:
    """``nl_view/guide_constraints_affecting_layout`` for ``item`` as :class:`ConstraintInfo`s."""
    lib = load()
    fn = lib.nl_guide_constraints_affecting_layout if item._kind == "guide" else lib.nl_view_constraints_affecting_layout
    handle = item._handle()
    count = c_size_t()
    check(fn(handle, int(axis), None, 0, byref(count)))
    while True:
        capacity = max(int(count.value), 1)
        infos = (_ffi.nl_constraint_info * capacity)()
        infos[0].struct_size = ctypes.sizeof(_ffi.nl_constraint_info)
        check(fn(handle, int(axis), infos, capacity, byref(count)))
        if count.value <= capacity:
            break
    map_view = item._map
    result = []
    for info in infos[: count.value]:
        first = Anchor(map_view._wrap_item(info.first.item), AnchorAttribute(info.first.attribute))
        second = (
            Anchor(map_view._wrap_item(info.second.item), AnchorAttribute(info.second.attribute))
            if info.second.item
            else None
        )
        try:
            owner: Union[ConstraintOwner, int] = ConstraintOwner(info.owner)
        except ValueError:
            owner = int(info.owner)
        result.append(
            ConstraintInfo(
                identifier=info.identifier.decode("utf-8", "replace") if info.identifier else "",
                first=first,
                relation=Relation(info.relation),
                second=second,
                multiplier=float(info.multiplier),
                constant=float(info.constant),
                priority=float(info.priority),
                holds_exactly=bool(info.holds_exactly),
                owner=owner,
                constraint=map_view._wrap_constraint(info.constraint) if info.constraint else None,
            )
        )
    return result
