import XCTest
import Foundation
import LayoutEngine
@testable import NavigationUI
import NavLayoutExamples

final class SnapshotTests: XCTestCase {
    private func guidedSample() throws -> NavigationMapView {
        let map = try NavigationMapView(preset: "iphone-portrait")
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        return map
    }

    func testJSONFollowsTheSchema() throws {
        let map = try guidedSample()
        defer { map.invalidate() }
        try map.triggerPrompt(.incident)
        try map.advanceTime(by: 0.2)
        let text = map.snapshotJSON()
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(json["schema"] as? String, "navlayout.snapshot/1")
        XCTAssertEqual(json["time"] as? Double, 0.2)
        XCTAssertEqual(json["navigationState"] as? String, "activeGuidance")
        XCTAssertEqual(json["wideMode"] as? Bool, false)
        XCTAssertEqual((json["mapSize"] as? [String: Double])?["height"], 852)
        XCTAssertEqual((json["safeArea"] as? [String: Double])?["top"], 59)
        XCTAssertEqual((json["prompt"] as? [String: Any])?["kind"] as? String, "incident")
        XCTAssertEqual((json["prompt"] as? [String: Any])?["roundedCorners"] as? Int, 3)   // the two top corners
        let views = try XCTUnwrap(json["views"] as? [[String: Any]])
        XCTAssertEqual(views[0]["kind"] as? String, "map")
        let prompt = try XCTUnwrap(views.first { $0["identifier"] as? String == "incidentPrompt" })
        // docs/behaviour.md#expected-frames at 0.2 s: presented (0, 792, 393, 120), target (0, 732, 393, 120).
        XCTAssertEqual(prompt["frame"] as? [String: Double], ["x": 0, "y": 792, "width": 393, "height": 120])
        XCTAssertEqual(prompt["targetFrame"] as? [String: Double], ["x": 0, "y": 732, "width": 393, "height": 120])
        XCTAssertEqual(prompt["parent"] as? Int, 0)
        let compass = try XCTUnwrap(views.first { $0["identifier"] as? String == "compass" })
        let stackID = try XCTUnwrap(views.first { $0["identifier"] as? String == "buttonStack" }?["id"] as? Int)
        XCTAssertEqual(compass["parent"] as? Int, stackID)
        XCTAssertEqual(compass["kind"] as? String, "component")
        let texts = try XCTUnwrap(json["constraints"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        XCTAssertTrue(texts.contains("turnCard.top == map.top"), "\(texts)")
        XCTAssertTrue(texts.contains("turnCard.height == 163"), "the component's own size, engine-owned")
        let camera = try XCTUnwrap(json["camera"] as? [String: Any])
        XCTAssertEqual(camera["padding"] as? [String: Double], ["top": 163, "left": 0, "bottom": 113, "right": 0])
        XCTAssertEqual((json["diagnostics"] as? [Any])?.count, 0)
        XCTAssertEqual(map.snapshotJSON(), text, "deterministic: same layout, same bytes")
    }

    func testSVGShowsComponentsViewportAndDiagnostics() throws {
        let map = try guidedSample()
        defer { map.invalidate() }
        let svg = map.snapshotSVG()
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"393\" height=\"852\""))
        XCTAssertTrue(svg.contains("fill=\"url(#hatch)\""), "the viewport is hatched")
        XCTAssertTrue(svg.contains("<circle cx=\"196.5\" cy=\"454.5\""), "the vehicle point (docs/behaviour.md#acceptance-values)")
        XCTAssertTrue(svg.contains(">turnCard</text>"))
        XCTAssertFalse(svg.contains("http://") && svg.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"), "no external resources")
        XCTAssertEqual(map.snapshotSVG(), svg, "deterministic")
        // A broken layout: the items of each diagnostic are outlined in red with the code.
        try LayoutConstraint.activate([map.turnCard.heightAnchor.constraint(equalToConstant: 10)])
        let broken = map.snapshotSVG()
        XCTAssertTrue(broken.contains("stroke=\"#d93025\""))
        XCTAssertTrue(broken.contains(">sizeConstraintOnFixedComponent</text>"))
    }
}
