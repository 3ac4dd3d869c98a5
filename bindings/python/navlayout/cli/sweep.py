"""``python -m navlayout sweep``: :func:`navlayout.sweep` for one of the example delegates — the
standard session at every size from ``--from`` to ``--to`` points along ``--axis``, printed as
bands (the library's ``nl_sweep_text``, so the output is the Swift CLI's ``navlayout sweep``);
``--out DIR`` also writes the sweep page and one viewer page per band; ``--json`` prints the
result as JSON. Exits 1 when a band has an error-severity diagnostic or a delegate failure."""

from __future__ import annotations

import argparse
import math
import re
import sys
from typing import Any, List

from ..errors import LibraryNotFoundError, NavLayoutError
from ..size_sweep import DEFAULT_SAMPLE_STEP, sweep
from ..values import Insets, LayoutDirection, Severity
from ._common import DELEGATES, fail, fail_writing, format_points

NAME = "sweep"


class _BadFlag(Exception):
    """A flag's value that is not what it must be; the message names the flag."""


def _points(flag: str, text: str) -> float:
    """A number of points given with ``flag``, as the Swift CLI reads it (``pointsArgument`` in
    Sources/navlayout/Sweep.swift, with the same messages): NaN and infinities are refused."""
    try:
        if "_" in text or text != text.strip():
            raise ValueError(text)  # Python's float() takes "1_000" and " 5"; Swift's Double() does not
        value = float(text)
    except ValueError:
        raise _BadFlag(f'{flag} "{text}" is not a number') from None
    if not math.isfinite(value):
        raise _BadFlag(f"{flag} must be a finite number of points, not {format_points(value)}")
    return value


def _insets(text: str) -> Insets:
    """``--insets T,L,B,R`` (points; blanks around the numbers allowed, as in Swift)."""
    parts = [p.strip(" \t") for p in text.split(",")]
    if len(parts) != 4:
        raise _BadFlag(f'--insets "{text}" must be four numbers T,L,B,R')
    return Insets(*(_points("--insets", p) for p in parts))


#: The arguments of navlayout.sweep as the command line spells them: the library's messages name
#: ``start``, ``stop``, ``safe_area.top``, …; this command names the flags the user gave (the
#: Swift CLI passes the same names to SweepConfiguration.validate(names:)).
_FLAGS = {"start": "--from", "stop": "--to", "height": "--height", "width": "--width",
          "safe_area": "--insets", "sample_step": "--step"}
#: Where the library's messages name an argument: first, and after "than " / "at " ("stop (500)
#: must be greater than start (500)", "safe_area does not fit the map view at start (320 pt)").
_ARGUMENT = re.compile(r"(^|than |at )(start|stop|height|width|safe_area|sample_step)(?:\.(top|left|bottom|right))?\b")


def _with_flags(message: str) -> str:
    """A message of :func:`navlayout.sweep` with its argument names replaced by the flags."""
    return _ARGUMENT.sub(lambda m: m.group(1) + _FLAGS[m.group(2)] + (f" {m.group(3)}" if m.group(3) else ""), message)


#: The flags whose value may start with "-" ("--insets -1,0,0,0", "--from -1e3"): argparse takes
#: such a value for an option unless it is a plain negative number.
_NUMBER_FLAGS = ("--from", "--to", "--height", "--width", "--insets", "--step")
_NEGATIVE = re.compile(r"-\.?\d")


def join_negative_values(argv: List[str]) -> List[str]:
    """``argv`` with ``FLAG VALUE`` written ``FLAG=VALUE`` where a number flag's value starts
    like a negative number, so that argparse reads it as the Swift CLI does (and the library says
    what is wrong with it) instead of "expected one argument"."""
    out: List[str] = []
    i = 0
    while i < len(argv):
        if argv[i] in _NUMBER_FLAGS and i + 1 < len(argv) and _NEGATIVE.match(argv[i + 1]):
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
        else:
            out.append(argv[i])
            i += 1
    return out


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
    # The numbers are read in run(): their messages are the Swift CLI's, one line naming the flag.
    p.add_argument("--from", dest="start", metavar="A", default="320", help="first size (points; default 320)")
    p.add_argument("--to", dest="stop", metavar="B", default="1400", help="last size (points; default 1400)")
    p.add_argument("--height", metavar="H", help="the fixed height of a width sweep (default 1180)")
    p.add_argument("--width", metavar="W", help="the fixed width of a height sweep (default 820)")
    p.add_argument("--insets", metavar="T,L,B,R", default="24,0,20,0",
                   help="safe-area insets in points (default 24,0,20,0)")
    p.add_argument("--rtl", action="store_true", help="right-to-left")
    p.add_argument("--step", metavar="S", default=format_points(DEFAULT_SAMPLE_STEP),
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
    try:
        start, stop = _points("--from", args.start), _points("--to", args.stop)
        if args.axis == "width":
            fixed = {"height": _points("--height", "1180" if args.height is None else args.height)}
        else:
            fixed = {"width": _points("--width", "820" if args.width is None else args.width)}
        insets, step = _insets(args.insets), _points("--step", args.step)
        if args.processes is not None and not 1 <= args.processes <= 256:
            raise _BadFlag(f"--processes must be a whole number from 1 to 256, not {args.processes}")
    except _BadFlag as exc:
        return fail(f"navlayout sweep: {exc}")
    make = DELEGATES[args.delegate]
    direction = LayoutDirection.RIGHT_TO_LEFT if args.rtl else LayoutDirection.LEFT_TO_RIGHT
    try:
        result = sweep(make, args.axis, start, stop, safe_area=insets, layout_direction=direction,
                       sample_step=step, processes=args.processes, title=args.delegate, **fixed)
        if args.out:
            result.write_html(args.out, make)
    except OSError as exc:
        return fail_writing("navlayout sweep", "--out", args.out, exc)
    except (NavLayoutError, LibraryNotFoundError, ValueError, TypeError) as exc:
        return fail(f"navlayout sweep: {_with_flags(str(exc))}")
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
