import Foundation
import XCTest
import LayoutEngine
import NavigationUI
import NavLayoutExamples
@testable import NavLayoutWorkbench

/// The session recorder and the viewer page (issue 14), read back as JSON.
final class RecorderTests: XCTestCase {
    private func record(_ delegate: NavigationLayoutDelegate?, preset: String,
                        direction: LayoutDirection = .leftToRight) throws -> [String: Any] {
        let map = try NavigationMapView(preset: preset, options: .init(layoutDirection: direction))
        defer { map.invalidate() }
        try map.setLayoutDelegate(delegate)
        let recording = try SessionRecorder(map: map, title: "test", preset: preset).record(.standard(for: map, preset: preset))
        XCTAssertEqual(recording.failures, [])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(recording.json.utf8)) as? [String: Any])
    }

    private func steps(_ r: [String: Any]) -> [[String: Any]] { r["steps"] as? [[String: Any]] ?? [] }
    private func states(_ step: [String: Any]) -> [[String: Any]] { step["states"] as? [[String: Any]] ?? [] }
    private func key(_ r: [String: Any], _ identifier: String) -> Int? {
        (r["items"] as? [[String: Any]])?.first { $0["identifier"] as? String == identifier }?["key"] as? Int
    }

    /// The sample delegate (docs/behaviour.md#the-sample-delegate) in the recording: the incident prompt's samples every 1/60 s, at 0.2 s
    /// (0, 792, 393, 120) and at rest (0, 732, 393, 120); guidance's viewport (0, 163, 393, 583)
    /// with camera padding (163, 0, 106, 0) and vehicle point (196.5, 454.5).
    func testSampleDelegateRecordingHoldsSpec10() throws {
        let r = try record(SampleLayoutDelegate(), preset: "iphone-portrait")
        XCTAssertEqual(r["schema"] as? String, "navlayout.recording/1")
        XCTAssertEqual(r["layoutDirection"] as? String, "leftToRight")
        let all = steps(r)
        XCTAssertEqual(all.count, 19)
        let prompt = try XCTUnwrap(all.first { $0["name"] as? String == "incident prompt" })
        let samples = try XCTUnwrap(prompt["samples"] as? [[String: Any]])
        XCTAssertEqual(samples.count, 25)  // t = 0, then 24 ticks of 1/60 s (0.4 s)
        XCTAssertEqual(samples[12]["t"] as? Double, 0.2)
        let promptKey = try XCTUnwrap(key(r, "incidentPrompt"))
        func frame(_ sample: [String: Any]) -> [Double]? {
            (sample["frames"] as? [[Double]])?.first { Int($0[0]) == promptKey }.map { Array($0[1...4]) }
        }
        XCTAssertEqual(frame(samples[0]), [0, 852, 393, 120])
        XCTAssertEqual(frame(samples[12]), [0, 792, 393, 120])
        XCTAssertEqual(frame(samples[24]), [0, 732, 393, 120])
        XCTAssertEqual(states(prompt).count, 2)  // at the event and at rest

        let guidance = try XCTUnwrap(states(all[1]).last)
        let camera = try XCTUnwrap(guidance["camera"] as? [String: Any])
        XCTAssertEqual(camera["viewport"] as? [Double], [0, 163, 393, 583])
        XCTAssertEqual(camera["padding"] as? [Double], [163, 0, 106, 0])
        XCTAssertEqual(camera["vehiclePoint"] as? [Double], [196.5, 454.5])
        XCTAssertEqual((guidance["diagnostics"] as? [Any])?.count, 0)
        // The viewport's entry lists the constraints naming it, which are in the table.
        let viewportKey = try XCTUnwrap(key(r, "viewport"))
        let views = try XCTUnwrap(guidance["views"] as? [[String: Any]])
        let viewport = try XCTUnwrap(views.first { $0["key"] as? Int == viewportKey })
        let table = try XCTUnwrap(r["constraints"] as? [[String: Any]])
        let texts = (viewport["constraints"] as? [Int] ?? []).map { table[$0]["text"] as? String ?? "" }
        XCTAssertTrue(texts.contains("viewport.top == turnCard.bottom"), "\(texts)")
        // The dismissed prompt leaves the hierarchy when its slide ends (docs/behaviour.md#the-sample-delegate).
        let dismissed = try XCTUnwrap(all.first { $0["name"] as? String == "incident prompt dismissed" })
        let atRest = try XCTUnwrap(states(dismissed).last?["views"] as? [[String: Any]])
        XCTAssertFalse(atRest.contains { $0["key"] as? Int == promptKey })
    }

    /// The wide example in right-to-left on the iPad: wide mode in every navigation step, the
    /// speed widget's mode and the logo's re-center state follow the session.
    func testWideRightToLeftRecording() throws {
        let r = try record(WideLayoutDelegate(), preset: "ipad-portrait", direction: .rightToLeft)
        XCTAssertEqual(r["layoutDirection"] as? String, "rightToLeft")
        let byName = Dictionary(uniqueKeysWithValues: steps(r).map { ($0["name"] as! String, states($0).last!) })
        XCTAssertEqual(byName["active guidance"]?["wideMode"] as? Bool, true)
        XCTAssertEqual(byName["resized to ipad-split"]?["wideMode"] as? Bool, false)  // 320 pt < 600 (docs/behaviour.md#wide-mode)
        XCTAssertEqual(byName["map panned: re-center button"]?["recenterButton"] as? Bool, true)
        XCTAssertEqual(byName["re-centered"]?["recenterButton"] as? Bool, false)
        XCTAssertEqual(byName["speed widget: limit only"]?["speedWidgetMode"] as? String, "speedLimit")
        XCTAssertEqual(byName["speed widget: none"]?["speedWidgetMode"] as? String, "none")
        XCTAssertEqual(byName["navigation disabled"]?["navigationState"] as? String, "noNavigation")
    }

    /// Each state names the device preset (docs/behaviour.md#device-presets) the map view has then (issue 14: the page's header
    /// follows a rotation): iphone-portrait's standard session rotates to iphone-landscape
    /// (852 × 393, safe area 0, 59, 21, 59) and back; a map of no preset's size names none.
    func testStatesNameTheirPreset() throws {
        let r = try record(SampleLayoutDelegate(), preset: "iphone-portrait")
        let byName = Dictionary(uniqueKeysWithValues: steps(r).map { ($0["name"] as! String, states($0)) })
        let rotated = try XCTUnwrap(byName["rotated to iphone-landscape"])
        for state in rotated {
            XCTAssertEqual(state["mapSize"] as? [Double], [852, 393])
            XCTAssertEqual(state["safeArea"] as? [Double], [0, 59, 21, 59])
            XCTAssertEqual(state["preset"] as? String, "iphone-landscape")
        }
        XCTAssertEqual(byName["rotated back to iphone-portrait"]?.last?["preset"] as? String, "iphone-portrait")
        XCTAssertEqual(byName["navigation ready"]?.first?["preset"] as? String, "iphone-portrait")

        let map = try NavigationMapView(size: Size(width: 500, height: 700), safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        let custom = try SessionRecorder(map: map, title: "custom", preset: nil).record(.standard(for: map, preset: nil))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(custom.json.utf8)) as? [String: Any])
        let first = try XCTUnwrap(steps(json).first.flatMap { states($0).first })
        XCTAssertTrue(first["preset"] is NSNull, "\(String(describing: first["preset"]))")
    }

    /// A delegate that throws: the failure is in its step, the session goes on.
    func testFailingDelegateIsRecordedAndTheSessionGoesOn() throws {
        /// The sample, except that showing a prompt throws.
        final class Broken: NavigationLayoutDelegate {
            let sample = SampleLayoutDelegate()
            func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws {
                try sample.enableNavigationUI(navMap: navMap, newState: newState)
            }
            func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws {
                try sample.disableNavigationUI(navMap: navMap, oldState: oldState)
            }
            func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
                try sample.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
            }
            func stopGuidance(navMap: NavigationMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) throws {
                try sample.stopGuidance(navMap: navMap, newState: newState, oldState: oldState)
            }
            func showPrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView) throws {
                throw NavLayoutError.invalidArgument("no room for \(newPrompt.kind)")
            }
        }
        let map = try NavigationMapView(preset: "iphone-se")
        defer { map.invalidate() }
        try map.setLayoutDelegate(Broken())
        let recording = try SessionRecorder(map: map, title: "broken", preset: "iphone-se").record(.standard(for: map, preset: "iphone-se"))
        XCTAssertEqual(recording.steps.count, 17)
        XCTAssertEqual(recording.failures.count, 4)  // one per prompt kind
        XCTAssertTrue(recording.failures[0].hasPrefix("incident prompt: triggerPrompt(.incident): "), recording.failures[0])
        XCTAssertTrue(recording.failures[0].contains("no room for incident"), recording.failures[0])
        XCTAssertFalse(map.isNavigationEnabled)
    }

    /// Bad state: refused before anything changes.
    func testRecordingRefusesAMapWithNavigationEnabled() throws {
        let map = try NavigationMapView(preset: "iphone-se")
        defer { map.invalidate() }
        try map.setNavigationEnabled(true)
        XCTAssertThrowsError(try SessionRecorder(map: map, title: "", preset: nil).record(.standard(for: map, preset: nil))) { error in
            guard case NavLayoutError.navigationEnabled = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(map.currentTime, 0)
        XCTAssertTrue(map.isNavigationEnabled)
    }
}
