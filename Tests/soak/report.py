#!/usr/bin/env python3
"""Judges soak runs (issue 17, item 7): reads the drivers' lines (``S <language> <delegate>`` then
``W <transitions> <CPU seconds> <rss KB> <heap bytes> <Python blocks>`` per window, 20 windows) from
the files given or stdin, prints one summary line per run and exits 1 if any run is not flat.

A run is flat when, from the end of the first window (the warm-up: caches, arenas and the
solver's storage reach their working size) to the end of the run:

* the heap in use (glibc ``mallinfo2``: every byte the library, the Swift runtime and the
  delegate hold) grows by at most max(64 KiB, 0.25 byte per transition) — a leak of one 540-byte
  prompt record per cycle is 45 bytes per transition;
* Python's allocated blocks (``sys.getallocatedblocks``, Python runs only) grow by at most
  max(500, 1 per 1,000 transitions) — one leaked wrapper per cycle is 83 per 1,000;
* the resident set grows by at most max(2 MiB, 5 %);
* the rate (transitions per CPU second) of the last third of the windows, median, is at least
  half that of the first third after the warm-up (the issue's leak took 10,000/s to 940/s; CPU
  time, not wall time, so that a shared machine's load does not count, but caches still do; the
  heap and the blocks are the precise leak detectors).
"""

from __future__ import annotations

import statistics
import sys
from typing import List, Tuple

Window = Tuple[int, float, int, int, int]


def judge(name: str, windows: List[Window]) -> Tuple[bool, str]:
    if len(windows) < 6:
        return False, f"soak {name}: only {len(windows)} windows (did the driver fail?)"
    (n0, t0, rss0, heap0, blocks0), (n1, t1, rss1, heap1, blocks1) = windows[0], windows[-1]
    done = n1 - n0
    rates = []
    prev_n, prev_t = n0, t0
    for n, t, *_ in windows[1:]:
        rates.append((n - prev_n) / max(t - prev_t, 1e-9))
        prev_n, prev_t = n, t
    third = max(len(rates) // 3, 1)
    first, last = statistics.median(rates[:third]), statistics.median(rates[-third:])
    heap_growth, rss_growth, block_growth = heap1 - heap0, (rss1 - rss0) * 1024, blocks1 - blocks0
    problems = []
    if heap_growth > max(64 * 1024, 0.25 * done):
        problems.append(f"heap grew {heap_growth / done:.1f} bytes per transition")
    if blocks0 or blocks1:
        if block_growth > max(500, done / 1000):
            problems.append(f"{block_growth} more Python blocks ({block_growth * 1000 / done:.1f} per 1,000 transitions)")
    if rss_growth > max(2 * 1024 * 1024, 0.05 * rss0 * 1024):
        problems.append(f"RSS grew {rss_growth / 2**20:.1f} MiB")
    if last < 0.5 * first:
        problems.append(f"rate fell to {last / first:.0%}")
    summary = (f"soak {name}: {n1:,} transitions in {t1:.1f} s CPU; rate {first:,.0f}/s -> {last:,.0f}/s "
               f"(first/last third, median); RSS {rss0 / 1024:.1f} -> {rss1 / 1024:.1f} MiB; "
               f"heap {heap0 / 2**20:.2f} -> {heap1 / 2**20:.2f} MiB ({heap_growth / done:+.2f} B/transition)")
    if blocks0 or blocks1:
        summary += f"; Python blocks {blocks0:,} -> {blocks1:,}"
    summary += ": " + ("flat" if not problems else "NOT FLAT: " + "; ".join(problems))
    return not problems, summary


def main(paths: List[str]) -> int:
    streams = [open(p) for p in paths] if paths else [sys.stdin]
    runs: List[Tuple[str, List[Window]]] = []
    for stream in streams:
        for line in stream:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "S":
                runs.append((" ".join(parts[1:]), []))
            elif parts[0] == "W" and runs:
                n, t, rss, heap, blocks = parts[1:6]
                runs[-1][1].append((int(n), float(t), int(rss), int(heap), int(blocks)))
    ok = bool(runs)
    for name, windows in runs:
        flat, summary = judge(name, windows)
        print(summary)
        ok = ok and flat
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
