#!/usr/bin/env bash
# The package a Python user installs without Swift: builds the sdist and the manylinux wheel
# (scripts/build-wheel.sh), installs the wheel into a fresh venv (with pytest, kiwisolver, scipy, mypy and
# selenium, the suite's test-only tools) and runs bindings/python/tests against the installed package with
# the Swift toolchain hidden (scripts/without-toolchain.sh): the bundled library is the one loaded,
# and no comparison with the Swift CLI is attempted (it needs the toolchain's runtime).
#   bash scripts/test-wheel.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wheel=$(bash scripts/build-wheel.sh "$tmp/dist" | sed -n 's/^wheel: //p')
[ -n "$wheel" ] || { echo "test-wheel: no wheel built" >&2; exit 1; }
echo "test-wheel: installing $(basename "$wheel") into a fresh venv"
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel" pytest kiwisolver scipy mypy selenium
cd "$tmp"   # away from the checkout: only the installed package can be imported
# NAVLAYOUT_TEST_INSTALLED=1: tests/conftest.py tests the installed package and its bundled
# library; NAVLAYOUT_CLI= (empty): there is no Swift CLI to compare with.
env -u NAVLAYOUT_LIBRARY -u PYTHONPATH NAVLAYOUT_TEST_INSTALLED=1 NAVLAYOUT_CLI= \
  bash "$repo/scripts/without-toolchain.sh" \
  "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider "$repo/bindings/python/tests"
