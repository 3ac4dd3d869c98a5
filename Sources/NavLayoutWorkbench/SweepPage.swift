import LayoutEngine
import NavigationUI

/// The sweep page (issue 15): one self-contained HTML file — inline CSS, the band chart as inline
/// SVG, no script and no network; well-formed XML too, whatever the identifiers (issue 17) — showing a sweep's bands along the axis, each linking to the
/// viewer page of the standard session at its midpoint (`band-N.html` next to the page, opened at
/// the band's first step with a diagnostic or failure), and a table of the bands with their
/// diagnostics and failures.
public enum SweepPage {
    /// Chart geometry (SVG user units): the axis runs from `left` to `left + width`.
    static let left = 48.0, width = 904.0, chartWidth = 1000.0
    /// The narrowest a band is drawn (so a 0.01 pt band can still be seen and clicked).
    static let minimumBandWidth = 3.0

    /// The worst thing in a band: `failure`, `error`, `warning`, `info` or `clean`.
    public static func status(of band: SweepBand) -> String {
        if !band.failures.isEmpty { return "failure" }
        let severities = band.diagnostics.map(\.severity)
        if severities.contains(.error) { return "error" }
        if severities.contains(.warning) { return "warning" }
        if severities.contains(.info) { return "info" }
        return "clean"
    }

    /// The link of band `index` (0-based): its viewer page, at its first step with a finding.
    public static func link(band index: Int, _ band: SweepBand) -> String {
        SizeSweep.viewerFileName(band: index) + (band.firstStepWithDiagnostics.map { "#step=\($0 + 1)" } ?? "")
    }

    /// The page for `result`. `title` (HTML-escaped) is the page's title and heading.
    public static func html(_ result: SweepResult, title: String? = nil) -> String {
        let c = result.configuration
        let heading = title ?? "NavLayout size sweep — \(result.title.isEmpty ? "delegate" : result.title)"
        let other = c.axis == .width ? "height" : "width"
        let e = c.safeArea
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>\(ViewerPage.htmlText(heading))</title>
        <style>\(style)</style></head>
        <body>
        <h1>\(ViewerPage.htmlText(heading))</h1>
        <p id="summary">\(c.axis.rawValue) \(formatPoints(c.start)) → \(formatPoints(c.stop)) pt · \(other) \(formatPoints(c.fixed)) pt · safe area \(formatPoints(e.top)), \(formatPoints(e.left)), \(formatPoints(e.bottom)), \(formatPoints(e.right)) · \(c.layoutDirection == .leftToRight ? "left-to-right" : "right-to-left") · <b>\(result.bands.count) band\(result.bands.count == 1 ? "" : "s")</b> · \(result.runs) sizes run (sampled every \(formatPoints(c.sampleStep)) pt, boundaries bisected to \(formatPoints(SweepConfiguration.resolution)) pt)</p>

        """
        out += chart(result)
        out += """
        <p class="legend"><span class="key clean"></span>no diagnostics <span class="key info"></span>infos <span class="key warning"></span>warnings <span class="key error"></span>errors <span class="key failure"></span>the delegate failed <span class="key wide"></span>wide mode (a safe area at least 600 pt wide). Each band links to the viewer at its midpoint.</p>
        <table id="bands"><thead><tr><th>#</th><th>\(c.axis.rawValue) (pt)</th><th>mode</th><th>diagnostics and failures (step: what)</th><th>viewer</th></tr></thead><tbody>

        """
        for (i, b) in result.bands.enumerated() {
            let last = i == result.bands.count - 1
            out += "<tr id=\"band-\(i + 1)\" class=\"\(status(of: b))\"><td>\(i + 1)</td>"
            out += "<td class=\"range\">\(formatPoints(b.start)) ≤ \(c.axis.rawValue) \(last ? "≤" : "<") \(formatPoints(b.stop))</td>"
            out += "<td>\(b.wideMode ? "wide" : "standard")</td><td><ul>"
            if b.diagnostics.isEmpty && b.failures.isEmpty { out += "<li class=\"none\">none</li>" }
            for f in b.failures {
                out += "<li class=\"failure\"><span class=\"step\">\(ViewerPage.htmlText(f.step))</span>: \(ViewerPage.htmlText(f.source)) failed — \(ViewerPage.htmlText(f.message))</li>"
            }
            for d in b.diagnostics {
                out += "<li class=\"\(d.severity)\" title=\"\(ViewerPage.htmlText(d.message))\"><span class=\"step\">\(ViewerPage.htmlText(d.step))</span>: \(d.severity) <b>\(d.code)</b>"
                if !d.items.isEmpty { out += " [\(ViewerPage.htmlText(d.items.joined(separator: ", ")))]" }
                out += "</li>"
            }
            out += "</ul></td><td><a class=\"open\" href=\"\(link(band: i, b))\">\(c.axis.rawValue) \(formatPoints(b.midpoint)) pt</a></td></tr>\n"
        }
        out += "</tbody></table>\n</body></html>\n"
        return out
    }

    /// The band chart: one clickable rectangle per band along the axis, a strip marking wide mode,
    /// a tick with its size at every boundary.
    static func chart(_ result: SweepResult) -> String {
        let c = result.configuration
        let span = c.stop - c.start
        func x(_ v: Double) -> Double { left + (v - c.start) / span * width }
        var out = "<svg id=\"chart\" viewBox=\"0 0 \(formatPoints(chartWidth)) 166\" role=\"img\" aria-label=\"bands along the \(c.axis.rawValue)\">\n"
        out += "<line class=\"axis\" x1=\"\(formatPoints(left))\" y1=\"104\" x2=\"\(formatPoints(left + width))\" y2=\"104\"/>\n"
        // Boundary labels on two rows, so that close boundaries (112, 136, 176 pt) all show.
        var lastLabel = [-1e9, -1e9]
        func label(_ x: Double, _ text: String) -> String {
            guard let row = (0..<2).first(where: { x - lastLabel[$0] >= 36 }) else { return "" }
            lastLabel[row] = x
            return "<text class=\"boundary\" x=\"\(formatPoints(x))\" y=\"\(row == 0 ? 126 : 142)\">\(text)</text>\n"
        }
        for (i, b) in result.bands.enumerated() {
            let x0 = x(b.start)
            let w = max(x(b.stop) - x0, minimumBandWidth)
            let tip = "band \(i + 1): \(formatPoints(b.start)) – \(formatPoints(b.stop)) pt, \(b.wideMode ? "wide" : "standard"), \(b.diagnostics.count) diagnostics, \(b.failures.count) failures"
            out += "<a class=\"band \(status(of: b))\" href=\"\(link(band: i, b))\" data-band=\"\(i + 1)\" data-start=\"\(formatPoints(b.start))\" data-stop=\"\(formatPoints(b.stop))\" data-wide=\"\(b.wideMode)\">"
            out += "<title>\(ViewerPage.htmlText(tip))</title>"
            out += "<rect x=\"\(formatPoints(x0))\" y=\"24\" width=\"\(formatPoints(w))\" height=\"56\"/>"
            if b.wideMode { out += "<rect class=\"wide\" x=\"\(formatPoints(x0))\" y=\"84\" width=\"\(formatPoints(w))\" height=\"12\"/>" }
            out += "</a>\n"
            // Band numbers inside bands wide enough to hold them.
            if w >= 24 {
                out += "<text class=\"number\" x=\"\(formatPoints(x0 + w / 2))\" y=\"57\">\(i + 1)</text>\n"
            }
            // A tick at every boundary (and the start), labelled where a row has room.
            out += "<line class=\"tick\" x1=\"\(formatPoints(x0))\" y1=\"20\" x2=\"\(formatPoints(x0))\" y2=\"110\"/>\n"
            out += label(x0, formatPoints(b.start))
        }
        let end = x(c.stop)
        out += "<line class=\"tick\" x1=\"\(formatPoints(end))\" y1=\"20\" x2=\"\(formatPoints(end))\" y2=\"110\"/>\n"
        out += label(end, formatPoints(c.stop))
        out += "<text class=\"unit\" x=\"\(formatPoints(left + width / 2))\" y=\"162\">\(c.axis.rawValue) (pt)</text>\n"
        out += "</svg>\n"
        return out
    }

    static let style = """
    body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 16px 24px; color: #202124; }
    h1 { font-size: 20px; margin: 0 0 4px 0; } #summary { color: #5f6368; margin: 0 0 12px 0; }
    #chart { width: 100%; max-width: 1200px; display: block; }
    #chart .band rect { stroke: #fff; stroke-width: 1; } #chart .band:hover rect, #chart .band:focus rect { stroke: #202124; stroke-width: 2; }
    #chart .axis, #chart .tick { stroke: #5f6368; stroke-width: 1; }
    #chart text { font-size: 12px; fill: #202124; text-anchor: middle; }
    #chart .number { font-weight: bold; fill: #fff; pointer-events: none; }
    .clean rect, .key.clean { fill: #34a853; background: #34a853; }
    .info rect, .key.info { fill: #4285f4; background: #4285f4; }
    .warning rect, .key.warning { fill: #f29900; background: #f29900; }
    .error rect, .key.error { fill: #d93025; background: #d93025; }
    .failure rect, .key.failure { fill: #a50e0e; background: #a50e0e; }
    #chart rect.wide, .key.wide { fill: #7b1fa2; background: #7b1fa2; }
    .legend { font-size: 13px; color: #5f6368; } .key { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 12px; vertical-align: -1px; }
    table { border-collapse: collapse; margin-top: 12px; font-size: 13px; } th, td { border: 1px solid #dadce0; padding: 4px 8px; text-align: left; vertical-align: top; }
    td ul { margin: 0; padding-left: 16px; } li.error, li.failure { color: #d93025; } li.warning { color: #b06000; } li.none { color: #188038; list-style: none; margin-left: -16px; }
    tr:target { outline: 2px solid #1a73e8; } .range { white-space: nowrap; }
    """
}

extension SweepResult {
    /// The result as text, one line per band and one indented line per diagnostic or failure —
    /// what `navlayout sweep` and `python -m navlayout sweep` print:
    ///
    ///     sweep: sample — width 320 → 1400 pt, height 1180 pt, safe area 24, 0, 20, 0, left-to-right: 2 bands, 150 sizes run
    ///     band 1: 320 ≤ width < 600 — standard, no diagnostics
    ///     band 2: 600 ≤ width ≤ 1400 — wide, no diagnostics
    ///
    /// Diagnostic lines give the step, severity, code and items (`  active guidance: warning
    /// overlap [speedWidget, etaCard]`); failure lines the step, what failed and its message at
    /// the band's start.
    public var text: String {
        let c = configuration
        let e = c.safeArea
        var out = "sweep: \(title.isEmpty ? "delegate" : title) — \(c.axis.rawValue) \(formatPoints(c.start)) → \(formatPoints(c.stop)) pt, "
        out += "\(c.axis == .width ? "height" : "width") \(formatPoints(c.fixed)) pt, safe area \(formatPoints(e.top)), \(formatPoints(e.left)), \(formatPoints(e.bottom)), \(formatPoints(e.right)), "
        out += "\(c.layoutDirection == .leftToRight ? "left-to-right" : "right-to-left"): \(bands.count) band\(bands.count == 1 ? "" : "s"), \(runs) sizes run\n"
        for (i, b) in bands.enumerated() {
            let last = i == bands.count - 1
            var counts: [String] = []
            if !b.diagnostics.isEmpty { counts.append("\(b.diagnostics.count) diagnostic\(b.diagnostics.count == 1 ? "" : "s")") }
            if !b.failures.isEmpty { counts.append("\(b.failures.count) failure\(b.failures.count == 1 ? "" : "s")") }
            out += "band \(i + 1): \(formatPoints(b.start)) ≤ \(c.axis.rawValue) \(last ? "≤" : "<") \(formatPoints(b.stop)) — \(b.wideMode ? "wide" : "standard"), "
            out += (counts.isEmpty ? "no diagnostics" : counts.joined(separator: ", ")) + "\n"
            for f in b.failures { out += "  \(f.step): \(f.source) failed: \(f.message)\n" }
            for d in b.diagnostics {
                out += "  \(d.step): \(d.severity) \(d.code)\(d.items.isEmpty ? "" : " [\(d.items.joined(separator: ", "))]")\n"
            }
        }
        return out
    }
}
