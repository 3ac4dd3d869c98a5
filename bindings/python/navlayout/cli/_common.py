"""What the sub-commands share: the delegates they can run, the preset names, number formatting
and how a failure is reported (the Swift CLI's ``fail``: message on stderr, exit status 2)."""

from __future__ import annotations

import math
import sys
from typing import Callable, Dict, Optional

from ..delegate import LayoutDelegate
from ..demo import SampleLayoutDelegate
from ..gallery import PRESETS
from ..wide_delegate import WideLayoutDelegate

__all__ = ["DELEGATES", "PRESETS", "PRESETS_EPILOG", "fail", "format_points", "make_delegate"]

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


def format_points(value: float) -> str:
    """A length in points as the Swift library prints it (``formatPoints``): rounded to 0.001
    (half away from zero), without a fractional part when it is whole (``393``, ``20.5``)."""
    if not math.isfinite(value):
        return str(value)
    rounded = math.copysign(math.floor(abs(value) * 1000 + 0.5), value) / 1000
    if rounded == math.floor(rounded) and abs(rounded) < 1e15:
        return str(int(rounded))
    text = repr(rounded)
    return text[:-2] if text.endswith(".0") else text
