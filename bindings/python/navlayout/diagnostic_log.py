"""Diagnostics are never silent (issue 14): every diagnostic a map view's layout newly produces is
logged on the standard :mod:`logging` logger ``"navlayout"`` — errors at ``ERROR``, warnings at
``WARNING``, infos at ``INFO`` — once, as it appears (at the end of each event and of each layout
pass that runs outside callbacks).

The record's message is the diagnostic's one-line form, the line the C library's default writes
to stderr: ``"error unsatisfiable: Unable to simultaneously satisfy constraints: … [items:
viewport, …]"``. The record also carries ``record.navlayout_diagnostic`` (a
:class:`~navlayout.Diagnostic`) and ``record.navlayout_map_view`` (the
:class:`~navlayout.MapView`, or ``None`` for a map view made outside these bindings).

Route, filter or silence them with :mod:`logging` as usual, e.g.
``logging.getLogger("navlayout").setLevel(logging.ERROR)`` or ``.disabled = True``. With no
logging configuration, Python's last-resort handler prints warnings and errors to ``sys.stderr``.

How: the bindings set the library's process-wide diagnostic handler (``nl_set_diagnostic_handler``)
when the first :class:`~navlayout.MapView` is made, so the C default (which writes errors to the
stderr file descriptor) prints nothing while Python routes them. Every severity is reported, so
each event evaluates every diagnostic rule (bench/RESULTS.md has the cost). The handler runs on
the thread that runs the event, holding the GIL like every ctypes callback; an exception raised
by a logging handler is caught and logged, never propagated into the library."""

from __future__ import annotations

import logging
import threading
import weakref
from typing import TYPE_CHECKING, Any, Optional

from . import _ffi
from ._ffi import load
from .results import _diagnostic_from_struct

if TYPE_CHECKING:
    from ._map_view_base import _MapViewBase

__all__ = ["logger", "StandardErrorLines"]

#: The logger every diagnostic goes to.
logger = logging.getLogger("navlayout")

_LEVELS = {0: logging.INFO, 1: logging.WARNING, 2: logging.ERROR}

#: map handle -> its Python map view (weak: closing or dropping a map view forgets it).
_map_views: "weakref.WeakValueDictionary[int, _MapViewBase]" = weakref.WeakValueDictionary()
_lock = threading.Lock()
_installed = False


def _on_diagnostic(user_data: Optional[int], maph: Optional[int], diagnostic: Any) -> None:
    """The ``nl_diagnostic_handler``: one log record per diagnostic."""
    try:
        d = diagnostic.contents
        map_view = _map_views.get(maph or 0)
        if map_view is not None and map_view._closed:
            map_view = None
        report = _diagnostic_from_struct(map_view, d)
        line = d.log_line.decode("utf-8", "replace") if d.log_line else report.message
        level = _LEVELS.get(int(d.severity), logging.ERROR)
        logger.log(level, "%s", line, extra={"navlayout_diagnostic": report, "navlayout_map_view": map_view})
    except Exception:  # noqa: BLE001 - never raise into the library
        try:
            logger.exception("navlayout: a diagnostic could not be logged")
        except Exception:  # noqa: BLE001 - a broken logging configuration: nothing left to do
            pass


_THUNK = _ffi.DIAGNOSTIC_CB(_on_diagnostic)


class StandardErrorLines(logging.StreamHandler):  # type: ignore[type-arg]
    """A logging handler that writes what the C library's default writes: one line
    ``navlayout: <line>`` per error on ``sys.stderr`` (warnings and infos are not written).
    ``python -m navlayout`` uses it, so its output equals the Swift CLI's."""

    def __init__(self) -> None:
        super().__init__()  # sys.stderr at the time of each write
        self.setLevel(logging.ERROR)
        self.setFormatter(logging.Formatter("navlayout: %(message)s"))


def _register(map_view: "_MapViewBase") -> None:
    """Routes the library's diagnostics to :data:`logger` (once per process) and remembers
    ``map_view`` so that its records carry it and its items."""
    global _installed
    _map_views[map_view._maph] = map_view
    if not _installed:
        with _lock:
            if not _installed:
                load().nl_set_diagnostic_handler(_THUNK, None)
                _installed = True


def _unregister(maph: int) -> None:
    _map_views.pop(maph, None)
