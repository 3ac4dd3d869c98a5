import LayoutEngine
import NavigationUI

/// The viewer page (issue 14): one self-contained HTML file — inline CSS and JavaScript (the files
/// in Viewer/, embedded by scripts/embed-viewer.py), the recording embedded as JSON — that shows a
/// session recording with no server and no network.
public enum ViewerPage {
    /// The page for `recording` (JSON of schema `navlayout.recording/1`, e.g.
    /// `SessionRecording.json`). The JSON is embedded in a `<script type="application/json">`
    /// element with `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes, so no text in it
    /// (an identifier holding `</script>` or `<!--`) can end the element or change how the page
    /// parses; the page reads it with `JSON.parse`. Text that is not valid JSON gives a page that
    /// says so. `title` is the page's `<title>` (HTML-escaped; control characters shown as
    /// `\u` escapes).
    public static func html(recording: String, title: String) -> String {
        var out = ""
        var rest = Substring(ViewerAssets.viewerTemplate)
        // One pass over the template: the values are never searched for slots themselves.
        while let open = rest.firstRange(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else { break }
            let name = rest[open.upperBound..<close.lowerBound]
            switch name {
            case "TITLE": out += htmlText(title)
            case "STYLE": out += ViewerAssets.viewerStyle
            case "SCRIPT": out += ViewerAssets.viewerScript
            case "RECORDING": out += scriptSafeJSON(recording)
            default: out += "{{\(name)}}"
            }
            rest = rest[close.upperBound...]
        }
        out += rest
        return out + "\n"
    }

    /// The page for a session recorded with `SessionRecorder`; the title names the run.
    public static func html(_ recording: SessionRecording, title: String, preset: String?) -> String {
        html(recording: recording.json, title: "NavLayout viewer — \(title)\(preset.map { " · \($0)" } ?? "")")
    }

    /// `json` with the characters that could end or confuse an HTML `<script>` element written as
    /// JSON `\u` escapes. They can only occur inside JSON strings, where the escape means the same.
    /// The control characters (C0 but tab, LF, CR; DEL; C1) and the noncharacters U+FFFE/U+FFFF,
    /// which HTML's parser reports as errors in any input (issue 17, item 3), are escaped too: a
    /// recording never holds them raw (JSON strings cannot), so they come only from text a host
    /// passed that is not a recording — the page then says so, and stays well-formed.
    static func scriptSafeJSON(_ json: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
        for u in json.unicodeScalars {
            switch u {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{FFFE}", "\u{FFFF}":
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Text for an HTML element's content: `&`, `<`, `>`, `"` escaped, control characters and the
    /// noncharacters U+FFFE/U+FFFF (not XML characters; issue 17, item 3) shown as `\uXXXX` (the
    /// page itself shows identifiers the same way).
    static func htmlText(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                if u.value < 0x20 || (0x7f...0x9f).contains(u.value) || u.value == 0xFFFE || u.value == 0xFFFF {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}

/// Records the standard session (or `script`) on `map` and returns the viewer page: what
/// `navlayout view`, `nl_map_view_run_session` + `nl_viewer_page` and `navlayout.viewer.write`
/// produce.
/// - Parameters:
///   - map: a map view with its delegate set (or none) and navigation disabled.
///   - title: the run's name on the page (e.g. the delegate's).
///   - preset: the device preset (docs/behaviour.md#device-presets) the map view was made from, or nil.
/// - Returns: the page and the recording (its `failures` say whether the delegate failed; the
///   page shows them).
/// - Throws: what `SessionDriver.checkCanRun` throws (nothing has changed then).
public func recordViewerPage(map: NavigationMapView, title: String, preset: String?,
                             script: SessionScript? = nil) throws -> (html: String, recording: SessionRecording) {
    let recorder = SessionRecorder(map: map, title: title, preset: preset)
    let recording = try recorder.record(script ?? .standard(for: map, preset: preset))
    return (ViewerPage.html(recording, title: title, preset: preset), recording)
}
