import XCTest
@testable import LayoutEngine

/// Layers on screen (issue 16, item 1): UIKit's subview-order calls. Expected orders follow
/// UIKit's documented meaning of each call; frames are hand-computed from the constraints.
final class SubviewOrderTests: XCTestCase {
    /// A 400 × 800 root with subviews a, b, c (in that order), each pinned by four constraints.
    private func makeHierarchy() throws -> (LayoutRootView, LayoutView, LayoutView, LayoutView, [LayoutConstraint]) {
        let root = try LayoutRootView(size: Size(width: 400, height: 800))
        var views: [LayoutView] = []
        var constraints: [LayoutConstraint] = []
        for (i, name) in ["a", "b", "c"].enumerated() {
            let v = LayoutView(identifier: name)
            try root.addSubview(v)
            // a at (0, 0), b at (10, 10), c at (20, 20); all 100 × 50.
            let offset = Double(i * 10)
            constraints += [v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: offset),
                            v.topAnchor.constraint(equalTo: root.topAnchor, constant: offset),
                            v.widthAnchor.constraint(equalToConstant: 100), v.heightAnchor.constraint(equalToConstant: 50)]
            views.append(v)
        }
        try LayoutConstraint.activate(constraints)
        return (root, views[0], views[1], views[2], constraints)
    }

    private func order(_ v: LayoutView) -> [String] { v.subviews.map(\.identifier) }

    func testEachCallPlacesTheViewAsUIKitDoes() throws {
        let (root, a, b, c, constraints) = try makeHierarchy()
        defer { LayoutConstraint.deactivate(constraints) }
        try root.bringSubviewToFront(a)
        XCTAssertEqual(order(root), ["b", "c", "a"])
        try root.sendSubviewToBack(c)
        XCTAssertEqual(order(root), ["c", "b", "a"])
        try root.insertSubview(c, aboveSubview: b)
        XCTAssertEqual(order(root), ["b", "c", "a"])
        try root.insertSubview(a, belowSubview: b)
        XCTAssertEqual(order(root), ["a", "b", "c"])
        try root.insertSubview(c, at: 0)
        XCTAssertEqual(order(root), ["c", "a", "b"])
        try root.insertSubview(c, at: 3)   // = subviews.count: the top
        XCTAssertEqual(order(root), ["a", "b", "c"])
        try root.insertSubview(a, at: 1)
        XCTAssertEqual(order(root), ["b", "a", "c"])
        try root.exchangeSubview(at: 0, withSubviewAt: 2)
        XCTAssertEqual(order(root), ["c", "a", "b"])
        try root.exchangeSubview(at: 1, withSubviewAt: 1)
        XCTAssertEqual(order(root), ["c", "a", "b"], "equal indices change nothing")
        try root.insertSubview(a, aboveSubview: a)
        try root.insertSubview(a, belowSubview: a)
        XCTAssertEqual(order(root), ["c", "a", "b"], "above or below itself changes nothing")
        try root.addSubview(c)
        XCTAssertEqual(order(root), ["a", "b", "c"], "addSubview of a current subview brings it to the top")
    }

    func testMovingWithinTheSuperviewKeepsConstraintsAndFrames() throws {
        let (root, a, b, c, constraints) = try makeHierarchy()
        defer { LayoutConstraint.deactivate(constraints) }
        try root.sendSubviewToBack(c)
        try root.bringSubviewToFront(a)
        try root.insertSubview(b, at: 0)
        try root.exchangeSubview(at: 0, withSubviewAt: 2)
        try root.insertSubview(c, belowSubview: b)
        XCTAssertTrue(constraints.allSatisfy(\.isActive), "UIKit keeps the constraints of a view moved within its superview")
        // The constants above: a (0, 0), b (10, 10), c (20, 20), each 100 × 50.
        XCTAssertEqual(a.frame, Rect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(b.frame, Rect(x: 10, y: 10, width: 100, height: 50))
        XCTAssertEqual(c.frame, Rect(x: 20, y: 20, width: 100, height: 50))
    }

    func testInsertingFromAnotherSuperviewDeactivatesWhatTiedItThere() throws {
        let (root, a, b, _, constraints) = try makeHierarchy()
        defer { LayoutConstraint.deactivate(constraints) }
        let inner = LayoutView(identifier: "inner")
        try a.addSubview(inner)
        let tie = inner.topAnchor.constraint(equalTo: a.topAnchor)
        let own = inner.heightAnchor.constraint(equalToConstant: 5)
        try LayoutConstraint.activate([tie, own])
        try root.insertSubview(inner, belowSubview: b)
        XCTAssertEqual(order(root), ["a", "inner", "b", "c"])
        XCTAssertTrue(inner.superview === root)
        XCTAssertFalse(tie.isActive, "installed on the old superview a: deactivated, as removeFromSuperview does")
        XCTAssertTrue(own.isActive, "installed on the view itself: stays")
        XCTAssertEqual(a.subviews.count, 0)
        // A fresh view joins at the given index.
        let fresh = LayoutView(identifier: "fresh")
        try root.insertSubview(fresh, at: 0)
        XCTAssertEqual(order(root), ["fresh", "a", "inner", "b", "c"])
    }

    func testBadArgumentsThrowAndChangeNothing() throws {
        let (root, a, b, c, constraints) = try makeHierarchy()
        defer { LayoutConstraint.deactivate(constraints) }
        let stranger = LayoutView(identifier: "stranger")
        func refused(_ call: () throws -> Void, mentions needle: String, line: UInt = #line) {
            XCTAssertThrowsError(try call(), line: line) { error in
                XCTAssertEqual((error as? NavLayoutError)?.code, 1, "invalidArgument", line: line)
                XCTAssertTrue("\(error)".contains(needle), "\(error) should name \(needle)", line: line)
            }
            XCTAssertEqual(order(root), ["a", "b", "c"], "nothing changed", line: line)
            XCTAssertNil(stranger.superview, line: line)
        }
        refused({ try root.insertSubview(stranger, at: 4) }, mentions: "index 4")
        refused({ try root.insertSubview(stranger, at: -1) }, mentions: "index -1")
        refused({ try root.insertSubview(stranger, aboveSubview: LayoutView(identifier: "loner")) }, mentions: "loner")
        refused({ try root.insertSubview(stranger, belowSubview: LayoutView(identifier: "loner")) }, mentions: "loner")
        refused({ try root.bringSubviewToFront(stranger) }, mentions: "stranger")
        refused({ try root.sendSubviewToBack(stranger) }, mentions: "stranger")
        refused({ try root.exchangeSubview(at: 0, withSubviewAt: 3) }, mentions: "index 3")
        refused({ try root.insertSubview(root, at: 0) }, mentions: "contain itself")
        try a.addSubview(stranger)
        XCTAssertThrowsError(try stranger.insertSubview(a, at: 0), "an ancestor would contain itself")
        XCTAssertThrowsError(try root.bringSubviewToFront(stranger), "a grandchild is not a subview")
        XCTAssertEqual(order(root), ["a", "b", "c"])
        XCTAssertTrue(stranger.superview === a)
        _ = (b, c)
    }

    func testReorderingIsSeenByTheNextReadOfTheHierarchy() throws {
        let (root, a, _, c, constraints) = try makeHierarchy()
        defer { LayoutConstraint.deactivate(constraints) }
        root.layoutIfNeeded()
        let before = root.system_.revision
        try root.exchangeSubview(at: 0, withSubviewAt: 2)
        XCTAssertNotEqual(root.system_.revision, before, "diagnostics and snapshots are recomputed after a reorder")
        XCTAssertTrue(root.subviews.first === c && root.subviews.last === a)
    }
}
