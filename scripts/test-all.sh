#!/usr/bin/env bash
# Builds everything and runs every suite: Swift (swift test), C (CTest, against the CMake-built
# libnavlayout.so), Python (pytest, against the same library; mypy --strict). Exits non-zero if any suite fails;
# all suites run either way so one failure does not hide another.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
failed=()
# Each suite's wall time and CPU time (user + system of the commands it ran), printed at the end:
# the README's "Testing" section quotes them. CPU time shows what a suite costs when other work
# shares the machine.
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
cpu_now() {  # sets $cpu: CPU seconds of this script's commands so far (`times` of this very shell)
  times >"$times_file"
  cpu=$(tail -1 "$times_file" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); n += t[1] * 60 + t[2] } printf "%d", n }')
}
suite_times=() t0=$SECONDS t_suite=$SECONDS c_suite=0 suite_name=""
suite() {  # suite NAME DESCRIPTION: closes the previous suite's timer, starts NAME's
  cpu_now
  [ -n "$suite_name" ] && suite_times+=("$(printf '%5d s %5d s  %s' $((SECONDS - t_suite)) $((cpu - c_suite)) "$suite_name")")
  suite_name=$1 t_suite=$SECONDS c_suite=$cpu
  [ $# -gt 1 ] && echo "=== $1: $2"
  return 0
}

suite "Docs" "pytest tests: every cited document and section exists; docs/api.md names every public call (no library needed)"
python3 -m pytest -q tests || failed+=("docs")

suite "Swift" "swift build --build-tests && swift test"
if swift build --build-tests; then
  # XCTest only (no Swift Testing suites here, so skip its empty "0 tests" run).
  swift test --skip-build --disable-swift-testing || failed+=("swift")
else
  failed+=("swift build")
fi

suite "C" "CMake build (Release) + CTest"
if bash scripts/build-lib.sh; then
  ctest --test-dir build --output-on-failure || failed+=("ctest")
else
  failed+=("cmake build")
fi

suite "Python" "pytest bindings/python/tests"
lib=$(ls build/libnavlayout.so.[0-9]*.[0-9]*.[0-9]* 2>/dev/null | head -1)
if [ -n "$lib" ]; then
  NAVLAYOUT_LIBRARY="$PWD/$lib" PYTHONPATH="$PWD/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    python3 -m pytest -q bindings/python/tests || failed+=("pytest")
else
  echo "no build/libnavlayout.so.X.Y.Z: the C build failed, Python tests not run"
  failed+=("pytest (no library)")
fi

suite "Python types" "mypy --strict bindings/python/navlayout"
python3 -m mypy --strict bindings/python/navlayout || failed+=("mypy")

suite "Swift consumer" "examples/swift-consumer depends on this package by path (scripts/test-swift-consumer.sh)"
bash scripts/test-swift-consumer.sh || failed+=("swift consumer")

suite "Consumers" "cmake --install to a temp prefix; pkg-config C program, find_package CMake project, pip-installed Python package, all without the Swift toolchain (scripts/test-consumers.sh)"
if [ -n "$lib" ]; then
  bash scripts/test-consumers.sh build || failed+=("consumers")
else
  failed+=("consumers (no library)")
fi

suite "Python wheel" "sdist + manylinux wheel, installed into a fresh venv, pytest with the Swift toolchain hidden (scripts/test-wheel.sh)"
bash scripts/test-wheel.sh || failed+=("wheel")

suite "Reliability (issue 8)" "fuzzers (${FUZZ_SECONDS:-20} s each), LeakSanitizer, ThreadSanitizer — scripts/test-reliability.sh"
# Fuzzing sized to fit the default run: 20 s per fuzzer (test-reliability.sh alone: 60 s). Longer:
# FUZZ_SECONDS=600 scripts/test-all.sh, or scripts/fuzz.sh run api|solver SECONDS.
FUZZ_SECONDS=${FUZZ_SECONDS:-20} bash scripts/test-reliability.sh || failed+=("reliability")

suite ""
printf '%s\n' "--- time per suite (wall, CPU)" "${suite_times[@]}" \
  "$(printf '%5d s %5d s  total' $((SECONDS - t0)) "$cpu")"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED suites: ${failed[*]}"
  exit 1
fi
echo "all suites passed"
