"""``python -m navlayout gallery``: :func:`navlayout.gallery` for one of the example delegates
on every preset (or those of ``--presets``), one SVG per step and ``OUT/index.html``; the Swift
CLI's ``navlayout gallery``. Exits 1 when any error-severity diagnostic appears."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import LibraryNotFoundError, NavLayoutError
from ..gallery import gallery
from ._common import DELEGATES, PRESETS, PRESETS_EPILOG, fail, fail_writing, make_delegate

NAME = "gallery"


def register(subparsers: "argparse._SubParsersAction[Any]") -> None:
    """Adds ``gallery`` to the command line."""
    p = subparsers.add_parser(
        NAME,
        help="draw the session on every preset: one SVG per step and an HTML page",
        description="Drive the session (ready, guidance, each prompt kind, rotation where the "
                    "preset has a landscape twin, stop) on every preset; write one SVG per step "
                    "and OUT/index.html. Exits 1 when any error-severity diagnostic appears.",
        epilog=PRESETS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--delegate", choices=list(DELEGATES), default="sample",
                   help="the layout delegate (default: sample; builtin: the map view's own layout)")
    p.add_argument("--out", metavar="DIR", default="gallery",
                   help="the output directory (default: gallery)")
    p.add_argument("--presets", metavar="A,B,...", default="",
                   help="only these presets, comma-separated (in the order of the preset list)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Runs ``gallery`` with parsed arguments; returns the exit status."""
    names = list(PRESETS)
    if args.presets:
        wanted = args.presets.split(",")
        for n in wanted:
            if n not in PRESETS:
                return fail(f'unknown preset "{n}"')
        names = [n for n in PRESETS if n in wanted]
    name = args.delegate
    try:
        result = gallery(lambda: make_delegate(name), names, args.out, title=name,
                         stream=sys.stderr, summary=sys.stdout)
    except OSError as exc:
        return fail_writing("navlayout", "--out", args.out, exc)
    except (NavLayoutError, LibraryNotFoundError) as exc:
        return fail(f"navlayout: {exc}")
    return 1 if result.errors > 0 else 0
