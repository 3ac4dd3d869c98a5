// navlayout: runs a layout delegate through the standard navigation session on a device preset
// and prints every frame at every step (docs/behaviour.md#expected-frames).
import Foundation
import LayoutEngine
import NavigationUI
import NavLayoutExamples
import NavLayoutWorkbench

// `usage` and each sub-command's help: Help.swift.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write((message + "\n").data(using: .utf8)!)
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else { fail(usage) }
args.removeFirst()
// `navlayout COMMAND --help` / `-h`: that command's usage and options, exit 0 (issue 18).
if let help = commandHelps.first(where: { $0.name == command }), asksForHelp(args) {
    print(help.text, terminator: "")
    exit(0)
}

func option(_ name: String, default value: String) -> String {
    guard let i = args.firstIndex(of: name) else { return value }
    guard i + 1 < args.count else { fail("\(name) needs a value\n\n\(usage)") }
    let v = args[i + 1]
    args.removeSubrange(i...(i + 1))
    return v
}

/// The delegate a `--delegate` name makes (nil: the built-in layout); exits 2 for another name,
/// with the command's prefix as its other messages (`navlayout view: unknown --delegate …`).
@Sendable func makeDelegate(_ name: String) -> NavigationLayoutDelegate? {
    switch name {
    case "sample": return SampleLayoutDelegate()
    case "wide": return WideLayoutDelegate()
    case "builtin": return nil
    default:
        // A delegate written in Python (MODULE:CALLABLE, FILE.py:CALLABLE) runs in python -m navlayout view.
        let command = CommandLine.arguments.dropFirst().first ?? ""
        let python = command == "view" && name.contains(":") ? " (a Python delegate, MODULE:CALLABLE, runs with python -m navlayout view)" : ""
        fail("navlayout \(command): unknown --delegate \"\(name)\"; delegates: sample, wide, builtin\(python)")
    }
}

func flag(_ name: String) -> Bool {
    guard let i = args.firstIndex(of: name) else { return false }
    args.remove(at: i)
    return true
}

/// Creates the output directory `path` given with `flagName`; exits 2 naming the flag when it cannot.
func makeDirectory(_ path: String, flag flagName: String) {
    do { try createDirectories(path) } catch let error as OutputError {
        failWriting("navlayout", flag: flagName, value: path, error)
    } catch { fail("navlayout: cannot write \(flagName) \(path): \(error)") }
}

func fileName(_ step: String) -> String {
    String(step.map { $0.isLetter || $0.isNumber ? $0 : "-" })
}

switch command {
case "demo":
    var preset = option("--preset", default: "iphone-portrait")
    let delegateName = option("--delegate", default: "sample")
    let svgDirectory = option("--svg", default: "")
    let json = flag("--json")
    // The preset may also be given as a plain argument, as the C and Python examples take it.
    if args.count == 1 && !args[0].hasPrefix("-") { preset = args.removeFirst() }
    if !args.isEmpty { fail("unexpected arguments: \(args.joined(separator: " "))\n\n\(usage)") }
    var delegate = makeDelegate(delegateName)
    if DevicePreset.named(preset)?.isCarPlay == true && delegate != nil {
        // docs/behaviour.md#setting-the-layout-delegate: a CarPlay map view refuses layout delegates; it keeps the built-in layout.
        FileHandle.standardError.write("navlayout: \(preset) is a CarPlay screen, which refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate); running with the built-in layout\n".data(using: .utf8)!)
        delegate = nil
    }
    if !svgDirectory.isEmpty { makeDirectory(svgDirectory, flag: "--svg") }
    do {
        let map = try NavigationMapView(preset: preset)
        defer { map.invalidate() }
        var index: [(String, String)] = []
        var snapshots: [String] = []
        try DemoSession.run(on: map, delegate: delegate) { step in
            if json {
                snapshots.append("{\"step\":\"\(step)\",\"snapshot\":\(map.snapshotJSON())}")
            } else {
                print("== \(step) ==")
                for line in DemoSession.tableLines(map) { print(line) }
            }
            if !svgDirectory.isEmpty {
                let file = String(format: "%02d-", index.count + 1) + fileName(step) + ".svg"
                try writeText(map.snapshotSVG(title: "\(preset) · \(step)"), toFile: joined(svgDirectory, file))
                index.append((step, file))
            }
        }
        if json {
            print("{\"preset\":\"\(preset)\",\"delegate\":\"\(delegateName)\",\"steps\":[")
            print(snapshots.joined(separator: ",\n"))
            print("]}")
        }
        if !svgDirectory.isEmpty {
            // Well-formed XML as well as HTML, whatever the names hold (issue 17).
            let e = markupEscaped
            var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>navlayout demo — \(e(preset))</title>"
            html += "<style>body{font-family:Helvetica,Arial,sans-serif;margin:16px} figure{display:inline-block;margin:8px;vertical-align:top} img{max-height:480px}</style></head><body>\n"
            html += "<h1>navlayout demo — \(e(preset)), delegate \(e(delegateName))</h1>\n"
            for (i, (step, file)) in index.enumerated() {
                html += "<figure><img src=\"\(e(file))\" alt=\"\(e(step))\"/><figcaption>\(i + 1). \(e(step))</figcaption></figure>\n"
            }
            html += "</body></html>\n"
            try writeText(html, toFile: joined(svgDirectory, "index.html"))
            FileHandle.standardError.write("navlayout: wrote \(index.count) SVGs and index.html to \(svgDirectory)\n".data(using: .utf8)!)
        }
    } catch let error as OutputError {
        failWriting("navlayout", flag: "--svg", value: svgDirectory, error)
    } catch let error as NavLayoutError {
        fail("navlayout: \(error.message)")
    } catch {
        fail("navlayout: \(error)")
    }
case "gallery":
    let delegateName = option("--delegate", default: "sample")
    let out = option("--out", default: "gallery")
    let only = option("--presets", default: "")
    if !args.isEmpty { fail("unexpected arguments: \(args.joined(separator: " "))\n\n\(usage)") }
    _ = makeDelegate(delegateName) // validates the name
    var presets = DevicePreset.all
    if !only.isEmpty {
        let names = only.split(separator: ",").map(String.init)
        for n in names where DevicePreset.named(n) == nil { fail("unknown preset \"\(n)\"") }
        presets = presets.filter { names.contains($0.name) }
    }
    makeDirectory(out, flag: "--out")
    var rows: [(DevicePreset, [GalleryCell], String?)] = []
    var errors = 0
    for (i, preset) in presets.enumerated() {
        FileHandle.standardError.write("[\(i + 1)/\(presets.count)] \(preset.name):".data(using: .utf8)!)
        do {
            let (cells, note) = try Gallery.run(preset: preset, makeDelegate: { makeDelegate(delegateName) }, title: delegateName,
                                                directory: out) { step in
                FileHandle.standardError.write(".".data(using: .utf8)!)
            }
            let s = Gallery.summary(cells)
            errors += s.errors
            FileHandle.standardError.write(" — \(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos\n".data(using: .utf8)!)
            rows.append((preset, cells, note))
        } catch let error as OutputError {
            FileHandle.standardError.write("\n".data(using: .utf8)!)  // ends the progress line: the gallery stops
            failWriting("navlayout", flag: "--out", value: out, error)
        } catch {
            FileHandle.standardError.write(" — failed: \(error)\n".data(using: .utf8)!)
            errors += 1
        }
    }
    do {
        try writeText(Gallery.page(delegate: delegateName, rows: rows), toFile: joined(out, "index.html"))
    } catch let error as OutputError {
        failWriting("navlayout", flag: "--out", value: out, error)
    } catch { fail("navlayout: cannot write --out \(out): \(error)") }
    print("gallery: \(out)/index.html — \(rows.count) presets, \(errors) error diagnostics")
    exit(errors > 0 ? 1 : 0)
case "view":
    let preset = option("--preset", default: "iphone-portrait")
    let delegateName = option("--delegate", default: "sample")
    let out = option("--out", default: "viewer.html")
    let rtl = flag("--rtl")
    if !args.isEmpty { fail("unexpected arguments: \(args.joined(separator: " "))\n\n\(usage)") }
    guard let devicePreset = DevicePreset.named(preset) else {
        fail("navlayout view: unknown --preset \"\(preset)\"; presets: \(DevicePreset.all.map(\.name).joined(separator: ", "))")
    }
    var delegate = makeDelegate(delegateName)
    if devicePreset.isCarPlay && delegate != nil {
        FileHandle.standardError.write("navlayout: \(preset) is a CarPlay screen, which refuses layout delegates (docs/behaviour.md#setting-the-layout-delegate); running with the built-in layout\n".data(using: .utf8)!)
        delegate = nil
    }
    // Checked before the session runs: a page that cannot be written is not recorded.
    if let problem = outputFileProblem(out) { fail("navlayout view: cannot write --out \(out): \(problem)") }
    do {
        let map = try NavigationMapView(preset: preset, options: .init(layoutDirection: rtl ? .rightToLeft : .leftToRight))
        defer { map.invalidate() }
        if let delegate { try map.setLayoutDelegate(delegate) }  // nil: the built-in layout (CarPlay refuses any call)
        var counts = (errors: 0, warnings: 0)
        let recorder = SessionRecorder(map: map, title: delegateName + (rtl ? " (right-to-left)" : ""), preset: preset)
        let recording = try recorder.record(.standard(for: map, preset: preset)) { _, _, _ in
            for d in map.diagnostics {
                if d.severity == .error { counts.errors += 1 } else if d.severity == .warning { counts.warnings += 1 }
            }
        }
        let page = ViewerPage.html(recording, title: delegateName + (rtl ? " (right-to-left)" : ""), preset: preset)
        do {
            try writeText(page, toFile: out)
        } catch let error as OutputError {
            failWriting("navlayout view", flag: "--out", value: out, error)
        }
        for f in recording.failures { FileHandle.standardError.write("navlayout view: the delegate failed: \(f)\n".data(using: .utf8)!) }
        print("view: \(out) — \(recording.steps.count) steps, \(counts.errors) error and \(counts.warnings) warning diagnostics; open it in a browser")
        exit(recording.failures.isEmpty ? 0 : 1)
    } catch let error as NavLayoutError {
        fail("navlayout view: \(error.message)")
    } catch {
        fail("navlayout view: \(error)")
    }
case "sweep":
    sweepCommand()
case "presets":
    if !args.isEmpty { fail("unexpected arguments: \(args.joined(separator: " "))\n\n\(usage)") }
    for p in DevicePreset.all {
        let s = p.safeArea
        print("\(p.name): \(formatPoints(p.size.width)) × \(formatPoints(p.size.height)), safe area (top \(formatPoints(s.top)), left \(formatPoints(s.left)), bottom \(formatPoints(s.bottom)), right \(formatPoints(s.right)))\(p.isCarPlay ? ", CarPlay" : "")")
    }
case "-h", "--help", "help":
    print(usage)
default:
    fail("unknown command \"\(command)\"\n\n\(usage)")
}
