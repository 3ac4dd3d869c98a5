#!/usr/bin/env bash
# The main job: builds the navlayout command-line tool and runs the demo session (docs/behaviour.md#acceptance-values) with
# the sample delegate. Arguments go to `navlayout demo`, e.g. --preset iphone-landscape.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --quiet --product navlayout >&2
exec .build/debug/navlayout demo "$@"
