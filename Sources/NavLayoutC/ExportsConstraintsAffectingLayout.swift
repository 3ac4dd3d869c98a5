// C exports: "why is it here?" (issue 14) — the constraints affecting a view's or guide's frame on
// one axis (LayoutItem.constraintsAffectingLayout(for:)). Documentation: include/navlayout.h.

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

@c @implementation
public func nl_view_constraints_affecting_layout(_ view: OpaquePointer?, _ axis: nl_axis,
                                                 _ out: UnsafeMutablePointer<nl_constraint_info>?,
                                                 _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> nl_status {
    guarded {
        let (ctx, v) = try resolveView(view)
        try writeConstraintsAffectingLayout(v, ctx, axis, out, capacity, count, "nl_view_constraints_affecting_layout")
    }
}

@c @implementation
public func nl_guide_constraints_affecting_layout(_ guide: OpaquePointer?, _ axis: nl_axis,
                                                  _ out: UnsafeMutablePointer<nl_constraint_info>?,
                                                  _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> nl_status {
    guarded {
        let (ctx, g) = try resolveGuide(guide)
        try writeConstraintsAffectingLayout(g, ctx, axis, out, capacity, count, "nl_guide_constraints_affecting_layout")
    }
}

/// The largest `out[0].struct_size` accepted (bytes): include/navlayout.h, nl_view_constraints_affecting_layout.
private let maxConstraintInfoStride = 4096

/// Checks the arguments, computes `item`'s constraints affecting layout on `axis` and writes them
/// (element stride `out[0].struct_size`). Writes nothing on failure. `sizeCapacity` is the C
/// `size_t` as Swift imports it (`Int`): a capacity at or beyond 2^63 arrives negative — it is the
/// caller's unsigned value (issue 17: SIZE_MAX with a NULL `out` trapped in `prefix(-1)`).
private func writeConstraintsAffectingLayout(_ item: LayoutItem, _ ctx: MapContext, _ axis: nl_axis,
                                             _ out: UnsafeMutablePointer<nl_constraint_info>?, _ sizeCapacity: Int,
                                             _ count: UnsafeMutablePointer<Int>?, _ what: String) throws {
    let capacity = UInt(bitPattern: sizeCapacity)
    let count = try requireOut(count, what)
    guard let swiftAxis = LayoutAxis(rawValue: Int32(truncatingIfNeeded: axis.rawValue)) else {
        throw NavLayoutError.invalidArgument("\(what): axis \(Int32(bitPattern: UInt32(truncatingIfNeeded: axis.rawValue))) is not an nl_axis")
    }
    var stride = 0
    if capacity > 0 {
        guard let out else { throw NavLayoutError.invalidArgument("\(what): out is NULL with capacity \(capacity)") }
        stride = Int(out.pointee.struct_size)
        let size = MemoryLayout<nl_constraint_info>.size, alignment = MemoryLayout<nl_constraint_info>.alignment
        // The upper bound turns an uninitialised struct_size (a host that forgot to set it) into an
        // error instead of a stride that writes far beyond the array; no later nl_constraint_info
        // will come near it.
        guard stride >= size, stride % alignment == 0, stride <= maxConstraintInfoStride else {
            throw NavLayoutError.invalidArgument("\(what): out[0].struct_size \(stride) must be sizeof(nl_constraint_info) = \(size) (or a later, larger size that is a multiple of \(alignment), at most \(maxConstraintInfoStride)); set it before the call")
        }
    }
    let list = item.constraintsAffectingLayout(for: swiftAxis)
    // Everything that can fail first (handles), so that nothing is written on failure.
    var infos: [nl_constraint_info] = []
    var identifiers: [String] = []
    for c in list.prefix(Int(min(capacity, UInt(list.count)))) {
        var info = nl_constraint_info()
        info.struct_size = UInt32(MemoryLayout<nl_constraint_info>.size)
        info.owner = c.engineKind?.rawValue ?? 0
        info.constraint = ctx.existingHandle(for: c).flatMap(handlePointer)
        info.first = try cAnchor(c.firstAnchor, ctx)
        info.second = try c.secondAnchor.map { try cAnchor($0, ctx) } ?? nl_anchor(item: nil, attribute: NL_ANCHOR_LEADING)
        info.relation = nl_relation(rawValue: numericCast(c.relation.rawValue))
        info.multiplier = c.multiplier
        info.constant = c.constant
        info.priority = c.priority.rawValue
        info.holds_exactly = c.holdsExactly
        infos.append(info)
        identifiers.append(c.identifier)
    }
    let strings = ctx.replaceAffectingLayoutStrings(identifiers)
    if let out {
        let base = UnsafeMutableRawPointer(out)
        for (i, var info) in infos.enumerated() {
            info.identifier = strings[i]
            base.advanced(by: i * stride).assumingMemoryBound(to: nl_constraint_info.self).pointee = info
        }
    }
    count.pointee = list.count
}
