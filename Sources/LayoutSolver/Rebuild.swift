// Rebuilding the tableau from the constraints ("refactorising", as an LP code refactorises its
// basis when the residuals grow), and what it is used for (issues 17 and 19):
//
// * Removing a required equality whose dummy marker is implicit (ImplicitMarkers.swift), or
//   changing its constant: there is no stored column to work with.
// * Recovery on suspicion: when an operation done incrementally fails for numerical reasons —
//   the verification refuses its result, or the simplex runs out of its pivot budget — the
//   incremental attempt is rolled back and the operation is done again on a fresh tableau built
//   from the original constraints, free of the rounding the old tableau had accumulated. Only if
//   that fails too is an addition, suggestion or constant change refused
//   (``SolverError/numericalInstability``).
// * Removals always succeed: if even the rebuild fails, the removed constraints are relaxed in
//   place (``relaxInPlace(_:)``), which needs no arithmetic.

extension Solver {
    /// What a rebuild changes in the constraint set before re-entering it.
    internal struct RebuildChange {
        /// Constraints to drop (keys of ``ConstraintRegistry/constraints``; edit constraints too).
        var removing: [ObjectIdentifier] = []
        /// Edit variables to drop (their edit constraints must be in `removing`).
        var removingEdits: [ObjectIdentifier] = []
        /// New constants of constraints kept (``Tag/constant``).
        var constants: [(ObjectIdentifier, Double)] = []
        /// New suggested values of edit variables kept (their constraints' constants are in
        /// `constants`).
        var editValues: [(ObjectIdentifier, Double)] = []
        /// Constraints to add after the existing ones, in order.
        var adding: [Constraint] = []
        /// A new edit variable (its constraint is the last of `adding`).
        var addingEdit: ObjectIdentifier? = nil
        /// Change of ``ConstraintRegistry/userConstraints``.
        var userConstraintDelta = 0
    }

    /// Rebuilds the tableau for the constraint set changed by `change`, all or nothing: re-enters
    /// every remaining constraint in the order they were first added (with the constants this
    /// solver tracks), then the added ones, optimises once and verifies everything. On error the
    /// solver is exactly as before.
    ///
    /// - Throws: ``SolverError/unsatisfiableConstraint`` if an added or re-constanted required
    ///   constraint contradicts the others (or rounding makes it look so);
    ///   ``SolverError/numericalInstability`` if the result fails the verification or the
    ///   simplex runs out of its pivot budget.
    internal func refactorize(_ change: RebuildChange) throws {
        let before = SolverState(takingFrom: self)
        do {
            for key in change.removing { registry.constraints[key] = nil }
            for key in change.removingEdits { registry.edits[key] = nil }
            for (key, constant) in change.constants { registry.constraints[key]!.constant = constant }
            for (key, value) in change.editValues { registry.edits[key]!.value = value }
            for c in change.adding { noteInput(c.expression.constant) }
            for (_, constant) in change.constants { noteInput(constant) }
            try rebuild(adding: change.adding, editKey: change.addingEdit)
            registry.userConstraints += change.userConstraintDelta
            try verifyOperation(full: true, acceptSoft: true)
        } catch {
            before.restore(self)
            throw (error as? SolverError) == .pivotBudgetExceeded ? SolverError.numericalInstability : error
        }
    }

    /// Re-enters every constraint of the registry (edit constraints included, with the constants
    /// this solver tracks: ``Tag/constant``) in the order they were first added, then `adding`
    /// (the last one as the edit constraint of `editKey` if given), into an empty tableau, and
    /// optimises once. The result represents the same constraints; where the optimum is unique it
    /// has the same values. Sequence numbers are renumbered in the same order.
    internal func rebuild(adding: [Constraint] = [], editKey: ObjectIdentifier? = nil) throws {
        let tags = registry.constraints.allValues.sorted { $0.seq < $1.seq }
        let oldEdits = registry.edits
        let count = registry.userConstraints
        let inputsBefore = verification.inputMagnitude
        clearState()
        verification.inputMagnitude = inputsBefore
        stats.rebuilds += 1
        tableau.beginTransaction()
        simplex.pivots = 0
        func budget() {
            simplex.pivotBudget = overrides.pivotBudget
                ?? (simplex.pivots + 100 * (tableau.basicCount + tableau.liveSymbols) + 1000)
        }
        for tag in tags {
            budget()
            try addInternal(tag.constraint, isEdit: tag.isEdit, optimizeAfter: false, constant: tag.constant)
        }
        for (i, c) in adding.enumerated() {
            budget()
            try addInternal(c, isEdit: editKey != nil && i == adding.count - 1, optimizeAfter: false)
        }
        for (key, info) in oldEdits.entries {
            let seq = registry.constraints[ObjectIdentifier(info.constraint)]!.seq
            registry.edits[key] = EditInfo(constraint: info.constraint, value: info.value, seq: seq)
        }
        if let key = editKey, let c = adding.last {
            registry.edits[key] = EditInfo(constraint: c, value: 0, seq: registry.constraints[ObjectIdentifier(c)]!.seq)
        }
        registry.userConstraints = count
        budget()
        try optimize()
        simplex.infeasible.clearKeepingCapacity()
        tableau.commit()
        simplex.commit()
        journal.forgetUndo()
    }

    /// Runs an operation incrementally (`body`, one transaction) and, if that fails for numerical
    /// reasons (``SolverError/numericalInstability`` from the verification,
    /// ``SolverError/pivotBudgetExceeded``, or `retryUnsatisfiable` and
    /// ``SolverError/unsatisfiableConstraint``), once more as a rebuild with `change`. The
    /// pivot budget never surfaces: it becomes ``SolverError/numericalInstability``.
    /// `structural`: see ``transact(structural:_:)``.
    internal func transactOrRebuild(_ change: @autoclosure () -> RebuildChange,
                                    retryUnsatisfiable: Bool = false, structural: Bool = true,
                                    _ body: () throws -> Void) throws {
        do {
            try transact(structural: structural, body)
        } catch let error as SolverError where error == .numericalInstability || error == .pivotBudgetExceeded
                    || (retryUnsatisfiable && error == .unsatisfiableConstraint) {
            stats.recoveries += 1
            try refactorize(change())
        }
    }

    /// Removes the constraints `keys` (edit constraints included; `edits` are the edit variables
    /// whose constraints they are), which must all be in the solver: incrementally when every
    /// marker is stored and the result verifies; else by a rebuild without them; else (numerical
    /// trouble even in a fresh tableau) by relaxing them in place, which cannot fail.
    ///
    /// - Throws: ``SolverError/numericalInstability`` only when a required equality with an
    ///   implicit marker is among them (nothing to relax in place) and the rebuild without them
    ///   fails its verification; the solver is then unchanged.
    internal func remove(_ keys: [ObjectIdentifier], edits: [ObjectIdentifier] = []) throws {
        // Read in place (a tag copied out is ~150 instructions; issue 19).
        var userCount = 0
        var implicit = false
        for key in keys {
            registry.constraints.peek(key) { tag in
                if !tag.isEdit { userCount += 1 }
                if tag.implicit { implicit = true }
            }
        }
        let change = RebuildChange(removing: keys, removingEdits: edits, userConstraintDelta: -userCount)
        if !implicit {
            do {
                try transact {
                    for key in keys { try removeInternal(key, registry.constraints[key]!) }
                    for key in edits { setEdit(key, nil) }
                    registry.userConstraints -= userCount
                }
                return
            } catch {
                stats.recoveries += 1
            }
        }
        do {
            try refactorize(change)
            return
        } catch {
            // No stored marker to relax an implicit equality with.
            if implicit { throw SolverError.numericalInstability }
        }
        relaxInPlace(keys, edits: edits)
    }

    /// Removes constraints without any arithmetic on the values (the last resort of
    /// ``remove(_:edits:)``): an optional constraint's error symbols leave the objective (with
    /// them the constraint no longer pulls); a required one's marker, if basic, loses its row
    /// (nothing else refers to a basic symbol), else it becomes a free symbol — a *ghost*: an
    /// unrestricted symbol of no variable that absorbs whatever the constraint's expression
    /// is, so the constraint no longer binds. The values stay exactly as they were (they held
    /// every remaining constraint, verified); the optional levels are not re-optimised (the
    /// optimisation is what failed). Ghosts disappear at the next rebuild.
    internal func relaxInPlace(_ keys: [ObjectIdentifier], edits: [ObjectIdentifier]) {
        stats.relaxations += 1
        tableau.beginTransaction()
        for key in keys {
            let tag = registry.constraints[key]!
            if !tag.isRequired {
                let (l, _) = levelIndex(tag.priority)
                var errs: [Int] = []
                if kindOf(tag.marker) == SymbolKind.error { errs.append(tag.marker) }
                if tag.other >= 0 { errs.append(tag.other) }
                let objective = simplex.edit(l)
                for e in errs {
                    if let r = tableau.row(indexOf(e)) {
                        objective.addScaled(r, -1)
                        for cell in r { touchObjective(cell.id) }
                    } else {
                        objective.add(e, -1)
                        touchObjective(e)
                    }
                }
                objective.countConstraints(-1)
                if simplex.levels[l].count == 0 {
                    objective.forEachCell { index, _ in simplex.touch(makeID(index, 0)) }
                    simplex.levels.remove(at: l)
                }
            } else if tag.marker >= 0 {
                if isBasic(tag.marker) {
                    tableau.removeRow(indexOf(tag.marker))
                } else {
                    makeGhost(tag.marker)
                }
            }
            registry.constraints[key] = nil
            if !tag.isEdit { registry.userConstraints -= 1 }
            // Variables no remaining constraint refers to are released (purging a parametric
            // one's column changes no value: it is 0 and stays 0).
            releaseVariables(tag.terms)
        }
        verification.dependentsDirty = true
        for key in edits { registry.edits[key] = nil }
        simplex.infeasible.clearKeepingCapacity()
        tableau.commit()
        simplex.commit()
        journal.clear()
    }

    /// Turns the parametric marker `id` into a ghost: a free (external-kind) symbol of no
    /// variable. Its column keeps its coefficients; only the kind bits of its id change in every
    /// row and objective level that holds it (the rows stay sorted: the index is unchanged).
    internal func makeGhost(_ id: Int) {
        let index = indexOf(id)
        let ghost = makeID(index, SymbolKind.external)
        tableau.relabelColumn(id, as: ghost)
        // (The dense objective is indexed by symbol index: nothing to rename there.)
        if tableau.kinds[index] == UInt8(SymbolKind.dummy) {
            tableau.dummyCells -= tableau.colLive[index]
        }
        tableau.kinds[index] = UInt8(SymbolKind.external)
        tableau.externalsDirty = true
        touchObjective(ghost)
    }
}
