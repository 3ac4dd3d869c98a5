import LayoutEngine

extension NavigationMapView {
    /// The most `callRefused` diagnostics kept at once: a host that repeats a refused call in a
    /// loop keeps the latest ones, not every one.
    public static let maxRefusedCalls = 64

    /// Records a call that a non-throwing API refused (NavLayoutUIKit's UIKit spellings, which
    /// cannot throw where UIKit does not) as a `callRefused` diagnostic: `call` names the call
    /// (e.g. `"NSLayoutConstraint.activate"`), `error` is what the throwing NavLayout API threw,
    /// `items` the views or guides involved (the first 4 reach C's `nl_diagnostic`). Kept until the
    /// next navigation transition, at most `maxRefusedCalls` (the oldest go first); like every
    /// diagnostic it reaches `diagnostics` and `diagnosticHandler` (the diagnostics log, issue 14):
    /// at once outside events and callbacks, at the end of the event otherwise (issue 16 item 10).
    public func reportRefusedCall(_ call: String, error: Error, items: [LayoutItem] = [], constraints: [LayoutConstraint] = []) {
        let reason = (error as? NavLayoutError)?.message ?? "\(error)"
        refusedCalls.append(LayoutDiagnostic(
            code: .callRefused,
            message: "\(call) was refused and changed nothing: \(reason)",
            items: items, constraints: constraints))
        if refusedCalls.count > NavigationMapView.maxRefusedCalls {
            refusedCalls.removeFirst(refusedCalls.count - NavigationMapView.maxRefusedCalls)
        }
        system_.noteChange()
        // Outside events and callbacks the log hears of it now; inside, at the event's end.
        reachedDiagnosticCheckpoint()
    }
}
