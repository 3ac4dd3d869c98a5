import LayoutSolver

/// Something that takes part in layout: a view or a layout guide (docs/behaviour.md#views-and-layout-guides). Each item owns four
/// Cassowary variables — `minX`, `minY`, `width`, `height`, in points, in the map view's
/// coordinate space — and every anchor is a linear expression of them.
///
/// Like everything in a layout hierarchy, an item is used from one thread at a time (docs/api.md#threads), and
/// the engine never overlaps two accesses to one of its bookkeeping properties; those hot ones are
/// `@exclusivity(unchecked)` (no run-time exclusivity check on every layout-pass access, issue 6).
open class LayoutItem {
    /// A host-chosen name; diagnostics and error messages name items by it.
    public var identifier: String { didSet { system?.noteChange() } }
    /// The SDK role of a component (`"turnCard"`, `"viewport"`, …), or `nil` for host items.
    public package(set) var role: String?

    package let minXVar: Variable
    package let minYVar: Variable
    package let widthVar: Variable
    package let heightVar: Variable

    /// The solver's frame from the last layout pass (what animations move towards).
    @exclusivity(unchecked) package var solvedFrame: Rect
    /// The running frame animation, if any.
    @exclusivity(unchecked) package var animation: FrameAnimation?
    /// The layout system of the hierarchy this item is in (nil when detached).
    ///
    /// `unowned`, not `weak` (issue 19: the target of a weak reference takes Swift's slow,
    /// side-table path on every retain and release, and a layout system is retained on most
    /// item accesses). It never outlives its system, with the same values a weak reference
    /// would have: `LayoutSystem.register` sets it and lists the item in `items`, `unregister`
    /// clears it, and the system clears it, as it goes, for every item it still lists — its
    /// `items`, and the items a `tearDown` took out of `items` (which keep their system, as they
    /// did when the reference was weak).
    @exclusivity(unchecked) package internal(set) unowned var system: LayoutSystem?
    /// Index in `system.items` while registered.
    @exclusivity(unchecked) package var systemIndex = -1
    /// The NavLayoutUIKit object that wraps this item (`UIView`, `UILayoutGuide`), if one is
    /// alive: one wrapper per item, so the UIKit spelling keeps object identity.
    package weak var uikitWrapper: AnyObject?
    /// True until the first layout pass after the item entered a hierarchy: its first frame is
    /// applied without animation.
    @exclusivity(unchecked) package var needsInitialFrame = false
    /// Active constraints that reference this item (by either anchor; a constraint relating the
    /// item to itself is listed once), in no particular order. Each constraint records its
    /// position here (`firstReferenceIndex` / `secondReferenceIndex`), so adding and removing
    /// one is O(1) without hashing.
    @exclusivity(unchecked) package private(set) var referencingConstraints: [LayoutConstraint] = []
    /// Set when the host destroyed the item through the C API (`nl_view_destroy`,
    /// `nl_guide_destroy`, or the built-in guides of a destroyed view): it stays dead and is never
    /// handed out again. A flag on the item itself, so that telling a destroyed item apart costs
    /// O(1) with no registry to search or prune (issue 17: a registry filtered on every destroy
    /// made destroying n views between layout passes O(n²)).
    @exclusivity(unchecked) package var isDestroyedByHost = false

    package init(identifier: String, initialFrame: Rect = .zero) {
        self.identifier = identifier
        // Fixed names (string literals: no allocation). The names only label `Solver.dump()`,
        // which the engine never shows; an identifier-prefixed name cost four string
        // concatenations and allocations per item, 2 % of the sample session (issue 19), and
        // went stale when the identifier changed.
        minXVar = Variable("minX")
        minYVar = Variable("minY")
        widthVar = Variable("width")
        heightVar = Variable("height")
        solvedFrame = initialFrame
    }

    /// The view that places this item in a hierarchy: the view itself, or a guide's owning view.
    package var hierarchyView: LayoutView? { nil }

    /// Drops every strong reference this item holds to constraints and animations, breaking the
    /// item <-> constraint reference cycles so that a torn-down hierarchy is freed (issue 8). Only
    /// for teardown: the item must not be laid out afterwards.
    package func breakReferenceCycles() {
        referencingConstraints.removeAll()
        animation = nil
    }

    /// Lists `c` as referencing this item; returns its position in `referencingConstraints`.
    package func addReference(_ c: LayoutConstraint) -> Int {
        // Room for a typical item's constraints at once (issue 19: the list grew 1, 2, 4, … with
        // an allocation and a copy at each step, for every new view of every state).
        if referencingConstraints.capacity == 0 { referencingConstraints.reserveCapacity(4) }
        referencingConstraints.append(c)
        return referencingConstraints.count - 1
    }

    /// Removes `c` from position `i` of `referencingConstraints` (no effect when it is not
    /// there, e.g. after teardown). The last entry moves into the gap and its recorded position
    /// is updated.
    package func removeReference(_ c: LayoutConstraint, at i: Int) {
        guard i >= 0, i < referencingConstraints.count, referencingConstraints[i] === c else { return }
        let last = referencingConstraints.removeLast()
        if i < referencingConstraints.count {
            referencingConstraints[i] = last
            if last.firstAnchor.item === self { last.firstReferenceIndex = i } else { last.secondReferenceIndex = i }
        }
    }

    /// The frame shown at the current time, in points in the map view's coordinate space: the
    /// interpolated frame while an animation runs (docs/behaviour.md#animation), otherwise the layout's frame. Reading
    /// it performs a pending layout pass. An item that never was in a laid-out hierarchy reports
    /// its initial frame (zero, or the SDK component's size at the origin).
    public var frame: Rect {
        system?.layoutIfNeeded()
        return presentedFrame
    }

    /// The frame the layout gives this item, which running animations move towards. Performs a
    /// pending layout pass.
    public var targetFrame: Rect {
        system?.layoutIfNeeded()
        return solvedFrame
    }

    /// The frame shown at the current time, without performing a pending pass: the running
    /// animation's interpolated frame, snapped to the 1/64-pt grid like solved frames (so the
    /// halfway point of a slide from 852 to 732 reads 792, not 791.9999999999999;
    /// docs/behaviour.md#units-and-coordinates), or the solved frame.
    package var presentedFrame: Rect {
        guard let animation, let system else { return solvedFrame }
        return animation.frame(at: system.time).snapped
    }

    /// The frame in the solver's current solution, snapped to the 1/64-pt grid (what a layout
    /// pass commits as `solvedFrame`).
    package var solverFrame: Rect {
        Rect(x: snapToGrid(minXVar.value), y: snapToGrid(minYVar.value),
             width: snapToGrid(widthVar.value), height: snapToGrid(heightVar.value))
    }

    /// A readable name for messages: identifier and role, e.g. `"turnCard"` or
    /// `"myCard (host view)"`.
    public var displayName: String {
        let id = identifier.isEmpty ? "unnamed \(self is LayoutGuide ? "guide" : "view")" : messageText(identifier)
        if let role, role != identifier { return "\(id) (\(role))" }
        return id
    }

    /// The untyped anchor for `attribute` (what the C and Python bindings use).
    public func anchor(_ attribute: LayoutAttribute) -> LayoutAnchor { LayoutAnchor(item: self, attribute: attribute) }

    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchor(.leading)) }
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchor(.trailing)) }
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchor(.left)) }
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchor(.right)) }
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(anchor(.centerX)) }
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(anchor(.top)) }
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(anchor(.bottom)) }
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(anchor(.centerY)) }
    public var widthAnchor: LayoutDimension { LayoutDimension(anchor(.width)) }
    public var heightAnchor: LayoutDimension { LayoutDimension(anchor(.height)) }

    /// Whether the item is in a hierarchy and neither it (for a view) nor any ancestor is hidden.
    package var isVisibleInHierarchy: Bool {
        guard system != nil else { return false }
        var v = hierarchyView
        if let view = v, view === self, view.isHidden { return false }
        v = hierarchyView?.superview
        while let x = v { if x.isHidden { return false }; v = x.superview }
        return true
    }

    /// Whether `self` is `view` or lies inside its subtree (a guide counts as inside its owner).
    public func isInSubtree(of view: LayoutView) -> Bool {
        var current = hierarchyView
        // Ancestors have strictly smaller depths: stop once above `view`'s depth.
        while let v = current, v.depth >= view.depth {
            if v === view { return true }
            current = v.superview
        }
        return false
    }
}

/// An invisible rectangle owned by a view, used to anchor other items (Auto Layout's
/// `UILayoutGuide`). A guide takes part in layout only while its owning view is in a map view's
/// hierarchy.
public final class LayoutGuide: LayoutItem {
    /// The view the guide was added to with `addLayoutGuide(_:)`, or the view it belongs to for
    /// `safeAreaLayoutGuide` / `layoutMarginsGuide`.
    /// Unowned (see `LayoutView.superview`): the view lists the guide (`layoutGuides` or a
    /// built-in guide) while it is set, and clears it when the guide leaves or the view goes.
    @exclusivity(unchecked) public internal(set) unowned var owningView: LayoutView?
    /// True for a view's built-in safe-area and margins guides, which cannot be removed.
    @exclusivity(unchecked) public internal(set) var isBuiltIn = false
    /// Index in the layout system's list of guides whose constants follow their view's frame (a
    /// built-in guide of a view other than the map view), or -1.
    @exclusivity(unchecked) package var frameDependentIndex = -1

    /// Creates a guide; add it to a view with `addLayoutGuide(_:)`.
    public init(identifier: String = "") { super.init(identifier: identifier) }

    package override var hierarchyView: LayoutView? { owningView }
}
