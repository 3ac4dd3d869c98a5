"""Layout items and their anchors: the handle-wrapper base every object of a map view shares,
:class:`LayoutItem` (a view or a layout guide: something with a frame and anchors) and
:class:`Anchor` (an attribute of an item, from which :class:`~navlayout.Constraint` objects are
made). Auto Layout's ``NSLayoutAnchor`` model: x-axis, y-axis and dimension anchors."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Tuple, Type, TypeVar, cast

from . import _ffi
from ._ffi import fail, load
from ._args import _enum, _number
from .errors import InvalidHandleError
from .values import AnchorAttribute, Axis, Relation

if TYPE_CHECKING:
    from ._map_view_base import _MapViewBase
    from .affecting_layout import ConstraintInfo
    from .constraints import Constraint
    from .map_view import MapView

_W = TypeVar("_W", bound="_Wrapper")

__all__ = ["LayoutItem", "Anchor"]


class _Wrapper(_ffi._OwnsHandle):
    """Common base: a C handle that belongs to one map view (not copyable: see _OwnsHandle)."""

    _map: "_MapViewBase"
    _h: Optional[int]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(
            f"{type(self).__name__} objects are created by a MapView "
            "(make_view(), make_guide(), make_hiding_stack(), anchor.constraint(...))"
        )

    @classmethod
    def _bind(cls: Type[_W], map_view: "_MapViewBase", handle: int) -> _W:
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
        return cast("MapView", self._map)  # every _MapViewBase is a MapView

    def _describe(self) -> str:
        return type(self).__name__

    def __repr__(self) -> str:
        return f"<{self._describe()}>"


class LayoutItem(_Wrapper):
    """Something with a frame and anchors: a :class:`View` or a :class:`LayoutGuide`."""

    _kind = "item"
    _identifier_cache: Optional[str]  # the last identifier read or set, for messages and repr()

    def _anchor_struct(self, attribute: int) -> _ffi.nl_anchor:
        raise NotImplementedError

    def anchor(self, attribute: AnchorAttribute) -> "Anchor":
        """The anchor for ``attribute`` (an :class:`AnchorAttribute` or its int value).

        Raises:
            TypeError: not an int / AnchorAttribute (bools and other enums included).
            InvalidArgumentError: (a ValueError) an int that is not an AnchorAttribute value.
        """
        return Anchor(self, _enum(attribute, "attribute", AnchorAttribute))

    def constraints_affecting_layout(self, axis: Axis) -> List["ConstraintInfo"]:
        """The constraints that affect this item's frame on ``axis`` (issue 14, "why is it
        here?"), like UIKit's ``constraintsAffectingLayout(for:)``, oldest activation first:

        * those that *determine* it — whose constant, changed a little, would move the item's
          position or size on ``axis``: the tight constraints of the solved layout through any
          chain of other items, read from the Cassowary tableau (docs/solver.md, "Which
          constraints determine a value"); ``holds_exactly`` is true for these;
        * the optional constraints acting on those constraints' variables that do not hold: they
          pull and lose (``holds_exactly`` false).

        The engine's own constraints are included, named by :attr:`ConstraintInfo.owner`. Empty
        for an item outside the map view's hierarchy or an axis nothing determines. Performs a
        pending layout pass; meant for tools and debugging.

        Raises:
            TypeError / InvalidArgumentError: ``axis`` is not an :class:`Axis`.
            InvalidHandleError: the item was destroyed or its map view closed.
        """
        from .affecting_layout import _read_constraints_affecting_layout

        return _read_constraints_affecting_layout(self, _enum(axis, "axis", Axis))

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
                in a constant form, or anchors of different map views (told without entering
                the other map view, so even while another thread uses it).
            InvalidHandleError: an item was destroyed or its map view closed.
            BusyError: this anchor's map view is in use by another thread.
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
        given: List[Tuple[Relation, Any, bool]] = [
            (r, v, False) for r, v in anchor_forms.items() if v is not None
        ]
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
        if not h:
            # (Described from the cached names: a repr would call the library and replace the
            # last error of nl_constraint_create with its own.)
            fail(f"constraint on {self.item._describe()}.{self.attribute.name.lower()}")
        con: Constraint = map_view._wrap_constraint(h)
        if priority is not None:
            con.priority = priority
        if identifier is not None:
            con.identifier = identifier
        return con

    def _struct(self) -> _ffi.nl_anchor:
        return self.item._anchor_struct(int(self.attribute))
