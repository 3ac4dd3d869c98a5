import LayoutEngine
import NavigationUI

// What the size sweep (issue 15) learns at one size: the standard session run on one map view of
// that size, reduced to what a band is made of — wide mode, and per step the diagnostics (code and
// items) and the delegate's failures. Two sizes are in the same band exactly when their samples
// have the same `signature`.

/// One diagnostic seen at the end of one step of the standard session (docs/behaviour.md#diagnostics).
public struct SweepDiagnostic: Sendable, Equatable {
    /// The step's position in the standard session (0-based) and name (`"incident prompt"`).
    public let stepIndex: Int
    public let step: String
    public let code: DiagnosticCode
    /// The items involved, as `LayoutItem.displayName` gives them (`"turnCard"`, `"myCard"`,
    /// `"incidentPrompt (prompt)"`): identifiers are what stays the same from one map view to the
    /// next.
    public let items: [String]
    /// The diagnostic's message at this size (not part of the signature: it names frames).
    public let message: String
    public var severity: DiagnosticSeverity { code.severity }

    public init(stepIndex: Int, step: String, code: DiagnosticCode, items: [String], message: String) {
        self.stepIndex = stepIndex
        self.step = step
        self.code = code
        self.items = items
        self.message = message
    }
}

/// A failure at one size: a delegate callback that threw during a step (the session went on), or
/// a delegate that could not be made or set.
public struct SweepFailure: Sendable, Equatable {
    /// The step's position (0-based) and name; -1 and `"set-up"` before the session (the delegate
    /// factory or `setLayoutDelegate` failed, and no session ran).
    public let stepIndex: Int
    public let step: String
    /// What failed: the event's label (`"startGuidance()"`), `"advanceTime(by:)"` for a completion
    /// that threw while the clock ran, `"makeDelegate"` (the delegate factory, or a host's
    /// sampler, could not make the delegate), `"setLayoutDelegate"`, `"session"` (the session could
    /// not start), or the map view's creation.
    public let source: String
    /// The error's message at this size (not part of the signature).
    public let message: String

    public init(stepIndex: Int, step: String, source: String, message: String) {
        self.stepIndex = stepIndex
        self.step = step
        self.source = source
        self.message = message
    }
}

/// The standard session at one size.
public struct SweepSample: Sendable {
    /// The map view's size (points).
    public let size: Size
    /// Wide mode at that size (docs/behaviour.md#wide-mode).
    public let wideMode: Bool
    /// Each step's diagnostics (all severities), in step order, each (step, code, items) once.
    public let diagnostics: [SweepDiagnostic]
    public let failures: [SweepFailure]

    public init(size: Size, wideMode: Bool, diagnostics: [SweepDiagnostic], failures: [SweepFailure]) {
        self.size = size
        self.wideMode = wideMode
        self.diagnostics = diagnostics
        self.failures = failures
    }

    /// What makes two sizes one band (issue 15): wide mode, the set of (step, diagnostic code,
    /// items), and the set of (step, failure source). Messages are left out: they name frames,
    /// which change with the size inside a band.
    public struct Signature: Hashable, Sendable {
        struct DiagnosticKey: Hashable, Comparable {
            let step: Int, code: Int32, items: [String]
            static func < (a: DiagnosticKey, b: DiagnosticKey) -> Bool {
                if a.step != b.step { return a.step < b.step }
                if a.code != b.code { return a.code < b.code }
                return a.items.lexicographicallyPrecedes(b.items)
            }
        }
        struct FailureKey: Hashable, Comparable {
            let step: Int, source: String
            static func < (a: FailureKey, b: FailureKey) -> Bool { (a.step, a.source) < (b.step, b.source) }
        }
        let wideMode: Bool
        let diagnostics: [DiagnosticKey]
        let failures: [FailureKey]
    }

    public var signature: Signature {
        Signature(wideMode: wideMode,
                  diagnostics: Array(Set(diagnostics.map { Signature.DiagnosticKey(step: $0.stepIndex, code: $0.code.rawValue, items: $0.items) })).sorted(),
                  failures: Array(Set(failures.map { Signature.FailureKey(step: $0.stepIndex, source: $0.source) })).sorted())
    }

    /// A sample for a size at which no session could run: `failure` says why.
    public static func failed(size: Size, wideMode: Bool, source: String, message: String) -> SweepSample {
        SweepSample(size: size, wideMode: wideMode, diagnostics: [],
                    failures: [SweepFailure(stepIndex: -1, step: "set-up", source: source, message: message)])
    }
}

extension SizeSweep {
    /// Runs the standard session (`SessionScript.standard` without a preset: ready, guidance, each
    /// prompt kind shown and dismissed, pan and re-center, the speed widget's modes, stop, disable;
    /// every step settled) on `map` with whatever delegate it has and returns what the sweep
    /// compares. Delegate failures are recorded in the sample (the session goes on, docs/behaviour.md#navigation-state-machine).
    ///
    /// The session's diagnostics are not given to `map.diagnosticHandler` (a sweep would log the
    /// same finding at every size): they are in the sample. The handler is restored afterwards.
    /// - Throws: what `SessionDriver.checkCanRun` throws (an invalidated map view, a call from
    ///   inside one of its callbacks, navigation already enabled); nothing has changed then.
    public static func sample(map: NavigationMapView, beforeEach: () -> Void = {}) throws -> SweepSample {
        let script = SessionScript.standard(preset: nil, size: map.size, safeArea: map.safeArea)
        try SessionDriver.checkCanRun(script, on: map)
        return try withQuietDiagnostics(map) {
            try sessionSample(map, script, beforeEach: beforeEach)
        }
    }

    /// Runs `body` with `map`'s diagnostic reports going nowhere (the sweep's results hold the
    /// diagnostics), then restores the handler.
    static func withQuietDiagnostics<T>(_ map: NavigationMapView, _ body: () throws -> T) rethrows -> T {
        let handler = map.diagnosticHandler
        let minimum = map.diagnosticHandlerMinimumSeverity
        let provider = map.minimumSeverityProvider
        map.diagnosticHandler = { _, _ in }
        map.diagnosticHandlerMinimumSeverity = .error
        map.minimumSeverityProvider = nil
        defer {
            map.diagnosticHandler = handler
            map.diagnosticHandlerMinimumSeverity = minimum
            map.minimumSeverityProvider = provider
        }
        return try body()
    }

    private static func sessionSample(_ map: NavigationMapView, _ script: SessionScript, beforeEach: () -> Void) throws -> SweepSample {
        var diagnostics: [SweepDiagnostic] = []
        var failures: [SweepFailure] = []
        try SessionDriver.run(script, on: map, beforeEach: beforeEach) { index, step, outcome in
            var seen: [(DiagnosticCode, [String])] = []
            for d in map.diagnostics {
                let items = d.items.map(\.displayName)
                if seen.contains(where: { $0.0 == d.code && $0.1 == items }) { continue }
                seen.append((d.code, items))
                diagnostics.append(SweepDiagnostic(stepIndex: index, step: step.name, code: d.code, items: items, message: d.message))
            }
            for (source, text) in zip(outcome.failureSources, outcome.failures) {
                failures.append(SweepFailure(stepIndex: index, step: step.name, source: source, message: text))
            }
        }
        return SweepSample(size: map.size, wideMode: map.wideMode, diagnostics: diagnostics, failures: failures)
    }
}

// MARK: - JSON (schema navlayout.sweep-sample/1, docs/sweep-schema.md)

extension SweepSample {
    /// The sample as JSON, schema `navlayout.sweep-sample/1` (docs/sweep-schema.md): what a host's
    /// sampler hands back to the sweep (`nl_map_view_sweep_sample`).
    public var json: String {
        var s = "{\"schema\":\"navlayout.sweep-sample/1\",\"size\":[\(num(size.width)),\(num(size.height))]"
        s += ",\"wideMode\":\(wideMode)"
        s += ",\"diagnostics\":[\(diagnostics.map(\.json).joined(separator: ","))]"
        s += ",\"failures\":[\(failures.map(\.json).joined(separator: ","))]}"
        return s
    }

    /// Reads a sample written by `json` (any version of this library).
    /// - Throws: `NavLayoutError.invalidArgument` saying what is wrong (not JSON, another schema,
    ///   a missing or mistyped member, an unknown diagnostic code).
    public init(json text: String) throws {
        let v: JSONValue
        do { v = try JSONValue.parse(text) } catch {
            throw NavLayoutError.invalidArgument("sweep sample: \(error)")
        }
        guard v["schema"]?.string == "navlayout.sweep-sample/1" else {
            throw NavLayoutError.invalidArgument("sweep sample: schema is not \"navlayout.sweep-sample/1\"")
        }
        guard let size = v["size"]?.array, size.count == 2, let w = size[0].number, let h = size[1].number,
              let wide = v["wideMode"]?.bool, let diagnostics = v["diagnostics"]?.array, let failures = v["failures"]?.array else {
            throw NavLayoutError.invalidArgument("sweep sample: size, wideMode, diagnostics and failures are required")
        }
        self.init(size: Size(width: w, height: h), wideMode: wide,
                  diagnostics: try diagnostics.map(SweepDiagnostic.init(json:)), failures: try failures.map(SweepFailure.init(json:)))
    }
}

extension SweepDiagnostic {
    var json: String {
        "{\"stepIndex\":\(stepIndex),\"step\":\(jsonString(step)),\"code\":\(jsonString("\(code)")),\"severity\":\(jsonString("\(severity)")),\"items\":[\(items.map(jsonString).joined(separator: ","))],\"message\":\(jsonString(message))}"
    }

    init(json v: JSONValue) throws {
        guard let index = v["stepIndex"]?.number, let step = v["step"]?.string, let name = v["code"]?.string,
              let items = v["items"]?.array, let message = v["message"]?.string else {
            throw NavLayoutError.invalidArgument("sweep sample: a finding needs stepIndex, step, code, items and message")
        }
        guard let code = DiagnosticCode.allCases.first(where: { "\($0)" == name }) else {
            throw NavLayoutError.invalidArgument("sweep sample: unknown diagnostic code \(jsonString(name))")
        }
        let names = items.compactMap(\.string)
        guard names.count == items.count, let i = Int(exactly: index) else {
            throw NavLayoutError.invalidArgument("sweep sample: a finding's items must be strings and stepIndex an integer")
        }
        self.init(stepIndex: i, step: step, code: code, items: names, message: message)
    }
}

extension SweepFailure {
    var json: String {
        "{\"stepIndex\":\(stepIndex),\"step\":\(jsonString(step)),\"source\":\(jsonString(source)),\"message\":\(jsonString(message))}"
    }

    init(json v: JSONValue) throws {
        guard let index = v["stepIndex"]?.number, let i = Int(exactly: index), let step = v["step"]?.string,
              let source = v["source"]?.string, let message = v["message"]?.string else {
            throw NavLayoutError.invalidArgument("sweep sample: a failure needs stepIndex (an integer), step, source and message")
        }
        self.init(stepIndex: i, step: step, source: source, message: message)
    }
}
