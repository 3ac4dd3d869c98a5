#!/usr/bin/env bash
# bench/reliability.sh — the reliability benchmarks of issue 17 (bench/run is the solver's):
#
#   1. destroy cycles (bench/destroy_cycles.c): create/add/activate/destroy between layout
#      passes, 1,000 … 16,000 cycles, and the growth exponent of the time (target ≤ 1.1);
#   2. call overhead (bench/call_overhead.c): the per-call cost of the cheapest C calls, which
#      carries the concurrent-use check (NL_ERR_BUSY); with BASELINE=<git revision> the same
#      program also runs against that revision's library (built from `git archive`), alternating
#      runs, and both columns are printed;
#   3. soak (scripts/soak.sh, Tests/soak/README.md): every example delegate (C, Python, Swift
#      release build) through SOAK_TRANSITIONS transitions (default 1,000,000), with heap,
#      resident set and rate per window.
#
#   bash bench/reliability.sh                      # ~20 min on 2 cores (the soak is most of it)
#   BASELINE=e2713dc SOAK_TRANSITIONS=100000 bash bench/reliability.sh
#
# Builds go to bench/.build/ (never committed). Nothing here asserts a time: the figures are
# copied into bench/RESULTS.md by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
B=$ROOT/bench/.build
mkdir -p "$B/bin" "$B/results"
say() { echo "bench: $*" >&2; }

build_lib() {  # build_lib SOURCE_DIR BUILD_DIR
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DNAVLAYOUT_BUILD_TESTS=OFF \
    -DNAVLAYOUT_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build "$2" --target navlayout >&2
}

say "building libnavlayout.so (Release, the working tree)"
bash scripts/setup.sh >&2
build_lib "$ROOT" "$B/rel-lib"
CFLAGS=(-O2 -std=c99 -D_POSIX_C_SOURCE=200809L -Wall -Iinclude -Iexamples/c)
gcc "${CFLAGS[@]}" bench/destroy_cycles.c -o "$B/bin/destroy_cycles" -L"$B/rel-lib" -lnavlayout -lm
gcc "${CFLAGS[@]}" -DNL_SAMPLE_DELEGATE_NO_MAIN bench/call_overhead.c examples/c/sample_delegate.c \
  -o "$B/bin/call_overhead" -L"$B/rel-lib" -lnavlayout -lm

{
  echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(uname -sr); $(swiftc --version 2>&1 | head -1)"
  echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources examples 2>/dev/null || echo ' (+ uncommitted changes)')"
} | tee "$B/results/reliability.txt"

say "1. destroy cycles"
LD_LIBRARY_PATH="$B/rel-lib" "$B/bin/destroy_cycles" 3 | tee -a "$B/results/reliability.txt"

say "2. call overhead"
if [ -n "${BASELINE:-}" ]; then
  rev=$(git rev-parse --short "$BASELINE")
  if [ ! -f "$B/baseline-$rev/lib/libnavlayout.so" ]; then
    say "building the baseline library at $rev"
    rm -rf "$B/baseline-$rev"; mkdir -p "$B/baseline-$rev/src"
    git archive "$rev" | tar -x -C "$B/baseline-$rev/src"
    build_lib "$B/baseline-$rev/src" "$B/baseline-$rev/lib"
  fi
  # Alternate the two libraries three times each; keep each call's fastest median.
  for i in 1 2 3; do
    LD_LIBRARY_PATH="$B/rel-lib" "$B/bin/call_overhead" 7 > "$B/results/overhead-new-$i.tsv"
    LD_LIBRARY_PATH="$B/baseline-$rev/lib" "$B/bin/call_overhead" 7 > "$B/results/overhead-base-$i.tsv"
  done
  python3 - "$rev" "$B/results" <<'EOF' | tee -a "$B/results/reliability.txt"
import sys, glob
rev, d = sys.argv[1], sys.argv[2]
def best(kind):
    out = {}
    for f in sorted(glob.glob(f"{d}/overhead-{kind}-*.tsv")):
        for line in open(f):
            name, ns = line.rstrip("\n").split("\t")
            out[name] = min(out.get(name, float("inf")), float(ns))
    return out
new, base = best("new"), best("base")
print(f"| call | baseline {rev} (ns) | this tree (ns) | difference |")
print("|---|---|---|---|")
for name in new:
    b, n = base[name], new[name]
    print(f"| {name} | {b:.1f} | {n:.1f} | {n - b:+.1f} ns ({(n - b) / b * 100:+.1f} %) |")
EOF
else
  LD_LIBRARY_PATH="$B/rel-lib" "$B/bin/call_overhead" 7 | tee -a "$B/results/reliability.txt"
fi

say "3. soak: ${SOAK_TRANSITIONS:-1000000} transitions of every example"
SOAK_TRANSITIONS=${SOAK_TRANSITIONS:-1000000} SOAK_SWIFT_CONFIG=release NAVLAYOUT_SOAK_LIB="$B/rel-lib" \
  NAVLAYOUT_SOAK_DIR="$B/soak" bash scripts/soak.sh \
  | tee -a "$B/results/reliability.txt"
say "results: $B/results/reliability.txt"
