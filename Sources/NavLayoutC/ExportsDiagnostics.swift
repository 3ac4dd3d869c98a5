// C exports: the process-wide diagnostic handler (issue 14, "diagnostics are never silent") and the
// conversion of a diagnostic to nl_diagnostic shared with nl_map_view_diagnostic. Documentation:
// include/navlayout.h.

import Synchronization
import CNavLayout
import LayoutEngine
import NavigationUI

/// The handler set with nl_set_diagnostic_handler(_with_minimum), its minimum-severity function
/// and its user data, swapped together.
private struct DiagnosticHandlerState {
    var fn: nl_diagnostic_handler?
    var minimum: nl_diagnostic_minimum_severity?
    var userData: UnsafeMutableRawPointer?
}

private let diagnosticHandlerState = Mutex(DiagnosticHandlerState())
private let diagnosticHandlerToken = makeTSanToken()

private func currentDiagnosticHandler() -> DiagnosticHandlerState {
    diagnosticHandlerState.withLock { state in
        tsanAcquire(diagnosticHandlerToken); defer { tsanRelease(diagnosticHandlerToken) }
        return state
    }
}

@c @implementation
public func nl_set_diagnostic_handler(_ fn: nl_diagnostic_handler?, _ userData: UnsafeMutableRawPointer?) {
    nl_set_diagnostic_handler_with_minimum(fn, nil, userData)
}

@c @implementation
public func nl_set_diagnostic_handler_with_minimum(_ fn: nl_diagnostic_handler?, _ minimum: nl_diagnostic_minimum_severity?,
                                                   _ userData: UnsafeMutableRawPointer?) {
    diagnosticHandlerState.withLock { state in
        tsanAcquire(diagnosticHandlerToken); defer { tsanRelease(diagnosticHandlerToken) }
        state = DiagnosticHandlerState(fn: fn, minimum: fn == nil ? nil : minimum, userData: userData)
    }
}

/// An nl_diagnostic_minimum_severity answer as a severity; nil for NL_SEVERITY_NONE (and above).
private func minimumSeverity(fromC value: Int32) -> DiagnosticSeverity? {
    if value <= DiagnosticSeverity.info.rawValue { return .info }
    return DiagnosticSeverity(rawValue: value)
}

/// The handles of a diagnostic's first four items (views, or guides cast to nl_view*), padded with
/// NULL. Throws when an item gets no handle (destroyed through the C API, or the table is full).
func diagnosticItemHandles(_ d: LayoutDiagnostic, _ ctx: MapContext) throws -> [OpaquePointer?] {
    var items: [OpaquePointer?] = []
    for item in d.items.prefix(4) {
        if let v = item as? LayoutView { items.append(try ctx.viewPointer(v)) }
        else if let g = item as? LayoutGuide { items.append(try ctx.guidePointer(g)) }
    }
    while items.count < 4 { items.append(nil) }
    return items
}

/// The fields of `nl_diagnostic` a caller's `struct_size` covers beyond the 0.1 ones.
struct DiagnosticFields {
    var axis: Bool
    var logLine: Bool

    /// Every field of this header's `nl_diagnostic`.
    static let all = DiagnosticFields(axis: true, logLine: true)

    /// The fields `structSize` covers; nil when it is smaller than the 0.1 struct (which ended
    /// with `item_count`).
    init?(structSize: UInt32) {
        let size = Int(structSize)
        let axisOffset = MemoryLayout<nl_diagnostic>.offset(of: \nl_diagnostic.axis) ?? MemoryLayout<nl_diagnostic>.size
        let lineOffset = MemoryLayout<nl_diagnostic>.offset(of: \nl_diagnostic.log_line) ?? MemoryLayout<nl_diagnostic>.size
        let minimum = MemoryLayout<nl_diagnostic>.offset(of: \nl_diagnostic.item_count).map { $0 + MemoryLayout<Int>.size } ?? axisOffset
        guard size >= minimum else { return nil }
        axis = size >= axisOffset + MemoryLayout<Int32>.size
        logLine = size >= lineOffset + MemoryLayout<UnsafePointer<CChar>>.size
    }

    private init(axis: Bool, logLine: Bool) {
        self.axis = axis
        self.logLine = logLine
    }
}

/// Writes `d` into `out` (whose struct_size the caller checked): code, severity, `message`, the
/// item handles `items` (from `diagnosticItemHandles`), and the later fields `fields` covers.
func fillDiagnostic(_ d: LayoutDiagnostic, message: UnsafePointer<CChar>, logLine: UnsafePointer<CChar>,
                    items: [OpaquePointer?], into out: UnsafeMutablePointer<nl_diagnostic>, fields: DiagnosticFields) {
    out.pointee.code = d.code.rawValue
    out.pointee.severity = d.severity.rawValue
    out.pointee.message = message
    out.pointee.items = (items[0], items[1], items[2], items[3])
    out.pointee.item_count = items.prefix { $0 != nil }.count
    if fields.axis { out.pointee.axis = d.axis.map { $0.rawValue } ?? NL_DIAG_AXIS_BOTH_OR_NONE }
    if fields.logLine { out.pointee.log_line = logLine }
}

extension MapContext {
    /// Routes every map view's newly appearing diagnostics (NavigationMapView.diagnosticHandler) to
    /// the process-wide C handler, or to the standard-error default when none is set.
    func installDiagnosticRouting(_ map: NavigationMapView) {
        // `unowned`: the closures are stored in `map`, which this context owns alone (see
        // `MapContext`, "Who may refer to a context").
        map.diagnosticHandler = { [unowned self] m, d in self.report(d, map: m) }
        // The default prints errors only: without a handler, the other rules are not evaluated;
        // a handler with a minimum-severity function is asked (with the callback guard up).
        map.minimumSeverityProvider = { [unowned self] in
            let handler = currentDiagnosticHandler()
            guard handler.fn != nil else { return .error }
            guard let minimum = handler.minimum else { return .info }
            self.reportDepth += 1
            defer { self.reportDepth -= 1 }
            return minimumSeverity(fromC: minimum(handler.userData, self.mapPointer))
        }
    }

    private func report(_ d: LayoutDiagnostic, map: NavigationMapView) {
        let handler = currentDiagnosticHandler()
        guard let fn = handler.fn else {
            NavigationMapView.standardErrorDiagnosticHandler(map, d)
            return
        }
        // An item that gets no handle (the table is full) is left out rather than losing the report.
        let items = (try? diagnosticItemHandles(d, self)) ?? [nil, nil, nil, nil]
        var out = nl_diagnostic()
        out.struct_size = UInt32(MemoryLayout<nl_diagnostic>.size)
        d.message.withCString { message in
            d.logLine.withCString { line in
                fillDiagnostic(d, message: message, logLine: line, items: items, into: &out, fields: .all)
                reportDepth += 1
                defer { reportDepth -= 1 }
                fn(handler.userData, mapPointer, &out)
            }
        }
    }
}
