#!/usr/bin/env bash
# Consumer tests (issue 7): install the CMake build into a temporary prefix (with the licence in
# share/doc/navlayout, issue 18), move the prefix (the installed files must be relocatable), then use it the way users do — each program run with
# the Swift toolchain out of reach (scripts/without-toolchain.sh), proving the library needs only
# libc, libm, libstdc++ and libgcc_s:
#   0. the installed library: NEEDED only those, no RPATH/RUNPATH, SONAME libnavlayout.so.<major>,
#      `ldd` resolves everything, `nm -D` exports exactly the header's nl_* functions;
#   1. a plain C program built with `pkg-config --cflags --libs navlayout`;
#   2. a CMake project using find_package(NavLayout) (examples/cmake-consumer);
#   3. the Python package: the README's `pip install ./bindings/python` in a fresh, activated venv
#      that has PyPI's cmake and ninja (it bundles the library, reusing the build), then
#      `python -m navlayout demo` with no environment variable; NAVLAYOUT_LIBRARY overrides.
#   4. only with NAVLAYOUT_TEST_FROM_SOURCE=1 (minutes: a full CMake build): the same line in a
#      copy of the checkout without build/, as in a fresh clone; the library is built from source
#      in the package's own directory and the repository's build/ is not created.
# Programs 1-3 run the sample delegate's session; the output must equal Tests/c/expected/<preset>.txt.
#
# usage: scripts/test-consumers.sh [build-dir]   (default: build, as made by scripts/build-lib.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
build=$(cd "${1:-build}" && pwd)
preset=iphone-portrait
expected="$repo/Tests/c/expected/$preset.txt"
notc="$repo/scripts/without-toolchain.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
step() { echo "--- consumer: $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

step "cmake --install $build --prefix <tmp>/stage, then moved to <tmp>/prefix"
cmake --install "$build" --prefix "$tmp/stage" >/dev/null
mv "$tmp/stage" "$tmp/prefix"
prefix="$tmp/prefix"
pcdir=$(dirname "$(find "$prefix" -name navlayout.pc)")
libdir=$(cd "$pcdir/.." && pwd)
lib=$(ls "$libdir"/libnavlayout.so.[0-9]*.[0-9]*.[0-9]*)
[ -f "$prefix/include/navlayout.h" ] || fail "no include/navlayout.h installed"
[ -f "$libdir/cmake/NavLayout/NavLayoutConfig.cmake" ] || fail "no NavLayoutConfig.cmake installed"
[ "$(readlink "$libdir/libnavlayout.so")" = libnavlayout.so.0 ] || fail "libnavlayout.so is not a link to libnavlayout.so.0"
cmp -s LICENSE "$prefix/share/doc/navlayout/LICENSE" || fail "share/doc/navlayout/LICENSE is not the repository's LICENSE"

step "0. installed library: $(basename "$lib")"
dyn=$(readelf -d "$lib")
needed=$(grep '(NEEDED)' <<<"$dyn" | sed -E 's/.*\[(.*)\]/\1/' | sort | tr '\n' ' ')
for n in $needed; do
  case "$n" in
    libc.so.6|libm.so.6|libstdc++.so.6|libgcc_s.so.1|ld-linux-*.so.*) ;;
    *) fail "$(basename "$lib") needs $n (allowed: libc, libm, libstdc++, libgcc_s)" ;;
  esac
done
! grep -qE '\((RPATH|RUNPATH)\)' <<<"$dyn" || fail "$(basename "$lib") has an RPATH/RUNPATH: $(grep -E 'RPATH|RUNPATH' <<<"$dyn")"
grep -q "(SONAME).*\[libnavlayout.so.0\]" <<<"$dyn" || fail "SONAME is not libnavlayout.so.0"
ldd_out=$("$notc" ldd "$lib")
! grep -qiE 'not found|swift' <<<"$ldd_out" || fail "ldd without the toolchain: $ldd_out"
echo "NEEDED: $needed; no RPATH/RUNPATH; ldd without the toolchain resolves everything"
bash scripts/check-exports.sh "$lib" "$prefix/include/navlayout.h"

step "1. plain C program, pkg-config --cflags --libs navlayout"
export PKG_CONFIG_PATH="$pcdir"
[ "$(pkg-config --modversion navlayout)" = "$(basename "$lib" | sed 's/libnavlayout.so.//')" ] || fail "pkg-config version"
cc -std=c99 -Wall -Wextra -o "$tmp/c_consumer" examples/c/sample_delegate.c examples/c/demo_table.c \
   $(pkg-config --cflags --libs navlayout) -Wl,-rpath,"$(pkg-config --variable=libdir navlayout)"
"$notc" "$tmp/c_consumer" "$preset" > "$tmp/c.out"
diff -u "$expected" "$tmp/c.out" || fail "C consumer output differs"
echo "ok: the session table matches $expected"

step "2. CMake project, find_package(NavLayout) -> NavLayout::navlayout"
cmake -S examples/cmake-consumer -B "$tmp/cmake-consumer" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$tmp/cmake-consumer" >/dev/null
"$notc" "$tmp/cmake-consumer/navlayout_consumer" "$preset" > "$tmp/cmake.out"
diff -u "$expected" "$tmp/cmake.out" || fail "CMake consumer output differs"
echo "ok: the session table matches"

step "3. Python: the README's line, pip install ./bindings/python, in a fresh venv with PyPI's cmake"
python3 -m venv "$tmp/venv"
# What a user has after `pip install cmake ninja` in the venv: PyPI's `cmake` console script first
# on PATH. Before issue 18, pip's isolated build environment ran it and it could not import its
# own module there; the package now brings its own (pyproject.toml's build requirements).
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check cmake ninja
# The package reuses the repository's build/ (up to date after scripts/build-lib.sh); another
# build directory is named with NAVLAYOUT_CMAKE_BUILD_DIR.
reuse=()
[ "$build" = "$repo/build" ] || reuse=(NAVLAYOUT_CMAKE_BUILD_DIR="$build")
( . "$tmp/venv/bin/activate" && env "${reuse[@]}" pip install ./bindings/python ) >"$tmp/pip.log" 2>&1 \
  || { tail -40 "$tmp/pip.log" >&2; fail "pip install ./bindings/python in a fresh venv"; }
cd "$tmp"   # away from the checkout: only the installed package can be imported
env -u NAVLAYOUT_LIBRARY -u PYTHONPATH "$notc" "$tmp/venv/bin/python" -m navlayout demo --preset "$preset" > "$tmp/py.out"
diff -u "$expected" "$tmp/py.out" || fail "python -m navlayout demo output differs"
env -u NAVLAYOUT_LIBRARY -u PYTHONPATH "$notc" "$tmp/venv/bin/python" -c '
import navlayout, os, sys
path = navlayout.load_library()
assert os.path.realpath(path).startswith(os.path.realpath(sys.prefix)), path
print("bundled:", os.path.relpath(path, sys.prefix), "version", navlayout.library_version())'
bundled=$(echo "$tmp"/venv/lib/python3*/site-packages/navlayout/_lib/libnavlayout.so.0)
cmp -s "$(ls "$build"/libnavlayout.so.[0-9]*.[0-9]*.[0-9]*)" "$bundled" || fail "the bundled library is not $build's: it was not reused"
NAVLAYOUT_LIBRARY="$lib" "$notc" "$tmp/venv/bin/python" -c '
import navlayout, os
path = navlayout.load_library()
assert path == os.environ["NAVLAYOUT_LIBRARY"], path
print("NAVLAYOUT_LIBRARY overrides:", path)'
cd "$repo"
echo "ok: python -m navlayout demo matches; the bundled library is $build's; NAVLAYOUT_LIBRARY overrides it"

if [ "${NAVLAYOUT_TEST_FROM_SOURCE:-0}" = 1 ]; then
  step "4. Python from source: pip install ./bindings/python in a copy of the checkout without build/"
  mkdir "$tmp/clone"
  git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$tmp/clone"   # tracked files, as they are now
  python3 -m venv "$tmp/venv2"
  "$tmp/venv2/bin/python" -m pip install --quiet --disable-pip-version-check cmake ninja
  for attempt in 1 2; do  # the second reconfigures: the first one's build environment is gone
    ( cd "$tmp/clone" && . "$tmp/venv2/bin/activate" && env -u NAVLAYOUT_CMAKE_BUILD_DIR \
        pip install --force-reinstall ./bindings/python ) >"$tmp/pip2.log" 2>&1 \
      || { tail -40 "$tmp/pip2.log" >&2; fail "pip install ./bindings/python from source (install $attempt)"; }
    [ ! -e "$tmp/clone/build" ] || fail "pip install created the repository's build/ (install $attempt)"
    ( cd "$tmp" && env -u NAVLAYOUT_LIBRARY -u PYTHONPATH "$notc" "$tmp/venv2/bin/python" -m navlayout demo \
        --preset "$preset" ) > "$tmp/py2.out"
    diff -u "$expected" "$tmp/py2.out" || fail "python -m navlayout demo (built from source) differs"
  done
  echo "ok: built from source in bindings/python/build/native, twice; python -m navlayout demo matches"
fi
echo "consumer tests passed"
