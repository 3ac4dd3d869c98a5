/// Layers on screen (issue 16, item 1; the seed's "layers" bullet: host views above, below or
/// beside the SDK's controls): UIKit's calls that place a subview at a chosen position of
/// `subviews`, which is the z-order — index 0 is drawn first (bottommost), the last subview on
/// top. Moving a view that already is a subview of `self` only reorders `subviews`: its
/// constraints stay active, as in UIKit. A view from another superview (or none) is taken from it
/// as `addSubview(_:)` does, which deactivates the constraints that tied it to its old place.
///
/// Every call checks its arguments first and changes nothing when it throws `invalidArgument`:
/// `view` is `self`, an ancestor of `self` or a map view; `self` is an SDK component (whose
/// internal view structure is the SDK's); or an index or sibling given is not one of `self`'s.
extension LayoutView {
    /// Inserts `view` at `index` of `subviews` (UIKit's `insertSubview(_:at:)`): 0 is the
    /// bottommost position, `subviews.count` the topmost. A view already among the subviews is
    /// moved so that it ends at `index` (or last, for `index == subviews.count`).
    /// - Throws: `invalidArgument` for an index outside `0...subviews.count`, and as
    ///   `addSubview(_:)` does.
    public func insertSubview(_ view: LayoutView, at index: Int) throws {
        try place(view, .index(index), "insertSubview(_:at:)")
    }

    /// Inserts `view` directly above `siblingSubview` in z-order (UIKit's
    /// `insertSubview(_:aboveSubview:)`). Inserting a subview above itself changes nothing.
    /// - Throws: `invalidArgument` when `siblingSubview` is not a subview of `self`, and as
    ///   `addSubview(_:)` does.
    public func insertSubview(_ view: LayoutView, aboveSubview siblingSubview: LayoutView) throws {
        try place(view, .above(siblingSubview), "insertSubview(_:aboveSubview:)")
    }

    /// Inserts `view` directly below `siblingSubview` in z-order (UIKit's
    /// `insertSubview(_:belowSubview:)`). Inserting a subview below itself changes nothing.
    /// - Throws: `invalidArgument` when `siblingSubview` is not a subview of `self`, and as
    ///   `addSubview(_:)` does.
    public func insertSubview(_ view: LayoutView, belowSubview siblingSubview: LayoutView) throws {
        try place(view, .below(siblingSubview), "insertSubview(_:belowSubview:)")
    }

    /// Moves the subview `view` to the top of the z-order (UIKit's `bringSubviewToFront(_:)`);
    /// its constraints stay active.
    /// - Throws: `invalidArgument` when `view` is not a subview of `self` (UIKit ignores that
    ///   silently; NavLayout says so instead).
    public func bringSubviewToFront(_ view: LayoutView) throws {
        try requireSubview(view, "bringSubviewToFront(_:)")
        try place(view, .front, "bringSubviewToFront(_:)")
    }

    /// Moves the subview `view` to the bottom of the z-order (UIKit's `sendSubviewToBack(_:)`);
    /// its constraints stay active.
    /// - Throws: `invalidArgument` when `view` is not a subview of `self`.
    public func sendSubviewToBack(_ view: LayoutView) throws {
        try requireSubview(view, "sendSubviewToBack(_:)")
        try place(view, .back, "sendSubviewToBack(_:)")
    }

    /// Swaps the subviews at `index1` and `index2` of `subviews` (UIKit's
    /// `exchangeSubview(at:withSubviewAt:)`); both keep their constraints. Equal indices change
    /// nothing.
    /// - Throws: `invalidArgument` unless both indices are in `0..<subviews.count`.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) throws {
        for i in [index1, index2] where i < 0 || i >= subviews.count {
            throw NavLayoutError.invalidArgument("exchangeSubview(at:withSubviewAt:): index \(i) is outside 0..<\(subviews.count), the subview count of \(displayName)")
        }
        if index1 == index2 { return }
        subviews.swapAt(index1, index2)
        system?.noteChange()
    }

    private func requireSubview(_ view: LayoutView, _ caller: String) throws {
        if view.superview !== self {
            throw NavLayoutError.invalidArgument("\(caller): \(view.displayName) is not a subview of \(displayName)")
        }
    }
}
