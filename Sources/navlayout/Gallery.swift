// `navlayout gallery`: every preset through the standard session, one page of pictures and
// diagnostics (issue 4: what app teams run before a release).
import Foundation
import LayoutEngine
import NavigationUI

/// One picture of the gallery: a step of a preset's session.
struct GalleryCell {
    let step: String
    let file: String
    let diagnostics: [LayoutDiagnostic]
}

/// The session the gallery drives on each preset: ready, guidance, each prompt kind (shown, after
/// its 0.4 s slide), rotation to the landscape/portrait twin and back where the preset has one,
/// guidance stopped.
enum Gallery {
    static let twins = ["iphone-portrait": "iphone-landscape", "iphone-landscape": "iphone-portrait"]

    static func run(preset: DevicePreset, makeDelegate: () -> NavigationLayoutDelegate?,
                    directory: String, progress: (String) -> Void) throws -> (cells: [GalleryCell], note: String?) {
        let map = try NavigationMapView(preset: preset.name)
        defer { map.invalidate() }
        var note: String?
        if let d = makeDelegate() {
            if preset.isCarPlay {
                note = "CarPlay refuses layout delegates (SPEC §3): built-in layout"
            } else {
                try map.setLayoutDelegate(d)
            }
        }
        var cells: [GalleryCell] = []
        func shoot(_ step: String) throws {
            progress(step)
            let file = "\(preset.name)-\(String(format: "%02d", cells.count + 1))-\(step).svg"
            let svg = map.snapshotSVG(title: "\(preset.name) · \(step)")
            try svg.write(toFile: directory + "/" + file, atomically: true, encoding: .utf8)
            cells.append(GalleryCell(step: step, file: file, diagnostics: map.diagnostics))
        }
        try map.setNavigationEnabled(true)
        try shoot("ready")
        try map.startGuidance()
        try shoot("guidance")
        for kind in NavigationPromptKind.allCases {
            if try map.triggerPrompt(kind) == nil { continue }
            try map.advanceTime(by: 0.4)
            try shoot("\(kind)")
            try map.dismissPrompt()
            try map.advanceTime(by: 0.4)
        }
        if let twinName = twins[preset.name], let twin = DevicePreset.named(twinName) {
            try map.setSize(twin.size, safeArea: twin.safeArea)
            try shoot("rotated")
            try map.setSize(preset.size, safeArea: preset.safeArea)
            try shoot("rotated-back")
        }
        try map.stopGuidance()
        try shoot("stopped")
        try map.setNavigationEnabled(false)
        return (cells, note)
    }

    static func html(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func summary(_ cells: [GalleryCell]) -> (errors: Int, warnings: Int, infos: Int) {
        var e = 0, w = 0, i = 0
        for c in cells { for d in c.diagnostics {
            switch d.severity { case .error: e += 1; case .warning: w += 1; case .info: i += 1 }
        } }
        return (e, w, i)
    }

    static func page(delegate: String, rows: [(DevicePreset, [GalleryCell], String?)]) -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>NavLayout gallery — \(html(delegate))</title>
        <style>
        body { font-family: Helvetica, Arial, sans-serif; margin: 16px; color: #202124; }
        table { border-collapse: collapse; } td, th { border: 1px solid #dadce0; padding: 6px; vertical-align: top; }
        td img { display: block; max-height: 360px; max-width: 260px; }
        .ok { color: #188038; } .bad { color: #d93025; } .warn { color: #b06000; }
        ul { margin: 4px 0 0 0; padding-left: 16px; font-size: 11px; max-width: 260px; }
        </style></head><body>
        <h1>NavLayout gallery — delegate: \(html(delegate))</h1>

        """
        for (preset, cells, note) in rows {
            let s = summary(cells)
            let cls = s.errors > 0 ? "bad" : s.warnings > 0 ? "warn" : "ok"
            out += "<p class=\"\(cls)\"><b>\(html(preset.name))</b>: \(cells.count) steps, \(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos\(note.map { " — " + html($0) } ?? "")</p>\n"
        }
        for (preset, cells, _) in rows {
            out += "<h2>\(html(preset.name))</h2>\n<table><tr>"
            for c in cells { out += "<th>\(html(c.step))</th>" }
            out += "</tr>\n<tr>"
            for c in cells {
                out += "<td><img src=\"\(html(c.file))\" alt=\"\(html(preset.name)) \(html(c.step))\">"
                if c.diagnostics.isEmpty {
                    out += "<ul class=\"ok\"><li>no diagnostics</li></ul>"
                } else {
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
