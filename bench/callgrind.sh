#!/usr/bin/env bash
# bench/callgrind.sh — instruction counts of the solver workloads and the sample session
# (valgrind's callgrind: deterministic, so they compare two commits on a shared, loaded machine
# where wall-clock times cannot; issue 19).
#
#   bash bench/callgrind.sh                       # this checkout's library, every workload below
#   bash bench/callgrind.sh /path/to/other/tree   # another source tree's library (e.g. a
#                                                 # `git archive` export of main), same harnesses
#   ONLY="enaml build" bash bench/callgrind.sh    # one workload (a name from the list below)
#   ONLY="e2e steps" bash bench/callgrind.sh      # the sample session step by step (not in the
#                                                 # default list: 16 more callgrind runs)
#
# Builds the tree's libnavlayout.so in Release (bench/.build/cg/<tree>/), compiles this
# checkout's harnesses against it (bench/workloads.c + harness_nl.c, bench/e2e.c), and runs each
# workload twice under callgrind, with one and with two timed repetitions. The difference is
# exactly one repetition, so process start-up, the system's construction and the warm-up
# repetition cancel out: "instructions per operation" is that difference divided by the
# repetition's operation count (the harness's own unit: one build, one suggest-suggest-update,
# one session of the sample delegate). Prints a tab-separated line per workload:
#   workload  instructions-per-operation  instructions-per-repetition  operations-per-repetition
#             [kiwi's instructions per operation  ours/kiwi]
# When bench/run has fetched kiwi's sources (bench/.build/kiwi/kiwisolver-$KIWI_VERSION), the
# solver workloads are also counted on kiwi (bench/harness_kiwi.cpp) and two more columns give
# kiwi's instructions per operation and ours/kiwi.
# Nothing here asserts anything; the counts go into bench/RESULTS.md and commit messages.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SRC=$(cd "${1:-$ROOT}" && pwd)
B=$ROOT/bench/.build/cg/$(echo "$SRC" | tr '/' '_')
mkdir -p "$B"
command -v valgrind >/dev/null || { echo "bench/callgrind.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }

cmake -S "$SRC" -B "$B/lib" -G Ninja -DCMAKE_BUILD_TYPE=Release -DNAVLAYOUT_BUILD_TESTS=OFF -DNAVLAYOUT_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$B/lib" --target navlayout >/dev/null
CFLAGS="-O3 -DNDEBUG -D_POSIX_C_SOURCE=200809L -Wall"
gcc $CFLAGS -std=c99 -Ibench -Iinclude bench/workloads.c bench/harness_nl.c -o "$B/harness_nl" \
  -L"$B/lib" -lnavlayout -Wl,-rpath,"$B/lib" -lm
gcc $CFLAGS -std=c99 -DNL_SAMPLE_DELEGATE_NO_MAIN -Iinclude -Iexamples/c bench/e2e.c examples/c/sample_delegate.c \
  -o "$B/e2e" -L"$B/lib" -lnavlayout -Wl,-rpath,"$B/lib"

KIWI_SRC=$ROOT/bench/.build/kiwi/kiwisolver-${KIWI_VERSION:-1.5.1}
kiwi=""
if [ -f "$KIWI_SRC/kiwi/kiwi.h" ]; then
  g++ -O3 -DNDEBUG -std=c++17 -Ibench -I"$KIWI_SRC" -x c++ bench/workloads.c -x none bench/harness_kiwi.cpp \
    -o "$B/harness_kiwi"
  kiwi=$B/harness_kiwi
fi

# Instructions of one callgrind run of "$@" (the total of its "Collected" line). CG_OPTS: more
# callgrind options (e.g. --toggle-collect=FUNCTION: only what runs inside FUNCTION is counted).
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null ${CG_OPTS:-} "$@" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' | tail -1
}

workloads=${ONLY:-"enaml build|enaml suggest|chain 100 build|chain 100 resize|chain 1000 build|grid 10x10 build|grid 10x10 resize|churn|e2e session"}
IFS='|' read -r -a names <<<"$workloads"
for name in "${names[@]}"; do
  if [ "$name" = "e2e steps" ]; then
    # One line per step of the sample session: the instructions inside bench/e2e.c's e2e_step_N
    # (the step's event and layout pass, what `e2e` times) per session, as "e2e step N: name".
    # The warm-up sessions count too, so the difference of 20 and 10 sessions is 11 sessions.
    step_names=("navigation ready" "active guidance" "incident prompt 0.0 s" "prompt 0.2 s"
                "prompt 0.4 s" "prompt dismissed +0.4 s" "guidance stopped" "navigation disabled")
    for i in "${!step_names[@]}"; do
      one=$(CG_OPTS=--toggle-collect=e2e_step_$i count "$B/e2e" 10)
      two=$(CG_OPTS=--toggle-collect=e2e_step_$i count "$B/e2e" 20)
      printf '%s\t%d\t%d\t%d\n' "e2e step $i: ${step_names[$i]}" $(( (two - one) / 11 )) $(( two - one )) 11
    done
    continue
  elif [ "$name" = "e2e session" ]; then
    # e2e N runs N + N/10 sessions (N/10 warm-up): 10 -> 11, 20 -> 22.
    one=$(count "$B/e2e" 10) two=$(count "$B/e2e" 20) ops=11
  else
    ops=$("$B/harness_nl" --reps 1 --only "$name" | awk -F'\t' '$1 == "T" {print $3; exit}')
    [ -n "$ops" ] || { echo "bench/callgrind.sh: no workload named '$name'" >&2; exit 2; }
    one=$(count "$B/harness_nl" --reps 1 --only "$name") two=$(count "$B/harness_nl" --reps 2 --only "$name")
  fi
  if [ -n "$kiwi" ] && [ "$name" != "e2e session" ]; then
    k1=$(count "$kiwi" --reps 1 --only "$name") k2=$(count "$kiwi" --reps 2 --only "$name")
    printf '%s\t%d\t%d\t%d\t%d\t%.2f\n' "$name" $(( (two - one) / ops )) $(( two - one )) "$ops" \
      $(( (k2 - k1) / ops )) "$(awk -v a=$(( two - one )) -v b=$(( k2 - k1 )) 'BEGIN { print a / b }')"
  else
    printf '%s\t%d\t%d\t%d\n' "$name" $(( (two - one) / ops )) $(( two - one )) "$ops"
  fi
done
