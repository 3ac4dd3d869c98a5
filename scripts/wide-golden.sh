#!/usr/bin/env bash
# The golden tables of the wide example delegate: Tests/c/golden/wide/<preset>.txt is what
# `navlayout demo --delegate wide --preset <preset>` (the Swift CLI, examples/swift/WideLayoutDelegate)
# prints, for every non-CarPlay preset of docs/behaviour.md#device-presets. CTest checks the C example (examples/c/wide_delegate.c)
# against these files byte for byte.
#
#   scripts/wide-golden.sh           regenerate the files from the CLI
#   scripts/wide-golden.sh --check   diff the CLI's output against the files (exit 1 on a difference,
#                                    77 = skipped when the CLI is not built)
#
# The CLI is $NAVLAYOUT_CLI, else .build/release/navlayout or .build/debug/navlayout
# (build it with `swift build --product navlayout`).
set -euo pipefail
cd "$(dirname "$0")/.."
golden=Tests/c/golden/wide
presets=(iphone-portrait iphone-landscape iphone-se ipad-portrait ipad-split)

cli="${NAVLAYOUT_CLI:-}"
if [ -z "$cli" ]; then
  for c in .build/release/navlayout .build/debug/navlayout; do
    if [ -x "$c" ]; then cli="$c"; break; fi
  done
fi
if [ -z "$cli" ] || [ ! -x "$cli" ]; then
  echo "wide-golden: the Swift CLI is not built (swift build --product navlayout); skipped"
  [ "${1:-}" = "--check" ] && exit 77
  exit 2
fi

mkdir -p "$golden"
status=0
for p in "${presets[@]}"; do
  if [ "${1:-}" = "--check" ]; then
    if ! diff -u "$golden/$p.txt" <("$cli" demo --delegate wide --preset "$p"); then
      echo "wide-golden: $golden/$p.txt differs from '$cli demo --delegate wide --preset $p'"
      status=1
    fi
  else
    "$cli" demo --delegate wide --preset "$p" > "$golden/$p.txt"
    echo "wrote $golden/$p.txt"
  fi
done
[ "$status" -eq 0 ] && [ "${1:-}" = "--check" ] && echo "wide-golden: ${#presets[@]} tables match $cli"
exit "$status"
