import LayoutEngine
import NavigationUI

// Snapshot tests for app teams (issue 15 item 2): a golden snapshot (JSON of schema
// `navlayout.snapshot/1`, docs/snapshot-schema.md) against the map view now. The comparison, its
// table of differences and the side-by-side diff page are here, Foundation-free, for every
// language: Swift's NavLayoutTesting, C's nl_snapshot_compare / nl_snapshot_diff_page and
// Python's navlayout.testing do the files around them.

/// What changed between a golden snapshot and the current one: the views that moved (frame, to
/// the tolerance) or appeared, disappeared, or were hidden or shown; the diagnostics that came
/// or went (code, severity and items); the camera; the map view's size.
public struct SnapshotComparison: Sendable {
    /// A view in one snapshot or both, matched by identifier (the n-th view with the same
    /// identifier, in z-order, is `identifier #n` from the second on).
    public struct ViewChange: Sendable, Equatable {
        public let name: String
        /// nil when the view is not in that snapshot.
        public let before: Rect?
        public let after: Rect?
        public let hiddenBefore: Bool?
        public let hiddenAfter: Bool?
    }

    public let views: [ViewChange]
    /// Diagnostics of the current snapshot not in the golden one, and the other way round, as
    /// `severity code [items]: message`.
    public let diagnosticsAdded: [String]
    public let diagnosticsRemoved: [String]
    /// `(what, before, after)` for each camera value that changed (`viewport`, `padding`,
    /// `vehicle point`), and the map size.
    public let other: [(what: String, before: String, after: String)]
    public let tolerance: Double
    /// The rectangles of both snapshots' map views (for the overlay picture).
    let mapBefore: Size, mapAfter: Size

    public var matches: Bool { views.isEmpty && diagnosticsAdded.isEmpty && diagnosticsRemoved.isEmpty && other.isEmpty }

    /// Compares `current` with `golden` (both JSON of schema `navlayout.snapshot/1`, as
    /// `NavigationMapView.snapshotJSON()` writes them). Frames, the camera's rectangles and points
    /// are equal when every number is within `tolerance` points (default 0.001, the snapshots'
    /// precision); diagnostics by code, severity and items (messages name frames, which the
    /// frames already compare).
    /// - Throws: `NavLayoutError.invalidArgument` naming `golden` or `current` when it is not a
    ///   snapshot (not JSON, another schema, a missing member), or for a negative or NaN tolerance.
    public static func compare(golden: String, current: String, tolerance: Double = 0.001) throws -> SnapshotComparison {
        guard tolerance.isFinite && tolerance >= 0 else {
            throw NavLayoutError.invalidArgument("tolerance must be a finite number of points >= 0, not \(tolerance)")
        }
        let a = try Snapshot(golden, "golden"), b = try Snapshot(current, "current")
        func same(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= tolerance + 1e-9 }
        func sameRect(_ x: Rect, _ y: Rect) -> Bool {
            same(x.x, y.x) && same(x.y, y.y) && same(x.width, y.width) && same(x.height, y.height)
        }
        var views: [ViewChange] = []
        for name in a.viewOrder + b.viewOrder.filter({ a.views[$0] == nil }) {
            let x = a.views[name], y = b.views[name]
            if let x, let y, sameRect(x.frame, y.frame) && x.hidden == y.hidden { continue }
            views.append(ViewChange(name: name, before: x?.frame, after: y?.frame, hiddenBefore: x?.hidden, hiddenAfter: y?.hidden))
        }
        var added = b.diagnostics, removed: [(key: String, text: String)] = []
        for d in a.diagnostics {
            if let i = added.firstIndex(where: { $0.key == d.key }) { added.remove(at: i) } else { removed.append(d) }
        }
        var other: [(String, String, String)] = []
        if !same(a.mapSize.width, b.mapSize.width) || !same(a.mapSize.height, b.mapSize.height) {
            other.append(("map size", sizeText(a.mapSize), sizeText(b.mapSize)))
        }
        switch (a.camera, b.camera) {
        case (nil, nil): break
        case let (x?, y?):
            if !sameRect(x.viewport, y.viewport) { other.append(("camera viewport", rectText(x.viewport), rectText(y.viewport))) }
            let p = x.padding, q = y.padding
            if !(same(p.top, q.top) && same(p.left, q.left) && same(p.bottom, q.bottom) && same(p.right, q.right)) {
                other.append(("camera padding", insetsText(p), insetsText(q)))
            }
            if !(same(x.vehicle.x, y.vehicle.x) && same(x.vehicle.y, y.vehicle.y)) {
                other.append(("vehicle point", pointText(x.vehicle), pointText(y.vehicle)))
            }
        case let (x, y):
            other.append(("camera", x.map { rectText($0.viewport) } ?? "none", y.map { rectText($0.viewport) } ?? "none"))
        }
        return SnapshotComparison(views: views, diagnosticsAdded: added.map(\.text), diagnosticsRemoved: removed.map(\.text),
                                  other: other, tolerance: tolerance, mapBefore: a.mapSize, mapAfter: b.mapSize)
    }

    /// The differences as a readable table (empty when the snapshots match):
    ///
    ///     views that moved (x, y, width, height in points; before → after):
    ///       googleLogo   (0, 714, 72, 32)   (1, 714, 72, 32)
    ///     diagnostics added:
    ///       + warning overlap [googleLogo, compass]: …
    ///     camera:
    ///       camera viewport   (0, 163, 393, 583)   (0, 163, 393, 569)
    public var table: String {
        var out = ""
        if !views.isEmpty {
            out += "views that moved (x, y, width, height in points):\n"
            let rows = [("view", "before", "after")] + views.map { v in
                (v.name, describe(v.before, v.hiddenBefore), describe(v.after, v.hiddenAfter))
            }
            out += columns(rows)
        }
        if !diagnosticsAdded.isEmpty || !diagnosticsRemoved.isEmpty {
            out += "diagnostics (+ new, - gone):\n"
            for d in diagnosticsAdded { out += "  + \(d)\n" }
            for d in diagnosticsRemoved { out += "  - \(d)\n" }
        }
        if !other.isEmpty {
            out += "camera and map:\n"
            out += columns([("value", "before", "after")] + other.map { ($0.what, $0.before, $0.after) })
        }
        return out
    }

    private func describe(_ r: Rect?, _ hidden: Bool?) -> String {
        guard let r else { return "(not in the hierarchy)" }
        return rectText(r) + (hidden == true ? " hidden" : "")
    }

    private func columns(_ rows: [(String, String, String)]) -> String {
        let w0 = rows.map { $0.0.count }.max() ?? 0, w1 = rows.map { $0.1.count }.max() ?? 0
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(w - s.count, 0)) }
        return rows.map { "  \(pad($0.0, w0))   \(pad($0.1, w1))   \($0.2)\n" }.joined()
    }
}

/// The parts of a `navlayout.snapshot/1` document a comparison reads.
private struct Snapshot {
    struct View { let frame: Rect; let hidden: Bool }
    struct Camera { let viewport: Rect; let padding: EdgeInsets; let vehicle: Point }
    var views: [String: View] = [:]
    var viewOrder: [String] = []
    var diagnostics: [(key: String, text: String)] = []
    var camera: Camera?
    var mapSize = Size(width: 0, height: 0)

    init(_ text: String, _ name: String) throws {
        func bad(_ what: String) -> NavLayoutError { .invalidArgument("\(name): \(what)") }
        let v: JSONValue
        do { v = try JSONValue.parse(text) } catch { throw bad("not a layout snapshot: \(error)") }
        guard v["schema"]?.string == "navlayout.snapshot/1" else { throw bad("not a layout snapshot: schema is not \"navlayout.snapshot/1\"") }
        func rect(_ r: JSONValue?) throws -> Rect {
            guard let r, let x = r["x"]?.number, let y = r["y"]?.number, let w = r["width"]?.number, let h = r["height"]?.number else {
                throw bad("a rect needs x, y, width and height")
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
        guard let size = v["mapSize"], let w = size["width"]?.number, let h = size["height"]?.number,
              let views = v["views"]?.array, let diagnostics = v["diagnostics"]?.array else {
            throw bad("a layout snapshot needs mapSize, views and diagnostics")
        }
        mapSize = Size(width: w, height: h)
        var identifiers: [Int: String] = [:]
        var seen: [String: Int] = [:]
        for view in views {
            guard let id = view["identifier"]?.string, let hidden = view["hidden"]?.bool else { throw bad("a view needs identifier and hidden") }
            let n = (seen[id] ?? 0) + 1
            seen[id] = n
            let key = (id.isEmpty ? "(no identifier)" : id) + (n > 1 ? " #\(n)" : "")
            if let index = view["id"]?.number, let i = Int(exactly: index) { identifiers[i] = key }
            self.views[key] = View(frame: try rect(view["frame"]), hidden: hidden)
            viewOrder.append(key)
        }
        for d in diagnostics {
            guard let code = d["code"]?.string, let severity = d["severity"]?.string, let items = d["items"]?.array else {
                throw bad("a diagnostic needs code, severity and items")
            }
            let names = items.map { item -> String in
                if let i = item["id"]?.number, let n = Int(exactly: i), let key = identifiers[n] { return key }
                return item["identifier"]?.string ?? "?"
            }
            let key = "\(severity) \(code) [\(names.joined(separator: ", "))]"
            self.diagnostics.append((key, key + ": " + (d["message"]?.string ?? "")))
        }
        if let c = v["camera"], !c.isNull {
            guard let p = c["padding"], let top = p["top"]?.number, let left = p["left"]?.number, let bottom = p["bottom"]?.number,
                  let right = p["right"]?.number, let vp = c["vehiclePoint"], let vx = vp["x"]?.number, let vy = vp["y"]?.number else {
                throw bad("a camera needs viewport, padding and vehiclePoint")
            }
            camera = Camera(viewport: try rect(c["viewport"]), padding: EdgeInsets(top: top, left: left, bottom: bottom, right: right),
                            vehicle: Point(x: vx, y: vy))
        }
    }
}

func rectText(_ r: Rect) -> String { "(\(formatPoints(r.x)), \(formatPoints(r.y)), \(formatPoints(r.width)), \(formatPoints(r.height)))" }
func sizeText(_ s: Size) -> String { "\(formatPoints(s.width)) × \(formatPoints(s.height))" }
func pointText(_ p: Point) -> String { "(\(formatPoints(p.x)), \(formatPoints(p.y)))" }
func insetsText(_ e: EdgeInsets) -> String { "(\(formatPoints(e.top)), \(formatPoints(e.left)), \(formatPoints(e.bottom)), \(formatPoints(e.right)))" }
