import XCTest
import LayoutEngine
@testable import NavigationUI
import NavLayoutExamples

/// docs/behaviour.md#the-sample-delegate: the sample delegate on `iphone-portrait` (393 × 852, safe area (59, 0, 34, 0)).
final class SampleDelegateAcceptanceTests: XCTestCase {
    private func stackOf(_ map: NavigationMapView) -> LayoutView? {
        map.subviews.first { $0.identifier == "buttonStack" }
    }

    func testSpecSection10FrameByFrame() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())

        // Navigation ready: the content-bottom guide rests on the safe-area bottom, 852 − 34 = 818.
        try map.setNavigationEnabled(true)
        var stack = try XCTUnwrap(stackOf(map))
        XCTAssertEqual(stack.frame, Rect(x: 337, y: 59, width: 56, height: 759))      // 393 − 56; 818 − 59
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 762, width: 56, height: 56)) // 818 − 56
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 786, width: 72, height: 32))     // 818 − 32
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 59, width: 393, height: 759))
        XCTAssertTrue(map.diagnostics.isEmpty, "\(map.diagnostics)")

        // Active guidance: turn card 393 × (59 + 104); ETA card 393 × (72 + 34) at 852 − 106 = 746,
        // which pushes the guide up from 818 to 746.
        try map.startGuidance()
        stack = try XCTUnwrap(stackOf(map))
        XCTAssertEqual(map.turnCard.frame, Rect(x: 0, y: 0, width: 393, height: 163))
        XCTAssertEqual(map.etaCard.frame, Rect(x: 0, y: 746, width: 393, height: 106))
        XCTAssertEqual(stack.frame, Rect(x: 337, y: 163, width: 56, height: 583))     // 746 − 163
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 690, width: 56, height: 56))   // 746 − 56
        XCTAssertEqual(map.reportingButton.frame, Rect(x: 337, y: 626, width: 56, height: 56)) // 690 − 8 − 56
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 714, width: 72, height: 32))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))
        XCTAssertEqual(map.camera.padding, EdgeInsets(top: 163, left: 0, bottom: 106, right: 0)) // 852 − 746
        XCTAssertEqual(map.camera.vehiclePoint, Point(x: 196.5, y: 454.5))             // 163 + 583 / 2
        XCTAssertTrue(map.diagnostics.isEmpty, "\(map.diagnostics)")

        // Incident prompt at 0 s: min(393, 480) × 120, its bottom at 852 + 120 → y = 852.
        let prompt = try XCTUnwrap(try map.triggerPrompt(.incident))
        XCTAssertEqual(prompt.frame, Rect(x: 0, y: 852, width: 393, height: 120))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))
        XCTAssertTrue(map.diagnostics.isEmpty, "\(map.diagnostics)")

        // 0.2 s of 0.4 s ease-in-out: progress 0.5 → prompt y 852 − 60 = 792; the viewport's bottom
        // goes 746 → 732, halfway is 739 → height 576.
        try map.advanceTime(by: 0.2)
        XCTAssertEqual(prompt.frame, Rect(x: 0, y: 792, width: 393, height: 120))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 576))

        // ≥ 0.4 s: prompt top 852 − 120 = 732 holds the guide.
        try map.advanceTime(by: 0.2)
        stack = try XCTUnwrap(stackOf(map))
        XCTAssertEqual(prompt.frame, Rect(x: 0, y: 732, width: 393, height: 120))
        XCTAssertEqual(stack.frame, Rect(x: 337, y: 163, width: 56, height: 569))
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 676, width: 56, height: 56))
        XCTAssertEqual(map.reportingButton.frame, Rect(x: 337, y: 612, width: 56, height: 56))
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 700, width: 72, height: 32))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 569))
        XCTAssertTrue(map.diagnostics.isEmpty, "\(map.diagnostics)")

        // Dismissed, ≥ 0.4 s later: as active guidance, prompt removed in the completion.
        try map.dismissPrompt()
        try map.advanceTime(by: 0.4)
        XCTAssertNil(prompt.superview)
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 690, width: 56, height: 56))
        XCTAssertEqual(map.googleLogo.frame, Rect(x: 0, y: 714, width: 72, height: 32))

        // Guidance stopped: as navigation ready.
        try map.stopGuidance()
        stack = try XCTUnwrap(stackOf(map))
        XCTAssertEqual(stack.frame, Rect(x: 337, y: 59, width: 56, height: 759))
        XCTAssertEqual(map.compassButton.frame, Rect(x: 337, y: 762, width: 56, height: 56))
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 59, width: 393, height: 759))
        XCTAssertNil(map.turnCard.superview)
        XCTAssertTrue(map.diagnostics.isEmpty, "\(map.diagnostics)")

        // Navigation disabled: nothing of the SDK's in the hierarchy.
        try map.setNavigationEnabled(false)
        XCTAssertTrue(map.subviews.isEmpty)
        XCTAssertTrue(map.layoutGuides.isEmpty)
    }

    func testDemoTableMatchesTheSpec() throws {
        let text = try DemoSession.table(preset: "iphone-portrait", delegate: SampleLayoutDelegate())
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("== ") }.count, 8)
        // "incident prompt 0.2 s": the prompt row (0, 792, 393, 120).
        XCTAssertTrue(lines.contains("  incidentPrompt          0.0    792.0    393.0    120.0"), text)
        XCTAssertTrue(lines.contains("  camera padding 163.0 0.0 106.0 0.0 vehicle 196.5 454.5"), text)
        XCTAssertEqual(lines.last, "  (empty)")
    }
}
