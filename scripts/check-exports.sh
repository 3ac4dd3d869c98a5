#!/usr/bin/env bash
# Checks that the functions declared in include/navlayout.h and the dynamic symbols the built
# library exports are the same set. Any difference (a declared function the library lacks, or an
# exported symbol the header does not declare) fails.
#
# usage: scripts/check-exports.sh [path/to/libnavlayout.so] [path/to/navlayout.h]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
lib="${1:-$here/build/libnavlayout.so}"
header="${2:-$here/include/navlayout.h}"
cc="${CC:-cc}"

[ -f "$lib" ] || { echo "check-exports: library not found: $lib" >&2; exit 2; }
[ -f "$header" ] || { echo "check-exports: header not found: $header" >&2; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Declarations: preprocess (drops comments and macros), then every identifier nl_* directly
# followed by "(" is a function declaration (struct fields are function pointers "(*name)").
"$cc" -E -P -std=c99 -x c "$header" \
  | grep -oE '\bnl_[A-Za-z0-9_]+[[:space:]]*\(' \
  | sed -E 's/[[:space:]]*\($//' | sort -u > "$tmp/declared"

# Exports: defined dynamic symbols (strip symbol versions).
nm -D --defined-only "$lib" | awk '{print $NF}' | sed 's/@.*//' | sort -u > "$tmp/exported"

status=0
if ! comm -23 "$tmp/declared" "$tmp/exported" > "$tmp/missing" || [ -s "$tmp/missing" ]; then
  echo "declared in $(basename "$header") but not exported by $(basename "$lib"):"; sed 's/^/  /' "$tmp/missing"; status=1
fi
if ! comm -13 "$tmp/declared" "$tmp/exported" > "$tmp/extra" || [ -s "$tmp/extra" ]; then
  echo "exported by $(basename "$lib") but not declared in $(basename "$header"):"; sed 's/^/  /' "$tmp/extra"; status=1
fi
n="$(wc -l < "$tmp/declared")"
if [ "$status" -eq 0 ]; then
  echo "check-exports: OK, $n functions declared and exported, nothing else exported"
fi
exit "$status"
