"""Pure-Python parts: value types, enums, error classes (no library needed)."""

import pytest

import navlayout as nl

pytestmark = pytest.mark.nolib


def test_geometry_named_tuples():
    r = nl.Rect(1, 2, 3, 4)
    assert (r.x, r.y, r.width, r.height) == (1, 2, 3, 4)
    assert r.max_x == 4 and r.max_y == 6
    assert r.center == nl.Point(2.5, 4.0)
    assert nl.Insets() == (0, 0, 0, 0)
    assert nl.Insets(59, 0, 34, 0).bottom == 34
    assert nl.Size(3, 4).height == 4


def test_enum_values_match_header():
    assert [a.value for a in nl.AnchorAttribute] == list(range(10))
    assert nl.ButtonType.COMPASS == 1 and nl.ButtonType.REPORTING == 2
    assert nl.PromptKind.BETTER_ROUTE == 3
    assert nl.Curve.EASE_IN_OUT == 0 and nl.Curve.LINEAR == 1
    assert nl.StackPosition.BOTTOM == 2 and nl.StackAlignment.TRAILING == 1
    assert nl.Corner.TOP == nl.Corner.MIN_X_MIN_Y | nl.Corner.MAX_X_MIN_Y == 3
    assert nl.Priority.REQUIRED == 1000 and nl.Priority.FITTING_SIZE == 50
    assert nl.UIStateKind.ACTIVE_GUIDANCE == 2
    assert nl.DiagnosticCode.WIDE_MODE_CARDS_NOT_LEADING.spec_name == "wideModeCardsNotLeading"


def test_unknown_button_types_stay_ints():
    from navlayout.values import button_type

    assert button_type(1) is nl.ButtonType.COMPASS
    assert button_type(77) == 77 and type(button_type(77)) is int


@pytest.mark.parametrize(
    "cls,status",
    [
        (nl.InvalidArgumentError, 1),
        (nl.InvalidHandleError, 2),
        (nl.InvalidStateError, 3),
        (nl.NavigationEnabledError, 4),
        (nl.CarPlayError, 5),
        (nl.ReentrantError, 6),
        (nl.NoCommonAncestorError, 7),
        (nl.UnsatisfiableError, 8),
        (nl.DuplicateError, 9),
        (nl.UnknownError, 10),
        (nl.CallbackFailedError, 11),
        (nl.LimitExceededError, 12),
        (nl.InternalError, 99),
    ],
)
def test_one_error_class_per_status(cls, status):
    from navlayout.errors import error_for_status

    err = error_for_status(status, "why")
    assert type(err) is cls and isinstance(err, nl.NavLayoutError)
    assert err.status == status and str(err) == "why"


def test_invalid_argument_is_a_value_error():
    assert issubclass(nl.InvalidArgumentError, ValueError)
    assert issubclass(nl.LibraryNotFoundError, ImportError)


def test_missing_library_message(monkeypatch, tmp_path):
    from navlayout import _ffi

    monkeypatch.setattr(_ffi, "_lib", None)
    monkeypatch.setenv("NAVLAYOUT_LIBRARY", str(tmp_path / "nope.so"))
    with pytest.raises(nl.LibraryNotFoundError, match="NAVLAYOUT_LIBRARY"):
        _ffi.load()
