import XCTest
import LayoutEngine
@testable import NavigationUI
@testable import NavLayoutExamples

/// The emptyViewport and offscreen messages name the constraints that put the view there (issue
/// 14 follow-up: "constrain its four edges …" did not name the culprit). iphone-portrait: 393 ×
/// 852, safe area (59, 0, 34, 0) (docs/behaviour.md#device-presets).
final class CulpritMessageTests: XCTestCase {
    /// The sample delegate with its guidance viewport pinned under the ETA card instead of under
    /// the turn card: `viewport.top == etaCard.bottom`, then `viewport.bottom ==
    /// mapContentsBottom.top` (re-activated in that order, as a delegate written so would).
    final class ViewportUnderETACard: SampleLayoutDelegate {
        override func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
            try super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
            let viewport = newState.viewport
            let vertical = navMap.viewport.constraintsAffectingLayout(for: .vertical).filter { $0.firstAnchor.item === viewport }
            LayoutConstraint.deactivate(vertical)
            let contentBottom = try XCTUnwrap(navMap.layoutGuides.first { $0.identifier == "mapContentsBottom" })
            try LayoutConstraint.activate([
                viewport.topAnchor.constraint(equalTo: newState.etaCard.bottomAnchor),
                viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
            ])
        }
    }

    /// Ready layout: the viewport at the map's top-leading corner, 0 wide and 100 high; the logo at
    /// the map's bottom-leading corner.
    final class ZeroWidth: NavigationLayoutDelegate {
        func enableNavigationUI(navMap m: NavigationMapView, newState s: NavigationReadyUIState) throws {
            try m.addSubview(s.viewport); try m.addSubview(s.googleLogo)
            try LayoutConstraint.activate([
                s.viewport.leadingAnchor.constraint(equalTo: m.leadingAnchor), s.viewport.topAnchor.constraint(equalTo: m.topAnchor),
                s.viewport.widthAnchor.constraint(equalToConstant: 0), s.viewport.heightAnchor.constraint(equalToConstant: 100),
                s.googleLogo.leadingAnchor.constraint(equalTo: m.leadingAnchor), s.googleLogo.bottomAnchor.constraint(equalTo: m.bottomAnchor),
            ])
        }
    }

    /// The sample's guidance layout plus the speed widget with its trailing edge 10 pt right of the
    /// map's leading edge, 300 pt from the top.
    final class SpeedWidgetOffscreen: SampleLayoutDelegate {
        override func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
            try super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
            try navMap.addSubview(newState.speedWidget)
            try LayoutConstraint.activate([
                newState.speedWidget.trailingAnchor.constraint(equalTo: navMap.leadingAnchor, constant: 10),
                newState.speedWidget.topAnchor.constraint(equalTo: navMap.topAnchor, constant: 300),
            ])
        }
    }

    private func messages(_ delegate: NavigationLayoutDelegate, guidance: Bool) throws -> [String] {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        map.diagnosticHandler = { _, _ in }
        try map.setLayoutDelegate(delegate)
        try map.setNavigationEnabled(true)
        if guidance { try map.startGuidance() }
        return map.diagnostics.map(\.logLine)
    }

    /// viewport.top = etaCard.bottom = map.bottom = 852 (etaCard.bottom == map.bottom, map frame
    /// 0 + 852); viewport.bottom = mapContentsBottom.top = its bottom − 0, held by `<=
    /// etaCard.top` at 852 − 106 = 746 (its resting @250 at the safe bottom, 818, loses): frame
    /// (0, 852, 393, −106). The vertical constraints that hold (constraintsAffectingLayout minus
    /// the losing rest): the two on the viewport, then the host's others in activation order
    /// (mapContentsBottom.height == 0, etaCard.bottom == map.bottom, mapContentsBottom.bottom <=
    /// etaCard.top), then the engine's (map.top == 0, map.height == 852, etaCard.height == 106):
    /// 8, of which 4 are named.
    func testAViewportUnderTheETACardNamesItsVerticalConstraints() throws {
        XCTAssertEqual(try messages(ViewportUnderETACard(), guidance: true), [
            "error emptyViewport: viewport has a negative size, frame (0, 852, 393, -106); vertically it rests on "
                + "viewport.top == etaCard.bottom, viewport.bottom == mapContentsBottom.top, mapContentsBottom.height == 0 "
                + "and etaCard.bottom == map.bottom (and 4 more); constrain its four edges to the open, unobstructed area "
                + "of the map [items: viewport]",
        ])
    }

    /// Only the offending axis: the width is 0 (x = map.leading = map.left = 0); the height, 100,
    /// is fine. Horizontal constraints: the viewport's two, then the map frame's left (its width
    /// does not reach the viewport).
    func testAZeroWidthViewportNamesItsHorizontalConstraints() throws {
        XCTAssertEqual(try messages(ZeroWidth(), guidance: false), [
            "error emptyViewport: viewport has zero area, frame (0, 0, 0, 100); horizontally it rests on "
                + "viewport.leading == map.leading, viewport.width == 0 and map.left == 0 (map frame); constrain its four "
                + "edges to the open, unobstructed area of the map [items: viewport]",
        ])
    }

    /// The speed widget (64 × 136 in its default mode, docs/behaviour.md#component-sizes) ends 10 pt right of x = 0: x =
    /// 10 − 64 = −54, outside horizontally only (300 + 136 < 852).
    func testAnOffscreenComponentNamesTheAxisThatLeavesTheMap() throws {
        XCTAssertEqual(try messages(SpeedWidgetOffscreen(), guidance: true), [
            "error offscreen: speedWidget at (-54, 300, 64, 136) lies (partly) outside the map view (393 × 852); "
                + "horizontally it rests on speedWidget.trailing == map.leading + 10, map.left == 0 (map frame) and "
                + "speedWidget.width == 64 (component size); constrain it inside the map's bounds [items: speedWidget]",
        ])
    }
}
