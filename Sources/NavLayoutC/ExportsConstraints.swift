// C exports: anchors (nl_view_anchor, nl_guide_anchor) and the constraints between them —
// creation, priority, constant, identifier, activation one by one and in lists. Every function
// is `@c @implementation` (checked against include/navlayout.h, which documents each one); the
// map view, its views and guides and their frames are ExportsCore.swift.

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

// MARK: - Anchors and constraints

private func attributeOf(_ a: nl_anchor_attribute) throws -> LayoutAttribute {
    guard let attr = LayoutAttribute(rawValue: Int32(truncatingIfNeeded: a.rawValue)) else {
        throw NavLayoutError.invalidArgument("anchor attribute \(Int32(bitPattern: UInt32(truncatingIfNeeded: a.rawValue))) is not an nl_anchor_attribute")
    }
    return attr
}

/// The anchor `(item, attribute)` of `raw`, a live handle of `kind` (a view or a guide), or one
/// with a NULL item and the last error set. The handle is checked from its slot alone, without
/// entering its map view: an anchor is a value checked again by the call that uses it, so making
/// one is never NL_ERR_BUSY, and an anchor of a busy map view reaches that call, which refuses it
/// for what it is (another map view's item, or busy). No flag is taken: no use scope.
private func anchor(_ item: OpaquePointer?, _ kind: HandleKind, _ attribute: nl_anchor_attribute,
                    _ role: @autoclosure () -> String) -> nl_anchor {
    do {
        try checkLiveHandle(rawValue(item), kind, role())
        _ = try attributeOf(attribute)
        return nl_anchor(item: UnsafeRawPointer(item), attribute: attribute)
    } catch {
        _ = fail(error)
        return nl_anchor(item: nil, attribute: attribute)
    }
}

@c @implementation
public func nl_view_anchor(_ view: OpaquePointer?, _ attribute: nl_anchor_attribute) -> nl_anchor {
    anchor(view, .view, attribute, "nl_view_anchor: view")
}

@c @implementation
public func nl_guide_anchor(_ guide: OpaquePointer?, _ attribute: nl_anchor_attribute) -> nl_anchor {
    anchor(guide, .guide, attribute, "nl_guide_anchor: guide")
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

/// Resolves a C array of constraint handles, all of one map view (`requireLive`: none naming a
/// destroyed view or guide).
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
