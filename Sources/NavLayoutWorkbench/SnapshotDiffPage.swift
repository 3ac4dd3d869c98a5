import LayoutEngine
import NavigationUI

/// The side-by-side diff page of a failed snapshot test (issue 15 item 2): one self-contained
/// HTML file (inline CSS, no script, no network) with the golden picture and the current one side
/// by side (each the map view's `snapshotSVG`, embedded as a `data:` image so the two documents
/// cannot interfere), an overlay of the views that moved — before dashed blue, after solid red —
/// and the table of differences. Well-formed XML too, whatever the identifiers (issue 17).
public enum SnapshotDiffPage {
    /// The page. `goldenSVG` and `currentSVG` are the two snapshots' pictures; `title` (escaped)
    /// names the test (e.g. the snapshot's name and the golden's path).
    public static func html(_ comparison: SnapshotComparison, goldenSVG: String, currentSVG: String, title: String) -> String {
        let heading = ViewerPage.htmlText("Layout snapshot diff" + (title.isEmpty ? "" : " — " + title))
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"/>
        <title>\(heading)</title>
        <style>\(style)</style></head>
        <body>
        <h1>\(heading)</h1>
        <p id="verdict">\(comparison.matches ? "The snapshots match." : "The current layout differs from the golden snapshot (frames compared to \(formatPoints(comparison.tolerance)) pt).")</p>
        <div id="pictures">
        <figure id="golden"><figcaption>golden</figcaption><img alt="golden snapshot" src="\(dataURL(goldenSVG))"/></figure>
        <figure id="current"><figcaption>current</figcaption><img alt="current layout" src="\(dataURL(currentSVG))"/></figure>
        <figure id="overlay"><figcaption>views that moved: <span class="before">before</span>, <span class="after">after</span></figcaption>\(overlay(comparison))</figure>
        </div>

        """
        if !comparison.views.isEmpty {
            out += "<h2>Views that moved</h2>\n<table id=\"views\"><thead><tr><th>view</th><th>before (x, y, width, height)</th><th>after</th></tr></thead><tbody>\n"
            for v in comparison.views {
                out += "<tr><td>\(ViewerPage.htmlText(v.name))</td><td>\(cell(v.before, v.hiddenBefore))</td><td>\(cell(v.after, v.hiddenAfter))</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        if !comparison.diagnosticsAdded.isEmpty || !comparison.diagnosticsRemoved.isEmpty {
            out += "<h2>Diagnostics</h2>\n<ul id=\"diagnostics\">"
            for d in comparison.diagnosticsAdded { out += "<li class=\"added\">+ \(ViewerPage.htmlText(d))</li>" }
            for d in comparison.diagnosticsRemoved { out += "<li class=\"removed\">− \(ViewerPage.htmlText(d))</li>" }
            out += "</ul>\n"
        }
        if !comparison.other.isEmpty {
            out += "<h2>Camera and map</h2>\n<table id=\"other\"><thead><tr><th>value</th><th>before</th><th>after</th></tr></thead><tbody>\n"
            for o in comparison.other {
                out += "<tr><td>\(ViewerPage.htmlText(o.what))</td><td>\(ViewerPage.htmlText(o.before))</td><td>\(ViewerPage.htmlText(o.after))</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        return out + "</body></html>\n"
    }

    private static func cell(_ r: Rect?, _ hidden: Bool?) -> String {
        guard let r else { return "<i>not in the hierarchy</i>" }
        return ViewerPage.htmlText(rectText(r)) + (hidden == true ? " <i>hidden</i>" : "")
    }

    /// An SVG of both map views' outlines with each moved view's rectangle before (dashed blue)
    /// and after (solid red), labelled.
    static func overlay(_ c: SnapshotComparison) -> String {
        let w = max(c.mapBefore.width, c.mapAfter.width, 1), h = max(c.mapBefore.height, c.mapAfter.height, 1)
        var out = "<svg viewBox=\"-4 -4 \(formatPoints(w + 8)) \(formatPoints(h + 8))\" width=\"\(formatPoints(w + 8))\" height=\"\(formatPoints(h + 8))\" role=\"img\" aria-label=\"views that moved\">"
        out += "<rect x=\"0\" y=\"0\" width=\"\(formatPoints(c.mapBefore.width))\" height=\"\(formatPoints(c.mapBefore.height))\" class=\"map\"/>"
        if c.mapAfter != c.mapBefore {
            out += "<rect x=\"0\" y=\"0\" width=\"\(formatPoints(c.mapAfter.width))\" height=\"\(formatPoints(c.mapAfter.height))\" class=\"map after\"/>"
        }
        for (i, v) in c.views.enumerated() {
            out += "<g class=\"moved\" data-view=\"\(ViewerPage.htmlText(v.name))\"><title>\(ViewerPage.htmlText("\(v.name): \(v.before.map(rectText) ?? "none") → \(v.after.map(rectText) ?? "none")"))</title>"
            if let r = v.before { out += rect(r, "before") }
            if let r = v.after {
                out += rect(r, "after")
                out += "<text x=\"\(formatPoints(r.x + 3))\" y=\"\(formatPoints(r.y + 14 + 12 * Double(i % 3)))\">\(ViewerPage.htmlText(v.name))</text>"
            } else if let r = v.before {
                out += "<text x=\"\(formatPoints(r.x + 3))\" y=\"\(formatPoints(r.y + 14))\">\(ViewerPage.htmlText(v.name))</text>"
            }
            out += "</g>"
        }
        return out + "</svg>"
    }

    private static func rect(_ r: Rect, _ cls: String) -> String {
        "<rect class=\"\(cls)\" x=\"\(formatPoints(r.x))\" y=\"\(formatPoints(r.y))\" width=\"\(formatPoints(max(r.width, 0)))\" height=\"\(formatPoints(max(r.height, 0)))\"/>"
    }

    /// `svg` as a `data:image/svg+xml` URL, percent-encoded (RFC 3986 unreserved characters and a
    /// few safe ones kept), usable inside a double-quoted attribute.
    static func dataURL(_ svg: String) -> String {
        var out = "data:image/svg+xml;charset=utf-8,"
        let keep = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~=:/;,()!*".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in svg.utf8 {
            if keep.contains(b) { out.unicodeScalars.append(Unicode.Scalar(b)) } else {
                out += "%" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
            }
        }
        return out
    }

    static let style = """
    body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 16px 24px; color: #202124; }
    h1 { font-size: 20px; margin: 0 0 4px 0; } h2 { font-size: 16px; margin: 16px 0 6px 0; } #verdict { color: #d93025; }
    #pictures { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
    figure { margin: 0; } figcaption { font-weight: bold; margin-bottom: 4px; }
    figure img, figure svg { display: block; max-height: 640px; max-width: 420px; width: auto; height: auto; border: 1px solid #dadce0; }
    #overlay svg { background: #f1f3f4; }
    #overlay .map { fill: none; stroke: #202124; stroke-width: 2; } #overlay .map.after { stroke: #d93025; stroke-dasharray: 6 4; }
    #overlay rect.before { fill: #1a73e8; fill-opacity: 0.12; stroke: #1a73e8; stroke-width: 2; stroke-dasharray: 6 4; }
    #overlay rect.after { fill: #d93025; fill-opacity: 0.12; stroke: #d93025; stroke-width: 2; }
    #overlay text { font-size: 12px; fill: #202124; }
    .before { color: #1a73e8; } .after { color: #d93025; }
    table { border-collapse: collapse; font-size: 13px; } th, td { border: 1px solid #dadce0; padding: 4px 8px; text-align: left; }
    li.added { color: #d93025; } li.removed { color: #188038; }
    """
}
