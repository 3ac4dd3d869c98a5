// C exports for layers on screen (issue 16): UIKit's subview-order calls. Documentation:
// include/navlayout.h ("Layers on screen").

import CNavLayout
import LayoutEngine
import NavigationUI

/// Resolves a parent view, and a child view of the same map view, and runs `body` with them (for
/// `nl_view_add_subview` and the calls below). Refuses in the C layer's wording the root as child,
/// child == parent and child an ancestor of parent; the Swift call checks the rest.
func withParentAndChild(_ what: String, _ parent: OpaquePointer?, _ child: OpaquePointer?,
                                _ body: (MapContext, LayoutView, LayoutView) throws -> Void) -> nl_status {
    guarded {
        let (pctx, p) = try resolveView(parent, "parent")
        let (_, c) = try resolveView(child, "child", within: pctx)
        if c === pctx.map { throw NavLayoutError.invalidArgument("\(what): the map view's root view cannot be a subview") }
        if c === p { throw NavLayoutError.invalidArgument("\(what): \(name(c)) cannot be its own subview") }
        if p.isInSubtree(of: c) {
            throw NavLayoutError.invalidArgument("\(what): \(name(c)) is an ancestor of \(name(p)); adding it would make a cycle")
        }
        try body(pctx, p, c)
    }
}

/// A `size_t` index as Swift sees it (`Int`): one at or beyond 2^63 arrives negative and is out of
/// range; the message shows the caller's value.
private func requireIndex(_ i: Int, _ what: String, _ parent: LayoutView) throws {
    if i < 0 {
        throw NavLayoutError.invalidArgument("\(what): index \(UInt(bitPattern: i)) is out of range for \(name(parent)) with \(parent.subviews.count) subviews")
    }
}

/// Resolves `sibling` as a view of the map view `ctx`.
private func sibling(_ p: OpaquePointer?, _ ctx: MapContext) throws -> LayoutView {
    let (_, s) = try resolveView(p, "sibling", within: ctx)
    return s
}

@c @implementation
public func nl_view_insert_subview_at(_ parent: OpaquePointer?, _ child: OpaquePointer?, _ index: Int) -> nl_status {
    withParentAndChild("nl_view_insert_subview_at", parent, child) { _, p, c in
        try requireIndex(index, "nl_view_insert_subview_at", p)
        try p.insertSubview(c, at: index)
    }
}

@c @implementation
public func nl_view_insert_subview_above(_ parent: OpaquePointer?, _ child: OpaquePointer?, _ sib: OpaquePointer?) -> nl_status {
    withParentAndChild("nl_view_insert_subview_above", parent, child) { ctx, p, c in
        try p.insertSubview(c, aboveSubview: try sibling(sib, ctx))
    }
}

@c @implementation
public func nl_view_insert_subview_below(_ parent: OpaquePointer?, _ child: OpaquePointer?, _ sib: OpaquePointer?) -> nl_status {
    withParentAndChild("nl_view_insert_subview_below", parent, child) { ctx, p, c in
        try p.insertSubview(c, belowSubview: try sibling(sib, ctx))
    }
}

@c @implementation
public func nl_view_bring_subview_to_front(_ parent: OpaquePointer?, _ child: OpaquePointer?) -> nl_status {
    withParentAndChild("nl_view_bring_subview_to_front", parent, child) { _, p, c in try p.bringSubviewToFront(c) }
}

@c @implementation
public func nl_view_send_subview_to_back(_ parent: OpaquePointer?, _ child: OpaquePointer?) -> nl_status {
    withParentAndChild("nl_view_send_subview_to_back", parent, child) { _, p, c in try p.sendSubviewToBack(c) }
}

@c @implementation
public func nl_view_exchange_subviews(_ parent: OpaquePointer?, _ index1: Int, _ index2: Int) -> nl_status {
    guarded {
        let (_, p) = try resolveView(parent, "parent")
        try requireIndex(index1, "nl_view_exchange_subviews", p)
        try requireIndex(index2, "nl_view_exchange_subviews", p)
        try p.exchangeSubview(at: index1, withSubviewAt: index2)
    }
}
