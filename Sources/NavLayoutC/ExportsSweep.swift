// C exports of the size sweep (issue 15): nl_sweep (C delegates from a factory, one map view per
// thread), nl_sweep_with_sampler (the runs done by the host, e.g. in worker processes),
// nl_map_view_sweep_sample (one run), and the result as text and as the sweep page — the code
// `navlayout sweep` runs. Documentation: include/navlayout.h ("Workbench, part 2").

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CNavLayout
import LayoutEngine
import NavigationUI
import NavLayoutWorkbench

/// Reads and checks `nl_sweep_options` (the numbers themselves are checked by
/// `SweepConfiguration.validate`, with messages naming the fields).
private func sweepConfiguration(_ options: UnsafePointer<nl_sweep_options>?, _ function: String) throws -> (SweepConfiguration, String) {
    guard let options else { throw NavLayoutError.invalidArgument("\(function): options is NULL") }
    guard options.pointee.struct_size >= UInt32(MemoryLayout<nl_sweep_options>.size) else {
        throw NavLayoutError.invalidArgument("\(function): options->struct_size \(options.pointee.struct_size) is smaller than sizeof(nl_sweep_options) = \(MemoryLayout<nl_sweep_options>.size)")
    }
    let o = options.pointee
    let axis: SweepAxis
    switch o.axis {
    case NL_SWEEP_WIDTH: axis = .width
    case NL_SWEEP_HEIGHT: axis = .height
    default: throw NavLayoutError.invalidArgument("\(function): options->axis \(o.axis.rawValue) is not an nl_sweep_axis (NL_SWEEP_WIDTH 0, NL_SWEEP_HEIGHT 1)")
    }
    guard let direction = LayoutDirection(rawValue: Int32(truncatingIfNeeded: o.layout_direction.rawValue)) else {
        throw NavLayoutError.invalidArgument("\(function): options->layout_direction \(o.layout_direction.rawValue) is not an nl_layout_direction")
    }
    // sample_step 0 means the default; NaN and negative steps reach validate(), which names them.
    let step = o.sample_step == 0 ? SweepConfiguration.defaultSampleStep : o.sample_step
    let configuration = SweepConfiguration(axis: axis, start: o.start, stop: o.stop, fixed: o.fixed,
                                           safeArea: EdgeInsets(top: o.safe_area.top, left: o.safe_area.left,
                                                                bottom: o.safe_area.bottom, right: o.safe_area.right),
                                           layoutDirection: direction, sampleStep: step, threads: Int(o.threads))
    try configuration.validate()
    return (configuration, string(o.title))
}

/// The sweep's run on one map view of the C layer: the standard session with the failure message
/// of each C callback seen (as nl_map_view_run_session does).
private func sweepSample(_ map: OpaquePointer?) throws -> SweepSample {
    let ctx = try resolveMap(map)
    guard let m = ctx.map else { throw NavLayoutError.invalidHandle("map view was destroyed") }
    if ctx.callbackDepth > 0 {
        throw NavLayoutError.reentrant("nl_map_view_sweep_sample called from inside a callback of the same map view; call it after the callback returns")
    }
    defer { ctx.failMessage = nil }
    return try SizeSweep.sample(map: m, beforeEach: { ctx.failMessage = nil })
}

/// The string the library hands out for `text` (strdup; NULL when out of memory).
private func result(_ text: String, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) throws {
    guard let copy = copyCString(text) else { throw NavLayoutError.internal("out of memory copying the result") }
    out.pointee = copy
}

@c @implementation
public func nl_sweep(_ options: UnsafePointer<nl_sweep_options>?, _ factory: nl_sweep_delegate_factory?,
                     _ userData: UnsafeMutableRawPointer?,
                     _ outResult: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nl_status {
    outResult?.pointee = nil
    return guarded {
        let out = try requireOut(outResult, "nl_sweep: out_result")
        let (configuration, title) = try sweepConfiguration(options, "nl_sweep")
        // The host's pointer crosses threads; the factory's contract says it is shared.
        let shared = UInt(bitPattern: userData)
        let sweep = try SizeSweep.run(configuration, title: title) { size -> SweepSample in
            var o = nl_map_options()
            o.struct_size = UInt32(MemoryLayout<nl_map_options>.size)
            o.width = size.width
            o.height = size.height
            o.safe_area = cInsets(configuration.safeArea)
            o.layout_direction = nl_layout_direction(rawValue: UInt32(bitPattern: configuration.layoutDirection.rawValue))
            guard let map = nl_map_view_create(&o) else {
                let message = nl_last_error_message().map { String(cString: $0) } ?? "nl_map_view_create failed"
                return .failed(size: size, wideMode: false, source: "nl_map_view_create", message: message)
            }
            defer { _ = nl_map_view_destroy(map) }
            var wide = false
            _ = guarded { wide = try resolveMap(map).map?.wideMode ?? false }  // resolving needs a call's scope
            if let factory {
                let status = factory(UnsafeMutableRawPointer(bitPattern: shared), map)
                if status != 0 {
                    return .failed(size: size, wideMode: wide, source: "makeDelegate",
                                   message: "the delegate factory returned \(status)")
                }
            }
            var sample: SweepSample?
            let status = guarded { sample = try sweepSample(map) }
            if let sample { return sample }
            let message = nl_last_error_message().map { String(cString: $0) } ?? "status \(status.rawValue)"
            return .failed(size: size, wideMode: wide, source: "session", message: message)
        }
        try result(sweep.json, out)
    }
}

/// Why a sampler stopped the sweep (the message it gave).
private struct SamplerStopped: Error { let message: String }

@c @implementation
public func nl_sweep_with_sampler(_ options: UnsafePointer<nl_sweep_options>?, _ sampler: nl_sweep_sampler?,
                                  _ userData: UnsafeMutableRawPointer?,
                                  _ outResult: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nl_status {
    outResult?.pointee = nil
    return guarded {
        let out = try requireOut(outResult, "nl_sweep_with_sampler: out_result")
        guard let sampler else { throw NavLayoutError.invalidArgument("nl_sweep_with_sampler: sampler is NULL") }
        let (configuration, title) = try sweepConfiguration(options, "nl_sweep_with_sampler")
        let shared = UInt(bitPattern: userData)
        do {
            let sweep = try SizeSweep.run(configuration, title: title) { size -> SweepSample in
                var text: UnsafeMutablePointer<CChar>?
                let verdict = sampler(UnsafeMutableRawPointer(bitPattern: shared), size.width, size.height, &text)
                let message = text.map { String(cString: $0) }
                free(text)
                switch verdict {
                case 0:
                    guard let message else {
                        throw NavLayoutError.invalidArgument("nl_sweep_with_sampler: the sampler returned 0 without a sample at \(size)")
                    }
                    let sample = try SweepSample(json: message)
                    return SweepSample(size: size, wideMode: sample.wideMode, diagnostics: sample.diagnostics, failures: sample.failures)
                case 1:
                    let wide = NavigationMapView.isWideMode(size: size, safeArea: configuration.safeArea)
                    return .failed(size: size, wideMode: wide, source: "makeDelegate", message: message ?? "the sampler could not make the delegate")
                default:
                    throw SamplerStopped(message: message ?? "the sampler stopped the sweep at \(size) (returned \(verdict))")
                }
            }
            try result(sweep.json, out)
        } catch let stop as SamplerStopped {
            throw NavLayoutError.callbackFailed(stop.message)
        }
    }
}

@c @implementation
public func nl_map_view_sweep_sample(_ map: OpaquePointer?, _ outSample: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nl_status {
    outSample?.pointee = nil
    return guarded {
        let out = try requireOut(outSample, "nl_map_view_sweep_sample: out_sample")
        try result(try sweepSample(map).json, out)
    }
}

@c @implementation
public func nl_sweep_text(_ resultJSON: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guardedValue {
        guard let resultJSON else { throw NavLayoutError.invalidArgument("nl_sweep_text: result_json is NULL") }
        return copyCString(try SweepResult(json: String(cString: resultJSON)).text)
    }
}

@c @implementation
public func nl_sweep_page(_ resultJSON: UnsafePointer<CChar>?, _ title: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guardedValue {
        guard let resultJSON else { throw NavLayoutError.invalidArgument("nl_sweep_page: result_json is NULL") }
        let sweep = try SweepResult(json: String(cString: resultJSON))
        return copyCString(SweepPage.html(sweep, title: title.map { String(cString: $0) }))
    }
}

@c @implementation
public func nl_map_view_sweep_viewer_page(_ map: OpaquePointer?, _ resultJSON: UnsafePointer<CChar>?, _ bandIndex: Int,
                                         _ outHTML: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nl_status {
    outHTML?.pointee = nil
    return guarded {
        let out = try requireOut(outHTML, "nl_map_view_sweep_viewer_page: out_html")
        guard let resultJSON else { throw NavLayoutError.invalidArgument("nl_map_view_sweep_viewer_page: result_json is NULL") }
        let sweep = try SweepResult(json: String(cString: resultJSON))
        guard sweep.bands.indices.contains(bandIndex) else {
            throw NavLayoutError.invalidArgument("nl_map_view_sweep_viewer_page: band_index \(UInt(bitPattern: bandIndex)) is out of range: the result has \(sweep.bands.count) bands")
        }
        let ctx = try resolveMap(map)
        guard let m = ctx.map else { throw NavLayoutError.invalidHandle("map view was destroyed") }
        if ctx.callbackDepth > 0 {
            throw NavLayoutError.reentrant("nl_map_view_sweep_viewer_page called from inside a callback of the same map view; call it after the callback returns")
        }
        defer { ctx.failMessage = nil }
        let page = try SizeSweep.viewerPage(map: m, band: sweep.bands[bandIndex], of: sweep, beforeEach: { ctx.failMessage = nil })
        try result(page.html, out)
    }
}

@c @implementation
public func nl_string_duplicate(_ text: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guardedValue {
        guard let text else { throw NavLayoutError.invalidArgument("nl_string_duplicate: text is NULL") }
        return strdup(text)
    }
}
