#!/usr/bin/env bash
# Builds the self-contained C library (build/libnavlayout.so), the C examples and the C tests with
# CMake + Ninja in Release mode. Installs CMake and Ninja if missing (`scripts/setup.sh --build`;
# the test dependencies are `scripts/setup.sh`'s without the flag, run by scripts/test-all.sh).
# Prints nothing but CMake's own output.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --build
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
