"""The Cassowary solver on its own, with a kiwisolver-style API (issue 5; docs/solver.md).

::

    from navlayout import Solver, Variable

    xl, xm, xr = Variable("xl"), Variable("xm"), Variable("xr")
    s = Solver()
    s.add_constraint(2 * xm == xl + xr)
    s.add_constraint(xl + 20 <= xr)
    s.add_constraint(xl >= -10)
    s.add_constraint(xr <= 100)
    s.add_constraint((xm == 50) | "weak")
    s.add_edit_variable(xm, "strong")
    s.suggest_value(xm, 90)
    s.update_variables()
    print(xl.value, xm.value, xr.value)     # 80.0 90.0 100.0

Strengths are ``"required"`` (1000), ``"strong"`` (750), ``"medium"`` (500), ``"weak"`` (250) or
any priority from 1 to 1000. They are **priority levels**, strictly hierarchical: a satisfied
stronger constraint is never traded for any number of weaker ones (kiwisolver instead sums
weighted errors; docs/solver.md shows where the two differ).

The algorithm runs in ``libnavlayout`` (the C functions ``nl_solver_*`` of ``navlayout.h``); this
module builds expressions in Python and checks types first: a non-linear product (``x * y``)
raises ``TypeError`` and a division by zero ``ZeroDivisionError`` before anything reaches C.

Differences from kiwisolver's Python API: methods are snake_case (``add_constraint``,
``update_variables``, ...); ``Variable.value`` and ``Variable.name`` are attributes, but calling
them (``x.value()``) also works as in kiwisolver; ``Term``/``Expression``/``Constraint`` expose
``variable``/``coefficient``, ``terms``/``constant`` and ``expression``/``op``/``strength`` as
attributes. A strength is a number from 1 to 1000 (kiwisolver's ``strength.strong`` etc. are
other numbers and are refused). Not thread-safe: use one solver from one thread at a time.

Magnitude limits (the C header's ``NL_SOLVER_MAX_COEFFICIENT`` and ``NL_SOLVER_MAX_CONSTANT``,
mirrored as :data:`MAX_COEFFICIENT` and :data:`MAX_CONSTANT`): every term's coefficient must be
within ±1e6 and every constant and suggested value within ±1e12, bounds included; beyond them the
solver's products could overflow to infinity or NaN, so :meth:`Solver.add_constraint` and
:meth:`Solver.suggest_value` raise :class:`~navlayout.InvalidArgumentError` (a ``ValueError``)
naming the limit, and the solver is unchanged. Building such an expression is allowed; adding it
is not. The limit applies to each term and to the sum of a repeated variable's terms (the solver adds
them up: ``x * 1e6 + x * 1e6`` is ``2e6 * x`` and is refused). Coefficients too small to matter
are not refused: the solver treats those below its tolerance as 0 (docs/solver.md).
"""

from __future__ import annotations

import ctypes
import math
import numbers
from ctypes import POINTER, Structure, c_bool, c_char_p, c_double, c_int32, c_size_t, c_void_p
from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _ffi
from .errors import (
    DuplicateError,
    InvalidArgumentError,
    NavLayoutError,
    UnknownError,
    UnsatisfiableError,
)

__all__ = [
    "Variable",
    "Term",
    "Expression",
    "Constraint",
    "Solver",
    "strength",
    "STRENGTHS",
    "UnsatisfiableConstraintError",
    "DuplicateConstraintError",
    "UnknownConstraintError",
    "DuplicateEditVariableError",
    "UnknownEditVariableError",
    "BadRequiredStrengthError",
    "MAX_COEFFICIENT",
    "MAX_CONSTANT",
]

#: The largest magnitude of a term's coefficient, and of the summed coefficient of a variable that
#: repeats in one constraint, the solver accepts (``NL_SOLVER_MAX_COEFFICIENT``, dimensionless; the
#: bound itself is accepted; terms below 1e-9 count as 0 in the sum).
MAX_COEFFICIENT = 1e6
#: The largest magnitude of a constraint's constant or of a suggested value
#: (``NL_SOLVER_MAX_CONSTANT``, in the caller's unit; the bound itself is accepted).
MAX_CONSTANT = 1e12

# --------------------------------------------------------------------------------------------
# Errors (all NavLayoutError subclasses, through the status-named classes)
# --------------------------------------------------------------------------------------------


class UnsatisfiableConstraintError(UnsatisfiableError):
    """A required constraint contradicts the required constraints in the solver
    (``NL_ERR_UNSATISFIABLE``). Attribute ``constraint``: the refused constraint."""

    constraint: Optional["Constraint"] = None


class DuplicateConstraintError(DuplicateError):
    """The constraint is already in the solver (``NL_ERR_DUPLICATE``)."""

    constraint: Optional["Constraint"] = None


class UnknownConstraintError(UnknownError):
    """The constraint is not in the solver (``NL_ERR_UNKNOWN``)."""

    constraint: Optional["Constraint"] = None


class DuplicateEditVariableError(DuplicateError):
    """The variable is already an edit variable of the solver (``NL_ERR_DUPLICATE``)."""

    variable: Optional["Variable"] = None


class UnknownEditVariableError(UnknownError):
    """The variable is not an edit variable of the solver (``NL_ERR_UNKNOWN``)."""

    variable: Optional["Variable"] = None


class BadRequiredStrengthError(InvalidArgumentError):
    """An edit variable cannot have the required strength (``NL_ERR_INVALID_ARGUMENT``)."""


# --------------------------------------------------------------------------------------------
# Strengths
# --------------------------------------------------------------------------------------------

#: The named strengths (priority levels).
STRENGTHS: Dict[str, float] = {"required": 1000.0, "strong": 750.0, "medium": 500.0, "weak": 250.0}

StrengthLike = Union[str, float, int]


def strength(value: StrengthLike) -> float:
    """The priority of a strength: a name of :data:`STRENGTHS` or a number from 1 to 1000.

    Raises:
        TypeError: not a str or a real number (bools are refused).
        InvalidArgumentError: (a ``ValueError``) an unknown name, or a number outside [1, 1000]
            or NaN.
    """
    if isinstance(value, str):
        try:
            return STRENGTHS[value]
        except KeyError:
            raise InvalidArgumentError(
                f"unknown strength {value!r}: use 'required', 'strong', 'medium', 'weak' or a "
                "priority from 1 to 1000"
            ) from None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"a strength is a name or a number, not {type(value).__name__}")
    v = float(value)
    if not 1.0 <= v <= 1000.0:
        raise InvalidArgumentError(f"strength {v!r} is not a priority from 1 to 1000")
    return v


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a real number, not {type(value).__name__}")
    return float(value)


class _Value(float):
    """A float that can also be called (``x.value()``), for kiwisolver code."""

    __slots__ = ()

    def __call__(self) -> float:
        return float(self)


class _Name(str):
    """A str that can also be called (``x.name()``), for kiwisolver code."""

    __slots__ = ()

    def __call__(self) -> str:
        return str(self)


# --------------------------------------------------------------------------------------------
# Variables, terms, expressions
# --------------------------------------------------------------------------------------------

_Operand = Union["Variable", "Term", "Expression", float, int]


def _is_number(x: Any) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def _expr(x: Any) -> Optional["Expression"]:
    """``x`` as an Expression, or None when it is not a linear operand."""
    if isinstance(x, Expression):
        return x
    if isinstance(x, Term):
        return Expression([x])
    if isinstance(x, Variable):
        return Expression([Term(x)])
    if _is_number(x):
        return Expression([], float(x))
    return None


def _nonlinear(a: Any, b: Any, op: str) -> TypeError:
    return TypeError(
        f"unsupported operand types for {op}: {type(a).__name__!r} and {type(b).__name__!r} "
        "(constraints are linear: multiply and divide by numbers only)"
    )


class _Linear:
    """Operators shared by Variable, Term and Expression."""

    __slots__ = ()

    def _as_expression(self) -> "Expression":
        raise NotImplementedError

    def _scaled(self, k: float) -> "_Linear":
        raise NotImplementedError

    def __add__(self, other: Any) -> "Expression":
        o = _expr(other)
        if o is None:
            return NotImplemented
        e = self._as_expression()
        return Expression(e.terms + o.terms, e.constant + o.constant)

    def __radd__(self, other: Any) -> "Expression":
        o = _expr(other)
        if o is None:
            return NotImplemented
        e = self._as_expression()
        return Expression(o.terms + e.terms, o.constant + e.constant)

    def __sub__(self, other: Any) -> "Expression":
        o = _expr(other)
        if o is None:
            return NotImplemented
        return self + o._scaled(-1.0)

    def __rsub__(self, other: Any) -> "Expression":
        o = _expr(other)
        if o is None:
            return NotImplemented
        return o + self._scaled(-1.0)

    def __neg__(self) -> "_Linear":
        return self._scaled(-1.0)

    def __pos__(self) -> "_Linear":
        return self

    def __mul__(self, other: Any) -> "_Linear":
        if _is_number(other):
            return self._scaled(float(other))
        if isinstance(other, _Linear):
            raise _nonlinear(self, other, "*")
        return NotImplemented

    def __rmul__(self, other: Any) -> "_Linear":
        if _is_number(other):
            return self._scaled(float(other))
        return NotImplemented

    def __truediv__(self, other: Any) -> "_Linear":
        if _is_number(other):
            if other == 0:
                raise ZeroDivisionError(f"division of {self!r} by zero")
            return self._scaled(1.0 / float(other))
        if isinstance(other, _Linear):
            raise _nonlinear(self, other, "/")
        return NotImplemented

    def __rtruediv__(self, other: Any) -> Any:
        raise _nonlinear(other, self, "/")

    def __floordiv__(self, other: Any) -> Any:
        raise _nonlinear(self, other, "//")

    def __pow__(self, other: Any) -> Any:
        raise _nonlinear(self, other, "**")

    # Comparisons build constraints (like kiwisolver).
    def _relate(self, other: Any, op: str) -> "Constraint":
        o = _expr(other)
        if o is None:
            raise TypeError(f"cannot relate {type(self).__name__} and {type(other).__name__} with {op}")
        return Constraint(self - o, op)

    def __eq__(self, other: Any) -> "Constraint":  # type: ignore[override]
        return self._relate(other, "==")

    def __le__(self, other: Any) -> "Constraint":
        return self._relate(other, "<=")

    def __ge__(self, other: Any) -> "Constraint":
        return self._relate(other, ">=")

    def __ne__(self, other: Any) -> Any:  # type: ignore[override]
        raise TypeError("!= is not a linear constraint (use ==, <= or >=)")

    def __lt__(self, other: Any) -> Any:
        raise TypeError("< is not supported: use <= (constraints are not strict)")

    def __gt__(self, other: Any) -> Any:
        raise TypeError("> is not supported: use >= (constraints are not strict)")

    __hash__ = object.__hash__


class Variable(_Linear):
    """An unknown. Identity matters, not the name (two ``Variable("x")`` are different).

    ``value`` is 0.0 until a :class:`Solver` that knows the variable runs
    :meth:`Solver.update_variables`; it is a float that can also be called (``x.value()``).
    """

    __slots__ = ("_name", "_value", "__weakref__")

    def __init__(self, name: str = "") -> None:
        if not isinstance(name, str):
            raise TypeError(f"a variable's name is a str, not {type(name).__name__}")
        if "\x00" in name:
            raise InvalidArgumentError("a variable's name may not contain NUL characters")
        self._name = name
        self._value = 0.0

    @property
    def name(self) -> str:
        """The readable name given at creation (only used in dumps and reprs)."""
        return _Name(self._name)

    @property
    def value(self) -> float:
        """The value from the last :meth:`Solver.update_variables` (0.0 before)."""
        return _Value(self._value)

    def _as_expression(self) -> "Expression":
        return Expression([Term(self)])

    def _scaled(self, k: float) -> "Term":
        return Term(self, k)

    def __repr__(self) -> str:
        return f"Variable({self._name!r}, value={self._value!r})"

    def __str__(self) -> str:
        return self._name or f"<unnamed {id(self):#x}>"


class Term(_Linear):
    """``coefficient * variable``."""

    __slots__ = ("variable", "coefficient")

    def __init__(self, variable: Variable, coefficient: float = 1.0) -> None:
        if not isinstance(variable, Variable):
            raise TypeError(f"a term's variable is a Variable, not {type(variable).__name__}")
        self.variable = variable
        self.coefficient = _number(coefficient, "a term's coefficient")

    def _as_expression(self) -> "Expression":
        return Expression([self])

    def _scaled(self, k: float) -> "Term":
        return Term(self.variable, self.coefficient * k)

    def __repr__(self) -> str:
        return f"{self.coefficient!r} * {self.variable}"


class Expression(_Linear):
    """``sum(terms) + constant``."""

    __slots__ = ("terms", "constant")

    def __init__(self, terms: Iterable[Term] = (), constant: float = 0.0) -> None:
        ts = list(terms)
        for t in ts:
            if not isinstance(t, Term):
                raise TypeError(f"an expression's terms are Terms, not {type(t).__name__}")
        self.terms: List[Term] = ts
        self.constant = _number(constant, "an expression's constant")

    def _as_expression(self) -> "Expression":
        return self

    def _scaled(self, k: float) -> "Expression":
        return Expression([Term(t.variable, t.coefficient * k) for t in self.terms], self.constant * k)

    def value(self) -> float:
        """The expression evaluated at the variables' current values."""
        return self.constant + sum(t.coefficient * t.variable._value for t in self.terms)

    def __repr__(self) -> str:
        parts = [repr(t) for t in self.terms]
        if self.constant or not parts:
            parts.append(repr(self.constant))
        return " + ".join(parts)


_OPS = {"==": 0, "<=": 1, ">=": 2}  # nl_relation: NL_EQUAL, NL_LESS_OR_EQUAL, NL_GREATER_OR_EQUAL


class Constraint:
    """``expression OP 0`` with a strength; build it with ``==``, ``<=``, ``>=`` and set the strength
    with ``| "strong"`` or ``| 750`` (which returns a new constraint, like kiwisolver).

    A constraint may be added to several solvers. ``op`` is ``"=="``, ``"<="`` or ``">="``;
    ``strength`` the priority (1000 = required).
    """

    __slots__ = ("expression", "op", "strength", "__weakref__")

    def __init__(self, expression: _Operand, op: str = "==", strength: StrengthLike = "required") -> None:
        e = _expr(expression)
        if e is None:
            raise TypeError(f"a constraint's expression is linear, not {type(expression).__name__}")
        if op not in _OPS:
            raise InvalidArgumentError(f"relation {op!r} is not '==', '<=' or '>='")
        self.expression: Expression = e
        self.op: str = op
        self.strength: float = _strength(strength)

    def __or__(self, other: StrengthLike) -> "Constraint":
        return Constraint(self.expression, self.op, other)

    __ror__ = __or__

    def violation(self) -> float:
        """How much the constraint is violated at the variables' current values (0 if it holds)."""
        v = self.expression.value()
        if self.op == "==":
            return abs(v)
        if self.op == "<=":
            return max(v, 0.0)
        return max(-v, 0.0)

    def __repr__(self) -> str:
        return f"<Constraint {self.expression!r} {self.op} 0 | strength={self.strength:g}>"


_strength = strength

# --------------------------------------------------------------------------------------------
# The C functions (declared here so the core bindings do not depend on them)
# --------------------------------------------------------------------------------------------


class nl_term(Structure):
    _fields_ = [("variable", c_void_p), ("coefficient", c_double)]


_st = c_int32
_H = c_void_p
_SOLVER_PROTOTYPES = {
    "nl_solver_create": (_H, []),
    "nl_solver_destroy": (_st, [_H]),
    "nl_variable_create": (_H, [_H, c_char_p]),
    "nl_variable_destroy": (_st, [_H]),
    "nl_solver_variable_values": (_st, [_H, POINTER(c_void_p), c_size_t, POINTER(c_double)]),
    "nl_solver_add_constraint": (_st, [_H, POINTER(nl_term), c_size_t, c_double, c_int32, c_double, POINTER(c_void_p)]),
    "nl_solver_constraint_create": (_st, [_H, POINTER(nl_term), c_size_t, c_double, c_int32, c_double, POINTER(c_void_p)]),
    "nl_solver_add_constraints": (_st, [_H, POINTER(c_void_p), c_size_t]),
    "nl_solver_remove_constraint": (_st, [_H, _H]),
    "nl_solver_has_constraint": (_st, [_H, _H, POINTER(c_bool)]),
    "nl_solver_constraint_destroy": (_st, [_H]),
    "nl_solver_add_edit_variable": (_st, [_H, _H, c_double]),
    "nl_solver_remove_edit_variable": (_st, [_H, _H]),
    "nl_solver_has_edit_variable": (_st, [_H, _H, POINTER(c_bool)]),
    "nl_solver_suggest_value": (_st, [_H, _H, c_double]),
    "nl_solver_update_variables": (_st, [_H]),
    "nl_solver_reset": (_st, [_H]),
    "nl_solver_dump": (c_void_p, [_H]),
}

_clib: Optional[ctypes.CDLL] = None


def _lib() -> ctypes.CDLL:
    global _clib
    if _clib is None:
        lib = _ffi.load()
        for name, (restype, argtypes) in _SOLVER_PROTOTYPES.items():
            try:
                fn = getattr(lib, name)
            except AttributeError:
                from .errors import LibraryNotFoundError

                raise LibraryNotFoundError(
                    f"navlayout: {_ffi.library_path()} has no raw-solver API ({name} missing); "
                    "rebuild libnavlayout"
                ) from None
            fn.restype = restype
            fn.argtypes = argtypes
        _clib = lib
    return _clib


def _raise(status: int, cls: Optional[type] = None, **attrs: Any) -> None:
    """Raise ``cls`` (or the status's class) for a non-zero status, with the C message."""
    msg = _ffi.last_error_message()
    if cls is None:
        _ffi.check(status)
        return
    exc = cls(msg, status=status)
    for k, v in attrs.items():
        setattr(exc, k, v)
    raise exc


# --------------------------------------------------------------------------------------------
# Solver
# --------------------------------------------------------------------------------------------


class Solver:
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
        """Frees the C solver now (otherwise done when the object is garbage-collected)."""
        h, self._h = self._h, None
        if h and _clib is not None:
            _clib.nl_solver_destroy(h)
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
            h = _clib.nl_variable_create(self._handle(), v._name.encode("utf-8"))  # type: ignore[union-attr]
            if not h:
                _ffi.fail("nl_variable_create")
            entry = [v, h, 0]
            self._vars[id(v)] = entry
        entry[2] += 1
        return entry[1]

    def _unuse(self, key: int) -> None:
        entry = self._vars[key]
        entry[2] -= 1
        if entry[2] == 0:
            del self._vars[key]
            _clib.nl_variable_destroy(entry[1])  # type: ignore[union-attr]

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
            UnknownConstraintError: it is not in this solver.
            UnsatisfiableError: refused as numerically unstable — every operation is verified
                against the original constraints and one whose result would break a required
                constraint beyond rounding is rolled back (docs/solver.md "Ill-conditioned
                systems"); the solver is unchanged.
        """
        if not isinstance(constraint, Constraint):
            raise TypeError(f"remove_constraint takes a Constraint, not {type(constraint).__name__}")
        known = self._cons.get(id(constraint))
        if known is None:
            e = UnknownConstraintError(f"remove_constraint: {constraint!r} is not in the solver")
            e.constraint = constraint
            raise e
        lib = _lib()
        status = lib.nl_solver_remove_constraint(self._handle(), known[1])
        if status != 0:
            _raise(status, UnknownConstraintError if status == 10 else None, constraint=constraint)
        del self._cons[id(constraint)]
        lib.nl_solver_constraint_destroy(known[1])
        for k in known[2]:
            self._unuse(k)

    def has_constraint(self, constraint: Constraint) -> bool:
        """Whether the constraint is in this solver."""
        known = self._cons.get(id(constraint))
        if known is None:
            return False
        out = c_bool()
        _ffi.check(_lib().nl_solver_has_constraint(self._handle(), known[1], ctypes.byref(out)))
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
            UnknownEditVariableError: it is not an edit variable of this solver.
            UnsatisfiableError: refused as numerically unstable (see :meth:`remove_constraint`).
        """
        if not isinstance(variable, Variable):
            raise TypeError(f"remove_edit_variable takes a Variable, not {type(variable).__name__}")
        if id(variable) not in self._edits:
            e = UnknownEditVariableError(f"remove_edit_variable: {variable} is not an edit variable")
            e.variable = variable
            raise e
        status = _lib().nl_solver_remove_edit_variable(self._handle(), self._vars[id(variable)][1])
        if status != 0:
            _raise(status, UnknownEditVariableError if status == 10 else None, variable=variable)
        del self._edits[id(variable)]
        self._unuse(id(variable))

    def has_edit_variable(self, variable: Variable) -> bool:
        """Whether ``variable`` is an edit variable of this solver."""
        return id(variable) in self._edits

    def suggest_value(self, variable: Variable, value: float) -> None:
        """Suggests a value for an edit variable (re-optimises with the dual simplex).

        Raises:
            TypeError: ``value`` is not a real number.
            UnknownEditVariableError: ``variable`` is not an edit variable of this solver.
            InvalidArgumentError: NaN or infinite ``value``, or beyond ±:data:`MAX_CONSTANT` (1e12).
            UnsatisfiableError: refused as numerically unstable (see :meth:`remove_constraint`).
        """
        v = _number(value, "a suggested value")
        if not isinstance(variable, Variable):
            raise TypeError(f"suggest_value takes a Variable, not {type(variable).__name__}")
        if id(variable) not in self._edits:
            e = UnknownEditVariableError(f"suggest_value: {variable} is not an edit variable")
            e.variable = variable
            raise e
        status = _lib().nl_solver_suggest_value(self._handle(), self._vars[id(variable)][1], v)
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
        """Removes every constraint and edit variable (variables keep their values)."""
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
        return text  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"<navlayout.Solver: {len(self._cons)} constraints, {len(self._edits)} edit variables>"
