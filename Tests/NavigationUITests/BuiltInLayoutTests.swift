import XCTest
import LayoutEngine
@testable import NavigationUI
import NavLayoutExamples

/// Frames of the built-in layout (docs/behaviour.md#built-in-layout), computed by hand from the sizes in docs/behaviour.md#component-sizes and the presets in docs/behaviour.md#device-presets.
final class BuiltInLayoutTests: XCTestCase {
    private func guided(_ preset: String) throws -> NavigationMapView {
        let map = try NavigationMapView(preset: preset)
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        return map
    }

    private func stack(_ map: NavigationMapView) throws -> LayoutView {
        try XCTUnwrap(map.subviews.first { $0 is NavigationHidingStackView })
    }

    func testIPhonePortrait() throws {
        let map = try NavigationMapView(preset: "iphone-portrait") // 393 × 852, S = (59, 0, 34, 0)
        defer { map.invalidate() }
        try map.setNavigationEnabled(true)
        // Ready: as the sample — content bottom on the safe-area bottom 852 − 34 = 818.
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 59, width: 393, height: 759))
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 786, width: 72, height: 32))
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 762, width: 56, height: 56))
        try map.startGuidance()
        XCTAssertEqual(map.turnCard.frame, Rect(x: 0, y: 0, width: 393, height: 163))     // 59 + 104
        XCTAssertEqual(map.etaCard.frame, Rect(x: 0, y: 746, width: 393, height: 106))    // 72 + 34, at 852 − 106
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))   // 746 − 163
        XCTAssertEqual(try stack(map).frame, Rect(x: 337, y: 163, width: 56, height: 583))
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 690, width: 56, height: 56))
        XCTAssertEqual(map.reportingButton.frame, Rect(x: 337, y: 626, width: 56, height: 56))
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 714, width: 72, height: 32))
        // Speed widget (both readings, 64 × 136) sits on the logo: 714 − 136 = 578.
        XCTAssertEqual(map.speedWidget.frame, Rect(x: 0, y: 578, width: 64, height: 136))
        // Trip bar: 8 below the turn card (171) to 8 above the speed widget (570): height 399.
        XCTAssertEqual(map.tripProgressBar.frame, Rect(x: 0, y: 171, width: 12, height: 399))
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 163, left: 0, bottom: 106, right: 0))
    }

    func testIPhoneLandscapeIsWide() throws {
        let map = try guided("iphone-landscape") // 852 × 393, S = (0, 59, 21, 59), safe width 734: wide
        defer { map.invalidate() }
        // Cards 330.3 wide (min(360, 734 × 0.45)) at the safe leading edge 59.
        let turn = map.turnCard.frame, eta = map.etaCard.frame
        XCTAssertEqual(turn.x, 59); XCTAssertEqual(turn.y, 0); XCTAssertEqual(turn.height, 104)
        XCTAssertEqual(eta.x, 59); XCTAssertEqual(eta.y, 300); XCTAssertEqual(eta.height, 93)   // 393 − (72 + 21)
        XCTAssertEqual(turn.width, 330.3, accuracy: 1e-9)
        // The column to the cards' trailing side starts at 59 + 330.3 = 389.3; content bottom 393 − 21 = 372.
        let vp = map.viewport.frame
        XCTAssertEqual(vp.x, 389.3, accuracy: 1e-9); XCTAssertEqual(vp.y, 0)
        XCTAssertEqual(vp.maxX, 793, accuracy: 1e-9); XCTAssertEqual(vp.height, 372)
        XCTAssertEqual(map.googleLogo.frame.y, 340)                                 // 372 − 32
        XCTAssertEqual(map.speedWidget.frame.y, 204)                                // 340 − 136
        XCTAssertEqual(map.tripProgressBar.frame.y, 8)
        XCTAssertEqual(map.tripProgressBar.frame.height, 188)                       // 204 − 8 − 8
        XCTAssertEqual(try stack(map).frame, Rect(x: 737, y: 0, width: 56, height: 372))  // 852 − 59 − 56
        XCTAssertEqual(map.compassButton.frame.y, 316)                              // 372 − 56
    }

    func testIPadPortraitIsWide() throws {
        let map = try guided("ipad-portrait") // 820 × 1180, S = (24, 0, 20, 0): safe width 820 >= 600
        defer { map.invalidate() }
        // wideCardWidth = min(360, 820 × 0.45 = 369) = 360
        XCTAssertEqual(map.turnCard.frame, Rect(x: 0, y: 0, width: 360, height: 128))     // 24 + 104
        XCTAssertEqual(map.etaCard.frame, Rect(x: 0, y: 1088, width: 360, height: 92))    // 72 + 20; 1180 − 92
        XCTAssertEqual(map.viewport.frame, Rect(x: 360, y: 24, width: 460, height: 1136)) // 1180 − 20 − 24
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 360, y: 1128, width: 72, height: 32))
        XCTAssertEqual(try stack(map).frame, Rect(x: 764, y: 24, width: 56, height: 1136))
    }

    func testIPadSplitIsStandard() throws {
        let map = try guided("ipad-split") // 320 × 1180, S = (24, 0, 20, 0)
        defer { map.invalidate() }
        XCTAssertEqual(map.turnCard.frame, Rect(x: 0, y: 0, width: 320, height: 128))
        XCTAssertEqual(map.etaCard.frame, Rect(x: 0, y: 1088, width: 320, height: 92))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 128, width: 320, height: 960))   // 1088 − 128
        XCTAssertEqual(map.compassButton.frame, Rect(x: 264, y: 1032, width: 56, height: 56))
        XCTAssertEqual(map.speedWidget.frame, Rect(x: 0, y: 920, width: 64, height: 136)) // logo at 1056
    }

    func testRuntimeSizesAdapt() throws {
        let map = try guided("iphone-portrait")
        defer { map.invalidate() }
        try map.setSpeedData(speedAvailable: true, speedLimitAvailable: false)  // speedometer only
        XCTAssertEqual(map.speedWidget.frame, Rect(x: 0, y: 650, width: 64, height: 64))  // 714 − 64
        XCTAssertEqual(map.tripProgressBar.frame.maxY, 642)                              // 650 − 8
        try map.panMap()
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 698, width: 136, height: 48))  // 746 − 48
        XCTAssertEqual(map.speedWidget.frame.y, 634)                                     // 698 − 64
        try map.recenter()
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 714, width: 72, height: 32))
    }

    func testLegacySettingsAreHonoured() throws {
        let map = try guided("iphone-portrait")
        defer { map.invalidate() }
        let accessory = LayoutView(identifier: "accessory")
        accessory.intrinsicContentSize = Size(width: LayoutView.noIntrinsicMetric, height: 40)
        try map.setHeaderAccessoryView(accessory)
        XCTAssertEqual(accessory.frame, Rect(x: 0, y: 163, width: 393, height: 40))      // under the turn card
        XCTAssertEqual(map.viewport.frame.y, 203)                                        // 163 + 40
        map.padding = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 213, left: 20, bottom: 136, right: 40))
        XCTAssertEqual(map.navigationFooterLayoutGuide.frame, map.etaCard.frame)
        XCTAssertEqual(map.navigationHeaderLayoutGuide.frame, map.turnCard.frame)
        // Buttons guide: the two buttons (56 + 8 + 56 = 120) at the stack's bottom, 746 − 120 = 626.
        XCTAssertEqual(map.bottomTrailingButtonsLayoutGuide.frame, Rect(x: 337, y: 626, width: 56, height: 120))
        // Alternate: from the content top (the accessory's bottom, 203) to 8 above the buttons (618).
        XCTAssertEqual(map.bottomTrailingButtonsAlternateLayoutGuide.frame, Rect(x: 337, y: 203, width: 56, height: 415))
        try map.setHeaderAccessoryView(nil)
        XCTAssertNil(accessory.superview)
        map.isNavigationHeaderEnabled = false
        XCTAssertNil(map.turnCard.superview)
        XCTAssertEqual(map.viewport.frame.y, 59)                                         // safe-area top
        XCTAssertEqual(map.navigationHeaderLayoutGuide.frame, Rect(x: 0, y: 59, width: 393, height: 0))
        map.isNavigationFooterEnabled = false
        XCTAssertNil(map.etaCard.superview)
        XCTAssertEqual(map.viewport.frame.maxY, 818)                                     // 852 − 34
        map.isNavigationTripProgressBarEnabled = false
        XCTAssertNil(map.tripProgressBar.superview)
        map.isNavigationReportIncidentButtonEnabled = false
        XCTAssertNil(map.reportingButton.superview)
        XCTAssertTrue(map.diagnostics.filter { $0.code == .legacyAPIIgnored }.isEmpty)
    }

    /// Issue 17, item 4: legacy calls never move a host's view behind the SDK components. A call
    /// that changes nothing (a default value) rebuilds nothing; the first use of a legacy guide and
    /// real changes rebuild in place. Fails before the fix: every setter rebuilt the layout by
    /// removing and re-adding the components, in front of the host's view.
    func testLegacyCallsKeepTheHostViewInFront() throws {
        let map = try guided("iphone-portrait")
        defer { map.invalidate() }
        let host = LayoutView(identifier: "host")
        try map.addSubview(host)
        let before = map.subviews.map(\.identifier)
        map.padding = .zero
        map.isNavigationHeaderEnabled = true
        map.isNavigationFooterEnabled = true
        try map.setHeaderAccessoryView(nil)
        XCTAssertEqual(map.subviews.map(\.identifier), before, "no-op legacy calls change nothing")
        _ = map.navigationHeaderLayoutGuide
        XCTAssertTrue(map.subviews.last === host, "the first legacy guide keeps the host view in front")
        XCTAssertEqual(map.navigationHeaderLayoutGuide.frame, map.turnCard.frame)
        map.isNavigationHeaderEnabled = false
        map.isNavigationHeaderEnabled = true
        // the turn card came back where the built-in layout puts it (at the back), the host view
        // stayed in front
        XCTAssertEqual(map.subviews.map(\.identifier), before)
        map.padding = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        XCTAssertTrue(map.subviews.last === host)
        XCTAssertEqual(map.camera.padding.top, 173)                                      // 163 + 10
    }

    func testLegacySettingsAreIgnoredWithACustomDelegate() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        let before = map.viewport.frame
        map.isNavigationHeaderEnabled = false
        map.padding = EdgeInsets(all: 10)
        _ = map.navigationFooterLayoutGuide
        XCTAssertTrue(map.isNavigationHeaderEnabled, "the call changed nothing")
        XCTAssertEqual(map.padding, .zero)
        XCTAssertEqual(map.viewport.frame, before)
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 163, left: 0, bottom: 106, right: 0))
        let ignored = map.diagnostics.filter { $0.code == .legacyAPIIgnored }
        XCTAssertEqual(ignored.count, 3)
        XCTAssertTrue(ignored[0].message.contains("isNavigationHeaderEnabled"))
        XCTAssertEqual(ignored[0].severity, .warning)
        // Reported once per transition: the next transition clears the list.
        try map.triggerPrompt(.incident)
        XCTAssertTrue(map.diagnostics.filter { $0.code == .legacyAPIIgnored }.isEmpty)
    }

    func testCompassRule() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        map.isCompassButtonEnabled = true
        // Navigation disabled: top-trailing corner of the safe area (393 − 56, 59).
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 59, width: 56, height: 56))
        XCTAssertTrue(map.compassButton.superview === map)
        try map.setNavigationEnabled(true)
        // Now only the delegate decides: the sample puts it in its stack.
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 762, width: 56, height: 56))
        try map.setNavigationEnabled(false)
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 59, width: 56, height: 56))
        map.isCompassButtonEnabled = false
        XCTAssertTrue(map.subviews.isEmpty)
    }

    func testBuiltInIsRestoredWithNil() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.setLayoutDelegate(nil)
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        XCTAssertNotNil(map.tripProgressBar.superview, "only the built-in layout shows the trip bar")
        try map.setNavigationEnabled(false)
        XCTAssertTrue(map.subviews.isEmpty)
    }

    func testBuiltInPromptSlidesAndLeaves() throws {
        let map = try guided("iphone-portrait")
        defer { map.invalidate() }
        let p = try XCTUnwrap(try map.triggerPrompt(.betterRoute))           // 393 × 152
        try map.advanceTime(by: 0.4)
        XCTAssertEqual(p.frame, Rect(x: 0, y: 700, width: 393, height: 152))  // 852 − 152
        XCTAssertEqual(map.viewport.frame.maxY, 700)
        let q = try XCTUnwrap(try map.triggerPrompt(.speedCamera))           // change: 96 tall
        try map.advanceTime(by: 0.4)
        XCTAssertNil(p.superview)
        XCTAssertEqual(q.frame, Rect(x: 0, y: 756, width: 393, height: 96))
        XCTAssertEqual(map.viewport.frame.maxY, 746, "the ETA card's top is higher than the prompt's")
        try map.stopGuidance()
        try map.advanceTime(by: 0.4)
        XCTAssertNil(q.superview)
    }
}

/// The wide example across a rotation, and right-to-left mirroring (issue 3).
final class WideAndRTLTests: XCTestCase {
    private let landscape = (Size(width: 852, height: 393), EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
    private let portrait = (Size(width: 393, height: 852), EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))

    func testWideExampleAcrossRotation() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let d = WideLayoutDelegate()
        try map.setLayoutDelegate(d)
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        // Portrait: the sample's frames (docs/behaviour.md#expected-frames).
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))
        XCTAssertNil(d.orderStatus.superview)
        try map.setSize(landscape.0, safeArea: landscape.1)
        // Landscape, wide: cards at x 59, 330.3 wide; order status from 389.3 + 8 to 793 − 8,
        // 64 tall at y 8; viewport from 80 (8 + 64 + 8) to the content bottom 372.
        XCTAssertEqual(map.turnCard.frame.x, 59)
        XCTAssertEqual(map.etaCard.frame.y, 300)
        let status = d.orderStatus.frame
        XCTAssertEqual(status.x, 397.3, accuracy: 1e-9); XCTAssertEqual(status.y, 8)
        XCTAssertEqual(status.maxX, 785, accuracy: 1e-9); XCTAssertEqual(status.height, 64)
        let vp = map.viewport.frame
        XCTAssertEqual(vp.x, 389.3, accuracy: 1e-9); XCTAssertEqual(vp.y, 80); XCTAssertEqual(vp.maxY, 372)
        // Speed widget on the ETA card's margins guide: x 59 + 8, bottom 300 + 8 → y 308 − 136.
        XCTAssertEqual(map.speedWidget.frame, Rect(x: 67, y: 172, width: 64, height: 136))
        // Trip bar: 8 in from the viewport's leading edge, 88 … 332 (logo top 340 − 8).
        let bar = map.tripProgressBar.frame
        XCTAssertEqual(bar.x, 397.3, accuracy: 1e-9); XCTAssertEqual(bar.y, 88); XCTAssertEqual(bar.height, 244)
        try map.setSize(portrait.0, safeArea: portrait.1)
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))
        XCTAssertNil(d.orderStatus.superview)
        XCTAssertNil(map.speedWidget.superview)
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 690, width: 56, height: 56))
    }

    func testWideExampleStartsWideInLandscape() throws {
        let map = try NavigationMapView(preset: "iphone-landscape")
        defer { map.invalidate() }
        let d = WideLayoutDelegate()
        try map.setLayoutDelegate(d)
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        XCTAssertNotNil(d.orderStatus.superview)
    }

    private func frames(_ map: NavigationMapView) -> [String: Rect] {
        var out: [String: Rect] = [:]
        map.forEachView { v in if v !== map { out[v.identifier] = v.frame } }
        return out
    }

    /// RTL mirrors the sample: x' = W − x − w for every view, y and size unchanged.
    func testSampleMirrorsInRightToLeft() throws {
        for builtIn in [false, true] {
            var results: [[String: Rect]] = []
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let map = try NavigationMapView(preset: "iphone-portrait", options: .init(layoutDirection: direction))
                if !builtIn { try map.setLayoutDelegate(SampleLayoutDelegate()) }
                try map.setNavigationEnabled(true)
                try map.startGuidance()
                try map.triggerPrompt(.incident)
                try map.advanceTime(by: 0.4)
                results.append(frames(map))
                map.invalidate()
            }
            let (ltr, rtl) = (results[0], results[1])
            XCTAssertEqual(Set(ltr.keys), Set(rtl.keys))
            for (id, f) in ltr {
                let m = try XCTUnwrap(rtl[id])
                XCTAssertEqual(m, Rect(x: 393 - f.x - f.width, y: f.y, width: f.width, height: f.height), "\(id) builtIn=\(builtIn)")
            }
            XCTAssertEqual(rtl["compass"]?.x, 0, "trailing is the left edge in RTL")
        }
    }

    /// The examples find buttons by type: with the buttons shuffled (and an unknown one added),
    /// the compass is still at the bottom of the stack and the reporting button above it.
    func testExamplesFindButtonsByType() throws {
        for delegate in [SampleLayoutDelegate(), WideLayoutDelegate()] {
            let map = try NavigationMapView(preset: "iphone-portrait", options: .init(shuffleButtons: true))
            defer { map.invalidate() }
            try map.setLayoutDelegate(delegate)
            try map.setNavigationEnabled(true)
            XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 762, width: 56, height: 56))
            try map.startGuidance()
            XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 690, width: 56, height: 56))
            XCTAssertEqual(map.reportingButton.frame, Rect(x: 337, y: 626, width: 56, height: 56))
            // The unknown button stands above them: 626 − 8 − 56 = 562.
            XCTAssertEqual(map.unknownButton.frame, Rect(x: 337, y: 562, width: 56, height: 56))
        }
    }
}

/// Split-view widths and containers smaller than the screen: frames come from the map view's own
/// size (issue 3).
final class ContainerSizeTests: XCTestCase {
    func testSplitWidthsAndSmallContainers() throws {
        let map = try NavigationMapView(preset: "ipad-portrait")
        defer { map.invalidate() }
        final class Sizes: NavigationLayoutDelegate {
            var wide: [Bool] = []
            func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws { wide.append(newState.wideMode) }
            func sizeChanged(navMap: NavigationMapView, newState: NavigationUIState) throws { wide.append(newState.wideMode) }
        }
        let d = Sizes()
        try map.setLayoutDelegate(d)
        try map.setNavigationEnabled(true)
        let insets = EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)
        try map.setSize(Size(width: 678, height: 1180), safeArea: insets)   // 2/3 split: 678 >= 600, wide
        XCTAssertEqual(map.wideCardWidth, 305.1, accuracy: 1e-9)             // min(360, 678 × 0.45)
        try map.setSize(Size(width: 320, height: 1180), safeArea: insets)   // 1/3 split: standard
        try map.setSize(Size(width: 320, height: 1180), safeArea: EdgeInsets(top: 24, left: 0, bottom: 0, right: 0)) // safe area only
        XCTAssertEqual(d.wide, [true, true, false, false])                  // 820 wide at first
    }

    func testBuiltInInASmallContainer() throws {
        // A 300 × 500 container with no safe area (a card in a larger screen).
        let map = try NavigationMapView(size: Size(width: 300, height: 500))
        defer { map.invalidate() }
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        XCTAssertEqual(map.turnCard.frame, Rect(x: 0, y: 0, width: 300, height: 104))   // 0 + 104
        XCTAssertEqual(map.etaCard.frame, Rect(x: 0, y: 428, width: 300, height: 72))   // 500 − 72
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 104, width: 300, height: 324))
        XCTAssertEqual(map.compassButton.frame, Rect(x: 244, y: 372, width: 56, height: 56))
        XCTAssertTrue(map.diagnostics.isEmpty, "\(map.diagnostics)")
    }
}

/// The legacy header accessory view: refused when it holds SDK components; removed by the host,
/// it leaves the built-in layout cleanly (new-user review findings).
final class AccessoryTests: XCTestCase {
    func testTheBuiltInStackIsRefused() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        let stack = try XCTUnwrap(map.subviews.first { $0 is NavigationHidingStackView })
        XCTAssertThrowsError(try map.setHeaderAccessoryView(stack)) { XCTAssertEqual(($0 as? NavLayoutError)?.code, 1) }
        XCTAssertThrowsError(try map.setHeaderAccessoryView(map.turnCard))
        XCTAssertNil(map.headerAccessoryView)
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))
    }

    func testRemovingTheAccessoryRebuildsWithoutIt() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        let accessory = LayoutView(identifier: "acc")
        accessory.intrinsicContentSize = Size(width: LayoutView.noIntrinsicMetric, height: 40)
        try map.setHeaderAccessoryView(accessory)
        XCTAssertEqual(map.viewport.frame.y, 203)                 // 163 + 40
        accessory.removeFromSuperview()
        XCTAssertNil(map.headerAccessoryView)
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))
        XCTAssertTrue(map.diagnostics.isEmpty, "\(map.diagnostics)")
        try map.stopGuidance()
        try map.startGuidance()
        XCTAssertNil(accessory.superview, "it does not come back")
        XCTAssertEqual(map.viewport.frame.y, 163)
    }
}
