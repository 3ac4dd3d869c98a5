import XCTest
import LayoutEngine
@testable import NavigationUI

/// Records every callback, in order (the table in docs/behaviour.md#events-and-callbacks).
private final class Recorder: NavigationLayoutDelegate {
    var calls: [String] = []
    var states: [NavigationUIState] = []
    var failOn: String?
    var onCall: ((String, NavigationMapView) throws -> Void)?

    private func record(_ name: String, _ map: NavigationMapView) throws {
        calls.append(name)
        try onCall?(name, map)
        if failOn == name { throw NavLayoutError.callbackFailed("host failed in \(name)") }
    }
    func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws { states.append(newState); try record("enable", navMap) }
    func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws { try record("disable", navMap) }
    func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws { states.append(newState); try record("start", navMap) }
    func stopGuidance(navMap: NavigationMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) throws { states.append(newState); try record("stop", navMap) }
    func sizeChanged(navMap: NavigationMapView, newState: NavigationUIState) throws { states.append(newState); try record("size", navMap) }
    func showPrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView) throws { try record("show \(newPrompt.kind)", navMap) }
    func hidePrompt(navMap: NavigationMapView, oldPrompt: NavigationPromptView) throws { try record("hide \(oldPrompt.kind)", navMap) }
    func changePrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView) throws { try record("change \(oldPrompt.kind)->\(newPrompt.kind)", navMap) }
}

final class StateMachineTests: XCTestCase {
    private func code(_ body: () throws -> Void) -> Int32? {
        do { try body(); return nil } catch let e as NavLayoutError { return e.code } catch { return -1 }
    }

    func testCallbacksInSpecOrder() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let r = Recorder()
        try map.setLayoutDelegate(r)
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        try map.triggerPrompt(.incident)
        try map.triggerPrompt(.traffic)
        try map.dismissPrompt()
        try map.triggerPrompt(.betterRoute)
        try map.setSize(Size(width: 852, height: 393), safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        try map.setNavigationEnabled(false)
        XCTAssertEqual(r.calls, ["enable", "start", "show incident", "change incident->traffic", "hide traffic",
                                 "show betterRoute", "size", "hide betterRoute", "stop", "disable"])
        XCTAssertEqual(map.stateKind, .noNavigation)
    }

    func testEventsInTheWrongStateChangeNothing() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let r = Recorder()
        try map.setLayoutDelegate(r)
        XCTAssertEqual(code { try map.startGuidance() }, 3)
        XCTAssertEqual(code { try map.stopGuidance() }, 3)
        XCTAssertEqual(code { try map.triggerPrompt(.incident) }, 3)
        XCTAssertEqual(code { try map.setNavigationEnabled(false) }, 3) // already disabled
        try map.setNavigationEnabled(true)
        XCTAssertEqual(code { try map.setNavigationEnabled(true) }, 3)  // already enabled
        XCTAssertEqual(code { try map.dismissPrompt() }, 3)
        XCTAssertEqual(code { try map.setLayoutDelegate(nil) }, 4)
        XCTAssertTrue(map.layoutDelegate === r)
        XCTAssertEqual(r.calls, ["enable"])
        XCTAssertEqual(map.stateKind, .navigationReady)
    }

    func testCarPlayRefusesADelegate() throws {
        let map = try NavigationMapView(preset: "carplay")
        defer { map.invalidate() }
        XCTAssertEqual(code { try map.setLayoutDelegate(Recorder()) }, 5)
        XCTAssertNil(map.layoutDelegate)
    }

    func testEventsFromInsideACallbackAreReentrant() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let r = Recorder()
        var inner: Int32?
        r.onCall = { name, m in if name == "enable" { inner = self.code { try m.startGuidance() } } }
        try map.setLayoutDelegate(r)
        try map.setNavigationEnabled(true)
        XCTAssertEqual(inner, 6)
        XCTAssertEqual(map.stateKind, .navigationReady)
        XCTAssertEqual(r.calls, ["enable"])
    }

    func testAFailingCallbackCompletesTheTransition() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let r = Recorder()
        r.failOn = "start"
        try map.setLayoutDelegate(r)
        try map.setNavigationEnabled(true)
        XCTAssertEqual(code { try map.startGuidance() }, 11)
        XCTAssertEqual(map.stateKind, .activeGuidance)
        try map.stopGuidance() // still usable
        XCTAssertEqual(r.calls, ["enable", "start", "stop"])
    }

    func testStatesAndWideModeOnResize() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let r = Recorder()
        try map.setLayoutDelegate(r)
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        let portrait = try XCTUnwrap(r.states.last as? ActiveGuidanceUIState)
        XCTAssertFalse(portrait.wideMode)                           // 393 − 0 − 0 < 600
        XCTAssertEqual(portrait.buttons.map(\.type), [.compass, .reporting])
        XCTAssertEqual(r.states.first?.buttons.map(\.type), [.compass])
        try map.setSize(Size(width: 852, height: 393), safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        let landscape = try XCTUnwrap(r.states.last)
        XCTAssertTrue(landscape.wideMode)                           // 852 − 59 − 59 = 734 >= 600
        XCTAssertEqual(landscape.mapSize, Size(width: 852, height: 393))
        XCTAssertTrue(landscape is ActiveGuidanceUIState)
        // Setting the same size again is not a change: no callback.
        try map.setSize(Size(width: 852, height: 393))
        XCTAssertEqual(r.calls.filter { $0 == "size" }.count, 1)
    }

    func testSuppressedPrompts() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let r = Recorder()
        try map.setLayoutDelegate(r)
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        map.shouldDisplayPrompts = false
        XCTAssertNil(try map.triggerPrompt(.incident))
        XCTAssertNil(try map.triggerPrompt(.traffic))
        XCTAssertNil(try map.triggerPrompt(.betterRoute))
        XCTAssertNotNil(try map.triggerPrompt(.speedCamera))
        XCTAssertEqual(r.calls, ["enable", "start", "show speedCamera"])
    }

    func testIncidentReportingDecidesTheNextStatesButtons() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let r = Recorder()
        try map.setLayoutDelegate(r)
        map.isIncidentReportingEnabled = false
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        XCTAssertEqual(r.states.last?.buttons.map(\.type), [.compass])
    }
}

/// Component sizes (docs/behaviour.md#component-sizes), computed by hand.
final class ComponentSizeTests: XCTestCase {
    private func sizeAfterLayout(_ view: LayoutView, in map: NavigationMapView) throws -> Size {
        try map.addSubview(view)
        try LayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: map.leadingAnchor),
                                       view.topAnchor.constraint(equalTo: map.topAnchor)])
        return view.frame.size
    }

    func testPortraitSizes() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        XCTAssertFalse(map.wideMode)
        XCTAssertEqual(try sizeAfterLayout(map.turnCard, in: map), Size(width: 393, height: 163)) // W − 0 − 0; 59 + 104
        XCTAssertEqual(try sizeAfterLayout(map.etaCard, in: map), Size(width: 393, height: 106))  // W; 72 + 34
        XCTAssertEqual(try sizeAfterLayout(map.googleLogo, in: map), Size(width: 72, height: 32))
        XCTAssertEqual(try sizeAfterLayout(map.compassButton, in: map), Size(width: 56, height: 56))
        XCTAssertEqual(try sizeAfterLayout(map.speedWidget, in: map), Size(width: 64, height: 136)) // both readings
        XCTAssertEqual(map.speedWidget.layoutMargins, EdgeInsets(all: 4))
    }

    func testWideSizesOnLandscape() throws {
        let map = try NavigationMapView(preset: "iphone-landscape")
        defer { map.invalidate() }
        XCTAssertTrue(map.wideMode)                      // 852 − 59 − 59 = 734 >= 600
        // wideCardWidth = min(360, 734 × 0.45 = 330.3) = 330.3
        XCTAssertEqual(map.wideCardWidth, 330.3, accuracy: 1e-9)
        let turn = try sizeAfterLayout(map.turnCard, in: map)
        XCTAssertEqual(turn.width, 330.3, accuracy: 1e-6)
        XCTAssertEqual(turn.height, 104)                 // 0 + 104
        let eta = try sizeAfterLayout(map.etaCard, in: map)
        XCTAssertEqual(eta.width, 330.3, accuracy: 1e-6)
        XCTAssertEqual(eta.height, 93)                   // 72 + 21
    }

    func testRuntimeSizedComponents() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        _ = try sizeAfterLayout(map.speedWidget, in: map)
        _ = try sizeAfterLayout(map.googleLogo, in: map)
        try map.setSpeedData(speedAvailable: false, speedLimitAvailable: true)   // limit only
        XCTAssertEqual(map.speedWidget.frame.size, Size(width: 64, height: 64))
        try map.setSpeedData(speedAvailable: false, speedLimitAvailable: false)  // no data
        XCTAssertEqual(map.speedWidget.frame.size, Size(width: 0, height: 0))
        try map.panMap()
        XCTAssertEqual(map.googleLogo.frame.size, Size(width: 136, height: 48))
        try map.recenter()
        XCTAssertEqual(map.googleLogo.frame.size, Size(width: 72, height: 32))
    }

    func testPromptsArriveSized() throws {
        let map = try NavigationMapView(preset: "ipad-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(Recorder()) // places nothing: the prompt keeps the frame it arrives with
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        // min(820 − 0 − 0, 480) = 480 wide; heights by kind (docs/behaviour.md#component-sizes).
        let expected: [(NavigationPromptKind, Double)] = [(.incident, 120), (.speedCamera, 96), (.traffic, 120), (.betterRoute, 152)]
        for (kind, height) in expected {
            let p = try XCTUnwrap(try map.triggerPrompt(kind))
            XCTAssertEqual(p.frame, Rect(x: 0, y: 0, width: 480, height: height))
            XCTAssertEqual(p.roundedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        }
    }

    func testPresetsAndBadSizes() throws {
        XCTAssertEqual(DevicePreset.all.map(\.name), ["iphone-portrait", "iphone-landscape", "iphone-se", "ipad-portrait", "ipad-split", "carplay"])
        XCTAssertThrowsError(try NavigationMapView(preset: "nokia-3310"))
        XCTAssertThrowsError(try NavigationMapView(size: Size(width: .nan, height: 10)))
        XCTAssertThrowsError(try NavigationMapView(size: Size(width: 100, height: 100), safeArea: EdgeInsets(top: 60, left: 0, bottom: 60, right: 0)))
        let map = try NavigationMapView(preset: "iphone-se")
        defer { map.invalidate() }
        XCTAssertThrowsError(try map.setSize(Size(width: -1, height: 10)))
        XCTAssertEqual(map.size, Size(width: 375, height: 667))
    }

    func testShuffledButtonsIncludeAnUnknownType() throws {
        let map = try NavigationMapView(preset: "iphone-portrait", options: .init(shuffleButtons: true))
        defer { map.invalidate() }
        let r = Recorder()
        try map.setLayoutDelegate(r)
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        let types = try XCTUnwrap(r.states.last).buttons.map(\.type)
        XCTAssertEqual(Set(types.map(\.rawValue)), [1, 2, 99])
        XCTAssertNotEqual(types.first, .compass)
    }
}
