import XCTest
import LayoutEngine
@testable import NavigationUI
import NavLayoutExamples

/// Issue 16 item 8: accessibility attributes, the element order and the four accessibility
/// diagnostics. Frames come from docs/behaviour.md#expected-frames (the sample delegate on `iphone-portrait`, 393 × 852,
/// safe area (59, 0, 34, 0)) and from the host views each test places.
final class AccessibilityTests: XCTestCase {
    /// The sample delegate's map view in `state` ("ready", "guidance", "prompt": incident prompt
    /// at rest after 0.4 s).
    private func sampleMap(_ state: String, direction: LayoutDirection = .leftToRight) throws -> NavigationMapView {
        let map = try NavigationMapView(preset: "iphone-portrait", options: .init(layoutDirection: direction))
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.setNavigationEnabled(true)
        if state != "ready" { try map.startGuidance() }
        if state == "prompt" {
            try map.triggerPrompt(.incident)
            try map.advanceTime(by: 0.4)
        }
        return map
    }

    /// Adds a host view at (x, y) from the map's leading/top edges, `width` × `height` points.
    @discardableResult
    private func hostView(_ map: NavigationMapView, _ id: String, x: Double, y: Double, width: Double, height: Double,
                          label: String? = nil, element: Bool = true, traits: AccessibilityTraits = [],
                          opaque: Bool = false) throws -> LayoutView {
        let v = LayoutView(identifier: id)
        v.accessibilityLabel = label
        v.isAccessibilityElement = element
        v.accessibilityTraits = traits
        v.isOpaque = opaque
        try map.addSubview(v)
        try LayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: map.leadingAnchor, constant: x),
            v.topAnchor.constraint(equalTo: map.topAnchor, constant: y),
            v.widthAnchor.constraint(equalToConstant: width),
            v.heightAnchor.constraint(equalToConstant: height),
        ])
        return v
    }

    private func ids(_ views: [LayoutView]) -> [String] { views.map(\.identifier) }

    // MARK: Attributes

    func testHostViewDefaultsAreThoseOfAPlainUIView() {
        let v = LayoutView(identifier: "card")
        XCTAssertNil(v.accessibilityLabel)
        XCTAssertFalse(v.isAccessibilityElement)
        XCTAssertEqual(v.accessibilityTraits, [])
        v.accessibilityTraits = AccessibilityTraits(rawValue: 1 | 1 << 40)   // unknown bit 40 dropped
        XCTAssertEqual(v.accessibilityTraits, .button)
        XCTAssertTrue(v.accessibilityTraits.isInteractive)
        XCTAssertFalse(AccessibilityTraits([.image, .staticText]).isInteractive)
        XCTAssertEqual("\(AccessibilityTraits([.header, .button]))", "[button, header]")
    }

    func testSDKComponentsHaveTheirOwnLabelsAndTraits() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let expected: [(LayoutView, String?, Bool, AccessibilityTraits)] = [
            (map.googleLogo, "Google Maps", true, .image),
            (map.viewport, nil, false, []),
            (map.compassButton, "Compass", true, .button),
            (map.reportingButton, "Report an incident", true, .button),
            (map.unknownButton, "Navigation control", true, .button),
            (map.turnCard, "Next maneuver", true, [.header, .updatesFrequently]),
            (map.etaCard, "Estimated arrival", true, [.staticText, .updatesFrequently]),
            (map.tripProgressBar, "Trip progress", true, .updatesFrequently),
            (map.speedWidget, "Speed", true, .updatesFrequently),
        ]
        for (v, label, element, traits) in expected {
            XCTAssertEqual(v.accessibilityLabel, label, v.identifier)
            XCTAssertEqual(v.isAccessibilityElement, element, v.identifier)
            XCTAssertEqual(v.accessibilityTraits, traits, v.identifier)
        }
        // The logo reads as the re-center button while it is one.
        try map.panMap()
        XCTAssertEqual(map.googleLogo.accessibilityLabel, "Re-center")
        XCTAssertEqual(map.googleLogo.accessibilityTraits, .button)
        try map.recenter()
        XCTAssertEqual(map.googleLogo.accessibilityLabel, "Google Maps")
        // A host label overrides the SDK's (localisation); nil restores it.
        map.compassButton.accessibilityLabel = "Kompass"
        XCTAssertEqual(map.compassButton.accessibilityLabel, "Kompass")
        map.compassButton.accessibilityLabel = nil
        XCTAssertEqual(map.compassButton.accessibilityLabel, "Compass")
    }

    func testPromptsHaveLabelsByKind() throws {
        let map = try sampleMap("guidance")
        defer { map.invalidate() }
        let labels: [(NavigationPromptKind, String)] = [
            (.incident, "Incident ahead"), (.speedCamera, "Speed camera ahead"),
            (.traffic, "Traffic ahead"), (.betterRoute, "Better route available"),
        ]
        for (kind, label) in labels {
            let p = try XCTUnwrap(try map.triggerPrompt(kind))
            XCTAssertEqual(p.accessibilityLabel, label)
            XCTAssertEqual(p.accessibilityTraits, .staticText)
        }
    }

    // MARK: Order

    func testComputedOrderOfTheSampleDelegateFollowsSpec10Frames() throws {
        // Ready: compass top 762, logo top 786; the viewport is no element, the stack a container.
        var map = try sampleMap("ready")
        XCTAssertEqual(ids(map.accessibilityElements), ["compass", "googleLogo"])
        XCTAssertNil(map.customAccessibilityElements)
        map.invalidate()
        // Guidance: turn card 0, reporting 626, compass 690, logo 714, ETA card 746.
        map = try sampleMap("guidance")
        XCTAssertEqual(ids(map.accessibilityElements), ["turnCard", "reporting", "compass", "googleLogo", "etaCard"])
        map.invalidate()
        // Prompt at rest: reporting 612, compass 676, logo 700, prompt 732, ETA card 746 (under the
        // prompt, still reachable: SDK components under a prompt are not 'covered').
        map = try sampleMap("prompt")
        XCTAssertEqual(ids(map.accessibilityElements),
                       ["turnCard", "reporting", "compass", "googleLogo", "incidentPrompt", "etaCard"])
        XCTAssertEqual(map.diagnostics.map(\.code), [])
        // Dismissed: the prompt slides to y 852, off the map, before its removal.
        try map.dismissPrompt()
        try map.advanceTime(by: 0.2)
        XCTAssertEqual(ids(map.accessibilityElements), ["turnCard", "reporting", "compass", "googleLogo", "etaCard"])
        map.invalidate()
    }

    func testRowsReadLeadingToTrailingMirroredInRightToLeft() throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let map = try sampleMap("ready", direction: direction)
            defer { map.invalidate() }
            // Two labels on one row, placed with physical left anchors: a at x 20, b at x 300.
            for (id, x) in [("a", 20.0), ("b", 300.0)] {
                let v = LayoutView(identifier: id)
                v.isAccessibilityElement = true
                try map.addSubview(v)
                try LayoutConstraint.activate([
                    v.leftAnchor.constraint(equalTo: map.leftAnchor, constant: x),
                    v.topAnchor.constraint(equalTo: map.topAnchor, constant: 100),
                    v.widthAnchor.constraint(equalToConstant: 50), v.heightAnchor.constraint(equalToConstant: 50),
                ])
            }
            // Right to left, the row starts at the right edge: b's right edge 350 before a's 70.
            // The compass (top 762) and the logo (786) follow the row (top 100) in both directions.
            let row = direction == .leftToRight ? ["a", "b"] : ["b", "a"]
            XCTAssertEqual(ids(map.accessibilityElements), row + ["compass", "googleLogo"], "\(direction)")
        }
    }

    func testEqualTopsAreOrderedByTheLeadingEdgeThenPaintOrder() throws {
        let map = try sampleMap("ready")
        defer { map.invalidate() }
        try hostView(map, "right", x: 200, y: 300, width: 50, height: 50)
        try hostView(map, "left", x: 10, y: 300, width: 50, height: 50)
        try hostView(map, "sameSpot", x: 10, y: 300, width: 60, height: 20)   // same top and leading, added later
        try hostView(map, "higher", x: 300, y: 299.5, width: 50, height: 50)
        XCTAssertEqual(ids(map.accessibilityElements), ["higher", "left", "sameSpot", "right", "compass", "googleLogo"])
    }

    func testHiddenZeroSizedOffscreenAndInsideElementViewsAreNotReached() throws {
        let map = try sampleMap("ready")
        defer { map.invalidate() }
        try hostView(map, "hidden", x: 10, y: 100, width: 50, height: 50).isHidden = true
        try hostView(map, "empty", x: 10, y: 110, width: 0, height: 50)
        try hostView(map, "below", x: 10, y: 860, width: 50, height: 50)        // y 860 > 852: off the map
        let group = try hostView(map, "group", x: 10, y: 120, width: 100, height: 100)   // an element...
        let inner = LayoutView(identifier: "inner")
        inner.isAccessibilityElement = true
        try group.addSubview(inner)                                            // ...hides its subviews
        try LayoutConstraint.activate([inner.leadingAnchor.constraint(equalTo: group.leadingAnchor),
                                       inner.topAnchor.constraint(equalTo: group.topAnchor),
                                       inner.widthAnchor.constraint(equalToConstant: 20),
                                       inner.heightAnchor.constraint(equalToConstant: 20)])
        XCTAssertEqual(ids(map.accessibilityElements), ["group", "compass", "googleLogo"])
        group.isAccessibilityElement = false   // a plain container: VoiceOver looks inside
        XCTAssertEqual(ids(map.accessibilityElements), ["inner", "compass", "googleLogo"])
    }

    func testHostOrderOnTheMapAndOnAContainer() throws {
        let map = try sampleMap("guidance")
        defer { map.invalidate() }
        // A container at the top with its own order [second, first] reads as one group at its frame.
        let container = try hostView(map, "container", x: 0, y: 200, width: 200, height: 100, element: false)
        var members: [LayoutView] = []
        for (id, x) in [("first", 0.0), ("second", 100.0)] {
            let v = LayoutView(identifier: id)
            v.isAccessibilityElement = true
            v.isOpaque = false
            try container.addSubview(v)
            try LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: x),
                                           v.topAnchor.constraint(equalTo: container.topAnchor),
                                           v.widthAnchor.constraint(equalToConstant: 100),
                                           v.heightAnchor.constraint(equalToConstant: 100)])
            members.append(v)
        }
        container.isOpaque = false
        try container.setAccessibilityElements([members[1], members[0]])
        XCTAssertEqual(ids(map.accessibilityElements),
                       ["turnCard", "second", "first", "reporting", "compass", "googleLogo", "etaCard"])

        // A map order: the ETA card first, then the container (expanded), then the turn card;
        // the logo and the buttons left out are each reported as skipped.
        try map.setAccessibilityElements([map.etaCard, container, map.turnCard, map.viewport])
        XCTAssertEqual(ids(map.customAccessibilityElements ?? []), ["etaCard", "container", "turnCard", "viewport"])
        XCTAssertEqual(ids(map.accessibilityElements), ["etaCard", "second", "first", "turnCard"])   // the viewport is no element
        let skipped = map.diagnostics.filter { $0.code == .accessibilityOrderSkipsComponent }
        XCTAssertEqual(skipped.map { $0.items[0].identifier }, ["googleLogo", "compass", "reporting"])
        XCTAssertEqual(skipped.first?.severity, .error)
        XCTAssertTrue(skipped.first?.message.contains("the accessibilityElements of map list neither it nor a container that holds it") == true,
                      skipped.first?.message ?? "")
        XCTAssertEqual(map.diagnostics.count, 3, "\(map.diagnostics)")

        // The property setter spells the same; nil returns to the computed order.
        map.accessibilityElements = nil
        XCTAssertNil(map.customAccessibilityElements)
        XCTAssertEqual(map.diagnostics.map(\.code), [])
    }

    func testInvalidOrdersAreRefusedAndChangeNothing() throws {
        let map = try sampleMap("ready")
        defer { map.invalidate() }
        try map.setAccessibilityElements([map.compassButton, map.googleLogo])
        XCTAssertThrowsError(try map.setAccessibilityElements([map.googleLogo, map.googleLogo])) { e in
            XCTAssertEqual((e as? NavLayoutError)?.code, 1)
            XCTAssertEqual((e as? NavLayoutError)?.message, "googleLogo appears twice in the accessibility elements of map")
        }
        XCTAssertThrowsError(try map.setAccessibilityElements([map])) { e in
            XCTAssertEqual((e as? NavLayoutError)?.message, "the accessibility elements of map cannot list map itself")
        }
        let other = try NavigationMapView(preset: "iphone-se")
        defer { other.invalidate() }
        XCTAssertThrowsError(try map.turnCard.setAccessibilityElements([other])) { e in
            XCTAssertEqual((e as? NavLayoutError)?.message, "map is a map view and cannot be an accessibility element of turnCard")
        }
        map.accessibilityElements = [map.googleLogo, map.googleLogo]   // ignored by the setter
        XCTAssertEqual(ids(map.customAccessibilityElements ?? []), ["compass", "googleLogo"])
    }

    func testOrdersThatListEachOtherEnd() throws {
        let map = try sampleMap("ready")
        defer { map.invalidate() }
        let a = try hostView(map, "a", x: 0, y: 100, width: 50, height: 50, element: false)
        let b = try hostView(map, "b", x: 60, y: 100, width: 50, height: 50, element: false)
        let leaf = try hostView(map, "leaf", x: 120, y: 100, width: 50, height: 50)
        try a.setAccessibilityElements([b, leaf])
        try b.setAccessibilityElements([a])
        // a → b → a (already being expanded: nothing) and then leaf.
        XCTAssertEqual(ids(a.accessibilityElements), ["leaf"])
        // The map's computed order: a's group, b's group and leaf itself all give leaf: once.
        XCTAssertEqual(ids(map.accessibilityElements), ["leaf", "compass", "googleLogo"])
    }

    // MARK: Diagnostics

    func testHitTargetTooSmall() throws {
        let map = try sampleMap("ready")
        defer { map.invalidate() }
        let small = try hostView(map, "closeButton", x: 10, y: 100, width: 40, height: 44, label: "Close", traits: .button)
        try hostView(map, "okButton", x: 100, y: 100, width: 44, height: 44, label: "OK", traits: .button)   // exactly 44: fine
        try hostView(map, "smallText", x: 200, y: 100, width: 20, height: 20, label: "3 km", traits: .staticText)  // not interactive
        let d = map.diagnostics
        XCTAssertEqual(d.map(\.code), [.hitTargetTooSmall])
        XCTAssertEqual(d[0].severity, .warning)
        XCTAssertTrue(d[0].items[0] === small)
        XCTAssertEqual(d[0].message, "closeButton is interactive ([button]) but 40 × 44 pt, below the 44 × 44 pt minimum hit target of Apple's Human Interface Guidelines; make it at least 44 pt on each side (e.g. width and height >= 44 constraints)")
        small.accessibilityTraits = .adjustable    // still interactive
        XCTAssertEqual(map.diagnostics.map(\.code), [.hitTargetTooSmall])
        small.accessibilityTraits = .image
        XCTAssertEqual(map.diagnostics.map(\.code), [])
    }

    func testMissingAccessibilityLabel() throws {
        let map = try sampleMap("ready")
        defer { map.invalidate() }
        let button = try hostView(map, "orderButton", x: 10, y: 100, width: 60, height: 60, traits: .link)
        try hostView(map, "badge", x: 100, y: 100, width: 60, height: 60)      // no label, not interactive: fine
        var d = map.diagnostics
        XCTAssertEqual(d.map(\.code), [.missingAccessibilityLabel])
        XCTAssertEqual(d[0].severity, .error)
        XCTAssertEqual(d[0].message, "orderButton is interactive ([link]) but has no accessibilityLabel, so VoiceOver announces only its trait; set a label that says what it does")
        button.accessibilityLabel = " \t"
        XCTAssertEqual(map.diagnostics.map(\.code), [.missingAccessibilityLabel])
        button.isAccessibilityElement = false
        d = map.diagnostics
        XCTAssertTrue(d[0].message.hasSuffix("; it is not an accessibility element either (isAccessibilityElement is false), so VoiceOver cannot reach it at all"), d[0].message)
        button.accessibilityLabel = "Order status"
        XCTAssertEqual(map.diagnostics.map(\.code), [])
    }

    func testAccessibilityElementCovered() throws {
        let map = try sampleMap("ready")
        defer { map.invalidate() }
        let label = try hostView(map, "eta", x: 100, y: 300, width: 100, height: 50, label: "12 min")
        let cover = try hostView(map, "sheet", x: 50, y: 250, width: 200, height: 200, element: false, opaque: true)
        // The opaque sheet is also over the viewport (a separate rule); keep to ours.
        var covered = map.diagnostics.filter { $0.code == .accessibilityElementCovered }
        XCTAssertEqual(covered.count, 1)
        XCTAssertEqual(covered[0].severity, .warning)
        XCTAssertTrue(covered[0].items[0] === label && covered[0].items[1] === cover)
        XCTAssertEqual(covered[0].message, "eta is an accessibility element that VoiceOver reaches, but sheet (50, 250, 200, 200), above it, covers it completely (100, 300, 100, 50); move one of them, put the element above the cover, or take it out of the order (isAccessibilityElement = false)")
        cover.isOpaque = false                                       // see-through: fine
        XCTAssertTrue(map.diagnostics.filter { $0.code == .accessibilityElementCovered }.isEmpty)
        cover.isOpaque = true
        try map.addSubview(label)                                    // the label on top: fine
        XCTAssertTrue(map.diagnostics.filter { $0.code == .accessibilityElementCovered }.isEmpty)
        try map.addSubview(cover)
        label.isAccessibilityElement = false                         // not reached by VoiceOver: fine
        covered = map.diagnostics.filter { $0.code == .accessibilityElementCovered }
        XCTAssertTrue(covered.isEmpty)
    }

    func testPartlyCoveredIsNotCoveredAndCardsCoverHostElements() throws {
        let map = try sampleMap("guidance")
        defer { map.invalidate() }
        // Under the turn card (0, 0, 393, 163), added before the SDK's views are re-added: covered.
        let under = try hostView(map, "badge", x: 10, y: 100, width: 50, height: 50, label: "3")
        try map.addSubview(map.turnCard)
        // Half under an opaque host view: not covered.
        try hostView(map, "half", x: 10, y: 400, width: 100, height: 50, label: "half")
        try hostView(map, "panel", x: 60, y: 380, width: 100, height: 100, element: false, opaque: true)
        let covered = map.diagnostics.filter { $0.code == .accessibilityElementCovered }
        XCTAssertEqual(covered.count, 1, "\(covered)")
        XCTAssertTrue(covered.first?.items[0] === under && covered.first?.items[1] === map.turnCard)
    }

    func testAComponentInsideAHostElementIsSkipped() throws {
        let map = try sampleMap("ready")
        defer { map.invalidate() }
        let wrapper = try hostView(map, "logoWrapper", x: 0, y: 700, width: 100, height: 60, label: "Map attribution")
        map.googleLogo.removeFromSuperview()
        try wrapper.addSubview(map.googleLogo)
        try LayoutConstraint.activate([map.googleLogo.leadingAnchor.constraint(equalTo: wrapper.leadingAnchor),
                                       map.googleLogo.topAnchor.constraint(equalTo: wrapper.topAnchor)])
        let skipped = map.diagnostics.filter { $0.code == .accessibilityOrderSkipsComponent }
        XCTAssertEqual(skipped.count, 1, "\(map.diagnostics)")
        XCTAssertEqual(skipped.first?.message, "VoiceOver cannot reach googleLogo, a visible SDK component (label \"Google Maps\"): it is inside logoWrapper, which is an accessibility element (VoiceOver does not look inside elements); set its isAccessibilityElement to false or move googleLogo out of it")
        wrapper.isAccessibilityElement = false
        XCTAssertTrue(map.diagnostics.filter { $0.code == .accessibilityOrderSkipsComponent }.isEmpty)
        XCTAssertEqual(ids(map.accessibilityElements), ["googleLogo", "compass"])   // logo top 700 < compass 762
    }

    func testNewCodesRawValuesSeveritiesAndNames() {
        let expected: [(DiagnosticCode, Int32, DiagnosticSeverity, String)] = [
            (.hitTargetTooSmall, 16, .warning, "hitTargetTooSmall"),
            (.missingAccessibilityLabel, 17, .error, "missingAccessibilityLabel"),
            (.accessibilityElementCovered, 18, .warning, "accessibilityElementCovered"),
            (.accessibilityOrderSkipsComponent, 19, .error, "accessibilityOrderSkipsComponent"),
        ]
        for (code, raw, severity, name) in expected {
            XCTAssertEqual(code.rawValue, raw)
            XCTAssertEqual(code.severity, severity)
            XCTAssertEqual("\(code)", name)
        }
    }
}
