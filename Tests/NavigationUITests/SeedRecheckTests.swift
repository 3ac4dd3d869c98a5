import XCTest
import LayoutEngine
@testable import NavigationUI
@testable import NavLayoutExamples

// Issue 16, the re-check of the seed's rules: (A) the logo and the viewport must stay visible,
// (B) the cards' margins guides stay inside the safe area they reach under, (C) presented frames
// are snapped like solved ones. Frames: docs/behaviour.md#expected-frames for the sample delegate on iphone-portrait
// (393 × 852, S = 59/0/34/0), docs/behaviour.md#component-sizes for sizes, docs/behaviour.md#device-presets for the presets.

private func missing(_ map: NavigationMapView) -> [LayoutDiagnostic] {
    map.diagnostics.filter { $0.code == .missingRequiredComponent }
}

/// The sample delegate on `preset`, in active guidance.
private func guidance(_ preset: String = "iphone-portrait") throws -> NavigationMapView {
    let map = try NavigationMapView(preset: preset)
    try map.setLayoutDelegate(SampleLayoutDelegate())
    try map.setNavigationEnabled(true)
    try map.startGuidance()
    return map
}

/// (A) "Insert, position and keep visible" the logo and the viewport in every navigation state.
final class KeepVisibleTests: XCTestCase {
    func testAHiddenLogoIsAMissingRequiredComponent() throws {
        let map = try guidance()
        defer { map.invalidate() }
        XCTAssertEqual(map.diagnostics.map(\.message), [])
        map.googleLogo.isHidden = true
        let found = missing(map)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.severity, .error)
        XCTAssertTrue(found.first?.items.count == 1 && found.first?.items.first === map.googleLogo)
        let message = try XCTUnwrap(found.first?.message)
        XCTAssertTrue(message.contains("googleLogo is in the map view's hierarchy but hidden in the activeGuidance state"), message)
        XCTAssertTrue(message.contains("set its isHidden to false"), message)
        // Nothing else changed: the rest of the layout is that of docs/behaviour.md#expected-frames, so this is the only finding.
        XCTAssertEqual(map.diagnostics.count, 1)
        map.googleLogo.isHidden = false
        XCTAssertEqual(map.diagnostics.map(\.message), [])
    }

    func testTheLogoShowingAsTheRecenterButtonCountsAsTheLogo() throws {
        let map = try guidance()
        defer { map.invalidate() }
        try map.panMap()
        XCTAssertEqual(map.diagnostics.map(\.message), [])  // 136 × 48 still fits its place (docs/behaviour.md#component-sizes)
        map.googleLogo.isHidden = true
        let message = try XCTUnwrap(missing(map).first?.message)
        XCTAssertTrue(message.hasPrefix("googleLogo (showing as the re-center button) is in the map view's hierarchy but hidden"), message)
    }

    func testAHiddenViewportIsReportedInTheReadyStateToo() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.setNavigationEnabled(true)
        map.viewport.isHidden = true
        let found = missing(map)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.items.first === map.viewport)
        XCTAssertTrue(found.first?.message.contains("hidden in the navigationReady state") == true, found.first?.message ?? "")
    }

    func testAHiddenContainerHidesTheLogoAndIsNamed() throws {
        let map = try guidance()
        defer { map.invalidate() }
        let container = LayoutView(identifier: "logoHolder")
        try map.addSubview(container)
        try container.addSubview(map.googleLogo)  // moves it (its old constraints go, as in UIKit)
        try LayoutConstraint.activate([
            container.leadingAnchor.constraint(equalTo: map.leadingAnchor),
            container.topAnchor.constraint(equalTo: map.topAnchor, constant: 400),
            container.widthAnchor.constraint(equalToConstant: 100), container.heightAnchor.constraint(equalToConstant: 50),
            map.googleLogo.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            map.googleLogo.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        XCTAssertEqual(missing(map).map(\.message), [])
        container.isHidden = true
        let found = missing(map)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.items.count == 2 && found.first?.items.first === map.googleLogo && found.first?.items.last === container)
        XCTAssertTrue(found.first?.message.contains("it is inside logoHolder, whose isHidden is true") == true, found.first?.message ?? "")
    }

    func testALogoAHidingStackHidesIsReported() throws {
        let map = try guidance()
        defer { map.invalidate() }
        let stack = NavigationHidingStackView(position: .bottom, alignment: .leading, identifier: "logoStack")
        try map.addSubview(stack)
        try LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: map.leadingAnchor),
            stack.topAnchor.constraint(equalTo: map.topAnchor, constant: 400),
            stack.heightAnchor.constraint(equalToConstant: 20),  // the logo needs 32
        ])
        try stack.setArrangedSubviews([map.googleLogo])
        XCTAssertTrue(map.googleLogo.isHidden)
        let message = try XCTUnwrap(missing(map).first?.message)
        XCTAssertTrue(message.contains("the hiding stack that arranges it hid it"), message)
    }

    func testTheBuiltInLayoutAndTheExamplesKeepBothVisible() throws {
        for preset in ["iphone-portrait", "iphone-landscape", "ipad-split"] {
            for delegate in [nil, SampleLayoutDelegate(), WideLayoutDelegate()] as [NavigationLayoutDelegate?] {
                let map = try NavigationMapView(preset: preset)
                try map.setLayoutDelegate(delegate)
                try map.setNavigationEnabled(true)
                XCTAssertEqual(missing(map).map(\.message), [], preset)
                try map.startGuidance()
                try map.triggerPrompt(.betterRoute)
                try map.advanceTime(by: 0.4)
                try map.panMap()
                XCTAssertEqual(missing(map).map(\.message), [], preset)
                XCTAssertTrue(map.googleLogo.isVisibleInHierarchy && map.viewport.isVisibleInHierarchy)
                map.invalidate()
            }
        }
    }
}

/// (B) Components reach under the status bar and the home indicator; their margins guides do not.
final class ComponentSafeAreaTests: XCTestCase {
    func testTheCardsMarginsGuidesOnIphonePortrait() throws {
        let map = try guidance()
        defer { map.invalidate() }
        // turnCard (0, 0, 393, 163) reaches 59 pt under the status bar: safe-area insets
        // (59, 0, 0, 0); margins guide (8, 59 + 8, 393 − 16, 163 − 67 − 8) = (8, 67, 377, 88).
        XCTAssertEqual(map.turnCard.safeAreaInsets, EdgeInsets(top: 59, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(map.turnCard.layoutMarginsGuide.frame, Rect(x: 8, y: 67, width: 377, height: 88))
        // etaCard (0, 746, 393, 106) reaches 852 − 818 = 34 pt over the home indicator: margins
        // guide (8, 754, 377, 106 − 8 − 42 = 56), whose bottom 810 is 8 above the safe area's 818.
        XCTAssertEqual(map.etaCard.safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(map.etaCard.layoutMarginsGuide.frame, Rect(x: 8, y: 754, width: 377, height: 56))
        // The frames of docs/behaviour.md#expected-frames did not move, and guides asked for add no diagnostic.
        XCTAssertEqual(map.turnCard.frame, Rect(x: 0, y: 0, width: 393, height: 163))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))
        XCTAssertEqual(map.diagnostics.map(\.message), [])
    }

    func testHeaderTopPaddingAndTheTurnCardsMarginsGuideAgree() throws {
        // ipad-portrait: 820 × 1180, S = (24, 0, 20, 0); turn card wideCardWidth = min(360,
        // 820 × 0.45) = 360 wide, 24 + 104 = 128 high, at (0, 0).
        let map = try guidance("ipad-portrait")
        defer { map.invalidate() }
        let button = LayoutView(identifier: "topButton")
        try map.addSubview(button)
        try LayoutConstraint.activate([
            button.topAnchor.constraint(equalTo: map.safeAreaLayoutGuide.topAnchor, constant: NavigationStyleValues.headerTopPadding),
            button.trailingAnchor.constraint(equalTo: map.safeAreaLayoutGuide.trailingAnchor, constant: -8),
            button.widthAnchor.constraint(equalToConstant: 44), button.heightAnchor.constraint(equalToConstant: 44),
        ])
        // The seed's two ways to line up with the turn card: safe.top + headerTopPadding = 24 + 8
        // = 32, and the card's margins guide top = 0 + 24 (safe-area inset) + 8 (margin) = 32.
        XCTAssertEqual(button.frame.minY, 32)
        XCTAssertEqual(map.turnCard.layoutMarginsGuide.frame, Rect(x: 8, y: 32, width: 344, height: 88))
    }

    func testARotationDerivesTheInsetsAgain() throws {
        let map = try guidance()
        defer { map.invalidate() }
        XCTAssertEqual(map.etaCard.layoutMarginsGuide.frame.maxY, 810)
        // To iphone-landscape (852 × 393, S = (0, 59, 21, 59)): wide, the card wideCardWidth =
        // min(360, 734 × 0.45) = 330.3 wide and 72 + 21 = 93 high; the sample ignores wide mode and
        // keeps it at the map's leading edge, (0, 300, 330.3, 93), so it reaches 59 pt into the
        // left band and 393 − 372 = 21 pt into the bottom one: insets (0, 59, 21, 0), margins
        // guide (0 + 59 + 8, 300 + 8, 330.3 − 67 − 8, 93 − 8 − 29) = (67, 308, 255.3, 56).
        try map.setSize(Size(width: 852, height: 393), safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        XCTAssertEqual(map.etaCard.safeAreaInsets, EdgeInsets(top: 0, left: 59, bottom: 21, right: 0))
        let g = map.etaCard.layoutMarginsGuide.frame
        XCTAssertEqual(g.x, 67)
        XCTAssertEqual(g.y, 308)
        XCTAssertEqual(g.width, 255.3, accuracy: 1e-9)
        XCTAssertEqual(g.height, 56)
    }

    func testTheWideExampleStacksTheSpeedWidgetOnTheEtaCardsMarginsGuide() throws {
        // iphone-landscape, the wide example: etaCard (59, 300, 330.3, 93) at the safe area's
        // leading edge, insets (0, 0, 21, 0): its margins guide's top (308) and leading edge (67)
        // do not include a safe-area inset, so the speed widget (64 × 136, both readings) stands
        // at (67, 308 − 136 = 172) as in Tests/c/golden/wide/iphone-landscape.txt.
        let map = try NavigationMapView(preset: "iphone-landscape")
        defer { map.invalidate() }
        try map.setLayoutDelegate(WideLayoutDelegate())
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        XCTAssertEqual(map.etaCard.safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 21, right: 0))
        XCTAssertEqual(map.speedWidget.frame, Rect(x: 67, y: 172, width: 64, height: 136))
        XCTAssertEqual(map.diagnostics.filter { $0.severity == .error }.map(\.message), [])
    }
}

/// (C) Interpolated frames are snapped to the 1/64-pt grid like solved ones
/// (docs/behaviour.md#units-and-coordinates).
final class PresentedFrameSnappingTests: XCTestCase {
    func testTheHalfwayFrameIsExactWhateverTheClock() throws {
        let map = try guidance()
        defer { map.invalidate() }
        // With the clock at 2.9 s the block runs 2.9 … 3.3; after 0.2 s the clock reads
        // 3.0999999999999996, so the linear progress is a hair under 0.5 and the eased one too:
        // unsnapped, the prompt read 852 − 120 × 0.4999999999999… = 791.9999999999999.
        try map.advanceTime(by: 2.9)
        try map.triggerPrompt(.incident)
        try map.advanceTime(by: 0.2)
        let prompt = try XCTUnwrap(map.currentPrompt)
        // docs/behaviour.md#expected-frames at 0.2 s: prompt (0, 792, 393, 120), viewport (0, 163, 393, 576), compass
        // (337, 683, 56, 56) (690 + (676 − 690) × 0.5).
        XCTAssertEqual(prompt.frame, Rect(x: 0, y: 792, width: 393, height: 120))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 576))
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 683, width: 56, height: 56))
        // The camera reads the snapped viewport: padding bottom 852 − 739 = 113.
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 163, left: 0, bottom: 113, right: 0))
    }

    func testValuesOffTheGridAreNotMoved() throws {
        let map = try guidance()
        defer { map.invalidate() }
        try map.triggerPrompt(.incident)
        try map.advanceTime(by: 0.1)
        // Linear progress 0.1 / 0.4 = 0.25; the ease-in-out progress there is not a multiple of
        // 1/64 of anything, so the frame is the plain interpolation 852 + (732 − 852) × p.
        let p = AnimationCurve.easeInOut.progress(0.25)
        let y = 852 + (732 - 852) * p
        XCTAssertGreaterThan(abs(y * 64 - (y * 64).rounded()), 1e-3)  // off the 1/64 grid
        XCTAssertEqual(try XCTUnwrap(map.currentPrompt).frame.y, y)
    }
}
