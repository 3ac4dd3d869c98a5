"""``python -m navlayout presets``: the device presets of docs/behaviour.md#device-presets, one a line with size and safe
area in points (read from the library), as the Swift CLI's ``navlayout presets`` prints them."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import LibraryNotFoundError, NavLayoutError
from ..map_view import MapView
from ._common import PRESETS, fail, format_points

NAME = "presets"


def register(subparsers: "argparse._SubParsersAction[Any]") -> None:
    """Adds ``presets`` to the command line."""
    p = subparsers.add_parser(
        NAME,
        help="list the device presets (docs/behaviour.md#device-presets)",
        description="List the device presets (docs/behaviour.md#device-presets): size and safe area in points.",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Prints ``name: W × H, safe area (top T, left L, bottom B, right R)[, CarPlay]`` for every
    preset; returns the exit status."""
    try:
        for name in PRESETS:
            with MapView.preset(name) as nav_map:
                w, h = (format_points(v) for v in nav_map.size)
                s = nav_map.safe_area
                car_play = ", CarPlay" if nav_map.car_play else ""
            print(f"{name}: {w} × {h}, safe area (top {format_points(s.top)}, left "
                  f"{format_points(s.left)}, bottom {format_points(s.bottom)}, right "
                  f"{format_points(s.right)}){car_play}")
    except (NavLayoutError, LibraryNotFoundError) as exc:
        return fail(f"navlayout: {exc}")
    return 0
