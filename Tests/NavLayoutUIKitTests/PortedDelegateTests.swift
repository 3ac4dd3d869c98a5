import XCTest
import LayoutEngine
import NavLayoutUIKit
import NavLayoutUIKitExample

/// Issue 16 item 10: a delegate written in the SDK's UIKit spelling (examples/uikit, which imports
/// NavLayoutUIKit alone) gives the frames of docs/behaviour.md#expected-frames on `iphone-portrait` exactly, driven through the
/// SDK's spellings (`setLayoutDelegate`, `isNavigationEnabled`, `navigator.isGuidanceActive`).
///
/// iphone-portrait: 393 × 852 pt, safe area (59, 0, 34, 0) (docs/behaviour.md#device-presets). Sizes (docs/behaviour.md#component-sizes): buttons
/// 56 × 56, logo 72 × 32, turn card 393 × (59 + 104), ETA card 393 × (72 + 34), incident prompt
/// min(393, 480) × 120. The content-bottom guide rests on 852 − 34 = 818 and stays above the ETA
/// card (746) and a prompt; the stack spaces buttons 8 pt; prompts slide 0.4 s ease-in-out, whose
/// progress at half time is exactly 0.5.
/// XCTest on Linux cannot call `@MainActor` test methods: each test runs its `@MainActor` body with
/// `MainActor.assumeIsolated` (XCTest runs tests on the main thread).
final class PortedDelegateTests: XCTestCase {
    @MainActor private func frame(_ v: UIView?) -> Rect? { v?.navLayoutView.frame }
    @MainActor private func find(_ map: GMSMapView, _ id: String) -> UIView? {
        func search(_ v: UIView) -> UIView? {
            for s in v.subviews {
                if s.accessibilityIdentifier == id { return s }
                if let hit = search(s) { return hit }
            }
            return nil
        }
        return search(map)
    }
    @MainActor private func diagnostics(_ map: GMSMapView) -> [String] { map.navigationMapView.diagnostics.map { "\($0)" } }

    @MainActor private func checkReady(_ map: GMSMapView, _ moment: String) {
        XCTAssertEqual(frame(find(map, "buttonStack")), Rect(x: 337, y: 59, width: 56, height: 759), moment)  // 393 − 56; 818 − 59
        XCTAssertEqual(frame(find(map, "compass")), Rect(x: 337, y: 762, width: 56, height: 56), moment)      // 818 − 56
        XCTAssertEqual(frame(find(map, "googleLogo")), Rect(x: 0, y: 786, width: 72, height: 32), moment)     // 818 − 32
        XCTAssertEqual(frame(find(map, "viewport")), Rect(x: 0, y: 59, width: 393, height: 759), moment)
        XCTAssertNil(find(map, "turnCard"), moment)
        XCTAssertEqual(diagnostics(map), [], moment)
    }

    @MainActor private func checkGuidance(_ map: GMSMapView, _ moment: String) {
        XCTAssertEqual(frame(find(map, "turnCard")), Rect(x: 0, y: 0, width: 393, height: 163), moment)
        XCTAssertEqual(frame(find(map, "etaCard")), Rect(x: 0, y: 746, width: 393, height: 106), moment)      // 852 − 106
        XCTAssertEqual(frame(find(map, "buttonStack")), Rect(x: 337, y: 163, width: 56, height: 583), moment) // 746 − 163
        XCTAssertEqual(frame(find(map, "compass")), Rect(x: 337, y: 690, width: 56, height: 56), moment)      // 746 − 56
        XCTAssertEqual(frame(find(map, "reporting")), Rect(x: 337, y: 626, width: 56, height: 56), moment)    // 690 − 8 − 56
        XCTAssertEqual(frame(find(map, "googleLogo")), Rect(x: 0, y: 714, width: 72, height: 32), moment)
        XCTAssertEqual(frame(find(map, "viewport")), Rect(x: 0, y: 163, width: 393, height: 583), moment)
        XCTAssertEqual(map.navigationMapView.camera.padding, EdgeInsets(top: 163, left: 0, bottom: 106, right: 0), moment)
        XCTAssertEqual(map.navigationMapView.camera.vehiclePoint, Point(x: 196.5, y: 454.5), moment)        // 163 + 583 / 2
        XCTAssertEqual(diagnostics(map), [], moment)
    }

    func testSpec10FramesThroughTheUIKitSpelling() throws { try MainActor.assumeIsolated { try testSpec10FramesThroughTheUIKitSpellingBody() } }
    @MainActor private func testSpec10FramesThroughTheUIKitSpellingBody() throws {
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
        XCTAssertNil(map.navigator, "no navigator before navigation is enabled")
        try map.setLayoutDelegate(PortedLayoutDelegate())
        map.isNavigationEnabled = true
        checkReady(map, "navigation ready")

        map.navigator?.isGuidanceActive = true
        checkGuidance(map, "active guidance")

        // Incident prompt at 0 s: bottom = 852 + 120, so y = 852; nothing else moved yet.
        try map.navigationMapView.triggerPrompt(.incident)
        XCTAssertEqual(frame(find(map, "incidentPrompt")), Rect(x: 0, y: 852, width: 393, height: 120))
        XCTAssertEqual(frame(find(map, "viewport")), Rect(x: 0, y: 163, width: 393, height: 583))
        XCTAssertEqual(diagnostics(map), [])

        // 0.2 s: progress 0.5 → prompt 852 − 60 = 792; viewport bottom 746 → 732, halfway 739.
        try map.navigationMapView.advanceTime(by: 0.2)
        XCTAssertEqual(frame(find(map, "incidentPrompt")), Rect(x: 0, y: 792, width: 393, height: 120))
        XCTAssertEqual(frame(find(map, "viewport")), Rect(x: 0, y: 163, width: 393, height: 576))

        // ≥ 0.4 s: the prompt's top 732 holds the guide.
        try map.navigationMapView.advanceTime(by: 0.2)
        XCTAssertEqual(frame(find(map, "incidentPrompt")), Rect(x: 0, y: 732, width: 393, height: 120))
        XCTAssertEqual(frame(find(map, "buttonStack")), Rect(x: 337, y: 163, width: 56, height: 569))
        XCTAssertEqual(frame(find(map, "compass")), Rect(x: 337, y: 676, width: 56, height: 56))
        XCTAssertEqual(frame(find(map, "reporting")), Rect(x: 337, y: 612, width: 56, height: 56))
        XCTAssertEqual(frame(find(map, "googleLogo")), Rect(x: 0, y: 700, width: 72, height: 32))
        XCTAssertEqual(frame(find(map, "viewport")), Rect(x: 0, y: 163, width: 393, height: 569))
        XCTAssertEqual(diagnostics(map), [])

        // Dismissed: slides out in 0.4 s and is removed by the completion.
        try map.navigationMapView.dismissPrompt()
        try map.navigationMapView.advanceTime(by: 0.4)
        XCTAssertNil(find(map, "incidentPrompt"))
        checkGuidance(map, "prompt dismissed")

        map.navigator?.isGuidanceActive = false
        checkReady(map, "guidance stopped")

        map.isNavigationEnabled = false
        XCTAssertEqual(map.subviews.count, 0, "nothing of the SDK's in the hierarchy")
        XCTAssertEqual(map.navigationMapView.layoutGuides.count, 0)
        XCTAssertEqual(diagnostics(map), [])
    }

    func testChangePromptHidesTheOldOneThenShowsTheNewOne() throws { try MainActor.assumeIsolated { try testChangePromptHidesTheOldOneThenShowsTheNewOneBody() } }
    @MainActor private func testChangePromptHidesTheOldOneThenShowsTheNewOneBody() throws {
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
        try map.setLayoutDelegate(PortedLayoutDelegate())
        map.isNavigationEnabled = true
        map.navigator?.isGuidanceActive = true
        try map.navigationMapView.triggerPrompt(.incident)
        try map.navigationMapView.advanceTime(by: 0.4)
        try map.navigationMapView.triggerPrompt(.traffic)   // changePrompt
        // Both slide at once: the incident prompt down to 852, the traffic prompt (120 high) up to 732.
        try map.navigationMapView.advanceTime(by: 0.4)
        XCTAssertNil(find(map, "incidentPrompt"), "removed by the hide animation's completion")
        XCTAssertEqual(frame(find(map, "trafficPrompt")), Rect(x: 0, y: 732, width: 393, height: 120))
        XCTAssertEqual(frame(find(map, "viewport")), Rect(x: 0, y: 163, width: 393, height: 569))
        XCTAssertEqual(diagnostics(map), [])
    }

    func testRightToLeftMirrorsTheLayout() throws { try MainActor.assumeIsolated { try testRightToLeftMirrorsTheLayoutBody() } }
    @MainActor private func testRightToLeftMirrorsTheLayoutBody() throws {
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait", layoutDirection: .rightToLeft))
        try map.setLayoutDelegate(PortedLayoutDelegate())
        map.isNavigationEnabled = true
        // x' = 393 − x − w: the stack at the trailing (left) edge, the logo at the leading (right) one.
        XCTAssertEqual(frame(find(map, "buttonStack")), Rect(x: 0, y: 59, width: 56, height: 759))
        XCTAssertEqual(frame(find(map, "googleLogo")), Rect(x: 321, y: 786, width: 72, height: 32))
        XCTAssertEqual(diagnostics(map), [])
    }
}
