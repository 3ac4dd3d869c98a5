"""Navigation UI state objects (SPEC §3): the read-only snapshots handed to layout-delegate
methods — :class:`NavigationReadyUIState`, :class:`ActiveGuidanceUIState` (both
:class:`NavigationUIState`) and their :class:`Button` entries — and how they are read from the
library's ``nl_ui_state`` handles."""

from __future__ import annotations

from ctypes import byref, c_bool, c_int32, c_size_t
from typing import TYPE_CHECKING, List, NamedTuple, Optional, Union

from . import _ffi
from ._ffi import check, fail, load
from .values import ButtonType, Size, UIStateKind, button_type
from .views import View

if TYPE_CHECKING:
    from .map_view import MapView

__all__ = ["Button", "NavigationUIState", "NavigationReadyUIState", "ActiveGuidanceUIState"]


class Button(NamedTuple):
    """A navigation button: its ``type`` (:class:`ButtonType`, or a raw ``int`` for types this
    version does not know) and its ``view``. Find buttons by type, never by index."""

    type: Union[ButtonType, int]
    view: View


class NavigationUIState:
    """A read-only snapshot of a navigation UI state, handed to delegate methods.

    Attributes:
        kind: :class:`UIStateKind`.
        google_logo, viewport: the logo and the (invisible) viewport views.
        buttons: list of :class:`Button`.
        wide_mode: whether the safe-area width is >= 600 points.
        map_size: the map view's :class:`Size` in points.
        turn_card, eta_card, trip_progress_bar, speed_widget: views in active guidance,
            ``None`` in the navigation-ready state.
    """

    kind: UIStateKind
    google_logo: View
    viewport: View
    buttons: List[Button]
    wide_mode: bool
    map_size: Size
    turn_card: Optional[View]
    eta_card: Optional[View]
    trip_progress_bar: Optional[View]
    speed_widget: Optional[View]

    def button(self, type: Union[ButtonType, int]) -> Optional[View]:
        """The view of the first button of ``type``, or ``None``."""
        for b in self.buttons:
            if b.type == type:
                return b.view
        return None

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} buttons={[b.type for b in self.buttons]} "
            f"wide_mode={self.wide_mode} map_size={tuple(self.map_size)}>"
        )


class NavigationReadyUIState(NavigationUIState):
    """Navigation enabled, no guidance: logo, viewport, buttons ``[compass]``."""


class ActiveGuidanceUIState(NavigationUIState):
    """Active guidance: adds turn card, ETA card, trip progress bar, speed widget, and buttons
    ``[compass, reporting]`` (reporting while incident reporting is enabled)."""


def _read_state(map_view: "MapView", handle: int) -> NavigationUIState:
    """The state object for the library's ``nl_ui_state`` ``handle`` (valid during a callback);
    its views are ``map_view``'s wrappers."""
    lib = load()
    kind = c_int32()
    check(lib.nl_ui_state_kind_of(handle, byref(kind)))
    k = UIStateKind(kind.value)
    state: NavigationUIState = (
        ActiveGuidanceUIState() if k == UIStateKind.ACTIVE_GUIDANCE else NavigationReadyUIState()
    )
    state.kind = k

    def view_or_none(h: Optional[int]) -> Optional[View]:
        return map_view._wrap_view(h) if h else None

    state.google_logo = view_or_none(lib.nl_ui_state_google_logo(handle))  # type: ignore
    state.viewport = view_or_none(lib.nl_ui_state_viewport(handle))  # type: ignore
    state.turn_card = view_or_none(lib.nl_ui_state_turn_card(handle))
    state.eta_card = view_or_none(lib.nl_ui_state_eta_card(handle))
    state.trip_progress_bar = view_or_none(lib.nl_ui_state_trip_progress_bar(handle))
    state.speed_widget = view_or_none(lib.nl_ui_state_speed_widget(handle))
    wide = c_bool()
    check(lib.nl_ui_state_wide_mode(handle, byref(wide)))
    state.wide_mode = bool(wide.value)
    size = _ffi.nl_size()
    check(lib.nl_ui_state_map_size(handle, byref(size)))
    state.map_size = Size(size.width, size.height)
    count = c_size_t()
    check(lib.nl_ui_state_button_count(handle, byref(count)))
    buttons = []
    for i in range(count.value):
        t = c_int32()
        bh = lib.nl_ui_state_button(handle, i, byref(t))
        if not bh:
            fail(f"button {i}")
        buttons.append(Button(button_type(t.value), map_view._wrap_view(bh)))
    state.buttons = buttons
    return state
