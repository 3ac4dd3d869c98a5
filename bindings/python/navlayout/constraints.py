"""Layout constraints: :class:`Constraint` (``first REL multiplier * second + constant`` at a
priority, Auto Layout's ``NSLayoutConstraint``) and the all-or-nothing :func:`activate` /
:func:`deactivate` of several at once. Constraints are made with
:meth:`Anchor.constraint <navlayout.Anchor.constraint>`."""

from __future__ import annotations

from ctypes import byref, c_bool, c_double, c_float, c_int32
from typing import Callable, Iterable, List, Optional

from . import _ffi
from ._ffi import check, encode, fail, load, take_string
from ._args import _flag, _number
from .anchors import Anchor, _Wrapper
from .errors import NavLayoutError
from .values import AnchorAttribute, Relation

__all__ = ["Constraint", "activate", "deactivate"]


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
        label = f" {self._identifier!r}" if self._identifier else ""
        return f"<Constraint{label} {' '.join(parts)}>"

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
        self._identifier = text
        return text

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
        NoCommonAncestorError, InvalidHandleError (a closed constraint),
        InvalidArgumentError (constraints of two map views; told before either is entered),
        BusyError (their map view is in use by another thread).
    """
    handles = _constraint_handles(constraints)
    if handles:
        check(load().nl_constraints_activate(_ffi.handle_array(handles), len(handles)))


def deactivate(constraints: Iterable[Constraint]) -> None:
    """Deactivates all ``constraints``; every handle is validated first (all or nothing).

    Raises:
        InvalidHandleError (a closed constraint), InvalidArgumentError (constraints of two map
        views; told before either is entered), BusyError (their map view is in use by another
        thread).
    """
    handles = _constraint_handles(constraints)
    if handles:
        check(load().nl_constraints_deactivate(_ffi.handle_array(handles), len(handles)))
