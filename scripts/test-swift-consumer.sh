#!/usr/bin/env bash
# Builds and runs examples/swift-consumer: a separate SwiftPM package that depends on this one by
# path and uses the `NavLayout` product (a delegate ported from the seed, checked frames) and the
# `NavLayoutUIKit` product (a delegate in the SDK's UIKit spelling, Swift 6 mode). A debug build of
# the consumers and of the library targets they need, in examples/swift-consumer/.build
# (incremental on later runs).
set -euo pipefail
cd "$(dirname "$0")/../examples/swift-consumer"
swift build
"$(swift build --show-bin-path)/SwiftConsumer"
"$(swift build --show-bin-path)/UIKitConsumer"
