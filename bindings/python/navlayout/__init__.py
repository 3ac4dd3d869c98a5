"""NavLayout for Python: a headless navigation-layout engine (Cassowary solver, Auto Layout-style
constraints, navigation UI state machine) driven through ctypes over ``libnavlayout.so``.

Quick start::

    import navlayout as nl

    class MyDelegate(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            logo = new_state.google_logo
            nav_map.add_subview(logo)
            safe = nav_map.safe_area_layout_guide
            nl.activate([
                logo.leading_anchor.constraint(equal_to=safe.leading_anchor),
                logo.bottom_anchor.constraint(equal_to=safe.bottom_anchor),
            ])

    with nl.MapView.preset("iphone-portrait") as nav_map:
        nav_map.set_layout_delegate(MyDelegate())
        nav_map.navigation_enabled = True
        logo = nav_map.subviews[0]
        print(logo.identifier, logo.frame)   # googleLogo Rect(x=0.0, y=786.0, ...)

Units: points for lengths, seconds for durations. Errors are :class:`NavLayoutError` subclasses
named after the C status codes.

The shared library is found through ``$NAVLAYOUT_LIBRARY``, then a copy bundled in
``navlayout/_lib/``, then the system (``libnavlayout.so.0``). It is loaded on first use;
:func:`load_library` loads it eagerly (raising :class:`LibraryNotFoundError`, an ImportError).
"""

from __future__ import annotations

from typing import Any

from . import _ffi
from .anchors import Anchor, LayoutItem
from .affecting_layout import ConstraintInfo
from .constraints import Constraint, activate, deactivate
from .delegate import LayoutDelegate
from .guides import LayoutGuide
from .map_view import MapView
from .results import Camera, Diagnostic
from .states import ActiveGuidanceUIState, Button, NavigationReadyUIState, NavigationUIState
from .style import StyleValues, style_values
from .views import HidingStack, PromptView, View
from .gallery import GalleryResult, gallery
from . import session, viewer  # the workbench (issue 14): navlayout.viewer.write(...)
from .size_sweep import SweepResult, sweep  # the size sweep (issue 15)
from . import testing  # snapshot tests (issue 15): navlayout.testing.assert_layout_snapshot(...)
from .errors import (
    BusyError,
    CallbackFailedError,
    CarPlayError,
    DuplicateError,
    InternalError,
    InvalidArgumentError,
    LimitExceededError,
    MAX_LIVE_HANDLES,
    InvalidHandleError,
    InvalidStateError,
    LibraryNotFoundError,
    NavigationEnabledError,
    NavLayoutError,
    NoCommonAncestorError,
    ReentrantError,
    UnknownError,
    UnsatisfiableError,
)
from .values import (
    NO_INTRINSIC_METRIC,
    AccessibilityTraits,
    AnchorAttribute,
    Axis,
    ButtonType,
    Corner,
    Curve,
    DiagnosticCode,
    Insets,
    LayoutDirection,
    Point,
    Priority,
    PromptKind,
    Rect,
    Relation,
    Severity,
    ConstraintOwner,
    Size,
    SpeedWidgetMode,
    StackAlignment,
    StackPosition,
    UIStateKind,
    ViewKind,
    LegacyGuide,
    PaddingAdjustmentBehavior,
)
from .solver import (  # the Cassowary solver on its own (docs/solver.md)
    BadRequiredStrengthError,
    DuplicateConstraintError,
    DuplicateEditVariableError,
    Expression,
    Solver,
    Term,
    UnknownConstraintError,
    UnknownEditVariableError,
    UnsatisfiableConstraintError,
    Variable,
)
from .solver import Constraint as SolverConstraint  # `Constraint` is the layout constraint

__version__ = "0.1.0"


def load_library() -> str:
    """Loads ``libnavlayout`` now (it is otherwise loaded on first use) and returns its path.

    Raises:
        LibraryNotFoundError: (an ``ImportError``) with the paths tried and how to fix it.
    """
    return _ffi.library_path()


def library_version() -> str:
    """The loaded library's version string (``nl_version()``), e.g. ``"0.1.0"``."""
    lib = _ffi.load()
    if not _ffi.has_symbol("nl_version"):
        return "unknown"
    raw = lib.nl_version()
    return raw.decode() if raw else "unknown"


def status_name(status: int) -> str:
    """The C enum name of a status code, e.g. ``"NL_ERR_INVALID_STATE"``."""
    raw = _ffi.load().nl_status_name(int(status))
    return raw.decode() if raw else "NL_STATUS_UNRECOGNIZED"


def __getattr__(name: str) -> Any:
    # STYLE is read from the library on first access (PEP 562), so importing navlayout does not
    # require the shared library.
    if name == "STYLE":
        value = style_values()
        globals()["STYLE"] = value
        return value
    raise AttributeError(f"module 'navlayout' has no attribute {name!r}")


__all__ = [
    # geometry and enums
    "Point", "Size", "Rect", "Insets", "Priority", "AnchorAttribute", "Relation", "Axis",
    "LayoutDirection", "ButtonType", "PromptKind", "SpeedWidgetMode", "Curve", "StackPosition",
    "StackAlignment", "Corner", "UIStateKind", "Severity", "DiagnosticCode", "NO_INTRINSIC_METRIC",
    "ViewKind", "LegacyGuide", "PaddingAdjustmentBehavior", "AccessibilityTraits", "ConstraintOwner",
    # objects
    "MapView", "View", "LayoutItem", "LayoutGuide", "HidingStack", "PromptView", "Anchor",
    "Constraint", "activate", "deactivate", "Button", "NavigationUIState",
    "NavigationReadyUIState", "ActiveGuidanceUIState", "LayoutDelegate", "Camera", "Diagnostic",
    "ConstraintInfo",
    "StyleValues", "style_values", "STYLE",
    # errors
    "NavLayoutError", "InvalidArgumentError", "InvalidHandleError", "InvalidStateError",
    "NavigationEnabledError", "CarPlayError", "ReentrantError", "NoCommonAncestorError",
    "UnsatisfiableError", "DuplicateError", "UnknownError", "CallbackFailedError",
    "InternalError", "LimitExceededError", "BusyError", "LibraryNotFoundError", "MAX_LIVE_HANDLES",
    # device gallery (issue 4)
    "gallery", "GalleryResult",
    # the workbench (issue 14): scripted sessions and the viewer page
    "session", "viewer",
    # the workbench, part 2 (issue 15): the size sweep and snapshot tests
    "sweep", "SweepResult", "testing",
    # library
    "load_library", "library_version", "status_name",
    # the raw solver (navlayout.solver)
    "Solver", "Variable", "Term", "Expression", "SolverConstraint",
    "UnsatisfiableConstraintError", "DuplicateConstraintError", "UnknownConstraintError",
    "DuplicateEditVariableError", "UnknownEditVariableError", "BadRequiredStrengthError",
]
