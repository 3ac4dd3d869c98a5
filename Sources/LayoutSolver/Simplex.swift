// The simplex: the lexicographic objective (one row per optional priority level), the primal
// simplex that re-optimises after adds and removals, its phase-one form for rows without a
// subject, and the dual simplex that restores feasibility after suggestions and constant changes
// (Badros, Borning & Stuckey, TOCHI 2001, §3.3 and §4; the symbolic weights of §2.1). The pivot
// rules are Bland's (lowest id), with rounding cycles broken by ``PivotHistory`` and a pivot
// budget per operation. The tableau operations they call are in Tableau.swift.

/// The simplex's state: the objective levels, the entering candidates, the phase-one objective,
/// the infeasible rows awaiting the dual simplex and the current operation's pivot budget.
/// Owned by ``Solver/simplex``.
internal struct Simplex {
    /// Objective levels, highest priority first (Objective.swift).
    var levels: [Level] = []
    /// The objective rows changed by the current transaction (their journals are kept until it
    /// commits or rolls back).
    var journaled: [ObjectiveRow] = []
    /// Indices of the symbols whose objective coefficients changed since they were last found
    /// not to be entering candidates. Every candidate is in this list (untouched symbols keep
    /// the non-candidate status they had at the last optimum), so the entering choice only
    /// looks here instead of scanning every objective cell.
    var objectiveTouched: [Int] = []
    /// Whether each symbol index is in `objectiveTouched`.
    var objectiveFlag: [Bool] = []
    /// Set after a rollback: `objectiveTouched` must be rebuilt from the objective rows.
    var objectiveAllDirty = false
    /// The phase-one objective while a row is added through an artificial variable.
    var artificial: Row? = nil
    /// Restricted basic symbols whose row may have a negative constant.
    var infeasible: [Int] = []
    /// Pivots of the current operation, and its budget.
    var pivots = 0
    var pivotBudget = 0

    /// Grows the per-symbol storage (candidate flags, the levels' rows) to `n` indices.
    mutating func ensureCapacity(_ n: Int) {
        if objectiveFlag.count >= n { return }
        objectiveFlag.append(contentsOf: repeatElement(false, count: n - objectiveFlag.count))
        for l in levels { l.row.ensureCapacity(n) }
    }

    /// The objective row of level `l`, journaled for the current transaction (call before
    /// changing it).
    @inline(__always)
    mutating func edit(_ l: Int) -> ObjectiveRow {
        let row = levels[l].row
        if !row.journaled {
            row.journaled = true
            journaled.append(row)
        }
        return row
    }

    /// A new, empty level of `priority` at position `l`.
    mutating func insertLevel(_ priority: Double, at l: Int) {
        let row = ObjectiveRow(capacity: objectiveFlag.count)
        row.journaled = true
        journaled.append(row)
        levels.insert(Level(priority: priority, row: row, count: 0), at: l)
    }

    /// Keeps the objective changes of the transaction.
    mutating func commit() {
        for row in journaled { row.commit() }
        journaled.clearKeepingCapacity()
    }

    /// Undoes the objective changes of the transaction (the level list itself is restored from
    /// the saved copy, Transaction.swift).
    mutating func rollback() {
        var n = journaled.count - 1
        while n >= 0 {
            journaled[n].rollback()
            n -= 1
        }
        journaled.clearKeepingCapacity()
    }

    /// Records that the objective coefficients of `id` may have changed.
    @inline(__always)
    mutating func touch(_ id: Int) {
        let i = indexOf(id)
        if !objectiveFlag[i] {
            objectiveFlag[i] = true
            objectiveTouched.append(i)
        }
    }

    /// Replaces the parametric symbol `id` by `row` in every objective level and the phase-one
    /// objective (the tableau rows: ``Tableau/substituteInRows(_:_:_:_:_:)``).
    mutating func substitute(_ id: Int, _ row: RowView) {
        var objectiveChanged = false
        for l in 0..<levels.count where levels[l].row.coefficient(id) != 0 {
            edit(l).substitute(id, with: row)
            objectiveChanged = true
        }
        if objectiveChanged {
            for n in 0..<row.count { touch(row.ids[n]) }
        }
        if artificial != nil {
            artificial!.substitute(id, with: row)
        }
    }

    /// Removes the column of `id` from every level (rounding residue of a purged symbol).
    mutating func removeColumn(_ id: Int) {
        for l in 0..<levels.count where levels[l].row.coefficient(id) != 0 {
            edit(l).remove(id)
        }
    }

    /// Index of the level of `priority` in `levels` (sorted by decreasing priority), or where it
    /// would be inserted.
    func levelIndex(_ priority: Double) -> (Int, Bool) {
        var i = 0
        while i < levels.count {
            if levels[i].priority == priority { return (i, true) }
            if levels[i].priority < priority { return (i, false) }
            i += 1
        }
        return (i, false)
    }
}

/// The bases one optimisation visited, with the objective at each visit, to detect a cycle caused
/// by rounding. In exact arithmetic Bland's rule never returns to a basis (the objective never
/// gets worse, and it cannot cycle through degenerate exchanges); with rounding it can. Returning
/// to a basis whose objective this one does not improve on lexicographically (the first level
/// differing by more than the epsilon is lower) is a cycle. (An earlier version keyed the history
/// by the exchange (entering, leaving) and compared the objective for equality: it missed cycles
/// whose objective drifts — a 1e-9 coefficient counted as 0 on the top level, times a step of 6e7,
/// made each turn of a two-exchange cycle 6e-5 worse on a level holding 5e11, until the pivot
/// budget ran out (solver fuzzer) — and an exchange, unlike a basis, may legitimately recur.)
///
/// A basis is identified by its signature: the XOR of ``mix(_:)`` of every symbol exchanged
/// since the optimisation started (the symmetric difference from the starting basis; a 64-bit
/// collision would only set a symbol aside needlessly). A linear scan up to 32 visits, a
/// dictionary beyond.
internal struct PivotHistory {
    var visits: [(UInt64, [Double])] = []
    var map: [UInt64: [Double]] = [:]

    /// A 64-bit mix of a symbol id (SplitMix64's finaliser), for basis signatures.
    @inline(__always)
    static func mix(_ id: Int) -> UInt64 {
        var z = UInt64(bitPattern: Int64(id)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Whether `new` is lexicographically lower than `old` on the first level where they differ
    /// by more than rounding: the absolute epsilon plus 1e-12 of the level's magnitude (a cycle
    /// through levels holding 4e13 drifted down by 0.008 per turn — not an improvement — and ran
    /// to the pivot budget; a reviewer's 8 operations).
    static func improves(_ new: [Double], on old: [Double]) -> Bool {
        if new.count != old.count { return true }
        for k in 0..<new.count {
            let d = new[k] - old[k]
            if !isRoundingOf(d, scale: Swift.max(new[k].magnitude, old[k].magnitude)) { return d < 0 }
        }
        return false
    }

    /// Records a visit of the basis `signature`; false if it was visited before at an objective
    /// this one does not improve on (a cycle).
    mutating func insert(_ signature: UInt64, _ objective: [Double]) -> Bool {
        if visits.count < 32 {
            for v in visits where v.0 == signature && !PivotHistory.improves(objective, on: v.1) {
                return false
            }
            visits.append((signature, objective))
            if visits.count == 32 {
                // In order, so that a revisited basis keeps its latest (lowest) objective.
                for v in visits { map[v.0] = v.1 }
            }
            return true
        }
        if let old = map[signature], !PivotHistory.improves(objective, on: old) { return false }
        map[signature] = objective
        return true
    }
}

extension Solver {
    /// Records that the objective coefficients of `id` may have changed.
    @inline(__always)
    internal func touchObjective(_ id: Int) { simplex.touch(id) }

    /// Index of the level of `priority` in the objective, or where it would be inserted.
    internal func levelIndex(_ priority: Double) -> (Int, Bool) { simplex.levelIndex(priority) }

    /// Counts a pivot against the operation's budget.
    ///
    /// - Throws: ``SolverError/pivotBudgetExceeded`` beyond it.
    @inline(__always)
    internal func countPivot() throws {
        simplex.pivots += 1
        stats.totalPivots += 1
        if simplex.pivots > simplex.pivotBudget { throw SolverError.pivotBudgetExceeded }
    }

    // MARK: - Primal simplex (lexicographic objective)

    /// Whether `id` may enter for the lexicographic objective: not a dummy, and its coefficient
    /// vector (highest level first, entries within the absolute epsilon of 0 counting as 0) is
    /// lexicographically negative — or non-zero for an unrestricted symbol, which then moves in
    /// the decreasing direction. Returns the direction (+1 / -1) or 0.
    @inline(__always)
    internal func enteringDirection(_ id: Int) -> Double {
        let k = kindOf(id)
        if k == SymbolKind.dummy { return 0 }
        for l in 0..<simplex.levels.count {
            let c = simplex.levels[l].row.coefficient(id)
            if nearZero(c) { continue }
            if k == SymbolKind.external { return c < 0 ? 1 : -1 }
            return c < 0 ? 1 : 0
        }
        return 0
    }

    /// Entering symbol of the lexicographic objective: the lowest-id symbol with a non-zero
    /// ``enteringDirection(_:)`` (Bland's rule). Only symbols whose objective coefficients changed
    /// since they were last checked are examined; the others are known not to qualify. Symbols in
    /// `setAside` (see ``optimize()``) are skipped. Returns `(id, direction)` or `(-1, 0)` at the
    /// optimum.
    internal func enteringSymbol(setAside: [Int] = []) -> (Int, Double) {
        if simplex.objectiveAllDirty {
            for i in simplex.objectiveTouched { simplex.objectiveFlag[i] = false }
            simplex.objectiveTouched.clearKeepingCapacity()
            for l in 0..<simplex.levels.count {
                simplex.levels[l].row.forEachCell { index, _ in simplex.touch(makeID(index, 0)) }
            }
            simplex.objectiveAllDirty = false
        }
        var best = Int.max
        var bestDir: Double = 0
        var w = 0
        for n in 0..<simplex.objectiveTouched.count {
            let index = simplex.objectiveTouched[n]
            let id = idOfIndex(index)
            let dir = enteringDirection(id)
            if dir == 0 {
                simplex.objectiveFlag[index] = false
                continue
            }
            simplex.objectiveTouched[w] = index
            w += 1
            if id < best && (setAside.isEmpty || !setAside.contains(id)) {
                best = id
                bestDir = dir
            }
        }
        simplex.objectiveTouched.truncate(to: w)
        return best == Int.max ? (-1, 0) : (best, bestDir)
    }

    /// Entering symbol of the phase-one objective (Bland's rule), skipping `setAside`.
    internal func enteringArtificial(setAside: [Int] = []) -> (Int, Double) {
        for cell in simplex.artificial!.cells {
            let k = kindOf(cell.id)
            if k == SymbolKind.dummy || nearZero(cell.coeff) { continue }
            if !setAside.isEmpty && setAside.contains(cell.id) { continue }
            if k == SymbolKind.external { return (cell.id, cell.coeff < 0 ? 1 : -1) }
            if cell.coeff < 0 { return (cell.id, 1) }
        }
        return (-1, 0)
    }

    /// Whether `residual`, computed from numbers of magnitude up to `scale`, is rounding: within
    /// the absolute epsilon (1e-8) plus `1e-12 × scale` (~5,000 ulps of `scale`; a result within it
    /// is also within the documented promise, and the operation's verification checks it). NaN is
    /// not. Used where a constant "must be 0" decides satisfiability (redundant equalities, the
    /// artificial phase, shifted redundant rows): an absolute test refused `y == 0.7` with
    /// `y == 7x` and x suggested 1e7 (7e7 − 7e7 left 1.5e-8), and refusals in a rebuild left
    /// every later operation failing.
    @inline(__always)
    internal func isRoundingResidual(_ residual: Double, scale: Double) -> Bool {
        isRoundingOf(residual, scale: scale)
    }

    /// How far a row whose coefficient is within the epsilon may be pushed below 0 by a step before
    /// it must leave instead: `1e-8 + 1e-12 × inputMagnitude` (rounding-sized). A pivot on such a
    /// coefficient (down to 1e-13 in the solver fuzzer) multiplies every number by its inverse, so
    /// it is taken only when the row would otherwise be clearly broken.
    @inline(__always)
    internal var tinyRowTolerance: Double { absoluteEpsilon + 1e-12 * verification.inputMagnitude }

    /// Ratio test: the restricted row that first blocks `entering` moving in direction `dir`
    /// (smallest `constant / -coeff` over rows where the symbol decreases; ties by lowest id).
    ///
    /// Rows whose coefficient is within the absolute epsilon of 0 are not pivots while another
    /// row blocks first — but they are still rows: a long step can push `c − 1e-8·θ` far below 0
    /// (θ = 7e6 broke an error row by 0.07 in the solver fuzzer). So the step may not exceed
    /// `(c + ε) / |a|` for any of them; if one of them would be violated by more than ε before
    /// every ordinary row blocks, it leaves (the one with the smallest such bound).
    internal func leavingRow(_ entering: Int, _ dir: Double) -> Int {
        var best = -1
        var bestRatio = Double.infinity
        var tiny = -1
        var tinyBound = Double.infinity
        tableau.collectColumn(entering)
        for n in 0..<tableau.columnCount {
            let index = tableau.columnIndices[n]
            let k = Int(tableau.kinds[index])
            if k == SymbolKind.external || k == SymbolKind.dummy { continue }
            let a = tableau.columnCoeffs[n] * dir
            if a >= 0 { continue }
            let constant = tableau.rowConst[index]
            let c = constant <= absoluteEpsilon ? 0 : constant
            if a >= -absoluteEpsilon {
                let bound = (c + tinyRowTolerance) / -a
                let id = makeID(index, k)
                if bound < tinyBound || (bound == tinyBound && id < tiny) {
                    tinyBound = bound
                    tiny = id
                }
                continue
            }
            let ratio = c / -a
            let id = makeID(index, k)
            if ratio < bestRatio || (ratio == bestRatio && id < best) {
                bestRatio = ratio
                best = id
            }
        }
        if tiny >= 0 && tinyBound < bestRatio { return tiny }
        return best
    }

    /// The ratio test (``leavingRow(_:_:)``) counts a constant within the epsilon as 0: the
    /// exchange must then take a step of 0 too. With the leaving row's true constant (5.6e-9 over
    /// a coefficient of 1.25) the step pushed another degenerate row, holding the entering symbol
    /// with coefficient −1e4, to −4.5e-5 (solver fuzzer,
    /// fuzz/regressions/solver/degenerate-step-breaks-row). So that constant is set to 0 first —
    /// a change within the epsilon, journaled like any other.
    @inline(__always)
    internal func snapDegenerateLeaving(_ leaving: Int) {
        let index = indexOf(leaving)
        let c = tableau.rowConst[index]
        if c != 0 && c <= absoluteEpsilon && c >= -absoluteEpsilon {
            touchConstant(index)
            tableau.rowConst[index] = 0
        }
    }

    /// Primal simplex on the lexicographic objective (Bland's rule).
    ///
    /// Bland's rule cannot cycle in exact arithmetic, but rounding can make it: a coefficient
    /// within the epsilon counts as 0 on its level, yet times a long step it moves that level (a
    /// 1e-8 top-level cell times a step of 2.7e6 undid 0.06 of the improvement the other symbol
    /// of a two-exchange cycle made — the solver fuzzer found such a cycle running until the pivot
    /// budget, so every operation on that solver failed). Returning to a basis without the
    /// objective having improved (``PivotHistory``) marks the improvement its entering symbol
    /// promises as rounding: the symbol is set aside for the rest of this optimisation and the
    /// next candidate is taken (stopping instead left the cycle's optimum unreached on the top
    /// level: a 765 constraint 96 off with a real candidate, coefficient −8823, still waiting).
    /// Each basis is recorded once per visit and at most one symbol is set aside per detected
    /// return, so a cycle costs at most one turn per symbol; the pivot budget bounds the rest
    /// (a cycle whose rounding lowers the objective every turn is not a detected return).
    /// Which symbol of a cycle gets set aside is the one Bland's rule picks at the revisited
    /// basis, not necessarily the one whose step was rounding: on a badly scaled system the
    /// result can then miss a lower level's optimum (a reviewer's 354-byte fuzzer input ended a
    /// level-666 error 45,635 above its optimum of 6.04e7, with required constraints holding).
    internal func optimize() throws {
        var seen = PivotHistory()
        var setAside: [Int] = []
        var basis: UInt64 = 0        // signature of the current basis (PivotHistory)
        var recorded = false         // whether this visit of it was recorded
        while true {
            let (entering, dir) = enteringSymbol(setAside: setAside)
            if entering < 0 { return }
            let leaving = leavingRow(entering, dir)
            // A lexicographically bounded objective always has a blocking row; if rounding hides
            // it, stop at the current (feasible) point.
            if leaving < 0 { return }
            if !recorded {
                recorded = true
                // (A random-system test cycled s13 ↔ s18 until the pivot budget ran out.)
                if !seen.insert(basis, simplex.levels.map { $0.row.constant }) {
                    stats.cyclesStopped += 1
                    setAside.append(entering)
                    continue
                }
            }
            try countPivot()
            stats.primalPivots += 1
            snapDegenerateLeaving(leaving)
            pivot(leaving: leaving, entering: entering)
            basis ^= PivotHistory.mix(entering) ^ PivotHistory.mix(leaving)
            recorded = false
        }
    }

    /// Primal simplex on the phase-one objective (Bland's rule; rounding cycles as in
    /// ``optimize()``).
    internal func optimizeArtificial() throws {
        var seen = PivotHistory()
        var setAside: [Int] = []     // as in `optimize()`
        var basis: UInt64 = 0
        var recorded = false
        while true {
            let (entering, dir) = enteringArtificial(setAside: setAside)
            if entering < 0 { return }
            let leaving = leavingRow(entering, dir)
            if leaving < 0 { return }
            if !recorded {
                recorded = true
                if !seen.insert(basis, [simplex.artificial!.constant]) {
                    stats.cyclesStopped += 1
                    setAside.append(entering)
                    continue
                }
            }
            try countPivot()
            stats.artificialPivots += 1
            snapDegenerateLeaving(leaving)
            pivot(leaving: leaving, entering: entering)
            basis ^= PivotHistory.mix(entering) ^ PivotHistory.mix(leaving)
            recorded = false
        }
    }

    // MARK: - Dual simplex

    /// Ratio of the objective coefficient of `id` at `level` to the row coefficient `a`.
    @inline(__always)
    internal func dualRatio(_ id: Int, _ a: Double, _ level: Int) -> Double {
        if kindOf(id) == SymbolKind.external { return 0 }
        return simplex.levels[level].row.coefficient(id) / a
    }

    /// Dual simplex: while some restricted row is negative, the lowest-id such row leaves and
    /// the entering symbol minimises (objective vector / row coefficient) lexicographically over
    /// the row's symbols that can increase it; ties by lowest id.
    ///
    /// - Throws: ``SolverError/unsatisfiableConstraint`` when a negative row cannot be repaired
    ///   (the required constraints conflict).
    internal func dualOptimize() throws {
        while true {
            var leaving = Int.max
            var w = 0
            for n in 0..<simplex.infeasible.count {
                let id = simplex.infeasible[n]
                let index = indexOf(id)
                guard index < tableau.nextIndex, tableau.hasRow(index), idOfIndex(index) == id,
                      tableau.rowConst[index] < -absoluteEpsilon else { continue }
                simplex.infeasible[w] = id
                w += 1
                if id < leaving { leaving = id }
            }
            simplex.infeasible.truncate(to: w)
            if leaving == Int.max { return }
            try countPivot()
            let row = tableau.view(indexOf(leaving))
            var best = -1
            var bestA = 0.0
            for cell in row {
                let k = kindOf(cell.id)
                if k == SymbolKind.dummy { continue }
                if k == SymbolKind.external {
                    if nearZero(cell.coeff) { continue }
                } else if cell.coeff <= absoluteEpsilon {
                    continue
                }
                if best < 0 {
                    best = cell.id
                    bestA = cell.coeff
                    continue
                }
                // Lexicographic comparison of the ratio vectors.
                for l in 0..<simplex.levels.count {
                    let rc = dualRatio(cell.id, cell.coeff, l)
                    let rb = dualRatio(best, bestA, l)
                    if rc < rb - absoluteEpsilon {
                        best = cell.id
                        bestA = cell.coeff
                        break
                    }
                    if rc > rb + absoluteEpsilon { break }
                }
            }
            if best < 0 {
                stats.dualFailures += 1
                throw SolverError.unsatisfiableConstraint
            }
            stats.dualPivots += 1
            pivot(leaving: leaving, entering: best)
        }
    }
}
