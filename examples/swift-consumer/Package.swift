// swift-tools-version:6.0
// A SwiftPM package that uses NavLayout the way an app would: a dependency by path on the
// repository's package, `import NavLayout`, a layout delegate ported from the seed's sample.
//
//   swift run --package-path examples/swift-consumer SwiftConsumer   (CI: scripts/test-swift-consumer.sh)
//   swift run --package-path examples/swift-consumer UIKitConsumer   (the NavLayoutUIKit product)
//
// In your own package, depend on NavLayout by URL or path and use the `NavLayout` product (or
// `NavLayoutUIKit` for the iOS SDK's spelling).
import PackageDescription

let package = Package(
    name: "SwiftConsumer",
    dependencies: [
        // `name:` fixes the package's name whatever the checkout's folder is called.
        .package(name: "NavLayout", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "SwiftConsumer",
            dependencies: [.product(name: "NavLayout", package: "NavLayout")]),
        // The UIKit spelling (`import NavLayoutUIKit`), in the Swift 6 language mode.
        .executableTarget(
            name: "UIKitConsumer",
            dependencies: [.product(name: "NavLayoutUIKit", package: "NavLayout")],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ],
    swiftLanguageModes: [.v5]
)
