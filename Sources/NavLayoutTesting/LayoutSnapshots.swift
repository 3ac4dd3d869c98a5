// NavLayoutTesting (issue 15 item 2): snapshot tests of a navigation layout for app teams, in
// XCTest. The first run records a golden snapshot — the map view's JSON (schema
// navlayout.snapshot/1, docs/snapshot-schema.md) and its SVG picture — next to the test; later
// runs compare frames (to 0.001 pt), diagnostics and the camera with it (NavLayoutWorkbench's
// SnapshotComparison, the code C and Python use too) and on a difference fail with a table of the
// views that moved and write a side-by-side HTML diff next to the golden. Setting
// NAVLAYOUT_RECORD_SNAPSHOTS=1 records again. This target may use Foundation and XCTest; the
// library targets do not.
import Foundation
import XCTest
import LayoutEngine
import NavigationUI
import NavLayoutWorkbench

/// What `LayoutSnapshots.verify` did.
public enum LayoutSnapshotOutcome: Equatable, Sendable {
    /// No golden existed, or recording was asked for: the golden JSON and SVG were written.
    case recorded
    /// The layout matches the golden snapshot.
    case matched
}

/// A layout that does not match its golden snapshot. `description` is the message a test shows:
/// the table of differences, the diff page's path and how to re-record.
public struct LayoutSnapshotMismatch: Error, CustomStringConvertible {
    public let comparison: SnapshotComparison
    /// The golden JSON's path and the side-by-side diff page written next to it.
    public let goldenPath: String
    public let diffPath: String
    public let description: String
}

/// Snapshot files and their checks.
public enum LayoutSnapshots {
    /// The environment variable that records every snapshot again when set to `1`.
    public static let recordEnvironmentVariable = "NAVLAYOUT_RECORD_SNAPSHOTS"
    /// The folder, next to the test file, where snapshots go by default.
    public static let defaultFolderName = "__snapshots__"

    /// `<folder of file>/__snapshots__`.
    public static func defaultDirectory(for file: String) -> String {
        (URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(defaultFolderName)).path
    }

    /// Whether `NAVLAYOUT_RECORD_SNAPSHOTS` asks to record.
    public static var recordingRequested: Bool { ProcessInfo.processInfo.environment[recordEnvironmentVariable] == "1" }

    /// Checks `map` against the golden snapshot `directory/name.json`, or records it (the JSON and
    /// `name.svg`) when there is none or `record` is true (default: `recordingRequested`). On a
    /// match or a recording, a stale `name.diff.html` is removed.
    /// - Parameters:
    ///   - name: the snapshot's file name without extension: not empty, no `/`, no NUL, not `.`
    ///     or `..`.
    ///   - tolerance: points two frames may differ by (default 0.001, the snapshots' precision).
    /// - Throws: `LayoutSnapshotMismatch` (after writing `name.diff.html`) when the layout differs;
    ///   `NavLayoutError.invalidArgument` naming `name` or `directory` (a directory that cannot be
    ///   created or written, a golden that is not a snapshot).
    @discardableResult
    public static func verify(_ map: NavigationMapView, named name: String, directory: String,
                              tolerance: Double = 0.001, record: Bool? = nil) throws -> LayoutSnapshotOutcome {
        guard !name.isEmpty, !name.contains("/"), !name.contains("\u{0}"), name != ".", name != ".." else {
            throw NavLayoutError.invalidArgument("name must be a file name without \"/\" (the snapshot is directory/name.json), not \"\(name)\"")
        }
        let base = URL(fileURLWithPath: directory).appendingPathComponent(name).path
        let goldenPath = base + ".json", svgPath = base + ".svg", diffPath = base + ".diff.html"
        let current = map.snapshotJSON()
        let fm = FileManager.default
        func write(_ text: String, _ path: String) throws {
            do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw NavLayoutError.invalidArgument("directory: cannot write \(path): \((error as NSError).localizedDescription)")
            }
        }
        if (record ?? recordingRequested) || !fm.fileExists(atPath: goldenPath) {
            do { try fm.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
                throw NavLayoutError.invalidArgument("directory: cannot create \(directory): \((error as NSError).localizedDescription)")
            }
            try write(current, goldenPath)
            try write(map.snapshotSVG(title: name), svgPath)
            try? fm.removeItem(atPath: diffPath)
            return .recorded
        }
        let golden: String
        do { golden = try String(contentsOfFile: goldenPath, encoding: .utf8) } catch {
            throw NavLayoutError.invalidArgument("directory: cannot read \(goldenPath): \((error as NSError).localizedDescription)")
        }
        let comparison: SnapshotComparison
        do { comparison = try SnapshotComparison.compare(golden: golden, current: current, tolerance: tolerance) } catch let e as NavLayoutError {
            throw NavLayoutError.invalidArgument("\(goldenPath): \(e.message); record it again with \(recordEnvironmentVariable)=1")
        }
        if comparison.matches {
            try? fm.removeItem(atPath: diffPath)
            return .matched
        }
        let goldenSVG = (try? String(contentsOfFile: svgPath, encoding: .utf8)) ?? ""
        try write(SnapshotDiffPage.html(comparison, goldenSVG: goldenSVG, currentSVG: map.snapshotSVG(title: name), title: "\(name) (\(goldenPath))"), diffPath)
        let message = "layout snapshot \"\(name)\" does not match its golden snapshot \(goldenPath):\n" + comparison.table
            + "side-by-side diff: \(diffPath)\nto accept the new layout, run again with \(recordEnvironmentVariable)=1"
        throw LayoutSnapshotMismatch(comparison: comparison, goldenPath: goldenPath, diffPath: diffPath, description: message)
    }
}

/// Asserts that `map` matches its golden snapshot `name` (XCTest): records it on the first run
/// (the test passes), and on a difference fails with the table of the views that moved, the
/// diagnostics and camera changes, and the path of the side-by-side diff page written next to the
/// golden. `directory` defaults to `__snapshots__` next to the test file. Set
/// `NAVLAYOUT_RECORD_SNAPSHOTS=1` to record every snapshot again. Bad arguments (see
/// `LayoutSnapshots.verify`) fail the test with their message.
public func assertLayoutSnapshot(_ map: NavigationMapView, named name: String, directory: String? = nil,
                                 tolerance: Double = 0.001, file: StaticString = #filePath, line: UInt = #line) {
    do {
        try LayoutSnapshots.verify(map, named: name, directory: directory ?? LayoutSnapshots.defaultDirectory(for: "\(file)"),
                                   tolerance: tolerance)
    } catch let mismatch as LayoutSnapshotMismatch {
        XCTFail(mismatch.description, file: file, line: line)
    } catch let error as NavLayoutError {
        XCTFail("assertLayoutSnapshot: \(error.message)", file: file, line: line)
    } catch {
        XCTFail("assertLayoutSnapshot: \(error)", file: file, line: line)
    }
}
