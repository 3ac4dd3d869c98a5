#!/usr/bin/env bash
# Builds libnavlayout.so, the C examples and the C tests with CMake + Ninja (Release) and runs
# them with ctest. Installs cmake and ninja with pip when they are missing or too old.
#
# usage: scripts/test-c.sh [build-dir]      (default: build)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$here/build}"

need_tools=0
if ! command -v cmake >/dev/null 2>&1 || ! command -v ninja >/dev/null 2>&1; then
  need_tools=1
elif ! cmake -P /dev/stdin >/dev/null 2>&1 <<'CM'
cmake_minimum_required(VERSION 3.29)
CM
then
  need_tools=1
fi
if [ "$need_tools" -eq 1 ]; then
  echo "test-c: installing cmake and ninja with pip" >&2
  python3 -m pip install --quiet --disable-pip-version-check "cmake>=3.29" ninja
  hash -r
fi

cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}"
cmake --build "$build"
ctest --test-dir "$build" --output-on-failure
