// Implicit dummy markers and the rebuild they need (docs/solver.md "Implicit dummy markers").
// A required equality's dummy marker column is bookkeeping for its own removal or constant change;
// in a chain of N views every position depends on every earlier gap, so the rows hold ~N²/2 dummy
// cells. Past a threshold the solver deletes those columns and adds later equalities without one;
// removing such an equality (or changing its constant) then rebuilds the tableau from the
// remaining constraints, all or nothing (Rebuild.swift).

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
        for (key, tag) in registry.constraints.entries where tag.marker >= 0 && kindOf(tag.marker) == SymbolKind.dummy
            && !isBasic(tag.marker) {
            var t = tag
            dead.append(t.marker)
            t.marker = -1
            t.markerCoeff = 0
            t.implicit = true
            setConstraint(key, t)
        }
        // Any other parametric dummy cell (none expected) goes too: every dummy column is deleted.
        for index in 0..<tableau.nextIndex where tableau.hasRow(index) {
            var hasDummy = false
            for cell in tableau.view(index) where kindOf(cell.id) == SymbolKind.dummy {
                hasDummy = true
                break
            }
            if hasDummy { tableau.dropDummyCells(index) }
        }
        for l in 0..<simplex.levels.count {
            var dummies: [Int] = []
            simplex.levels[l].row.forEachCell { index, _ in
                if tableau.kinds[index] == UInt8(SymbolKind.dummy) { dummies.append(makeID(index, SymbolKind.dummy)) }
            }
            if !dummies.isEmpty {
                let objective = simplex.edit(l)
                for d in dummies { objective.remove(d) }
            }
        }
        if simplex.artificial != nil { simplex.artificial!.cells.removeAll { kindOf($0.id) == SymbolKind.dummy } }
        dead.sort()
        for d in dead { freeSymbol(d) }
    }
}
