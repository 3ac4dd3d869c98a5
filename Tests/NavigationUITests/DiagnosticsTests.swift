import XCTest
import LayoutEngine
@testable import NavigationUI
@testable import NavLayoutExamples

/// A delegate built from closures, for small deliberately broken layouts.
private final class Scripted: NavigationLayoutDelegate {
    var enable: (NavigationMapView, NavigationReadyUIState) throws -> Void = { _, _ in }
    var start: (NavigationMapView, ActiveGuidanceUIState) throws -> Void = { _, _ in }
    var stop: (NavigationMapView, NavigationReadyUIState) throws -> Void = { _, _ in }
    var show: (NavigationMapView, NavigationPromptView) throws -> Void = { _, _ in }
    func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws { try enable(navMap, newState) }
    func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws { try start(navMap, newState) }
    func stopGuidance(navMap: NavigationMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) throws { try stop(navMap, newState) }
    func showPrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView) throws { try show(navMap, newPrompt) }
}

/// Pins `v` at (x, y) from the map's top-left (its size comes from the SDK or `size`).
private func place(_ v: LayoutView, in map: NavigationMapView, x: Double, y: Double, size: Size? = nil) throws {
    if v.superview == nil { try map.addSubview(v) }
    var c = [v.leftAnchor.constraint(equalTo: map.leftAnchor, constant: x), v.topAnchor.constraint(equalTo: map.topAnchor, constant: y)]
    if let size { c += [v.widthAnchor.constraint(equalToConstant: size.width), v.heightAnchor.constraint(equalToConstant: size.height)] }
    try LayoutConstraint.activate(c)
}

/// The ready layout every test starts from: logo and viewport placed, nothing wrong
/// (leading/trailing anchors, no overlaps).
private func goodReady(_ map: NavigationMapView, _ s: NavigationReadyUIState) throws {
    let safe = map.safeAreaLayoutGuide
    try map.addSubview(s.viewport); try map.addSubview(s.googleLogo)
    try LayoutConstraint.activate([
        s.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor), s.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        s.viewport.topAnchor.constraint(equalTo: safe.topAnchor), s.viewport.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -40),
        s.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor), s.googleLogo.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
    ])
}

final class DiagnosticsTests: XCTestCase {
    private func codes(_ map: NavigationMapView) -> [DiagnosticCode] { map.diagnostics.map(\.code) }

    private func run(_ preset: String = "iphone-portrait", _ configure: (Scripted) -> Void) throws -> NavigationMapView {
        let map = try NavigationMapView(preset: preset)
        let d = Scripted()
        d.enable = goodReady
        configure(d)
        try map.setLayoutDelegate(d)
        try map.setNavigationEnabled(true)
        return map
    }

    func testAGoodLayoutHasNoDiagnostics() throws {
        let map = try run { _ in }
        defer { map.invalidate() }
        XCTAssertEqual(codes(map), [])
    }

    func testMissingViewport() throws {
        let map = try run { d in d.enable = { m, s in
            try m.addSubview(s.googleLogo)
            try LayoutConstraint.activate([s.googleLogo.leadingAnchor.constraint(equalTo: m.leadingAnchor),
                                           s.googleLogo.bottomAnchor.constraint(equalTo: m.bottomAnchor)])
        } }
        defer { map.invalidate() }
        let d = try XCTUnwrap(map.diagnostics.first)
        XCTAssertEqual(codes(map), [.missingRequiredComponent])
        XCTAssertEqual(d.severity, .error)
        XCTAssertTrue(d.items[0] === map.viewport)
        XCTAssertTrue(d.message.contains("viewport"))
    }

    func testWidthConstraintOnTheTurnCardIsRejected() throws {
        var attempt: LayoutConstraint?
        let map = try run { d in d.start = { m, s in
            try goodReady(m, NavigationReadyUIState(googleLogo: s.googleLogo, viewport: s.viewport, buttons: [], wideMode: false, mapSize: m.size))
            try m.addSubview(s.turnCard)
            let w = s.turnCard.widthAnchor.constraint(equalToConstant: 200)
            attempt = w
            try LayoutConstraint.activate([s.turnCard.topAnchor.constraint(equalTo: m.topAnchor),
                                           s.turnCard.leadingAnchor.constraint(equalTo: m.leadingAnchor), w])
        } }
        defer { map.invalidate() }
        // The viewport starts at the safe-area top (59) and the card is 163 tall: move it out of
        // the way to isolate the rule.
        try map.startGuidance()
        let w = try XCTUnwrap(attempt)
        XCTAssertFalse(w.isActive)
        XCTAssertTrue(w.isRejected)
        XCTAssertEqual(map.turnCard.frame.width, 393, "the component keeps its size (W − 0 − 0)")
        let diag = try XCTUnwrap(map.diagnostics.first { $0.code == .sizeConstraintOnFixedComponent })
        XCTAssertTrue(diag.items[0] === map.turnCard)
        XCTAssertEqual(diag.severity, .error)
    }

    func testLeftoverTurnCardAfterStopIsStale() throws {
        let map = try run { d in
            d.start = { m, s in
                try m.addSubview(s.turnCard)
                try LayoutConstraint.activate([s.turnCard.topAnchor.constraint(equalTo: m.topAnchor),
                                               s.turnCard.leadingAnchor.constraint(equalTo: m.leadingAnchor)])
            }
        }
        defer { map.invalidate() }
        try map.startGuidance()
        XCTAssertFalse(codes(map).contains(.staleComponent))
        try map.stopGuidance()  // the delegate forgets to remove the turn card
        let stale = map.diagnostics.filter { $0.code == .staleComponent }
        XCTAssertEqual(stale.count, 1)
        XCTAssertTrue(stale[0].items[0] === map.turnCard)
    }

    func testHiddenPromptLeftInTheHierarchyIsStaleOnlyAfterTheAnimation() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        final class NoRemoval: SampleLayoutDelegate {
            override func hidePrompt(navMap: NavigationMapView, oldPrompt: NavigationPromptView) throws {
                try navMap.animate(withDuration: 0.4) { oldPrompt.isHidden = false }
                prompt = nil // forgets to remove it
            }
        }
        try map.setLayoutDelegate(NoRemoval())
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        try map.triggerPrompt(.traffic)
        try map.dismissPrompt()
        XCTAssertFalse(codes(map).contains(.staleComponent), "animations still run")
        try map.advanceTime(by: 0.4)
        XCTAssertEqual(map.diagnostics.filter { $0.code == .staleComponent }.count, 1)
    }

    func testPromptCoveringTheLogoOverlaps() throws {
        let map = try run { d in
            d.start = { m, s in try goodReady(m, NavigationReadyUIState(googleLogo: s.googleLogo, viewport: s.viewport, buttons: [], wideMode: false, mapSize: m.size)) }
            d.show = { m, p in
                // Over the logo's bottom-leading corner; the viewport ends 40 above the safe bottom.
                try m.addSubview(p)
                try LayoutConstraint.activate([p.leadingAnchor.constraint(equalTo: m.leadingAnchor),
                                               p.bottomAnchor.constraint(equalTo: m.safeAreaLayoutGuide.bottomAnchor)])
            }
        }
        defer { map.invalidate() }
        try map.startGuidance()
        try map.triggerPrompt(.speedCamera)
        let overlaps = map.diagnostics.filter { $0.code == .overlap }
        XCTAssertEqual(overlaps.count, 1)
        XCTAssertTrue(overlaps[0].items[1] === map.googleLogo)
        XCTAssertTrue(codes(map).contains(.viewportObstructed), "the 96-tall prompt also reaches into the viewport")
    }

    func testPromptBelowTheETACardInZOrderIsCovered() throws {
        final class Under: SampleLayoutDelegate {
            override func showPrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView) throws {
                try super.showPrompt(navMap: navMap, newPrompt: newPrompt)
                try navMap.addSubview(navMap.etaCard) // brings the card above the prompt
            }
        }
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(Under())
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        try map.triggerPrompt(.incident)
        try map.advanceTime(by: 0.4)
        let overlaps = map.diagnostics.filter { $0.code == .overlap }
        XCTAssertEqual(overlaps.count, 1)
        XCTAssertTrue(overlaps[0].items[0] === map.currentPrompt && overlaps[0].items[1] === map.etaCard)
        XCTAssertTrue(overlaps[0].message.contains("z-order"))
    }

    func testCardsOnTheTrailingSideInWideMode() throws {
        let map = try run("iphone-landscape") { d in d.start = { m, s in
            try goodReady(m, NavigationReadyUIState(googleLogo: s.googleLogo, viewport: s.viewport, buttons: [], wideMode: true, mapSize: m.size))
            let safe = m.safeAreaLayoutGuide
            try m.addSubview(s.turnCard); try m.addSubview(s.etaCard)
            try LayoutConstraint.activate([s.turnCard.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
                                           s.turnCard.topAnchor.constraint(equalTo: m.topAnchor),
                                           s.etaCard.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
                                           s.etaCard.bottomAnchor.constraint(equalTo: m.bottomAnchor)])
        } }
        defer { map.invalidate() }
        try map.startGuidance()
        let wide = map.diagnostics.filter { $0.code == .wideModeCardsNotLeading }
        XCTAssertEqual(wide.count, 1)
        XCTAssertEqual(wide[0].items.count, 2)
        XCTAssertTrue(codes(map).contains(.viewportObstructed), "the cards now cover the full-width viewport")
    }

    func testLeftRightAnchorsAreInfo() throws {
        let map = try run { d in d.enable = { m, s in
            try goodReady(m, s)
            let v = LayoutView(identifier: "badge")
            try place(v, in: m, x: 100, y: 100, size: Size(width: 10, height: 10))
        } }
        defer { map.invalidate() }
        let d = map.diagnostics
        XCTAssertEqual(d.map(\.code), [.leftRightAnchor, .viewportObstructed])
        XCTAssertEqual(d[0].severity, .info)
        XCTAssertTrue(d[0].message.contains("badge.left"))
    }

    func testHiddenSetOnAStackedButton() throws {
        final class Hides: SampleLayoutDelegate {
            override func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws {
                try super.enableNavigationUI(navMap: navMap, newState: newState)
                newState.buttons[0].view.isHidden = true
            }
        }
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(Hides())
        try map.setNavigationEnabled(true)
        XCTAssertEqual(codes(map), [.hiddenInHidingStack])
        XCTAssertFalse(map.compassButton.isHidden, "the stack's decision stands")
    }

    func testEmptyViewport() throws {
        let map = try run { d in d.enable = { m, s in
            try m.addSubview(s.viewport); try m.addSubview(s.googleLogo)
            try LayoutConstraint.activate([
                s.viewport.leadingAnchor.constraint(equalTo: m.leadingAnchor), s.viewport.topAnchor.constraint(equalTo: m.topAnchor),
                s.viewport.widthAnchor.constraint(equalToConstant: 0), s.viewport.heightAnchor.constraint(equalToConstant: 100),
                s.googleLogo.leadingAnchor.constraint(equalTo: m.leadingAnchor), s.googleLogo.bottomAnchor.constraint(equalTo: m.bottomAnchor),
            ])
        } }
        defer { map.invalidate() }
        XCTAssertEqual(codes(map), [.emptyViewport])
    }

    func testConflictingRequiredConstraints() throws {
        var second: LayoutConstraint?
        let map = try run { d in d.enable = { m, s in
            try goodReady(m, s)
            let card = LayoutView(identifier: "orderCard")
            card.isOpaque = false
            try m.addSubview(card)
            let h2 = card.heightAnchor.constraint(equalToConstant: 80)
            second = h2
            try LayoutConstraint.activate([card.leadingAnchor.constraint(equalTo: m.leadingAnchor), card.topAnchor.constraint(equalTo: m.topAnchor),
                                           card.widthAnchor.constraint(equalToConstant: 100), card.heightAnchor.constraint(equalToConstant: 60)])
            try h2.activate()
        } }
        defer { map.invalidate() }
        let d = try XCTUnwrap(map.diagnostics.first)
        XCTAssertEqual(codes(map), [.unsatisfiable])
        XCTAssertTrue(d.constraints[0] === second, "the most recently activated is broken")
        XCTAssertEqual(d.constraints.count, 2, "minimal: height == 60 and height == 80")
    }

    func testUnderConstrainedHostView() throws {
        let map = try run { d in d.enable = { m, s in
            try goodReady(m, s)
            let label = LayoutView(identifier: "eta label")
            label.isOpaque = false
            try m.addSubview(label)
            try LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: m.leadingAnchor, constant: 20),
                                           label.widthAnchor.constraint(equalToConstant: 100),
                                           label.heightAnchor.constraint(equalToConstant: 20)]) // no y
        } }
        defer { map.invalidate() }
        let d = map.diagnostics
        XCTAssertEqual(d.map(\.code), [.ambiguousLayout])
        XCTAssertEqual(d[0].axis, .vertical)
        XCTAssertTrue(d[0].message.contains("eta label"))
    }

    func testOffscreenLogo() throws {
        let map = try run { d in d.enable = { m, s in
            try m.addSubview(s.viewport); try m.addSubview(s.googleLogo)
            let safe = m.safeAreaLayoutGuide
            try LayoutConstraint.activate([
                s.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor), s.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
                s.viewport.topAnchor.constraint(equalTo: safe.topAnchor), s.viewport.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
                s.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
                s.googleLogo.topAnchor.constraint(equalTo: m.bottomAnchor, constant: -10), // 22 of its 32 pt below the map
            ])
        } }
        defer { map.invalidate() }
        XCTAssertEqual(map.diagnostics.map(\.code), [.offscreen])
        XCTAssertTrue(map.diagnostics[0].items[0] === map.googleLogo)
    }

    func testSampleOnLandscapeYieldsExactlyWideModeCardsNotLeading() throws {
        let map = try NavigationMapView(preset: "iphone-landscape")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.setNavigationEnabled(true)
        XCTAssertEqual(codes(map), [])
        try map.startGuidance()
        XCTAssertEqual(codes(map), [.wideModeCardsNotLeading]) // the ETA card sits at x 0, not 59
        try map.triggerPrompt(.incident)
        try map.advanceTime(by: 0.4)
        XCTAssertEqual(codes(map), [.wideModeCardsNotLeading])
    }

    /// Issue 4: the built-in layout and the wide example give no diagnostics on any preset in any
    /// step of the standard session (every prompt kind included), standard and wide.
    func testBuiltInAndWideAreCleanEverywhere() throws {
        for kind in ["wide", "builtin"] {
            for preset in DevicePreset.all where !(preset.isCarPlay && kind == "wide") {
                let map = try NavigationMapView(preset: preset.name)
                defer { map.invalidate() }
                if kind == "wide" { try map.setLayoutDelegate(WideLayoutDelegate()) }
                func check(_ step: String) { XCTAssertEqual(codes(map), [], "\(kind) \(preset.name) \(step): \(map.diagnostics)") }
                try map.setNavigationEnabled(true); check("ready")
                try map.startGuidance(); check("guidance")
                for p in NavigationPromptKind.allCases {
                    try map.triggerPrompt(p); check("\(p) 0 s")
                    try map.advanceTime(by: 0.2); check("\(p) 0.2 s")
                    try map.advanceTime(by: 0.2); check("\(p) 0.4 s")
                }
                try map.dismissPrompt(); try map.advanceTime(by: 0.4); check("dismissed")
                try map.stopGuidance(); check("stopped")
                try map.setNavigationEnabled(false); check("disabled")
            }
        }
    }
}
