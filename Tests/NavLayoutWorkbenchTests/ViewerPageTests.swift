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

    /// Issue 17, item 3: text a host passes that is not a recording can hold raw control
    /// characters; they are written as JSON escapes (U+0000-U+001F but tab, LF, CR; DEL; C1;
    /// U+FFFE, U+FFFF), so the page has none of the characters HTML's parser reports as errors.
    func testControlCharactersAreEscapedForTheScriptElement() {
        XCTAssertEqual(ViewerPage.scriptSafeJSON("{\"a\":\"\u{0}\u{1}\t\n\r\u{1F} \u{7F}\u{85}\u{9F}\u{A0}\u{FFFE}\u{FFFF}\u{FFFD}\"}\u{2}"),
                       "{\"a\":\"\\u0000\\u0001\t\n\r\\u001f \\u007f\\u0085\\u009f\u{A0}\\ufffe\\uffff\u{FFFD}\"}\\u0002")
        let page = ViewerPage.html(recording: "not json \u{1}\u{1B}", title: "t")
        XCTAssertFalse(page.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r") || (0x7F...0x9F).contains($0.value) })
        XCTAssertTrue(page.contains(#"not json \u0001\u001b</script>"#))
    }

    func testTitleIsEscaped() {
        XCTAssertEqual(ViewerPage.htmlText("a<b>&\"c\u{7}\u{85}"), "a&lt;b&gt;&amp;&quot;c\\u0007\\u0085")
        // Not XML characters (issue 17, item 3): the sweep page put them raw in its XML.
        XCTAssertEqual(ViewerPage.htmlText("\u{FFFE}\u{FFFF}\u{FFFD}"), "\\ufffe\\uffff\u{FFFD}")
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
