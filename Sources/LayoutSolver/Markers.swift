// Constraints entering and leaving the tableau, with their markers (Badros, Borning & Stuckey,
// TOCHI 2001, §3.2 and §3.4; kiwi's form): an inequality gets a slack marker, a required equality a
// dummy marker (or an implicit one, ImplicitMarkers.swift), an optional constraint error symbols
// in its priority level's objective row. A new row is solved for a subject — a user variable, its
// own marker, or another constraint's restricted symbol whose entry keeps every row feasible — or
// enters through an artificial variable (phase one); a removed constraint's marker leaves the basis
// by the paper's rules, and its row is dropped.

/// The distinct user-variable symbols of a constraint and the expression's (summed) coefficient
/// of each, in the order of their first term. Up to four are stored inline, the rest in an
/// array: a constraint of a layout or of enaml's system has at most four variables, so its tag
/// and verification record hold their terms without an allocation (issue 19: two arrays per
/// constraint were ~1,300 instructions of allocating, copying and freeing per constraint).
internal struct ConstraintTerms {
    /// Number of terms.
    private(set) var count = 0
    private var inlineSymbols: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var inlineCoefficients: (Double, Double, Double, Double) = (0, 0, 0, 0)
    /// Terms from the fifth on (nil while there are at most four).
    private var overflow: [Cell]? = nil
    private static let inlineCapacity = 4

    /// The symbol of term `n` (`0 ..< count`).
    @inline(__always)
    func symbol(_ n: Int) -> Int {
        if n < Self.inlineCapacity {
            return withUnsafeBytes(of: inlineSymbols) { $0.load(fromByteOffset: n &* 8, as: Int.self) }
        }
        return overflow.unsafelyUnwrapped[n &- Self.inlineCapacity].id
    }

    /// The coefficient of term `n` (`0 ..< count`).
    @inline(__always)
    func coefficient(_ n: Int) -> Double {
        if n < Self.inlineCapacity {
            return withUnsafeBytes(of: inlineCoefficients) { $0.load(fromByteOffset: n &* 8, as: Double.self) }
        }
        return overflow.unsafelyUnwrapped[n &- Self.inlineCapacity].coeff
    }

    /// The position of `symbol` among the terms, or nil.
    func position(of symbol: Int) -> Int? {
        for n in 0..<count where self.symbol(n) == symbol { return n }
        return nil
    }

    /// Appends the term `coefficient · symbol`.
    mutating func append(_ symbol: Int, _ coefficient: Double) {
        if count < Self.inlineCapacity {
            let n = count
            withUnsafeMutableBytes(of: &inlineSymbols) { $0.storeBytes(of: symbol, toByteOffset: n * 8, as: Int.self) }
            withUnsafeMutableBytes(of: &inlineCoefficients) { $0.storeBytes(of: coefficient, toByteOffset: n * 8, as: Double.self) }
        } else if overflow == nil {
            overflow = [Cell(id: symbol, coeff: coefficient)]
        } else {
            overflow!.append(Cell(id: symbol, coeff: coefficient))
        }
        count += 1
    }

    /// Adds `delta` to the coefficient of term `n`.
    mutating func addCoefficient(_ n: Int, _ delta: Double) {
        if n < Self.inlineCapacity {
            let k = coefficient(n) + delta
            withUnsafeMutableBytes(of: &inlineCoefficients) { $0.storeBytes(of: k, toByteOffset: n * 8, as: Double.self) }
        } else {
            overflow![n - Self.inlineCapacity].coeff += delta
        }
    }

    /// The symbols, as an array (for the queries that are not on an operation's path).
    var symbols: [Int] { (0..<count).map { symbol($0) } }
}

/// Per-constraint bookkeeping.
internal struct Tag {
    let constraint: Constraint
    /// Slack (inequality), dummy (required equality) or positive error (optional equality).
    var marker: Int
    /// Error symbol of an optional constraint (negative error for equalities), or -1.
    var other: Int
    /// Coefficients of marker/other in the constraint's original row `0 = expr + …` (before the
    /// row is normalised), used to shift the tableau when the constant changes.
    var markerCoeff: Double
    var otherCoeff: Double
    /// The expression constant the tableau currently encodes.
    var constant: Double
    /// Priority of the constraint (1000 = required).
    let priority: Double
    /// Creation sequence number (for deterministic dumps).
    let seq: Int
    /// Distinct external symbols referenced by the expression, and the expression's coefficient
    /// of each (terms of the same variable summed; terms below
    /// ``SolverLimits/minimumCoefficient`` count as 0): the constraint as the tableau must
    /// encode it, read by the verification without hashing.
    var terms: ConstraintTerms
    /// Whether this is the internal constraint of an edit variable.
    let isEdit: Bool
    /// A required equality whose dummy marker is *implicit*: not stored in the rows (its value is
    /// always 0, so the tableau is the same with the column deleted). Removing it or changing its
    /// constant rebuilds the tableau. `marker` is -1.
    var implicit: Bool = false
    /// Slot of the constraint's ``CheckRecord`` in ``Solver/records`` (required, non-edit
    /// constraints), or -1.
    var record: Int = -1

    var isRequired: Bool { priority >= Strength.required }
}

/// The constraints the solver holds. Owned by ``Solver/registry``.
internal struct ConstraintRegistry {
    /// Bookkeeping of every constraint in the solver (edit constraints included), by identity.
    var constraints = IdentityTable<Tag>(capacity: 64)
    /// The edit variables (EditVariables.swift), by identity.
    var edits = IdentityTable<EditInfo>()
    /// Creation sequence number of the last constraint added (for deterministic order).
    var seqCounter = 0
    /// Number of constraints added with `addConstraint(s)` and not removed (edit constraints
    /// are not counted).
    var userConstraints = 0
    /// Whether new required equalities get an implicit dummy marker (not stored in the rows).
    /// Set when the stored dummy cells outgrow ``Solver/implicitMarkerThreshold``; cleared by a
    /// rebuild (ImplicitMarkers.swift).
    var implicitMarkers = false

    /// Back to the initial state — every stored property above — keeping the tables' storage
    /// (``Solver/clearState()``).
    mutating func clear() {
        constraints.removeAll()
        edits.removeAll()
        seqCounter = 0
        userConstraints = 0
        implicitMarkers = false
    }
}

extension Solver {
    // MARK: - Variables

    /// The symbol of user variable `v`, created on first use; one more constraint references it
    /// (journaled).
    internal func acquireVariable(_ v: Variable) -> Int {
        let key = ObjectIdentifier(v)
        // Counted in place (one lookup; the old entry journaled as setVariable would).
        if let (symbol, refs) = tableau.variables.modify(key, { e -> (Int, Int) in
            let refs = e.refs
            e.refs += 1
            return (e.symbol, refs)
        }) {
            journal.undoLog.append(.variable(key, VarEntry(symbol: symbol, refs: refs)))
            return symbol
        }
        let sym = newSymbol(SymbolKind.external)
        let index = indexOf(sym)
        journal.noteSymbolVariable(index, tableau.symbolVariables[index])
        tableau.symbolVariables[index] = v
        tableau.externalsDirty = true
        setVariable(key, VarEntry(symbol: sym, refs: 1))
        return sym
    }

    /// One constraint fewer references each user-variable symbol of `syms`; a symbol no
    /// constraint references is purged from the rows and objective and freed (journaled).
    internal func releaseVariables(_ terms: ConstraintTerms) {
        var dead: [Int] = []
        for n in 0..<terms.count {
            let sym = terms.symbol(n)
            let v = tableau.symbolVariables[indexOf(sym)]!
            let key = ObjectIdentifier(v)
            var e = tableau.variables[key]!
            e.refs -= 1
            if e.refs == 0 && !isBasic(sym) {
                setVariable(key, nil)
                dead.append(sym)
            } else {
                // A basic variable with no constraint left cannot occur in exact arithmetic; if
                // rounding produced one, it stays registered (0 references) until it leaves the
                // basis (`releaseOrphans`).
                setVariable(key, e)
                if e.refs == 0 && !tableau.orphans.contains(sym) { tableau.orphans.append(sym) }
            }
        }
        if !dead.isEmpty {
            purgeColumns(dead)
            for s in dead { freeSymbol(s) }
        }
    }

    /// Releases the ``Tableau/orphans`` that are no longer basic (and still unreferenced).
    internal func releaseOrphans() {
        if tableau.orphans.isEmpty { return }
        var dead: [Int] = []
        var kept: [Int] = []
        for sym in tableau.orphans {
            guard let v = tableau.symbolVariables[indexOf(sym)] else { continue }
            let key = ObjectIdentifier(v)
            guard let e = tableau.variables[key], e.symbol == sym, e.refs == 0 else { continue }
            if isBasic(sym) {
                kept.append(sym)
            } else {
                setVariable(key, nil)
                dead.append(sym)
            }
        }
        tableau.orphans = kept
        if !dead.isEmpty {
            purgeColumns(dead)
            for s in dead { freeSymbol(s) }
        }
    }

    // MARK: - Adding

    /// Enters a constraint into the tableau. `constant` overrides the expression's constant (a
    /// rebuild re-enters each constraint with the constant this solver tracks for it).
    internal func addInternal(_ constraint: Constraint, isEdit: Bool, optimizeAfter: Bool = true,
                              constant: Double? = nil) throws {
        let key = ObjectIdentifier(constraint)
        let expression = constraint.expression
        let priority = constraint.strength
        let required = priority >= Strength.required
        let constant = constant ?? expression.constant
        noteInput(constant)

        // Build `0 = expr` with basic variables substituted by their rows, in the tableau's
        // scratch row (RowBuilder.swift). `scale` sums the magnitudes that make up the row's
        // constant, for judging its rounding.
        let t = tableau
        t.building.reset(constant: constant)
        var scale = constant.magnitude
        var terms = ConstraintTerms()
        for term in expression.terms {
            let key = ObjectIdentifier(term.variable)
            var sym: Int
            var slot: Int
            if let e = tableau.variables[key], let k = terms.position(of: e.symbol) {
                sym = e.symbol
                slot = k
            } else {
                sym = acquireVariable(term.variable)
                slot = terms.count
                terms.append(sym, 0)
            }
            if term.coefficient.magnitude < SolverLimits.minimumCoefficient { continue }
            terms.addCoefficient(slot, term.coefficient)
            if let basic = t.row(indexOf(sym)) {
                t.building.addScaled(basic, term.coefficient)
                scale += (term.coefficient * basic.constant).magnitude
            } else {
                t.building.add(sym, term.coefficient)
            }
        }

        registry.seqCounter += 1
        var tag = Tag(constraint: constraint, marker: -1, other: -1, markerCoeff: 0, otherCoeff: 0,
                      constant: constant, priority: required ? Strength.required : priority,
                      seq: registry.seqCounter, terms: terms, isEdit: isEdit)
        switch constraint.op {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let c: Double = constraint.op == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(SymbolKind.slack)
            tag.marker = slack
            tag.markerCoeff = c
            t.building.add(slack, c)
            if !required {
                let e = newSymbol(SymbolKind.error)
                tag.other = e
                tag.otherCoeff = -c
                t.building.add(e, -c)
            }
        case .equal:
            if required && registry.implicitMarkers {
                tag.implicit = true
            } else if required {
                let d = newSymbol(SymbolKind.dummy)
                tag.marker = d
                tag.markerCoeff = 1
                t.building.add(d, 1)
            } else {
                let ep = newSymbol(SymbolKind.error)
                let em = newSymbol(SymbolKind.error)
                tag.marker = ep
                tag.markerCoeff = -1
                tag.other = em
                tag.otherCoeff = 1
                t.building.add(ep, -1)
                t.building.add(em, 1)
            }
        }
        if !required {
            let (l, found) = levelIndex(priority)
            if !found { simplex.insertLevel(priority, at: l) }
            // The error symbols (the marker of an optional equality, then the other symbol) enter
            // the level's objective with weight 1.
            let objective = simplex.edit(l)
            objective.countConstraints(1)
            if tag.marker >= 0 && kindOf(tag.marker) == SymbolKind.error {
                objective.add(tag.marker, 1)
                touchObjective(tag.marker)
            }
            if tag.other >= 0 {
                objective.add(tag.other, 1)
                touchObjective(tag.other)
            }
        }
        if t.building.constant < 0 { t.building.scale(by: -1) }

        // Choose the subject: the external symbol with the largest coefficient magnitude (partial
        // pivoting: dividing by the largest coefficient keeps the multipliers of the new row at
        // most 1 in magnitude, so badly scaled rows such as `4.25·x + 10002.75·y + 1 = 0` do not
        // amplify rounding; ties by lowest id), else the marker or the other symbol when
        // restricted with a negative coefficient (so the new basic value is >= 0).
        // Coefficients within the absolute epsilon of 0 are never pivots (dividing by rounding
        // residue gave 1e11 multipliers in the solver fuzzer); they stay stored.
        var subject = -1
        var subjectMagnitude = absoluteEpsilon
        for n in 0..<t.building.count where kindOf(t.building.id(n)) == SymbolKind.external {
            let magnitude = t.building.coeff(n).magnitude
            if magnitude > subjectMagnitude {
                subject = t.building.id(n)
                subjectMagnitude = magnitude
            }
        }
        if subject < 0, tag.marker >= 0, isRestrictedPivotable(tag.marker),
           t.building.coefficient(of: tag.marker) < -absoluteEpsilon {
            subject = tag.marker
        }
        if subject < 0, tag.other >= 0, t.building.coefficient(of: tag.other) < -absoluteEpsilon {
            subject = tag.other
        }
        if subject < 0 {
            // Only dummies (and rounding residue within the epsilon): the constraint is implied
            // by the required equalities present (or contradicts them).
            var allDummies = true
            for n in 0..<t.building.count
            where kindOf(t.building.id(n)) != SymbolKind.dummy && !nearZero(t.building.coeff(n)) {
                allDummies = false
                break
            }
            if allDummies {
                // Redundant when the constant is rounding of the numbers that made it (7e7 − 7e7
                // can leave an ulp, 1.5e-8: an absolute 1e-8 test refused `y == 0.7` with
                // `y == 7x` and x suggested 1e7). The rounding is then dropped: the row relates
                // equalities, its constant is 0.
                if !isRoundingResidual(t.building.constant, scale: scale) { throw SolverError.unsatisfiableConstraint }
                t.building.constant = 0
                var n = 0
                while n < t.building.count {
                    let id = t.building.id(n)
                    if kindOf(id) != SymbolKind.dummy { t.building.remove(id) } else { n += 1 }
                }
                // Treating cells within the epsilon as 0 is a judgement: a 1e-9 coefficient on a
                // value of 1e11 is not residue (a required equality ended 166 off this way; found
                // by the solver fuzzer) — the verification of the operation catches that.
                if tag.implicit {
                    // A redundant equality keeps an explicit dummy, basic over the (explicit)
                    // dummies it depends on, exactly as without implicit markers.
                    let d = newSymbol(SymbolKind.dummy)
                    tag.marker = d
                    tag.markerCoeff = 1
                    tag.implicit = false
                    t.building.add(d, 1)
                }
                subject = tag.marker
            }
        }
        if subject < 0 { subject = feasibleRestrictedSubject() }
        storeConstraint(key, consume tag)  // (moved: the tag is not used after)
        if subject < 0 {
            stats.artificialAdds += 1
            try addWithArtificialVariable(t.building.makeRow(), scale: scale)
        } else {
            t.building.solve(for: subject)
            enterBuilt(subject)
        }
        if !registry.implicitMarkers && tableau.dummyCells > implicitMarkerThreshold { makeMarkersImplicit() }
        if optimizeAfter { try optimize() }
    }



    /// A subject for the row being built (``Tableau/building``, `0 = c + Σ aⱼ·sⱼ` with `c ≥ 0`, no
    /// user variable to solve for) among the restricted symbols of other constraints, found
    /// without the artificial phase: a slack or error symbol `s` with `a < 0` (beyond the epsilon)
    /// becomes basic at `c / −a ≥ 0`, and every row holding it moves by `b · c / −a` (its
    /// coefficient `b` there). If no restricted row becomes negative — computed exactly as the
    /// substitution will compute it, and no basic dummy's row (a redundant equality: 0) holds `s`
    /// beyond rounding while `c ≠ 0` — the tableau stays feasible, which is all the phase-one
    /// optimisation would establish (Badros, Borning & Stuckey, TOCHI 2001, §3.2: any feasible
    /// basis containing the new row will do; the primal simplex then optimises). The largest
    /// `|a|` is taken (partial pivoting), ties by lowest id; -1 when no symbol qualifies. This
    /// goes beyond kiwi, which only considers the new constraint's own markers (issue 19: the
    /// artificial phase was 8 % of building enaml's system).
    internal func feasibleRestrictedSubject() -> Int {
        let t = tableau
        let c = t.building.constant
        var best = -1
        var bestMagnitude = absoluteEpsilon
        for n in 0..<t.building.count {
            let id = t.building.id(n)
            let a = t.building.coeff(n)
            guard isRestrictedPivotable(id), a < -absoluteEpsilon, -a > bestMagnitude || (-a == bestMagnitude && id < best) else { continue }
            // The subject's value as `RowBuilder.solve(for:)` and the substitution compute it.
            let value = c * (-1 / a)
            var feasible = true
            t.collectColumn(id)
            for k in 0..<t.columnCount {
                let index = t.columnIndices[k]
                let kind = Int(t.kinds[index])
                let b = t.columnCoeffs[k]
                if kind == SymbolKind.dummy {
                    if value != 0 && !nearZero(b) { feasible = false; break }
                } else if kind == SymbolKind.slack || kind == SymbolKind.error {
                    if !(t.rowConst[index] + b * value >= 0) { feasible = false; break }
                }
            }
            if feasible {
                best = id
                bestMagnitude = -a
            }
        }
        return best
    }

    /// Phase one for a row that has no usable subject: the row gets an artificial basic symbol
    /// `a = row`, `a` is minimised; the constraint is satisfiable iff the minimum is 0 — up to
    /// the rounding of the numbers that made the row's constant (`scale`), see
    /// ``isRoundingResidual(_:scale:)``. (Not the solver's largest input: one 1e12 ever seen,
    /// even in a removed constraint, then let `x ≥ 0.9` and `x ≤ 0` both in — a reviewer.)
    internal func addWithArtificialVariable(_ row: Row, scale: Double) throws {
        let art = newSymbol(SymbolKind.slack)
        tableau.install(indexOf(art), row)
        simplex.artificial = row
        try optimizeArtificial()
        let success = isRoundingResidual(simplex.artificial!.constant, scale: scale)
        simplex.artificial = nil
        if !success {
            stats.unsatisfiableAdds += 1
            throw SolverError.unsatisfiableConstraint
        }
        let ai = indexOf(art)
        if tableau.hasRow(ai) {
            let r = tableau.view(ai)
            if !r.isEmpty {
                // The restricted symbol with the largest coefficient replaces the artificial one
                // (partial pivoting; the row's constant is ~0, so any choice stays feasible).
                var entering = -1
                var enteringMagnitude = absoluteEpsilon
                for cell in r where isRestrictedPivotable(cell.id) && cell.coeff.magnitude > enteringMagnitude {
                    entering = cell.id
                    enteringMagnitude = cell.coeff.magnitude
                }
                if entering >= 0 {
                    // The artificial symbol becomes parametric in `entering`'s row and goes with
                    // its column below.
                    pivot(leaving: art, entering: entering)
                } else {
                    stats.droppedArtificialRows += 1
                    tableau.removeRow(ai)
                }
                // Otherwise the row holds only dummies with a zero constant: it says nothing
                // beyond the required equalities already present, and is dropped.
            } else {
                tableau.removeRow(ai)
            }
        }
        purgeColumns([art])
        freeSymbol(art)
    }

    // MARK: - Removing

    /// Takes the constraint `tag` (stored under `key`) out of the tableau: its errors leave the
    /// objective, its marker leaves the basis (``markerLeavingRow(_:)``) and its row is dropped,
    /// its symbols are freed, then the primal simplex re-optimises. (An implicit-marker equality
    /// has no stored marker: it is removed by a rebuild, ``remove(_:edits:)``.)
    internal func removeInternal(_ key: ObjectIdentifier, _ tag: Tag) throws {
        var levelPos = -1
        if !tag.isRequired {
            let (l, found) = levelIndex(tag.priority)
            precondition(found, "missing priority level")
            levelPos = l
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
        }

        let marker = tag.marker
        if isBasic(marker) {
            tableau.removeRow(indexOf(marker))
        } else if let leaving = markerLeavingRow(marker) {
            // The marker enters through the leaving row, whose solved form replaces it everywhere
            // and is then dropped with the constraint.
            let li = indexOf(leaving)
            let (s, n, c) = tableau.solvedRow(li, leaving: leaving, entering: marker)
            tableau.removeRow(li)
            substitute(marker, s, n, c)
        }

        var gone = [marker]
        if tag.other >= 0 && !isBasic(tag.other) { gone.append(tag.other) }
        purgeColumns(gone)
        for s in gone { freeSymbol(s) }
        releaseVariables(tag.terms)
        if levelPos >= 0 && simplex.levels[levelPos].count == 0 {
            // The level's row is 0 up to rounding residue; a symbol whose first non-zero level
            // was this one (by residue) is judged on the next level from now on, so it may become
            // an entering candidate: touch them (a missed candidate was found by the solver fuzzer,
            // fuzz/regressions/solver/level-removal-hides-candidate).
            simplex.edit(levelPos).forEachCell { index, _ in simplex.touch(makeID(index, 0)) }
            simplex.levels.remove(at: levelPos)
        }
        deleteConstraint(key)
        try optimize()
        releaseOrphans()
    }

    /// The row through which a parametric marker leaves (paper §3.4 / kiwi): among restricted
    /// rows with a negative coefficient the smallest `-constant/coeff`, else among restricted rows
    /// the smallest `constant/coeff`, else the first unrestricted row; ties by lowest id.
    internal func markerLeavingRow(_ marker: Int) -> Int? {
        // Restricted rows by the sign of the marker's coefficient; rows whose coefficient is
        // within the epsilon ("tiny") are pivots only when they would otherwise end infeasible
        // (by more than the epsilon) or when nothing else holds the marker — they still bound the
        // step, as in `leavingRow` (a removal that ignored a 1e-8 cell left that error row at
        // −1000; found by the solver fuzzer).
        var negRatio = Double.infinity, negRow = -1          // rule 1: negative, smallest −c/a
        var posRatio = Double.infinity, posRow = -1          // rule 2: positive, smallest c/a
        var tinyNegBound = Double.infinity, tinyNegRow = -1  // (c + ε)/|a| of tiny negative rows
        var tinyPosBound = Double.infinity, tinyPosRow = -1
        var tinyNegRatio = Double.infinity, tinyNegRatioRow = -1
        var tinyPosRatio = Double.infinity, tinyPosRatioRow = -1
        var external = -1
        var externalCoeff = 0.0
        // Tiny restricted rows (constant, coefficient), to check an external pivot against.
        var tinyRows: [(Double, Double)] = []
        // A dummy marker held by the all-dummy row of a redundant required equality leaves through
        // that row: the dummy-for-dummy pivot changes no constant and hands the equality over to
        // the redundant constraint. (Leaving through an error row instead left a basic dummy over
        // error symbols: the remaining equality was no longer enforced — found by the solver
        // fuzzer, fuzz/known-issues "redundant-equality-removal".)
        var dummyRow = -1
        let markerIsDummy = kindOf(marker) == SymbolKind.dummy
        @inline(__always) func better(_ v: Double, _ id: Int, _ best: Double, _ bestID: Int) -> Bool {
            v < best || (v == best && id < bestID)
        }
        tableau.collectColumn(marker)
        for n in 0..<tableau.columnCount {
            let index = tableau.columnIndices[n]
            let c = tableau.columnCoeffs[n]
            let constant = tableau.rowConst[index]
            let id = idOfIndex(index)
            if markerIsDummy && kindOf(id) == SymbolKind.dummy {
                // (Not through rounding residue: a 1.3e-12 cell of the marker in another
                // redundancy's dummy row made 1e12 multipliers; found by the solver fuzzer.)
                if !nearZero(c) && (dummyRow < 0 || id < dummyRow) { dummyRow = id }
                continue
            }
            if kindOf(id) == SymbolKind.external {
                if !nearZero(c) && (external < 0 || id < external) { external = id; externalCoeff = c }
                continue
            }
            if kindOf(id) == SymbolKind.dummy { continue }
            if nearZero(c) {
                tinyRows.append((constant, c))
                let bound = (Swift.max(constant, 0) + tinyRowTolerance) / c.magnitude
                let ratio = constant / c.magnitude
                if c < 0 {
                    if better(bound, id, tinyNegBound, tinyNegRow) { tinyNegBound = bound; tinyNegRow = id }
                    if better(ratio, id, tinyNegRatio, tinyNegRatioRow) { tinyNegRatio = ratio; tinyNegRatioRow = id }
                } else {
                    if better(bound, id, tinyPosBound, tinyPosRow) { tinyPosBound = bound; tinyPosRow = id }
                    if better(ratio, id, tinyPosRatio, tinyPosRatioRow) { tinyPosRatio = ratio; tinyPosRatioRow = id }
                }
            } else if c < 0 {
                let ratio = -constant / c
                if better(ratio, id, negRatio, negRow) { negRatio = ratio; negRow = id }
            } else {
                let ratio = constant / c
                if better(ratio, id, posRatio, posRow) { posRatio = ratio; posRow = id }
            }
        }
        if dummyRow >= 0 { return dummyRow }
        if negRow >= 0 {
            stats.markerLeaving[0] += 1
            return tinyNegRow >= 0 && tinyNegBound < negRatio ? tinyNegRow : negRow
        }
        if posRow >= 0 {
            stats.markerLeaving[1] += 1
            return tinyPosRow >= 0 && tinyPosBound < posRatio ? tinyPosRow : posRow
        }
        // A user-variable row next (rule 3). Restricted rows whose coefficient is within the
        // epsilon are rounding residue here (a random test left 1e-13 cells of a removed slack in
        // five rows; pivoting on one multiplied everything by 1e13); the operation is verified
        // if the pivot is ill-conditioned.
        if external >= 0 {
            // Pivoting on the user-variable row sets the marker to −c/a there; a tiny restricted
            // row (constant cᵢ, coefficient aᵢ) becomes cᵢ − aᵢ·c/a. If that breaks one by more
            // than rounding, the paper's rules on the tiny rows apply instead (a removal that
            // ignored them left an error row at −0.09; found by the solver fuzzer).
            let step = tableau.rowConst[indexOf(external)] / externalCoeff
            var breaks = false
            for (ci, ai) in tinyRows where ci - ai * step < -tinyRowTolerance { breaks = true; break }
            if !breaks { stats.markerLeaving[2] += 1; return external }
        }
        // Only tiny restricted rows: the paper's rules on them, exactly.
        if tinyNegRatioRow >= 0 { stats.markerLeaving[0] += 1; return tinyNegRatioRow }
        if tinyPosRatioRow >= 0 { stats.markerLeaving[1] += 1; return tinyPosRatioRow }
        stats.markerLeaving[3] += 1
        return nil
    }

}
