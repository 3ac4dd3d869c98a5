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

from .errors import (
    BadRequiredStrengthError,
    DuplicateConstraintError,
    DuplicateEditVariableError,
    UnknownConstraintError,
    UnknownEditVariableError,
    UnsatisfiableConstraintError,
)
from .expressions import STRENGTHS, Constraint, Expression, StrengthLike, Term, Variable, strength  # noqa: F401
from .solver import MAX_COEFFICIENT, MAX_CONSTANT, Solver

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
