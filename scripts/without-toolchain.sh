#!/usr/bin/env bash
# Runs a command with the Swift toolchain's folder hidden: an empty folder is mounted over it in a
# private mount namespace, as on a user's machine that never installed Swift. Proves that a built
# library or program needs no Swift runtime. Needs root (or unprivileged user namespaces).
#   usage: scripts/without-toolchain.sh CMD [ARG...]
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: without-toolchain.sh CMD [ARG...]" >&2; exit 2; }
swift_bin=$(readlink -f "$(command -v swift || command -v swiftc)")
tc=$(cd "$(dirname "$swift_bin")/../.." && pwd)   # <toolchain>/usr/bin/swift -> <toolchain>
case "$tc" in
  /|/usr|/usr/local|/opt) echo "without-toolchain: the toolchain is in $tc, which cannot be hidden alone" >&2; exit 2 ;;
esac
empty=$(mktemp -d)
exec unshare -m -- sh -c 'mount --bind "$0" "$1" && shift && exec "$@"' "$empty" "$tc" "$@"
