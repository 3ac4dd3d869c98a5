import XCTest
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutEngine
@testable import NavigationUI

/// Issue 17, item 3: SVG snapshots (and the pages built with `markupEscaped`) are well-formed XML
/// whatever an identifier holds — every code point U+0000–U+001F, quotes, `<`, `&`, `]]>`, DEL and
/// C1 controls, the noncharacters U+FFFE/U+FFFF — checked with an XML parser (libxml2, through
/// FoundationXML's XMLParser); the JSON snapshot keeps every identifier exactly. Before the fix
/// the raw control characters landed in `<text>` and `<title>` and the parser stopped at the first
/// (error 9, invalid character).
final class MarkupEscapingTests: XCTestCase {
    /// Every hostile string of the issue: each control character alone and between letters, the
    /// markup characters and the CDATA end, DEL, C1, noncharacters, CR LF, an emoji.
    private static let hostile: [String] = {
        var list = (0..<0x20).map { "a" + String(UnicodeScalar(UInt8($0))) + "b" }
        list += ["\"quoted\" 'single'", "<tag attr=\"x\">", "a & b &amp; &#1;", "x]]>y", "<![CDATA[z]]>",
                 "del\u{7F}", "nel\u{85}c1\u{9F}", "non\u{FFFE}\u{FFFF}char", "cr\r\nlf", "emoji 🚗", ""]
        return list
    }()

    /// What `markupEscaped` shows for `s` once an XML parser has read it back: the control
    /// characters other than tab, LF, CR and the noncharacters as the text `\uXXXX`.
    private static func shown(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if (u.value < 0x20 && u != "\t" && u != "\n" && u != "\r") || (0x7F...0x9F).contains(u.value)
                || u.value == 0xFFFE || u.value == 0xFFFF {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Parses `xml`; fails the test with the parser's error and line if it is not well-formed, and
    /// returns the text content of every element and every attribute value.
    private func parse(_ xml: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let collector = Collector()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = collector
        let ok = parser.parse()
        XCTAssertTrue(ok, "not well-formed XML: \(String(describing: parser.parserError)) at line \(parser.lineNumber)",
                      file: file, line: line)
        return collector.texts + collector.attributes
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var texts: [String] = []
        var attributes: [String] = []
        private var current = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            self.attributes += attributes.values
            if !current.isEmpty { texts.append(current) }
            current = ""
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { current += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if !current.isEmpty { texts.append(current) }
            current = ""
        }
    }

    func testEscapedTextParsesBackInTextAndAttributes() {
        for s in Self.hostile {
            let e = markupEscaped(s)
            let parsed = parse("<r a=\"\(e)\" b='\(e)'><t>\(e)</t></r>")
            XCTAssertEqual(parsed.filter { $0 == Self.shown(s) }.count, s.isEmpty ? 2 : 3,  // an empty string: the two attributes only
                           "\(s.debugDescription) → \(e.debugDescription) read back as \(parsed)")
        }
        // Exactly: the parser's view of `&`, `'`, CR LF and a control character.
        XCTAssertEqual(markupEscaped("a&b'c\r\nd\u{1}e\u{FFFF}"), "a&amp;b&apos;c&#13;&#10;d\\u0001e\\uffff")
    }

    /// Host views named with every hostile string, on screen over the viewport (so their names are
    /// labels, and the viewportObstructed/overlap diagnostics name them in `<title>`), and a hostile
    /// caption: the SVG parses, and every name is in it as shown.
    func testSVGIsWellFormedForAnyIdentifier() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setNavigationEnabled(true)
        for (i, name) in Self.hostile.enumerated() {
            let v = LayoutView(identifier: name)
            try map.addSubview(v)
            try LayoutConstraint.activate([
                v.leadingAnchor.constraint(equalTo: map.leadingAnchor, constant: Double(i % 6) * 60),
                v.topAnchor.constraint(equalTo: map.topAnchor, constant: 100 + Double(i / 6) * 60),
                v.widthAnchor.constraint(equalToConstant: 50), v.heightAnchor.constraint(equalToConstant: 50),
            ])
        }
        XCTAssertFalse(map.diagnostics.isEmpty, "the views obstruct the viewport")
        for title in Self.hostile {
            let svg = map.snapshotSVG(title: title)
            let parsed = parse(svg)
            if !title.isEmpty { XCTAssertTrue(parsed.contains(Self.shown(title)), "caption \(title.debugDescription)") }
        }
        let parsed = parse(map.snapshotSVG())
        for name in Self.hostile where !name.isEmpty {
            XCTAssertTrue(parsed.contains(Self.shown(name)), "label \(name.debugDescription) missing")
        }
        // A diagnostic's message names a hostile view in its tooltip (<title>).
        let obstructing = try XCTUnwrap(map.diagnostics.first { $0.code == .viewportObstructed })
        XCTAssertTrue(parsed.contains { $0.contains(Self.shown(obstructing.message)) })
    }

    /// JSON escapes every hostile identifier so that a JSON parser reads back exactly the string
    /// set (U+FFFE and U+FFFF included: JSON allows them).
    func testJSONKeepsAnyIdentifierExactly() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        for name in Self.hostile {
            try map.addSubview(LayoutView(identifier: name))
        }
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(map.snapshotJSON().utf8)) as? [String: Any])
        let ids = try XCTUnwrap(json["views"] as? [[String: Any]]).compactMap { $0["identifier"] as? String }
        for name in Self.hostile { XCTAssertTrue(ids.contains(name), "\(name.debugDescription) not read back") }
    }
}
