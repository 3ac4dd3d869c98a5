#!/usr/bin/env bash
# The fuzzers of issue 8, built with libFuzzer + AddressSanitizer (Swift and C) and
# UndefinedBehaviorSanitizer (the C harness; swiftc has no -sanitize=undefined on Linux — Swift
# code traps on overflow, bounds and unwraps itself, which libFuzzer reports as a crash).
#
#   scripts/fuzz.sh build                 # -> build-fuzz/fuzz-api, build-fuzz/fuzz-solver
#   scripts/fuzz.sh run api 1800          # fuzz the C API for 30 minutes (corpus: fuzz/corpus/api)
#   scripts/fuzz.sh run solver 1800 -jobs=2 -workers=2   # extra arguments go to libFuzzer
#   scripts/fuzz.sh replay                # every file in fuzz/regressions/ and the seed corpus, once
#   scripts/fuzz.sh ci [SECONDS]          # build, replay, then SECONDS (default 60) of each fuzzer
#
# New inputs found during a run go to build-fuzz/corpus-<name>/ (the committed seed corpus in
# fuzz/corpus/<name>/ is read, never written); crashes go to build-fuzz/crash-*. Copy a crash
# into fuzz/regressions/<name>/ once it is fixed: `replay` and CI run every file there.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${NAVLAYOUT_FUZZ_DIR:-$root/build-fuzz}
swiftc=${SWIFTC:-swiftc}
clang=${FUZZ_CLANG:-$(dirname "$(command -v "$swiftc")")/clang}
sanitize="-sanitize=fuzzer,address"
# Link with the toolchain's lld: gold warns "Cannot export local symbol '__asan_report_*_asm'" for
# each of the ASan runtime's 141 assembly stubs on every sanitized link (282 lines a CI run).
link=()
[ -x "$(dirname "$(command -v "$swiftc")")/ld.lld" ] && link=(-use-ld=lld)

build() {
  mkdir -p "$out/mods"
  local common=(-parse-as-library -wmo -O -g $sanitize -package-name NavLayout -I "$root/include" -I "$out/mods")
  # The layers, in dependency order, each as one object + module.
  # A module is rebuilt when its sources changed or any module before it was rebuilt (a layer's
  # object code depends on the layout of the classes below it).
  local stale=0
  for m in LayoutSolver LayoutEngine NavigationUI NavLayoutWorkbench NavLayoutC; do
    local srcs=("$root"/Sources/$m/*.swift)
    if [ $stale = 1 ] || [ ! -f "$out/$m.o" ] || [ -n "$(find "${srcs[@]}" "$root/include" -newer "$out/$m.o" 2>/dev/null | head -1)" ]; then
      stale=1
      echo "fuzz build: $m"
      "$swiftc" "${common[@]}" -module-name $m -emit-module -emit-module-path "$out/mods/$m.swiftmodule" \
        -c "${srcs[@]}" -o "$out/$m.o"
    fi
  done
  echo "fuzz build: fuzz-api"
  # api_fuzzer.c (map views), api_fuzzer_solver.c (the raw solver), api_fuzzer_threads.c (a second
  # thread; issue 17), api_fuzzer_newer.c (the calls added after issue 8; issue 17).
  local part objs=()
  for part in api_fuzzer api_fuzzer_solver api_fuzzer_threads api_fuzzer_newer; do
    "$clang" -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
      -I "$root/include" -c "$root/fuzz/$part.c" -o "$out/$part.o"
    objs+=("$out/$part.o")
  done
  "$swiftc" $sanitize "${link[@]}" -g "${objs[@]}" "$out/NavLayoutC.o" "$out/NavLayoutWorkbench.o" "$out/NavigationUI.o" \
    "$out/LayoutEngine.o" "$out/LayoutSolver.o" -lpthread -o "$out/fuzz-api"
  echo "fuzz build: fuzz-solver"
  # Compiled into the LayoutSolver module itself, for its internal invariant check.
  # (From inside $out: a single-file-output -wmo build writes its module files to the current
  # directory, which must not be the checkout.)
  (cd "$out" && "$swiftc" -parse-as-library -wmo -O -g $sanitize "${link[@]}" -package-name NavLayout -module-name LayoutSolver \
    "$root"/Sources/LayoutSolver/*.swift "$root/fuzz/solver_fuzzer.swift" -o "$out/fuzz-solver")
}

run() {
  local name=$1 seconds=$2; shift 2
  mkdir -p "$out/corpus-$name"
  local opts=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=4096
              -print_final_stats=1 -artifact_prefix="$out/crash-$name-" "$@")
  [ -f "$root/fuzz/$name.dict" ] && opts+=(-dict="$root/fuzz/$name.dict")
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
  UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    "$out/fuzz-$name" "${opts[@]}" "$out/corpus-$name" "$root/fuzz/corpus/$name"
}

replay() {
  local name files
  for name in api solver; do
    files=()
    for d in "$root/fuzz/corpus/$name" "$root/fuzz/regressions/$name"; do
      [ -d "$d" ] && while IFS= read -r f; do files+=("$f"); done < <(find "$d" -type f ! -name README.md | sort)
    done
    echo "replay $name: ${#files[@]} inputs"
    [ ${#files[@]} -eq 0 ] || SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 "$out/fuzz-$name" -runs=1 -timeout=10 "${files[@]}" >"$out/replay-$name.log" 2>&1 \
      || { tail -40 "$out/replay-$name.log"; return 1; }
  done
}

case "${1:-}" in
  build) build ;;
  run) [ $# -ge 3 ] || { echo "usage: $0 run api|solver SECONDS [libFuzzer args]"; exit 2; }
       name=$2 seconds=$3; shift 3; run "$name" "$seconds" "$@" ;;
  replay) replay ;;
  ci) seconds=${2:-60}
      build
      replay
      for name in api solver; do
        echo "=== fuzz $name for ${seconds}s"
        status=0
        run "$name" "$seconds" >"$out/fuzz-$name.log" 2>&1 || status=$?
        grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::new_units_added)" "$out/fuzz-$name.log" | cut -c1-240 || true
        [ $status -eq 0 ] || { tail -60 "$out/fuzz-$name.log"; echo "fuzz $name FAILED (artifacts: $out/crash-$name-*)"; exit 1; }
      done ;;
  *) sed -n 2,16p "$0"; exit 2 ;;
esac
