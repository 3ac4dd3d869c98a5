import LayoutSolver

/// An Auto Layout constraint: `first REL multiplier × second + constant`, or `first REL constant`
/// for a dimension (docs/behaviour.md#constraints), with a priority in 1…1000.
///
/// A constraint is *installed* on the nearest common ancestor of its items when activated, as in
/// UIKit, and takes part in the solve while that ancestor is in a map view's hierarchy. Solver
/// work is queued and done by the next layout pass; changing `constant` of an active constraint
/// updates the solver in place (Cassowary's constant shift, never a rebuild).
public final class LayoutConstraint: CustomStringConvertible {
    /// Where the constraint stands with respect to the solver.
    package enum SolverState { case none, pendingAdd, inSolver, pendingRemove, broken }

    public let firstAnchor: LayoutAnchor
    public let secondAnchor: LayoutAnchor?
    public let relation: LayoutRelation
    public let multiplier: Double
    /// A host-chosen name shown in diagnostics and snapshots.
    public var identifier: String = ""

    @exclusivity(unchecked) private var constantStorage: Double
    @exclusivity(unchecked) private var priorityStorage: LayoutPriority = .required

    /// What the engine made this constraint for (map frame, safe area, margins, intrinsic size,
    /// hiding-stack arrangement, SDK component size), or nil for a host's constraint (the
    /// built-in layout's constraints count as a delegate's: they are the host side of docs/behaviour.md#built-in-layout).
    @exclusivity(unchecked) public package(set) var engineKind: EngineConstraintKind?
    /// True for constraints the engine creates for itself (`engineKind` is set).
    package var isEngineOwned: Bool { engineKind != nil }
    /// Set when activation refused the constraint (a size constraint on a fixed-size SDK
    /// component, docs/behaviour.md#sdk-components): it stays inactive and later activations skip it.
    @exclusivity(unchecked) public package(set) var isRejected = false
    /// What an engine-owned constraint is for, as snapshots and diagnostics name it ("" for a
    /// host's constraint).
    package var engineRole: String { engineKind?.description ?? "" }
    // Bookkeeping of the engine, touched on every activation and layout pass; single-threaded by
    // contract (docs/api.md#threads) and never accessed overlapping, so without run-time exclusivity checks.
    @exclusivity(unchecked) package private(set) var isActiveStorage = false
    /// Unowned (see `LayoutView.superview`): the view lists the constraint in its
    /// `installedConstraints` while it is set, and clears it when the constraint is uninstalled,
    /// the view is torn down (`breakReferenceCycles`) or the view goes.
    @exclusivity(unchecked) package unowned var installedOn: LayoutView?
    @exclusivity(unchecked) package var installIndex = -1
    /// Positions in the first and second items' `referencingConstraints` (-1 when not listed;
    /// the second is -1 too when both anchors belong to one item).
    @exclusivity(unchecked) package var firstReferenceIndex = -1
    @exclusivity(unchecked) package var secondReferenceIndex = -1
    @exclusivity(unchecked) package var state: SolverState = .none
    @exclusivity(unchecked) package var solverConstraint: Constraint?
    @exclusivity(unchecked) package var constantDirty = false
    /// Activation order within a layout system; larger is more recent (docs/behaviour.md#unsatisfiable-constraints: the most recently
    /// activated member of a conflict is the one broken).
    @exclusivity(unchecked) package var serial = 0

    /// Creates a constraint from untyped anchors (the C/Python path), checking what the typed
    /// Swift anchors check at compile time.
    ///
    /// - Throws: `NavLayoutError.invalidArgument` when the anchors' axes differ (an x-axis anchor
    ///   relates only to x-axis anchors, y to y, dimensions to dimensions), when the constant-only
    ///   form (`second == nil`) is used on a position anchor, when a leading/trailing anchor is
    ///   related to a left/right one (as Auto Layout refuses), when `multiplier`/`constant` is
    ///   NaN or infinite, or `multiplier` is zero with a second anchor.
    public convenience init(first: LayoutAnchor, relation: LayoutRelation, second: LayoutAnchor?,
                            multiplier: Double = 1, constant: Double = 0) throws {
        try requireFinite(constant, "constant of a constraint on \(first)")
        if !multiplier.isFinite || abs(multiplier) > LayoutLimits.maxMultiplier {
            throw NavLayoutError.invalidArgument("multiplier \(multiplier) of a constraint on \(first) must be finite and within ±\(formatPoints(LayoutLimits.maxMultiplier))")
        }
        if let second {
            guard first.attribute.kind == second.attribute.kind else {
                throw NavLayoutError.invalidArgument(
                    "cannot relate \(first) to \(second): \(first.attribute) is \(LayoutConstraint.kindName(first.attribute.kind)) and \(second.attribute) is \(LayoutConstraint.kindName(second.attribute.kind))")
            }
            if multiplier == 0 {
                throw NavLayoutError.invalidArgument("multiplier of \(first) to \(second) is 0; use the constant-only form")
            }
        } else if first.attribute.kind != .dimension {
            throw NavLayoutError.invalidArgument(
                "\(first) is a position anchor; only width and height can be constrained to a constant (relate it to another anchor)")
        }
        self.init(unchecked: first, relation, second, multiplier, constant)
        try validateDirectionality()
    }

    package init(unchecked first: LayoutAnchor, _ relation: LayoutRelation, _ second: LayoutAnchor?,
                 _ multiplier: Double, _ constant: Double) {
        firstAnchor = first
        secondAnchor = second
        self.relation = relation
        self.multiplier = multiplier
        constantStorage = constant
    }

    private static func kindName(_ k: LayoutAttribute.Kind) -> String {
        switch k {
        case .xAxis: return "an x-axis anchor"
        case .yAxis: return "a y-axis anchor"
        case .dimension: return "a dimension"
        }
    }

    /// The constant, in points. Setting a non-finite value is ignored (use `setConstant(_:)` to
    /// get an error instead). On an active constraint the change reaches the solver incrementally
    /// at the next layout pass.
    public var constant: Double {
        get { constantStorage }
        set { try? setConstant(newValue) }
    }

    /// Sets the constant (points).
    /// - Throws: `invalidArgument` for NaN or infinite values (the constant is left unchanged).
    public func setConstant(_ value: Double) throws {
        try requireFinite(value, "constant of \(self)")
        if value == constantStorage { return }
        constantStorage = value
        installedOn?.system?.constantChanged(self)
    }

    /// The priority, 1…1000 (docs/behaviour.md#priorities). Setting an invalid value is ignored (use
    /// `setPriority(_:)` to get an error instead).
    public var priority: LayoutPriority {
        get { priorityStorage }
        set { try? setPriority(newValue) }
    }

    /// Sets the priority.
    /// - Throws: `invalidArgument` when it is not in 1…1000 or NaN; `invalidState` when an active
    ///   constraint would switch between required and optional (as UIKit forbids).
    public func setPriority(_ value: LayoutPriority) throws {
        guard value.isValid else {
            throw NavLayoutError.invalidArgument("priority \(value.rawValue) of \(self) is not in 1…1000")
        }
        if value == priorityStorage { return }
        if isActiveStorage && value.isRequired != priorityStorage.isRequired {
            throw NavLayoutError.invalidState(
                "cannot change \(self) between required and optional while it is active; deactivate it first")
        }
        priorityStorage = value
        if isActiveStorage, let view = installedOn, let system = view.system {
            // A level change moves the constraint's error terms to another objective row:
            // remove and re-add this one constraint (never a rebuild).
            system.requeue(self)
        }
    }

    /// Whether the constraint is active (installed in a hierarchy).
    public var isActive: Bool { isActiveStorage }

    /// Activates the constraint: installs it on the nearest common ancestor of its items.
    /// - Throws: `noCommonAncestor` when its items are not in one hierarchy (nothing changes);
    ///   `invalidArgument` for a non-finite constant or a leading/trailing anchor related to a
    ///   left/right one.
    public func activate() throws { try LayoutConstraint.activate([self]) }

    /// Deactivates the constraint (no effect when inactive).
    public func deactivate() { LayoutConstraint.deactivate([self]) }

    /// Activates every constraint, all or nothing: if any cannot be activated, none is and the
    /// error names it (docs/behaviour.md#constraints: "leaves nothing half-added"). A width or height constraint on a
    /// size an SDK component fixes is not an error: it is left inactive (`isRejected`) and
    /// reported as `sizeConstraintOnFixedComponent` (docs/behaviour.md#component-sizes), while the others activate.
    /// - Throws: `noCommonAncestor`, `invalidArgument` (non-finite constant, leading/trailing
    ///   related to left/right).
    public static func activate(_ constraints: [LayoutConstraint]) throws {
        var targets: [(LayoutConstraint, LayoutView)] = []
        targets.reserveCapacity(constraints.count)
        for c in constraints where !c.isActiveStorage && !c.isRejected {
            try requireFinite(c.constantStorage, "constant of \(c)")
            try c.validateDirectionality()
            guard let ancestor = c.commonAncestor() else {
                throw NavLayoutError.noCommonAncestor(c.noCommonAncestorMessage())
            }
            targets.append((c, ancestor))
        }
        for (c, ancestor) in targets where !c.isActiveStorage {
            // docs/behaviour.md#component-sizes: a size constraint on a fixed-size SDK component is reported, not activated.
            if !c.isEngineOwned, let view = c.firstAnchor.item as? LayoutView, view.rejectsHostConstraint(c) {
                c.isRejected = true
                continue
            }
            c.install(on: ancestor)
        }
    }

    /// Deactivates every constraint in the array (inactive ones are skipped).
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for c in constraints { c.uninstall() }
    }

    /// The nearest view that contains every item of the constraint, or nil.
    package func commonAncestor() -> LayoutView? {
        guard let v1 = firstAnchor.item.hierarchyView else { return nil }
        guard let second = secondAnchor else { return v1 }
        guard let v2 = second.item.hierarchyView else { return nil }
        return LayoutView.nearestCommonAncestor(v1, v2)
    }

    private func noCommonAncestorMessage() -> String {
        let a = firstAnchor.item, b = secondAnchor?.item
        if a.hierarchyView == nil {
            return "\(a.displayName) is a layout guide not added to any view; cannot activate \(self)"
        }
        if let b, b.hierarchyView == nil {
            return "\(b.displayName) is a layout guide not added to any view; cannot activate \(self)"
        }
        return "\(a.displayName) and \(b?.displayName ?? "?") have no common ancestor; add them to the same hierarchy before activating \(self)"
    }

    package func install(on view: LayoutView) {
        isActiveStorage = true
        installedOn = view
        installIndex = view.installedConstraints.count
        if view.installedConstraints.capacity == 0 { view.installedConstraints.reserveCapacity(4) }
        view.installedConstraints.append(self)
        firstReferenceIndex = firstAnchor.item.addReference(self)
        if let second = secondAnchor?.item, second !== firstAnchor.item {
            secondReferenceIndex = second.addReference(self)
        }
        view.system?.enqueue(self)
    }

    package func uninstall() {
        guard isActiveStorage else { return }
        isActiveStorage = false
        firstAnchor.item.removeReference(self, at: firstReferenceIndex)
        firstReferenceIndex = -1
        if let second = secondAnchor?.item, secondReferenceIndex >= 0 {
            second.removeReference(self, at: secondReferenceIndex)
        }
        secondReferenceIndex = -1
        if let view = installedOn {
            view.system?.dequeue(self)
            view.removeInstalled(self)
        }
        installedOn = nil
    }

    /// The solver form `first − multiplier·second − constant REL 0`, leading/trailing resolved
    /// with `direction`; `nil` when every coefficient cancels (e.g. `a.width == a.width`).
    package func makeSolverConstraint(direction: LayoutDirection) -> Constraint {
        var terms: [Term] = []
        terms.reserveCapacity(6)
        // Directional constraints in RTL are solved in mirrored x: negate every term.
        let sign: Double = direction == .rightToLeft && isDirectional ? -1 : 1
        firstAnchor.accumulate(into: &terms, scale: sign, direction: direction)
        secondAnchor?.accumulate(into: &terms, scale: -multiplier * sign, direction: direction)
        let op: RelationalOperator
        switch relation {
        case .equal: op = .equal
        case .lessThanOrEqual: op = .lessThanOrEqual
        case .greaterThanOrEqual: op = .greaterThanOrEqual
        }
        return Constraint(Expression(terms: terms, constant: -constantStorage), op, strength: solverStrength)
    }

    /// The solver strength of the priority: `Strength.required` (1000) or the priority's value.
    package var solverStrength: Double {
        priorityStorage.isRequired ? Strength.required : Double(priorityStorage.rawValue)
    }

    /// Whether the constraint is measured in the reading direction: it uses a leading or trailing
    /// anchor. In right-to-left layout such a constraint is solved in mirrored x (x grows to the
    /// left), as Auto Layout does: `a.leading == b.leading + 10` puts `a` 10 pt *inward* from
    /// `b`'s right edge and `>=` means "further along the reading direction". This is what makes an
    /// RTL layout the mirror image of the LTR one (x' = W − x − w).
    package var isDirectional: Bool {
        func directional(_ a: LayoutAttribute?) -> Bool { a == .leading || a == .trailing }
        return directional(firstAnchor.attribute) || directional(secondAnchor?.attribute)
    }

    /// Refuses what Auto Layout refuses at activation: a leading/trailing anchor related to a
    /// left/right one.
    package func validateDirectionality() throws {
        func physical(_ a: LayoutAttribute?) -> Bool { a == .left || a == .right }
        func directional(_ a: LayoutAttribute?) -> Bool { a == .leading || a == .trailing }
        let (a, b) = (firstAnchor.attribute, secondAnchor?.attribute)
        if (directional(a) && physical(b)) || (physical(a) && directional(b)) {
            throw NavLayoutError.invalidArgument(
                "\(self) relates a leading/trailing anchor to a left/right anchor; use leading/trailing on both sides (or left/right on both)")
        }
    }

    /// Whether the last layout pass had to leave this required constraint out (docs/behaviour.md#unsatisfiable-constraints).
    public var isBroken: Bool { state == .broken }

    /// The relation as text without priority or identifier: `turnCard.top == map.top + 8`.
    public var constraintText: String {
        var s = "\(firstAnchor) \(relation) "
        if let second = secondAnchor {
            if multiplier != 1 { s += "\(formatPoints(multiplier)) × " }
            s += "\(second)"
            if constantStorage > 0 { s += " + \(formatPoints(constantStorage))" }
            if constantStorage < 0 { s += " - \(formatPoints(-constantStorage))" }
        } else {
            s += formatPoints(constantStorage)
        }
        return s
    }

    /// Readable text such as `turnCard.top == map.top + 8 @250`.
    public var description: String {
        var s = constraintText
        if !priorityStorage.isRequired { s += " @\(priorityStorage)" }
        if !identifier.isEmpty { s += " [\(messageText(identifier))]" }
        return s
    }
}
