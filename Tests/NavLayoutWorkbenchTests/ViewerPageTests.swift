import Foundation
import XCTest
@testable import NavLayoutWorkbench

/// The page's assets and its escaping (issue 14: the page is always well-formed).
final class ViewerPageTests: XCTestCase {
    /// ViewerAssets.swift is what scripts/embed-viewer.py makes of Viewer/ (edit those files, then
    /// run the script).
    func testEmbeddedAssetsMatchTheirFiles() throws {
        let viewer = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/NavLayoutWorkbench/Viewer").standardized
        // The script is viewer-draw.js, viewer-panels.js and viewer.js in one element (each file
        // ends its lines).
        for (files, embedded) in [(["viewer.html"], ViewerAssets.viewerTemplate), (["viewer.css"], ViewerAssets.viewerStyle),
                                  (["viewer-draw.js", "viewer-panels.js", "viewer.js"], ViewerAssets.viewerScript)] {
            var text = ""
            for file in files {
                let part = try String(contentsOf: viewer.appendingPathComponent(file), encoding: .utf8)
                text += part.hasSuffix("\n") ? part : part + "\n"
            }
            text.removeLast()
            XCTAssertEqual(text, embedded, "\(files.joined(separator: ", ")) differ from ViewerAssets.swift: run python3 scripts/embed-viewer.py")
        }
    }

    func testJSONIsEscapedForTheScriptElement() {
        XCTAssertEqual(ViewerPage.scriptSafeJSON(#"{"a":"</script><!--&\#u{2028}\#u{2029}é"}"#),
                       #"{"a":"\u003c/script\u003e\u003c!--\u0026\u2028\u2029é"}"#)
    }

    func testTitleIsEscaped() {
        XCTAssertEqual(ViewerPage.htmlText("a<b>&\"c\u{7}\u{85}"), "a&lt;b&gt;&amp;&quot;c\\u0007\\u0085")
    }

    /// A page whose slots' values look like slots: each is filled once.
    func testSlotsAreFilledOnce() {
        let page = ViewerPage.html(recording: #"{"x":"{{SCRIPT}}"}"#, title: "{{STYLE}}")
        XCTAssertTrue(page.contains("<title>{{STYLE}}</title>"))
        XCTAssertTrue(page.contains(#"{"x":"{{SCRIPT}}"}"#))
        XCTAssertEqual(page.components(separatedBy: "</script>").count - 1, 2)
        XCTAssertFalse(page.contains("{{RECORDING}}"))
    }
}
