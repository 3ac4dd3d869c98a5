#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutEngine

/// A function that receives each newly appearing diagnostic of a map view (issue 14,
/// "diagnostics are never silent"); see `NavigationMapView.diagnosticHandler`.
public typealias DiagnosticHandler = (NavigationMapView, LayoutDiagnostic) -> Void

extension LayoutDiagnostic {
    /// The diagnostic as one line of text: `severity code: message [items: …]`, the items by
    /// identifier and role (`turnCard`, `myCard (host view)`, `mapContentsBottom (host guide)`,
    /// `map.safeAreaLayoutGuide`). No newline inside (a newline in an identifier is written `\n`).
    public var logLine: String {
        var line = "\(severity) \(code): \(message)"
        if !items.isEmpty {
            let names = items.map { item -> String in
                if item.role != nil { return item.displayName }
                if let g = item as? LayoutGuide, g.isBuiltIn { return item.displayName }
                return "\(item.displayName) (host \(item is LayoutGuide ? "guide" : "view"))"
            }
            line += " [items: \(names.joined(separator: ", "))]"
        }
        var out = ""
        out.reserveCapacity(line.utf8.count)
        for ch in line.unicodeScalars {
            switch ch {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Whether `other` reports the same thing: same code, same items (by identity) in the same
    /// order. The messages may differ (a frame that moved, a different conflicting set).
    func isSameFinding(as other: LayoutDiagnostic) -> Bool {
        code == other.code && items.count == other.items.count
            && zip(items, other.items).allSatisfy { $0 === $1 }
    }
}

extension NavigationMapView {
    /// The default `diagnosticHandler`: writes `navlayout: <logLine>` and a newline to the standard
    /// error stream for each error-severity diagnostic (severities as in docs/behaviour.md#diagnostic-codes); warnings and infos
    /// are not written (they are in `diagnostics`, and every handler receives them). Uses the C
    /// library's `fputs`, so the line is written whole even when map views on other threads report
    /// at the same time.
    public static let standardErrorDiagnosticHandler: DiagnosticHandler = { _, diagnostic in
        guard diagnostic.severity == .error else { return }
        fputs("navlayout: \(diagnostic.logLine)\n", stderr)
    }

    func beginEvent() { eventDepth += 1 }

    func endEvent() {
        eventDepth -= 1
        if eventDepth == 0 { diagnosticCheckpoint() }
    }

    /// Reports what is new at the end of an event, a layout pass or a clock step (issue 14). Not
    /// inside host callbacks (a delegate in the middle of building its layout is not finished),
    /// nor while an event runs (it reports once, at its end), nor while a report runs.
    func reachedDiagnosticCheckpoint() {
        if isInHostCallback || eventDepth > 0 || isReportingDiagnostics || isInvalidated { return }
        reportNewDiagnostics()
    }

    /// Calls `diagnosticHandler` for every diagnostic of the current layout (of the handler's
    /// minimum severity and above) that the previous report did not see: a `(code, items)` pair
    /// that is new, or that now occurs more often than it did. Costs nothing when nothing changed
    /// since the previous report (the layout system's revision is unchanged — e.g. clock steps
    /// inside an animation); otherwise one computation of the rules of those severities (with the
    /// default handler: the error rules only), which `diagnostics` reuses when it covers them.
    /// When `minimumSeverityProvider` says the handler hears nothing, nothing is computed and
    /// nothing is remembered: what appeared meanwhile is new to the handler once it listens again.
    func reportNewDiagnostics() {
        if reportedRevision == system_.revision && !system_.needsLayout { return }
        isReportingDiagnostics = true
        defer { isReportingDiagnostics = false }
        let minimum: DiagnosticSeverity
        if let provider = minimumSeverityProvider {
            // Host code (the C layer's minimum-severity function): events from it are refused.
            guard let m = runHostCallback(provider) else { return }
            minimum = m
        } else {
            minimum = diagnosticHandlerMinimumSeverity
        }
        let list = diagnostics(atLeast: minimum)
        reportedRevision = system_.revision
        let previous = reportedDiagnostics
        reportedDiagnostics = list
        var fresh: [LayoutDiagnostic] = []
        var seen: [LayoutDiagnostic] = []
        for d in list {
            let before = previous.reduce(0) { $0 + ($1.isSameFinding(as: d) ? 1 : 0) }
            let now = seen.reduce(0) { $0 + ($1.isSameFinding(as: d) ? 1 : 0) } + 1
            seen.append(d)
            if now > before { fresh.append(d) }
        }
        if fresh.isEmpty { return }
        let handler = diagnosticHandler
        runHostCallback {
            for d in fresh { handler(self, d) }
        }
    }
}
