import Foundation
import XCTest
import LayoutEngine
import NavigationUI
import NavLayoutExamples
import NavLayoutTesting
import NavLayoutWorkbench

/// The sample delegate with one constant changed by 1 pt: the logo's leading edge 1 pt in from
/// the safe area's in active guidance (the sample pins it at 0).
final class NudgedSample: SampleLayoutDelegate {
    override func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
        try super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
        let logo = newState.googleLogo
        navMap.activeConstraints.first { $0.firstAnchor.item === logo && $0.firstAnchor.attribute == .leading }?.constant += 1
    }
}

/// The snapshot kit for Swift tests (issue 15 item 2).
final class LayoutSnapshotTests: XCTestCase {
    var directory = ""

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("navlayout-snapshots-\(UUID().uuidString)").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// iphone-portrait in active guidance with `delegate` (the moment of docs/behaviour.md#expected-frames).
    func guidance(_ delegate: NavigationLayoutDelegate) throws -> NavigationMapView {
        let map = try NavigationMapView(preset: "iphone-portrait")
        try map.setLayoutDelegate(delegate)
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        return map
    }

    /// Done when: a snapshot test fails with a readable diff when one constant of the sample
    /// delegate changes by 1 pt, and passes again after re-recording.
    func testOneConstantChangedBy1PtFailsWithAReadableDiffAndPassesAfterRecording() throws {
        let sample = try guidance(SampleLayoutDelegate())
        defer { sample.invalidate() }
        XCTAssertEqual(try LayoutSnapshots.verify(sample, named: "sample-guidance", directory: directory, record: false), .recorded)
        let golden = directory + "/sample-guidance.json"
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden))
        XCTAssertTrue(try String(contentsOfFile: directory + "/sample-guidance.svg", encoding: .utf8).hasPrefix("<svg "))
        XCTAssertEqual(try LayoutSnapshots.verify(sample, named: "sample-guidance", directory: directory, record: false), .matched)
        assertLayoutSnapshot(sample, named: "sample-guidance", directory: directory)  // passes

        let nudged = try guidance(NudgedSample())
        defer { nudged.invalidate() }
        let diff = directory + "/sample-guidance.diff.html"
        do {
            try LayoutSnapshots.verify(nudged, named: "sample-guidance", directory: directory, record: false)
            XCTFail("the nudged logo matched the golden snapshot")
        } catch let mismatch as LayoutSnapshotMismatch {
            // docs/behaviour.md#expected-frames: the logo at (0, 714, 72, 32) in active guidance; 1 pt to the right now.
            // Nothing else moves (nothing is constrained to the logo), no diagnostic changes.
            XCTAssertEqual(mismatch.description, """
                layout snapshot "sample-guidance" does not match its golden snapshot \(golden):
                views that moved (x, y, width, height in points):
                  view         before             after
                  googleLogo   (0, 714, 72, 32)   (1, 714, 72, 32)
                side-by-side diff: \(diff)
                to accept the new layout, run again with NAVLAYOUT_RECORD_SNAPSHOTS=1
                """)
            XCTAssertEqual(mismatch.comparison.views.map(\.name), ["googleLogo"])
        }
        let page = try String(contentsOfFile: diff, encoding: .utf8)
        XCTAssertTrue(page.contains("<td>googleLogo</td><td>(0, 714, 72, 32)</td><td>(1, 714, 72, 32)</td>"))
        XCTAssertEqual(page.components(separatedBy: "<img alt=").count - 1, 2)  // golden and current side by side

        // Re-recorded (as NAVLAYOUT_RECORD_SNAPSHOTS=1 does), the nudged layout passes and the diff goes.
        XCTAssertEqual(try LayoutSnapshots.verify(nudged, named: "sample-guidance", directory: directory, record: true), .recorded)
        XCTAssertFalse(FileManager.default.fileExists(atPath: diff))
        XCTAssertEqual(try LayoutSnapshots.verify(nudged, named: "sample-guidance", directory: directory, record: false), .matched)
        assertLayoutSnapshot(nudged, named: "sample-guidance", directory: directory)
    }

    func testBadArgumentsNameTheArgument() throws {
        let map = try guidance(SampleLayoutDelegate())
        defer { map.invalidate() }
        func message(_ name: String, _ directory: String) -> String {
            do { try LayoutSnapshots.verify(map, named: name, directory: directory, record: false); return "no error" }
            catch let e as NavLayoutError { return e.message } catch { return "\(error)" }
        }
        XCTAssertEqual(message("", directory), "name must be a file name without \"/\" (the snapshot is directory/name.json), not \"\"")
        XCTAssertEqual(message("a/b", directory), "name must be a file name without \"/\" (the snapshot is directory/name.json), not \"a/b\"")
        // A file where the directory should be.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/file", contents: Data("x".utf8)))
        XCTAssertTrue(message("s", directory + "/file/sub").hasPrefix("directory: cannot create \(directory)/file/sub"))
        // A golden that is not a snapshot.
        try "not json".write(toFile: directory + "/broken.json", atomically: true, encoding: .utf8)
        XCTAssertTrue(message("broken", directory).hasPrefix("\(directory)/broken.json: golden: not a layout snapshot"))
    }

    func testDefaultDirectoryIsNextToTheTestFile() {
        XCTAssertEqual(LayoutSnapshots.defaultDirectory(for: "/a/b/MyTests.swift"), "/a/b/__snapshots__")
    }
}
