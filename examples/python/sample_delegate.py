#!/usr/bin/env python3
"""The seed's sample layout, written for the NavLayout Python bindings.

Layout (docs/behaviour.md#the-sample-delegate): the turn card across the top, the ETA card across the bottom, the buttons in a
bottom-packed trailing hiding stack ("buttonStack") between them, the Google logo at the leading
edge and the camera viewport filling the open area. Prompts slide up from below the map view in
0.4 s and slide back down when dismissed.

Run:  python examples/python/sample_delegate.py [preset]      (default: iphone-portrait)
      python -m navlayout demo [preset]                      (the same, from an installed package)

It drives one navigation session and prints every view's frame after each step, in the same
format as the C example (examples/c) and `navlayout demo`. On the CarPlay preset, whose map view
refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate), it says so on stderr and runs the session with the built-in
layout, as `navlayout demo` does.

The delegate and the session live in the package (`navlayout.demo`, so that `python -m navlayout`
works after `pip install`); this script re-exports them and, from a source checkout, uses the
checkout's package and the library built there. It is also the shared part of the other Python
examples: `wide_delegate.py` subclasses `SampleLayoutDelegate` and prints its table with
`run_script`.
"""

from __future__ import annotations

import os
import sys
from typing import Callable, Sequence

_REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

try:
    import navlayout as nl
    from navlayout import demo as _demo
except ImportError:  # running from a source checkout without `pip install`
    for _name in [m for m in sys.modules if m == "navlayout" or m.startswith("navlayout.")]:
        del sys.modules[_name]
    sys.path.insert(0, os.path.join(_REPO, "bindings", "python"))
    import navlayout as nl
    from navlayout import demo as _demo

from navlayout.demo import (  # noqa: E402,F401  (re-exported for the other examples and tests)
    PROMPT_SLIDE_SECONDS,
    ROW_FORMAT,
    STEP_NAMES,
    SampleLayoutDelegate,
    _StateLayout,
    buttons_by_type,
    describe,
    run_session,
)


def _use_checkout_library() -> None:
    """With the checkout's package, use the library built there unless NAVLAYOUT_LIBRARY is set
    (an installed package finds its own: the copy bundled in its wheel)."""
    if os.environ.get("NAVLAYOUT_LIBRARY"):
        return
    if not os.path.abspath(nl.__file__).startswith(os.path.join(_REPO, "bindings", "python") + os.sep):
        return
    import glob

    built = glob.glob(os.path.join(_REPO, "build", "libnavlayout.so*")) + glob.glob(
        os.path.join(_REPO, ".build", "*", "libnavlayout-c.so")
    )
    if built:
        os.environ["NAVLAYOUT_LIBRARY"] = max(built, key=os.path.getmtime)


def run_script(argv: Sequence[str], make_delegate: Callable[[], nl.LayoutDelegate]) -> int:
    """The examples' command line: ``[preset]`` (default iphone-portrait); prints the session's
    table on stdout and returns the exit status (uses the checkout's library when there is one)."""
    _use_checkout_library()
    return _demo.run_script(argv, make_delegate)


def main(argv: Sequence[str]) -> int:
    """Runs the sample delegate's session (see the module docstring)."""
    return run_script(argv, SampleLayoutDelegate)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
