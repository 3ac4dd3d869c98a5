#!/usr/bin/env bash
# bench/reliability.sh — the reliability benchmarks of issue 17 (bench/run is the solver's):
#
#   1. destroy cycles (bench/destroy_cycles.c): create/add/activate/destroy between layout
#      passes, 1,000 … 16,000 cycles, and the growth exponent of the time (target ≤ 1.1);
#   2. call overhead (bench/call_overhead.c): the per-call cost of the cheapest C calls with the
#      concurrent-use check (NL_ERR_BUSY) and without it — the same tree built a second time with
#      -DNAVLAYOUT_UNCHECKED_THREADS=ON, so the two libraries differ by the check alone —,
#      alternating runs, both columns printed;
#   3. soak (scripts/soak.sh, Tests/soak/README.md): every example delegate (C, Python, Swift
#      release build) through SOAK_TRANSITIONS transitions (default 1,000,000), with heap,
#      resident set and rate per window.
#
#   bash bench/reliability.sh                      # ~20 min on 2 cores (the soak is most of it)
#   SOAK_TRANSITIONS=100000 bash bench/reliability.sh     # SOAK_TRANSITIONS=0: no soak
#
# Builds go to bench/.build/ (never committed). Nothing here asserts a time: the figures are
# copied into bench/RESULTS.md by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
B=$ROOT/bench/.build
mkdir -p "$B/bin" "$B/results"
say() { echo "bench: $*" >&2; }

build_lib() {  # build_lib SOURCE_DIR BUILD_DIR [cmake -D options]
  local src=$1 dir=$2; shift 2
  cmake -S "$src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DNAVLAYOUT_BUILD_TESTS=OFF \
    -DNAVLAYOUT_BUILD_EXAMPLES=OFF "$@" >/dev/null
  cmake --build "$dir" --target navlayout >&2
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

say "2. call overhead: this tree, with and without the concurrent-use check"
build_lib "$ROOT" "$B/unchecked-lib" -DNAVLAYOUT_UNCHECKED_THREADS=ON
# Alternate the two libraries three times each; keep each call's fastest median.
for i in 1 2 3; do
  LD_LIBRARY_PATH="$B/rel-lib" "$B/bin/call_overhead" 7 > "$B/results/overhead-checked-$i.tsv"
  LD_LIBRARY_PATH="$B/unchecked-lib" "$B/bin/call_overhead" 7 > "$B/results/overhead-unchecked-$i.tsv"
done
python3 - "$B/results" <<'EOF2' | tee -a "$B/results/reliability.txt"
import sys, glob
d = sys.argv[1]
def best(kind):
    out = {}
    for f in sorted(glob.glob(f"{d}/overhead-{kind}-*.tsv")):
        for line in open(f):
            name, ns = line.rstrip("\n").split("\t")
            out[name] = min(out.get(name, float("inf")), float(ns))
    return out
checked, unchecked = best("checked"), best("unchecked")
print("| call | without the check (ns) | with it (ns) | cost |")
print("|---|---|---|---|")
for name in checked:
    u, c = unchecked[name], checked[name]
    print(f"| {name} | {u:,.1f} | {c:,.1f} | {c - u:+,.1f} ns ({(c - u) / u * 100:+.1f} %) |")
EOF2

if [ "${SOAK_TRANSITIONS:-1000000}" != 0 ]; then
  say "3. soak: ${SOAK_TRANSITIONS:-1000000} transitions of every example"
  SOAK_TRANSITIONS=${SOAK_TRANSITIONS:-1000000} SOAK_SWIFT_CONFIG=release NAVLAYOUT_SOAK_LIB="$B/rel-lib" \
    NAVLAYOUT_SOAK_DIR="$B/soak" bash scripts/soak.sh | tee -a "$B/results/reliability.txt"
fi
say "results: $B/results/reliability.txt"
