#!/usr/bin/env bash
# Builds and runs examples/swift-consumer: a separate SwiftPM package that depends on this one by
# path and uses the `NavLayout` product (a delegate ported from the seed, checked frames). A debug
# build of the consumer and of the library targets it needs (LayoutSolver, LayoutEngine,
# NavigationUI, NavLayout), in examples/swift-consumer/.build (incremental on later runs).
set -euo pipefail
cd "$(dirname "$0")/../examples/swift-consumer"
swift build
"$(swift build --show-bin-path)/SwiftConsumer"
