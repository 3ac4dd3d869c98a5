// C exports of the snapshot kit's comparison (issue 15 item 2): nl_snapshot_compare and
// nl_snapshot_diff_page, what Python's navlayout.testing and any C host's snapshot tests use.
// Documentation: include/navlayout.h ("Workbench, part 2: snapshot tests").

import CNavLayout
import LayoutEngine
import NavLayoutWorkbench

private func text(_ p: UnsafePointer<CChar>?, _ name: String, _ function: String) throws -> String {
    guard let p else { throw NavLayoutError.invalidArgument("\(function): \(name) is NULL") }
    return String(cString: p)
}

@c @implementation
public func nl_snapshot_compare(_ golden: UnsafePointer<CChar>?, _ current: UnsafePointer<CChar>?, _ tolerance: Double,
                                _ outMatches: UnsafeMutablePointer<Bool>?,
                                _ outTable: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nl_status {
    outTable?.pointee = nil
    return guarded {
        let matches = try requireOut(outMatches, "nl_snapshot_compare: out_matches")
        let comparison = try SnapshotComparison.compare(golden: try text(golden, "golden_json", "nl_snapshot_compare"),
                                                        current: try text(current, "current_json", "nl_snapshot_compare"),
                                                        tolerance: tolerance)
        if let outTable {
            guard let copy = copyCString(comparison.table) else { throw NavLayoutError.internal("out of memory copying the table") }
            outTable.pointee = copy
        }
        matches.pointee = comparison.matches
    }
}

@c @implementation
public func nl_snapshot_diff_page(_ goldenJSON: UnsafePointer<CChar>?, _ goldenSVG: UnsafePointer<CChar>?,
                                  _ currentJSON: UnsafePointer<CChar>?, _ currentSVG: UnsafePointer<CChar>?,
                                  _ tolerance: Double, _ title: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guardedValue {
        let f = "nl_snapshot_diff_page"
        let comparison = try SnapshotComparison.compare(golden: try text(goldenJSON, "golden_json", f),
                                                        current: try text(currentJSON, "current_json", f), tolerance: tolerance)
        return copyCString(SnapshotDiffPage.html(comparison, goldenSVG: try text(goldenSVG, "golden_svg", f),
                                                 currentSVG: try text(currentSVG, "current_svg", f),
                                                 title: title.map { String(cString: $0) } ?? ""))
    }
}
