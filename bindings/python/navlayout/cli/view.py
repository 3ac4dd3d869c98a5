"""``python -m navlayout view``: the standard session recorded as one self-contained HTML page
(:func:`navlayout.viewer.write`), as the Swift CLI's ``navlayout view`` writes it — for one of the
example delegates, or for a delegate written in Python (``--delegate MODULE:CALLABLE`` or
``--delegate path/to/file.py:CALLABLE``). Exits 1 when the delegate failed (the page shows where),
2 for usage errors and library errors."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import sys
from typing import Any, Callable, Optional

from ..delegate import LayoutDelegate
from ..errors import LibraryNotFoundError, NavLayoutError
from ..viewer import write
from .._files import output_file_problem
from ._common import DELEGATES, PRESETS, PRESETS_EPILOG, fail, fail_writing

NAME = "view"


def register(subparsers: "argparse._SubParsersAction[Any]") -> None:
    """Adds ``view`` to the command line."""
    p = subparsers.add_parser(
        NAME,
        help="record the standard session as one HTML page to explore in a browser",
        description="Record the standard session (ready, guidance, each prompt kind shown and "
                    "dismissed, a map pan and re-center, the speed widget's modes, the rotation or "
                    "split view where the preset has one, stop, disable) and write one "
                    "self-contained HTML page: the device, every view, the timeline with the "
                    "animations sampled at 60 per second, each view's frame and constraints, the "
                    "diagnostics. Exits 1 when the delegate failed (the page shows where).",
        epilog=PRESETS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--delegate", default="sample", metavar="{sample,wide,builtin,MODULE:CALLABLE}",
                   help="the layout delegate: an example (default: sample; builtin: the map view's "
                        "own layout), or MODULE:CALLABLE / FILE.py:CALLABLE making yours")
    p.add_argument("--preset", default="iphone-portrait", metavar="NAME",
                   help="the device preset (default: iphone-portrait)")
    p.add_argument("--out", metavar="FILE", default="viewer.html",
                   help="the page to write (default: viewer.html)")
    p.add_argument("--rtl", action="store_true", help="run right-to-left")
    p.set_defaults(run=run)


def _factory(spec: str) -> Optional[Callable[[], Optional[LayoutDelegate]]]:
    """The delegate factory a ``--delegate`` value names. Raises ValueError saying why not."""
    if spec in DELEGATES:
        return DELEGATES[spec]
    module_name, sep, attribute = spec.rpartition(":")
    if not sep or not module_name or not attribute:
        raise ValueError(f'unknown --delegate "{spec}"; delegates: {", ".join(DELEGATES)}, or MODULE:CALLABLE')
    try:
        if module_name.endswith(".py"):
            path = os.path.abspath(module_name)
            loaded = importlib.util.spec_from_file_location(os.path.splitext(os.path.basename(path))[0], path)
            if loaded is None or loaded.loader is None:
                raise ImportError(f"cannot load {module_name}")
            module = importlib.util.module_from_spec(loaded)
            sys.path.insert(0, os.path.dirname(path))
            try:
                loaded.loader.exec_module(module)
            finally:
                sys.path.remove(os.path.dirname(path))
        else:
            module = importlib.import_module(module_name)
    except Exception as exc:  # noqa: BLE001 - reported as a usage error naming --delegate
        raise ValueError(f"--delegate {spec}: cannot import {module_name}: {type(exc).__name__}: {exc}") from exc
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise ValueError(f"--delegate {spec}: {module_name} has no callable {attribute}")
    return factory  # type: ignore[no-any-return]


def run(args: argparse.Namespace) -> int:
    """Runs ``view`` with parsed arguments; returns the exit status."""
    if args.preset not in PRESETS:
        return fail(f'navlayout view: unknown --preset "{args.preset}"; presets: {", ".join(PRESETS)}')
    try:
        factory = _factory(args.delegate)
    except ValueError as exc:
        return fail(f"navlayout view: {exc}")
    title = args.delegate
    if args.preset == "carplay" and factory is not None:
        # CarPlay map views refuse delegates (docs/behaviour.md#setting-the-layout-delegate): the Swift CLI says so and runs builtin.
        print(f"navlayout: {args.preset} is a CarPlay screen, which refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate); "
              "running with the built-in layout", file=sys.stderr)
        factory = None
    problem = output_file_problem(args.out, show=str)
    if problem is not None:
        return fail(f"navlayout view: cannot write --out {args.out}: {problem[1]}")
    try:
        result = write(factory, args.preset, args.out, rtl=args.rtl, title=title)
    except OSError as exc:
        return fail_writing("navlayout view", "--out", args.out, exc)
    except (NavLayoutError, LibraryNotFoundError) as exc:
        return fail(f"navlayout view: {exc}")
    for failure in result.failures:
        print(f"navlayout view: the delegate failed: {failure}", file=sys.stderr)
    print(f"view: {args.out} — {result.steps} steps, {result.errors} error and {result.warnings} "
          "warning diagnostics; open it in a browser")
    return 1 if result.failures else 0
