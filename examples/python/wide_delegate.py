#!/usr/bin/env python3
"""A layout delegate with a wide-mode variant, written for the NavLayout Python bindings.

Standard variant: exactly the sample's layout (``sample_delegate.SampleLayoutDelegate``); wide
variant in active guidance (wide mode, docs/behaviour.md#wide-mode): the cards at the leading edge, a host
"orderStatus" card and the map column on their trailing side. The delegate lives in the package
(``navlayout.wide_delegate``, read it there) so that ``python -m navlayout demo --delegate wide``
works after ``pip install``; this script runs it from a source checkout.

Run:  python examples/python/wide_delegate.py [preset]      (default: iphone-portrait)

It prints the same table as ``navlayout demo --delegate wide --preset PRESET``.
"""

from __future__ import annotations

import os
import sys
from typing import Sequence

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from sample_delegate import run_script  # noqa: E402  (uses the checkout's package and library)
from navlayout.wide_delegate import ORDER_STATUS_HEIGHT, WideLayoutDelegate  # noqa: E402,F401


def main(argv: Sequence[str]) -> int:
    """Runs the wide delegate's session (see the module docstring)."""
    return run_script(argv, WideLayoutDelegate)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
