import XCTest
import LayoutEngine
import NavigationUI
import NavLayoutExamples
@testable import NavLayoutWorkbench

/// The snapshot comparison behind the snapshot kit (issue 15 item 2), on hand-written snapshots.
final class SnapshotComparisonTests: XCTestCase {
    /// A `navlayout.snapshot/1` document with the members the comparison reads.
    func snapshot(views: [(String, [Double], Bool)], diagnostics: String = "", viewport: [Double] = [0, 100, 300, 400],
                  size: [Double] = [393, 852]) -> String {
        let v = views.enumerated().map { i, view in
            "{\"id\":\(i),\"identifier\":\"\(view.0)\",\"frame\":{\"x\":\(view.1[0]),\"y\":\(view.1[1]),\"width\":\(view.1[2]),\"height\":\(view.1[3])},\"hidden\":\(view.2)}"
        }
        let vp = viewport
        return "{\"schema\":\"navlayout.snapshot/1\",\"mapSize\":{\"width\":\(size[0]),\"height\":\(size[1])},\"views\":[\(v.joined(separator: ","))],"
            + "\"camera\":{\"viewport\":{\"x\":\(vp[0]),\"y\":\(vp[1]),\"width\":\(vp[2]),\"height\":\(vp[3])},"
            + "\"padding\":{\"top\":\(vp[1]),\"left\":\(vp[0]),\"bottom\":\(size[1] - vp[1] - vp[3]),\"right\":\(size[0] - vp[0] - vp[2])},"
            + "\"vehiclePoint\":{\"x\":\(vp[0] + vp[2] / 2),\"y\":\(vp[1] + vp[3] / 2)}},\"diagnostics\":[\(diagnostics)]}"
    }

    let base: [(String, [Double], Bool)] = [("map", [0, 0, 393, 852], false), ("turnCard", [0, 0, 393, 163], false),
                                            ("card", [10, 200, 100, 50], false), ("card", [10, 300, 100, 50], false)]

    func testFramesWithinTheToleranceMatch() throws {
        var moved = base
        moved[1].1[0] = 0.001  // 0.001 pt: the snapshots' precision
        XCTAssertTrue(try SnapshotComparison.compare(golden: snapshot(views: base), current: snapshot(views: moved)).matches)
        moved[1].1[0] = 0.002
        let c = try SnapshotComparison.compare(golden: snapshot(views: base), current: snapshot(views: moved))
        XCTAssertEqual(c.views, [.init(name: "turnCard", before: Rect(x: 0, y: 0, width: 393, height: 163),
                                      after: Rect(x: 0.002, y: 0, width: 393, height: 163), hiddenBefore: false, hiddenAfter: false)])
        XCTAssertTrue(try SnapshotComparison.compare(golden: snapshot(views: base), current: snapshot(views: moved), tolerance: 0.01).matches)
    }

    /// Views with one identifier are matched in z-order (`card`, `card #2`); hidden, appeared and
    /// gone views are differences; so are diagnostics (by code, severity, items) and the camera.
    func testTheTableNamesEveryDifference() throws {
        var now = base
        now[3].1[1] = 310
        now[1].2 = true
        now.remove(at: 2)  // the first card is gone: the second is now "card"
        now.append(("badge", [1, 2, 3, 4], false))
        let overlap = "{\"code\":\"overlap\",\"severity\":\"warning\",\"message\":\"card overlaps turnCard\",\"items\":[{\"id\":1,\"identifier\":\"turnCard\"},{\"id\":2,\"identifier\":\"card\"}]}"
        let c = try SnapshotComparison.compare(golden: snapshot(views: base), current: snapshot(views: now, diagnostics: overlap, viewport: [0, 163, 393, 583]))
        XCTAssertFalse(c.matches)
        XCTAssertEqual(c.table, """
            views that moved (x, y, width, height in points):
              view       before                   after
              turnCard   (0, 0, 393, 163)         (0, 0, 393, 163) hidden
              card       (10, 200, 100, 50)       (10, 310, 100, 50)
              card #2    (10, 300, 100, 50)       (not in the hierarchy)
              badge      (not in the hierarchy)   (1, 2, 3, 4)
            diagnostics (+ new, - gone):
              + warning overlap [turnCard, card]: card overlaps turnCard
            camera and map:
              value             before               after
              camera viewport   (0, 100, 300, 400)   (0, 163, 393, 583)
              camera padding    (100, 0, 352, 93)    (163, 0, 106, 0)
              vehicle point     (150, 300)           (196.5, 454.5)

            """)
        let page = SnapshotDiffPage.html(c, goldenSVG: "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>", currentSVG: "<svg/>", title: "t<")
        XCTAssertTrue(page.contains("<title>Layout snapshot diff — t&lt;</title>"))
        XCTAssertTrue(page.contains("src=\"data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%3E%3C/svg%3E\""))
        XCTAssertTrue(page.contains("<li class=\"added\">+ warning overlap [turnCard, card]: card overlaps turnCard</li>"))
    }

    func testNotASnapshotNamesTheArgument() {
        for (golden, current, message) in [("x", snapshot(views: []), "golden: not a layout snapshot: not JSON at byte 0: expected a value"),
                                           (snapshot(views: []), "{\"schema\":\"navlayout.recording/1\"}", "current: not a layout snapshot: schema is not \"navlayout.snapshot/1\"")] {
            XCTAssertThrowsError(try SnapshotComparison.compare(golden: golden, current: current)) { error in
                XCTAssertEqual((error as? NavLayoutError)?.message, message)
            }
        }
        XCTAssertThrowsError(try SnapshotComparison.compare(golden: snapshot(views: []), current: snapshot(views: []), tolerance: .nan))
    }

    /// A real map view against itself matches; its JSON is what the kit records.
    func testARealSnapshotMatchesItself() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.setNavigationEnabled(true)
        let json = map.snapshotJSON()
        XCTAssertTrue(try SnapshotComparison.compare(golden: json, current: json).matches)
        try map.startGuidance()
        let c = try SnapshotComparison.compare(golden: json, current: map.snapshotJSON())
        // navigation ready → active guidance (docs/behaviour.md#expected-frames): the cards appear, the viewport shrinks.
        XCTAssertEqual(c.views.first { $0.name == "viewport" }?.after, Rect(x: 0, y: 163, width: 393, height: 583))
        XCTAssertEqual(c.views.first { $0.name == "turnCard" }?.before, nil)
    }
}
