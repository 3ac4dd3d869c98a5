"""Navigation UI state objects (docs/behaviour.md#state-objects): the read-only snapshots handed to layout-delegate
methods — :class:`NavigationReadyUIState`, :class:`ActiveGuidanceUIState` (both
:class:`NavigationUIState`) and their :class:`Button` entries — and how they are read from the
library's ``nl_ui_state`` handles."""

from __future__ import annotations

from ctypes import byref, c_bool, c_int32, c_size_t
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, NamedTuple, Optional, Tuple, Union

from . import _ffi
from ._ffi import check, fail, load
from .values import ButtonType, Size, UIStateKind, button_type
from .views import View

if TYPE_CHECKING:
    from ._map_view_base import _MapViewBase

__all__ = ["Button", "NavigationUIState", "NavigationReadyUIState", "ActiveGuidanceUIState"]


class Button(NamedTuple):
    """A navigation button: its ``type`` (:class:`ButtonType`, or a raw ``int`` for types this
    version does not know) and its ``view``. Find buttons by type, never by index."""

    type: Union[ButtonType, int]
    view: View


@dataclass(frozen=True, eq=False, repr=False)
class NavigationUIState:
    """A read-only snapshot of a navigation UI state, handed to delegate methods (docs/behaviour.md#state-objects).

    Frozen: assigning to (or deleting) an attribute raises
    :class:`dataclasses.FrozenInstanceError`, an ``AttributeError``, as Swift's ``let``
    properties and C's getter-only ``nl_ui_state`` are read-only. Compared by identity.

    Attributes:
        kind: :class:`UIStateKind`.
        google_logo, viewport: the logo and the (invisible) viewport views.
        buttons: tuple of :class:`Button`, in the library's order (find them by type).
        wide_mode: whether the safe-area width is >= 600 points.
        map_size: the map view's :class:`Size` in points when the state was made.
        turn_card, eta_card, trip_progress_bar, speed_widget: views in active guidance (typed
            ``View`` on :class:`ActiveGuidanceUIState`), ``None`` in the navigation-ready state
            (typed ``None`` on :class:`NavigationReadyUIState`).
    """

    kind: UIStateKind
    google_logo: View
    viewport: View
    buttons: Tuple[Button, ...]
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


@dataclass(frozen=True, eq=False, repr=False)
class NavigationReadyUIState(NavigationUIState):
    """Navigation enabled, no guidance: logo, viewport, buttons ``[compass]``; no cards, trip
    progress bar or speed widget (those attributes are ``None``)."""

    turn_card: None
    eta_card: None
    trip_progress_bar: None
    speed_widget: None


@dataclass(frozen=True, eq=False, repr=False)
class ActiveGuidanceUIState(NavigationUIState):
    """Active guidance: adds turn card, ETA card, trip progress bar, speed widget (never
    ``None`` here), and buttons ``[compass, reporting]`` (reporting while incident reporting is
    enabled)."""

    turn_card: View
    eta_card: View
    trip_progress_bar: View
    speed_widget: View


def _read_state(map_view: "_MapViewBase", handle: int) -> NavigationUIState:
    """The state object for the library's ``nl_ui_state`` ``handle`` (valid during a callback);
    its views are ``map_view``'s wrappers. Raises the library's error if a view a state always
    has is missing."""
    lib = load()
    kind = c_int32()
    check(lib.nl_ui_state_kind_of(handle, byref(kind)))
    k = UIStateKind(kind.value)

    def view(getter: Callable[[int], Optional[int]], what: str) -> View:
        h = getter(handle)
        if not h:
            fail(f"the state's {what}")
        return map_view._wrap_view(h)

    wide = c_bool()
    check(lib.nl_ui_state_wide_mode(handle, byref(wide)))
    size = _ffi.nl_size()
    check(lib.nl_ui_state_map_size(handle, byref(size)))
    count = c_size_t()
    check(lib.nl_ui_state_button_count(handle, byref(count)))
    buttons = []
    for i in range(count.value):
        t = c_int32()
        bh = lib.nl_ui_state_button(handle, i, byref(t))
        if not bh:
            fail(f"button {i}")
        buttons.append(Button(button_type(t.value), map_view._wrap_view(bh)))
    common = (
        k,
        view(lib.nl_ui_state_google_logo, "google logo"),
        view(lib.nl_ui_state_viewport, "viewport"),
        tuple(buttons),
        bool(wide.value),
        Size(size.width, size.height),
    )
    if k == UIStateKind.ACTIVE_GUIDANCE:
        return ActiveGuidanceUIState(
            *common,
            turn_card=view(lib.nl_ui_state_turn_card, "turn card"),
            eta_card=view(lib.nl_ui_state_eta_card, "ETA card"),
            trip_progress_bar=view(lib.nl_ui_state_trip_progress_bar, "trip progress bar"),
            speed_widget=view(lib.nl_ui_state_speed_widget, "speed widget"),
        )
    return NavigationReadyUIState(
        *common, turn_card=None, eta_card=None, trip_progress_bar=None, speed_widget=None
    )
