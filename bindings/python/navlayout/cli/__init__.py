"""``python -m navlayout``: the command line, with the Swift CLI's sub-commands and flags.

::

    python -m navlayout demo [--preset] [NAME] [--delegate sample|wide|builtin] [--json] [--svg DIR]
    python -m navlayout gallery [--delegate sample|wide|builtin] [--out DIR] [--presets A,B,...]
    python -m navlayout view [--delegate sample|wide|builtin|MODULE:CALLABLE] [--preset NAME] [--out FILE] [--rtl]
    python -m navlayout presets
    python -m navlayout sweep [--delegate D] [--axis width|height] [--from A] [--to B] [--height H]
                              [--insets T,L,B,R] [--rtl] [--step S] [--out DIR] [--json]
    python -m navlayout --version

Each sub-command takes ``--help``. Output, files and exit statuses are those of the Swift CLI
(``swift run navlayout …``; tests/test_cli.py compares them): usage errors and library errors exit
with status 2 and a message on stderr, ``gallery`` exits 1 when an error-severity diagnostic
appears. As before the sub-commands existed, ``python -m navlayout PRESET`` runs ``demo PRESET``.

Adding a sub-command: write a module here with ``register(subparsers)`` — it adds its parser with
``help``/``description`` and sets ``run`` (a function of the parsed arguments returning the exit
status) with ``set_defaults`` — and list the module in :data:`COMMANDS`.
"""

from __future__ import annotations

import argparse
import sys
from types import ModuleType
from typing import List, Optional, Sequence

from . import demo, gallery, presets, sweep, view
from ._common import PRESETS, PRESETS_EPILOG, fail

__all__ = ["COMMANDS", "main", "parser"]

#: The sub-commands, in the order ``--help`` lists them.
COMMANDS: Sequence[ModuleType] = (demo, gallery, view, presets, sweep)


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m navlayout`` with every sub-command of :data:`COMMANDS`."""
    from .. import __version__

    p = argparse.ArgumentParser(
        prog="python -m navlayout",
        description="NavLayout: run a layout delegate through the standard navigation session "
                    "on a device preset and print or draw every step (the Swift CLI's commands).",
        epilog=PRESETS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="store_true",
                   help=f"print the package's version ({__version__}) and the library's")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.register(sub)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command line with ``argv`` (default ``sys.argv[1:]``) and returns the exit
    status: 0 on success, 1 when ``gallery`` finds error diagnostics, 2 for usage errors and
    library errors (message on stderr)."""
    args: List[str] = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in PRESETS:
        args.insert(0, "demo")  # the form before sub-commands: python -m navlayout PRESET
    if args and args[0] == sweep.NAME:
        args = sweep.join_negative_values(args)
    p = parser()
    try:
        ns = p.parse_args(args)
    except SystemExit as exit_:  # argparse: --help (0) or a usage error (2)
        return int(exit_.code or 0)
    if ns.version:
        from .. import __version__, library_version

        try:
            print(f"navlayout {__version__} (libnavlayout {library_version()})")
        except ImportError as exc:  # LibraryNotFoundError
            return fail(f"navlayout: {exc}")
        return 0
    if ns.command is None:
        p.print_usage(sys.stderr)
        return fail("navlayout: a command is needed: " + ", ".join(c.NAME for c in COMMANDS))
    # Diagnostics: the bindings' default writes what the Swift CLI writes (errors only, one line
    # each on stderr) unless the caller configured logging (navlayout.diagnostic_log).
    status: int = ns.run(ns)
    return status
