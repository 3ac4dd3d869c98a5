"""``python -m navlayout demo``: the scripted session (:func:`navlayout.demo.drive_session`) with
a delegate on a preset, printing every step's frames and camera — or a JSON snapshot of each
step — and optionally one SVG per step with an HTML page; the Swift CLI's ``navlayout demo``."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, List, Tuple

from ..demo import describe, drive_session, set_delegate_or_warn
from ..errors import LibraryNotFoundError, NavLayoutError
from ..gallery import markup_escape
from ..map_view import MapView
from .._files import make_directories, write_text
from ._common import DELEGATES, PRESETS_EPILOG, fail, fail_writing, make_delegate

NAME = "demo"


def register(subparsers: "argparse._SubParsersAction[Any]") -> None:
    """Adds ``demo`` to the command line."""
    p = subparsers.add_parser(
        NAME,
        help="drive the standard session with a delegate and print each step",
        description="Drive enable → guidance → incident prompt (0, 0.2, 0.4 s) → dismissed → "
                    "stop → disable on a device preset with a layout delegate and print each "
                    "step's frames and camera.",
        epilog=PRESETS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("name", nargs="?", metavar="NAME",
                   help="the device preset (same as --preset; wins when both are given)")
    p.add_argument("--preset", default="iphone-portrait",
                   help="the device preset (default: iphone-portrait)")
    p.add_argument("--delegate", choices=list(DELEGATES), default="sample",
                   help="sample: the seed's sample layout (default); wide: the example with a "
                        "wide-mode variant; builtin: the map view's own layout")
    p.add_argument("--json", action="store_true",
                   help="print a JSON snapshot of each step instead of the table "
                        "(schema: docs/snapshot-schema.md)")
    p.add_argument("--svg", metavar="DIR", default="",
                   help="also write one SVG per step and DIR/index.html showing them in order")
    p.set_defaults(run=run)


def _file_name(step: str) -> str:
    """A step name as a file name: letters and digits kept, everything else ``-``."""
    return "".join(c if c.isalnum() else "-" for c in step)


def _index_page(preset: str, delegate: str, pictures: List[Tuple[str, str]]) -> str:
    """``DIR/index.html``: the step pictures in order (the Swift CLI's page, byte for byte;
    well-formed XML whatever the names hold, issue 17)."""
    e = markup_escape
    html = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"/>'
            f"<title>navlayout demo — {e(preset)}</title>")
    html += ("<style>body{font-family:Helvetica,Arial,sans-serif;margin:16px} "
             "figure{display:inline-block;margin:8px;vertical-align:top} "
             "img{max-height:480px}</style></head><body>\n")
    html += f"<h1>navlayout demo — {e(preset)}, delegate {e(delegate)}</h1>\n"
    for i, (step, file) in enumerate(pictures):
        html += (f'<figure><img src="{e(file)}" alt="{e(step)}"/>'
                 f"<figcaption>{i + 1}. {e(step)}</figcaption></figure>\n")
    return html + "</body></html>\n"


def run(args: argparse.Namespace) -> int:
    """Runs ``demo`` with parsed arguments; returns the exit status (2 on a library error)."""
    preset: str = args.name or args.preset
    svg_dir: str = args.svg
    if svg_dir:
        try:
            make_directories(svg_dir, "svg")
        except OSError as exc:
            return fail_writing("navlayout", "--svg", svg_dir, exc)
    pictures: List[Tuple[str, str]] = []
    snapshots: List[str] = []
    try:
        with MapView.preset(preset) as nav_map:
            set_delegate_or_warn(nav_map, preset, make_delegate(args.delegate),
                                 lambda message: print(message, file=sys.stderr))

            def after_step(step: str) -> None:
                if args.json:
                    snapshots.append(f'{{"step":"{step}","snapshot":{nav_map.snapshot_json()}}}')
                else:
                    print(f"== {step} ==")
                    for line in describe(nav_map):
                        print(line)
                if svg_dir:
                    file = f"{len(pictures) + 1:02d}-{_file_name(step)}.svg"
                    write_text(os.path.join(svg_dir, file), nav_map.snapshot_svg(title=f"{preset} · {step}"), "svg")
                    pictures.append((step, file))

            drive_session(nav_map, after_step)
    except (NavLayoutError, LibraryNotFoundError) as exc:
        sys.stdout.flush()
        return fail(f"navlayout: {exc}")
    except OSError as exc:
        sys.stdout.flush()
        return fail_writing("navlayout", "--svg", svg_dir, exc)
    if args.json:
        print(f'{{"preset":"{preset}","delegate":"{args.delegate}","steps":[')
        print(",\n".join(snapshots))
        print("]}")
    if svg_dir:
        try:
            write_text(os.path.join(svg_dir, "index.html"), _index_page(preset, args.delegate, pictures), "svg")
        except OSError as exc:
            return fail_writing("navlayout", "--svg", svg_dir, exc)
        print(f"navlayout: wrote {len(pictures)} SVGs and index.html to {svg_dir}", file=sys.stderr)
    return 0
