#!/usr/bin/env bash
# Builds the Python package for users without Swift: an sdist (builds from source with CMake where
# the Swift toolchain exists) and a wheel that bundles libnavlayout.so.0, repaired and tagged by
# auditwheel with the manylinux policy it proves (the library needs only glibc, libm, libstdc++
# and libgcc_s). Prints the paths and `auditwheel show`.
#   bash scripts/build-wheel.sh [OUT]     (default OUT: build/python-dist; wheel in OUT/wheelhouse)
#   NAVLAYOUT_WHEEL_FROM_SOURCE=1 ...     the wheel is built from the sdist's sources (a full CMake
#                                         build, minutes) instead of bundling build/libnavlayout.so
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-build/python-dist}")
bash scripts/setup.sh >&2
rm -rf "$out"
mkdir -p "$out"
log=$out/build.log
quietly() {  # runs "$@" with its output in $log, shown only when it fails
  "$@" >>"$log" 2>&1 || { tail -40 "$log" >&2; echo "build-wheel: failed: $* (log: $log)" >&2; exit 1; }
}
# The wheel is built from the sdist (python -m build unpacks it in a temporary directory), never
# in bindings/python: no stale build/lib files can slip into it.
if [ "${NAVLAYOUT_WHEEL_FROM_SOURCE:-0}" = 1 ]; then
  echo "build-wheel: sdist, then the wheel from it (CMake builds the library from native/)" >&2
  quietly env -u NAVLAYOUT_BUNDLE_LIBRARY -u NAVLAYOUT_CMAKE_BUILD_DIR \
    python3 -m build --outdir "$out" bindings/python
else
  quietly bash scripts/build-lib.sh   # no-op when build/ is up to date
  lib=$(ls "$PWD"/build/libnavlayout.so.[0-9]*.[0-9]*.[0-9]* | head -1)
  echo "build-wheel: sdist, then the wheel from it bundling $lib" >&2
  quietly env NAVLAYOUT_BUNDLE_LIBRARY="$lib" python3 -m build --outdir "$out" bindings/python
fi
raw=$(ls "$out"/navlayout-*-linux_*.whl)
# auditwheel proves the lowest manylinux policy the bundled library satisfies and retags the
# wheel (it grafts nothing: every library it needs is on the manylinux list).
quietly auditwheel repair --wheel-dir "$out/wheelhouse" "$raw"
wheel=$(ls "$out"/wheelhouse/navlayout-*.whl)
case "$(basename "$wheel")" in
  *-manylinux_*) ;;
  *) echo "build-wheel: auditwheel gave no manylinux tag: $wheel" >&2; exit 1 ;;
esac
auditwheel show "$wheel" >&2
echo "sdist: $(ls "$out"/navlayout-*.tar.gz)"
echo "wheel: $wheel"
