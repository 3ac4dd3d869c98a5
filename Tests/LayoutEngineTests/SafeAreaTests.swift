import XCTest
@testable import LayoutEngine

// A view's safe area and its layout margins measured from it (UIKit's rule, issue 16;
// docs/behaviour.md#views-and-layout-guides). Every expected value is derived by hand in a
// comment from the map used here: 400 × 800 with safe-area insets S = (top 50, left 10,
// bottom 30, right 20), so the safe area spans x 10…380 and y 50…770.

private func makeRoot() throws -> LayoutRootView {
    try LayoutRootView(size: Size(width: 400, height: 800), safeArea: EdgeInsets(top: 50, left: 10, bottom: 30, right: 20))
}

/// A view in `root` pinned to `frame` by required constraints; returns it and its top constraint.
@discardableResult
private func pinned(_ root: LayoutRootView, _ name: String, _ f: Rect) throws -> (LayoutView, LayoutConstraint) {
    let v = LayoutView(identifier: name)
    try root.addSubview(v)
    let top = v.topAnchor.constraint(equalTo: root.topAnchor, constant: f.y)
    try LayoutConstraint.activate([
        v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: f.x), top,
        v.widthAnchor.constraint(equalToConstant: f.width), v.heightAnchor.constraint(equalToConstant: f.height),
    ])
    return (v, top)
}

final class SafeAreaTests: XCTestCase {
    func testTheMapsInsetsAreTheHostsAndItsMarginsAreMeasuredFromThem() throws {
        let root = try makeRoot()
        XCTAssertEqual(root.safeAreaInsets, EdgeInsets(top: 50, left: 10, bottom: 30, right: 20))
        // Safe area: (10, 50, 400 − 10 − 20, 800 − 50 − 30) = (10, 50, 370, 720).
        XCTAssertEqual(root.safeAreaLayoutGuide.frame, Rect(x: 10, y: 50, width: 370, height: 720))
        // Margins 8 inside it: (18, 58, 370 − 16, 720 − 16) = (18, 58, 354, 704).
        XCTAssertEqual(root.layoutMarginsGuide.frame, Rect(x: 18, y: 58, width: 354, height: 704))
        root.insetsLayoutMarginsFromSafeArea = false
        // From the frame alone: (8, 8, 400 − 16, 800 − 16).
        XCTAssertEqual(root.layoutMarginsGuide.frame, Rect(x: 8, y: 8, width: 384, height: 784))
    }

    func testEachEdgeIsTheDepthTheViewReachesIntoTheUnsafeBand() throws {
        let root = try makeRoot()
        // Inside the safe area: nothing covers it.
        let (inner, _) = try pinned(root, "inner", Rect(x: 100, y: 100, width: 50, height: 50))
        // Across the top of the map: top 50 − 0 = 50, left 10 − 0 = 10, right 400 − 380 = 20,
        // bottom 0 (its bottom, 120, is above 770).
        let (header, _) = try pinned(root, "header", Rect(x: 0, y: 0, width: 400, height: 120))
        // Along the bottom: bottom 800 − 770 = 30; left 10, right 20.
        let (footer, _) = try pinned(root, "footer", Rect(x: 0, y: 700, width: 400, height: 100))
        // Starting 20 pt down the top band: top 50 − 20 = 30.
        let (lower, _) = try pinned(root, "lower", Rect(x: 100, y: 20, width: 50, height: 100))
        // Beyond the map's top edge (y −40): capped at the band, top 50 (UIKit's cap).
        let (above, _) = try pinned(root, "above", Rect(x: 100, y: -40, width: 50, height: 100))
        // Wholly inside the top band (y 10…30): 50 − 10 = 40, but at most its height 20.
        let (small, _) = try pinned(root, "small", Rect(x: 100, y: 10, width: 50, height: 20))
        XCTAssertEqual(inner.safeAreaInsets, .zero)
        XCTAssertEqual(header.safeAreaInsets, EdgeInsets(top: 50, left: 10, bottom: 0, right: 20))
        XCTAssertEqual(footer.safeAreaInsets, EdgeInsets(top: 0, left: 10, bottom: 30, right: 20))
        XCTAssertEqual(lower.safeAreaInsets, EdgeInsets(top: 30, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(above.safeAreaInsets, EdgeInsets(top: 50, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(small.safeAreaInsets, EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))

        // The guides are the frames inset by them: header (0 + 10, 0 + 50, 400 − 30, 120 − 50).
        XCTAssertEqual(header.safeAreaLayoutGuide.frame, Rect(x: 10, y: 50, width: 370, height: 70))
        // above: (100, −40 + 50, 50, 100 − 50) = (100, 10, 50, 50).
        XCTAssertEqual(above.safeAreaLayoutGuide.frame, Rect(x: 100, y: 10, width: 50, height: 50))
        // small: (100, 10 + 20, 50, 0) — never inside out.
        XCTAssertEqual(small.safeAreaLayoutGuide.frame, Rect(x: 100, y: 30, width: 50, height: 0))
        XCTAssertEqual(inner.safeAreaLayoutGuide.frame, Rect(x: 100, y: 100, width: 50, height: 50))
        // Margins (8) measured from the safe area: footer (0 + 10 + 8, 700 + 8, 400 − 18 − 28,
        // 100 − 8 − 38) = (18, 708, 354, 54); its bottom 762 = 770 − 8.
        XCTAssertEqual(footer.layoutMarginsGuide.frame, Rect(x: 18, y: 708, width: 354, height: 54))
    }

    func testTheGuidesFollowTheViewWhenItMoves() throws {
        let root = try makeRoot()
        let (card, top) = try pinned(root, "card", Rect(x: 100, y: 0, width: 200, height: 150))
        card.layoutMargins = EdgeInsets(top: 4, left: 6, bottom: 8, right: 10)
        // At y 0: top inset 50, margins guide (106, 0 + 50 + 4, 200 − 16, 150 − 54 − 8).
        XCTAssertEqual(card.layoutMarginsGuide.frame, Rect(x: 106, y: 54, width: 184, height: 88))
        try top.setConstant(30)
        // At y 30: top inset 50 − 30 = 20, guide (106, 30 + 24, 184, 150 − 24 − 8).
        XCTAssertEqual(card.layoutMarginsGuide.frame, Rect(x: 106, y: 54, width: 184, height: 118))
        XCTAssertEqual(card.safeAreaInsets, EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        try top.setConstant(100)
        // Out of the band: the frame inset by the margins alone, (106, 104, 184, 138).
        XCTAssertEqual(card.layoutMarginsGuide.frame, Rect(x: 106, y: 104, width: 184, height: 138))
        XCTAssertEqual(card.safeAreaLayoutGuide.frame, Rect(x: 100, y: 100, width: 200, height: 150))
    }

    func testAViewHangingFromAnotherViewsGuideIsPlacedInTheSamePass() throws {
        let root = try makeRoot()
        let (header, _) = try pinned(root, "header", Rect(x: 0, y: 0, width: 400, height: 120))
        let badge = LayoutView(identifier: "badge")
        try root.addSubview(badge)
        try LayoutConstraint.activate([
            badge.topAnchor.constraint(equalTo: header.layoutMarginsGuide.topAnchor),
            badge.leadingAnchor.constraint(equalTo: header.layoutMarginsGuide.leadingAnchor),
            badge.widthAnchor.constraint(equalToConstant: 40), badge.heightAnchor.constraint(equalToConstant: 40),
        ])
        // header's margins guide starts at (10 + 8, 50 + 8): badge (18, 58, 40, 40), read once.
        XCTAssertEqual(badge.frame, Rect(x: 18, y: 58, width: 40, height: 40))
    }

    func testAViewPlacedByItsOwnGuideSettlesWhereUIKitWould() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        try LayoutConstraint.activate([
            v.safeAreaLayoutGuide.topAnchor.constraint(equalTo: root.topAnchor, constant: 40),
            v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 100),
            v.widthAnchor.constraint(equalToConstant: 50), v.heightAnchor.constraint(equalToConstant: 100),
        ])
        // The guide's top is y + top(y) = 40 with top(y) = clamp(50 − max(y, 0), 0, 50). Rounds:
        // inset 0 → y 40 → inset 10 → y 30 → 20 → y 20 → 30 → y 10 → 40 → y 0 → 50 → y −10,
        // where top(−10) = 50 again: the fixed point y = −10 (the view reaches above the map).
        XCTAssertEqual(v.frame, Rect(x: 100, y: -10, width: 50, height: 100))
        XCTAssertEqual(v.safeAreaLayoutGuide.frame, Rect(x: 100, y: 40, width: 50, height: 50))
    }

    func testMarginsFromTheFrameAloneWhenTheHostSaysSo() throws {
        let root = try makeRoot()
        let (header, _) = try pinned(root, "header", Rect(x: 0, y: 0, width: 400, height: 120))
        XCTAssertTrue(header.insetsLayoutMarginsFromSafeArea)
        // (10 + 8, 50 + 8, 400 − 30 − 16, 120 − 58 − 8).
        XCTAssertEqual(header.layoutMarginsGuide.frame, Rect(x: 18, y: 58, width: 354, height: 54))
        header.insetsLayoutMarginsFromSafeArea = false
        // (8, 8, 400 − 16, 120 − 16).
        XCTAssertEqual(header.layoutMarginsGuide.frame, Rect(x: 8, y: 8, width: 384, height: 104))
        // The safe area itself does not depend on the flag.
        XCTAssertEqual(header.safeAreaInsets, EdgeInsets(top: 50, left: 10, bottom: 0, right: 20))
    }

    func testADetachedViewHasNoSafeAreaAndARemovedOneLeavesTheTracking() throws {
        let root = try makeRoot()
        let (header, _) = try pinned(root, "header", Rect(x: 0, y: 0, width: 400, height: 120))
        _ = header.layoutMarginsGuide
        XCTAssertEqual(header.safeAreaInsets, EdgeInsets(top: 50, left: 10, bottom: 0, right: 20))
        header.removeFromSuperview()
        XCTAssertEqual(header.safeAreaInsets, .zero)
        // The pass after the removal has no guide to update and still lays out the map.
        XCTAssertEqual(root.safeAreaLayoutGuide.frame, Rect(x: 10, y: 50, width: 370, height: 720))
        // Re-added at (100, 100) — still 400 × 120, its own size constraints stayed — its insets
        // are derived again: no top or left; right: it reaches to 500, past the map's 400, so the
        // whole band min(500, 400) − 380 = 20. Margins guide (108, 108, 400 − 8 − 28, 120 − 16).
        try root.addSubview(header)
        try LayoutConstraint.activate([
            header.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 100),
            header.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        ])
        XCTAssertEqual(header.safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 0, right: 20))
        XCTAssertEqual(header.layoutMarginsGuide.frame, Rect(x: 108, y: 108, width: 364, height: 104))
    }
}
