#!/usr/bin/env bash
# Renders the C API reference (the doc comments of include/navlayout.h) as HTML with Doxygen:
#   bash scripts/api-docs.sh [output-dir]     (default: build/api-docs; open <dir>/html/index.html)
# Needs doxygen (Debian: apt-get install doxygen). Configuration: docs/Doxyfile. Not run in CI.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-build/api-docs}"
command -v doxygen >/dev/null || { echo "api-docs: doxygen not found (Debian/Ubuntu: apt-get install doxygen)" >&2; exit 1; }
version=$(sed -nE 's/^#define NL_VERSION_(MAJOR|MINOR|PATCH) ([0-9]+).*/\2/p' include/navlayout.h | paste -sd.)
mkdir -p "$out"
{ cat docs/Doxyfile; echo "OUTPUT_DIRECTORY = $out"; echo "PROJECT_NUMBER = $version"; } | doxygen - 2> "$out/warnings.log"
echo "api-docs: $out/html/index.html (doxygen $(doxygen --version); warnings in $out/warnings.log: $(wc -l < "$out/warnings.log"))"
