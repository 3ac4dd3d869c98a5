// swift-tools-version:6.0
// NavLayout: a headless navigation-layout engine (Cassowary solver, Auto Layout–style engine,
// navigation UI state machine) with a C ABI. See README.md and docs/architecture.md.
// Licensed under the Apache License, Version 2.0: the text is in LICENSE.
import PackageDescription

// `rounded()` and friends call libm; without Foundation nothing else links it, so a package that
// uses only the `NavLayout` product (examples/swift-consumer) needs it named.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "NavLayout",
    products: [
        // The native Swift API: `import NavLayout` re-exports the three layers.
        .library(name: "NavLayout", targets: ["NavLayout"]),
        // The C ABI as a shared library (libnavlayout-c.so, for development). For a self-contained build that
        // needs no Swift toolchain at run time, use CMake (see README), which links with
        // -static-stdlib and a version script exporting only nl_* symbols.
        .library(name: "navlayout-c", type: .dynamic, targets: ["NavLayoutC"]),
        // The layout workbench (issue 14): the standard session, its recorder and the viewer page.
        .library(name: "NavLayoutWorkbench", targets: ["NavLayoutWorkbench"]),
        .executable(name: "navlayout", targets: ["navlayout"]),
        // The SDK's and UIKit's spellings on top of NavLayout (GMSMapView, UIView,
        // NSLayoutConstraint, …): a delegate written for the iOS SDK compiles with
        // `import NavLayoutUIKit` in place of `import GoogleNavigation` and `import UIKit`.
        .library(name: "NavLayoutUIKit", targets: ["NavLayoutUIKit"]),
        // Snapshot tests of a layout in XCTest (issue 15): assertLayoutSnapshot(map, named:).
        .library(name: "NavLayoutTesting", targets: ["NavLayoutTesting"]),
    ],
    targets: [
        // Cassowary: pure math, standard library only (no Foundation).
        .target(name: "LayoutSolver", linkerSettings: libm),
        // Auto Layout model: views, guides, anchors, constraints, hiding stack, animation.
        .target(name: "LayoutEngine", dependencies: ["LayoutSolver"], linkerSettings: libm),
        // The seed's SDK: map view, state machine, components, delegate protocol, camera.
        .target(name: "NavigationUI", dependencies: ["LayoutEngine"]),
        // The layout workbench (issue 14): the standard navigation session every tool drives, its
        // recorder (every step, animations sampled at 60 Hz) and the self-contained viewer page.
        // No Foundation; the page's JS and CSS live in Viewer/ and are embedded by
        // scripts/embed-viewer.py into ViewerAssets.swift.
        .target(name: "NavLayoutWorkbench", dependencies: ["LayoutEngine", "NavigationUI"],
                exclude: ["Viewer"]),
        // The snapshot kit for app teams' XCTest suites (issue 15): golden JSON + SVG next to the
        // test, compared by NavLayoutWorkbench's SnapshotComparison. Imports XCTest and Foundation
        // (a test-support library; the library targets above import neither).
        .target(name: "NavLayoutTesting", dependencies: ["LayoutEngine", "NavigationUI", "NavLayoutWorkbench"]),
        // Umbrella module for Swift users.
        .target(name: "NavLayout", dependencies: ["LayoutSolver", "LayoutEngine", "NavigationUI"]),
        // UIKit spelling (issue 16 item 10): wrappers over LayoutEngine and NavigationUI, no Foundation.
        .target(name: "NavLayoutUIKit", dependencies: ["LayoutEngine", "NavigationUI"]),
        // The public C header, imported by the export layer so both sides share one set of types.
        .systemLibrary(name: "CNavLayout", path: "include"),
        // The C ABI: the only module with @_cdecl exports.
        .target(name: "NavLayoutC", dependencies: ["CNavLayout", "NavigationUI", "NavLayoutWorkbench"]),
        // The example delegates written in Swift (the CLI and the tests use them).
        .target(name: "NavLayoutExamples", dependencies: ["LayoutEngine", "NavigationUI", "NavLayoutWorkbench"], path: "examples/swift"),
        // A delegate in the SDK's UIKit spelling that imports NavLayoutUIKit alone, in the Swift 6
        // language mode an app uses (issue 16 item 10).
        .target(name: "NavLayoutUIKitExample", dependencies: ["NavLayoutUIKit"], path: "examples/uikit",
                swiftSettings: [.swiftLanguageMode(.v6)]),
        // Command-line tool: `navlayout demo --preset iphone-portrait`.
        .executableTarget(name: "navlayout", dependencies: ["NavigationUI", "NavLayoutExamples", "NavLayoutWorkbench"]),
        // The soak of the Swift example delegates (issue 17; scripts/soak.sh runs it) and its
        // access to glibc's heap statistics.
        .target(name: "CSoakSupport", path: "Tests/soak/csupport"),
        .executableTarget(name: "navlayout-soak",
                          dependencies: ["LayoutEngine", "NavigationUI", "NavLayoutExamples", "NavLayoutUIKit",
                                         "NavLayoutUIKitExample", "CSoakSupport"],
                          path: "Tests/soak/swift"),
        .testTarget(name: "LayoutSolverTests", dependencies: ["LayoutSolver"]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine"]),
        .testTarget(name: "NavigationUITests", dependencies: ["NavigationUI", "NavLayoutExamples"]),
        .testTarget(name: "NavLayoutWorkbenchTests", dependencies: ["NavLayoutWorkbench", "NavLayoutExamples"]),
        .testTarget(name: "NavLayoutTestingTests", dependencies: ["NavLayoutTesting", "NavLayoutExamples", "NavLayoutWorkbench"]),
        .testTarget(name: "NavLayoutUIKitTests", dependencies: ["NavLayoutUIKit", "NavLayoutUIKitExample", "NavigationUI", "LayoutEngine"]),
    ],
    swiftLanguageModes: [.v5]
)
