"""The raw solver itself: :class:`Solver`, an incremental Cassowary solver with strictly
hierarchical strengths over the library's ``nl_solver_*`` functions, and its magnitude limits."""

from __future__ import annotations

import ctypes
from ctypes import c_bool, c_double, c_void_p
from typing import Any, Dict, List, Optional, Tuple

from .. import _ffi
from ..errors import NavLayoutError
from . import _capi
from ._capi import _lib, _raise, nl_term
from .errors import (
    BadRequiredStrengthError,
    DuplicateConstraintError,
    DuplicateEditVariableError,
    UnknownConstraintError,
    UnknownEditVariableError,
    UnsatisfiableConstraintError,
)
from .expressions import _OPS, Constraint, StrengthLike, Variable, _number, _strength

__all__ = ["Solver", "MAX_COEFFICIENT", "MAX_CONSTANT"]

#: The largest magnitude of a term's coefficient, and of the summed coefficient of a variable that
#: repeats in one constraint, the solver accepts (``NL_SOLVER_MAX_COEFFICIENT``, dimensionless; the
#: bound itself is accepted; terms below 1e-9 count as 0 in the sum).
MAX_COEFFICIENT = 1e6
#: The largest magnitude of a constraint's constant or of a suggested value
#: (``NL_SOLVER_MAX_CONSTANT``, in the caller's unit; the bound itself is accepted).
MAX_CONSTANT = 1e12


class Solver(_ffi._OwnsHandle):
    """An incremental Cassowary solver with strictly hierarchical strengths.

    Variables and constraints are plain Python objects; the solver creates their C counterparts
    (``nl_variable``, ``nl_solver_constraint``) on first use and drops them when no constraint or
    edit of this solver uses them any more. Call :meth:`update_variables` to copy the solution
    into ``Variable.value``. Every failing call leaves the solver exactly as it was (same
    :meth:`dump`).

    Each solver, and each variable and constraint in use by it, holds one entry of the library's
    process-wide handle table; creating a solver or adding a constraint or edit variable raises
    :class:`~navlayout.LimitExceededError` when the table already holds
    :data:`navlayout.MAX_LIVE_HANDLES` (16,777,215) live handles.

    A solver owns its C handle: ``copy.copy``, ``copy.deepcopy`` and ``pickle`` raise
    ``TypeError`` (a copy would share the handle).
    """

    def __init__(self) -> None:
        lib = _lib()
        h = lib.nl_solver_create()
        if not h:
            _ffi.fail("nl_solver_create")
        self._h: Optional[int] = h
        # id(variable) -> [variable, handle, uses]
        self._vars: Dict[int, List[Any]] = {}
        # id(constraint) -> (constraint, handle, [id(variable), ...])
        self._cons: Dict[int, Tuple[Constraint, int, List[int]]] = {}
        self._edits: Dict[int, Variable] = {}

    # -- lifetime -------------------------------------------------------------------------

    def close(self) -> None:
        """Frees the C solver now (otherwise done when the object is garbage-collected);
        idempotent.

        Raises:
            BusyError: another thread is inside a call on this solver. Nothing is freed and
                the solver stays usable; call ``close`` again once that call has returned.
        """
        h = self._h
        if h and _capi._clib is not None:
            status = _capi._clib.nl_solver_destroy(h)
            if status not in (0, 2):  # 2, NL_ERR_INVALID_HANDLE: already gone
                _ffi.check(status)   # refused: the C solver lives on, and so does this wrapper
        self._h = None
        self._vars.clear()
        self._cons.clear()
        self._edits.clear()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self) -> "Solver":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _handle(self) -> int:
        if not self._h:
            raise NavLayoutError("the solver was closed")
        return self._h

    # -- variables ------------------------------------------------------------------------

    def _use(self, v: Variable) -> int:
        entry = self._vars.get(id(v))
        if entry is None:
            h = _lib().nl_variable_create(self._handle(), v._name.encode("utf-8"))
            if not h:
                _ffi.fail("nl_variable_create")
            entry = [v, h, 0]
            self._vars[id(v)] = entry
        entry[2] += 1
        return int(entry[1])

    def _unuse(self, key: int) -> None:
        entry = self._vars[key]
        entry[2] -= 1
        if entry[2] == 0:
            del self._vars[key]
            _lib().nl_variable_destroy(entry[1])

    # -- constraints ----------------------------------------------------------------------

    def add_constraint(self, constraint: Constraint) -> None:
        """Adds a constraint and re-optimises.

        Raises:
            TypeError: not a :class:`Constraint`.
            DuplicateConstraintError: it is already in this solver.
            UnsatisfiableConstraintError: it is required and contradicts the required ones.
            InvalidArgumentError: a NaN or infinite coefficient or constant, a coefficient (or a
                repeated variable's summed coefficient) beyond ±:data:`MAX_COEFFICIENT` (1e6) or
                a constant beyond ±:data:`MAX_CONSTANT` (1e12).
            LimitExceededError: the process-wide handle table is full
                (:data:`navlayout.MAX_LIVE_HANDLES` live handles).

        The solver is unchanged when any of these is raised.
        """
        if not isinstance(constraint, Constraint):
            raise TypeError(f"add_constraint takes a Constraint, not {type(constraint).__name__}")
        lib = _lib()
        sh = self._handle()
        known = self._cons.get(id(constraint))
        if known is not None:
            arr = (c_void_p * 1)(known[1])
            status = lib.nl_solver_add_constraints(sh, arr, 1)
            if status != 0:
                _raise(status, DuplicateConstraintError if status == 9 else None, constraint=constraint)
            return
        terms = constraint.expression.terms
        keys: List[int] = []
        arr_t = (nl_term * max(len(terms), 1))()
        try:
            for i, t in enumerate(terms):
                arr_t[i].variable = self._use(t.variable)
                arr_t[i].coefficient = t.coefficient
                keys.append(id(t.variable))
            out = c_void_p()
            status = lib.nl_solver_add_constraint(
                sh, arr_t, len(terms), constraint.expression.constant, _OPS[constraint.op],
                constraint.strength, ctypes.byref(out),
            )
            if status != 0:
                _raise(status, {8: UnsatisfiableConstraintError, 9: DuplicateConstraintError}.get(status),
                       constraint=constraint)
        except BaseException:
            for k in keys:
                self._unuse(k)
            raise
        self._cons[id(constraint)] = (constraint, out.value, keys)  # type: ignore[assignment]

    def remove_constraint(self, constraint: Constraint) -> None:
        """Removes a constraint and re-optimises.

        Raises:
            NavLayoutError: the solver was closed (:meth:`close`).
            UnknownConstraintError: it is not in this solver.
            UnsatisfiableError: refused as numerically unstable — every operation is verified
                against the original constraints and one whose result would break a required
                constraint beyond rounding is rolled back (docs/solver.md "Ill-conditioned
                systems"); the solver is unchanged.
        """
        if not isinstance(constraint, Constraint):
            raise TypeError(f"remove_constraint takes a Constraint, not {type(constraint).__name__}")
        sh = self._handle()   # a closed solver says so (its tables are empty)
        known = self._cons.get(id(constraint))
        if known is None:
            e = UnknownConstraintError(f"remove_constraint: {constraint!r} is not in the solver")
            e.constraint = constraint
            raise e
        lib = _lib()
        status = lib.nl_solver_remove_constraint(sh, known[1])
        if status != 0:
            _raise(status, UnknownConstraintError if status == 10 else None, constraint=constraint)
        del self._cons[id(constraint)]
        lib.nl_solver_constraint_destroy(known[1])
        for k in known[2]:
            self._unuse(k)

    def has_constraint(self, constraint: Constraint) -> bool:
        """Whether the constraint is in this solver.

        Raises:
            NavLayoutError: the solver was closed (:meth:`close`), as every other method.
        """
        handle = self._handle()
        known = self._cons.get(id(constraint))
        if known is None:
            return False
        out = c_bool()
        _ffi.check(_lib().nl_solver_has_constraint(handle, known[1], ctypes.byref(out)))
        return bool(out.value)

    # -- edit variables -------------------------------------------------------------------

    def add_edit_variable(self, variable: Variable, strength: StrengthLike) -> None:
        """Makes ``variable`` editable with :meth:`suggest_value` (an optional constraint
        ``variable == suggested value`` of ``strength``, suggested value 0 at first).

        Raises:
            TypeError: not a Variable, or a strength of the wrong type.
            DuplicateEditVariableError: it already is an edit variable of this solver.
            BadRequiredStrengthError: ``strength`` is required (1000).
            InvalidArgumentError: an unknown strength name or a number outside [1, 1000].
            LimitExceededError: the process-wide handle table is full.
            UnsatisfiableError: refused as numerically unstable (see :meth:`remove_constraint`).
        """
        if not isinstance(variable, Variable):
            raise TypeError(f"add_edit_variable takes a Variable, not {type(variable).__name__}")
        s = _strength(strength)
        if id(variable) in self._edits:
            e = DuplicateEditVariableError(f"add_edit_variable: {variable} is already an edit variable")
            e.variable = variable
            raise e
        if s == 1000.0:
            raise BadRequiredStrengthError(
                f"add_edit_variable: {variable} cannot have the required strength (1000)"
            )
        h = self._use(variable)
        status = _lib().nl_solver_add_edit_variable(self._handle(), h, s)
        if status != 0:
            self._unuse(id(variable))
            _raise(status, DuplicateEditVariableError if status == 9 else None, variable=variable)
        self._edits[id(variable)] = variable

    def remove_edit_variable(self, variable: Variable) -> None:
        """Stops editing ``variable``.

        Raises:
            NavLayoutError: the solver was closed (:meth:`close`).
            UnknownEditVariableError: it is not an edit variable of this solver.
            UnsatisfiableError: refused as numerically unstable (see :meth:`remove_constraint`).
        """
        if not isinstance(variable, Variable):
            raise TypeError(f"remove_edit_variable takes a Variable, not {type(variable).__name__}")
        sh = self._handle()   # a closed solver says so (its tables are empty)
        if id(variable) not in self._edits:
            e = UnknownEditVariableError(f"remove_edit_variable: {variable} is not an edit variable")
            e.variable = variable
            raise e
        status = _lib().nl_solver_remove_edit_variable(sh, self._vars[id(variable)][1])
        if status != 0:
            _raise(status, UnknownEditVariableError if status == 10 else None, variable=variable)
        del self._edits[id(variable)]
        self._unuse(id(variable))

    def has_edit_variable(self, variable: Variable) -> bool:
        """Whether ``variable`` is an edit variable of this solver.

        Raises:
            NavLayoutError: the solver was closed (:meth:`close`), as every other method.
        """
        self._handle()
        return id(variable) in self._edits

    def suggest_value(self, variable: Variable, value: float) -> None:
        """Suggests a value for an edit variable (re-optimises with the dual simplex).

        Raises:
            NavLayoutError: the solver was closed (:meth:`close`).
            TypeError: ``value`` is not a real number.
            UnknownEditVariableError: ``variable`` is not an edit variable of this solver.
            InvalidArgumentError: NaN or infinite ``value``, or beyond ±:data:`MAX_CONSTANT` (1e12).
            UnsatisfiableError: refused as numerically unstable (see :meth:`remove_constraint`).
        """
        v = _number(value, "a suggested value")
        if not isinstance(variable, Variable):
            raise TypeError(f"suggest_value takes a Variable, not {type(variable).__name__}")
        sh = self._handle()   # a closed solver says so (its tables are empty)
        if id(variable) not in self._edits:
            e = UnknownEditVariableError(f"suggest_value: {variable} is not an edit variable")
            e.variable = variable
            raise e
        status = _lib().nl_solver_suggest_value(sh, self._vars[id(variable)][1], v)
        if status != 0:
            _raise(status, UnknownEditVariableError if status == 10 else None, variable=variable)

    # -- solving --------------------------------------------------------------------------

    def update_variables(self) -> None:
        """Copies the solution into ``value`` of every variable this solver uses."""
        lib = _lib()
        sh = self._handle()
        _ffi.check(lib.nl_solver_update_variables(sh))
        n = len(self._vars)
        if n == 0:
            return
        entries = list(self._vars.values())
        handles = (c_void_p * n)(*[e[1] for e in entries])
        out = (c_double * n)()
        _ffi.check(lib.nl_solver_variable_values(sh, handles, n, out))
        for e, val in zip(entries, out):
            e[0]._value = val

    def reset(self) -> None:
        """Removes every constraint and edit variable (variables keep their values).

        The solver keeps the memory its tables reached, so refilling it allocates nothing (the
        memory goes with the solver). Raises ``NavLayoutError`` if the solver was closed."""
        lib = _lib()
        _ffi.check(lib.nl_solver_reset(self._handle()))
        for _, h, _ in self._cons.values():
            lib.nl_solver_constraint_destroy(h)
        for entry in self._vars.values():
            lib.nl_variable_destroy(entry[1])
        self._cons.clear()
        self._vars.clear()
        self._edits.clear()

    def dump(self) -> str:
        """A readable, deterministic description of the solver's state (objective per priority
        level, rows, infeasible rows, edit variables, constraints)."""
        text = _ffi.take_string(_lib().nl_solver_dump(self._handle()))
        if text is None:
            _ffi.fail("nl_solver_dump")
        return text

    def __repr__(self) -> str:
        return f"<navlayout.Solver: {len(self._cons)} constraints, {len(self._edits)} edit variables>"
