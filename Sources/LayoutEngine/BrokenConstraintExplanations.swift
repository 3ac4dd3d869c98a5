import LayoutSolver

// Why a required constraint was broken (docs/behaviour.md#unsatisfiable-constraints): the conflict
// sets the layout system reports for each broken constraint, found and minimised against the
// solver's own constraints. Moved out of LayoutSystem.swift unchanged (its helpers are internal
// instead of private, so that the pass in LayoutSystem.swift can call them).

extension LayoutSystem {
    /// Why a required constraint was broken (docs/behaviour.md#unsatisfiable-constraints, docs/behaviour.md#diagnostics): constraints that cannot hold together
    /// with it, as found by `conflictSet(for:)`.
    package struct ConflictSet {
        /// Required constraints in the solver that conflict with the broken one, oldest first,
        /// then the broken constraint itself (always the last element; alone when the
        /// constraint contradicts itself or its conflict was not narrowed down).
        package var members: [LayoutConstraint]
        /// How far the search went.
        package var kind: Kind

        package enum Kind: Equatable {
            /// Minimal: without any one member the rest can hold together.
            case minimal
            /// A conflicting set that may hold members the conflict does not need: the pass's work
            /// budget (`LayoutSystem.explanationBudget`) ran out while minimising it.
            case notMinimised
            /// Only the broken constraint: the constraints it is connected to through shared
            /// variables number `connected`, more than `LayoutSystem.maxExplanationSize`.
            case notNarrowedDown(connected: Int)
        }
    }

    /// The set of required constraints that conflicts with `broken`, one of this pass's broken
    /// constraints (for any other constraint: `broken` alone, `.minimal`).
    ///
    /// Method (computed once per layout pass for all broken constraints, oldest first, and cached
    /// until the next pass): the candidates are the required constraints in the solver that share
    /// variables with `broken`, directly or through each other (its connected component; the
    /// rest of the layout cannot take part in the conflict). A component of at most
    /// `maxExplanationSize` constraints is minimised on scratch solvers by the additive method —
    /// add the candidates oldest first after `broken` and the members found so far; the one whose
    /// addition fails is a member; repeat on the older ones until the members alone conflict —
    /// which finds the minimal set whose newest member is oldest (what a deletion filter, newest
    /// first, finds) with about (members + 1) × component additions instead of component².
    ///
    /// **Work budget.** All minimisations of one pass share `explanationBudget` scratch-solver
    /// additions. When it runs out during a minimisation, that set is reported as it stands (it
    /// conflicts, but may not be minimal: `.notMinimised`); the later broken constraints of the
    /// pass get their whole component (`.notMinimised`). A component larger than
    /// `maxExplanationSize` is not searched at all: the broken constraint is reported alone
    /// (`.notNarrowedDown`). So the diagnostics of a pass with hundreds of conflicts on a big
    /// layout cost at most the budget's additions plus one linear scan of the layout.
    package func conflictSet(for broken: LayoutConstraint) -> ConflictSet {
        if explanationCache?.pass != passCount { explanationCache = (passCount, explainBrokenConstraints()) }
        return explanationCache?.sets[ObjectIdentifier(broken)] ?? ConflictSet(members: [broken], kind: .minimal)
    }

    /// The largest connected component `conflictSet(for:)` minimises or reports; a broken
    /// constraint connected to more required constraints is reported alone.
    package static let maxExplanationSize = 400

    /// The scratch-solver additions (each one `Solver.addConstraint` on a scratch solver of at
    /// most `maxExplanationSize` + 1 constraints) that all conflict-set minimisations of one
    /// layout pass may spend together; see `conflictSet(for:)`. The cost of one addition grows
    /// with the scratch tableau: spending the whole budget on a 399-constraint chain (dense rows,
    /// the worst case measured) took 0.10 s with the Release library on the machine of
    /// bench/RESULTS.md, while a typical conflict (a component of tens of constraints, two or three
    /// members) needs about a hundred additions: some 40 of those are minimised per pass.
    package static let explanationBudget = 4_000

    /// Computes the conflict set of every broken constraint of this pass (see `conflictSet(for:)`).
    func explainBrokenConstraints() -> [ObjectIdentifier: ConflictSet] {
        explanationWork = 0
        var out: [ObjectIdentifier: ConflictSet] = [:]
        if broken.isEmpty { return out }
        // The required constraints in the solver, oldest first, grouped into connected components
        // by a union-find over their variables.
        var candidates: [(LayoutConstraint, Constraint)] = []
        for item in items {
            guard let view = item as? LayoutView else { continue }
            for c in view.installedConstraints where c.state == .inSolver && c.priority.isRequired {
                if let sc = c.solverConstraint { candidates.append((c, sc)) }
            }
        }
        candidates.sort { $0.0.serial < $1.0.serial }
        var variableIndex: [ObjectIdentifier: Int] = [:]
        var parent: [Int] = []
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        func index(of v: Variable) -> Int {
            let key = ObjectIdentifier(v)
            if let i = variableIndex[key] { return i }
            parent.append(parent.count)
            variableIndex[key] = parent.count - 1
            return parent.count - 1
        }
        var firstVariable: [Int] = []
        firstVariable.reserveCapacity(candidates.count)
        for (_, sc) in candidates {
            let vars = sc.expression.terms.map { index(of: $0.variable) }
            firstVariable.append(vars.first ?? -1)
            for v in vars.dropFirst() {
                let a = find(vars[0]), b = find(v)
                if a != b { parent[a] = b }
            }
        }
        var members: [Int: [Int]] = [:]  // component root -> candidate positions, oldest first
        for (i, v) in firstVariable.enumerated() where v >= 0 { members[find(v), default: []].append(i) }

        var budget = LayoutSystem.explanationBudget
        for b in broken {
            let form = b.makeSolverConstraint(direction: direction)
            var roots: [Int] = []
            for t in form.expression.terms {
                if let i = variableIndex[ObjectIdentifier(t.variable)] {
                    let r = find(i)
                    if !roots.contains(r) { roots.append(r) }
                }
            }
            var positions = roots.flatMap { members[$0] ?? [] }
            if roots.count > 1 { positions.sort() }
            let component = positions.map { candidates[$0].0 }
            let set: ConflictSet
            if component.count > LayoutSystem.maxExplanationSize {
                set = ConflictSet(members: [b], kind: .notNarrowedDown(connected: component.count))
            } else {
                set = minimise(component, conflictingWith: b, budget: &budget)
            }
            out[ObjectIdentifier(b)] = set
        }
        explanationWork = LayoutSystem.explanationBudget - budget
        return out
    }

    /// The additive minimisation of `conflictSet(for:)`: `component` (oldest first) conflicts with
    /// `broken`; spends at most `budget` scratch-solver additions.
    func minimise(_ component: [LayoutConstraint], conflictingWith broken: LayoutConstraint,
                          budget: inout Int) -> ConflictSet {
        var found: [LayoutConstraint] = []     // members found so far (newest first)
        var rest = component[...]              // where the remaining members are, oldest first
        while true {
            // Does `broken` with the members found so far conflict? Then they are the set.
            let scratch = Solver()
            var conflict = false
            for c in [broken] + found {
                if budget == 0 { return notMinimised(found, rest, broken) }
                budget -= 1
                do { try scratch.addConstraint(c.makeSolverConstraint(direction: direction)) } catch { conflict = true; break }
            }
            if conflict { return ConflictSet(members: found.reversed() + [broken], kind: .minimal) }
            // Otherwise the oldest prefix of `rest` that conflicts ends with the next member.
            var next: Int? = nil
            for i in rest.indices {
                if budget == 0 { return notMinimised(found, rest, broken) }
                budget -= 1
                do { try scratch.addConstraint(rest[i].makeSolverConstraint(direction: direction)) } catch { next = i; break }
            }
            // No failure: the component never conflicted (the solver's tolerance differs from the
            // scratch solver's on a degenerate system). Report what was searched.
            guard let member = next else { return ConflictSet(members: Array(component) + [broken], kind: .notMinimised) }
            found.append(rest[member])
            rest = rest[rest.startIndex..<member]
        }
    }

    /// A conflicting set whose minimisation stopped: the members found plus the candidates still
    /// to search, oldest first, then `broken`.
    func notMinimised(_ found: [LayoutConstraint], _ rest: ArraySlice<LayoutConstraint>,
                              _ broken: LayoutConstraint) -> ConflictSet {
        let set = (Array(rest) + found).sorted { $0.serial < $1.serial }
        return ConflictSet(members: set + [broken], kind: .notMinimised)
    }
}
