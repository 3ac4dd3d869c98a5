// Verifying every operation against the original constraints (issue 8). Double precision keeps
// ~16 digits; dividing a row by a coefficient 1e-8 of its largest entry multiplies every rounding
// error by 1e8, and the solver fuzzer found systems within the limits (multipliers 1e4 and 1e-4,
// constants 1e7) where a few such pivots left a required constraint broken by 1e7. No pivot rule
// or trigger sees every such loss in advance (a trigger on small pivots missed 2–8 in 20,000
// random badly scaled systems), so the result of *every* operation is checked, a posteriori, like
// the residual check after a refactorisation in an LP code. What keeps that cheap is that it is
// incremental: an operation can only change the constraints whose variables' (or marker's) rows
// it wrote, and those rows are exactly its undo journal.

extension Solver {
    /// Verifies the operation just performed (end of every transaction and rebuild): throws
    /// ``SolverError/numericalInstability`` (and the transaction rolls back) if a required
    /// constraint no longer holds, a restricted row is infeasible beyond double-precision
    /// rounding, or — unless `acceptSoft` (a fresh rebuild) — its encoding in the tableau drifted
    /// (tolerances: ``Verification/recordViolation(_:magnitude:_:valueOnly:)``; the two kinds of
    /// finding: ``Verification/verify(full:size:incrementalOnly:acceptSoft:tableau:)``).
    /// An incremental operation that throws here is redone as a rebuild (Rebuild.swift).
    ///
    /// Incremental: checks the constraints whose variables' or marker's rows the operation wrote
    /// (its undo journal) and those it added or changed, against a magnitude `M` no larger than
    /// the current ``accuracyMagnitude()`` (a smaller `M` is stricter). Everything is checked —
    /// with a fresh `M` — when `full` is set, periodically (``fullVerificationFactor``), and when
    /// `M` may have fallen while a verdict relies on it (a variable whose `|coeff·value|` was at
    /// least half the last full check's `M` fell below that, or a required constraint carrying
    /// it was removed): the promise is relative to the current `M`, so an error that a large
    /// value excused must be checked again once the value is gone. A verdict that starts to rely
    /// on an `M` above the inputs' also takes a full check, which refreshes that reference `M`.
    internal func verifyOperation(full: Bool = false, acceptSoft: Bool = false) throws {
        stats.verifiedOperations += 1
        if let message = verification.verify(full: full,
                                             size: registry.constraints.count + tableau.variables.count,
                                             incrementalOnly: overrides.incrementalVerification == true,
                                             acceptSoft: acceptSoft, tableau: tableau) {
            stats.lastRefusal = message
            stats.instabilityRefusals += 1
            throw SolverError.numericalInstability
        }
    }

    /// The magnitude `M` of the accuracy promise now (see ``Verification/accuracyMagnitude(_:)``).
    internal func accuracyMagnitude() -> Double { verification.accuracyMagnitude(tableau) }

    /// The value of a user variable in the current tableau (its row constant, or 0 when
    /// parametric).
    internal func currentValue(_ v: Variable) -> Double {
        guard let e = tableau.variables[ObjectIdentifier(v)] else { return 0 }
        return tableau.rowConstant(indexOf(e.symbol))
    }
}

extension Verification {
    /// A full verification (every required constraint, every restricted row, a fresh
    /// ``accuracyMagnitude()``) runs when the operations since the last one times this factor
    /// reach the size of the system (constraints + variables): amortised, about `factor`
    /// constraint checks per operation (16 made the 100-view chain build 2.7 times slower than
    /// without verification, 2 about 1.3 times), and every operation on a system of fewer than 2
    /// constraints and variables.
    static let fullVerificationFactor = 2

    /// The cost of one value check of a shifted row's constraint, in dependent-list entries
    /// walked (callgrind: ~200 instructions against ~15), and of a full check per record (its
    /// cells substituted: ~1,000 instructions). A full check also runs early when the shifted
    /// rows' walks of pure shifts (no row rewritten, no constraint changed) since the last one
    /// cost twice a full check (``Verification/shiftWorkSinceFullCheck``): such walks happen
    /// while some residue is unknown, which only a full check measures (a
    /// 10,000-view chain's resizes walked 30,000 records per suggestion for the 25,000
    /// operations until the periodic check: 4.6 ms a resize). Running a full check earlier never
    /// checks less.
    static let shiftCheckWeight = 12
    static let fullCheckWeight = 2 * 70

    /// The magnitude `M` of the accuracy promise (docs/solver.md "Limits"): the largest of
    /// ``inputMagnitude``, every variable's value, and every `coeff·value` product of the
    /// required constraints — what the inputs and the answer justify, not the tableau's own
    /// intermediate values. Cost: one pass over the variables and the required constraints' terms.
    func accuracyMagnitude(_ tableau: Tableau) -> Double {
        var magnitude = inputMagnitude
        for entry in tableau.variables.allValues {
            magnitude = Swift.max(magnitude, tableau.rowConstant(indexOf(entry.symbol)).magnitude)
        }
        for slot in 0..<records.count where records[slot].live {
            magnitude = Swift.max(magnitude, productMagnitude(slot, tableau))
        }
        return magnitude
    }

    /// The verification of ``Solver/verifyOperation(full:)``: a description of what is broken, or
    /// nil. `size` is the system's size (constraints + variables), `incrementalOnly` the test
    /// setting that skips the periodic full check. The operation's journal is the tableau's.
    ///
    /// Two kinds of findings: *hard* ones break the accuracy promise (a required constraint off,
    /// a restricted row infeasible, a value not finite); *soft* ones are drift that has not
    /// broken it yet (an encoding coefficient or a slack off, a user variable in a restricted
    /// row: rounding the tableau accumulated, which a later pivot or shift could turn into a
    /// broken constraint). A soft finding is reported only when `acceptSoft` is false: an
    /// incremental operation is then redone on a fresh tableau (Rebuild.swift), whose own soft
    /// findings are accepted — a fresh solve is as good as double precision makes it, and any
    /// drift it holds is caught by the value checks when it surfaces.
    mutating func verify(full: Bool, size: Int, incrementalOnly: Bool, acceptSoft: Bool,
                         tableau: Tableau) -> String? {
        operationsSinceFullCheck += 1
        softViolation = nil
        var message: String? = nil
        var runFull = full || (!incrementalOnly
                               && operationsSinceFullCheck * Verification.fullVerificationFactor >= size)
        let neededBefore = magnitudeNeeded
        if !runFull {
            switch incrementalViolation(tableau) {
            case .holds:
                // A verdict now relies on an `M` above the inputs' more than before: take a full
                // check, so that the reference `M` for detecting its fall is the current one.
                if magnitudeNeeded > inputMagnitude && magnitudeNeeded > neededBefore { runFull = true }
                // The shifted rows' walks since the last full check cost more than one: run it.
                if !incrementalOnly
                    && shiftWorkSinceFullCheck >= Verification.fullCheckWeight * records.count + 1024 {
                    runFull = true
                }
            case .violated(let m): message = m
            case .magnitudeFell: runFull = true
            }
        }
        let residueBefore = residueHighWater
        if runFull && message == nil {
            magnitudeNeeded = 0   // recomputed over every constraint
            residueHighWater = 0  // likewise
            forgetResiduesOfWrittenRows(tableau)
            // (Computed once: the check changes nothing it depends on.)
            let magnitude = accuracyMagnitude(tableau)
            message = requiredViolation(tableau, magnitude: magnitude)
            if message == nil {
                operationsSinceFullCheck = 0
                shiftWorkSinceFullCheck = 0
                verifiedMagnitude = magnitude
                fullCheckShift = totalShift
                fullCheckRounding = totalRounding
            }
        }
        removedMagnitude = 0
        if message == nil && !acceptSoft { message = softViolation }
        if message != nil {
            magnitudeNeeded = neededBefore   // the operation is rolled back: so are its verdicts
            residueHighWater = Swift.max(residueBefore, residueHighWater)
        }
        return message
    }

    enum IncrementalVerdict { case holds, violated(String), magnitudeFell }

    /// The mutable state of ``incrementalViolation(_:)``'s walk over the written rows and their
    /// dependents (passed `inout`, so the walk's local function captures no mutable variable).
    struct DependentsWalk {
        var magnitude: Double
        var nonFinite: Int
        var shiftWork: Int
        var highWater: Double
        var list: [Int]
        var restricted: [Int]
    }

    /// The incremental check of ``verifyOperation(full:)``. Its `M` is what the checked
    /// constraints' own terms, the written variables and the inputs give (a lower bound of
    /// ``accuracyMagnitude()``).
    mutating func incrementalViolation(_ tableau: Tableau) -> IncrementalVerdict {
        // Whether some verdict relies on an `M` above the inputs' (which never falls): only then
        // can a fall of `M` turn an accepted result into a broken promise.
        let reliesOnM = magnitudeNeeded > inputMagnitude
        if reliesOnM && removedMagnitude >= 0.5 * verifiedMagnitude { return .magnitudeFell }
        verifyStamp &+= 1
        let stamp = verifyStamp
        if verifyIndexStamps.count < tableau.capacity {
            verifyIndexStamps.append(contentsOf: repeatElement(0, count: tableau.capacity - verifyIndexStamps.count))
        }
        if valueStamps.count < records.count {
            // Geometric growth (records are added one at a time).
            let grown = Swift.max(records.count, 2 * valueStamps.count)
            valueStamps.append(contentsOf: repeatElement(0, count: grown - valueStamps.count))
        }
        valueList.clearKeepingCapacity()
        touchedRestricted.clearKeepingCapacity()
        var magnitude = inputMagnitude
        var fell = false
        var nonFinite = -1
        // What a parameter shift can do to the residual of a constraint whose rows it shifted:
        // residue × shift (exact arithmetic on the stored coefficients) plus the rounding of each
        // shifted row constant, ≤ 2.5e-16 × (|old| + |new|), weighted by the constraint's
        // coefficients (`coeffSum`; the seed-972 sequence of a reviewer's fuzzer shifted rows of
        // 1e19, where rounding alone is ~1e3). If no constraint can have moved by a tenth of the
        // smallest tolerance it can have (1e-8 × (|constant| + 1)), summed over the shifts since
        // the last full check, the shifted rows' constraints are not even looked at (layouts:
        // exact encodings, residue 0, values ~1e3).
        // Only rows that some record reads count: a shifted row's rounding stays in that row's
        // constant, so it can reach a residual only through a record registered on it (the
        // dependent lists the walk below follows). An optional constraint's slack far from its
        // bound (enaml's `width <= 16777200`: a slack of 1.7e7) has no dependent, and counting
        // its rounding made the global test fail on every suggestion of a system whose every
        // residue is 0 — the walk then ran only to find that no record needed a look.
        // One pass over the shifted rows gives that largest rounding and, for when no record
        // needs a look, everything else the walk would take from them (``scanShiftedRows``).
        let scannedMagnitude = magnitude
        let largestShifted = scanShiftedRows(tableau, magnitude: &magnitude, nonFinite: &nonFinite)
        let rounding = 2.5e-16 * largestShifted
        // Running totals (never lowered): a constraint's share is the part since its own last
        // check, the global test uses the part since the last full check.
        totalShift += shiftedParameter
        totalRounding += rounding
        // A tenth of the smallest tolerance any constraint can have: `1e-8 × (|constant| + 1)`
        // and `1e-13 × M`, since every tolerance holds `1e-12 × M × max(1, max|coeff|)` and `M` is
        // at least ``inputMagnitude``, which never falls (``skipShare``). Without the `M` part, a
        // resize's rounding bound grew with the values while the threshold did not, so a chain of
        // 10,000 views (widths ~4e5) walked every record after 16 resizes and one of 1,000 after
        // 160: the walks made a resize's cost grow faster than the chain (issue 19).
        let floorShare = skipShare
        let skipShifted = tableau.undoConstants.isEmpty
            || residueHighWater * (totalShift - fullCheckShift)
               + coeffSumHighWater * (totalRounding - fullCheckRounding) <= 1e-8 + floorShare
        // A value that may have carried `M` fell below half the last full check's `M` (a
        // crossing, so a gradual fall is caught too): verdicts need the new `M`. Every row
        // counts, not only user variables' — a released variable's index is no longer marked as
        // one, and a needless full check is only slower. (Only while a verdict relies on `M`.)
        if reliesOnM {
            func fellAt(_ index: Int, _ old: Double) -> Bool {
                if index >= tableau.capacity { return false }
                let now = tableau.rowConstant(index)
                guard old.magnitude > now.magnitude
                        && old.magnitude * SolverLimits.maximumCoefficient >= 0.5 * verifiedMagnitude else { return false }
                let k = largestCoefficient(ofVariableAt: index, tableau)
                return old.magnitude * k >= 0.5 * verifiedMagnitude && now.magnitude * k < 0.5 * verifiedMagnitude
            }
            for n in 0..<tableau.undoRows.count where !fell {
                let (index, h) = tableau.undoRows[n]
                fell = fellAt(index, h.count < 0 ? 0 : h.constant)
            }
            for n in 0..<tableau.undoConstants.count where !fell {
                fell = fellAt(tableau.undoConstants[n].0, tableau.undoConstants[n].1)
            }
        }
        var shiftWork = 0
        if !(tableau.undoRows.isEmpty && skipShifted) {
            // Rows were rewritten or some record may need a look: the walk below visits the
            // rewritten rows, and the shifted ones too unless `skipShifted` — then the scan's
            // findings on them stand; else the walk's replace them (not counted twice).
            if !skipShifted {
                magnitude = scannedMagnitude
                nonFinite = -1
                touchedRestricted.clearKeepingCapacity()
            }
            // The walk over the written rows and the records that read them works on the arrays moved
            // into locals and through buffer pointers (no uniqueness or bounds checks per access: the
            // walk is most of a suggestion's verification), and puts them back afterwards.
            var indexStamps: [Int] = []
            var recordStamps: [Int] = []
            var recs: [CheckRecord] = []
            swap(&indexStamps, &verifyIndexStamps)
            swap(&recordStamps, &valueStamps)
            swap(&recs, &records)
            // The walk's mutable state is one struct passed `inout` to `visit`: a local function
            // that captured mutable locals paid a run-time exclusivity check per access (~726 per
            // enaml build, ~60,000 instructions; issue 19).
            var w = DependentsWalk(magnitude: magnitude, nonFinite: nonFinite, shiftWork: 0,
                                   highWater: residueHighWater, list: [], restricted: [])
            swap(&w.list, &valueList)
            swap(&w.restricted, &touchedRestricted)
            let shiftNow = totalShift, roundingNow = totalRounding
            dependentHead.withUnsafeBufferPointer { head in
            dependents.withUnsafeBufferPointer { entries in
            recs.withUnsafeMutableBufferPointer { r in
            indexStamps.withUnsafeMutableBufferPointer { visited in
            recordStamps.withUnsafeMutableBufferPointer { queued in
                func visit(_ index: Int, _ old: Double, rewritten: Bool, _ w: inout DependentsWalk) {
                    if index >= tableau.capacity { return }
                    let now = tableau.rowConstant(index)
                    if tableau.kinds[index] == UInt8(SymbolKind.external) { w.magnitude = Swift.max(w.magnitude, now.magnitude) }
                    if visited[index] == stamp { return }
                    visited[index] = stamp
                    // Overflow (a chain of 1e6 multipliers from a 1e12 constant reaches inf, then
                    // NaN): no tolerance can judge such a row, so it is refused outright.
                    if !now.isFinite { w.nonFinite = index }
                    let basic = tableau.hasRow(index)
                    if basic && rewritten {
                        let v = tableau.view(index)
                        for n in 0..<v.count where !v.coeffs[n].isFinite { w.nonFinite = index }
                    }
                    // A value that did not change cannot have broken anything (bitwise: NaN counts as
                    // a change).
                    let changed = !(old == now)
                    if basic && isRestrictedPivotable(tableau.idOfIndex(index)) && changed && !(now >= -absoluteEpsilon) {
                        w.restricted.append(index)
                    }
                    guard index < head.count, rewritten || !skipShifted else { return }
                    var e = head[index]
                    while e >= 0 {
                        let slot = entries[e].slot
                        // A live record of the constraint that registered the entry
                        // (``entryValid(_:)``).
                        if r[slot].live && r[slot].generation == entries[e].generation {
                            if rewritten {
                                // Its coefficients changed: the encoding's residue is unknown until
                                // the next full check (no shift may be skipped on it); its value is
                                // checked if it moved.
                                r[slot].residue = .infinity
                                w.highWater = .infinity
                                if changed && queued[slot] != stamp {
                                    queued[slot] = stamp
                                    w.list.append(slot)
                                }
                            } else if queued[slot] != stamp {
                                w.shiftWork &+= 1
                                // Shifted only: the residual moved by at most residue × shift (exact
                                // arithmetic on the stored coefficients; the additions' rounding is
                                // ~1e-16 of the values). Within a tenth of the smallest tolerance the
                                // constraint can have (1e-7 × (|constant| + 1)), summed over the
                                // shifts since its last check, it needs no check.
                                let bound = r[slot].residue * (shiftNow - r[slot].baseShift)
                                    + r[slot].coeffSum * (roundingNow - r[slot].baseRounding)
                                if !(bound <= 1e-8 * (r[slot].constant.magnitude + 1) + floorShare) {
                                    queued[slot] = stamp
                                    w.list.append(slot)
                                    w.shiftWork &+= Verification.shiftCheckWeight
                                }
                            }
                        }
                        e = entries[e].next
                    }
                }
                for n in 0..<tableau.undoRows.count {
                    let (index, h) = tableau.undoRows[n]
                    visit(index, h.count < 0 ? 0 : h.constant, rewritten: true, &w)
                }
                if !skipShifted {
                    for n in 0..<tableau.undoConstants.count {
                        visit(tableau.undoConstants[n].0, tableau.undoConstants[n].1, rewritten: false, &w)
                    }
                }
            }
            }
            }
            }
            }
            swap(&indexStamps, &verifyIndexStamps)
            swap(&recordStamps, &valueStamps)
            swap(&recs, &records)
            swap(&w.list, &valueList)
            swap(&w.restricted, &touchedRestricted)
            magnitude = w.magnitude
            nonFinite = w.nonFinite
            shiftWork = w.shiftWork
            residueHighWater = w.highWater
        }
        // Counted only for pure shifts (no row rewritten, no constraint changed): after a full
        // check such an operation finds every residue known and skips; one that rewrites rows
        // or changes a constraint makes a residue unknown again itself.
        if tableau.undoRows.isEmpty && changedRecords.isEmpty { shiftWorkSinceFullCheck &+= shiftWork }
        if nonFinite >= 0 { return .violated("row \(tableau.symbolName(tableau.idOfIndex(nonFinite))) is not finite") }
        if fell { return .magnitudeFell }
        for slot in changedRecords where records[slot].live {
            // Added or changed: its value is checked now, its encoding at the next full check.
            records[slot].residue = .infinity
            residueHighWater = .infinity
            if valueStamps[slot] != stamp {
                valueStamps[slot] = stamp
                valueList.append(slot)
            }
        }
        for slot in valueList { magnitude = Swift.max(magnitude, productMagnitude(slot, tableau)) }
        let feasibility = absoluteEpsilon + 1e-11 * magnitude
        for index in touchedRestricted {
            if let violation = restrictedRowViolation(index, feasibility: feasibility, tableau, soft: false) {
                return .violated(violation)
            }
        }
        for slot in valueList {
            if let violation = recordViolation(slot, magnitude: magnitude, tableau, valueOnly: true) {
                return .violated(violation)
            }
        }
        return .holds
    }

    /// The part of a tenth of every constraint's smallest possible tolerance that comes from the
    /// magnitude `M`: `1e-13 × inputMagnitude`. A check's tolerance holds `1e-12 × M × max(1,
    /// max|coeff|)` (``residualViolation(value:scale:largest:slack:magnitude:)``), every `M` a
    /// check uses is at least ``inputMagnitude``, and that never falls while the constraints
    /// live (only ``clear()`` lowers it, with the records): so a drift below this share, plus
    /// `1e-8 × (|constant| + 1)`, stays within a tenth of the tolerance of every later check.
    var skipShare: Double { 1e-13 * inputMagnitude }

    /// One pass over the rows whose constants were shifted (the journal's `undoConstants`):
    /// returns the largest `|old| + |new|` among the rows some record reads (the bound of their
    /// rounding, see ``incrementalViolation(_:)``), and does to each row what the dependents walk
    /// does before it reaches the dependents — the largest user-variable value into
    /// `magnitude`, a non-finite row into `nonFinite`, an infeasible restricted row into
    /// ``touchedRestricted`` — so that an operation whose records need no look (a suggestion or a
    /// resize shifts a whole column) is verified by this loop alone. Buffer pointers, no
    /// closures over captured locals (each such access cost a run-time exclusivity check).
    mutating func scanShiftedRows(_ tableau: Tableau, magnitude: inout Double, nonFinite: inout Int) -> Double {
        let capacity = tableau.capacity
        let kinds = tableau.kinds, rowCount = tableau.rowCount, rowConst = tableau.rowConst
        var largest = magnitude
        var overflow = nonFinite
        var largestRead = 0.0
        let heads = dependentHead.count
        let shifted = tableau.undoConstants.buffer
        dependentHead.withUnsafeBufferPointer { head in
            for n in 0..<shifted.count {
                let (index, old) = shifted[n]
                if index >= capacity { continue }
                let basic = rowCount[index] >= 0
                let now = basic ? rowConst[index] : 0
                if index < heads && head[index] >= 0 {
                    largestRead = Swift.max(largestRead, old.magnitude + now.magnitude)
                }
                let kind = Int(kinds[index])
                if kind == SymbolKind.external { largest = Swift.max(largest, now.magnitude) }
                if !now.isFinite { overflow = index }
                if basic && (kind == SymbolKind.slack || kind == SymbolKind.error)
                    && !(old == now) && !(now >= -absoluteEpsilon) {
                    touchedRestricted.append(index)
                }
            }
        }
        magnitude = largest
        nonFinite = overflow
        return largestRead
    }

    /// Whether the restricted (slack or error) row at `index` is infeasible beyond `feasibility`
    /// (a description, or nil). A user variable it holds beyond rounding residue is a soft
    /// finding (``softViolation``) — in exact arithmetic a user variable is basic while any
    /// constraint holds it, so it means rounding made the basis near-singular (the solver fuzzer
    /// found such rows after removals with coefficients 1e4 and constants 1e7).
    mutating func restrictedRowViolation(_ index: Int, feasibility: Double, _ tableau: Tableau, soft: Bool = true) -> String? {
        let r = tableau.view(index)
        if !(r.constant >= -feasibility) { return "row \(tableau.symbolName(tableau.idOfIndex(index))) infeasible: \(r.constant)" }
        if r.constant < -absoluteEpsilon {
            magnitudeNeeded = Swift.max(magnitudeNeeded, (-r.constant - absoluteEpsilon) / 1e-11)
        }
        if soft && softViolation == nil {
            var largest = 1.0
            for cell in r where cell.coeff.magnitude > largest { largest = cell.coeff.magnitude }
            for cell in r where kindOf(cell.id) == SymbolKind.external && !tableau.isGhost(cell.id)
                && !nearZero(cell.coeff) && cell.coeff.magnitude > relativeEpsilon * largest {
                softViolation = "restricted row \(tableau.symbolName(tableau.idOfIndex(index))) holds the variable \(tableau.symbolName(cell.id))"
                break
            }
        }
        return nil
    }

    /// A description of the first required constraint violated, or restricted row infeasible,
    /// beyond rounding, over the whole system (see ``recordViolation(_:magnitude:)``), or nil.
    /// Cost: one pass over the rows and one over the required constraints' variables' rows.
    /// `magnitude` is the current ``accuracyMagnitude(_:)``.
    mutating func requiredViolation(_ tableau: Tableau, magnitude: Double) -> String? {
        // Restricted rows: against the input/answer magnitude (the tableau's own magnitude is
        // what blows up in the cases this must catch).
        let feasibility = absoluteEpsilon + 1e-11 * magnitude
        if !magnitude.isFinite { return "values overflow" }
        for index in 0..<tableau.nextIndex {
            guard let r = tableau.row(index) else { continue }
            if !r.constant.isFinite { return "row \(tableau.symbolName(tableau.idOfIndex(index))) is not finite" }
            for cell in r where !cell.coeff.isFinite {
                return "row \(tableau.symbolName(tableau.idOfIndex(index))) is not finite"
            }
            if isRestrictedPivotable(tableau.idOfIndex(index)),
               let violation = restrictedRowViolation(index, feasibility: feasibility, tableau) { return violation }
        }
        for slot in 0..<records.count where records[slot].live {
            // A finite residue means that no row the record reads was rewritten since its cells
            // were last substituted, and that substitution found no drift (see
            // ``recordViolation(_:magnitude:_:valueOnly:)``): the same cells would give the same
            // verdict, so only its value is checked again (the values move with every shift).
            let known = records[slot].residue
            if known.isFinite {
                if let violation = recordValueViolation(slot, magnitude: magnitude, tableau) { return violation }
                if known > residueHighWater { residueHighWater = known }
            } else if let violation = recordViolation(slot, magnitude: magnitude, tableau) {
                return violation
            }
        }
        return nil
    }

    /// Before a full check: the records whose rows this operation rewrote, and those it added or
    /// changed, get an unknown residue (the incremental walk, which a full check replaces, would
    /// have done so), so that ``requiredViolation(_:magnitude:)`` substitutes their cells again.
    mutating func forgetResiduesOfWrittenRows(_ tableau: Tableau) {
        for n in 0..<tableau.undoRows.count {
            let index = tableau.undoRows[n].0
            guard index < dependentHead.count else { continue }
            var e = dependentHead[index]
            while e >= 0 {
                let entry = dependents[e]
                if records[entry.slot].live && records[entry.slot].generation == entry.generation { records[entry.slot].residue = .infinity }
                e = entry.next
            }
        }
        for slot in changedRecords where slot < records.count { records[slot].residue = .infinity }
    }

    /// Whether the tableau still encodes the required constraint `tag` (a description of the
    /// violation, or nil). Substituting the rows of its variables and marker into
    /// `expr + μ·marker` must give 0 in every coefficient but the dummy columns (bookkeeping of
    /// other equalities) — a coefficient error left by an ill-conditioned pivot stays invisible
    /// while the parameters are 0 and surfaces when a later pivot moves along it (the solver
    /// fuzzer saw a slack end 1250 off that way) — each cell within 1e-7 of the sum of the
    /// magnitudes that produced it; the constraint must hold for the current values within
    /// `1e-7 × (|constant| + 1 + Σ|coeff·value| + max|coeff|) + 1e-12 × M × max(1, max|coeff|)`
    /// — ten times stricter than the promise of docs/solver.md "Limits", which the solver fuzzer
    /// checks, so an accepted result is always within the promise — and a required inequality's
    /// slack must equal its expression (a random-system test found a slack 35 off, which broke
    /// the constraint when it became tight). Cost: the cells of the rows involved; no allocation.
    mutating func recordViolation(_ slot: Int, magnitude: Double, _ tableau: Tableau, valueOnly: Bool = false) -> String? {
        checkedConstraints += 1
        if valueOnly { return recordValueViolation(slot, magnitude: magnitude, tableau) }
        let tag = records[slot]
        verifyStamp &+= 1
        let stamp = verifyStamp
        if verifyAcc.count < tableau.capacity {
            let grow = tableau.capacity - verifyAcc.count
            verifyAcc.append(contentsOf: repeatElement(0, count: grow))
            verifyMag.append(contentsOf: repeatElement(0, count: grow))
            verifyCellStamps.append(contentsOf: repeatElement(0, count: grow))
        }
        verifyCells.clearKeepingCapacity()
        var value = tag.constant          // the constraint's residual at the current values
        var scale = tag.constant.magnitude + 1
        var largest = 0.0
        var largestCell = 0.0             // the largest |k·coeff| accumulated
        var slack = 0.0
        // Σ k·row(v) + μ·row(marker) accumulated cell by cell into the dense scratch arrays
        // (through buffer pointers: no copies, no reference counting of rows in the loop).
        verifyAcc.withUnsafeMutableBufferPointer { acc in
        verifyMag.withUnsafeMutableBufferPointer { mag in
        verifyCellStamps.withUnsafeMutableBufferPointer { stamps in
            @inline(__always) func accumulate(_ index: Int, _ x: Double) {
                let m = x.magnitude
                if m > largestCell { largestCell = m }
                if stamps[index] != stamp {
                    stamps[index] = stamp
                    acc[index] = x
                    mag[index] = m
                    verifyCells.append(index)
                } else {
                    acc[index] += x
                    mag[index] += m
                }
            }
            @inline(__always) func substitute(_ sym: Int, _ k: Double) -> Double {
                let index = indexOf(sym)
                guard let r = tableau.row(index) else {
                    accumulate(index, k)
                    return 0
                }
                for n in 0..<r.count { accumulate(indexOf(r.ids[n]), k * r.coeffs[n]) }
                return r.constant
            }
            for n in 0..<tag.terms.count {
                let k = tag.terms.coefficient(n)
                if k == 0 { continue }
                let x = k * substitute(tag.terms.symbol(n), k)
                value += x
                scale += x.magnitude
                largest = Swift.max(largest, k.magnitude)
            }
            if tag.marker >= 0 { slack = substitute(tag.marker, tag.markerCoeff) }
        }
        }
        }
        // Rows keep rounding residue of earlier cancellations (a cell ~1e-16 of what cancelled,
        // e.g. 4.6e-12 in a row of coefficients ~1e4 in a well-conditioned random test): the
        // floor is relative to the largest coefficient involved.
        let floor = 1e-12 + 1e-10 * largestCell
        var residue = 0.0
        for index in verifyCells { residue = Swift.max(residue, verifyAcc[index].magnitude) }
        if softViolation == nil {
            for index in verifyCells where Int(tableau.kinds[index]) != SymbolKind.dummy {
                let cell = verifyAcc[index]
                if !(cell.magnitude <= 1e-7 * verifyMag[index] + floor) {
                    softViolation = "required constraint #\(tag.seq): coefficient of \(tableau.symbolName(tableau.idOfIndex(index))) off by \(cell) (of \(verifyMag[index]))"
                    break
                }
            }
        }
        if let violation = residualViolation(value: value, scale: scale, largest: largest,
                                             slack: tag.marker >= 0 && kindOf(tag.marker) == SymbolKind.slack ? slack : nil,
                                             markerCoeff: tag.markerCoeff, op: tag.op, seq: tag.seq,
                                             magnitude: magnitude) {
            return violation
        }
        // The residue is kept only when these cells were judged for drift and passed (a drift
        // found here or by an earlier record leaves it unknown): a full check substitutes the
        // cells of a record with a known residue no more (``requiredViolation(_:magnitude:)``).
        let judged = softViolation == nil
        records[slot].residue = judged ? residue : .infinity
        records[slot].baseShift = totalShift
        records[slot].baseRounding = totalRounding
        let stored = records[slot].residue
        if stored > residueHighWater || residueHighWater.isNaN { residueHighWater = stored }
        return nil
    }

    /// The value half of ``recordViolation(_:magnitude:valueOnly:)``, for constraints whose rows
    /// only had their constants shifted: the residual and the slack from the current values
    /// (row constants), with the same tolerances; no cell scan (the coefficients did not change).
    /// `M` is the larger of `magnitude` and the constraint's own `|coeff·value|` and values.
    mutating func recordValueViolation(_ slot: Int, magnitude: Double, _ tableau: Tableau) -> String? {
        var value = 0.0, scale = 0.0, largest = 0.0, own = 0.0, slack = 0.0
        var marker = -1, markerCoeff = 0.0, seq = 0
        var op = RelationalOperator.equal
        records.withUnsafeBufferPointer { recs in
            let tag = UnsafePointer(recs.baseAddress.unsafelyUnwrapped + slot)
            value = tag.pointee.constant
            scale = tag.pointee.constant.magnitude + 1
            let terms = tag.pointee.terms
            for n in 0..<terms.count {
                let k = terms.coefficient(n)
                if k == 0 { continue }
                let v = tableau.rowConstant(indexOf(terms.symbol(n)))
                let x = k * v
                value += x
                scale += x.magnitude
                own = Swift.max(own, v.magnitude, x.magnitude)
                largest = Swift.max(largest, k.magnitude)
            }
            marker = tag.pointee.marker
            markerCoeff = tag.pointee.markerCoeff
            seq = tag.pointee.seq
            op = tag.pointee.op
        }
        if marker >= 0 && kindOf(marker) == SymbolKind.slack { slack = tableau.rowConstant(indexOf(marker)) }
        if let violation = residualViolation(value: value, scale: scale, largest: largest,
                                             slack: marker >= 0 && kindOf(marker) == SymbolKind.slack ? slack : nil,
                                             markerCoeff: markerCoeff, op: op, seq: seq,
                                             magnitude: Swift.max(magnitude, own)) {
            return violation
        }
        records[slot].baseShift = totalShift   // its values are verified again
        records[slot].baseRounding = totalRounding
        return nil
    }

    /// The residual and slack half of both checks: `value` is the constraint's residual at the
    /// current values, `scale` = |constant| + 1 + Σ|coeff·value|, `largest` = max|coeff|, `slack`
    /// the value of a required inequality's slack (nil otherwise). Tolerance
    /// `1e-7 × (scale + largest) + 1e-12 × M × max(1, largest)`; the slack must equal the
    /// expression within it plus `1e-7 × |slack|`. NaN-safe (an overflowed residual never passes).
    /// Raises ``magnitudeNeeded`` to the smallest `M` with which the verdict passes.
    mutating func residualViolation(value: Double, scale: Double, largest: Double, slack: Double?,
                                    markerCoeff: Double, op: RelationalOperator, seq: Int,
                                    magnitude: Double) -> String? {
        let relative = 1e-7 * (scale + largest)
        let perM = 1e-12 * Swift.max(1, largest)
        let tol = relative + perM * magnitude
        func need(_ e: Double, _ base: Double) {
            if e > base { magnitudeNeeded = Swift.max(magnitudeNeeded, (e - base) / perM) }
        }
        if let slack, softViolation == nil {
            // Soft: the slack's own value drifted from its expression's (it would show when the
            // slack leaves the basis; a random-system test found one 35 off).
            let drift = value + markerCoeff * slack
            if !(drift.magnitude <= tol + 1e-7 * slack.magnitude) {
                softViolation = "required constraint #\(seq): slack off by \(drift)"
            }
        }
        let off: Double
        switch op {
        case .equal: off = value.magnitude
        case .lessThanOrEqual: off = value
        case .greaterThanOrEqual: off = -value
        }
        if !(off <= tol) || !scale.isFinite { return "required constraint #\(seq) off by \(value) (tolerance \(tol), scale \(scale), M \(magnitude))" }
        need(off, relative)
        return nil
    }
}
