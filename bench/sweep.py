"""bench/sweep.py — the size sweep from Python (issue 15): the issue's example (width 320 → 1400
pt at height 1180, insets 24, 0, 20, 0) with the Python sample delegate in 1 and 2 worker
processes (``processes=1`` runs in this process), and the built-in layout on the library's
threads. Prints one line per run: case, processes, wall seconds, CPU seconds of this process and
its children, sizes run, bands. Nothing is asserted; bench/sweep.sh runs it."""

from __future__ import annotations

import os
import sys
import time

import navlayout as nl
from navlayout.demo import SampleLayoutDelegate

IPAD = dict(height=1180, safe_area=nl.Insets(24, 0, 20, 0))


def cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def run(name: str, make, processes: int) -> None:
    wall, used = time.perf_counter(), cpu()
    result = nl.sweep(make, "width", 320, 1400, processes=processes, **IPAD)
    wall, used = time.perf_counter() - wall, cpu() - used
    print(f"{name}\t{processes}\t{wall:.3f}\t{used:.3f}\t{result.runs}\t{len(result.bands)}", flush=True)


if __name__ == "__main__":
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for _ in range(reps):
        for processes in (1, 2):
            run("Python sample 320-1400", SampleLayoutDelegate, processes)
            run("built-in 320-1400 (threads)", None, processes)
