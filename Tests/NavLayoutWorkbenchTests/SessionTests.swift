import XCTest
import LayoutEngine
import NavigationUI
import NavLayoutExamples
@testable import NavLayoutWorkbench

/// The session scripts and driver (issue 14): the standard session's steps and the clock.
final class SessionTests: XCTestCase {
    func testStandardSessionStepsForAPhone() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let names = SessionScript.standard(for: map, preset: "iphone-portrait").steps.map(\.name)
        XCTAssertEqual(names, [
            "navigation ready", "active guidance",
            "incident prompt", "incident prompt dismissed", "speedCamera prompt", "speedCamera prompt dismissed",
            "traffic prompt", "traffic prompt dismissed", "betterRoute prompt", "betterRoute prompt dismissed",
            "map panned: re-center button", "re-centered",
            "speed widget: limit only", "speed widget: none", "speed widget: both",
            "rotated to iphone-landscape", "rotated back to iphone-portrait",
            "guidance stopped", "navigation disabled",
        ])
        // A map view of any other size has no twin: no resize steps.
        XCTAssertEqual(SessionScript.standard(preset: nil, size: Size(width: 500, height: 700), safeArea: .zero).steps.count, 17)
    }

    /// The sample delegate's prompt slides for 0.4 s (docs/behaviour.md#the-sample-delegate): a settling step takes 24 ticks of
    /// 1/60 s, and the prompt rests at (0, 732, 393, 120) afterwards.
    func testSettleRunsTheClockUntilTheAnimationEnds() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        var durations: [String: Double] = [:]
        var promptFrame: Rect?
        try SessionDriver.run(.standard(for: map, preset: "iphone-portrait"), on: map) { _, step, outcome in
            XCTAssertEqual(outcome.failures, [], step.name)
            durations[step.name] = outcome.duration
            if step.name == "incident prompt" { promptFrame = map.currentPrompt?.frame }
        }
        XCTAssertEqual(durations["incident prompt"]!, 0.4, accuracy: 1e-12)
        XCTAssertEqual(durations["incident prompt dismissed"]!, 0.4, accuracy: 1e-12)
        XCTAssertEqual(durations["active guidance"], 0)
        XCTAssertEqual(promptFrame, Rect(x: 0, y: 732, width: 393, height: 120))
    }
}
