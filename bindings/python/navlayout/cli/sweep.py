"""``python -m navlayout sweep``: :func:`navlayout.sweep` for one of the example delegates — the
standard session at every size from ``--from`` to ``--to`` points along ``--axis``, printed as
bands (the library's ``nl_sweep_text``, so the output is the Swift CLI's ``navlayout sweep``);
``--out DIR`` also writes the sweep page and one viewer page per band; ``--json`` prints the
result as JSON. Exits 1 when a band has an error-severity diagnostic or a delegate failure."""

from __future__ import annotations

import argparse
import sys
from typing import Any, List

from ..errors import LibraryNotFoundError, NavLayoutError
from ..size_sweep import DEFAULT_SAMPLE_STEP, sweep
from ..values import Insets, LayoutDirection, Severity
from ._common import DELEGATES, fail

NAME = "sweep"


def _insets(text: str) -> Insets:
    parts = text.split(",")
    if len(parts) != 4:
        raise argparse.ArgumentTypeError(f'"{text}" must be four numbers T,L,B,R')
    try:
        return Insets(*(float(p) for p in parts))
    except ValueError:
        raise argparse.ArgumentTypeError(f'"{text}" must be four numbers T,L,B,R') from None


def register(subparsers: "argparse._SubParsersAction[Any]") -> None:
    """Adds ``sweep`` to the command line."""
    p = subparsers.add_parser(
        NAME,
        help="find the sizes at which a layout changes or breaks: bands along one axis",
        description="Run the standard session at every size from A to B points along the axis "
                    "(default: width 320 to 1400 at height 1180, or height 320 to 1400 at width "
                    "820; insets 24,0,20,0 as the iPad's) and print the bands: maximal ranges "
                    "with the same wide mode, diagnostics (step, code, items) and delegate "
                    "failures. Sizes are sampled every S points, then bisected where the result "
                    "changes: each boundary is exact to 0.01 pt. A Python delegate runs in one "
                    "worker process per processor. Exits 1 when a band has an error diagnostic or "
                    "a delegate failure.",
    )
    p.add_argument("--delegate", choices=list(DELEGATES), default="sample",
                   help="the layout delegate (default: sample; builtin: the map view's own layout)")
    p.add_argument("--axis", choices=["width", "height"], default="width", help="the axis to sweep (default: width)")
    p.add_argument("--from", dest="start", metavar="A", type=float, default=320.0, help="first size (points; default 320)")
    p.add_argument("--to", dest="stop", metavar="B", type=float, default=1400.0, help="last size (points; default 1400)")
    p.add_argument("--height", metavar="H", type=float, help="the fixed height of a width sweep (default 1180)")
    p.add_argument("--width", metavar="W", type=float, help="the fixed width of a height sweep (default 820)")
    p.add_argument("--insets", metavar="T,L,B,R", type=_insets, default=Insets(24, 0, 20, 0),
                   help="safe-area insets in points (default 24,0,20,0)")
    p.add_argument("--rtl", action="store_true", help="right-to-left")
    p.add_argument("--step", metavar="S", type=float, default=DEFAULT_SAMPLE_STEP,
                   help="points between the first samples (default 8)")
    p.add_argument("--processes", metavar="N", type=int, default=None,
                   help="worker processes (default: one per processor)")
    p.add_argument("--out", metavar="DIR", default="", help="write DIR/index.html and DIR/band-N.html")
    p.add_argument("--json", action="store_true", help="print the result as JSON (docs/sweep-schema.md)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Runs ``sweep`` with parsed arguments; returns the exit status."""
    if args.axis == "width" and args.width is not None:
        return fail("navlayout sweep: --width is the swept axis; give the fixed size with --height")
    if args.axis == "height" and args.height is not None:
        return fail("navlayout sweep: --height is the swept axis; give the fixed size with --width")
    fixed = {"height": 1180.0 if args.height is None else args.height} if args.axis == "width" else \
        {"width": 820.0 if args.width is None else args.width}
    make = DELEGATES[args.delegate]
    direction = LayoutDirection.RIGHT_TO_LEFT if args.rtl else LayoutDirection.LEFT_TO_RIGHT
    try:
        result = sweep(make, args.axis, args.start, args.stop, safe_area=args.insets, layout_direction=direction,
                       sample_step=args.step, processes=args.processes, title=args.delegate, **fixed)
        if args.out:
            result.write_html(args.out, make)
    except OSError as exc:
        reason = getattr(exc.__cause__, "strerror", None) or exc.strerror  # write_html names the argument itself
        return fail(f"navlayout sweep: cannot write --out {args.out}: {reason}")
    except (NavLayoutError, LibraryNotFoundError, ValueError, TypeError) as exc:
        return fail(f"navlayout sweep: {exc}")
    if args.json:
        print(result.json)
    else:
        sys.stdout.write(result.text)
    if args.out:
        n = len(result.bands)
        print(f"sweep page: {args.out}/index.html ({n} viewer page{'' if n == 1 else 's'} next to it); open it in a browser")
    bad: List[bool] = [bool(b.failures) or any(d.severity == Severity.ERROR for d in b.diagnostics)
                       for b in result.bands]
    return 1 if any(bad) else 0
