import Foundation
import LayoutEngine
import NavigationUI
import NavLayoutWorkbench

/// The standard demo session of docs/behaviour.md#acceptance-values, shared by the `navlayout demo` command and the tests:
/// enable navigation, start guidance, an incident prompt sampled at 0, 0.2 and 0.4 s, the prompt
/// dismissed (0.4 s later), guidance stopped, navigation disabled.
public enum DemoSession {
    /// One step of the session: its name and the map view's state right after it.
    public struct Step {
        public let name: String
        public let lines: [String]
    }

    /// The steps' names, in order (the C and Python examples print the same).
    public static let stepNames = SessionScript.demo.steps.map(\.name)

    /// Drives the session (`SessionScript.demo`, run by the workbench's `SessionDriver`) on `map`
    /// with `delegate` (nil keeps the built-in layout), calling `observe` after each step. Stops
    /// at the first error and throws it, as the C and Python examples do.
    public static func run(on map: NavigationMapView, delegate: NavigationLayoutDelegate?,
                           observe: (String) throws -> Void) throws {
        if let delegate { try map.setLayoutDelegate(delegate) }
        try SessionDriver.run(.demo, on: map, stopOnFailure: true) { _, step, _ in try observe(step.name) }
    }

    /// The table lines for the map view's current state, in the format the C and Python examples
    /// print byte for byte: a depth-first walk of the hierarchy (presented frames, points), then
    /// the camera when the viewport is in the hierarchy, or `  (empty)`.
    public static func tableLines(_ map: NavigationMapView) -> [String] {
        var lines: [String] = []
        func walk(_ view: LayoutView, depth: Int) {
            for v in view.subviews {
                let f = v.frame
                var name = String(repeating: "  ", count: depth) + v.identifier
                if name.count < 20 { name += String(repeating: " ", count: 20 - name.count) } // C's %-20s
                lines.append(name + String(format: "%9.1f%9.1f%9.1f%9.1f", f.x, f.y, f.width, f.height)
                             + (v.isHidden ? " hidden" : ""))
                walk(v, depth: depth + 1)
            }
        }
        walk(map, depth: 1)
        if lines.isEmpty { lines.append("  (empty)") }
        if map.viewport.isInSubtree(of: map) {
            let c = map.camera
            lines.append(String(format: "  camera padding %.1f %.1f %.1f %.1f vehicle %.1f %.1f",
                                c.padding.top, c.padding.left, c.padding.bottom, c.padding.right,
                                c.vehiclePoint.x, c.vehiclePoint.y))
        }
        return lines
    }

    /// The whole demo as text: `== step ==` then the table, for every step.
    public static func table(preset: String, delegate: NavigationLayoutDelegate?) throws -> String {
        let map = try NavigationMapView(preset: preset)
        defer { map.invalidate() }
        var out = ""
        try run(on: map, delegate: delegate) { step in
            out += "== \(step) ==\n"
            for line in tableLines(map) { out += line + "\n" }
        }
        return out
    }
}
