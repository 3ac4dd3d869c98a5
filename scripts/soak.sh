#!/usr/bin/env bash
# The soak of every example delegate (issue 17, item 7; Tests/soak/README.md): the C sample and
# wide delegates, the Python ones and the Swift ones (sample, wide, and the UIKit-spelling port),
# each on one map view through SOAK_TRANSITIONS navigation transitions, judged by
# Tests/soak/report.py: heap in use, Python blocks, resident set and rate must stay flat.
#
#   bash scripts/soak.sh                 # CI scale: 12,000 transitions (Swift debug build: 2,400)
#   SOAK_TRANSITIONS=1000000 SOAK_SWIFT_CONFIG=release bash scripts/soak.sh   # bench/RESULTS.md
#
#   SOAK_TRANSITIONS        transitions of the C and Python runs (default 12000)
#   SOAK_SWIFT_TRANSITIONS  transitions of the Swift runs (default: SOAK_TRANSITIONS / 5 for the
#                           debug build, SOAK_TRANSITIONS for release)
#   SOAK_SWIFT_CONFIG       debug (default: what `swift build` made for the tests) or release
#   NAVLAYOUT_SOAK_LIB      directory holding libnavlayout.so (default: build/, scripts/build-lib.sh)
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
lib=${NAVLAYOUT_SOAK_LIB:-$root/build}
out=${NAVLAYOUT_SOAK_DIR:-$root/build-soak}
n=${SOAK_TRANSITIONS:-12000}
config=${SOAK_SWIFT_CONFIG:-debug}
if [ "$config" = release ]; then swift_n=${SOAK_SWIFT_TRANSITIONS:-$n}; else swift_n=${SOAK_SWIFT_TRANSITIONS:-$((n / 5))}; fi
mkdir -p "$out"
[ -f "$lib/libnavlayout.so" ] || { echo "soak: no $lib/libnavlayout.so (run scripts/build-lib.sh)"; exit 1; }

echo "soak: building the drivers (C against $lib, Swift $config)"
gcc -O2 -std=c99 -D_GNU_SOURCE -Wall -Wextra -I include -I examples/c -DNL_SAMPLE_DELEGATE_NO_MAIN \
  -DNL_WIDE_DELEGATE_NO_MAIN Tests/soak/soak.c examples/c/sample_delegate.c examples/c/wide_delegate.c \
  -o "$out/soak_c" -L"$lib" -lnavlayout -Wl,-rpath,"$lib" || exit 1
swift build -c "$config" --product navlayout-soak >"$out/swift-build.log" 2>&1 \
  || { tail -20 "$out/swift-build.log"; exit 1; }
swift_soak=$(swift build -c "$config" --show-bin-path)/navlayout-soak

status=0
run() {  # run NAME COMMAND...: the driver's lines into $out/NAME.txt
  local name=$1; shift
  if ! "$@" >"$out/$name.txt" 2>"$out/$name.err"; then
    echo "soak $name: the driver failed:"; tail -5 "$out/$name.err"; status=1
  fi
}
run c-sample "$out/soak_c" sample "$n"
run c-wide "$out/soak_c" wide "$n"
export NAVLAYOUT_LIBRARY=$lib/libnavlayout.so
run python-sample python3 Tests/soak/soak.py sample "$n"
run python-wide python3 Tests/soak/soak.py wide "$n"
run swift-sample "$swift_soak" sample "$swift_n"
run swift-wide "$swift_soak" wide "$swift_n"
run swift-uikit "$swift_soak" uikit "$swift_n"
python3 Tests/soak/report.py "$out"/{c-sample,c-wide,python-sample,python-wide,swift-sample,swift-wide,swift-uikit}.txt || status=1
exit $status
