"""Snapshot tests of a navigation layout (issue 15): :func:`assert_layout_snapshot`, a plain
function that works in pytest (and in any test runner)::

    import navlayout as nl
    from navlayout.testing import assert_layout_snapshot

    def test_guidance_layout():
        with nl.MapView.preset("iphone-portrait") as nav_map:
            nav_map.set_layout_delegate(MyDelegate())
            nav_map.navigation_enabled = True
            nav_map.start_guidance()
            assert_layout_snapshot(nav_map, "guidance")

The first run records the golden snapshot next to the test — ``__snapshots__/guidance.json`` (the
map view's :meth:`~navlayout.MapView.snapshot_json`, schema ``navlayout.snapshot/1``) and
``guidance.svg`` (its picture) — and passes. Later runs compare the layout with it: frames (to
0.001 pt), diagnostics (code, severity, items) and the camera. On a difference the test fails with
an ``AssertionError`` whose message is a table of the views that moved (before, after), and a
side-by-side HTML diff is written next to the golden (``guidance.diff.html``). Run the tests with
``NAVLAYOUT_RECORD_SNAPSHOTS=1`` to record every snapshot again (review the new SVGs, then commit
them). The comparison is the library's (``nl_snapshot_compare``, ``nl_snapshot_diff_page``), the
same as Swift's NavLayoutTesting.
"""

from __future__ import annotations

import ctypes
import os
import sys
from typing import Optional

from ._args import _number
from ._ffi import check, encode, fail, load, take_string
from ._files import make_directories, write_text
from .errors import InvalidArgumentError
from .map_view import MapView

__all__ = ["RECORD_ENVIRONMENT_VARIABLE", "SNAPSHOT_FOLDER", "assert_layout_snapshot"]

#: Set to ``1`` to record every snapshot again instead of comparing.
RECORD_ENVIRONMENT_VARIABLE = "NAVLAYOUT_RECORD_SNAPSHOTS"
#: The folder next to the calling test file where snapshots go by default.
SNAPSHOT_FOLDER = "__snapshots__"


def _default_directory() -> str:
    """``__snapshots__`` next to the file of :func:`assert_layout_snapshot`'s caller (the current
    directory's when the caller has no file, e.g. an interactive session)."""
    caller = sys._getframe(2).f_code.co_filename
    base = os.path.dirname(os.path.abspath(caller)) if os.path.isfile(caller) else os.getcwd()
    return os.path.join(base, SNAPSHOT_FOLDER)


def _write(path: str, text: str) -> None:
    write_text(path, text, "directory")


def _remove(path: str) -> None:
    try:
        os.remove(path)
    except FileNotFoundError:
        pass


def assert_layout_snapshot(
    map_view: MapView,
    name: str,
    directory: Optional[str] = None,
    *,
    tolerance: float = 0.001,
) -> str:
    """Asserts that ``map_view``'s layout matches the golden snapshot ``name`` (see the module's
    documentation), recording it when there is none or ``NAVLAYOUT_RECORD_SNAPSHOTS=1``.

    Args:
        map_view: the map view, in the moment to pin (e.g. active guidance).
        name: the snapshot's file name without extension (no ``/``, not empty).
        directory: where the snapshots are (created when recording); default ``__snapshots__``
            next to the calling test's file.
        tolerance: points two frames may differ by (default 0.001, the snapshots' precision).

    Returns:
        ``"recorded"`` or ``"matched"``.

    Raises:
        AssertionError: the layout differs from the golden snapshot; the message is the table of
            differences, the diff page's path and how to re-record.
        TypeError: ``map_view`` is not a :class:`~navlayout.MapView`.
        InvalidArgumentError: a bad ``name``; a golden file that is not a snapshot.
        OSError: ``directory`` cannot be created or written (the message names ``directory``).
    """
    if not isinstance(map_view, MapView):
        raise TypeError(f"map_view must be a navlayout.MapView, not {type(map_view).__name__}")
    if not isinstance(name, str) or not name or "/" in name or os.sep in name or "\x00" in name or name in (".", ".."):
        raise InvalidArgumentError(
            f"name must be a file name without '/' (the snapshot is directory/name.json), not {name!r}")
    tol = _number(tolerance, "tolerance")
    folder = directory if directory is not None else _default_directory()
    base = os.path.join(folder, name)
    golden_path, svg_path, diff_path = base + ".json", base + ".svg", base + ".diff.html"
    current = map_view.snapshot_json()
    if os.environ.get(RECORD_ENVIRONMENT_VARIABLE) == "1" or not os.path.exists(golden_path):
        make_directories(folder, "directory")
        _write(golden_path, current)
        _write(svg_path, map_view.snapshot_svg(name))
        _remove(diff_path)
        return "recorded"
    with open(golden_path, encoding="utf-8") as f:
        golden = f.read()
    lib = load()
    matches = ctypes.c_bool()
    table = ctypes.c_void_p()
    status = lib.nl_snapshot_compare(encode(golden), encode(current), tol, ctypes.byref(matches), ctypes.byref(table))
    if status != 0:
        try:
            check(status)
        except InvalidArgumentError as exc:
            raise InvalidArgumentError(
                f"{golden_path}: {exc}; record it again with {RECORD_ENVIRONMENT_VARIABLE}=1") from exc
    text = take_string(table.value) or ""
    if matches.value:
        _remove(diff_path)
        return "matched"
    golden_svg = ""
    if os.path.exists(svg_path):
        with open(svg_path, encoding="utf-8") as f:
            golden_svg = f.read()
    page = take_string(lib.nl_snapshot_diff_page(encode(golden), encode(golden_svg), encode(current),
                                                 encode(map_view.snapshot_svg(name)), tol,
                                                 encode(f"{name} ({golden_path})")))
    if page is None:
        fail("nl_snapshot_diff_page")
    _write(diff_path, page)
    raise AssertionError(
        f'layout snapshot "{name}" does not match its golden snapshot {golden_path}:\n{text}'
        f"side-by-side diff: {diff_path}\n"
        f"to accept the new layout, run again with {RECORD_ENVIRONMENT_VARIABLE}=1")
