"""The raw solver's exceptions: kiwisolver's names, all :class:`~navlayout.NavLayoutError`
subclasses through the status-named classes (``NL_ERR_UNSATISFIABLE``, ``NL_ERR_DUPLICATE``,
``NL_ERR_UNKNOWN``, ``NL_ERR_INVALID_ARGUMENT``), carrying the refused constraint or variable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..errors import DuplicateError, InvalidArgumentError, UnknownError, UnsatisfiableError

if TYPE_CHECKING:
    from .expressions import Constraint, Variable

__all__ = [
    "UnsatisfiableConstraintError",
    "DuplicateConstraintError",
    "UnknownConstraintError",
    "DuplicateEditVariableError",
    "UnknownEditVariableError",
    "BadRequiredStrengthError",
]


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
