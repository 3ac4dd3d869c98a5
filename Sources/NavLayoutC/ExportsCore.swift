// C exports: version, status codes, errors, map view, views, guides and frames (anchors and
// constraints: ExportsConstraints.swift).
// Every function is `@c @implementation`: the compiler checks its Swift type against the
// declaration in include/navlayout.h, so the header and the library cannot drift apart.
// Documentation of each function: include/navlayout.h.

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

// MARK: - Version, status, errors

private let versionString: UnsafeMutablePointer<CChar> = strdup("\(NL_VERSION_MAJOR).\(NL_VERSION_MINOR).\(NL_VERSION_PATCH)")!

private let statusNames: [UInt32: UnsafeMutablePointer<CChar>] = {
    let names: [(UInt32, String)] = [
        (0, "NL_OK"), (1, "NL_ERR_INVALID_ARGUMENT"), (2, "NL_ERR_INVALID_HANDLE"),
        (3, "NL_ERR_INVALID_STATE"), (4, "NL_ERR_NAVIGATION_ENABLED"), (5, "NL_ERR_CARPLAY"),
        (6, "NL_ERR_REENTRANT"), (7, "NL_ERR_NO_COMMON_ANCESTOR"), (8, "NL_ERR_UNSATISFIABLE"),
        (9, "NL_ERR_DUPLICATE"), (10, "NL_ERR_UNKNOWN"), (11, "NL_ERR_CALLBACK_FAILED"),
        (12, "NL_ERR_LIMIT_EXCEEDED"), (13, "NL_ERR_BUSY"), (99, "NL_ERR_INTERNAL"),
    ]
    var table: [UInt32: UnsafeMutablePointer<CChar>] = [:]
    for (code, name) in names { table[code] = strdup(name)! }
    return table
}()
private let unrecognizedStatus: UnsafeMutablePointer<CChar> = strdup("NL_STATUS_UNRECOGNIZED")!

@c @implementation
public func nl_version() -> UnsafePointer<CChar>? { UnsafePointer(versionString) }

@c @implementation
public func nl_status_name(_ s: nl_status) -> UnsafePointer<CChar>? {
    UnsafePointer(statusNames[UInt32(truncatingIfNeeded: s.rawValue)] ?? unrecognizedStatus)
}

@c @implementation
public func nl_last_error_message() -> UnsafePointer<CChar>? { lastErrorPointer() }

@c @implementation
public func nl_last_error_status() -> nl_status { lastErrorStatus() }

@c @implementation
public func nl_string_free(_ s: UnsafeMutablePointer<CChar>?) { free(s) }

// MARK: - Map view

func event(_ p: OpaquePointer?, _ what: String, _ body: (MapContext, NavigationMapView) throws -> Void) -> nl_status {
    guarded {
        let ctx = try resolveMap(p)
        guard let map = ctx.map else { throw NavLayoutError.invalidHandle("map view was destroyed") }
        if ctx.callbackDepth > 0 {
            throw NavLayoutError.reentrant("\(what) called from inside a callback of the same map view; call it after the callback returns")
        }
        ctx.failMessage = nil
        defer { ctx.failMessage = nil }
        do {
            try body(ctx, map)
        } catch {
            if let message = ctx.failMessage { throw NavLayoutError.callbackFailed(message) }
            throw error
        }
        if let message = ctx.failMessage { throw NavLayoutError.callbackFailed(message) }
    }
}

/// Resolves a map handle and its live map view (for calls that are not events).
func withMap<T>(_ p: OpaquePointer?, _ body: (MapContext, NavigationMapView) throws -> T) throws -> T {
    let ctx = try resolveMap(p)
    guard let map = ctx.map else { throw NavLayoutError.invalidHandle("map view was destroyed") }
    return try body(ctx, map)
}

private func makeMap(_ body: () throws -> NavigationMapView) -> OpaquePointer? {
    guardedValue {
        let map = try body()
        let ctx = MapContext(map: map)
        guard let raw = ctx.registerMapHandle() else { throw handleTableFull("map view") }
        ctx.installDiagnosticRouting(map)
        do {
            _ = try ctx.handle(for: map, kind: .view)  // the root view handle
        } catch {
            Handles.remove(raw)  // no half-made map view stays in the table
            throw error
        }
        return handlePointer(raw)
    }
}

@c @implementation
public func nl_map_view_create(_ options: UnsafePointer<nl_map_options>?) -> OpaquePointer? {
    makeMap {
        guard let options else { throw NavLayoutError.invalidArgument("nl_map_view_create: options is NULL") }
        guard options.pointee.struct_size >= UInt32(MemoryLayout<nl_map_options>.size) else {
            throw NavLayoutError.invalidArgument("nl_map_view_create: options.struct_size \(options.pointee.struct_size) is smaller than sizeof(nl_map_options) = \(MemoryLayout<nl_map_options>.size)")
        }
        let o = options.pointee
        try requireNonNegative(o.width, "map width")
        try requireNonNegative(o.height, "map height")
        let insets = try swiftInsets(o.safe_area, "safe_area")
        guard let direction = LayoutDirection(rawValue: Int32(truncatingIfNeeded: o.layout_direction.rawValue)) else {
            throw NavLayoutError.invalidArgument("layout_direction \(Int32(bitPattern: UInt32(truncatingIfNeeded: o.layout_direction.rawValue))) is not an nl_layout_direction")
        }
        var opts = NavigationMapView.Options()
        opts.carPlay = o.car_play
        opts.layoutDirection = direction
        opts.shuffleButtons = o.shuffle_buttons
        return try NavigationMapView(size: Size(width: o.width, height: o.height), safeArea: insets, options: opts)
    }
}

@c @implementation
public func nl_map_view_create_preset(_ preset: UnsafePointer<CChar>?) -> OpaquePointer? {
    makeMap {
        guard let preset else { throw NavLayoutError.invalidArgument("nl_map_view_create_preset: preset name is NULL") }
        return try NavigationMapView(preset: String(cString: preset))
    }
}

@c @implementation
public func nl_map_view_destroy(_ map: OpaquePointer?) -> nl_status {
    guarded {
        let ctx = try resolveMap(map)
        if ctx.callbackDepth > 0 || ctx.reportDepth > 0 {
            // The callback may be further up the stack (map view B's callback destroying A while
            // A's own callback or diagnostic report is running): say which map view is busy.
            throw NavLayoutError.reentrant("nl_map_view_destroy: this map view is running one of its callbacks or diagnostic reports (possibly further up the stack, through another map view's callback); destroy it after that returns")
        }
        ctx.destroy()
        releaseBeforeFreeing(ctx)  // the last reference to ctx may be this call's (UseFlag.swift)
    }
}

@c @implementation
public func nl_map_view_root(_ map: OpaquePointer?) -> OpaquePointer? {
    guardedValue { try withMap(map) { ctx, m in try ctx.viewPointer(m) } }
}

@c @implementation
public func nl_map_view_set_size(_ map: OpaquePointer?, _ width: Double, _ height: Double, _ safeArea: nl_insets) -> nl_status {
    event(map, "nl_map_view_set_size") { _, m in
        try requireNonNegative(width, "map width")
        try requireNonNegative(height, "map height")
        let insets = try swiftInsets(safeArea, "safe_area")
        for (v, n) in [(insets.top, "top"), (insets.left, "left"), (insets.bottom, "bottom"), (insets.right, "right")] where v < 0 {
            throw NavLayoutError.invalidArgument("safe_area.\(n) must be >= 0, got \(v)")
        }
        try m.setSize(Size(width: width, height: height), safeArea: insets)
    }
}

@c @implementation
public func nl_map_view_size(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<nl_size>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_size")
        let s = try withMap(map) { _, m in m.size }
        out.pointee = nl_size(width: s.width, height: s.height)
    }
}

@c @implementation
public func nl_map_view_safe_area(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<nl_insets>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_safe_area")
        out.pointee = cInsets(try withMap(map) { _, m in m.safeArea })
    }
}

@c @implementation
public func nl_map_view_layout_if_needed(_ map: OpaquePointer?) -> nl_status {
    guarded { try withMap(map) { _, m in m.layoutIfNeeded() } }
}

// MARK: - Views and guides

@c @implementation
public func nl_view_create(_ map: OpaquePointer?) -> OpaquePointer? {
    guardedValue {
        try withMap(map) { ctx, _ in
            let view = LayoutView()
            let p = try ctx.viewPointer(view)
            ctx.hostCreated.insert(ObjectIdentifier(view))
            return p
        }
    }
}

@c @implementation
public func nl_view_destroy(_ view: OpaquePointer?) -> nl_status {
    guarded {
        let (ctx, v) = try resolveView(view)
        guard let map = ctx.map else { throw NavLayoutError.invalidHandle("view's map view was destroyed") }
        if v === map { throw NavLayoutError.invalidArgument("nl_view_destroy: the map view's root view cannot be destroyed; use nl_map_view_destroy") }
        let isHostView = ctx.hostCreated.contains(ObjectIdentifier(v))
        if !isHostView {
            guard let prompt = v as? NavigationPromptView else {
                throw NavLayoutError.invalidArgument("nl_view_destroy: \(name(v)) is an SDK component owned by the map view and cannot be destroyed")
            }
            if map.currentPrompt === prompt {
                throw NavLayoutError.invalidArgument("nl_view_destroy: prompt \(name(v)) is still shown; dismiss it first")
            }
        }
        v.removeFromSuperview()
        // A destroyed view stays dead: detach its subviews (they stay valid, without a superview)
        // and the guides it owns (host guides stay valid, unowned), invalidate the handles of its
        // built-in guides, and never issue a handle for it again (nl_view_superview of a former
        // subview is NULL; a constraint's anchor getters refuse it).
        for sub in v.subviews { sub.removeFromSuperview() }
        for g in v.layoutGuides where !g.isBuiltIn { v.removeLayoutGuide(g) }
        // (A built-in guide never asked for has no handle, and none can be asked for now: it is
        // not created just to be marked.)
        if let g = v.safeAreaLayoutGuideIfCreated { ctx.markDestroyed(g) }
        if let g = v.layoutMarginsGuideIfCreated { ctx.markDestroyed(g) }
        ctx.markDestroyed(v)
        // Break the cycles between the view and its own constraints so it is freed (issue 8).
        if let stack = v as? NavigationHidingStackView { try? stack.setArrangedSubviews([]) }
        map.tearDownView(v)
    }
}

@c @implementation
public func nl_guide_create(_ map: OpaquePointer?) -> OpaquePointer? {
    guardedValue {
        try withMap(map) { ctx, _ in
            let guide = LayoutGuide()
            let p = try ctx.guidePointer(guide)
            ctx.hostCreated.insert(ObjectIdentifier(guide))
            return p
        }
    }
}

@c @implementation
public func nl_guide_destroy(_ guide: OpaquePointer?) -> nl_status {
    guarded {
        let (ctx, g) = try resolveGuide(guide)
        guard ctx.hostCreated.contains(ObjectIdentifier(g)) else {
            throw NavLayoutError.invalidArgument("nl_guide_destroy: \(name(g)) was not created with nl_guide_create and cannot be destroyed")
        }
        if let owner = g.owningView { owner.removeLayoutGuide(g) }
        ctx.markDestroyed(g)
    }
}

@c @implementation
public func nl_view_add_subview(_ parent: OpaquePointer?, _ child: OpaquePointer?) -> nl_status {
    withParentAndChild("nl_view_add_subview", parent, child) { _, p, c in try p.addSubview(c) }
}

@c @implementation
public func nl_view_remove_from_superview(_ view: OpaquePointer?) -> nl_status {
    guarded {
        let (ctx, v) = try resolveView(view)
        if v === ctx.map { throw NavLayoutError.invalidArgument("nl_view_remove_from_superview: the root view has no superview") }
        v.removeFromSuperview()
    }
}

@c @implementation
public func nl_view_add_layout_guide(_ view: OpaquePointer?, _ guide: OpaquePointer?) -> nl_status {
    guarded {
        let (vctx, v) = try resolveView(view)
        let (_, g) = try resolveGuide(guide, within: vctx)
        if g.isBuiltIn && g.owningView !== v {
            throw NavLayoutError.invalidArgument("nl_view_add_layout_guide: \(name(g)) is a built-in guide of another view")
        }
        if g.isBuiltIn { return }
        try v.addLayoutGuide(g)
    }
}

@c @implementation
public func nl_view_remove_layout_guide(_ view: OpaquePointer?, _ guide: OpaquePointer?) -> nl_status {
    guarded {
        let (vctx, v) = try resolveView(view)
        let (_, g) = try resolveGuide(guide, within: vctx)
        if g.isBuiltIn { throw NavLayoutError.invalidArgument("nl_view_remove_layout_guide: \(name(g)) is a built-in guide and cannot be removed") }
        guard g.owningView === v else {
            throw NavLayoutError.unknown("nl_view_remove_layout_guide: \(name(v)) does not own guide \(name(g))")
        }
        v.removeLayoutGuide(g)
    }
}

@c @implementation
public func nl_view_superview(_ view: OpaquePointer?) -> OpaquePointer? {
    guardedValue {
        let (ctx, v) = try resolveView(view)
        return try ctx.viewPointer(v.superview)
    }
}

@c @implementation
public func nl_view_subview_count(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_subview_count")
        let (_, v) = try resolveView(view)
        out.pointee = v.subviews.count
    }
}

@c @implementation
public func nl_view_subview(_ view: OpaquePointer?, _ index: Int) -> OpaquePointer? {
    guardedValue {
        let (ctx, v) = try resolveView(view)
        let subviews = v.subviews
        guard index >= 0, index < subviews.count else {
            throw NavLayoutError.invalidArgument("nl_view_subview: index \(UInt(bitPattern: index)) out of range for \(name(v)) with \(subviews.count) subviews")
        }
        return try ctx.viewPointer(subviews[index])
    }
}

@c @implementation
public func nl_view_safe_area_guide(_ view: OpaquePointer?) -> OpaquePointer? {
    guardedValue {
        let (ctx, v) = try resolveView(view)
        return try ctx.guidePointer(v.safeAreaLayoutGuide)
    }
}

@c @implementation
public func nl_view_margins_guide(_ view: OpaquePointer?) -> OpaquePointer? {
    guardedValue {
        let (ctx, v) = try resolveView(view)
        return try ctx.guidePointer(v.layoutMarginsGuide)
    }
}

@c @implementation
public func nl_view_set_identifier(_ view: OpaquePointer?, _ identifier: UnsafePointer<CChar>?) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        v.identifier = string(identifier)
    }
}

@c @implementation
public func nl_view_identifier(_ view: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guardedValue {
        let (_, v) = try resolveView(view)
        return copyCString(v.identifier)
    }
}

@c @implementation
public func nl_guide_set_identifier(_ guide: OpaquePointer?, _ identifier: UnsafePointer<CChar>?) -> nl_status {
    guarded {
        let (_, g) = try resolveGuide(guide)
        g.identifier = string(identifier)
    }
}

@c @implementation
public func nl_guide_identifier(_ guide: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guardedValue {
        let (_, g) = try resolveGuide(guide)
        return copyCString(g.identifier)
    }
}

@c @implementation
public func nl_view_set_hidden(_ view: OpaquePointer?, _ hidden: Bool) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        v.isHidden = hidden
    }
}

@c @implementation
public func nl_view_is_hidden(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_is_hidden")
        let (_, v) = try resolveView(view)
        _ = v.frame  // performs a pending layout pass: hiding stacks decide there
        out.pointee = v.isHidden
    }
}

@c @implementation
public func nl_view_set_intrinsic_size(_ view: OpaquePointer?, _ width: Double, _ height: Double) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        for (value, axis) in [(width, "width"), (height, "height")] {
            try requireFinite(value, "intrinsic \(axis) of \(name(v))")
            if value < 0 && value != NL_NO_INTRINSIC_METRIC {
                throw NavLayoutError.invalidArgument("intrinsic \(axis) of \(name(v)) must be >= 0 or NL_NO_INTRINSIC_METRIC, got \(value)")
            }
        }
        try v.setIntrinsicContentSize(Size(width: width, height: height))
    }
}

private func axisOf(_ axis: nl_axis) throws -> LayoutAxis {
    guard let a = LayoutAxis(rawValue: Int32(truncatingIfNeeded: axis.rawValue)) else {
        throw NavLayoutError.invalidArgument("axis \(Int32(bitPattern: UInt32(truncatingIfNeeded: axis.rawValue))) is not an nl_axis")
    }
    return a
}

func priorityOf(_ p: Float, _ what: @autoclosure () -> String) throws -> LayoutPriority {
    let priority = LayoutPriority(p)
    guard priority.isValid else { throw NavLayoutError.invalidArgument("\(what()): priority must be in 1...1000, got \(p)") }
    return priority
}

@c @implementation
public func nl_view_set_hugging_priority(_ view: OpaquePointer?, _ axis: nl_axis, _ priority: Float) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        try v.setContentHuggingPriority(try priorityOf(priority, "hugging priority of \(name(v))"), for: try axisOf(axis))
    }
}

@c @implementation
public func nl_view_set_compression_priority(_ view: OpaquePointer?, _ axis: nl_axis, _ priority: Float) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        try v.setCompressionResistancePriority(try priorityOf(priority, "compression resistance of \(name(v))"), for: try axisOf(axis))
    }
}

@c @implementation
public func nl_view_set_layout_margins(_ view: OpaquePointer?, _ margins: nl_insets) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        try v.setLayoutMargins(try swiftInsets(margins, "layout margins of \(name(v))"))
    }
}

// MARK: - Frames

@c @implementation
public func nl_view_frame(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<nl_rect>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_frame")
        let (_, v) = try resolveView(view)
        out.pointee = cRect(v.frame)
    }
}

@c @implementation
public func nl_view_target_frame(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<nl_rect>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_target_frame")
        let (_, v) = try resolveView(view)
        out.pointee = cRect(v.targetFrame)
    }
}

@c @implementation
public func nl_guide_frame(_ guide: OpaquePointer?, _ out: UnsafeMutablePointer<nl_rect>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_guide_frame")
        let (_, g) = try resolveGuide(guide)
        out.pointee = cRect(g.frame)
    }
}
