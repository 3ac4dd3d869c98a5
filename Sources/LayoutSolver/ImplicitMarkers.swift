// Implicit dummy markers and the rebuild they need (docs/solver.md "Implicit dummy markers").
// A required equality's dummy marker column is bookkeeping for its own removal or constant change;
// in a chain of N views every position depends on every earlier gap, so the rows hold ~N²/2 dummy
// cells. Past a threshold the solver deletes those columns and adds later equalities without one;
// removing such an equality (or changing its constant) then rebuilds the tableau from the
// remaining constraints, lazily and all or nothing.

extension Solver {
    /// When the stored dummy cells exceed this, markers become implicit: `4 × rows + 1024`.
    /// Systems whose equalities chain (a row of N views: every position depends on every earlier
    /// gap) hold ~N²/2 dummy cells — all of them zero-valued bookkeeping for removal — and cross
    /// it; a navigation screen's few hundred constraints stay far below (their dummy cells are
    /// about one per row), keeping incremental removal.
    internal var implicitMarkerThreshold: Int { overrides.implicitMarkerThreshold ?? (4 * tableau.basicCount + 1024) }

    /// Switches to implicit markers: deletes every parametric dummy column from the rows and the
    /// objective and marks those constraints implicit (their dummies are freed). Basic dummies
    /// (redundant equalities) stay, with rows now empty. Exact: a dummy is always 0 and never
    /// enters the basis except when its own constraint is removed, which now rebuilds instead.
    internal func makeMarkersImplicit() {
        registry.implicitMarkers = true
        var dead: [Int] = []
        for (key, tag) in registry.constraints where tag.marker >= 0 && kindOf(tag.marker) == SymbolKind.dummy
            && !isBasic(tag.marker) {
            var t = tag
            dead.append(t.marker)
            t.marker = -1
            t.markerCoeff = 0
            t.implicit = true
            setConstraint(key, t)
        }
        // Any other parametric dummy cell (none expected) goes too: every dummy column is deleted.
        for index in 0..<tableau.nextIndex where tableau.rows[index] != nil {
            let r = tableau.rows[index].unsafelyUnwrapped
            var hasDummy = false
            for cell in r.cells where kindOf(cell.id) == SymbolKind.dummy {
                hasDummy = true
                break
            }
            if !hasDummy { continue }
            touch(index)
            var kept: [Cell] = []
            kept.reserveCapacity(r.cells.count)
            for cell in r.cells {
                if kindOf(cell.id) == SymbolKind.dummy {
                    tableau.columnRemove(indexOf(cell.id))
                } else {
                    kept.append(cell)
                }
            }
            tableau.rows[index]!.cells = kept
        }
        for l in 0..<simplex.levels.count {
            simplex.levels[l].row.cells.removeAll { kindOf($0.id) == SymbolKind.dummy }
        }
        if simplex.artificial != nil { simplex.artificial!.cells.removeAll { kindOf($0.id) == SymbolKind.dummy } }
        dead.sort()
        for d in dead { freeSymbol(d) }
    }

    /// Rebuilds the tableau if an implicit-marker constraint was removed or re-constanted since
    /// the last use. All or nothing: on error the solver is exactly as before (still pending).
    ///
    /// - Throws: ``SolverError/pivotBudgetExceeded`` (or, on numerical trouble only,
    ///   ``SolverError/unsatisfiableConstraint`` or ``SolverError/numericalInstability``) while
    ///   re-entering the constraints.
    internal func rebuildIfNeeded() throws {
        guard registry.needsRebuild else { return }
        let before = SolverState(self)
        do {
            try rebuild()
            try verifyOperation(full: true)
        } catch {
            before.restore(self)
            throw error
        }
    }

    /// Re-enters every remaining constraint (edit constraints included, with the constants this
    /// solver tracks: ``Tag/constant``) in the order they were first added, into an empty
    /// tableau, and optimises once. The result represents the same constraints; where the optimum
    /// is unique it has the same values. Sequence numbers are renumbered in the same order.
    internal func rebuild() throws {
        let tags = registry.constraints.values.sorted { $0.seq < $1.seq }
        let oldEdits = registry.edits
        let count = registry.userConstraints
        let inputsBefore = verification.inputMagnitude
        clearState()
        verification.inputMagnitude = inputsBefore
        stats.rebuilds += 1
        journal.txStamp &+= 1
        simplex.pivots = 0
        for tag in tags {
            simplex.pivotBudget = overrides.pivotBudget
                ?? (simplex.pivots + 100 * (tableau.basicCount + tableau.liveSymbols) + 1000)
            try addInternal(tag.constraint, isEdit: tag.isEdit, optimizeAfter: false, constant: tag.constant)
        }
        for (key, info) in oldEdits {
            let seq = registry.constraints[ObjectIdentifier(info.constraint)]!.seq
            registry.edits[key] = EditInfo(constraint: info.constraint, value: info.value, seq: seq)
        }
        registry.userConstraints = count
        simplex.pivotBudget = overrides.pivotBudget
            ?? (simplex.pivots + 100 * (tableau.basicCount + tableau.liveSymbols) + 1000)
        try optimize()
        registry.needsRebuild = false
        simplex.infeasible.removeAll(keepingCapacity: true)
        journal.undoRows.removeAll(keepingCapacity: true)
        journal.undoConstants.removeAll(keepingCapacity: true)
        journal.undoLog.removeAll(keepingCapacity: true)
    }
}
