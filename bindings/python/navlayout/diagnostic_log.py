"""Diagnostics are never silent (issue 14): every diagnostic a map view's layout newly produces is
logged on the standard :mod:`logging` logger ``"navlayout"`` — errors at ``ERROR``, warnings at
``WARNING``, infos at ``INFO`` — once, as it appears (at the end of each event and of each layout
pass that runs outside callbacks).

The record's message is the diagnostic's one-line form, the line the C library's default writes
to stderr: ``"error unsatisfiable: Unable to simultaneously satisfy constraints: … [items:
viewport, …]"``. The record also carries ``record.navlayout_diagnostic`` (a
:class:`~navlayout.Diagnostic`) and ``record.navlayout_map_view`` (the
:class:`~navlayout.MapView`, or ``None`` for a map view made outside these bindings).

**Default** — no handler on ``"navlayout"`` or on an ancestor it propagates to (an application
that configured no logging): what the C and Swift defaults do, one line ``navlayout: <line>`` on
``sys.stderr`` per **error** (:class:`StandardErrorLines`); warnings and infos are not written.
Python's last-resort handler is not used (it would print warnings too, without the prefix).

**Configured** — as soon as ``"navlayout"`` or an ancestor has a handler (``logging.basicConfig``,
``dictConfig``, ``addHandler``; pytest's log capture): every record goes through ``logging`` as
usual, at the levels the configuration lets through, and the default writes nothing. Route,
filter or silence them with :mod:`logging`: ``logging.getLogger("navlayout").setLevel(...)``,
``.propagate = False``, ``.disabled = True``, ``.addHandler(logging.NullHandler())``.

Cost (issue 14; bench/RESULTS.md): the library evaluates only the diagnostic rules of the
severities some handler would write. At each report that has something to evaluate (the layout
changed since the previous one) it asks :func:`minimum_severity`, which reads the configuration
as ``logging`` would use it at that moment — the logger's effective level
(``isEnabledFor``, which also covers ``disabled`` and ``logging.disable``) and the levels of the
handlers the records would reach (a :class:`logging.NullHandler` writes nothing). So the default
costs what the C default costs (the error rules only), ``INFO`` on a handler costs every rule,
and a silenced logger costs none; a configuration change takes effect at the next report, with no
hook into :mod:`logging`. Asking at the report rather than once per event also covers reports
outside events (a frame read after a constraint change) and sessions run inside one library call
(:mod:`navlayout.viewer`); it costs one callback (~1–2 µs) per report that evaluates anything.

How: the bindings set the library's process-wide diagnostic handler
(``nl_set_diagnostic_handler_with_minimum``) when the first :class:`~navlayout.MapView` is made,
so the C default (which writes errors to the stderr file descriptor) prints nothing while Python
routes them. Both callbacks run on the thread that runs the event, holding the GIL like every
ctypes callback; an exception raised by a logging handler is caught and logged, never propagated
into the library."""

from __future__ import annotations

import logging
import threading
import weakref
from typing import TYPE_CHECKING, Any, Optional

from . import _ffi
from ._ffi import load
from .results import _diagnostic_from_struct
from .values import Severity

if TYPE_CHECKING:
    from ._map_view_base import _MapViewBase

__all__ = ["logger", "minimum_severity", "StandardErrorLines"]

#: The logger every diagnostic goes to.
logger = logging.getLogger("navlayout")

_LEVELS = {0: logging.INFO, 1: logging.WARNING, 2: logging.ERROR}
_SEVERITY_NONE = 3  # NL_SEVERITY_NONE: no handler writes anything

#: map handle -> its Python map view (weak: closing or dropping a map view forgets it).
_map_views: "weakref.WeakValueDictionary[int, _MapViewBase]" = weakref.WeakValueDictionary()
_lock = threading.Lock()
_installed = False


class StandardErrorLines(logging.StreamHandler):  # type: ignore[type-arg]
    """A logging handler that writes what the C library's default writes: one line
    ``navlayout: <line>`` per error on ``sys.stderr`` (warnings and infos are not written).
    The bindings' default (no logging configured) uses one; add one to a logger to get the same
    lines under a logging configuration of one's own."""

    def __init__(self) -> None:
        super().__init__()  # sys.stderr at the time of each write
        self.setLevel(logging.ERROR)
        self.setFormatter(logging.Formatter("navlayout: %(message)s"))


#: The default's handler (used only while no handler is configured, see the module's text).
_default = StandardErrorLines()


def _handler_levels() -> Optional[int]:
    """The least level a configured handler of :data:`logger`'s records writes (``logging``'s own
    walk: the logger, then its ancestors while ``propagate`` holds); ``None`` when no handler is
    configured (the default applies). A :class:`logging.NullHandler` counts as configured but
    writes nothing (a level above every record's)."""
    lowest: Optional[int] = None
    nothing = logging.CRITICAL + 1
    c: Optional[logging.Logger] = logger
    while c is not None:
        for h in c.handlers:
            level = nothing if isinstance(h, logging.NullHandler) else h.level
            if lowest is None or level < lowest:
                lowest = level
        if not c.propagate:
            break
        c = c.parent
    return lowest


def minimum_severity() -> Optional[Severity]:
    """The least severity a record of :data:`logger` would be written at now, with the current
    :mod:`logging` configuration: ``Severity.ERROR`` by default (no handler configured),
    ``Severity.INFO`` under e.g. ``logging.basicConfig(level=logging.INFO)``, ``None`` when nothing
    would be written (``logger.disabled``, a level above ``ERROR``, only ``NullHandler``\\ s). The
    library evaluates only the diagnostic rules of this severity and above for its reports."""
    value = _minimum_severity()
    return None if value == _SEVERITY_NONE else Severity(value)


def _minimum_severity() -> int:
    """:func:`minimum_severity` as the C value (``NL_SEVERITY_*``, 3 for none)."""
    # isEnabledFor reads logging's cache (and covers disabled and logging.disable).
    if logger.isEnabledFor(logging.INFO):
        least = 0
    elif logger.isEnabledFor(logging.WARNING):
        least = 1
    elif logger.isEnabledFor(logging.ERROR):
        least = 2
    else:
        return _SEVERITY_NONE
    lowest = _handler_levels()
    if lowest is None:
        lowest = _default.level
    for severity in range(least, 3):
        if _LEVELS[severity] >= lowest:
            return severity
    return _SEVERITY_NONE


def _on_minimum(user_data: Optional[int], maph: Optional[int]) -> int:
    """The ``nl_diagnostic_minimum_severity`` function: asked at each report."""
    try:
        return _minimum_severity()
    except Exception:  # noqa: BLE001 - never raise into the library; hear everything
        return 0


def _on_diagnostic(user_data: Optional[int], maph: Optional[int], diagnostic: Any) -> None:
    """The ``nl_diagnostic_handler``: one log record per diagnostic, to the configured handlers
    or, with none configured, to the default."""
    try:
        d = diagnostic.contents
        level = _LEVELS.get(int(d.severity), logging.ERROR)
        if not logger.isEnabledFor(level):
            return
        configured = _handler_levels() is not None
        if not configured and level < _default.level:
            return
        map_view = _map_views.get(maph or 0)
        if map_view is not None and map_view._closed:
            map_view = None
        report = _diagnostic_from_struct(map_view, d)
        line = d.log_line.decode("utf-8", "replace") if d.log_line else report.message
        extra = {"navlayout_diagnostic": report, "navlayout_map_view": map_view}
        if configured:
            logger.log(level, "%s", line, extra=extra)
            return
        # logging.Logger.handle without callHandlers' fallback to logging.lastResort.
        record = logger.makeRecord(logger.name, level, __file__, 0, "%s", (line,), None, extra=extra)
        if logger.filter(record):
            _default.handle(record)
    except Exception:  # noqa: BLE001 - never raise into the library
        try:
            logger.exception("navlayout: a diagnostic could not be logged")
        except Exception:  # noqa: BLE001 - a broken logging configuration: nothing left to do
            pass


_THUNK = _ffi.DIAGNOSTIC_CB(_on_diagnostic)
_MINIMUM_THUNK = _ffi.MINIMUM_SEVERITY_CB(_on_minimum)


def _register(map_view: "_MapViewBase") -> None:
    """Routes the library's diagnostics to :data:`logger` (once per process) and remembers
    ``map_view`` so that its records carry it and its items."""
    global _installed
    _map_views[map_view._maph] = map_view
    if not _installed:
        with _lock:
            if not _installed:
                load().nl_set_diagnostic_handler_with_minimum(_THUNK, _MINIMUM_THUNK, None)
                _installed = True


def _unregister(maph: int) -> None:
    _map_views.pop(maph, None)
