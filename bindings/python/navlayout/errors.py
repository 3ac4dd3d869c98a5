"""Exceptions raised by the navlayout bindings.

Every C function of ``navlayout.h`` that can fail returns an ``nl_status``; the bindings turn a
non-zero status into an instance of the :class:`NavLayoutError` subclass named after it, with the
message of ``nl_last_error_message()`` (which names the offending item by identifier).
"""

from __future__ import annotations

from typing import Dict, Optional, Type

__all__ = [
    "NavLayoutError",
    "InvalidArgumentError",
    "InvalidHandleError",
    "InvalidStateError",
    "NavigationEnabledError",
    "CarPlayError",
    "ReentrantError",
    "NoCommonAncestorError",
    "UnsatisfiableError",
    "DuplicateError",
    "UnknownError",
    "CallbackFailedError",
    "LimitExceededError",
    "BusyError",
    "InternalError",
    "LibraryNotFoundError",
    "error_for_status",
    "MAX_LIVE_HANDLES",
]


class NavLayoutError(Exception):
    """Base class of every error the NavLayout library reports.

    Attributes:
        status: the C ``nl_status`` code (an ``int``; ``NL_ERR_*`` in ``navlayout.h``).
        message: the library's explanation (``nl_last_error_message()``), or one written by the
            bindings when Python detected the problem before calling C.
    """

    #: The ``nl_status`` value this class stands for (overridden by each subclass).
    code: int = -1

    def __init__(self, message: str = "", status: Optional[int] = None) -> None:
        self.status: int = self.code if status is None else status
        self.message: str = message
        super().__init__(message)

    def __str__(self) -> str:
        return self.message or type(self).__name__


class InvalidArgumentError(NavLayoutError, ValueError):
    """``NL_ERR_INVALID_ARGUMENT``: NaN/infinite number, anchors of different axes, bad enum value…"""

    code = 1


class InvalidHandleError(NavLayoutError):
    """``NL_ERR_INVALID_HANDLE``: the object was destroyed, its map view closed, or it belongs to
    another map view."""

    code = 2


class InvalidStateError(NavLayoutError):
    """``NL_ERR_INVALID_STATE``: a navigation event that is not valid in the current state
    (e.g. ``start_guidance()`` before navigation is enabled)."""

    code = 3


class NavigationEnabledError(NavLayoutError):
    """``NL_ERR_NAVIGATION_ENABLED``: ``set_layout_delegate()`` while navigation is enabled."""

    code = 4


class CarPlayError(NavLayoutError):
    """``NL_ERR_CARPLAY``: a CarPlay map view refuses custom layout delegates."""

    code = 5


class ReentrantError(NavLayoutError):
    """``NL_ERR_REENTRANT``: a navigation event issued from inside a delegate or animation callback."""

    code = 6


class NoCommonAncestorError(NavLayoutError):
    """``NL_ERR_NO_COMMON_ANCESTOR``: a constraint between items that share no ancestor."""

    code = 7


class UnsatisfiableError(NavLayoutError):
    """``NL_ERR_UNSATISFIABLE``: required constraints that cannot hold together."""

    code = 8


class DuplicateError(NavLayoutError):
    """``NL_ERR_DUPLICATE``: the item is already present (e.g. added twice)."""

    code = 9


class UnknownError(NavLayoutError):
    """``NL_ERR_UNKNOWN``: the item is unknown to the receiver (e.g. removing what was never added)."""

    code = 10


class CallbackFailedError(NavLayoutError):
    """``NL_ERR_CALLBACK_FAILED``: a host callback (delegate method, animation block) failed.

    When the failing callback was Python code, the bindings re-raise the callback's *original*
    exception instead, with this error as its ``__cause__``.
    """

    code = 11


class LimitExceededError(NavLayoutError):
    """``NL_ERR_LIMIT_EXCEEDED``: a capacity limit of the library was reached — the process-wide
    handle table already holds :data:`MAX_LIVE_HANDLES` (16,777,215) live handles (map views,
    views, guides, constraints, solvers and their variables and constraints all count; the C
    header's ``NL_MAX_LIVE_HANDLES``). Close map views and solvers that are no longer needed.
    A raw-solver call refused this way changes nothing."""

    code = 12


class BusyError(NavLayoutError):
    """``NL_ERR_BUSY``: another thread is inside a call on the same map view or solver (or on
    anything it owns); the call did nothing and did not wait (issue 17: two threads on one map
    view crashed the process). Use a map view, and everything it owns, from one thread at a time
    — calls from inside its callbacks, on the thread that runs them, are not concurrent —; retry
    once the other thread's call has returned."""

    code = 13


#: The handle table's capacity (``NL_MAX_LIVE_HANDLES`` in ``navlayout.h``): the most map-view and
#: solver objects with a live C handle at once, in the whole process. Fixed by the handle encoding.
MAX_LIVE_HANDLES = 16777215


class InternalError(NavLayoutError):
    """``NL_ERR_INTERNAL``: a bug in the library; please report it."""

    code = 99


class LibraryNotFoundError(ImportError):
    """The shared library ``libnavlayout.so`` could not be found or loaded."""


_BY_STATUS: Dict[int, Type[NavLayoutError]] = {
    cls.code: cls
    for cls in (
        InvalidArgumentError,
        InvalidHandleError,
        InvalidStateError,
        NavigationEnabledError,
        CarPlayError,
        ReentrantError,
        NoCommonAncestorError,
        UnsatisfiableError,
        DuplicateError,
        UnknownError,
        CallbackFailedError,
        LimitExceededError,
        BusyError,
        InternalError,
    )
}


def error_for_status(status: int, message: str = "") -> NavLayoutError:
    """Return (not raise) the exception instance for a non-zero ``nl_status``.

    Unknown status values give a plain :class:`NavLayoutError` carrying the status.
    """
    cls = _BY_STATUS.get(int(status))
    if cls is None:
        return NavLayoutError(message or f"status {status}", status=int(status))
    return cls(message, status=int(status))
