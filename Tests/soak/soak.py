#!/usr/bin/env python3
"""Soak of the Python example delegates (issue 17, item 7): ``examples/python``'s sample or wide
delegate on one map view through N transitions of the cycle in Tests/soak/README.md (the same as
soak.c), reporting per window (20) the transitions, the CPU time, the resident set, the C heap in use
(glibc ``mallinfo2``: the library's memory) and Python's allocated blocks
(``sys.getallocatedblocks`` after a garbage collection: the wrappers and everything else
Python holds alive). Tests/soak/report.py
judges the lines.

    NAVLAYOUT_LIBRARY=build/libnavlayout.so python3 Tests/soak/soak.py sample|wide TRANSITIONS
"""

from __future__ import annotations

import ctypes
import gc
import logging
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(REPO, "examples", "python"))
sys.path.insert(0, os.path.join(REPO, "bindings", "python"))

import navlayout as nl  # noqa: E402


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
                 "fordblks", "keepcost")]


_libc = ctypes.CDLL(None)
_libc.mallinfo2.restype = _MallInfo2


def heap_bytes() -> int:
    info = _libc.mallinfo2()
    return int(info.uordblks + info.hblkhd)


def rss_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def make_delegate(name: str) -> nl.LayoutDelegate:
    if name == "sample":
        from sample_delegate import SampleLayoutDelegate
        return SampleLayoutDelegate()
    from wide_delegate import WideLayoutDelegate
    return WideLayoutDelegate()


def cycle(nav_map: nl.MapView):
    """The 12 events of the cycle (Tests/soak/README.md), as callables."""
    portrait, landscape = nl.Insets(59, 0, 34, 0), nl.Insets(0, 59, 21, 59)

    def enable() -> None:
        nav_map.navigation_enabled = True

    def disable() -> None:
        nav_map.navigation_enabled = False

    return [
        enable,
        nav_map.start_guidance,
        lambda: nav_map.trigger_prompt(nl.PromptKind.INCIDENT),
        lambda: nav_map.advance_time(0.5),
        lambda: nav_map.trigger_prompt(nl.PromptKind.TRAFFIC),   # change_prompt
        lambda: nav_map.advance_time(0.5),
        nav_map.dismiss_prompt,
        lambda: nav_map.advance_time(0.5),
        lambda: nav_map.set_size(852, 393, landscape),
        lambda: nav_map.set_size(393, 852, portrait),
        nav_map.stop_guidance,
        disable,
    ]


def main(argv) -> int:
    name = argv[1] if len(argv) > 1 else "sample"
    total = int(argv[2]) if len(argv) > 2 else 24000
    if name not in ("sample", "wide") or total < 240:
        print("usage: soak.py sample|wide TRANSITIONS (>= 240)", file=sys.stderr)
        return 2
    window = total // 20   # the last window ends at `total` when it is a multiple of 20
    # The sample ignores wide mode: its rotation to landscape is a wideModeCardsNotLeading warning
    # every cycle, which the bindings would log (navlayout.diagnostic_log). Only errors here.
    logging.getLogger("navlayout").setLevel(logging.ERROR)
    with nl.MapView.preset("iphone-portrait") as nav_map:
        nav_map.set_layout_delegate(make_delegate(name))
        events = cycle(nav_map)
        print(f"S Python {name}", flush=True)
        t0 = time.process_time()   # CPU time: a shared machine's load does not count
        for k in range(total):
            events[k % 12]()
            if (k + 1) % window == 0:
                gc.collect()  # count live objects, not cyclic garbage waiting for the collector
                print(f"W {k + 1} {time.process_time() - t0:.6f} {rss_kb()} {heap_bytes()} "
                      f"{sys.getallocatedblocks()}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
