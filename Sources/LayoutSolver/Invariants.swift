// Internal consistency checks, used by the tests.

extension Solver {
    /// Returns a description of the first broken internal invariant, or nil when the tableau is
    /// consistent: rows sorted without zero cells; no basic symbol occurs in a row or objective;
    /// restricted rows feasible; basic dummies only over dummies; the column index matches the
    /// rows; the row count matches; every entering candidate is in the touched list.
    ///
    /// - Parameter magnitude: the largest value the tableau has held (rounding noise stays after
    ///   the large values are gone); defaults to the current ``tableauMagnitude()``.
    internal func invariantViolation(magnitude: Double? = nil) -> String? {
        // Rounding of a restricted row's constant is relative to the tableau's magnitude (a
        // pivot through a row of constant 1e7 leaves ~1e-9 of noise per operation).
        let feasibilityTolerance = absoluteEpsilon + 1e-11 * Swift.max(magnitude ?? 0, tableauMagnitude())
        var count = 0
        var expected = [[Int]](repeating: [], count: tableau.nextIndex)
        for index in 0..<tableau.nextIndex {
            guard let r = tableau.row(index) else { continue }
            count += 1
            let id = idOfIndex(index)
            var last = -1
            for cell in r {
                if cell.id <= last { return "row \(symbolName(id)) not sorted" }
                last = cell.id
                if cell.coeff == 0 { return "row \(symbolName(id)) has a zero cell" }
                if isBasic(cell.id) { return "basic \(symbolName(cell.id)) occurs in row \(symbolName(id))" }
                if kindOf(id) == SymbolKind.dummy && kindOf(cell.id) != SymbolKind.dummy && !nearZero(cell.coeff) {
                    // (Residue within the epsilon is tolerated: a basic dummy is never read
                    // except when its own constraint is removed, and no pivot uses such a cell.)
                    return "basic dummy \(symbolName(id)) over a non-dummy"
                }
                // (A user variable in a restricted row — impossible in exact arithmetic — is
                // rounding: the verification treats it as a soft finding, which a rebuild may
                // keep (Verification.swift), so it is not an invariant.)
                expected[indexOf(cell.id)].append(index)
            }
            if isRestrictedPivotable(id) && r.constant < -feasibilityTolerance {
                return "row \(symbolName(id)) infeasible: \(r.constant)"
            }
        }
        if count != tableau.basicCount { return "row count \(tableau.basicCount) != \(count)" }
        var dummies = 0
        for index in 0..<tableau.nextIndex {
            guard let r = tableau.row(index) else { continue }
            for cell in r where kindOf(cell.id) == SymbolKind.dummy { dummies += 1 }
        }
        if dummies != tableau.dummyCells { return "dummy cells \(tableau.dummyCells) != \(dummies)" }
        for t in registry.constraints.allValues where t.implicit {
            if t.marker >= 0 { return "implicit constraint #\(t.seq) has a marker" }
        }
        if registry.implicitMarkers {
            // No parametric dummy column may remain stored.
            for index in 0..<tableau.nextIndex {
                guard let r = tableau.row(index) else { continue }
                for cell in r where kindOf(cell.id) == SymbolKind.dummy && !isBasic(cell.id) {
                    return "implicit mode, but row \(symbolName(idOfIndex(index))) holds \(symbolName(cell.id))"
                }
            }
        }
        for i in 0..<tableau.nextIndex {
            if tableau.colLive[i] != expected[i].count {
                return "column of index \(i) counts \(tableau.colLive[i]), expected \(expected[i].count)"
            }
            var present = Set<Int>()
            var e = tableau.colHead[i]
            while e >= 0 {
                present.insert(Int(tableau.entryRow[e]))
                e = Int(tableau.entryNext[e])
            }
            for index in expected[i] where !present.contains(index) {
                return "column of index \(i) misses row \(index)"
            }
        }
        for l in simplex.levels {
            for cell in sparse(l.row).cells {
                if isBasic(cell.id) {
                    return "basic \(symbolName(cell.id)) occurs in objective level \(l.priority)"
                }
                if !simplex.objectiveAllDirty && !simplex.objectiveFlag[indexOf(cell.id)] && enteringDirection(cell.id) != 0 {
                    return "entering candidate \(symbolName(cell.id)) missing from the touched list"
                }
            }
        }
        return nil
    }
}

extension Solver {
    /// The largest magnitude of any row constant (the basic symbols' values): the scale against
    /// which floating-point rounding in the tableau is measured (values computed through rows of
    /// this size carry an absolute error of a few `ulp(magnitude)`).
    internal func tableauMagnitude() -> Double {
        var m = 0.0
        for index in 0..<tableau.nextIndex {
            if tableau.hasRow(index) { m = Swift.max(m, tableau.rowConst[index].magnitude) }
        }
        return m
    }
}
