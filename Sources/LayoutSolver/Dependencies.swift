// Dependencies: which constraints determine the solved values of some variables — the solver's
// half of Auto Layout's `constraintsAffectingLayout(for:)` ("why is it here?", issue 14).

/// The answer of ``Solver/constraintsDetermining(_:)``.
public struct DeterminingConstraints {
    /// The constraints, in the order they were added to the solver (oldest first). Edit-variable
    /// constraints are never listed.
    public let constraints: [Constraint]
    /// True when ``constraints`` is exactly the set the definition gives; false only in the
    /// fallback of implicit dummy markers described at ``Solver/constraintsDetermining(_:)``,
    /// where it is a superset.
    public let isExact: Bool
}

extension Solver {
    /// The most constraints ``constraintsDetermining(_:)`` re-enters into a scratch tableau while
    /// the solver stores dummy markers implicitly; a larger connected set is reported whole
    /// (``DeterminingConstraints/isExact`` false). A scratch tableau of a 1,000-constraint chain
    /// holds at most ~500,000 dummy cells (a few MB, well under a second).
    public static let dependencyScratchLimit = 1_000

    /// The constraints the current solved values of `variables` depend on: those whose constant,
    /// changed a little, would move one of the values. These are the tight constraints of the
    /// optimum that hold the variables where they are — through any chain of other variables —
    /// and nothing else: an inequality that is not at its bound, an optional constraint the solver
    /// could not satisfy (its error absorbs any change) and a redundant equality are not listed.
    ///
    /// Method (Badros et al. §3.4, the marker bookkeeping Cassowary keeps for
    /// ``setConstant(_:to:)``): at an optimal tableau a basic variable's row is
    /// `x = c + Σ aⱼ·sⱼ` over parametric symbols; changing a constraint's constant shifts exactly
    /// the rows that hold its marker symbol (slack, dummy or positive error), unless its marker or
    /// its other error symbol is basic, in which case only that basic row moves. So `x` depends on
    /// constraint `k` iff `k`'s marker appears in `x`'s row with a coefficient beyond the solver's
    /// absolute epsilon (1e-8, the same test that keeps a coefficient from being a pivot) and
    /// neither of `k`'s symbols is basic. The row already expresses `x` through the whole chain
    /// (`viewport.top == turnCard.bottom`, `turnCard.top == map.top`, `map.top == 0` all leave
    /// their marker in `viewport.minY`'s row), so no further closure is needed. A variable that is
    /// parametric (not determined: value 0) or unknown to the solver depends on nothing.
    ///
    /// **Implicit dummy markers** (docs/solver.md): once the solver deletes the dummy columns of
    /// required equalities, their markers no longer appear in any row. Then the tight constraints
    /// connected to `variables` through shared variables are collected (required equalities,
    /// inequalities at their bound, satisfied optional constraints and edits), and when they number
    /// at most ``dependencyScratchLimit`` they are re-entered, oldest first, as required equalities
    /// with explicit markers into a scratch solver, whose rows give the exact answer as above (the
    /// same values hold; where several tight sets determine a value — degeneracy — either solver's
    /// choice is one of them). Beyond the limit every tight constraint of that connected set is
    /// listed and `isExact` is false.
    ///
    /// Read-only: never changes the tableau or the solution (removals rebuild eagerly now, so there
    /// is no pending rebuild to perform). Cost: the rows of `variables` plus one pass over the
    /// constraints' bookkeeping;
    /// with implicit markers, a scratch solve of the connected set.
    public func constraintsDetermining(_ variables: [Variable]) -> DeterminingConstraints {
        var anyImplicit = false
        for tag in registry.constraints.allValues where tag.implicit { anyImplicit = true; break }
        if !anyImplicit {
            return DeterminingConstraints(constraints: explicitDependencies(variables).map(\.constraint), isExact: true)
        }
        return implicitModeDependencies(variables)
    }

    /// The rule of ``constraintsDetermining(_:)`` on a tableau whose markers are all stored:
    /// the tags of the non-edit constraints whose marker is in a row of `variables`, oldest first.
    internal func explicitDependencies(_ vars: [Variable]) -> [Tag] {
        var markerOwner: [Int: ObjectIdentifier] = [:]
        for (key, tag) in registry.constraints.entries where tag.marker >= 0 && !tag.isEdit { markerOwner[tag.marker] = key }
        var seen = Set<ObjectIdentifier>()
        var out: [Tag] = []
        for v in vars {
            guard let entry = tableau.variables[ObjectIdentifier(v)], let row = tableau.row(indexOf(entry.symbol)) else { continue }
            for cell in row where !nearZero(cell.coeff) {
                guard let key = markerOwner[cell.id], !seen.contains(key), let tag = registry.constraints[key] else { continue }
                if tag.other >= 0 && tableau.hasRow(indexOf(tag.other)) { continue }
                seen.insert(key)
                out.append(tag)
            }
        }
        out.sort { $0.seq < $1.seq }
        return out
    }

    /// ``constraintsDetermining(_:)`` while some dummy markers are implicit: the connected tight
    /// constraints, re-solved on a scratch tableau with explicit markers (or listed whole beyond
    /// ``dependencyScratchLimit``).
    private func implicitModeDependencies(_ vars: [Variable]) -> DeterminingConstraints {
        // Tight: neither the marker nor the other error symbol is basic (an implicit marker is
        // never stored, so it counts as parametric).
        func isTight(_ tag: Tag) -> Bool {
            (tag.marker < 0 || !tableau.hasRow(indexOf(tag.marker))) && (tag.other < 0 || !tableau.hasRow(indexOf(tag.other)))
        }
        var bySymbol: [Int: [ObjectIdentifier]] = [:]
        for (key, tag) in registry.constraints.entries where isTight(tag) {
            for s in tag.terms.symbols { bySymbol[s, default: []].append(key) }
        }
        var start: [Int] = []
        for v in vars { if let e = tableau.variables[ObjectIdentifier(v)] { start.append(e.symbol) } }
        var visitedSymbols = Set(start)
        var queue = start
        var component: [Tag] = []
        var inComponent = Set<ObjectIdentifier>()
        while let s = queue.popLast() {
            for key in bySymbol[s] ?? [] where !inComponent.contains(key) {
                guard let tag = registry.constraints[key] else { continue }
                inComponent.insert(key)
                component.append(tag)
                for t in tag.terms.symbols where !visitedSymbols.contains(t) {
                    visitedSymbols.insert(t)
                    queue.append(t)
                }
            }
        }
        component.sort { $0.seq < $1.seq }
        if component.count > Solver.dependencyScratchLimit {
            return DeterminingConstraints(constraints: component.filter { !$0.isEdit }.map(\.constraint), isExact: false)
        }
        let scratch = Solver()
        scratch.overrides.implicitMarkerThreshold = Int.max
        var fresh: [Int: Variable] = [:]
        func scratchVariable(_ symbol: Int) -> Variable {
            if let v = fresh[symbol] { return v }
            let v = Variable()
            fresh[symbol] = v
            return v
        }
        var original: [ObjectIdentifier: Constraint] = [:]
        for tag in component {
            var terms: [Term] = []
            for n in 0..<tag.terms.count { terms.append(Term(scratchVariable(tag.terms.symbol(n)), tag.terms.coefficient(n))) }
            let c = Constraint(Expression(terms: terms, constant: tag.constant), .equal, strength: Strength.required)
            // A constraint refused here is implied by the earlier ones up to rounding (they all
            // hold at the current solution): it determines nothing the others do not.
            guard (try? scratch.addConstraint(c)) != nil else { continue }
            if !tag.isEdit { original[ObjectIdentifier(c)] = tag.constraint }
        }
        var queried: [Variable] = []
        for v in vars { if let e = tableau.variables[ObjectIdentifier(v)], let s = fresh[e.symbol] { queried.append(s) } }
        let found = scratch.explicitDependencies(queried).compactMap { original[ObjectIdentifier($0.constraint)] }
        return DeterminingConstraints(constraints: found, isExact: true)
    }
}
