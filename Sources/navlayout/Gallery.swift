// `navlayout gallery`: every preset through the workbench's standard session, one page of pictures
// and diagnostics (issue 4: what app teams run before a release), each cell linking to the
// preset's viewer page (issue 14).
import Foundation
import LayoutEngine
import NavigationUI
import NavLayoutWorkbench

/// One picture of the gallery: a step of a preset's session.
struct GalleryCell {
    let step: String
    let file: String
    let diagnostics: [LayoutDiagnostic]
    /// Errors the step's events threw (a delegate callback that failed).
    let failures: [String]
}

/// The gallery: the workbench's standard session (`SessionScript.standard`: ready, guidance, each
/// prompt kind shown and dismissed, pan and re-center, the speed widget's modes, the rotation or
/// split view where the preset has one, stop, disable) on each preset, one picture per step and
/// one viewer page per preset that every cell links to.
enum Gallery {
    /// The viewer page of a preset, next to the pictures.
    static func viewerFile(_ preset: DevicePreset) -> String { "\(preset.name).html" }

    static func run(preset: DevicePreset, makeDelegate: () -> NavigationLayoutDelegate?, title: String,
                    directory: String, progress: (String) -> Void) throws -> (cells: [GalleryCell], note: String?) {
        let map = try NavigationMapView(preset: preset.name)
        defer { map.invalidate() }
        var note: String?
        if let d = makeDelegate() {
            if preset.isCarPlay {
                note = "CarPlay refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate): built-in layout"
            } else {
                try map.setLayoutDelegate(d)
            }
        }
        var cells: [GalleryCell] = []
        let recorder = SessionRecorder(map: map, title: title, preset: preset.name)
        let recording = try recorder.record(.standard(for: map, preset: preset.name)) { _, step, outcome in
            progress(step.name)
            let file = "\(preset.name)-\(String(format: "%02d", cells.count + 1))-\(fileName(step.name)).svg"
            let svg = map.snapshotSVG(title: "\(preset.name) · \(step.name)")
            try writeText(svg, toFile: joined(directory, file))
            cells.append(GalleryCell(step: step.name, file: file, diagnostics: map.diagnostics, failures: outcome.failures))
        }
        let page = ViewerPage.html(recording, title: title, preset: preset.name)
        try writeText(page, toFile: joined(directory, viewerFile(preset)))
        return (cells, note)
    }

    /// Text and attribute values of the page: NavigationUI's `markupEscaped` (any identifier or
    /// message stays well-formed XML, issue 17).
    static func html(_ s: String) -> String { markupEscaped(s) }

    /// Error, warning and info diagnostics of the cells; a step whose delegate failed counts as
    /// an error.
    static func summary(_ cells: [GalleryCell]) -> (errors: Int, warnings: Int, infos: Int) {
        var e = 0, w = 0, i = 0
        for c in cells { e += c.failures.count; for d in c.diagnostics {
            switch d.severity { case .error: e += 1; case .warning: w += 1; case .info: i += 1 }
        } }
        return (e, w, i)
    }

    static func page(delegate: String, rows: [(DevicePreset, [GalleryCell], String?)]) -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"/><title>NavLayout gallery — \(html(delegate))</title>
        <style>
        body { font-family: Helvetica, Arial, sans-serif; margin: 16px; color: #202124; }
        table { border-collapse: collapse; } td, th { border: 1px solid #dadce0; padding: 6px; vertical-align: top; }
        td img { display: block; max-height: 300px; max-width: 200px; }
        td a { text-decoration: none; color: inherit; } td a:hover img { outline: 2px solid #1a73e8; }
        .open { font-size: 11px; }
        .ok { color: #188038; } .bad { color: #d93025; } .warn { color: #b06000; }
        ul { margin: 4px 0 0 0; padding-left: 16px; font-size: 11px; max-width: 200px; }
        </style></head><body>
        <h1>NavLayout gallery — delegate: \(html(delegate))</h1>

        """
        for (preset, cells, note) in rows {
            let s = summary(cells)
            let cls = s.errors > 0 ? "bad" : s.warnings > 0 ? "warn" : "ok"
            out += "<p class=\"\(cls)\"><b>\(html(preset.name))</b>: \(cells.count) steps, \(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos\(note.map { " — " + html($0) } ?? "") — <a href=\"\(html(viewerFile(preset)))\">open in the viewer</a></p>\n"
        }
        for (preset, cells, _) in rows {
            out += "<h2>\(html(preset.name)) <a class=\"open\" href=\"\(html(viewerFile(preset)))\">viewer</a></h2>\n<table><tr>"
            for c in cells { out += "<th>\(html(c.step))</th>" }
            out += "</tr>\n<tr>"
            for (i, c) in cells.enumerated() {
                let link = "\(viewerFile(preset))#step=\(i + 1)"
                out += "<td><a href=\"\(html(link))\" title=\"open this step in the viewer\"><img src=\"\(html(c.file))\" alt=\"\(html(preset.name)) \(html(c.step))\"/></a>"
                for f in c.failures { out += "<ul><li class=\"bad\"><b>delegate failed</b>: \(html(f))</li></ul>" }
                if c.diagnostics.isEmpty && c.failures.isEmpty {
                    out += "<ul class=\"ok\"><li>no diagnostics</li></ul>"
                } else if !c.diagnostics.isEmpty {
                    out += "<ul>"
                    for d in c.diagnostics {
                        let k = d.severity == .error ? "bad" : d.severity == .warning ? "warn" : ""
                        out += "<li class=\"\(k)\"><b>\(d.severity) \(d.code)</b>: \(html(d.message))</li>"
                    }
                    out += "</ul>"
                }
                out += "</td>"
            }
            out += "</tr></table>\n"
        }
        return out + "</body></html>\n"
    }
}
