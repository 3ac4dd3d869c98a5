/// Where a hiding stack packs its arranged views (docs/behaviour.md#hiding-stack). Raw values equal `NL_STACK_POSITION_*`.
public enum StackPosition: Int32, Sendable {
    /// The first arranged view is the top one; the group is packed at the top.
    case top = 0
    /// The first arranged view is the top one; the group is centred vertically.
    case center = 1
    /// The first arranged view is the *bottom* one, the next stands above it; packed at the bottom.
    case bottom = 2
}

/// The edge arranged views sit at (docs/behaviour.md#hiding-stack). Raw values equal `NL_STACK_ALIGNMENT_*`.
public enum StackAlignment: Int32, Sendable {
    case leading = 0
    case trailing = 1
}

/// The SDK's hiding stack (`GMSNavigationHidingStackView`, docs/behaviour.md#hiding-stack): arranges its
/// `arrangedSubviews` vertically, `spacing` apart, each keeping its own size at the stack's leading
/// or trailing edge. When the stack is too short for all of them it hides arranged views from the
/// *end* of the array until the rest fit, and shows them again when it grows. Its intrinsic width
/// is the widest arranged view; it has no intrinsic height (its height comes from constraints).
public final class NavigationHidingStackView: LayoutView {
    public let position: StackPosition
    public let alignment: StackAlignment
    private var spacingStorage: Double = 8
    private var arranged: [LayoutView] = []

    /// Clears `managingStack` on the arranged views that still name this stack (a view whose
    /// move to another stack failed may be listed by both; `LayoutView.managingStack`).
    deinit {
        let me = ObjectIdentifier(self)
        for v in arranged where v.managingStackIdentifier == me { v.managingStack = nil }
    }
    private var arrangementConstraints: [LayoutConstraint] = []
    /// Keeps the visible group centred (`center` position only).
    private var groupGuide: LayoutGuide?
    private var groupBottom: LayoutConstraint?
    private var visibleCount = 0

    /// Creates a stack; add it to the hierarchy and constrain its edges.
    public init(position: StackPosition, alignment: StackAlignment, identifier: String = "") {
        self.position = position
        self.alignment = alignment
        super.init(identifier: identifier)
    }

    /// The vertical gap between arranged views in points (default 8). Non-finite or negative
    /// values are ignored (use `setSpacing(_:)` for an error).
    package override func breakReferenceCycles() {
        super.breakReferenceCycles()
        arranged.removeAll()
        arrangementConstraints.removeAll()
        groupGuide?.breakReferenceCycles()
        groupGuide = nil
        groupBottom = nil
    }

    public var spacing: Double {
        get { spacingStorage }
        set { try? setSpacing(newValue) }
    }

    /// Sets the spacing (points).
    /// - Throws: `invalidArgument` for NaN, infinite or negative values.
    public func setSpacing(_ value: Double) throws {
        guard value.isFinite, value >= 0, value <= LayoutLimits.maxPoints else {
            throw NavLayoutError.invalidArgument("spacing \(value) of \(displayName) must be a finite number of points >= 0")
        }
        if value == spacingStorage { return }
        spacingStorage = value
        rebuildArrangement()
    }

    /// The views the stack arranges, first to last. Setting it removes the previous arranged views
    /// that are not in the new array from the stack and adds the new ones as subviews, in order.
    public var arrangedSubviews: [LayoutView] {
        get { arranged }
        set { try? setArrangedSubviews(newValue) }
    }

    /// Sets the arranged views.
    /// - Throws: `invalidArgument` when the array holds a view twice, the stack itself, one of its
    ///   ancestors or a map view (nothing changes then).
    public func setArrangedSubviews(_ views: [LayoutView]) throws {
        var seen = Set<ObjectIdentifier>()
        for v in views {
            if !seen.insert(ObjectIdentifier(v)).inserted {
                throw NavLayoutError.invalidArgument("\(v.displayName) appears twice in the arranged subviews of \(displayName)")
            }
            if v === self || self.isInSubtree(of: v) || v.isRoot {
                throw NavLayoutError.invalidArgument("\(v.displayName) cannot be arranged by \(displayName)")
            }
        }
        let old = arranged
        arranged = []
        removeArrangementConstraints()
        for v in old where !seen.contains(ObjectIdentifier(v)) {
            release(v)
            if v.superview === self { v.removeFromSuperview() }
        }
        for v in views {
            if v.superview !== self { try? addSubview(v) }
            v.managingStack = self
        }
        arranged = views
        visibleCount = views.count
        for v in views { v.stackHidden = false }
        rebuildArrangement()
    }

    private func release(_ v: LayoutView) {
        v.managingStack = nil
        v.stackHidden = false
        v.hiddenSetWhileStacked = false
    }

    package override func didRemoveSubview(_ view: LayoutView) {
        guard let i = arranged.firstIndex(where: { $0 === view }) else { return }
        arranged.remove(at: i)
        release(view)
        visibleCount = min(visibleCount, arranged.count)
        rebuildArrangement()
    }

    private func removeArrangementConstraints() {
        LayoutConstraint.deactivate(arrangementConstraints)
        arrangementConstraints = []
        groupBottom = nil
    }

    private func internalConstraint(_ c: LayoutConstraint) -> LayoutConstraint {
        c.engineKind = .hidingStack
        c.install(on: self)
        arrangementConstraints.append(c)
        return c
    }

    /// Rebuilds the constraints that chain the arranged views (all of them, so that hidden ones
    /// have a determined frame too: they continue the chain beyond the visible group).
    private func rebuildArrangement() {
        removeArrangementConstraints()
        intrinsicContentSize = Size(width: arranged.isEmpty ? LayoutView.noIntrinsicMetric : currentWidestArranged(),
                                    height: LayoutView.noIntrinsicMetric)
        guard !arranged.isEmpty else { return }
        let edge: LayoutAttribute = alignment == .leading ? .leading : .trailing
        for v in arranged {
            _ = internalConstraint(LayoutConstraint(unchecked: v.anchor(edge), .equal, anchor(edge), 1, 0))
        }
        let s = spacingStorage
        switch position {
        case .bottom:
            _ = internalConstraint(LayoutConstraint(unchecked: arranged[0].anchor(.bottom), .equal, anchor(.bottom), 1, 0))
            for i in 1..<max(arranged.count, 1) where i < arranged.count {
                _ = internalConstraint(LayoutConstraint(unchecked: arranged[i].anchor(.bottom), .equal, arranged[i - 1].anchor(.top), 1, -s))
            }
        case .top, .center:
            for i in 1..<max(arranged.count, 1) where i < arranged.count {
                _ = internalConstraint(LayoutConstraint(unchecked: arranged[i].anchor(.top), .equal, arranged[i - 1].anchor(.bottom), 1, s))
            }
            if position == .top {
                _ = internalConstraint(LayoutConstraint(unchecked: arranged[0].anchor(.top), .equal, anchor(.top), 1, 0))
            } else {
                let g: LayoutGuide
                if let existing = groupGuide { g = existing } else {
                    g = LayoutGuide(identifier: identifier.isEmpty ? "stackGroup" : "\(identifier).group")
                    try? addLayoutGuide(g)
                    groupGuide = g
                }
                _ = internalConstraint(LayoutConstraint(unchecked: g.anchor(.top), .equal, arranged[0].anchor(.top), 1, 0))
                _ = internalConstraint(LayoutConstraint(unchecked: g.anchor(.centerY), .equal, anchor(.centerY), 1, 0))
                let last = arranged[max(visibleCount, 1) - 1]
                groupBottom = internalConstraint(LayoutConstraint(unchecked: g.anchor(.bottom), .equal, last.anchor(.bottom), 1, 0))
            }
        }
        system?.setNeedsLayout()
    }

    private func currentWidestArranged() -> Double {
        var w = 0.0
        for v in arranged { w = max(w, v.widthVar.value) }
        return w
    }

    /// Called by the layout pass after each solve: updates the intrinsic width to the widest
    /// arranged view and decides which arranged views fit (docs/behaviour.md#hiding-stack). Changes queue solver work
    /// and mark the system for another round.
    package func settle() {
        guard !arranged.isEmpty else { return }
        let widest = currentWidestArranged()
        if intrinsicContentSize.width != widest {
            intrinsicContentSize = Size(width: widest, height: LayoutView.noIntrinsicMetric)
        }
        let available = heightVar.value + 1e-7
        var used = 0.0
        var fit = 0
        for (i, v) in arranged.enumerated() {
            let need = used + (i > 0 ? spacingStorage : 0) + max(v.heightVar.value, 0)
            if need > available { break }
            used = need
            fit = i + 1
        }
        for (i, v) in arranged.enumerated() { v.stackHidden = i >= fit }
        if fit != visibleCount {
            visibleCount = fit
            if position == .center { rebuildArrangement() }
        }
    }
}
