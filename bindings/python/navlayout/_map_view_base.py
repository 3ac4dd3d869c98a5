"""The map view's plumbing, shared by the parts of :class:`~navlayout.MapView`: its C handle and
lifetime (``close``, context manager, finalizer), the cache that gives every C handle one Python
wrapper, and how events and callbacks run (an exception in host code called from C is recorded,
reported to the library, and re-raised from the Python call that started the event).

:class:`~navlayout.MapView` is assembled from this base, :mod:`navlayout.navigation` (events and
navigation settings), :mod:`navlayout.built_in_layout` (legacy settings and guides) and
:mod:`navlayout.map_view` (creation, delegate, geometry, factories, animation, results)."""

from __future__ import annotations

from ctypes import byref, c_bool, c_int32
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple, Type, cast

from . import _ffi
from ._ffi import check, encode, fail, load
from ._args import _flag
from .animation import _forget_animations
from .anchors import LayoutItem, _Wrapper
from .constraints import Constraint
from .diagnostic_log import _register as _register_for_diagnostics
from .diagnostic_log import _unregister as _unregister_for_diagnostics
from .delegate import (
    LayoutDelegate,
    _callback_depth,
    _DelegateRecord,
    _free_parked_records,
    _local,
    _release_targets,
)
from .errors import InvalidHandleError, error_for_status
from .guides import LayoutGuide
from .values import LayoutDirection, ViewKind
from .views import HidingStack, PromptView, View

if TYPE_CHECKING:
    from .map_view import MapView

_NL_ERR_INVALID_HANDLE = 2  # the map view is already gone


class _MapViewBase(View):
    """Handle, lifetime, wrapper cache and event plumbing of :class:`~navlayout.MapView`."""

    _kind = "view"

    def _setup(self, maph: int, *, car_play: bool, layout_direction: LayoutDirection) -> None:
        lib = load()
        root = lib.nl_map_view_root(maph)
        if not root:
            lib.nl_map_view_destroy(maph)
            fail("nl_map_view_root")
        self._maph = maph
        self._map = self
        self._h = root
        self._init_cache()
        # (kind, handle) -> the one wrapper of that handle; kind is "view", "guide", "constraint".
        self._objects: Dict[Tuple[str, int], _Wrapper] = {("view", root): self}
        self._delegate: Optional[LayoutDelegate] = None
        # token -> record of the delegate the library holds (at most one; see _on_release).
        self._delegate_records: Dict[int, _DelegateRecord] = {}
        self._pending: List[BaseException] = []
        self._closed = False
        _register_for_diagnostics(self)

    # -- lifetime ----------------------------------------------------------------------------

    def _maph_checked(self) -> int:
        if self._closed:
            raise InvalidHandleError("the map view was closed")
        return self._maph

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._closed

    def close(self) -> None:
        """Destroys the map view and everything it owns; idempotent. Afterwards every wrapper
        of this map view raises InvalidHandleError.

        Raises:
            ReentrantError: when called from inside one of this map view's callbacks.
            BusyError: when another thread is inside a call on this map view (one of its
                callbacks, say); call ``close`` again once it has returned.
            In both cases nothing is destroyed and this wrapper stays usable: the map view
            still calls its delegate, whose callbacks stay alive.
        """
        if self._closed:
            return
        status = load().nl_map_view_destroy(self._maph)
        if status not in (0, _NL_ERR_INVALID_HANDLE):
            # Refused: the C map view lives on, with the delegate's callbacks, so nothing here
            # may change (until 2026-12-02 a refusal with BUSY still dropped the callbacks, and
            # the map view then called freed ctypes thunks).
            check(status)
        self._closed = True
        _unregister_for_diagnostics(self._maph)
        _forget_animations(self)
        self._objects.clear()
        self._delegate = None
        # nl_map_view_destroy called release for the delegate; drop what is left anyway (the
        # library no longer calls anything of this map view).
        for token in list(self._delegate_records):
            _release_targets.pop(token, None)
        self._delegate_records.clear()
        _free_parked_records()
        self._pending.clear()

    def __enter__(self) -> "MapView":
        return cast("MapView", self)  # every _MapViewBase is a MapView

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            if not getattr(self, "_closed", True):
                self.close()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass

    # -- wrapper cache ---------------------------------------------------------------------------

    def _wrap_view(self, handle: int, cls: Optional[Type[View]] = None) -> View:
        key = ("view", handle)
        obj = self._objects.get(key)
        if obj is None:
            if cls is None:
                # The first time the bindings see this handle (a component, the built-in
                # layout's stack, a prompt): ask the library what it is.
                kind = c_int32()
                check(load().nl_view_kind_of(handle, byref(kind)))
                cls = {
                    ViewKind.HIDING_STACK: HidingStack,
                    ViewKind.PROMPT: PromptView,
                }.get(ViewKind(kind.value), View)
            obj = cls._bind(self, handle)
            self._objects[key] = obj
        return cast(View, obj)

    def _wrap_guide(self, handle: int) -> LayoutGuide:
        key = ("guide", handle)
        obj = self._objects.get(key)
        if obj is None:
            obj = LayoutGuide._bind(self, handle)
            self._objects[key] = obj
        return cast(LayoutGuide, obj)

    def _wrap_constraint(self, handle: int) -> Constraint:
        key = ("constraint", handle)
        obj = self._objects.get(key)
        if obj is None:
            obj = Constraint._bind(self, handle)
            self._objects[key] = obj
        return cast(Constraint, obj)

    def _wrap_item(self, handle: int) -> LayoutItem:
        """A diagnostic item: a view or a guide handle."""
        for kind in ("view", "guide"):
            obj = self._objects.get((kind, handle))
            if obj is not None:
                return cast(LayoutItem, obj)
        probe = c_int32()
        if load().nl_view_kind_of(handle, byref(probe)) == 0:
            return self._wrap_view(handle)
        return self._wrap_guide(handle)

    def _forget(self, kind: str, handle: int) -> None:
        self._objects.pop((kind, handle), None)

    # -- callbacks and events --------------------------------------------------------------------

    def _run_callback(self, where: str, thunk: Callable[[], Any]) -> None:
        """Run host code called from C; on an exception, record it and report the failure."""
        _local.depth = _callback_depth() + 1
        try:
            thunk()
        except BaseException as exc:  # noqa: BLE001 - re-raised from the event's call
            if self._closed:
                return
            if self._pending:
                add_note = getattr(self._pending[0], "add_note", None)  # Python >= 3.11
                if add_note is not None:
                    add_note(f"another callback also failed ({where}): {exc!r}")
            else:
                self._pending.append(exc)
            msg = f"{where} raised {type(exc).__name__}: {exc}"
            load().nl_map_view_fail_callback(self._maph, encode(msg.replace("\x00", " ")))
        finally:
            _local.depth -= 1

    def _event(self, fn: Callable[..., int], *args: Any) -> None:
        """Call a C function that may run callbacks; re-raise a callback's exception."""
        # Only the exceptions of the callbacks this call runs are its own: inside a callback, an
        # earlier callback's pending exception (of the same event, or of a session that runs in
        # one C call) stays pending for the call that started it.
        earlier, self._pending = self._pending, []
        try:
            status = fn(self._maph_checked(), *args)
        finally:
            mine, self._pending = self._pending, earlier
        _free_parked_records()
        if mine:
            exc = mine[0]
            if status != 0 and exc.__cause__ is None:
                exc.__cause__ = error_for_status(status, _ffi.last_error_message())
                exc.__suppress_context__ = True
            raise exc
        check(status)

    def _prompt(self, handle: int) -> PromptView:
        obj = self._objects.get(("view", handle))
        if obj is None:
            obj = self._wrap_view(handle, PromptView)
        return cast(PromptView, obj)

    def _get_flag(self, fn: Callable[..., int]) -> bool:
        """Reads a map-view flag through ``fn(map_view, bool *out)``."""
        out = c_bool()
        check(fn(self._maph_checked(), byref(out)))
        return bool(out.value)

    def _set_flag(self, fn: Callable[..., int], value: Any, name: str) -> None:
        """Sets a map-view flag through ``fn(map_view, bool)`` (not an event)."""
        check(fn(self._maph_checked(), _flag(value, name)))
