// The usage texts of `navlayout` (issue 18): `navlayout --help` lists every sub-command,
// `navlayout COMMAND --help` (or `-h`) prints that command's usage, what it does and its options,
// and exits 0. The flags are those `python -m navlayout COMMAND --help` documents
// (bindings/python/navlayout/cli/; bindings/python/tests/test_cli.py compares the two).
import Foundation
import NavigationUI

/// One sub-command's help.
struct CommandHelp {
    /// The sub-command, e.g. `demo`.
    let name: String
    /// Its usage line(s) without the leading `usage: ` (continuation lines indented to match).
    let synopsis: String
    /// What it does, as the top-level help lists it (lines indented by 12 after the first).
    let summary: String
    /// Its options, one `  FLAG  description` entry each (the `options:` block of its help).
    let options: [(flag: String, description: String)]

    /// `navlayout NAME --help`: usage, what it does, the options and the preset names.
    var text: String {
        let width = max(options.map(\.flag.count).max() ?? 0, "-h, --help".count) + 4
        func entry(_ flag: String, _ description: String) -> String {
            let lines = description.split(separator: "\n", omittingEmptySubsequences: false)
            let padding = String(repeating: " ", count: 2 + width)
            return "  " + flag + String(repeating: " ", count: width - flag.count) + lines[0]
                + lines.dropFirst().map { "\n" + padding + $0 }.joined()
        }
        let about = summary.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
        var text = "usage: " + synopsis + "\n\n" + about.prefix(1).uppercased() + about.dropFirst() + "\n\noptions:\n"
        text += entry("-h, --help", "show this help and exit") + "\n"
        for option in options { text += entry(option.flag, option.description) + "\n" }
        return text + "\n" + presetList + "\n"
    }
}

/// `presets: iphone-portrait, …`: the last line of every help text.
let presetList = "presets: \(DevicePreset.all.map(\.name).joined(separator: ", "))"

private let delegateHelp = "sample: the seed's sample layout (default); wide: the example with\na wide-mode variant; builtin: the map view's own layout"

/// The sub-commands in the order `navlayout --help` lists them.
let commandHelps: [CommandHelp] = [
    CommandHelp(
        name: "demo",
        synopsis: "navlayout demo [--preset] [NAME] [--delegate sample|wide|builtin] [--json] [--svg DIR]",
        summary: """
            drive enable → guidance → incident prompt (0, 0.2, 0.4 s) → dismissed → stop →
            disable with a layout delegate (default: the sample; wide: the example with a
            wide-mode variant; builtin: the map view's own layout) and print each step's
            frames and camera. --json prints a JSON snapshot of each step instead of the
            table (schema: docs/snapshot-schema.md); --svg DIR also writes one SVG per step
            and DIR/index.html showing them in order
            """,
        options: [
            ("NAME, --preset NAME", "the device preset (default: iphone-portrait; the plain NAME\nwins when both are given)"),
            ("--delegate D", delegateHelp),
            ("--json", "print a JSON snapshot of each step instead of the table\n(schema: docs/snapshot-schema.md)"),
            ("--svg DIR", "also write one SVG per step and DIR/index.html showing them in order"),
        ]),
    CommandHelp(
        name: "gallery",
        synopsis: "navlayout gallery [--delegate sample|wide|builtin] [--out DIR] [--presets A,B,...]",
        summary: """
            drive the standard session (as view does) on every preset; write one
            SVG per step, one viewer page per preset (OUT/PRESET.html) and
            OUT/index.html, whose cells link to their step in the viewer (default
            OUT: gallery); exits 1 when any error-severity diagnostic appears or
            the delegate fails
            """,
        options: [
            ("--delegate D", delegateHelp),
            ("--out DIR", "the output directory (default: gallery)"),
            ("--presets A,B,...", "only these presets, comma-separated (in the order of the preset list)"),
        ]),
    CommandHelp(
        name: "view",
        synopsis: "navlayout view [--delegate sample|wide|builtin] [--preset NAME] [--out FILE] [--rtl]",
        summary: """
            record the standard session (ready, guidance, each prompt kind shown
            and dismissed, a map pan and re-center, the speed widget's modes, the
            rotation or split view where the preset has one, stop, disable) and write
            one self-contained HTML page (default FILE: viewer.html) to explore it:
            the device, every view, the timeline with the animations sampled at
            60 per second, each view's frame and constraints, the diagnostics.
            --rtl runs it right-to-left. Exits 1 when the delegate failed (the
            page shows where)
            """,
        options: [
            ("--delegate D", delegateHelp + " (python -m navlayout view\nalso takes MODULE:CALLABLE: a delegate written in Python)"),
            ("--preset NAME", "the device preset (default: iphone-portrait)"),
            ("--out FILE", "the page to write (default: viewer.html)"),
            ("--rtl", "run right-to-left"),
        ]),
    CommandHelp(
        name: "sweep",
        synopsis: """
            navlayout sweep [--delegate sample|wide|builtin] [--axis width|height] [--from A] [--to B]
                                   [--height H | --width W] [--insets T,L,B,R] [--rtl] [--step S]
                                   [--threads N] [--out DIR] [--json]
            """,
        summary: """
            run the standard session at every size from A to B points along the
            axis (default: width 320 to 1400 at height 1180, or height 320 to
            1400 at width 820; insets 24,0,20,0 as the iPad's) and print the
            bands: maximal ranges with the same wide mode, diagnostics (step,
            code, items) and delegate failures. Sizes are sampled every S points
            (default 8), then bisected where the result changes: each boundary
            is exact to 0.01 pt. Runs on every core (--threads N to choose).
            --out DIR writes DIR/index.html, a band chart linking each band to
            a viewer page at its midpoint (DIR/band-N.html); --json prints the
            result as JSON (docs/sweep-schema.md). Exits 1 when a band has an
            error diagnostic or a delegate failure
            """,
        options: [
            ("--delegate D", delegateHelp),
            ("--axis width|height", "the axis to sweep (default: width)"),
            ("--from A", "first size (points; default 320)"),
            ("--to B", "last size (points; default 1400)"),
            ("--height H", "the fixed height of a width sweep (default 1180)"),
            ("--width W", "the fixed width of a height sweep (default 820)"),
            ("--insets T,L,B,R", "safe-area insets in points (default 24,0,20,0)"),
            ("--rtl", "right-to-left"),
            ("--step S", "points between the first samples (default 8)"),
            ("--threads N", "threads (default 0: one per core; python -m navlayout sweep\ntakes --processes N, worker processes)"),
            ("--out DIR", "write DIR/index.html and DIR/band-N.html"),
            ("--json", "print the result as JSON (docs/sweep-schema.md)"),
        ]),
    CommandHelp(
        name: "presets",
        synopsis: "navlayout presets",
        summary: "list the device presets (docs/behaviour.md#device-presets): size and safe area in points",
        options: []),
]

/// `navlayout --help`: every sub-command's usage line, then what each does.
let usage: String = {
    var text = ""
    for (i, command) in commandHelps.enumerated() {
        text += (i == 0 ? "usage: " : "       ") + command.synopsis + "\n"
    }
    text += "       navlayout COMMAND --help      (each command's options)\n"
    for command in commandHelps {
        text += "\n  " + command.name + String(repeating: " ", count: max(1, 10 - command.name.count))
        text += command.summary.split(separator: "\n").joined(separator: "\n            ")
    }
    return text + "\n\n" + presetList
}()

/// Whether the arguments after the sub-command ask for its help (`--help` or `-h` anywhere).
func asksForHelp(_ arguments: [String]) -> Bool {
    arguments.contains("--help") || arguments.contains("-h")
}
