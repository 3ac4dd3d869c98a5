"""Layout delegates (docs/behaviour.md#navigation-state-machine): the :class:`LayoutDelegate` base class a host subclasses, the check
of what a delegate implements, and the plumbing that hands it to the library — one ctypes
trampoline per implemented method, the ``nl_layout_delegate`` struct, and the record that keeps
both alive until the library releases the delegate."""

from __future__ import annotations

import ctypes
import inspect
import itertools
import threading
import weakref
from ctypes import byref
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

from . import _ffi
from ._ffi import load
from .states import (
    ActiveGuidanceUIState,
    NavigationReadyUIState,
    NavigationUIState,
    _read_state,
)
from .views import PromptView

if TYPE_CHECKING:
    from ._map_view_base import _MapViewBase
    from .map_view import MapView

__all__ = ["LayoutDelegate"]


class LayoutDelegate:
    """Base class of custom layout delegates (docs/behaviour.md#navigation-state-machine). Override the methods you need; only
    overridden methods are registered with the library, the others are "not implemented".

    Methods run synchronously inside the navigation event that caused them (e.g.
    :meth:`MapView.start_guidance`). They may create, (de)activate and change constraints,
    add and remove views, read frames and call :meth:`MapView.animate`, but not call events
    (ReentrantError). An exception raised in a method is reported to the library (the event
    returns NL_ERR_CALLBACK_FAILED) and the original exception is re-raised from the Python call
    that started the event; the navigation transition itself is not undone.

    The map view keeps the delegate alive (a strong reference) while it is set, and only then:
    replacing it, resetting to ``None`` or closing the map view lets it go. Attributes with
    the names of the methods below must be callable with the documented arguments
    (:meth:`MapView.set_layout_delegate` raises TypeError otherwise).
    """

    def enable_navigation_ui(self, nav_map: "MapView", new_state: NavigationReadyUIState) -> None:
        """Navigation was enabled: build the navigation-ready layout."""

    def disable_navigation_ui(self, nav_map: "MapView", old_state: NavigationReadyUIState) -> None:
        """Navigation was disabled: remove what the delegate added."""

    def start_guidance(
        self,
        nav_map: "MapView",
        new_state: ActiveGuidanceUIState,
        old_state: NavigationReadyUIState,
    ) -> None:
        """Guidance started: switch to the active-guidance layout."""

    def stop_guidance(
        self,
        nav_map: "MapView",
        new_state: NavigationReadyUIState,
        old_state: ActiveGuidanceUIState,
    ) -> None:
        """Guidance stopped: back to the navigation-ready layout."""

    def size_changed(self, nav_map: "MapView", new_state: NavigationUIState) -> None:
        """The map size or safe area changed (``new_state`` has the new size and wide mode)."""

    def show_prompt(self, nav_map: "MapView", new_prompt: PromptView) -> None:
        """A prompt should appear (it arrives sized; add it to the hierarchy)."""

    def hide_prompt(self, nav_map: "MapView", old_prompt: PromptView) -> None:
        """The prompt should go away (remove it, e.g. at the end of an animation)."""

    def change_prompt(
        self, nav_map: "MapView", new_prompt: PromptView, old_prompt: PromptView
    ) -> None:
        """A new prompt replaces the shown one."""


_STATE_METHODS = ("enable_navigation_ui", "disable_navigation_ui", "size_changed")
_TWO_STATE_METHODS = ("start_guidance", "stop_guidance")
_PROMPT_METHODS = ("show_prompt", "hide_prompt")
_TWO_PROMPT_METHODS = ("change_prompt",)
_DELEGATE_METHODS = _STATE_METHODS + _TWO_STATE_METHODS + _PROMPT_METHODS + _TWO_PROMPT_METHODS


#: Positional arguments each delegate method receives after ``self``.
_ARGUMENTS = {
    "enable_navigation_ui": "nav_map, new_state",
    "disable_navigation_ui": "nav_map, old_state",
    "start_guidance": "nav_map, new_state, old_state",
    "stop_guidance": "nav_map, new_state, old_state",
    "size_changed": "nav_map, new_state",
    "show_prompt": "nav_map, new_prompt",
    "hide_prompt": "nav_map, old_prompt",
    "change_prompt": "nav_map, new_prompt, old_prompt",
}


#: A delegate method's name folded to lower case without underscores -> the Python name. The iOS
#: (Swift) names fold to the same keys: ``enableNavigationUI`` -> ``enablenavigationui``.
_FOLDED_NAMES = {name.replace("_", ""): name for name in _DELEGATE_METHODS}


def _refuse_foreign_names(delegate: Any) -> None:
    """Raises TypeError when the delegate's class defines a delegate method under another
    spelling — the iOS (Swift) camelCase name (``startGuidance``) or any other mix of case and
    underscores — and not under the Python name, which is the only one the bindings call: such a
    method would silently never run (issue 14). The message names the method to rename."""
    for klass in type(delegate).__mro__:
        if klass is LayoutDelegate or klass is object:
            continue
        for attr in vars(klass):
            python_name = _FOLDED_NAMES.get(attr.replace("_", "").lower())
            if python_name is None or attr == python_name:
                continue
            overridden = getattr(getattr(delegate, python_name, None), "__func__", None)
            if overridden is not getattr(LayoutDelegate, python_name):
                continue  # the Python name is implemented too: the other one is the host's own
            raise TypeError(
                f"{type(delegate).__name__}.{attr} is never called: the Python bindings call "
                f"{python_name}({_ARGUMENTS[python_name]}) (the iOS/Swift name is spelled the Python "
                f"way here); rename {attr} to {python_name}"
            )


def _implemented_methods(delegate: Any) -> List[str]:
    """The delegate methods ``delegate`` implements (overrides), checked for use.

    Raises TypeError for anything but a :class:`LayoutDelegate` instance, for a delegate method
    name bound to something not callable, for a method that cannot take its arguments, and for a
    delegate method spelled the iOS way (``startGuidance``) instead of the Python way."""
    if isinstance(delegate, type):
        raise TypeError(
            f"set_layout_delegate expects a LayoutDelegate instance, not the class "
            f"{delegate.__name__} itself (call it: {delegate.__name__}())"
        )
    if not isinstance(delegate, LayoutDelegate):
        raise TypeError(
            "set_layout_delegate expects an instance of a navlayout.LayoutDelegate subclass, or "
            f"None for the built-in layout; got {type(delegate).__name__}"
        )
    _refuse_foreign_names(delegate)
    names = []
    for name in _DELEGATE_METHODS:
        attr = getattr(delegate, name)
        if not callable(attr):
            raise TypeError(
                f"{type(delegate).__name__}.{name} must be a method, not "
                f"{type(attr).__name__} (delete it to leave the callback unimplemented)"
            )
        if getattr(attr, "__func__", None) is getattr(LayoutDelegate, name):
            continue  # not overridden: not registered
        try:
            signature = inspect.signature(attr)
        except (TypeError, ValueError):  # builtins, some C callables: trust them
            signature = None
        if signature is not None:
            try:
                signature.bind(*([None] * (_ARGUMENTS[name].count(",") + 1)))
            except TypeError:
                raise TypeError(
                    f"{type(delegate).__name__}.{name}{signature} cannot be called as "
                    f"{name}({_ARGUMENTS[name]})"
                ) from None
        names.append(name)
    return names


# --------------------------------------------------------------------------------------------
# Delegate lifetime. The map view holds the record (struct + ctypes thunks + the delegate) of the
# delegate the library currently has, keyed by a token passed to C as user_data; the library
# calls ``release(user_data)`` exactly once when it drops that delegate (replaced, reset to the
# built-in layout, or the map view destroyed), and only then is the record freed. A record is
# never freed while a Python callback runs on this thread (it is parked until the outermost
# event returns), so a ctypes thunk is never freed under a running call.
# --------------------------------------------------------------------------------------------


class _DelegateRecord:
    __slots__ = ("delegate", "struct", "thunks")

    def __init__(self, delegate: Any, struct: Any, thunks: List[Any]) -> None:
        self.delegate = delegate
        self.struct = struct
        self.thunks = thunks


#: token -> the map view holding the record (weak: a map view and its delegate may form a cycle
#: that the garbage collector must be able to free).
_release_targets: "Dict[int, weakref.ReferenceType[_MapViewBase]]" = {}
_local = threading.local()  # .depth: Python callbacks running on this thread; .parked: records


def _callback_depth() -> int:
    return getattr(_local, "depth", 0)


def _on_release(user_data: Optional[int]) -> None:
    """``nl_layout_delegate.release``: the library will never call this delegate again."""
    token = user_data or 0
    ref = _release_targets.pop(token, None)
    map_view = ref() if ref is not None else None
    if map_view is None:
        return
    record = map_view._delegate_records.pop(token, None)
    if record is not None and _callback_depth() > 0:
        parked = getattr(_local, "parked", None)
        if parked is None:
            parked = _local.parked = []
        parked.append(record)


def _free_parked_records() -> None:
    """Drops records released during a callback, once no Python callback runs on this thread."""
    if _callback_depth() == 0 and getattr(_local, "parked", None):
        _local.parked = []


_RELEASE_THUNK = _ffi.RELEASE_CB(_on_release)


#: Tokens passed to C as ``user_data``: delegate records and animations (one counter for both).
_tokens = itertools.count(1)


def _make_trampoline(map_view: "_MapViewBase", delegate: object, name: str) -> Any:
    """The ctypes callback the library calls for ``delegate``'s method ``name``: it wraps the C
    arguments (states, prompts) for ``map_view`` and runs the method through
    ``map_view._run_callback`` (which records an exception and reports the failure to C). Holds
    the map view weakly."""
    ref = weakref.ref(map_view)
    method = getattr(delegate, name)
    where = f"{type(delegate).__name__}.{name}"

    def dispatch(make_args: Callable[["_MapViewBase"], Tuple[Any, ...]]) -> None:
        m = ref()
        if m is None or m._closed:
            return
        m._run_callback(where, lambda: method(m, *make_args(m)))

    if name in _STATE_METHODS:
        def cb(ud: Any, maph: Any, state: int) -> None:
            dispatch(lambda m: (_read_state(m, state),))
        return _ffi.STATE_CB(cb)
    if name in _TWO_STATE_METHODS:
        def cb2(ud: Any, maph: Any, new: int, old: int) -> None:
            dispatch(lambda m: (_read_state(m, new), _read_state(m, old)))
        return _ffi.TWO_STATES_CB(cb2)
    if name in _PROMPT_METHODS:
        def cb3(ud: Any, maph: Any, prompt: int) -> None:
            dispatch(lambda m: (m._prompt(prompt),))
        return _ffi.PROMPT_CB(cb3)

    def cb4(ud: Any, maph: Any, new: int, old: int) -> None:
        dispatch(lambda m: (m._prompt(new), m._prompt(old)))
    return _ffi.TWO_PROMPTS_CB(cb4)


def _set_layout_delegate(map_view: "_MapViewBase", delegate: Optional[LayoutDelegate]) -> None:
    """:meth:`MapView.set_layout_delegate`'s work: check ``delegate``, build its struct and
    trampolines, record them under a fresh token and hand the struct to the library (an event).
    On refusal nothing is kept (the library will not call ``release``)."""
    lib = load()
    map_view._maph_checked()
    if delegate is None:
        map_view._event(lib.nl_map_view_set_layout_delegate, None)
        map_view._delegate = None
        return
    names = _implemented_methods(delegate)
    token = next(_tokens)
    struct = _ffi.nl_layout_delegate()
    struct.struct_size = ctypes.sizeof(_ffi.nl_layout_delegate)
    struct.user_data = token
    struct.release = _RELEASE_THUNK
    thunks = []
    for name in names:
        thunk = _make_trampoline(map_view, delegate, name)
        setattr(struct, name, thunk)
        thunks.append(thunk)
    map_view._delegate_records[token] = _DelegateRecord(delegate, struct, thunks)
    _release_targets[token] = weakref.ref(map_view)
    try:
        map_view._event(lib.nl_map_view_set_layout_delegate, byref(struct))
    except BaseException:
        # Refused: the library did not keep it and will not call release.
        _release_targets.pop(token, None)
        map_view._delegate_records.pop(token, None)
        raise
    map_view._delegate = delegate
