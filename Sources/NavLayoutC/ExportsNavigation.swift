// C exports: layout delegate, navigation events, UI states, hiding stack, prompts, style values,
// animation, camera, diagnostics, snapshots. Documentation: include/navlayout.h.

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

// MARK: - Delegate

@c @implementation
public func nl_map_view_set_layout_delegate(_ map: OpaquePointer?, _ delegate: UnsafePointer<nl_layout_delegate>?) -> nl_status {
    event(map, "nl_map_view_set_layout_delegate") { ctx, m in
        var bridge: CDelegateBridge?
        if let delegate {
            guard delegate.pointee.struct_size >= UInt32(MemoryLayout<nl_layout_delegate>.size) else {
                throw NavLayoutError.invalidArgument("nl_map_view_set_layout_delegate: struct_size \(delegate.pointee.struct_size) is smaller than sizeof(nl_layout_delegate) = \(MemoryLayout<nl_layout_delegate>.size)")
            }
            bridge = CDelegateBridge(delegate.pointee, context: ctx)
        }
        try m.setLayoutDelegate(bridge)
        let old = ctx.delegate
        ctx.delegate = bridge
        old?.releaseOnce()
    }
}

@c @implementation
public func nl_map_view_fail_callback(_ map: OpaquePointer?, _ message: UnsafePointer<CChar>?) -> nl_status {
    guarded {
        let ctx = try resolveMap(map)
        guard ctx.callbackDepth > 0 else {
            throw NavLayoutError.invalidState("nl_map_view_fail_callback called outside a callback of this map view")
        }
        // The replacement or destruction that runs release happened either way: the call reports
        // what it did (issue 17: set_layout_delegate said it failed although it had installed the
        // new delegate).
        guard !ctx.isReleasingDelegate else {
            throw NavLayoutError.invalidState("nl_map_view_fail_callback called from a layout delegate's release, which cannot fail: the delegate was replaced or the map view destroyed either way; nothing is reported")
        }
        if ctx.failMessage == nil {
            let text = message.map { String(cString: $0) } ?? "callback failed"
            ctx.failMessage = text
        }
    }
}

@c @implementation
public func nl_map_view_destroying(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_destroying")
        out.pointee = try resolveMap(map).isDestroying
    }
}

// MARK: - Events

@c @implementation
public func nl_map_view_set_navigation_enabled(_ map: OpaquePointer?, _ enabled: Bool) -> nl_status {
    event(map, enabled ? "enable navigation" : "disable navigation") { _, m in
        if m.isNavigationEnabled == enabled {
            throw NavLayoutError.invalidState("navigation is already \(enabled ? "enabled" : "disabled")")
        }
        try m.setNavigationEnabled(enabled)
    }
}

@c @implementation
public func nl_map_view_navigation_state(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<nl_ui_state_kind>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_navigation_state")
        try withMap(map) { _, m in
            switch m.uiState {
            case is ActiveGuidanceUIState: out.pointee = NL_UI_STATE_ACTIVE_GUIDANCE
            case is NavigationReadyUIState: out.pointee = NL_UI_STATE_NAVIGATION_READY
            default: out.pointee = NL_UI_STATE_NO_NAVIGATION
            }
        }
    }
}

@c @implementation
public func nl_map_view_start_guidance(_ map: OpaquePointer?) -> nl_status {
    event(map, "start guidance") { _, m in try m.startGuidance() }
}

@c @implementation
public func nl_map_view_stop_guidance(_ map: OpaquePointer?) -> nl_status {
    event(map, "stop guidance") { _, m in try m.stopGuidance() }
}

@c @implementation
public func nl_map_view_trigger_prompt(_ map: OpaquePointer?, _ kind: nl_prompt_kind) -> nl_status {
    event(map, "trigger prompt") { _, m in
        guard let k = NavigationPromptKind(rawValue: Int32(truncatingIfNeeded: kind.rawValue)) else {
            throw NavLayoutError.invalidArgument("prompt kind \(Int32(bitPattern: UInt32(truncatingIfNeeded: kind.rawValue))) is not an nl_prompt_kind")
        }
        try m.triggerPrompt(k)
    }
}

@c @implementation
public func nl_map_view_dismiss_prompt(_ map: OpaquePointer?) -> nl_status {
    event(map, "dismiss prompt") { _, m in try m.dismissPrompt() }
}

@c @implementation
public func nl_map_view_set_speed_widget_mode(_ map: OpaquePointer?, _ mode: nl_speed_widget_mode) -> nl_status {
    event(map, "set speed widget mode") { _, m in
        guard let sm = SpeedWidgetMode(rawValue: Int32(truncatingIfNeeded: mode.rawValue)) else {
            throw NavLayoutError.invalidArgument("speed widget mode \(Int32(bitPattern: UInt32(truncatingIfNeeded: mode.rawValue))) is not an nl_speed_widget_mode")
        }
        // The deprecated shorthand (issue 16): the mode is derived from the data it implies.
        try m.setSpeedData(speedAvailable: sm.showsSpeedometer, speedLimitAvailable: sm.showsSpeedLimit)
    }
}

@c @implementation
public func nl_map_view_set_speed_data(_ map: OpaquePointer?, _ speedAvailable: Bool, _ speedLimitAvailable: Bool) -> nl_status {
    event(map, "set speed data") { _, m in try m.setSpeedData(speedAvailable: speedAvailable, speedLimitAvailable: speedLimitAvailable) }
}

@c @implementation
public func nl_map_view_speed_data(_ map: OpaquePointer?, _ speedAvailable: UnsafeMutablePointer<Bool>?,
                                   _ speedLimitAvailable: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        if speedAvailable == nil && speedLimitAvailable == nil {
            throw NavLayoutError.invalidArgument("nl_map_view_speed_data: both out-pointers are NULL")
        }
        let (speed, limit) = try withMap(map) { _, m in (m.isSpeedAvailable, m.isSpeedLimitAvailable) }
        speedAvailable?.pointee = speed
        speedLimitAvailable?.pointee = limit
    }
}

@c @implementation
public func nl_map_view_pan(_ map: OpaquePointer?) -> nl_status {
    event(map, "pan") { _, m in try m.panMap() }
}

@c @implementation
public func nl_map_view_recenter(_ map: OpaquePointer?) -> nl_status {
    event(map, "recenter") { _, m in try m.recenter() }
}

@c @implementation
public func nl_map_view_set_incident_reporting_enabled(_ map: OpaquePointer?, _ enabled: Bool) -> nl_status {
    event(map, "set incident reporting enabled") { _, m in m.isIncidentReportingEnabled = enabled }
}

@c @implementation
public func nl_map_view_set_should_display_prompts(_ map: OpaquePointer?, _ display: Bool) -> nl_status {
    guarded { try withMap(map) { _, m in m.shouldDisplayPrompts = display } }
}

// MARK: - UI states

@c @implementation
public func nl_ui_state_kind_of(_ state: OpaquePointer?, _ out: UnsafeMutablePointer<nl_ui_state_kind>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_ui_state_kind_of")
        let (_, s) = try resolveState(state)
        out.pointee = s is ActiveGuidanceUIState ? NL_UI_STATE_ACTIVE_GUIDANCE : NL_UI_STATE_NAVIGATION_READY
    }
}

/// A component of a state; NULL (with a message saying so) when the state has none.
private func stateView(_ state: OpaquePointer?, _ function: String, _ component: String,
                       _ pick: (NavigationUIState) -> LayoutView?) -> OpaquePointer? {
    guardedValue {
        let (ctx, s) = try resolveState(state)
        guard let view = pick(s) else {
            let kind = s is ActiveGuidanceUIState ? "activeGuidance" : "navigationReady"
            throw NavLayoutError.invalidArgument("\(function): a \(kind) state has no \(component) (the turn card, ETA card, trip progress bar and speed widget exist only in active guidance)")
        }
        return try ctx.viewPointer(view)
    }
}

@c @implementation
public func nl_ui_state_google_logo(_ state: OpaquePointer?) -> OpaquePointer? { stateView(state, "nl_ui_state_google_logo", "google logo") { $0.googleLogo } }
@c @implementation
public func nl_ui_state_viewport(_ state: OpaquePointer?) -> OpaquePointer? { stateView(state, "nl_ui_state_viewport", "viewport") { $0.viewport } }
@c @implementation
public func nl_ui_state_turn_card(_ state: OpaquePointer?) -> OpaquePointer? { stateView(state, "nl_ui_state_turn_card", "turn card") { ($0 as? ActiveGuidanceUIState)?.turnCard } }
@c @implementation
public func nl_ui_state_eta_card(_ state: OpaquePointer?) -> OpaquePointer? { stateView(state, "nl_ui_state_eta_card", "ETA card") { ($0 as? ActiveGuidanceUIState)?.etaCard } }
@c @implementation
public func nl_ui_state_trip_progress_bar(_ state: OpaquePointer?) -> OpaquePointer? { stateView(state, "nl_ui_state_trip_progress_bar", "trip progress bar") { ($0 as? ActiveGuidanceUIState)?.tripProgressBar } }
@c @implementation
public func nl_ui_state_speed_widget(_ state: OpaquePointer?) -> OpaquePointer? { stateView(state, "nl_ui_state_speed_widget", "speed widget") { ($0 as? ActiveGuidanceUIState)?.speedWidget } }

@c @implementation
public func nl_ui_state_wide_mode(_ state: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_ui_state_wide_mode")
        out.pointee = try resolveState(state).1.wideMode
    }
}

@c @implementation
public func nl_ui_state_map_size(_ state: OpaquePointer?, _ out: UnsafeMutablePointer<nl_size>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_ui_state_map_size")
        let s = try resolveState(state).1.mapSize
        out.pointee = nl_size(width: s.width, height: s.height)
    }
}

@c @implementation
public func nl_ui_state_button_count(_ state: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_ui_state_button_count")
        out.pointee = try resolveState(state).1.buttons.count
    }
}

@c @implementation
public func nl_ui_state_button(_ state: OpaquePointer?, _ index: Int, _ typeOut: UnsafeMutablePointer<nl_button_type>?) -> OpaquePointer? {
    guardedValue {
        let (ctx, s) = try resolveState(state)
        let buttons = s.buttons
        guard index >= 0, index < buttons.count else {
            throw NavLayoutError.invalidArgument("nl_ui_state_button: index \(UInt(bitPattern: index)) out of range (\(buttons.count) buttons)")
        }
        let p = try ctx.viewPointer(buttons[index].view)
        typeOut?.pointee = buttons[index].type.rawValue
        return p
    }
}

// MARK: - Hiding stack and prompts

private func hidingStack(_ p: OpaquePointer?, _ what: String) throws -> (MapContext, NavigationHidingStackView) {
    let (ctx, v) = try resolveView(p, what)
    guard let stack = v as? NavigationHidingStackView else {
        throw NavLayoutError.invalidArgument("\(what): \(name(v)) is not a hiding stack view")
    }
    return (ctx, stack)
}

@c @implementation
public func nl_hiding_stack_create(_ map: OpaquePointer?, _ position: nl_stack_position, _ alignment: nl_stack_alignment) -> OpaquePointer? {
    guardedValue {
        try withMap(map) { ctx, _ in
            guard let pos = StackPosition(rawValue: Int32(truncatingIfNeeded: position.rawValue)) else {
                throw NavLayoutError.invalidArgument("stack position \(Int32(bitPattern: UInt32(truncatingIfNeeded: position.rawValue))) is not an nl_stack_position")
            }
            guard let align = StackAlignment(rawValue: Int32(truncatingIfNeeded: alignment.rawValue)) else {
                throw NavLayoutError.invalidArgument("stack alignment \(Int32(bitPattern: UInt32(truncatingIfNeeded: alignment.rawValue))) is not an nl_stack_alignment")
            }
            let stack = NavigationHidingStackView(position: pos, alignment: align)
            let p = try ctx.viewPointer(stack)
            ctx.hostCreated.insert(ObjectIdentifier(stack))
            return p
        }
    }
}

@c @implementation
public func nl_hiding_stack_set_arranged_subviews(_ stack: OpaquePointer?, _ views: UnsafePointer<OpaquePointer?>?, _ count: Int) -> nl_status {
    guarded {
        let (ctx, s) = try hidingStack(stack, "nl_hiding_stack_set_arranged_subviews")
        var list: [LayoutView] = []
        if count != 0 {
            guard let views else { throw NavLayoutError.invalidArgument("nl_hiding_stack_set_arranged_subviews: views is NULL but count is \(UInt(bitPattern: count))") }
            guard count > 0, count <= 1 << 20 else { throw NavLayoutError.invalidArgument("nl_hiding_stack_set_arranged_subviews: count out of range") }
            var seen: Set<ObjectIdentifier> = []
            for i in 0..<count {
                let (_, v) = try resolveView(views[i], "views[\(i)]", within: ctx)
                if v === s { throw NavLayoutError.invalidArgument("hiding stack \(name(s)) cannot arrange itself") }
                if v === ctx.map { throw NavLayoutError.invalidArgument("the map view's root view cannot be arranged in \(name(s))") }
                if s.isInSubtree(of: v) { throw NavLayoutError.invalidArgument("\(name(v)) is an ancestor of hiding stack \(name(s))") }
                if !seen.insert(ObjectIdentifier(v)).inserted {
                    throw NavLayoutError.duplicate("\(name(v)) appears twice in the arranged subviews of \(name(s))")
                }
                list.append(v)
            }
        }
        try s.setArrangedSubviews(list)
    }
}

@c @implementation
public func nl_hiding_stack_set_spacing(_ stack: OpaquePointer?, _ spacing: Double) -> nl_status {
    guarded {
        let (_, s) = try hidingStack(stack, "nl_hiding_stack_set_spacing")
        try requireNonNegative(spacing, "spacing of \(name(s))")
        try s.setSpacing(spacing)
    }
}

private func prompt(_ p: OpaquePointer?, _ what: String) throws -> NavigationPromptView {
    let (_, v) = try resolveView(p, what)
    guard let prompt = v as? NavigationPromptView else {
        throw NavLayoutError.invalidArgument("\(what): \(name(v)) is not a prompt view")
    }
    return prompt
}

@c @implementation
public func nl_prompt_kind_of(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<nl_prompt_kind>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_prompt_kind_of")
        out.pointee = nl_prompt_kind(rawValue: numericCast(try prompt(view, "nl_prompt_kind_of").kind.rawValue))
    }
}

@c @implementation
public func nl_prompt_set_rounded_corners(_ view: OpaquePointer?, _ mask: nl_corner_mask) -> nl_status {
    guarded {
        let p = try prompt(view, "nl_prompt_set_rounded_corners")
        guard mask & ~UInt32(15) == 0 else {
            throw NavLayoutError.invalidArgument("corner mask 0x\(String(mask, radix: 16)) of \(name(p)) has bits other than NL_CORNER_*")
        }
        p.roundedCorners = .init(rawValue: numericCast(mask))
    }
}

@c @implementation
public func nl_prompt_rounded_corners(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<nl_corner_mask>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_prompt_rounded_corners")
        out.pointee = numericCast(try prompt(view, "nl_prompt_rounded_corners").roundedCorners.rawValue)
    }
}

@c @implementation
public func nl_navigation_style_values() -> nl_style_values {
    nl_style_values(
        button_horizontal_padding: NavigationStyleValues.buttonHorizontalPadding,
        button_vertical_padding: NavigationStyleValues.buttonVerticalPadding,
        default_corner_radius: NavigationStyleValues.defaultCornerRadius,
        element_horizontal_padding: NavigationStyleValues.elementHorizontalPadding,
        header_footer_horizontal_padding: NavigationStyleValues.headerFooterHorizontalPadding,
        header_nominal_height: NavigationStyleValues.headerNominalHeight,
        header_top_padding: NavigationStyleValues.headerTopPadding)
}

// MARK: - Animation and time

@c @implementation
public func nl_map_view_animate(_ map: OpaquePointer?, _ seconds: Double, _ curve: nl_curve,
                                _ changes: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?,
                                _ completion: (@convention(c) (UnsafeMutableRawPointer?, Bool) -> Void)?,
                                _ userData: UnsafeMutableRawPointer?) -> nl_status {
    guarded {
        let ctx = try resolveMap(map)
        guard let m = ctx.map else { throw NavLayoutError.invalidHandle("map view was destroyed") }
        try requireNonNegative(seconds, "animation duration (seconds)")
        guard let c = AnimationCurve(rawValue: Int32(truncatingIfNeeded: curve.rawValue)) else {
            throw NavLayoutError.invalidArgument("curve \(Int32(bitPattern: UInt32(truncatingIfNeeded: curve.rawValue))) is not an nl_curve")
        }
        // A failure reported from `changes` belongs to this call (the innermost one that ran the
        // callback), not to an enclosing event: save the enclosing scope's failure and restore it.
        let enclosingFailure = ctx.failMessage
        ctx.failMessage = nil
        defer { ctx.failMessage = enclosingFailure }
        let done: ((Bool) -> Void)? = completion.map { fn in
            // `unowned`: a completion is kept only by the map view's layout system, which runs it
            // inside a C call on the map view or drops it when the map view is destroyed (see
            // `MapContext`, "Who may refer to a context").
            { [unowned ctx] finished in
                guard ctx.isAlive else { return }
                ctx.runHost { fn(userData, finished) }
            }
        }
        try m.animate(withDuration: seconds, curve: c, animations: {
            if let changes { ctx.runHost { changes(userData) } }
        }, completion: done)
        if let message = ctx.failMessage { throw NavLayoutError.callbackFailed(message) }
    }
}

@c @implementation
public func nl_map_view_advance_time(_ map: OpaquePointer?, _ seconds: Double) -> nl_status {
    event(map, "advance time") { _, m in
        try requireNonNegative(seconds, "time step (seconds)")
        try m.advanceTime(by: seconds)
    }
}

// MARK: - Results

@c @implementation
public func nl_map_view_camera(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<nl_camera>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_camera")
        let cam = try withMap(map) { _, m in m.camera }
        out.pointee = nl_camera(viewport: cRect(cam.viewport), padding: cInsets(cam.padding),
                                vehicle_point: nl_point(x: cam.vehiclePoint.x, y: cam.vehiclePoint.y))
    }
}

@c @implementation
public func nl_map_view_diagnostic_count(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_diagnostic_count")
        out.pointee = try withMap(map) { _, m in m.diagnostics.count }
    }
}

@c @implementation
public func nl_map_view_diagnostic(_ map: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<nl_diagnostic>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_diagnostic")
        // Callers built before `axis` or `log_line` existed pass the smaller size of the struct
        // without them.
        guard let fields = DiagnosticFields(structSize: out.pointee.struct_size) else {
            throw NavLayoutError.invalidArgument("nl_map_view_diagnostic: out->struct_size \(out.pointee.struct_size) is smaller than sizeof(nl_diagnostic) = \(MemoryLayout<nl_diagnostic>.size)")
        }
        try withMap(map) { ctx, m in
            let diagnostics = m.diagnostics
            guard index >= 0, index < diagnostics.count else {
                throw NavLayoutError.invalidArgument("nl_map_view_diagnostic: index \(UInt(bitPattern: index)) out of range (\(diagnostics.count) diagnostics)")
            }
            let strings = ctx.diagnosticCStrings(for: diagnostics.map { $0.message })
            let d = diagnostics[index]
            let line = fields.logLine ? ctx.diagnosticLineCStrings(for: diagnostics.map { $0.logLine })[index] : strings[index]
            let items = try diagnosticItemHandles(d, ctx)
            fillDiagnostic(d, message: strings[index], logLine: line, items: items, into: out, fields: fields)
        }
    }
}

@c @implementation
public func nl_map_view_snapshot_json(_ map: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guardedValue { try withMap(map) { _, m in copyCString(m.snapshotJSON()) } }
}

@c @implementation
public func nl_map_view_snapshot_svg(_ map: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guardedValue { try withMap(map) { _, m in copyCString(m.snapshotSVG()) } }
}
