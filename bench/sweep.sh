#!/usr/bin/env bash
# bench/sweep.sh — the size sweep's cost (issue 15): the issue's 1,080-pt example (target: under
# 10 s on 2 cores) and the wide delegate's five bands, through C (nl_sweep, 1 and 2 threads) and
# Python (navlayout.sweep, 1 and 2 worker processes), on the Release library.
#
#   bash bench/sweep.sh          # ~1 minute on 2 idle cores
#   REPS=5 bash bench/sweep.sh
#
# Builds go to bench/.build/ (never committed). Nothing here asserts a time: the figures are
# copied into bench/RESULTS.md by hand. Columns: case, threads or processes, wall s, CPU s, sizes
# run, bands.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
B=$ROOT/bench/.build
REPS=${REPS:-3}
mkdir -p "$B/bin"
say() { echo "bench: $*" >&2; }

say "building libnavlayout.so (Release)"
cmake -S . -B "$B/lib" -G Ninja -DCMAKE_BUILD_TYPE=Release -DNAVLAYOUT_BUILD_TESTS=OFF -DNAVLAYOUT_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$B/lib" --target navlayout >&2
gcc -O3 -DNDEBUG -D_POSIX_C_SOURCE=200809L -std=c99 -Wall -DNL_SAMPLE_DELEGATE_NO_MAIN -DNL_WIDE_DELEGATE_NO_MAIN \
  -Iinclude -Iexamples/c bench/sweep.c examples/c/sample_delegate.c examples/c/wide_delegate.c examples/c/demo_table.c \
  -o "$B/bin/sweep" -L"$B/lib" -lnavlayout -Wl,-rpath,"$B/lib"

say "load average before: $(cut -d' ' -f1-3 /proc/loadavg); processors: $(nproc)"
printf 'case\tthreads/processes\twall s\tCPU s\tsizes run\tbands\n'
"$B/bin/sweep" "$REPS"
NAVLAYOUT_LIBRARY="$B/lib/libnavlayout.so" PYTHONPATH="$ROOT/bindings/python" python3 bench/sweep.py "$REPS"
say "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
