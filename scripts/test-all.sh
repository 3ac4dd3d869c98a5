#!/usr/bin/env bash
# Builds everything and runs every suite: the docs' citations, Swift (swift test), C (CTest,
# against the CMake-built libnavlayout.so), Python (pytest against the same library; mypy
# --strict), the consumers (SwiftPM, CMake/pkg-config, pip) and the manylinux wheel, and the
# reliability suite (fuzzers, LeakSanitizer, ThreadSanitizer, soak). Exits non-zero if any suite
# fails; all suites run either way so one failure does not hide another.
#
#   bash scripts/test-all.sh                     # the default run (the README gives its time)
#   FUZZ_SECONDS=600 SOAK_TRANSITIONS=100000 bash scripts/test-all.sh   # longer fuzzing and soak
#   NAVLAYOUT_TEST_LANES=1 bash scripts/test-all.sh                     # one suite at a time
#
# The suites run in two lanes at once (one per core of a 2-core machine; most of them compile or
# run on one core):
#   lane 1: Docs -> Swift -> Swift consumer -> Fuzz and LSan
#   lane 2: C -> Python -> Python types -> Consumers -> Python wheel -> TSan and soak
# (the reliability suite, scripts/test-reliability.sh, split in two: about 150 s and 60 s of CPU)
# Each suite's output goes to build-logs/<suite>.log and is printed whole when the suite ends (one
# suite at a time, never interleaved), then a table of each suite's wall and CPU time (user +
# system of its commands): the README's "Testing" section quotes them.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
# The fuzzers and the soak sized to fit the default run; the README's Reliability section and
# scripts/test-reliability.sh give the longer runs.
export FUZZ_SECONDS=${FUZZ_SECONDS:-10}
export SOAK_TRANSITIONS=${SOAK_TRANSITIONS:-12000}
logs=$PWD/build-logs
rm -rf "$logs"
mkdir -p "$logs"
t0=$SECONDS

# run_suite NAME DESCRIPTION COMMAND...: runs COMMAND in a subshell with its output in
# $logs/NAME.log, records "wall cpu status" in $logs/NAME.result and prints the log.
run_suite() {
  local name=$1 description=$2
  shift 2
  local file=$logs/${name// /-} start=$SECONDS
  (
    "$@"
    status=$?
    # `times`: this subshell's children, user and system (the second line). Not in a pipeline: a
    # pipeline's `times` runs in a fresh fork, which has no children yet.
    times >"$file.times"
    tail -1 "$file.times" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); n += t[1] * 60 + t[2] } printf "%d\n", n }' >"$file.cpu"
    exit $status
  ) >"$file.log" 2>&1
  local status=$?
  echo "$((SECONDS - start)) $(cut -d' ' -f1 "$file.cpu" 2>/dev/null || echo 0) $status $name" >"$file.result"
  {
    flock 9
    echo "=== $name: $description"
    cat "$file.log"
    if [ $status = 0 ]; then echo "--- $name: passed ($((SECONDS - start)) s)"; else echo "--- $name: FAILED ($((SECONDS - start)) s)"; fi
  } 9>"$logs/.print-lock"
  return $status
}

library() { ls build/libnavlayout.so.[0-9]*.[0-9]*.[0-9]* 2>/dev/null | head -1; }

swift_suite() {
  # .swift-built: lane 2's Python suite compares with the Swift CLI this build makes
  # (.build/debug/navlayout) and waits for it.
  swift build --build-tests || { echo "swift build failed"; touch "$logs/.swift-built"; return 1; }
  touch "$logs/.swift-built"
  # XCTest only (no Swift Testing suites here, so skip its empty "0 tests" run).
  swift test --skip-build --disable-swift-testing
}
c_suite() {
  bash scripts/build-lib.sh || { echo "cmake build failed"; return 1; }
  ctest --test-dir build --output-on-failure
}
python_suite() {
  local lib
  lib=$(library)
  [ -n "$lib" ] || { echo "no build/libnavlayout.so.X.Y.Z: the C build failed, Python tests not run"; return 1; }
  while [ ! -f "$logs/.swift-built" ]; do sleep 2; done   # the Swift CLI to compare with
  NAVLAYOUT_LIBRARY="$PWD/$lib" PYTHONPATH="$PWD/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    python3 -m pytest -q bindings/python/tests
}
consumers_suite() {
  [ -n "$(library)" ] || { echo "no build/libnavlayout.so.X.Y.Z: the C build failed"; return 1; }
  bash scripts/test-consumers.sh build
}
sanitizers_suite() { bash scripts/test-reliability.sh fuzz lsan; }
threads_soak_suite() {
  # The soak uses build/libnavlayout.so (this lane's C suite made it) and builds its Swift driver
  # in .build (lane 1's Swift suite builds there first).
  while [ ! -f "$logs/.swift-built" ]; do sleep 2; done
  bash scripts/test-reliability.sh tsan soak
}

do_docs() {
  run_suite "Docs" "pytest tests: every cited document and section exists; docs/api.md names every public call" \
    python3 -m pytest -q tests
}
do_swift() { run_suite "Swift" "swift build --build-tests && swift test" swift_suite; }
do_swift_consumer() {
  run_suite "Swift consumer" "examples/swift-consumer depends on this package by path (scripts/test-swift-consumer.sh)" \
    bash scripts/test-swift-consumer.sh
}
do_fuzz_lsan() {
  run_suite "Fuzz and LSan" "fuzzers ($FUZZ_SECONDS s each), then LeakSanitizer/ASan/UBSan on the C tests and examples — scripts/test-reliability.sh fuzz lsan" \
    sanitizers_suite
}
do_tsan_soak() {
  run_suite "TSan and soak" "ThreadSanitizer (threads, NL_ERR_BUSY, the sweep's threads), soak of every example ($SOAK_TRANSITIONS transitions) — scripts/test-reliability.sh tsan soak" \
    threads_soak_suite
}
do_c() { run_suite "C" "CMake build (Release) + CTest" c_suite; }
do_python() { run_suite "Python" "pytest bindings/python/tests" python_suite; }
do_python_types() {
  run_suite "Python types" "mypy --strict bindings/python/navlayout" python3 -m mypy --strict bindings/python/navlayout
}
do_consumers() {
  run_suite "Consumers" "cmake --install to a temp prefix; pkg-config C program, find_package CMake project, pip-installed Python package, all without the Swift toolchain (scripts/test-consumers.sh)" \
    consumers_suite
}
do_wheel() {
  run_suite "Python wheel" "sdist + manylinux wheel, installed into a fresh venv, pytest with the Swift toolchain hidden (scripts/test-wheel.sh)" \
    bash scripts/test-wheel.sh
}

if [ "${NAVLAYOUT_TEST_LANES:-2}" = 1 ]; then
  do_docs; do_swift; do_c; do_python; do_python_types; do_swift_consumer; do_consumers; do_wheel; do_fuzz_lsan; do_tsan_soak
else
  { do_docs; do_swift; do_swift_consumer; do_fuzz_lsan; } &
  { do_c; do_python; do_python_types; do_consumers; do_wheel; do_tsan_soak; } &
  wait
fi

echo "--- time per suite (wall, CPU)"
failed=() cpu_total=0
for suite in Docs Swift C Python "Python types" "Swift consumer" Consumers "Python wheel" "Fuzz and LSan" "TSan and soak"; do
  file=$logs/${suite// /-}.result
  if [ ! -f "$file" ]; then failed+=("$suite (did not run)"); continue; fi
  read -r wall cpu status _ <"$file"
  printf '%5d s %5d s  %s\n' "$wall" "$cpu" "$suite"
  cpu_total=$((cpu_total + cpu))
  [ "$status" = 0 ] || failed+=("$suite")
done
printf '%5d s %5d s  total (wall: the two lanes at once)\n' $((SECONDS - t0)) "$cpu_total"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED suites: ${failed[*]} (logs: build-logs/)"
  exit 1
fi
echo "all suites passed"
