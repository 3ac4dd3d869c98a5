"""Scripted navigation sessions (issue 14): the workbench's standard session and the demo session
of docs/behaviour.md#the-sample-delegate, run by the library on a :class:`~navlayout.MapView` with whatever delegate it has —
the same code ``navlayout view`` and ``navlayout gallery`` run (``nl_map_view_run_session``).

::

    import navlayout as nl
    from navlayout.session import run_session

    with nl.MapView.preset("iphone-portrait") as nav_map:
        nav_map.set_layout_delegate(MyDelegate())
        recording = run_session(nav_map, preset="iphone-portrait", record=True)
"""

from __future__ import annotations

import ctypes
from typing import Callable, List, NamedTuple, Optional

from . import _ffi
from ._ffi import check, encode, load, take_string
from .delegate import _free_parked_records
from .map_view import MapView

__all__ = ["STANDARD", "DEMO", "SessionStep", "run_session"]

#: The workbench's standard session: ready, guidance, each prompt kind shown and dismissed, a map
#: pan and the re-center, the speed widget's modes (limit only, none, both), the resize to the
#: preset's twin and back where it has one, guidance stopped, navigation disabled; every step
#: runs the clock in 1/60 s ticks until the animations are done.
STANDARD = "standard"
#: The demo session of docs/behaviour.md#acceptance-values (``python -m navlayout``'s table).
DEMO = "demo"

_SCRIPTS = {STANDARD: 0, DEMO: 1}


class SessionStep(NamedTuple):
    """One step as the observer sees it: its position in the script (0-based), name, and the
    errors its events raised (a delegate method that raised: ``"startGuidance(): … raised
    RuntimeError: boom"``)."""

    position: int
    name: str
    failures: List[str]


def run_session(
    nav_map: MapView,
    *,
    script: str = STANDARD,
    preset: Optional[str] = None,
    title: Optional[str] = None,
    observe: Optional[Callable[[SessionStep], None]] = None,
    record: bool = False,
) -> Optional[str]:
    """Runs a scripted session on ``nav_map`` with its delegate (a Python delegate, or none: the
    built-in layout).

    A delegate method that raises does not stop the session: the transition still happens
    (docs/behaviour.md#navigation-state-machine), the failure is recorded in its step and handed to ``observe``, and the session goes
    on. ``observe(step)`` runs after each step, at rest; it may read the map view (frames,
    diagnostics, snapshots) but not send events (they raise ReentrantError).

    Args:
        nav_map: a map view with navigation disabled.
        script: :data:`STANDARD` or :data:`DEMO`.
        preset: the device preset (docs/behaviour.md#device-presets) ``nav_map`` was made from, or None: it picks the standard
            session's resize twin and is named in the recording.
        title: the run's name in the recording (e.g. the delegate's).
        observe: called after each step with a :class:`SessionStep`.
        record: also record the session (animations sampled every 1/60 s).

    Returns:
        The recording, JSON of schema ``navlayout.recording/1`` (docs/recording-schema.md), when
        ``record`` is true; else None.

    Raises:
        InvalidArgumentError: an unknown ``script`` or ``preset``.
        NavigationEnabledError: navigation is enabled (the sessions start by enabling it).
        ReentrantError: called from inside one of the map view's callbacks.
        Whatever ``observe`` raises (the session stops there; nothing is returned).
    """
    if script not in _SCRIPTS:
        from .errors import InvalidArgumentError

        raise InvalidArgumentError(f"script must be {STANDARD!r} or {DEMO!r}, not {script!r}")
    opts = _ffi.nl_session_options()
    opts.struct_size = ctypes.sizeof(_ffi.nl_session_options)
    opts.script = _SCRIPTS[script]
    opts.preset = encode(preset)
    opts.title = encode(title)
    raised: List[BaseException] = []

    def trampoline(_user: Optional[int], _map: Optional[int], index: int, name: Optional[bytes],
                   failures: Optional[bytes]) -> int:
        if observe is None:
            return 0
        try:
            text = (failures or b"").decode("utf-8", "replace")
            observe(SessionStep(int(index), (name or b"").decode("utf-8", "replace"),
                                text.split("\n") if text else []))
            return 0
        except BaseException as exc:  # noqa: BLE001 - re-raised after the C call returns
            raised.append(exc)
            return 1

    callback = _ffi.SESSION_OBSERVER_CB(trampoline) if observe is not None else _ffi.SESSION_OBSERVER_CB()
    out = ctypes.c_void_p()
    status = load().nl_map_view_run_session(nav_map._maph_checked(), ctypes.byref(opts), callback, None,
                                             ctypes.byref(out) if record else None)
    # Delegate exceptions are in the steps' failures (and the recording), not raised.
    nav_map._pending.clear()
    _free_parked_records()
    if raised:
        raise raised[0]
    check(status)
    return take_string(out.value) if record else None
