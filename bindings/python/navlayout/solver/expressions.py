"""Linear expressions for the raw solver: strengths (priority levels), :class:`Variable`,
:class:`Term`, :class:`Expression` and :class:`Constraint`, built with Python operators
(``2 * x + 3 <= y``, ``(x == 5) | "weak"``) as in kiwisolver. Pure Python: nothing here calls
the library; a non-linear product raises ``TypeError`` and a division by zero
``ZeroDivisionError`` before anything reaches C."""

from __future__ import annotations

import numbers
from typing import Any, Dict, Iterable, List, Optional, Union

from .._args import _to_float
from ..errors import InvalidArgumentError

__all__ = ["STRENGTHS", "StrengthLike", "strength", "Variable", "Term", "Expression", "Constraint"]

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
    v = _to_float(value, "a strength")
    if not 1.0 <= v <= 1000.0:
        raise InvalidArgumentError(f"strength {v!r} is not a priority from 1 to 1000")
    return v


def _number(value: Any, what: str) -> float:
    """``value`` as a float: TypeError for a non-number or a bool, InvalidArgumentError for a
    number beyond a double's range (NaN and infinities reach the library, which refuses them)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a real number, not {type(value).__name__}")
    return _to_float(value, what)


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
        return Expression([], _to_float(x, "a constant"))
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
            return self._scaled(_to_float(other, "a coefficient"))
        if isinstance(other, _Linear):
            raise _nonlinear(self, other, "*")
        return NotImplemented

    def __rmul__(self, other: Any) -> "_Linear":
        if _is_number(other):
            return self._scaled(_to_float(other, "a coefficient"))
        return NotImplemented

    def __truediv__(self, other: Any) -> "_Linear":
        if _is_number(other):
            if other == 0:
                raise ZeroDivisionError(f"division of {self!r} by zero")
            return self._scaled(1.0 / _to_float(other, "a divisor"))
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

    def __ne__(self, other: Any) -> Any:
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
