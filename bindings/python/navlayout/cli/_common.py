"""What the sub-commands share: the delegates they can run, the preset names, number formatting
and how a failure is reported (the Swift CLI's ``fail``: message on stderr, exit status 2)."""

from __future__ import annotations

import os
import sys
from typing import Callable, Dict, Optional

from ..delegate import LayoutDelegate
from ..demo import SampleLayoutDelegate
from ..gallery import PRESETS
from ..wide_delegate import WideLayoutDelegate
from .._args import format_points

__all__ = ["DELEGATES", "PRESETS", "PRESETS_EPILOG", "fail", "fail_writing", "format_points", "make_delegate"]

#: The preset list under ``--help`` (use with ``argparse.RawDescriptionHelpFormatter``, which
#: keeps it on one line instead of breaking "ipad-split" at its hyphen).
PRESETS_EPILOG = "presets: " + ", ".join(PRESETS)

#: ``--delegate`` names: a factory of a fresh delegate, or ``None`` for the map view's built-in
#: layout (the Swift CLI's ``makeDelegate``).
DELEGATES: Dict[str, Optional[Callable[[], LayoutDelegate]]] = {
    "sample": SampleLayoutDelegate,
    "wide": WideLayoutDelegate,
    "builtin": None,
}


def make_delegate(name: str) -> Optional[LayoutDelegate]:
    """A new delegate for a ``--delegate`` name (argparse has checked it), ``None`` for builtin."""
    factory = DELEGATES[name]
    return factory() if factory is not None else None


def fail(message: str) -> int:
    """Prints ``message`` on stderr and returns the Swift CLI's failure status, 2."""
    print(message, file=sys.stderr)
    return 2


def fail_writing(prefix: str, flag: str, value: str, exc: OSError) -> int:
    """``fail`` with ``PREFIX: cannot write FLAG VALUE: REASON``, the reason the C library's words
    for ``exc.errno`` ("No such file or directory", "Not a directory", "Is a directory") — what
    the Swift CLI prints (Sources/navlayout/Output.swift), one line naming the flag instead of
    Python's ``[Errno 2] No such file or directory: '/proc/gal'``. A file inside VALUE that could
    not be written (the ``filename`` of the error ``exc`` was raised from) is named before the
    reason: ``… --out g: g/carplay-01-navigation-ready.svg: Is a directory``."""
    reason = os.strerror(exc.errno) if exc.errno else (exc.strerror or str(exc))
    path = getattr(exc.__cause__, "filename", None) or exc.filename
    inside = f"{path}: " if isinstance(path, str) and path.startswith(os.path.join(value, "")) else ""
    return fail(f"{prefix}: cannot write {flag} {value}: {inside}{reason}")
