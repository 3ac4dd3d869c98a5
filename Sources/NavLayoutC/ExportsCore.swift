// C exports: version, status codes, errors, map view, views, guides, anchors, constraints.
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

// MARK: - Anchors and constraints

private func attributeOf(_ a: nl_anchor_attribute) throws -> LayoutAttribute {
    guard let attr = LayoutAttribute(rawValue: Int32(truncatingIfNeeded: a.rawValue)) else {
        throw NavLayoutError.invalidArgument("anchor attribute \(Int32(bitPattern: UInt32(truncatingIfNeeded: a.rawValue))) is not an nl_anchor_attribute")
    }
    return attr
}

@c @implementation
public func nl_view_anchor(_ view: OpaquePointer?, _ attribute: nl_anchor_attribute) -> nl_anchor {
    let thread = threadUse(), mark = thread.pointee.head  // one C call: see guarded
    defer { useScopeEnd(thread, mark) }
    do {
        // Checked from the handle's slot alone, without entering its map view: an anchor is a
        // value (item, attribute) checked again by the call that uses it, so making one is never
        // NL_ERR_BUSY, and an anchor of a busy map view reaches that call, which refuses it for
        // what it is (another map view's item, or busy).
        try checkLiveHandle(rawValue(view), .view, "nl_view_anchor: view")
        _ = try attributeOf(attribute)
        return nl_anchor(item: UnsafeRawPointer(view), attribute: attribute)
    } catch {
        _ = fail(error)
        return nl_anchor(item: nil, attribute: attribute)
    }
}

@c @implementation
public func nl_guide_anchor(_ guide: OpaquePointer?, _ attribute: nl_anchor_attribute) -> nl_anchor {
    let thread = threadUse(), mark = thread.pointee.head  // one C call: see guarded
    defer { useScopeEnd(thread, mark) }
    do {
        // Checked from the handle's slot alone, without entering its map view: an anchor is a
        // value (item, attribute) checked again by the call that uses it, so making one is never
        // NL_ERR_BUSY, and an anchor of a busy map view reaches that call, which refuses it for
        // what it is (another map view's item, or busy).
        try checkLiveHandle(rawValue(guide), .guide, "nl_guide_anchor: guide")
        _ = try attributeOf(attribute)
        return nl_anchor(item: UnsafeRawPointer(guide), attribute: attribute)
    } catch {
        _ = fail(error)
        return nl_anchor(item: nil, attribute: attribute)
    }
}

private func anchorOf(_ a: nl_anchor, _ ctx: MapContext, _ role: String) throws -> LayoutAnchor {
    let (_, item) = try resolveItem(a.item, "\(role) item", within: ctx)
    return LayoutAnchor(item: item, attribute: try attributeOf(a.attribute))
}

private func relationOf(_ r: nl_relation) throws -> LayoutRelation {
    guard let rel = LayoutRelation(rawValue: Int32(truncatingIfNeeded: r.rawValue)) else {
        throw NavLayoutError.invalidArgument("relation \(Int32(bitPattern: UInt32(truncatingIfNeeded: r.rawValue))) is not an nl_relation")
    }
    return rel
}

private func registerConstraint(_ ctx: MapContext, _ c: LayoutConstraint) throws -> OpaquePointer? {
    let p = handlePointer(try ctx.handle(for: c, kind: .constraint))
    ctx.hostCreated.insert(ObjectIdentifier(c))
    return p
}

@c @implementation
public func nl_constraint_create(_ map: OpaquePointer?, _ first: nl_anchor, _ relation: nl_relation, _ second: nl_anchor,
                                 _ multiplier: Double, _ constant: Double) -> OpaquePointer? {
    guardedValue {
        try withMap(map) { ctx, _ in
            let a = try anchorOf(first, ctx, "nl_constraint_create: first anchor")
            let b = try anchorOf(second, ctx, "nl_constraint_create: second anchor")
            let rel = try relationOf(relation)
            try requireFinite(multiplier, "multiplier of \(a) \(rel) \(b)")
            try requireFinite(constant, "constant of \(a) \(rel) \(b)")
            if a.attribute.kind != b.attribute.kind {
                throw NavLayoutError.invalidArgument("cannot relate \(a) to \(b): anchors of different axes (\(a.attribute) is \(a.attribute.kind), \(b.attribute) is \(b.attribute.kind))")
            }
            let c = try LayoutConstraint(first: a, relation: rel, second: b, multiplier: multiplier, constant: constant)
            return try registerConstraint(ctx, c)
        }
    }
}

@c @implementation
public func nl_constraint_create_constant(_ map: OpaquePointer?, _ first: nl_anchor, _ relation: nl_relation, _ constant: Double) -> OpaquePointer? {
    guardedValue {
        try withMap(map) { ctx, _ in
            let a = try anchorOf(first, ctx, "nl_constraint_create_constant: first anchor")
            let rel = try relationOf(relation)
            try requireFinite(constant, "constant of \(a) \(rel) constant")
            if a.attribute.kind != .dimension {
                throw NavLayoutError.invalidArgument("\(a) \(rel) \(constant): a position anchor (\(a.attribute)) cannot be constrained to a constant; relate it to another anchor")
            }
            let c = try LayoutConstraint(first: a, relation: rel, second: nil, multiplier: 1, constant: constant)
            return try registerConstraint(ctx, c)
        }
    }
}

@c @implementation
public func nl_constraint_destroy(_ constraint: OpaquePointer?) -> nl_status {
    guarded {
        let (ctx, c) = try resolveConstraint(constraint)
        c.deactivate()
        ctx.forget(c)
    }
}

@c @implementation
public func nl_constraint_set_priority(_ constraint: OpaquePointer?, _ priority: Float) -> nl_status {
    guarded {
        let (_, c) = try resolveConstraint(constraint)
        try c.setPriority(try priorityOf(priority, "constraint \(c)"))
    }
}

@c @implementation
public func nl_constraint_priority(_ constraint: OpaquePointer?, _ out: UnsafeMutablePointer<Float>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_constraint_priority")
        let (_, c) = try resolveConstraint(constraint)
        out.pointee = c.priority.rawValue
    }
}

@c @implementation
public func nl_constraint_set_constant(_ constraint: OpaquePointer?, _ constant: Double) -> nl_status {
    guarded {
        let (_, c) = try resolveConstraint(constraint)
        try requireFinite(constant, "constant of constraint \(c)")
        try c.setConstant(constant)
    }
}

@c @implementation
public func nl_constraint_constant(_ constraint: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_constraint_constant")
        let (_, c) = try resolveConstraint(constraint)
        out.pointee = c.constant
    }
}

@c @implementation
public func nl_constraint_set_identifier(_ constraint: OpaquePointer?, _ identifier: UnsafePointer<CChar>?) -> nl_status {
    guarded {
        let (_, c) = try resolveConstraint(constraint)
        c.identifier = string(identifier)
    }
}

@c @implementation
public func nl_constraint_is_active(_ constraint: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_constraint_is_active")
        let (_, c) = try resolveConstraint(constraint)
        out.pointee = c.isActive
    }
}

/// Resolves a C array of constraint handles, all of one map view.
/// Refuses to activate a constraint that names a view or guide destroyed through the C API: it
/// would be installed on a detached, dead view, a reference cycle nothing frees (the API fuzzer:
/// create a view, a constraint on it, destroy the view, activate the constraint — a leak).
/// `what` (the call and element, for the message) is built only on failure: this runs for every
/// element of every nl_constraints_activate (issue 19).
private func requireLiveItems(_ ctx: MapContext, _ c: LayoutConstraint, _ what: @autoclosure () -> String) throws {
    func check(_ item: LayoutItem) throws {
        if ctx.isDestroyed(item) {
            throw NavLayoutError.invalidHandle("\(what()): \(c) refers to '\(item.displayName)', which was destroyed")
        }
    }
    try check(c.firstAnchor.item)
    if let second = c.secondAnchor?.item { try check(second) }
}

private func constraintList(_ list: UnsafePointer<OpaquePointer?>?, _ count: Int, _ what: String,
                            requireLive: Bool = false) throws -> [LayoutConstraint] {
    if count == 0 { return [] }
    guard let list else { throw NavLayoutError.invalidArgument("\(what): constraints is NULL but count is \(UInt(bitPattern: count))") }
    guard count > 0, count <= 1 << 24 else { throw NavLayoutError.invalidArgument("\(what): count \(UInt(bitPattern: count)) is out of range") }
    // Every element is checked from its handle's slot before any map view is entered: a NULL,
    // stale, garbage or wrong-kind handle (NL_ERR_INVALID_HANDLE) or a list mixing map views
    // (NL_ERR_INVALID_ARGUMENT). Entering the first constraint's map view first made such a list
    // NL_ERR_BUSY while another thread used that map view (and that thread's calls BUSY),
    // though calling again could only give the other error (new users' trials). The loop below
    // checks again, holding the map view (a handle may go stale meanwhile).
    if count > 1 {
        var owner: UInt? = nil
        for i in 0..<count {
            let raw = rawValue(list[i])
            guard let other = Handles.ownerIdentity(raw, .constraint) else {
                // Not a live constraint handle: the reason, as the loop below would give it.
                try checkLiveHandle(raw, .constraint, "\(what): constraints[\(i)]")
                continue  // (live again by now: impossible, generations only grow)
            }
            if owner == nil { owner = other }
            if other != owner {
                throw NavLayoutError.invalidArgument("\(what): constraints[\(i)] (constraint handle 0x"
                    + String(raw, radix: 16) + ") and constraints[0] belong to different map views; "
                    + "a call takes constraints of one map view only")
            }
        }
    }
    var result: [LayoutConstraint] = []
    result.reserveCapacity(count)
    var first: MapContext?
    for i in 0..<count {
        let resolved: (MapContext, LayoutConstraint)
        do {
            resolved = try resolveConstraint(list[i], what, within: first)
        } catch {
            // Only a failure needs the element's position in its message: resolve again with it
            // (the same check, so the same error) instead of building the text for every element.
            _ = try resolveConstraint(list[i], "\(what): constraints[\(i)]", within: first)
            throw error
        }
        let (ctx, c) = resolved
        if first == nil { first = ctx }
        if requireLive { try requireLiveItems(ctx, c, "\(what): constraints[\(i)]") }
        result.append(c)
    }
    return result
}

@c @implementation
public func nl_constraint_activate(_ constraint: OpaquePointer?) -> nl_status {
    guarded {
        let (ctx, c) = try resolveConstraint(constraint)
        try requireLiveItems(ctx, c, "nl_constraint_activate")
        try c.activate()
    }
}

@c @implementation
public func nl_constraints_activate(_ constraints: UnsafePointer<OpaquePointer?>?, _ count: Int) -> nl_status {
    guarded {
        try LayoutConstraint.activate(try constraintList(constraints, count, "nl_constraints_activate",
                                                         requireLive: true))
    }
}

@c @implementation
public func nl_constraint_deactivate(_ constraint: OpaquePointer?) -> nl_status {
    guarded {
        let (_, c) = try resolveConstraint(constraint)
        c.deactivate()
    }
}

@c @implementation
public func nl_constraints_deactivate(_ constraints: UnsafePointer<OpaquePointer?>?, _ count: Int) -> nl_status {
    guarded { LayoutConstraint.deactivate(try constraintList(constraints, count, "nl_constraints_deactivate")) }
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
