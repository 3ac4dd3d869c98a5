// C exports of the layout workbench (issue 14): the scripted sessions, their recording and the
// viewer page — the same code `navlayout view` and `navlayout gallery` run, for C and Python
// hosts. Documentation: include/navlayout.h ("Workbench").

import CNavLayout
import LayoutEngine
import NavigationUI
import NavLayoutWorkbench

@c @implementation
public func nl_map_view_run_session(_ map: OpaquePointer?, _ options: UnsafePointer<nl_session_options>?,
                                    _ observer: nl_session_observer?, _ userData: UnsafeMutableRawPointer?,
                                    _ outRecording: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> nl_status {
    outRecording?.pointee = nil
    return guarded {
        let ctx = try resolveMap(map)
        guard let m = ctx.map else { throw NavLayoutError.invalidHandle("map view was destroyed") }
        if ctx.callbackDepth > 0 {
            throw NavLayoutError.reentrant("nl_map_view_run_session called from inside a callback of the same map view; call it after the callback returns")
        }
        var scriptKind = NL_SESSION_STANDARD
        var preset: String?
        var title = ""
        if let options {
            guard options.pointee.struct_size >= UInt32(MemoryLayout<nl_session_options>.size) else {
                throw NavLayoutError.invalidArgument("nl_map_view_run_session: options->struct_size \(options.pointee.struct_size) is smaller than sizeof(nl_session_options) = \(MemoryLayout<nl_session_options>.size)")
            }
            scriptKind = options.pointee.script
            preset = options.pointee.preset.map { String(cString: $0) }
            title = string(options.pointee.title)
        }
        let script: SessionScript
        switch scriptKind {
        case NL_SESSION_STANDARD: script = .standard(for: m, preset: preset)
        case NL_SESSION_DEMO: script = .demo
        default:
            throw NavLayoutError.invalidArgument("nl_map_view_run_session: options->script \(scriptKind.rawValue) is not an nl_session_script (NL_SESSION_STANDARD 0, NL_SESSION_DEMO 1)")
        }
        if let preset, DevicePreset.named(preset) == nil {
            throw NavLayoutError.invalidArgument("nl_map_view_run_session: options->preset \"\(messageText(preset))\" is not a preset; presets: \(DevicePreset.all.map(\.name).joined(separator: ", "))")
        }
        try SessionDriver.checkCanRun(script, on: m)
        // Every event starts with no failure reported, so each delegate failure is seen.
        let beforeEach = { ctx.failMessage = nil }
        defer { ctx.failMessage = nil }
        let observe: (Int, SessionStep, StepOutcome) throws -> Void = { index, step, outcome in
            guard let observer else { return }
            ctx.failMessage = nil
            var verdict: Int32 = 0
            step.name.withCString { name in
                outcome.failures.joined(separator: "\n").withCString { failures in
                    m.runHostCallback { ctx.runHost { verdict = observer(userData, map, index, name, failures) } }
                }
            }
            if verdict != 0 {
                throw NavLayoutError.callbackFailed(ctx.failMessage ?? "session observer stopped the session at step \(index) (\(step.name))")
            }
        }
        if let outRecording {
            let recorder = SessionRecorder(map: m, title: title, preset: preset)
            recorder.beforeEach = beforeEach
            let recording = try recorder.record(script, observe: observe)
            guard let copy = copyCString(recording.json) else {
                throw NavLayoutError.internal("nl_map_view_run_session: out of memory copying the recording")
            }
            outRecording.pointee = copy
        } else {
            try SessionDriver.run(script, on: m, beforeEach: beforeEach, observe: observe)
        }
    }
}

@c @implementation
public func nl_viewer_page(_ recording: UnsafePointer<CChar>?, _ title: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guardedValue {
        guard let recording else { throw NavLayoutError.invalidArgument("nl_viewer_page: recording_json is NULL") }
        let page = ViewerPage.html(recording: String(cString: recording), title: title.map { String(cString: $0) } ?? "NavLayout viewer")
        return copyCString(page)
    }
}
