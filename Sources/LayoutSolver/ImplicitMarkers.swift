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
}
