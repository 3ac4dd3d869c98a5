"""Animations (UIKit's ``animate(withDuration:animations:completion:)``): one pair of
process-wide ctypes trampolines for the changes block and the completion; ``user_data`` is a
token into a registry of :class:`_Animation` records, each holding its map view weakly. The
public entry point is :meth:`MapView.animate <navlayout.MapView.animate>`."""

from __future__ import annotations

import inspect
import weakref
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional

from . import _ffi
from ._ffi import load
from ._args import _enum, _number
from .delegate import _tokens
from .errors import CallbackFailedError, NavLayoutError
from .values import Curve

if TYPE_CHECKING:
    from ._map_view_base import _MapViewBase


class _Animation:
    __slots__ = ("map_ref", "changes", "completion", "completion_takes_arg")

    def __init__(self, map_view: "_MapViewBase", changes: Optional[Callable[[], Any]],
                 completion: Optional[Callable[..., Any]]) -> None:
        self.map_ref = weakref.ref(map_view)
        self.changes = changes
        self.completion = completion
        self.completion_takes_arg = True
        if completion is not None:
            try:
                sig = inspect.signature(completion)
                positional = [
                    p for p in sig.parameters.values()
                    if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)
                ]
                self.completion_takes_arg = bool(positional)
            except (TypeError, ValueError):
                self.completion_takes_arg = True




_animations: Dict[int, _Animation] = {}


def _on_changes(user_data: Optional[int]) -> None:
    anim = _animations.get(user_data or 0)
    if anim is None or anim.changes is None:
        return
    map_view = anim.map_ref()
    if map_view is None:
        return
    map_view._run_callback("animation block", anim.changes)


def _on_completion(user_data: Optional[int], finished: bool) -> None:
    anim = _animations.pop(user_data or 0, None)
    if anim is None or anim.completion is None:
        return
    map_view = anim.map_ref()
    if map_view is None:
        return
    completion = anim.completion
    if anim.completion_takes_arg:
        map_view._run_callback("animation completion", lambda: completion(bool(finished)))
    else:
        map_view._run_callback("animation completion", completion)


_CHANGES_THUNK = _ffi.CHANGES_CB(_on_changes)
_COMPLETION_THUNK = _ffi.COMPLETION_CB(_on_completion)


def _animate(
    map_view: "_MapViewBase",
    duration: float,
    changes: Optional[Callable[[], Any]],
    completion: Optional[Callable[..., Any]],
    curve: Curve,
) -> None:
    """:meth:`MapView.animate`'s work: check the arguments, register the animation and run
    ``nl_map_view_animate`` (an event). The record stays registered only while a completion is
    pending."""
    d = _number(duration, "duration")
    c = _enum(curve, "curve", Curve)
    if changes is not None and not callable(changes):
        raise TypeError("changes must be callable or None")
    if completion is not None and not callable(completion):
        raise TypeError("completion must be callable or None")
    map_view._maph_checked()
    token = next(_tokens)
    _animations[token] = _Animation(map_view, changes, completion)
    lib = load()
    try:
        map_view._event(
            lib.nl_map_view_animate,
            d,
            c,
            _CHANGES_THUNK if changes is not None else _ffi.CHANGES_CB(),
            _COMPLETION_THUNK if completion is not None else _ffi.COMPLETION_CB(),
            token,
        )
    except NavLayoutError as exc:
        if not isinstance(exc, CallbackFailedError):
            _animations.pop(token, None)
        raise
    finally:
        if completion is None:
            _animations.pop(token, None)
        else:
            anim = _animations.get(token)
            if anim is not None:
                anim.changes = None


def _forget_animations(map_view: "_MapViewBase") -> None:
    """Drops the pending animations of a closed map view (their completions never run)."""
    for token in [t for t, a in _animations.items() if a.map_ref() is map_view]:
        _animations.pop(token, None)
