// C exports asked for by the bindings and the diagnostics tests: opacity of host views (docs/behaviour.md#diagnostics),
// a view's safe-area insets and whether its margins are measured from them (issue 16),
// map view options, hiding stack position/alignment, a constraint's anchors, relation and
// multiplier, a titled SVG snapshot. Documentation: include/navlayout.h.

import CNavLayout
import LayoutEngine
import NavigationUI

// MARK: - Views

@c @implementation
public func nl_view_set_opaque(_ view: OpaquePointer?, _ opaque: Bool) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        v.isOpaque = opaque
    }
}

@c @implementation
public func nl_view_is_opaque(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_is_opaque")
        out.pointee = try resolveView(view).1.isOpaque
    }
}

@c @implementation
public func nl_view_set_insets_layout_margins_from_safe_area(_ view: OpaquePointer?, _ on: Bool) -> nl_status {
    guarded {
        let (_, v) = try resolveView(view)
        v.insetsLayoutMarginsFromSafeArea = on
    }
}

@c @implementation
public func nl_view_insets_layout_margins_from_safe_area(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_insets_layout_margins_from_safe_area")
        out.pointee = try resolveView(view).1.insetsLayoutMarginsFromSafeArea
    }
}

@c @implementation
public func nl_view_safe_area_insets(_ view: OpaquePointer?, _ out: UnsafeMutablePointer<nl_insets>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_view_safe_area_insets")
        out.pointee = cInsets(try resolveView(view).1.safeAreaInsets)
    }
}

// MARK: - Map view options

@c @implementation
public func nl_map_view_car_play(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_car_play")
        out.pointee = try withMap(map) { _, m in m.options.carPlay }
    }
}

@c @implementation
public func nl_map_view_layout_direction(_ map: OpaquePointer?, _ out: UnsafeMutablePointer<nl_layout_direction>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_map_view_layout_direction")
        let direction = try withMap(map) { _, m in m.options.layoutDirection }
        out.pointee = nl_layout_direction(rawValue: numericCast(direction.rawValue))
    }
}

// MARK: - Hiding stacks

private func stackView(_ p: OpaquePointer?, _ what: String) throws -> NavigationHidingStackView {
    let (_, v) = try resolveView(p, what)
    guard let s = v as? NavigationHidingStackView else {
        throw NavLayoutError.invalidArgument("\(what): \(name(v)) is not a hiding stack view")
    }
    return s
}

@c @implementation
public func nl_hiding_stack_position(_ stack: OpaquePointer?, _ out: UnsafeMutablePointer<nl_stack_position>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_hiding_stack_position")
        out.pointee = nl_stack_position(rawValue: numericCast(try stackView(stack, "nl_hiding_stack_position").position.rawValue))
    }
}

@c @implementation
public func nl_hiding_stack_alignment(_ stack: OpaquePointer?, _ out: UnsafeMutablePointer<nl_stack_alignment>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_hiding_stack_alignment")
        out.pointee = nl_stack_alignment(rawValue: numericCast(try stackView(stack, "nl_hiding_stack_alignment").alignment.rawValue))
    }
}

// MARK: - Constraints

/// The C form of an anchor: a view or guide handle of `ctx` (never one for a destroyed item).
func cAnchor(_ anchor: LayoutAnchor, _ ctx: MapContext) throws -> nl_anchor {
    let raw: UInt64
    if let v = anchor.item as? LayoutView {
        raw = try ctx.handle(for: v, kind: .view)
    } else if let g = anchor.item as? LayoutGuide {
        raw = try ctx.handle(for: g, kind: .guide)
    } else {
        throw NavLayoutError.internal("anchor item is neither a view nor a guide")
    }
    return nl_anchor(item: UnsafeRawPointer(bitPattern: UInt(raw)),
                     attribute: nl_anchor_attribute(rawValue: numericCast(anchor.attribute.rawValue)))
}

@c @implementation
public func nl_constraint_first_anchor(_ constraint: OpaquePointer?, _ out: UnsafeMutablePointer<nl_anchor>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_constraint_first_anchor")
        let (ctx, c) = try resolveConstraint(constraint)
        out.pointee = try cAnchor(c.firstAnchor, ctx)
    }
}

@c @implementation
public func nl_constraint_second_anchor(_ constraint: OpaquePointer?, _ out: UnsafeMutablePointer<nl_anchor>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_constraint_second_anchor")
        let (ctx, c) = try resolveConstraint(constraint)
        if let second = c.secondAnchor {
            out.pointee = try cAnchor(second, ctx)
        } else {
            out.pointee = nl_anchor(item: nil, attribute: nl_anchor_attribute(rawValue: numericCast(c.firstAnchor.attribute.rawValue)))
        }
    }
}

@c @implementation
public func nl_constraint_relation(_ constraint: OpaquePointer?, _ out: UnsafeMutablePointer<nl_relation>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_constraint_relation")
        out.pointee = nl_relation(rawValue: numericCast(try resolveConstraint(constraint).1.relation.rawValue))
    }
}

@c @implementation
public func nl_constraint_multiplier(_ constraint: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> nl_status {
    guarded {
        let out = try requireOut(out, "nl_constraint_multiplier")
        out.pointee = try resolveConstraint(constraint).1.multiplier
    }
}

// MARK: - Snapshots

@c @implementation
public func nl_map_view_snapshot_svg_titled(_ map: OpaquePointer?, _ title: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guardedValue { try withMap(map) { _, m in copyCString(m.snapshotSVG(title: title.map { String(cString: $0) })) } }
}
