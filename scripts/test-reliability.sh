#!/usr/bin/env bash
# Issue 8 ("nothing a host does can crash it"), one CI step, called from scripts/test-all.sh:
#   1. fuzzers (libFuzzer + ASan; UBSan on the C harness): build, replay the seed corpus and
#      fuzz/regressions/, then FUZZ_SECONDS (default 60) of each — scripts/fuzz.sh ci
#   2. LeakSanitizer + ASan + UBSan on every C test and both C examples (linked against the
#      ASan-instrumented Swift objects of step 1): no leak, no memory error
#   3. ThreadSanitizer: Tests/c/test_threads.c (8 threads, each running full sessions on its own
#      map views, plus a thread probing forged handles) and Tests/c/test_busy.c (issue 17: two
#      threads on one map view and on one solver, refused with NL_ERR_BUSY) and Tests/c/test_sweep.c
#      (issue 15: the size sweep's worker threads) against a
#      -sanitize=thread build
#   4. soak (issue 17): every example delegate — C, Python, Swift — through SOAK_TRANSITIONS
#      (default 12,000; the Swift debug build a fifth) navigation transitions with flat heap,
#      resident set and rate — scripts/soak.sh (needs build/libnavlayout.so)
# Memory flatness (10,000 map-view lifetimes, 100,000 transitions) is Tests/c/test_memory.c, run by
# CTest on the Release library; here it runs once more at a twentieth of the scale under LSan.
#
#   scripts/test-reliability.sh            # everything (about 6-8 minutes on 2 cores)
#   scripts/test-reliability.sh tsan soak  # some steps (scripts/test-all.sh runs fuzz+lsan and
#                                          # tsan+soak in its two lanes)
#   FUZZ_SECONDS=600 SOAK_TRANSITIONS=100000 scripts/test-reliability.sh
# Long fuzz runs: scripts/fuzz.sh run api 1800   (see docs/reliability.md "Commands").
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${NAVLAYOUT_FUZZ_DIR:-$root/build-fuzz}
export NAVLAYOUT_FUZZ_DIR=$out
swiftc=${SWIFTC:-swiftc}
clang=$(dirname "$(command -v "$swiftc")")/clang
failed=()
t0=$SECONDS
# Steps to run: the arguments (fuzz lsan tsan soak), all four without any. lsan links the
# ASan-instrumented objects the fuzz step builds, so it runs only with fuzz (or after it).
steps=" ${*:-fuzz lsan tsan soak} "
want() { [[ $steps == *" $1 "* ]]; }
for step in $steps; do
  case $step in fuzz|lsan|tsan|soak) ;; *) echo "test-reliability: unknown step '$step' (fuzz, lsan, tsan, soak)"; exit 2 ;; esac
done

if want fuzz; then
  echo "--- reliability 1/4: fuzzers (ASan+UBSan), ${FUZZ_SECONDS:-60} s each"
  bash scripts/fuzz.sh ci "${FUZZ_SECONDS:-60}" || failed+=("fuzz")
  echo "    ($((SECONDS - t0)) s so far)"
fi

lsan() {
  local dir=$out/lsan cflags=(-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined
    -I "$root/include" -I "$root/Tests/c" -I "$root/examples/c")
  mkdir -p "$dir"
  "$clang" "${cflags[@]}" -DNL_SAMPLE_DELEGATE_NO_MAIN -DNL_WIDE_DELEGATE_NO_MAIN -c \
    "$root/examples/c/sample_delegate.c" -o "$dir/sample_delegate_lib.o" || return 1
  "$clang" "${cflags[@]}" -DNL_SAMPLE_DELEGATE_NO_MAIN -DNL_WIDE_DELEGATE_NO_MAIN -c \
    "$root/examples/c/wide_delegate.c" -o "$dir/wide_delegate_lib.o" || return 1
  "$clang" "${cflags[@]}" -c "$root/examples/c/demo_table.c" -o "$dir/demo_table.o" || return 1
  local swift_objs=("$out/NavLayoutC.o" "$out/NavLayoutWorkbench.o" "$out/NavigationUI.o" "$out/LayoutEngine.o" "$out/LayoutSolver.o")
  local progs=() src name
  for src in "$root"/Tests/c/test_*.c; do
    name=$(basename "$src" .c)
    "$clang" "${cflags[@]}" -c "$src" -o "$dir/$name.o" || return 1
    "$swiftc" -sanitize=address "$dir/$name.o" "$dir/sample_delegate_lib.o" "$dir/wide_delegate_lib.o" \
      "$dir/demo_table.o" "${swift_objs[@]}" -lm -o "$dir/$name" 2>/dev/null || return 1
    progs+=("$name")
  done
  for name in sample_delegate wide_delegate; do
    "$clang" "${cflags[@]}" -c "$root/examples/c/$name.c" -o "$dir/$name.o" || return 1
    "$swiftc" -sanitize=address "$dir/$name.o" "$dir/demo_table.o" "${swift_objs[@]}" -lm -o "$dir/$name" 2>/dev/null || return 1
  done
  local bad=0
  export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 UBSAN_OPTIONS=print_stacktrace=1
  for name in "${progs[@]}"; do
    if NL_MEMORY_SCALE=0.05 NL_MEMORY_NO_RSS_CHECK=1 "$dir/$name" >"$dir/$name.log" 2>&1; then echo "  lsan ok   $name"
    else echo "  lsan FAIL $name"; tail -30 "$dir/$name.log"; bad=1; fi
  done
  for preset in iphone-portrait ipad-portrait; do
    for name in sample_delegate wide_delegate; do
      if "$dir/$name" "$preset" >"$dir/$name-$preset.log" 2>&1; then echo "  lsan ok   $name $preset"
      else echo "  lsan FAIL $name $preset"; tail -30 "$dir/$name-$preset.log"; bad=1; fi
    done
  done
  return $bad
}
if want lsan; then
  echo "--- reliability 2/4: LeakSanitizer/ASan/UBSan on the C tests and examples"
  lsan || failed+=("lsan")
  echo "    ($((SECONDS - t0)) s so far)"
fi

tsan() {
  local dir=$out/tsan
  mkdir -p "$dir/mods"
  local common=(-parse-as-library -wmo -O -g -sanitize=thread -D NAVLAYOUT_TSAN -package-name NavLayout -I "$root/include" -I "$dir/mods")
  # A module is rebuilt when its sources changed or a module before it was rebuilt (as fuzz.sh).
  local stale=0
  for m in LayoutSolver LayoutEngine NavigationUI NavLayoutWorkbench NavLayoutC; do
    local srcs=("$root"/Sources/$m/*.swift)
    if [ $stale = 1 ] || [ ! -f "$dir/$m.o" ] || [ -n "$(find "${srcs[@]}" "$root/include" -newer "$dir/$m.o" 2>/dev/null | head -1)" ]; then
      stale=1
      "$swiftc" "${common[@]}" -module-name $m -emit-module -emit-module-path "$dir/mods/$m.swiftmodule" \
        -c "${srcs[@]}" -o "$dir/$m.o" || return 1
    fi
  done
  local cflags=(-g -O1 -fsanitize=thread -I "$root/include" -I "$root/Tests/c" -I "$root/examples/c")
  "$clang" "${cflags[@]}" -DNL_SAMPLE_DELEGATE_NO_MAIN -c "$root/examples/c/sample_delegate.c" -o "$dir/sample_delegate.o" || return 1
  "$clang" "${cflags[@]}" -DNL_WIDE_DELEGATE_NO_MAIN -c "$root/examples/c/wide_delegate.c" -o "$dir/wide_delegate.o" || return 1
  "$clang" "${cflags[@]}" -c "$root/examples/c/demo_table.c" -o "$dir/demo_table.o" || return 1
  # test_threads: 8 threads with their own map views; test_busy (issue 17): two threads on one map
  # view and on one solver — refused with NL_ERR_BUSY, and no race report; test_sweep (issue 15):
  # the size sweep's worker threads, one map view and one C delegate each.
  local name bad=0
  for name in test_threads test_busy test_sweep; do
    "$clang" "${cflags[@]}" -c "$root/Tests/c/$name.c" -o "$dir/$name.o" || return 1
    "$swiftc" -sanitize=thread "$dir/$name.o" "$dir/sample_delegate.o" "$dir/wide_delegate.o" "$dir/demo_table.o" \
      "$dir/NavLayoutC.o" "$dir/NavLayoutWorkbench.o" "$dir/NavigationUI.o" \
      "$dir/LayoutEngine.o" "$dir/LayoutSolver.o" -lm -o "$dir/$name" 2>/dev/null || return 1
    if SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 "$dir/$name" >"$dir/$name.log" 2>&1 \
       && ! grep -q "WARNING: ThreadSanitizer" "$dir/$name.log"; then
      echo "  tsan ok   $name ($(grep -h '^busy: hammering' "$dir/$name.log" | cut -c7-) $(tail -1 "$dir/$name.log"))"
    else
      echo "  tsan FAIL $name"; grep -A30 "WARNING: ThreadSanitizer" "$dir/$name.log" | head -60; tail -5 "$dir/$name.log"
      bad=1
    fi
  done
  return $bad
}
if want tsan; then
  echo "--- reliability 3/4: ThreadSanitizer: 8 threads with their own map views; 2 threads on one (NL_ERR_BUSY); the size sweep's threads"
  tsan || failed+=("tsan")
  echo "    ($((SECONDS - t0)) s so far)"
fi

if want soak; then
  echo "--- reliability 4/4: soak of every example delegate, ${SOAK_TRANSITIONS:-12000} transitions"
  bash scripts/soak.sh || failed+=("soak")
fi

echo "--- reliability: $((SECONDS - t0)) s"
if [ ${#failed[@]} -gt 0 ]; then echo "reliability FAILED: ${failed[*]}"; exit 1; fi
echo "reliability: all checks passed"
