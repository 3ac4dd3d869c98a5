import LayoutSolver

/// What an engine-owned constraint is for (issue 14, "why is it here?"). Raw values equal the C
/// header's `NL_CONSTRAINT_OWNER_*` (0 there is `NL_CONSTRAINT_OWNER_HOST`: a host's constraint).
public enum EngineConstraintKind: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The map view's own frame: its origin at (0, 0) and its size (docs/behaviour.md#units-and-coordinates).
    case mapFrame = 1
    /// A safe-area guide's edges, inset from its view by the safe area (the map view's insets;
    /// zero for other views).
    case safeArea = 2
    /// A layout-margins guide's edges, inset from its view by `layoutMargins` (docs/behaviour.md#views-and-layout-guides).
    case layoutMargins = 3
    /// The size the SDK fixes for one of its components (docs/behaviour.md#component-sizes).
    case componentSize = 4
    /// `size >= intrinsic size` at the view's compression-resistance priority (docs/behaviour.md#intrinsic-content-size).
    case compressionResistance = 5
    /// `size <= intrinsic size` at the view's content-hugging priority (docs/behaviour.md#intrinsic-content-size).
    case contentHugging = 6
    /// A hiding stack's arrangement of its arranged views (docs/behaviour.md#hiding-stack).
    case hidingStack = 7

    /// The kind as diagnostics and snapshots name it (`"map frame"`, `"safe area"`, …).
    public var description: String {
        switch self {
        case .mapFrame: return "map frame"
        case .safeArea: return "safe area"
        case .layoutMargins: return "layout margins"
        case .componentSize: return "component size"
        case .compressionResistance: return "compression resistance"
        case .contentHugging: return "content hugging"
        case .hidingStack: return "hiding stack"
        }
    }
}

extension LayoutConstraint {
    /// Whether the constraint's relation holds at the solved (target) frames, within rounding
    /// (1e-6 × (1 + |constant| + Σ|coefficient × value|) points). True for every required
    /// constraint in the solver; false for an optional constraint the solver could not satisfy
    /// (it is off by its error) and for a constraint that takes no part in the layout (inactive,
    /// outside a map view's hierarchy, or broken: `isBroken`). Performs a pending layout pass.
    public var holdsExactly: Bool {
        guard let system = installedOn?.system else { return false }
        system.layoutIfNeeded()
        guard state == .inSolver else { return false }
        let (v, scale) = solvedResidual(direction: system.direction)
        let tolerance = 1e-6 * (1 + scale)
        switch relation {
        case .equal: return abs(v) <= tolerance
        case .lessThanOrEqual: return v <= tolerance
        case .greaterThanOrEqual: return v >= -tolerance
        }
    }

    /// `first − multiplier·second − constant` at the solver's current values, in the solver's
    /// form (RTL directional constraints negated, as `makeSolverConstraint` builds them), with the
    /// magnitude of its parts.
    package func solvedResidual(direction: LayoutDirection) -> (value: Double, scale: Double) {
        var terms: [Term] = []
        terms.reserveCapacity(6)
        let sign: Double = direction == .rightToLeft && isDirectional ? -1 : 1
        firstAnchor.accumulate(into: &terms, scale: sign, direction: direction)
        secondAnchor?.accumulate(into: &terms, scale: -multiplier * sign, direction: direction)
        var v = -constant * sign
        var scale = abs(constant)
        for t in terms {
            v += t.coefficient * t.variable.value
            scale += abs(t.coefficient * t.variable.value)
        }
        return (v, scale)
    }
}

extension LayoutItem {
    /// The constraints that affect this item's frame on `axis`, as UIKit's
    /// `constraintsAffectingLayout(for:)` lists them (issue 14, "why is it here?"): host and
    /// engine constraints alike (`engineKind` names the engine's own), oldest activation first.
    ///
    /// Two groups, on the solved (target) layout:
    /// * **The constraints that determine the frame**: those whose constant, changed a little,
    ///   would move the item's position or size on `axis` — the tight constraints the solver's
    ///   values rest on, through any chain of other items (`viewport.top == turnCard.bottom`, then
    ///   `turnCard.top == map.top`, the turn card's component size and the map frame). Read from the
    ///   solved Cassowary tableau (`Solver.constraintsDetermining(_:)`, which says how, also for
    ///   the solver's implicit-marker mode). Their `holdsExactly` is true.
    /// * **The optional constraints that pull and lose**: active optional constraints that do not
    ///   hold (`holdsExactly` false) and act on a variable of the item's axis or of a constraint of
    ///   the first group — e.g. a guide resting on the safe-area bottom at priority 250 that a
    ///   required `<=` keeps above a card. They explain why the item is *not* where they would put
    ///   it.
    ///
    /// Not listed: inequalities off their bound, satisfied optional constraints that do not decide
    /// anything, redundant equalities, broken constraints (see the `unsatisfiable` diagnostic) and
    /// inactive ones. Empty for an item outside a map view's hierarchy and for an axis no
    /// constraint determines (an ambiguous one: see the `ambiguousLayout` diagnostic).
    ///
    /// Performs a pending layout pass. Cost: one pass over the hierarchy's constraints plus the
    /// solver query; meant for debugging and tools, not for every frame.
    public func constraintsAffectingLayout(for axis: LayoutAxis) -> [LayoutConstraint] {
        guard let system else { return [] }
        return system.constraintsAffectingLayout(of: self, axis: axis)
    }
}

extension LayoutSystem {
    /// See `LayoutItem.constraintsAffectingLayout(for:)`.
    package func constraintsAffectingLayout(of item: LayoutItem, axis: LayoutAxis) -> [LayoutConstraint] {
        layoutIfNeeded()
        var bySolverConstraint: [ObjectIdentifier: LayoutConstraint] = [:]
        for it in items {
            guard let view = it as? LayoutView else { continue }
            for c in view.installedConstraints where c.state == .inSolver {
                if let sc = c.solverConstraint { bySolverConstraint[ObjectIdentifier(sc)] = c }
            }
        }
        let axisVariables = axis == .horizontal ? [item.minXVar, item.widthVar] : [item.minYVar, item.heightVar]
        let determining = solver.constraintsDetermining(axisVariables).constraints
        var out: [LayoutConstraint] = []
        var listed = Set<ObjectIdentifier>()
        for sc in determining {
            guard let c = bySolverConstraint[ObjectIdentifier(sc)], !listed.contains(ObjectIdentifier(c)) else { continue }
            listed.insert(ObjectIdentifier(c))
            out.append(c)
        }
        // The variables the item's frame rests on: its own on `axis` and those of every
        // determining constraint.
        var variables = Set(axisVariables.map { ObjectIdentifier($0) })
        for c in out {
            for t in c.solverConstraint?.expression.terms ?? [] { variables.insert(ObjectIdentifier(t.variable)) }
        }
        // Optional constraints that lose, acting on one of those variables.
        for c in bySolverConstraint.values where !c.priority.isRequired && !listed.contains(ObjectIdentifier(c)) {
            guard let sc = c.solverConstraint,
                  sc.expression.terms.contains(where: { variables.contains(ObjectIdentifier($0.variable)) }),
                  !c.holdsExactly else { continue }
            listed.insert(ObjectIdentifier(c))
            out.append(c)
        }
        out.sort { $0.serial < $1.serial }
        return out
    }
}
