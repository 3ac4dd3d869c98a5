#!/usr/bin/env bash
# Builds everything and runs every suite: Swift (swift test), C (CTest, against the CMake-built
# libnavlayout.so), Python (pytest, against the same library; mypy --strict). Exits non-zero if any suite fails;
# all suites run either way so one failure does not hide another.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
failed=()

echo "=== Swift: swift build --build-tests && swift test"
if swift build --build-tests; then
  # XCTest only (no Swift Testing suites here, so skip its empty "0 tests" run).
  swift test --skip-build --disable-swift-testing || failed+=("swift")
else
  failed+=("swift build")
fi

echo "=== C: CMake build (Release) + CTest"
if bash scripts/build-lib.sh; then
  ctest --test-dir build --output-on-failure || failed+=("ctest")
else
  failed+=("cmake build")
fi

echo "=== Python: pytest bindings/python/tests"
lib=$(ls build/libnavlayout.so.[0-9]*.[0-9]*.[0-9]* 2>/dev/null | head -1)
if [ -n "$lib" ]; then
  NAVLAYOUT_LIBRARY="$PWD/$lib" PYTHONPATH="$PWD/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    python3 -m pytest -q bindings/python/tests || failed+=("pytest")
else
  echo "no build/libnavlayout.so.X.Y.Z: the C build failed, Python tests not run"
  failed+=("pytest (no library)")
fi

echo "=== Python types: mypy --strict bindings/python/navlayout"
python3 -m mypy --strict bindings/python/navlayout || failed+=("mypy")

echo "=== Swift consumer: examples/swift-consumer depends on this package by path (scripts/test-swift-consumer.sh)"
bash scripts/test-swift-consumer.sh || failed+=("swift consumer")

echo "=== Consumers: cmake --install to a temp prefix; pkg-config C program, find_package CMake project, pip-installed Python package, all without the Swift toolchain (scripts/test-consumers.sh)"
if [ -n "$lib" ]; then
  bash scripts/test-consumers.sh build || failed+=("consumers")
else
  failed+=("consumers (no library)")
fi

echo "=== Python wheel: sdist + manylinux wheel, installed into a fresh venv, pytest with the Swift toolchain hidden (scripts/test-wheel.sh)"
bash scripts/test-wheel.sh || failed+=("wheel")

echo "=== Reliability (issue 8): fuzzers, LeakSanitizer, ThreadSanitizer — scripts/test-reliability.sh"
bash scripts/test-reliability.sh || failed+=("reliability")

if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED suites: ${failed[*]}"
  exit 1
fi
echo "all suites passed"
