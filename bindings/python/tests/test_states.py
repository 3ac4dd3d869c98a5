"""Navigation state objects are read-only snapshots (issue 16 item 7) whose types say what each
state always has (issue 18): a typed delegate reads ``new_state.turn_card`` in active guidance
without a cast, and mypy refuses both an assignment to a state and a card of the ready state."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

import navlayout as nl

PACKAGE_ROOT = Path(__file__).resolve().parent.parent  # bindings/python


def _states(nav_map):
    """The ready and active-guidance states the library hands to a delegate (enable, start)."""
    got = {}

    class Recorder(nl.LayoutDelegate):
        def enable_navigation_ui(self, nav_map, new_state):
            got["ready"] = new_state

        def start_guidance(self, nav_map, new_state, old_state):
            got["active"] = new_state

    nav_map.set_layout_delegate(Recorder())
    nav_map.navigation_enabled = True
    nav_map.start_guidance()
    return got["ready"], got["active"]


def test_assigning_to_a_state_attribute_raises(nav_map):
    ready, active = _states(nav_map)
    other = nav_map.make_view("other")
    for state in (ready, active):
        for name in ("kind", "google_logo", "viewport", "buttons", "wide_mode", "map_size",
                     "turn_card", "eta_card", "trip_progress_bar", "speed_widget"):
            before = getattr(state, name)
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(state, name, other)
            with pytest.raises(AttributeError):  # FrozenInstanceError is an AttributeError
                delattr(state, name)
            assert getattr(state, name) is before
        with pytest.raises(AttributeError):
            state.extra = 1  # no new attributes either


def test_buttons_are_an_immutable_tuple(nav_map):
    ready, active = _states(nav_map)
    # docs/behaviour.md#navigation-state-machine: ready has [compass], active guidance [compass, reporting].
    assert isinstance(ready.buttons, tuple) and isinstance(active.buttons, tuple)
    assert [b.type for b in ready.buttons] == [nl.ButtonType.COMPASS]
    assert [b.type for b in active.buttons] == [nl.ButtonType.COMPASS, nl.ButtonType.REPORTING]
    with pytest.raises(AttributeError):
        active.buttons.append(active.buttons[0])  # a tuple has no append


def test_each_state_has_what_it_always_has(nav_map):
    ready, active = _states(nav_map)
    assert type(ready) is nl.NavigationReadyUIState and ready.kind == nl.UIStateKind.NAVIGATION_READY
    assert type(active) is nl.ActiveGuidanceUIState and active.kind == nl.UIStateKind.ACTIVE_GUIDANCE
    # The ready state has no cards (C: nl_ui_state_turn_card gives NULL), active guidance has all
    # four, with their SDK roles.
    assert (ready.turn_card, ready.eta_card, ready.trip_progress_bar, ready.speed_widget) == (
        None, None, None, None)
    assert [v.role for v in (active.turn_card, active.eta_card, active.trip_progress_bar,
                             active.speed_widget)] == [
        "turnCard", "etaCard", "tripProgressBar", "speedWidget"]
    assert active.google_logo.role == "googleLogo" and active.viewport.role == "viewport"


def test_states_compare_by_identity(nav_map):
    ready, active = _states(nav_map)
    assert ready == ready and ready != active
    assert len({ready, active}) == 2  # hashable, as before they were frozen


_TYPED_DELEGATE = '''\
import navlayout as nl


class Typed(nl.LayoutDelegate):
    def start_guidance(self, nav_map: nl.MapView, new_state: nl.ActiveGuidanceUIState,
                       old_state: nl.NavigationReadyUIState) -> None:
        card: nl.View = new_state.turn_card
        nl.activate([card.bottom_anchor.constraint(equal_to=nav_map.top_anchor),
                     new_state.eta_card.top_anchor.constraint(equal_to=nav_map.bottom_anchor)])

    def size_changed(self, nav_map: nl.MapView, new_state: nl.NavigationUIState) -> None:
        if new_state.turn_card is not None:
            new_state.turn_card.hidden = False
        logo: nl.View = new_state.google_logo
        logo.hidden = False
'''

_MISTAKES = '''\
import navlayout as nl


def ready_has_no_card(state: nl.NavigationReadyUIState) -> None:
    state.turn_card.hidden = True


def any_state_may_have_none(state: nl.NavigationUIState) -> None:
    state.eta_card.hidden = True


def states_are_read_only(state: nl.ActiveGuidanceUIState) -> None:
    state.wide_mode = True
'''


def _mypy(tmp_path, name, source):
    api = pytest.importorskip("mypy.api", reason="mypy is installed by scripts/setup.sh")
    path = tmp_path / name
    path.write_text(source)
    env_path = os.environ.get("MYPYPATH")
    if Path(nl.__file__).resolve().parent.parent == PACKAGE_ROOT:
        os.environ["MYPYPATH"] = str(PACKAGE_ROOT)  # this checkout's package (conftest.py)
    # else the installed package, which mypy finds by its py.typed marker
    try:
        out, err, status = api.run(["--strict", "--no-incremental", "--no-error-summary",
                                    "--show-error-codes", str(path)])
    finally:
        if env_path is None:
            os.environ.pop("MYPYPATH", None)
        else:
            os.environ["MYPYPATH"] = env_path
    return out + err, status


def test_a_typed_delegate_needs_no_cast(tmp_path):
    out, status = _mypy(tmp_path, "typed_delegate.py", _TYPED_DELEGATE)
    assert status == 0, out


def test_mypy_refuses_a_ready_card_and_an_assignment(tmp_path):
    out, status = _mypy(tmp_path, "mistakes.py", _MISTAKES)
    assert status == 1
    lines = sorted(line.split(": error: ")[0].rsplit(":", 1)[1] + ": " + line.split(": error: ")[1]
                   for line in out.splitlines() if ": error: " in line)
    assert lines == [
        '13: Property "wide_mode" defined in "ActiveGuidanceUIState" is read-only  [misc]',
        '5: "None" has no attribute "hidden"  [attr-defined]',
        '9: Item "None" of "View | None" has no attribute "hidden"  [union-attr]',
    ], out
