import XCTest
import LayoutEngine
@testable import NavigationUI
@testable import NavLayoutExamples

// Issue 16: the seed's rules that differed from or were missing in the API. Frames are computed
// by hand from the sizes of docs/behaviour.md#component-sizes and the iphone-portrait preset of docs/behaviour.md#device-presets (393 × 852, safe area 59/0/34/0);
// docs/behaviour.md#expected-frames gives the sample delegate's frames these tests start from.

/// The sample delegate (docs/behaviour.md#the-sample-delegate) with an extra step after each callback, to break one rule.
private final class Tweaked: SampleLayoutDelegate {
    var afterEnable: (NavigationMapView, NavigationReadyUIState) throws -> Void = { _, _ in }
    var afterStart: (NavigationMapView, ActiveGuidanceUIState) throws -> Void = { _, _ in }
    var afterDisable: (NavigationMapView) throws -> Void = { _ in }
    override func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws {
        try super.enableNavigationUI(navMap: navMap, newState: newState)
        try afterEnable(navMap, newState)
    }
    override func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
        try super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
        try afterStart(navMap, newState)
    }
    override func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws {
        try super.disableNavigationUI(navMap: navMap, oldState: oldState)
        try afterDisable(navMap)
    }
}

private func codes(_ map: NavigationMapView, _ code: DiagnosticCode) -> [LayoutDiagnostic] {
    map.diagnostics.filter { $0.code == code }
}

/// An iphone-portrait map with `delegate`, navigation enabled.
private func enabled(_ delegate: NavigationLayoutDelegate?) throws -> NavigationMapView {
    let map = try NavigationMapView(preset: "iphone-portrait")
    try map.setLayoutDelegate(delegate)
    try map.setNavigationEnabled(true)
    return map
}

/// Item 1: layers on screen. The diagnostics that depend on z-order follow the new calls.
final class LayersOnScreenTests: XCTestCase {
    /// Sample delegate, active guidance, incident prompt slid in: prompt (0, 732, 393, 120) over
    /// the ETA card (0, 746, 393, 106) (docs/behaviour.md#expected-frames).
    private func promptOverCard() throws -> NavigationMapView {
        let map = try enabled(SampleLayoutDelegate())
        try map.startGuidance()
        try map.triggerPrompt(.incident)
        try map.advanceTime(by: 0.4)
        return map
    }

    private func coveredPrompt(_ map: NavigationMapView) -> Bool {
        codes(map, .overlap).contains { $0.items.first === map.currentPrompt && $0.items.last === map.etaCard }
    }

    func testCoveredPromptFollowsEveryOrderCall() throws {
        let map = try promptOverCard()
        defer { map.invalidate() }
        let prompt = try XCTUnwrap(map.currentPrompt)
        XCTAssertEqual(map.diagnostics.map(\.code), [], "docs/behaviour.md#the-sample-delegate: the sample has no diagnostics")
        XCTAssertEqual(prompt.frame, Rect(x: 0, y: 732, width: 393, height: 120))
        let index = { (v: LayoutView) in map.subviews.firstIndex { $0 === v } ?? -1 }

        try map.sendSubviewToBack(prompt)
        XCTAssertTrue(coveredPrompt(map), "a prompt below the card it overlaps is covered (docs/behaviour.md#overlap)")
        let covered = try XCTUnwrap(codes(map, .overlap).first)
        XCTAssertTrue(covered.message.contains("bringSubviewToFront"), covered.message)
        try map.bringSubviewToFront(prompt)
        XCTAssertFalse(coveredPrompt(map))
        try map.insertSubview(prompt, belowSubview: map.etaCard)
        XCTAssertTrue(coveredPrompt(map))
        try map.insertSubview(prompt, aboveSubview: map.etaCard)
        XCTAssertFalse(coveredPrompt(map))
        try map.exchangeSubview(at: index(prompt), withSubviewAt: index(map.etaCard))
        XCTAssertTrue(coveredPrompt(map), "exchanged: the card is above the prompt")
        try map.insertSubview(prompt, at: map.subviews.count)
        XCTAssertFalse(coveredPrompt(map))
        try map.insertSubview(prompt, at: 0)
        XCTAssertTrue(coveredPrompt(map))
        // Reordering kept every constraint: the frames are those of docs/behaviour.md#expected-frames.
        XCTAssertEqual(prompt.frame, Rect(x: 0, y: 732, width: 393, height: 120))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 569))
        try map.bringSubviewToFront(prompt)
        XCTAssertEqual(map.diagnostics.map(\.code), [])
    }

    func testObstructionAndOverlapWithHostViewsDoNotDependOnOrder() throws {
        // An opaque host card over the viewport and the logo: the map is drawn under every
        // subview, so the viewport is obstructed whatever the card's place in z-order; the logo and
        // the card intersect whichever is on top (the overlap rule, docs/behaviour.md#overlap, is about space, not order).
        let card = LayoutView(identifier: "orderCard")
        let d = Tweaked()
        d.afterStart = { m, s in
            try m.insertSubview(card, belowSubview: s.googleLogo)
            try LayoutConstraint.activate([
                card.leadingAnchor.constraint(equalTo: m.leadingAnchor), card.topAnchor.constraint(equalTo: m.topAnchor, constant: 700),
                card.widthAnchor.constraint(equalToConstant: 100), card.heightAnchor.constraint(equalToConstant: 40)])
        }
        let map = try enabled(d)
        defer { map.invalidate() }
        try map.startGuidance()
        let logoIndex = map.subviews.firstIndex { $0 === map.googleLogo }
        XCTAssertEqual(map.subviews.firstIndex { $0 === card }, logoIndex.map { $0 - 1 }, "directly below the logo")
        for step in 0..<3 {
            let obstructed = codes(map, .viewportObstructed).filter { $0.items.last === card }
            let overlap = codes(map, .overlap).filter { $0.items.first === card && $0.items.last === map.googleLogo }
            XCTAssertEqual(obstructed.count, 1, "step \(step)")
            XCTAssertEqual(overlap.count, 1, "step \(step)")
            if step == 0 { try map.bringSubviewToFront(card) } else { try map.sendSubviewToBack(card) }
        }
        // Reordering kept its constraints: (0, 700) from the map's top-leading corner, 100 × 40.
        XCTAssertEqual(card.frame, Rect(x: 0, y: 700, width: 100, height: 40))
    }
}

/// Item 2: the speed widget's state is derived from the two settings and the fed data.
final class SpeedWidgetStateTests: XCTestCase {
    func testFourStatesFromSettingsAndData() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        XCTAssertTrue(map.shouldDisplaySpeedometer && map.shouldDisplaySpeedLimit, "both settings default to true")
        XCTAssertTrue(map.isSpeedAvailable && map.isSpeedLimitAvailable, "data defaults to both known")
        // Sizes (docs/behaviour.md#component-sizes): none 0 × 0, one reading 64 × 64, both 64 × 136.
        func expect(_ mode: SpeedWidgetMode, _ w: Double, _ h: Double, line: UInt = #line) {
            XCTAssertEqual(map.speedWidgetMode, mode, line: line)
            XCTAssertEqual(map.speedWidget.frame.size, Size(width: w, height: h), line: line)
        }
        expect(.both, 64, 136)
        map.shouldDisplaySpeedometer = false
        expect(.speedLimit, 64, 64)
        map.shouldDisplaySpeedLimit = false
        expect(.none, 0, 0)
        map.shouldDisplaySpeedometer = true
        expect(.speedometer, 64, 64)
        map.shouldDisplaySpeedLimit = true
        try map.setSpeedData(speedAvailable: false, speedLimitAvailable: true)
        expect(.speedLimit, 64, 64)
        try map.setSpeedData(speedAvailable: true, speedLimitAvailable: false)
        expect(.speedometer, 64, 64)
        map.shouldDisplaySpeedometer = false
        expect(.none, 0, 0)   // the only known reading is switched off
        try map.setSpeedData(speedAvailable: false, speedLimitAvailable: false)
        map.shouldDisplaySpeedometer = true
        expect(.none, 0, 0)   // nothing known
        try map.setSpeedData(speedAvailable: true, speedLimitAvailable: true)
        expect(.both, 64, 136)
        XCTAssertFalse(map.isInHostCallback)
    }

    func testChangesNeedNoCallbackAndTheLayoutAdapts() throws {
        final class Counting: SampleLayoutDelegate {
            var calls = 0
            override func sizeChanged(navMap: NavigationMapView, newState: NavigationUIState) throws { calls += 1 }
        }
        // The built-in layout puts the widget on the logo (0, 714): y = 714 − height.
        let builtIn = try enabled(nil)
        defer { builtIn.invalidate() }
        try builtIn.startGuidance()
        XCTAssertEqual(builtIn.speedWidget.frame, Rect(x: 0, y: 578, width: 64, height: 136))
        builtIn.shouldDisplaySpeedLimit = false
        XCTAssertEqual(builtIn.speedWidget.frame, Rect(x: 0, y: 650, width: 64, height: 64))
        try builtIn.setSpeedData(speedAvailable: false, speedLimitAvailable: true)
        XCTAssertEqual(builtIn.speedWidget.frame, Rect(x: 0, y: 714, width: 0, height: 0))
        let d = Counting()
        let map = try enabled(d)
        defer { map.invalidate() }
        try map.startGuidance()
        map.shouldDisplaySpeedometer = false
        try map.setSpeedData(speedAvailable: false, speedLimitAvailable: false)
        XCTAssertEqual(d.calls, 0, "docs/behaviour.md#component-sizes: no callback for the widget's size")
    }

    func testSpeedDataIsAnEventAndTheSettingsAreNot() throws {
        let d = Tweaked()
        var inside: Error?
        d.afterEnable = { m, _ in
            m.shouldDisplaySpeedometer = false   // a setting: allowed here
            do { try m.setSpeedData(speedAvailable: false, speedLimitAvailable: false) } catch { inside = error }
        }
        let map = try enabled(d)
        defer { map.invalidate() }
        XCTAssertEqual((inside as? NavLayoutError)?.code, 6, "NL_ERR_REENTRANT")
        XCTAssertFalse(map.shouldDisplaySpeedometer)
        XCTAssertTrue(map.isSpeedAvailable, "the refused event changed nothing")
        XCTAssertEqual(map.speedWidgetMode, .speedLimit)
    }

    @available(*, deprecated)
    func testTheOldSetterFeedsData() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setSpeedWidgetMode(.speedometer)   // = speed known, limit not
        XCTAssertEqual(map.speedWidgetMode, .speedometer, "with both settings on, as before issue 16")
        XCTAssertTrue(map.isSpeedAvailable)
        XCTAssertFalse(map.isSpeedLimitAvailable)
        map.shouldDisplaySpeedometer = false
        XCTAssertEqual(map.speedWidgetMode, .none, "still derived: the speedometer is switched off")
        try map.setSpeedWidgetMode(.both)
        XCTAssertEqual(map.speedWidgetMode, .speedLimit)
    }
}

/// Item 3: the re-center button switch.
final class RecenterButtonTests: XCTestCase {
    func testPanningTurnsTheLogoIntoTheButtonOnlyWhenEnabled() throws {
        let map = try enabled(nil)   // built-in layout: logo at (0, 714) bottom-aligned to 746
        defer { map.invalidate() }
        try map.startGuidance()
        XCTAssertTrue(map.isRecenterButtonEnabled, "default true")
        try map.panMap()
        XCTAssertTrue(map.isShowingRecenterButton)
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 698, width: 136, height: 48))  // 746 − 48
        map.isRecenterButtonEnabled = false
        XCTAssertFalse(map.isShowingRecenterButton)
        XCTAssertTrue(map.isMapPanned)
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 714, width: 72, height: 32))   // 746 − 32
        map.isRecenterButtonEnabled = true
        XCTAssertEqual(map.googleLogo.frame.size, Size(width: 136, height: 48), "still panned: the button shows")
        try map.recenter()
        map.isRecenterButtonEnabled = false
        try map.panMap()
        XCTAssertFalse(map.isShowingRecenterButton, "disabled: panning does not turn the logo into the button")
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 714, width: 72, height: 32))
        try map.recenter()
        XCTAssertFalse(map.isMapPanned)
    }
}

/// Item 4: `invalidateLayout(forAccessoryView:)` and `paddingAdjustmentBehavior`.
final class LegacyAPIsIssue16Tests: XCTestCase {
    func testPaddingAdjustmentBehaviorInTheBuiltInLayout() throws {
        let map = try enabled(nil)
        defer { map.invalidate() }
        // Ready: viewport (0, 59, 393, 759), so its padding is (59, 0, 34, 0) — all safe area.
        XCTAssertEqual(map.paddingAdjustmentBehavior, .always)
        try map.setPadding(EdgeInsets(top: 10, left: 5, bottom: 40, right: 0))
        // always: padding added to the safe area: (69, 5, 74, 0); 852 − 69 − 74 = 709.
        XCTAssertEqual(map.camera.viewport, Rect(x: 5, y: 69, width: 388, height: 709))
        XCTAssertEqual(map.camera.vehiclePoint, Point(x: 199, y: 423.5))
        // automatic: per edge the larger: (max(59, 10), max(0, 5), max(34, 40), 0) = (59, 5, 40, 0).
        map.paddingAdjustmentBehavior = .automatic
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 59, left: 5, bottom: 40, right: 0))
        XCTAssertEqual(map.camera.viewport, Rect(x: 5, y: 59, width: 388, height: 753))
        // never: the padding alone: (10, 5, 40, 0).
        map.paddingAdjustmentBehavior = .never
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 10, left: 5, bottom: 40, right: 0))
        XCTAssertEqual(map.camera.vehiclePoint, Point(x: 199, y: 411))   // (10 + 812) / 2
        // Active guidance: viewport (0, 163, 393, 583), padding (163, 0, 106, 0); the turn card
        // takes 104 beyond the safe area's 59, the ETA card 72 beyond its 34.
        try map.startGuidance()
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 114, left: 5, bottom: 112, right: 0))  // 104 + 10, 72 + 40
        map.paddingAdjustmentBehavior = .automatic
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 163, left: 5, bottom: 112, right: 0))  // 104 + 59, 72 + 40
        map.paddingAdjustmentBehavior = .always
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 173, left: 5, bottom: 146, right: 0))  // 163 + 10, 106 + 40
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583), "frames do not change")
    }

    func testInvalidateLayoutForAccessoryViewRereadsTheHeight() throws {
        let map = try enabled(nil)
        defer { map.invalidate() }
        try map.startGuidance()
        let accessory = LayoutView(identifier: "accessory")
        accessory.intrinsicContentSize = Size(width: LayoutView.noIntrinsicMetric, height: 40)
        try map.setHeaderAccessoryView(accessory)
        XCTAssertEqual(accessory.frame, Rect(x: 0, y: 163, width: 393, height: 40))   // under the turn card
        accessory.intrinsicContentSize = Size(width: LayoutView.noIntrinsicMetric, height: 60)
        XCTAssertEqual(accessory.frame.height, 40, "the built-in layout keeps the height it read")
        try map.invalidateLayout(forAccessoryView: accessory)
        XCTAssertEqual(accessory.frame, Rect(x: 0, y: 163, width: 393, height: 60))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 223, width: 393, height: 523))   // 163 + 60 … 746
        XCTAssertThrowsError(try map.invalidateLayout(forAccessoryView: LayoutView(identifier: "other"))) {
            XCTAssertEqual(($0 as? NavLayoutError)?.code, 1)
            XCTAssertTrue("\($0)".contains("other"))
        }
        XCTAssertEqual(map.diagnostics.map(\.code), [])
    }

    func testBothAreIgnoredAndReportedUnderACustomDelegate() throws {
        let map = try enabled(SampleLayoutDelegate())
        defer { map.invalidate() }
        map.paddingAdjustmentBehavior = .never
        XCTAssertEqual(map.paddingAdjustmentBehavior, .always, "ignored")
        try map.invalidateLayout(forAccessoryView: LayoutView(identifier: "any"))   // ignored: no error
        let ignored = codes(map, .legacyAPIIgnored).map(\.message)
        XCTAssertEqual(ignored.count, 2)
        XCTAssertTrue(ignored[0].hasPrefix("paddingAdjustmentBehavior "), ignored[0])
        XCTAssertTrue(ignored[1].hasPrefix("invalidateLayout(forAccessoryView:) "), ignored[1])
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 59, left: 0, bottom: 34, right: 0), "the viewport alone frames the camera")
        try map.startGuidance()
        XCTAssertEqual(codes(map, .legacyAPIIgnored).count, 0, "reported until the next transition (docs/behaviour.md#built-in-layout-and-legacy-apis)")
    }
}

/// Item 5: an SDK component's internal view structure cannot be modified: refused.
final class InternalStructureTests: XCTestCase {
    func testAddingIntoAComponentIsRefusedInAndOutsideCallbacks() throws {
        let badge = LayoutView(identifier: "badge")
        var refusals: [Error] = []
        let d = Tweaked()
        d.afterStart = { m, s in
            for attempt in [{ try s.turnCard.addSubview(badge) }, { try s.etaCard.insertSubview(badge, at: 0) },
                            { try s.speedWidget.addLayoutGuide(LayoutGuide(identifier: "inner")) },
                            { try s.googleLogo.addSubview(badge) }, { try s.viewport.addSubview(badge) }] {
                do { try attempt() } catch { refusals.append(error) }
            }
            // What the seed recommends instead: a host view anchored to a component's margins guide.
            try m.addSubview(badge)
            try LayoutConstraint.activate([
                badge.bottomAnchor.constraint(equalTo: s.etaCard.layoutMarginsGuide.topAnchor),
                badge.trailingAnchor.constraint(equalTo: s.etaCard.layoutMarginsGuide.trailingAnchor),
                badge.widthAnchor.constraint(equalToConstant: 40), badge.heightAnchor.constraint(equalToConstant: 20)])
            badge.isOpaque = false
        }
        let map = try enabled(d)
        defer { map.invalidate() }
        try map.startGuidance()
        XCTAssertEqual(refusals.count, 5)
        XCTAssertTrue(refusals.allSatisfy { ($0 as? NavLayoutError)?.code == 1 }, "invalidArgument")
        XCTAssertTrue("\(refusals[0])".contains("turnCard is an SDK component"), "\(refusals[0])")
        for c in map.allComponents { XCTAssertEqual(c.subviews.count, 0); XCTAssertEqual(c.layoutGuides.count, 0) }
        // etaCard margins 8: its margins guide top is 746 + 8, trailing 393 − 8.
        XCTAssertEqual(badge.frame, Rect(x: 345, y: 734, width: 40, height: 20))
        try map.triggerPrompt(.incident)
        let prompt = try XCTUnwrap(map.currentPrompt)
        XCTAssertThrowsError(try prompt.insertSubview(LayoutView(), aboveSubview: badge))
        XCTAssertThrowsError(try map.compassButton.addSubview(LayoutView()))
        XCTAssertEqual(prompt.subviews.count, 0)
    }
}

/// Item 6: host views and guides a delegate leaves behind after disableNavigationUI.
final class StateExitCleanupTests: XCTestCase {
    func testLeftoversAreReportedAsStale() throws {
        let before = LayoutView(identifier: "hostBanner")   // the host's own, from before navigation
        let card = LayoutView(identifier: "orderCard")
        let inner = LayoutView(identifier: "orderText")
        let guide = LayoutGuide(identifier: "extraGuide")
        let d = Tweaked()
        d.afterEnable = { m, _ in
            try m.addSubview(card); try card.addSubview(inner); try m.addLayoutGuide(guide)
        }
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.addSubview(before)
        try map.setLayoutDelegate(d)
        try map.setNavigationEnabled(true)
        XCTAssertEqual(codes(map, .staleComponent).count, 0, "in navigation they are the delegate's business")
        try map.setNavigationEnabled(false)
        let stale = codes(map, .staleComponent)
        XCTAssertEqual(stale.map { $0.items[0].identifier }, ["extraGuide", "orderCard"], "depth-first: the map's guides come before its subviews")
        XCTAssertTrue(stale[1].message.contains("disableNavigationUI"), stale[1].message)
        XCTAssertTrue(stale[0].message.contains("removeLayoutGuide"), stale[0].message)
        XCTAssertEqual(stale.map(\.severity), [.warning, .warning])
        try map.addSubview(LayoutView(identifier: "afterwards"))   // the host's, after navigation
        card.removeFromSuperview()
        XCTAssertEqual(codes(map, .staleComponent).map { $0.items[0].identifier }, ["extraGuide"])
        map.removeLayoutGuide(guide)
        XCTAssertEqual(codes(map, .staleComponent).count, 0)
        // A new session starts afresh.
        d.afterEnable = { _, _ in }
        try map.setNavigationEnabled(true)
        try map.setNavigationEnabled(false)
        XCTAssertEqual(codes(map, .staleComponent).count, 0)
    }

    func testViewsRemovedWhenAHideAnimationCompletesAreNotReported() throws {
        final class FadeOut: SampleLayoutDelegate {
            let badge = LayoutView(identifier: "badge")
            override func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws {
                try super.enableNavigationUI(navMap: navMap, newState: newState)
                try navMap.addSubview(badge)
            }
            override func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws {
                try super.disableNavigationUI(navMap: navMap, oldState: oldState)
                try navMap.animate(withDuration: 0.3, animations: {}, completion: { [badge] _ in badge.removeFromSuperview() })
            }
        }
        let d = FadeOut()
        let map = try enabled(d)
        defer { map.invalidate() }
        try map.setNavigationEnabled(false)
        XCTAssertEqual(codes(map, .staleComponent).count, 0, "checked once the animations and completions are over")
        try map.advanceTime(by: 0.3)
        XCTAssertNil(d.badge.superview)
        XCTAssertEqual(map.diagnostics.map(\.code), [])
    }

    func testTheSampleAndTheBuiltInLayoutLeaveNothing() throws {
        for delegate in [SampleLayoutDelegate(), nil] as [NavigationLayoutDelegate?] {
            let map = try enabled(delegate)
            defer { map.invalidate() }
            try map.startGuidance()
            try map.setNavigationEnabled(false)
            XCTAssertEqual(map.subviews.count, 0)
            XCTAssertEqual(map.diagnostics.map(\.code), [])
        }
    }
}

/// Item 9: the seed's `enableNavigation` spelling.
final class EnableNavigationSpellingTests: XCTestCase {
    func testEnableNavigationIsSetNavigationEnabledTrue() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.enableNavigation()
        XCTAssertEqual(map.stateKind, .navigationReady)
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 59, width: 393, height: 759))   // docs/behaviour.md#expected-frames ready
        XCTAssertThrowsError(try map.enableNavigation()) { XCTAssertEqual(($0 as? NavLayoutError)?.code, 3) }
        try map.setNavigationEnabled(false)
        XCTAssertFalse(map.isNavigationEnabled)
    }
}
