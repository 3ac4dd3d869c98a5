import XCTest
@testable import LayoutEngine

/// Issue 17, item 2: a host that activates and then deactivates (or destroys) constraints over and
/// over without a layout pass must not make the queues of the next pass — and the views their
/// entries keep alive — grow without bound. Before the fix every such cycle left one stale entry
/// in `pendingAdds` (10,000 cycles: 10,000 entries, each holding its constraint and views until
/// the next pass; through the C API the resident set grew 6 → 21 MB over 16,000 cycles).
final class PendingQueueTests: XCTestCase {
    private func makeRoot() throws -> LayoutRootView {
        try LayoutRootView(size: Size(width: 400, height: 800), safeArea: .zero)
    }

    /// Activate + deactivate 10,000 times before a pass: the additions queue stays short (the
    /// bound: compaction when at least 64 entries are stale and they are more than half of the
    /// queue, so never more than 2 × 64 entries here, where nothing stays pending). Fails before
    /// the fix with 10,000 entries.
    func testDeactivatedAdditionsDoNotAccumulate() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        for i in 0..<10_000 {
            let c = v.widthAnchor.constraint(equalToConstant: Double(i))
            try c.activate()
            c.deactivate()
        }
        XCTAssertLessThanOrEqual(root.system_.queueLengths.adds, 128)
        // The pass still sees exactly what is active: one width constraint, 30 pt.
        try LayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: 30),
                                       v.heightAnchor.constraint(equalToConstant: 40),
                                       v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor)])
        XCTAssertEqual(v.frame, Rect(x: 0, y: 0, width: 30, height: 40))
        XCTAssertEqual(root.system_.queueLengths.adds, 0)
    }

    /// Deactivate + re-activate an in-solver constraint 10,000 times before a pass: the removals
    /// queue stays short too, and the constraint is still in force afterwards (width 25). Fails
    /// before the fix with 10,000 entries.
    func testReactivatedRemovalsDoNotAccumulate() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        let width = v.widthAnchor.constraint(equalToConstant: 25)
        try LayoutConstraint.activate([width, v.heightAnchor.constraint(equalToConstant: 40),
                                       v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        for _ in 0..<10_000 {
            width.deactivate()
            try width.activate()
        }
        XCTAssertLessThanOrEqual(root.system_.queueLengths.removes, 128)
        XCTAssertEqual(v.frame, Rect(x: 0, y: 0, width: 25, height: 40))
        let count = root.system_.solver.constraintCount
        width.deactivate()
        root.layoutIfNeeded()
        XCTAssertEqual(root.system_.solver.constraintCount, count - 1, "the removal still reaches the solver")
    }

    /// The views a dropped entry referred to are freed before any pass: the loop of the issue
    /// (a view added, a constraint on it activated, the constraint deactivated, the view removed)
    /// 1,000 times, then the first view must be gone. Fails before the fix (the queue held it).
    func testRemovedViewsAreFreedBeforeThePass() throws {
        let root = try makeRoot()
        weak var first: LayoutView?
        for i in 0..<1_000 {
            let v = LayoutView(identifier: "v\(i)")
            if i == 0 { first = v }
            try root.addSubview(v)
            let c = v.widthAnchor.constraint(equalToConstant: 10)
            try c.activate()
            c.deactivate()
            v.removeFromSuperview()
        }
        XCTAssertNil(first, "the first view is still referenced by the queue of the next pass")
    }
}
