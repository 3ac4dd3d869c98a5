import LayoutEngine
import NavigationUI

// The session recorder (issue 14): runs a script on a map view with whatever delegate it has
// (Swift, C or Python) and records every step as JSON, schema `navlayout.recording/1`
// (docs/recording-schema.md): the hierarchy in z-order with frames, kinds and roles, the
// constraints, the camera and the diagnostics at each step's start and end, and, while the clock
// runs, the presented frames at every 1/60 s tick.

/// A recorded session: the JSON (schema `navlayout.recording/1`) and a summary.
public struct SessionRecording {
    /// The recording as JSON text (plain JSON: embed it in HTML only through `ViewerPage`).
    public let json: String
    /// The steps' names and outcomes, in order.
    public let steps: [(name: String, outcome: StepOutcome)]

    /// Every failure, as "step name: message".
    public var failures: [String] {
        steps.flatMap { step in step.outcome.failures.map { "\(step.name): \($0)" } }
    }
}

/// Records a session on one map view. Use once: `record(_:observe:)`.
public final class SessionRecorder {
    private let map: NavigationMapView
    private let title: String
    private let preset: String?
    /// Stable keys for views and guides (object identity → key), with the objects kept alive for
    /// the recording so an identity is never reused by another object.
    private var keys: [ObjectIdentifier: Int] = [:]
    private var keptItems: [LayoutItem] = []
    private var itemJSON: [String] = []
    /// Constraint versions (object, constant, priority, identifier, broken) → index in the table.
    private var constraintIndex: [ConstraintVersion: Int] = [:]
    private var keptConstraints: [LayoutConstraint] = []
    private var constraintJSON: [String] = []

    /// Runs before every event and clock step of the session (the C layer clears its per-call
    /// failure message there, so each callback failure is seen).
    public var beforeEach: () -> Void = {}

    private struct ConstraintVersion: Hashable {
        let object: ObjectIdentifier
        let constant: Double
        let priority: Float
        let identifier: String
        let broken: Bool
        let holds: Bool
    }

    /// - Parameters:
    ///   - map: the map view, with its delegate set (or none: the built-in layout) and navigation
    ///     disabled.
    ///   - title: what the page calls the run (e.g. the delegate's name).
    ///   - preset: the device preset (docs/behaviour.md#device-presets) the map view was made from, or nil.
    public init(map: NavigationMapView, title: String, preset: String?) {
        self.map = map
        self.title = title
        self.preset = preset
    }

    /// Runs `script` on the map view and records it. Failures of the delegate are recorded in their
    /// step and the session goes on (SessionDriver.run with `stopOnFailure: false`). `observe` runs
    /// after each step at rest, as with `SessionDriver.run`.
    /// - Throws: what `SessionDriver.checkCanRun` throws (nothing has changed then); what `observe`
    ///   throws (the recording is lost then).
    public func record(_ script: SessionScript,
                       observe: (Int, SessionStep, StepOutcome) throws -> Void = { _, _, _ in }) throws -> SessionRecording {
        try SessionDriver.checkCanRun(script, on: map)
        var stepJSON: [String] = []
        var steps: [(String, StepOutcome)] = []
        for (i, step) in script.steps.enumerated() {
            let start = map.currentTime
            var outcome = StepOutcome()
            SessionDriver.perform(step, on: map, into: &outcome, beforeEach: beforeEach)
            let first = state()
            var samples: [String] = []
            let willPass: Bool
            switch step.timing {
            case .instant: willPass = false
            case .advance: willPass = true
            case .settle: willPass = SessionDriver.isAnimating(map)
            }
            if willPass { samples.append(sample(at: 0)) }
            SessionDriver.passTime(step.timing, on: map, sampling: true, into: &outcome, beforeEach: beforeEach) { elapsed in
                samples.append(sample(at: elapsed))
            }
            var states = [first]
            if outcome.duration > 0 { states.append(state()) }
            var s = "{\"index\":\(i),\"name\":\(jsonString(step.name))"
            s += ",\"events\":[\(step.events.map { jsonString($0.label) }.joined(separator: ","))]"
            s += ",\"time\":\(num(start)),\"duration\":\(num(outcome.duration))"
            s += ",\"failures\":[\(outcome.failures.map(jsonString).joined(separator: ","))]"
            s += ",\"notes\":[\(outcome.notes.map(jsonString).joined(separator: ","))]"
            s += ",\"states\":[\(states.joined(separator: ","))]"
            s += ",\"samples\":[\(samples.joined(separator: ",\n"))]}"
            stepJSON.append(s)
            steps.append((step.name, outcome))
            try observe(i, step, outcome)
        }
        var out = "{\"schema\":\"navlayout.recording/1\""
        out += ",\"title\":\(jsonString(title)),\"preset\":\(preset.map(jsonString) ?? "null")"
        out += ",\"script\":\(jsonString(script.name))"
        out += ",\"layoutDirection\":\(jsonString(map.layoutDirection == .leftToRight ? "leftToRight" : "rightToLeft"))"
        out += ",\"carPlay\":\(map.options.carPlay),\"customDelegate\":\(map.layoutDelegate != nil)"
        out += ",\"sampleRate\":60"
        out += ",\"items\":[\n\(itemJSON.joined(separator: ",\n"))]"
        out += ",\"constraints\":[\n\(constraintJSON.joined(separator: ",\n"))]"
        out += ",\"steps\":[\n\(stepJSON.joined(separator: ",\n"))]}"
        keptItems.removeAll()
        keptConstraints.removeAll()
        return SessionRecording(json: out, steps: steps)
    }

    // MARK: Keys and tables

    private func key(_ item: LayoutItem) -> Int {
        let id = ObjectIdentifier(item)
        if let k = keys[id] { return k }
        let k = keptItems.count
        keys[id] = k
        keptItems.append(item)
        let isView = item is LayoutView
        var s = "{\"key\":\(k),\"type\":\(jsonString(isView ? "view" : "guide")),\"identifier\":\(jsonString(item.identifier))"
        s += ",\"role\":\(item.role.map(jsonString) ?? "null")"
        if let v = item as? LayoutView { s += ",\"kind\":\(jsonString(map.snapshotKind(v)))" }
        if let g = item as? LayoutGuide { s += ",\"builtIn\":\(g.isBuiltIn)" }
        itemJSON.append(s + "}")
        return k
    }

    private func constraintKey(_ c: LayoutConstraint) -> Int {
        let holds = c.holdsExactly
        let version = ConstraintVersion(object: ObjectIdentifier(c), constant: c.constant, priority: c.priority.rawValue,
                                        identifier: c.identifier, broken: c.isBroken, holds: holds)
        if let i = constraintIndex[version] { return i }
        let i = constraintJSON.count
        constraintIndex[version] = i
        keptConstraints.append(c)
        func anchor(_ a: LayoutAnchor) -> String {
            "{\"item\":\(key(a.item)),\"attribute\":\(jsonString("\(a.attribute)"))}"
        }
        var s = "{\"index\":\(i),\"text\":\(jsonString(c.constraintText))"
        s += ",\"first\":\(anchor(c.firstAnchor)),\"second\":\(c.secondAnchor.map(anchor) ?? "null")"
        s += ",\"relation\":\(jsonString("\(c.relation)")),\"multiplier\":\(num(c.multiplier)),\"constant\":\(num(c.constant))"
        s += ",\"priority\":\(num(Double(c.priority.rawValue)))"
        s += ",\"owner\":\(jsonString(c.isEngineOwned ? "engine" : "host"))"
        if c.isEngineOwned { s += ",\"role\":\(jsonString(c.engineRole))" }
        if !c.identifier.isEmpty { s += ",\"identifier\":\(jsonString(c.identifier))" }
        s += ",\"installedOn\":\(c.installedOn.map { String(key($0)) } ?? "null")"
        s += ",\"broken\":\(c.isBroken),\"holds\":\(holds)}"
        constraintJSON.append(s)
        return i
    }

    // MARK: States and samples

    /// The whole map view now: see docs/recording-schema.md, "state".
    private func state() -> String {
        let diagnostics = map.diagnostics  // performs a pending layout pass first
        var views: [LayoutView] = []
        map.forEachView { views.append($0) }
        var constraints: [LayoutConstraint] = []
        for v in views {
            constraints += v.installedConstraints.sorted { $0.serial < $1.serial }
        }
        let constraintKeys = constraints.map(constraintKey)
        var naming: [ObjectIdentifier: [Int]] = [:]
        for (c, k) in zip(constraints, constraintKeys) {
            naming[ObjectIdentifier(c.firstAnchor.item), default: []].append(k)
            if let second = c.secondAnchor?.item, second !== c.firstAnchor.item {
                naming[ObjectIdentifier(second), default: []].append(k)
            }
        }
        var s = "{\"time\":\(num(map.currentTime))"
        s += ",\"mapSize\":[\(num(map.size.width)),\(num(map.size.height))],\"safeArea\":\(insets(map.safeArea))"
        s += ",\"preset\":\(matchingPreset().map(jsonString) ?? "null")"
        s += ",\"navigationState\":\(jsonString("\(map.stateKind)")),\"wideMode\":\(map.wideMode)"
        s += ",\"speedWidgetMode\":\(jsonString(SessionEvent.modeName(map.speedWidgetMode)))"
        s += ",\"recenterButton\":\(map.isShowingRecenterButton)"
        if let p = map.currentPrompt {
            s += ",\"prompt\":{\"key\":\(key(p)),\"kind\":\(jsonString("\(p.kind)")),\"roundedCorners\":\(p.roundedCorners.rawValue)}"
        } else {
            s += ",\"prompt\":null"
        }
        var viewJSON: [String] = []
        for v in views {
            var e = "{\"key\":\(key(v)),\"identifier\":\(jsonString(v.identifier))"
            e += ",\"frame\":\(rect(v.frame)),\"targetFrame\":\(rect(v.targetFrame))"
            e += ",\"hidden\":\(v.isHidden),\"visible\":\(v === map || v.isVisibleInHierarchy)"
            e += ",\"opaque\":\(v.isOpaque && map.snapshotKind(v) == "host")"
            e += ",\"parent\":\(v.superview.map { String(key($0)) } ?? "null")"
            e += ",\"layoutMargins\":\(insets(v.layoutMargins))"
            if let p = v as? NavigationPromptView { e += ",\"roundedCorners\":\(p.roundedCorners.rawValue)" }
            if let stack = v as? NavigationHidingStackView {
                e += ",\"stack\":{\"position\":\(jsonString(stackPosition(stack.position)))"
                e += ",\"alignment\":\(jsonString(stack.alignment == .leading ? "leading" : "trailing"))"
                e += ",\"spacing\":\(num(stack.spacing)),\"arranged\":[\(stack.arrangedSubviews.map { String(key($0)) }.joined(separator: ","))]}"
            }
            e += ",\"constraints\":[\(naming[ObjectIdentifier(v)].map { $0.map(String.init).joined(separator: ",") } ?? "")]"
            e += ",\"affecting\":\(affecting(v))"
            viewJSON.append(e + "}")
        }
        s += ",\"views\":[\(viewJSON.joined(separator: ","))]"
        var guideJSON: [String] = []
        for v in views {
            for g in [v.safeAreaLayoutGuideIfCreated, v.layoutMarginsGuideIfCreated].compactMap({ $0 }) + v.layoutGuides {
                var e = "{\"key\":\(key(g)),\"identifier\":\(jsonString(g.identifier)),\"owner\":\(key(v))"
                e += ",\"builtIn\":\(g.isBuiltIn),\"frame\":\(rect(g.frame))"
                e += ",\"constraints\":[\(naming[ObjectIdentifier(g)].map { $0.map(String.init).joined(separator: ",") } ?? "")]"
                e += ",\"affecting\":\(affecting(g))"
                guideJSON.append(e + "}")
            }
        }
        s += ",\"guides\":[\(guideJSON.joined(separator: ","))]"
        s += ",\"constraints\":[\(constraintKeys.map(String.init).joined(separator: ","))]"
        s += ",\"camera\":\(camera())"
        var diagnosticJSON: [String] = []
        for d in diagnostics {
            var e = "{\"code\":\(jsonString("\(d.code)")),\"severity\":\(jsonString("\(d.severity)")),\"message\":\(jsonString(d.message))"
            e += ",\"items\":[\(d.items.map { String(key($0)) }.joined(separator: ","))]"
            e += ",\"constraints\":[\(d.constraints.map { String(constraintKey($0)) }.joined(separator: ","))]"
            if let axis = d.axis { e += ",\"axis\":\(jsonString(axis == .horizontal ? "horizontal" : "vertical"))" }
            diagnosticJSON.append(e + "}")
        }
        s += ",\"diagnostics\":[\(diagnosticJSON.joined(separator: ","))]}"
        return s
    }

    /// The device preset (docs/behaviour.md#device-presets) whose size, safe area and CarPlay option the map view has now (after a
    /// rotation step, `iphone-landscape`), or nil: the page's header names the device of each step.
    private func matchingPreset() -> String? {
        DevicePreset.all.first {
            $0.size == map.size && $0.safeArea == map.safeArea && $0.isCarPlay == map.options.carPlay
        }?.name
    }

    /// `{"horizontal": [...], "vertical": [...]}`: the item's constraints affecting layout on each
    /// axis (`LayoutItem.constraintsAffectingLayout(for:)`, issue 14 item 2), as table indices in
    /// table order — not in activation order, so two delegates that activate the same constraints
    /// in another order (the Swift and the Python sample) record the same bytes.
    private func affecting(_ item: LayoutItem) -> String {
        func keys(_ axis: LayoutAxis) -> String {
            item.constraintsAffectingLayout(for: axis).map(constraintKey).sorted().map(String.init).joined(separator: ",")
        }
        return "{\"horizontal\":[\(keys(.horizontal))],\"vertical\":[\(keys(.vertical))]}"
    }

    /// The presented frames at `elapsed` seconds into the step: `[key, x, y, width, height,
    /// visible]` per view in z-order, and the camera.
    private func sample(at elapsed: Double) -> String {
        var frames: [String] = []
        map.forEachView { v in
            let f = v.frame
            frames.append("[\(key(v)),\(num(f.x)),\(num(f.y)),\(num(f.width)),\(num(f.height)),\(v === map || v.isVisibleInHierarchy ? 1 : 0)]")
        }
        return "{\"t\":\(num(elapsed)),\"frames\":[\(frames.joined(separator: ","))],\"camera\":\(camera())}"
    }

    private func camera() -> String {
        guard map.viewport.isInSubtree(of: map) else { return "null" }
        let c = map.camera
        return "{\"viewport\":\(rect(c.viewport)),\"padding\":\(insets(c.padding)),\"vehiclePoint\":[\(num(c.vehiclePoint.x)),\(num(c.vehiclePoint.y))]}"
    }

    private func stackPosition(_ p: StackPosition) -> String {
        switch p {
        case .top: return "top"
        case .center: return "center"
        case .bottom: return "bottom"
        }
    }
}

/// A number for the recording: integers without a fraction, others with up to 3 decimals, and
/// `null` for a non-finite value (which the engine never produces).
func num(_ v: Double) -> String { v.isFinite ? formatPoints(v) : "null" }

/// `[x, y, width, height]`.
func rect(_ r: Rect) -> String { "[\(num(r.x)),\(num(r.y)),\(num(r.width)),\(num(r.height))]" }

/// `[top, left, bottom, right]`.
func insets(_ e: EdgeInsets) -> String { "[\(num(e.top)),\(num(e.left)),\(num(e.bottom)),\(num(e.right))]" }
