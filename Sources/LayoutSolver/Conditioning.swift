// Verifying every operation against the original constraints (issue 8). Double precision keeps
// ~16 digits; dividing a row by a coefficient 1e-8 of its largest entry multiplies every rounding
// error by 1e8, and the solver fuzzer found systems within the limits (multipliers 1e4 and 1e-4,
// constants 1e7) where a few such pivots left a required constraint broken by 1e7. No pivot rule
// or trigger sees every such loss in advance (a trigger on small pivots missed 2–8 in 20,000
// random badly scaled systems), so the result of *every* operation is checked, a posteriori, like
// the residual check after a refactorisation in an LP code. What keeps that cheap is that it is
// incremental: an operation can only change the constraints whose variables' (or marker's) rows
// it wrote, and those rows are exactly its undo journal.

/// What the verification needs of one required, non-edit constraint, kept in a dense table
/// (``Solver/records``) so that a check does no hashing and no reference counting of tags. Derived
/// from the ``Tag``: rewritten whenever the tag is, rebuilt after a rollback.
internal struct CheckRecord {
    /// The constraint's external symbols and their (summed) coefficients (``Tag/coefficients``).
    var variables: [Int]
    var coefficients: [Double]
    /// The marker (slack or dummy; -1 for an implicit one) and its coefficient in `expr + μ·m`.
    var marker: Int
    var markerCoeff: Double
    /// The expression constant the tableau encodes.
    var constant: Double
    var op: RelationalOperator
    var seq: Int
    /// False once the constraint is removed (the slot is then free for reuse).
    var live: Bool

    init(_ tag: Tag) {
        variables = tag.variables
        coefficients = tag.coefficients
        marker = tag.marker
        markerCoeff = tag.markerCoeff
        constant = tag.constant
        op = tag.constraint.op
        seq = tag.seq
        live = true
    }
}

extension Solver {
    /// A full verification (every required constraint, every restricted row, a fresh
    /// ``accuracyMagnitude()``) runs when the operations since the last one times this factor
    /// reach the size of the system (constraints + variables): amortised, about `factor`
    /// constraint checks per operation (16 made the 100-view chain build 2.7 times slower than
    /// without verification, 2 about 1.3 times), and every operation on a system of fewer than 2
    /// constraints and variables.
    internal static let fullVerificationFactor = 2

    /// Records a constant or suggested value given to the solver (see ``inputMagnitude``).
    @inline(__always)
    internal func noteInput(_ value: Double) {
        if value.magnitude > inputMagnitude { inputMagnitude = value.magnitude }
    }

    /// The magnitude `M` of the accuracy promise (docs/solver.md "Limits"): the largest of
    /// ``inputMagnitude``, every variable's value, and every `coeff·value` product of the
    /// required constraints — what the inputs and the answer justify, not the tableau's own
    /// intermediate values. Cost: one pass over the variables and the required constraints' terms.
    internal func accuracyMagnitude() -> Double {
        var magnitude = inputMagnitude
        for (_, entry) in variables {
            magnitude = Swift.max(magnitude, (rows[indexOf(entry.symbol)]?.constant ?? 0).magnitude)
        }
        for slot in 0..<records.count where records[slot].live {
            magnitude = Swift.max(magnitude, productMagnitude(slot))
        }
        return magnitude
    }

    /// The largest `|coeff · value|` of the terms of the constraint in record `slot`, and of its
    /// variables' values.
    @inline(__always)
    internal func productMagnitude(_ slot: Int) -> Double {
        var m = 0.0
        let n = records[slot].variables.count
        for k in 0..<n {
            let value = (rows[indexOf(records[slot].variables[k])]?.constant ?? 0).magnitude
            m = Swift.max(m, value, (records[slot].coefficients[k] * value).magnitude)
        }
        return m
    }

    /// The value of a user variable in the current tableau (its row constant, or 0 when
    /// parametric).
    internal func currentValue(_ v: Variable) -> Double {
        guard let e = variables[ObjectIdentifier(v)] else { return 0 }
        return rows[indexOf(e.symbol)]?.constant ?? 0
    }

    // MARK: - Which constraints an operation can have changed

    /// Gives the required, non-edit `tag` (about to be stored under `key`) its record, or updates
    /// it, and records which symbol indices its verification reads (its variables' and marker's;
    /// see ``dependentHead``). Called by ``setConstraint(_:_:)``; returns the tag with its record
    /// slot set.
    internal func updateRecord(_ tag: Tag) -> Tag {
        var t = tag
        if t.record < 0 {
            if let f = freeRecords.popLast() {
                t.record = f
                records[f] = CheckRecord(t)
            } else {
                t.record = records.count
                records.append(CheckRecord(t))
            }
            registerDependents(t)
        } else {
            let markerChanged = records[t.record].marker != t.marker
            records[t.record] = CheckRecord(t)
            if markerChanged {
                // The variables never change; only the marker's entry is new.
                staleDependents += 1
                if t.marker >= 0 { addDependent(indexOf(t.marker), t.record) }
            }
        }
        changedRecords.append(t.record)
        return t
    }

    /// Frees the record of a removed constraint (its ``dependentHead`` entries go stale).
    internal func freeRecord(_ tag: Tag) {
        guard tag.record >= 0, tag.record < records.count, records[tag.record].live else { return }
        removedMagnitude = Swift.max(removedMagnitude, productMagnitude(tag.record))
        records[tag.record].live = false
        freeRecords.append(tag.record)
        staleDependents += tag.variables.count + 1
    }

    internal func registerDependents(_ tag: Tag) {
        for sym in tag.variables { addDependent(indexOf(sym), tag.record) }
        if tag.marker >= 0 { addDependent(indexOf(tag.marker), tag.record) }
    }

    /// Prepends `slot` to the list of symbol index `index` (see ``dependentHead``).
    @inline(__always)
    internal func addDependent(_ index: Int, _ slot: Int) {
        if dependentHead.count <= index {
            dependentHead.append(contentsOf: repeatElement(-1, count: index + 1 - dependentHead.count))
        }
        dependentSlot.append(slot)
        dependentNext.append(dependentHead[index])
        dependentHead[index] = dependentSlot.count - 1
        dependentEntries += 1
    }

    /// Rebuilds ``records`` and ``dependentHead`` from the constraints (after a rollback or a failed
    /// rebuild, or when stale entries outnumber live ones); every tag gets its new slot. Only
    /// called between transactions, so a rollback can never restore a constraint whose entries
    /// were dropped.
    internal func reindexDependents() {
        dependentHead = []
        dependentNext = []
        dependentSlot = []
        records = []
        freeRecords = []
        dependentEntries = 0
        staleDependents = 0
        // In creation order (deterministic slots; dictionary order is not).
        let keys = constraints.map { ($0.value.seq, $0.key) }.sorted { $0.0 < $1.0 }.map { $0.1 }
        for key in keys {
            var t = constraints[key]!
            if t.isRequired && !t.isEdit {
                t.record = records.count
                records.append(CheckRecord(t))
                registerDependents(t)
            } else {
                t.record = -1
            }
            constraints[key] = t
        }
        changedRecords.removeAll(keepingCapacity: true)
        dependentsDirty = false
    }

    /// Whether record `slot` (an entry of ``dependentHead`` at symbol index `index`) is live and
    /// still reads that index.
    @inline(__always)
    internal func dependsOn(_ slot: Int, at index: Int) -> Bool {
        guard records[slot].live else { return false }
        let id = idOfIndex(index)
        return records[slot].marker == id || records[slot].variables.contains(id)
    }

    // MARK: - Verification

    /// Verifies the operation just performed (end of every transaction and rebuild): throws
    /// ``SolverError/numericalInstability`` (and the transaction rolls back) if a required
    /// constraint no longer holds, its encoding in the tableau drifted, or a restricted row is
    /// infeasible beyond double-precision rounding (tolerances: ``recordViolation(_:magnitude:)``).
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
    internal func verifyOperation(full: Bool = false) throws {
        verifiedOperations += 1
        operationsSinceFullCheck += 1
        let size = constraints.count + variables.count
        var message: String? = nil
        var runFull = full || (incrementalVerificationOverride != true
                               && operationsSinceFullCheck * Solver.fullVerificationFactor >= size)
        let neededBefore = magnitudeNeeded
        if !runFull {
            switch incrementalViolation() {
            case .holds:
                // A verdict now relies on an `M` above the inputs' more than before: take a full
                // check, so that the reference `M` for detecting its fall is the current one.
                if magnitudeNeeded > inputMagnitude && magnitudeNeeded > neededBefore { runFull = true }
            case .violated(let m): message = m
            case .magnitudeFell: runFull = true
            }
        }
        if runFull && message == nil {
            magnitudeNeeded = 0   // recomputed over every constraint
            message = requiredViolation()
            if message == nil {
                operationsSinceFullCheck = 0
                verifiedMagnitude = accuracyMagnitude()
            }
        }
        removedMagnitude = 0
        if message != nil {
            magnitudeNeeded = neededBefore   // the operation is rolled back: so are its verdicts
            lastRefusal = message
            instabilityRefusals += 1
            throw SolverError.numericalInstability
        }
    }

    internal enum IncrementalVerdict { case holds, violated(String), magnitudeFell }

    /// The incremental check of ``verifyOperation(full:)``. Its `M` is what the checked
    /// constraints' own terms, the written variables and the inputs give (a lower bound of
    /// ``accuracyMagnitude()``).
    internal func incrementalViolation() -> IncrementalVerdict {
        // Whether some verdict relies on an `M` above the inputs' (which never falls): only then
        // can a fall of `M` turn an accepted result into a broken promise.
        let reliesOnM = magnitudeNeeded > inputMagnitude
        if reliesOnM && removedMagnitude >= 0.5 * verifiedMagnitude { return .magnitudeFell }
        verifyStamp &+= 1
        let stamp = verifyStamp
        if verifyIndexStamps.count < rows.count {
            verifyIndexStamps.append(contentsOf: repeatElement(0, count: rows.count - verifyIndexStamps.count))
        }
        if recordStamps.count < records.count {
            recordStamps.append(contentsOf: repeatElement(0, count: records.count - recordStamps.count))
            valueStamps.append(contentsOf: repeatElement(0, count: records.count - valueStamps.count))
        }
        checkList.removeAll(keepingCapacity: true)
        valueList.removeAll(keepingCapacity: true)
        @inline(__always) func enlist(_ slot: Int) {
            if recordStamps[slot] != stamp {
                recordStamps[slot] = stamp
                checkList.append(slot)
            }
        }
        touchedRestricted.removeAll(keepingCapacity: true)
        var magnitude = inputMagnitude
        var fell = false
        var nonFinite = -1
        // Rows whose constants alone moved (a suggestion's or constant change's shift) keep their
        // coefficients, so the encodings through them cannot have drifted — but their values
        // carry whatever coefficient error the encoding check tolerated, times the shift (the
        // solver fuzzer found a required constraint 270 off after a constant change of 1e7):
        // their constraints get the value check (residual and slack, no cell scan).
        func visit(_ index: Int, _ old: Double, rewritten: Bool) {
            if index >= rows.count { return }
            let now = rows[index]?.constant ?? 0
            if kinds[index] == UInt8(SymbolKind.external) { magnitude = Swift.max(magnitude, now.magnitude) }
            // A value that may have carried `M` fell below half the last full check's `M` (a
            // crossing, so a gradual fall is caught too): verdicts need the new `M`. Every row
            // counts, not only user variables' — a released variable's index is no longer marked
            // as one, and a needless full check is only slower.
            if reliesOnM && old.magnitude > now.magnitude
                && old.magnitude * SolverLimits.maximumCoefficient >= 0.5 * verifiedMagnitude {
                let k = largestCoefficient(ofVariableAt: index)
                if old.magnitude * k >= 0.5 * verifiedMagnitude && now.magnitude * k < 0.5 * verifiedMagnitude {
                    fell = true
                }
            }
            if verifyIndexStamps[index] == stamp { return }
            verifyIndexStamps[index] = stamp
            if let r = rows[index] {
                // Overflow (a chain of 1e6 multipliers from a 1e12 constant reaches inf, then
                // NaN): no tolerance can judge such a row, so it is refused outright.
                if !r.constant.isFinite { nonFinite = index }
                if rewritten { for cell in r.cells where !cell.coeff.isFinite { nonFinite = index } }
            }
            if rows[index] != nil && isRestrictedPivotable(idOfIndex(index)) { touchedRestricted.append(index) }
            guard index < dependentHead.count else { return }
            var e = dependentHead[index]
            while e >= 0 {
                let slot = dependentSlot[e]
                if dependsOn(slot, at: index) {
                    if rewritten {
                        enlist(slot)
                    } else if recordStamps[slot] != stamp && valueStamps[slot] != stamp {
                        valueStamps[slot] = stamp
                        valueList.append(slot)
                    }
                }
                e = dependentNext[e]
            }
        }
        for entry in undoRows { visit(entry.0, entry.1?.constant ?? 0, rewritten: true) }
        for entry in undoConstants { visit(entry.0, entry.1, rewritten: false) }
        if nonFinite >= 0 { return .violated("row \(symbolName(idOfIndex(nonFinite))) is not finite") }
        if fell { return .magnitudeFell }
        for slot in changedRecords where records[slot].live { enlist(slot) }
        for slot in checkList { magnitude = Swift.max(magnitude, productMagnitude(slot)) }
        for slot in valueList { magnitude = Swift.max(magnitude, productMagnitude(slot)) }
        let feasibility = absoluteEpsilon + 1e-11 * magnitude
        for index in touchedRestricted {
            if let violation = restrictedRowViolation(index, feasibility: feasibility) { return .violated(violation) }
        }
        for slot in checkList {
            if let violation = recordViolation(slot, magnitude: magnitude) { return .violated(violation) }
        }
        for slot in valueList where recordStamps[slot] != stamp {
            if let violation = recordViolation(slot, magnitude: magnitude, valueOnly: true) {
                return .violated(violation)
            }
        }
        return .holds
    }

    /// Whether the restricted (slack or error) row at `index` is infeasible beyond `feasibility`,
    /// or holds a user variable beyond rounding residue — in exact arithmetic a user variable is
    /// basic while any constraint holds it, so a user variable in a restricted row means rounding
    /// made the basis near-singular (the simplex never moves it: the solver fuzzer found such
    /// rows after removals with coefficients 1e4 and constants 1e7). A description, or nil.
    internal func restrictedRowViolation(_ index: Int, feasibility: Double) -> String? {
        let r = rows[index].unsafelyUnwrapped
        if !(r.constant >= -feasibility) { return "row \(symbolName(idOfIndex(index))) infeasible: \(r.constant)" }
        if r.constant < -absoluteEpsilon {
            magnitudeNeeded = Swift.max(magnitudeNeeded, (-r.constant - absoluteEpsilon) / 1e-11)
        }
        var largest = 1.0
        for cell in r.cells where cell.coeff.magnitude > largest { largest = cell.coeff.magnitude }
        for cell in r.cells where kindOf(cell.id) == SymbolKind.external
            && !nearZero(cell.coeff) && cell.coeff.magnitude > relativeEpsilon * largest {
            return "restricted row \(symbolName(idOfIndex(index))) holds the variable \(symbolName(cell.id))"
        }
        return nil
    }

    /// `max(1, |coefficient|)` over the required constraints on the user variable at `index`.
    internal func largestCoefficient(ofVariableAt index: Int) -> Double {
        var largest = 1.0
        guard index < dependentHead.count else { return largest }
        let id = idOfIndex(index)
        var e = dependentHead[index]
        while e >= 0 {
            let slot = dependentSlot[e]
            e = dependentNext[e]
            guard dependsOn(slot, at: index) else { continue }
            for k in 0..<records[slot].variables.count where records[slot].variables[k] == id {
                largest = Swift.max(largest, records[slot].coefficients[k].magnitude)
            }
        }
        return largest
    }

    /// A description of the first required constraint violated, or restricted row infeasible,
    /// beyond rounding, over the whole system (see ``recordViolation(_:magnitude:)``), or nil.
    /// Cost: one pass over the rows and one over the required constraints' variables' rows.
    internal func requiredViolation() -> String? {
        let magnitude = accuracyMagnitude()
        // Restricted rows: against the input/answer magnitude (the tableau's own magnitude is
        // what blows up in the cases this must catch).
        let feasibility = absoluteEpsilon + 1e-11 * magnitude
        if !magnitude.isFinite { return "values overflow" }
        for index in 0..<nextIndex {
            guard let r = rows[index] else { continue }
            if !r.constant.isFinite { return "row \(symbolName(idOfIndex(index))) is not finite" }
            for cell in r.cells where !cell.coeff.isFinite {
                return "row \(symbolName(idOfIndex(index))) is not finite"
            }
            if isRestrictedPivotable(idOfIndex(index)),
               let violation = restrictedRowViolation(index, feasibility: feasibility) { return violation }
        }
        for slot in 0..<records.count where records[slot].live {
            if let violation = recordViolation(slot, magnitude: magnitude) { return violation }
        }
        return nil
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
    internal func recordViolation(_ slot: Int, magnitude: Double, valueOnly: Bool = false) -> String? {
        let tag = records[slot]
        checkedConstraints += 1
        if valueOnly { return recordValueViolation(tag, magnitude: magnitude) }
        verifyStamp &+= 1
        let stamp = verifyStamp
        if verifyAcc.count < rows.count {
            let grow = rows.count - verifyAcc.count
            verifyAcc.append(contentsOf: repeatElement(0, count: grow))
            verifyMag.append(contentsOf: repeatElement(0, count: grow))
            verifyCellStamps.append(contentsOf: repeatElement(0, count: grow))
        }
        verifyCells.removeAll(keepingCapacity: true)
        var value = tag.constant          // the constraint's residual at the current values
        var scale = tag.constant.magnitude + 1
        var largest = 0.0
        var largestCell = 0.0             // the largest |k·coeff| accumulated
        var slack = 0.0
        // Σ k·row(v) + μ·row(marker) accumulated cell by cell into the dense scratch arrays
        // (through buffer pointers: no copies, no reference counting of rows in the loop).
        rows.withUnsafeBufferPointer { rowBuf in
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
                guard rowBuf[index] != nil else {
                    accumulate(index, k)
                    return 0
                }
                rowBuf[index].unsafelyUnwrapped.cells.withUnsafeBufferPointer { cells in
                    for cell in cells { accumulate(indexOf(cell.id), k * cell.coeff) }
                }
                return rowBuf[index].unsafelyUnwrapped.constant
            }
            for n in 0..<tag.variables.count {
                let k = tag.coefficients[n]
                if k == 0 { continue }
                let x = k * substitute(tag.variables[n], k)
                value += x
                scale += x.magnitude
                largest = Swift.max(largest, k.magnitude)
            }
            if tag.marker >= 0 { slack = substitute(tag.marker, tag.markerCoeff) }
        }
        }
        }
        }
        let relative = 1e-7 * (scale + largest)
        let perM = 1e-12 * Swift.max(1, largest)
        let tol = relative + perM * magnitude
        /// Records the smallest `M` with which an error `e` beyond `base` passes.
        func need(_ e: Double, _ base: Double) {
            if e > base { magnitudeNeeded = Swift.max(magnitudeNeeded, (e - base) / perM) }
        }
        if tag.marker >= 0 {
            if kindOf(tag.marker) == SymbolKind.slack {
                let drift = value + tag.markerCoeff * slack
                if !(drift.magnitude <= tol + 1e-7 * slack.magnitude) {
                    return "required constraint #\(tag.seq): slack off by \(drift)"
                }
                need(drift.magnitude, relative + 1e-7 * slack.magnitude)
            }
        }
        // Rows keep rounding residue of earlier cancellations (a cell ~1e-16 of what cancelled,
        // e.g. 4.6e-12 in a row of coefficients ~1e4 in a well-conditioned random test): the
        // floor is relative to the largest coefficient involved.
        let floor = 1e-12 + 1e-10 * largestCell
        for index in verifyCells where Int(kinds[index]) != SymbolKind.dummy {
            let cell = verifyAcc[index]
            if !(cell.magnitude <= 1e-7 * verifyMag[index] + floor) {
                return "required constraint #\(tag.seq): coefficient of \(symbolName(idOfIndex(index))) off by \(cell) (of \(verifyMag[index]))"
            }
        }
        let off: Double
        switch tag.op {
        case .equal: off = value.magnitude
        case .lessThanOrEqual: off = value
        case .greaterThanOrEqual: off = -value
        }
        // (NaN-safe: an overflowed residual never passes.)
        if !(off <= tol) || !scale.isFinite { return "required constraint #\(tag.seq) off by \(value)" }
        need(off, relative)
        return nil
    }

    /// The value half of ``recordViolation(_:magnitude:valueOnly:)``, for constraints whose rows
    /// only had their constants shifted: the residual and the slack from the current values
    /// (row constants), with the same tolerances; no cell scan (the coefficients did not change).
    internal func recordValueViolation(_ tag: CheckRecord, magnitude: Double) -> String? {
        var value = tag.constant
        var scale = tag.constant.magnitude + 1
        var largest = 0.0
        for n in 0..<tag.variables.count {
            let k = tag.coefficients[n]
            if k == 0 { continue }
            let x = k * (rows[indexOf(tag.variables[n])]?.constant ?? 0)
            value += x
            scale += x.magnitude
            largest = Swift.max(largest, k.magnitude)
        }
        let relative = 1e-7 * (scale + largest)
        let perM = 1e-12 * Swift.max(1, largest)
        let tol = relative + perM * magnitude
        func need(_ e: Double, _ base: Double) {
            if e > base { magnitudeNeeded = Swift.max(magnitudeNeeded, (e - base) / perM) }
        }
        if tag.marker >= 0 && kindOf(tag.marker) == SymbolKind.slack {
            let slack = rows[indexOf(tag.marker)]?.constant ?? 0
            let drift = value + tag.markerCoeff * slack
            if !(drift.magnitude <= tol + 1e-7 * slack.magnitude) {
                return "required constraint #\(tag.seq): slack off by \(drift)"
            }
            need(drift.magnitude, relative + 1e-7 * slack.magnitude)
        }
        let off: Double
        switch tag.op {
        case .equal: off = value.magnitude
        case .lessThanOrEqual: off = value
        case .greaterThanOrEqual: off = -value
        }
        // (NaN-safe: an overflowed residual never passes.)
        if !(off <= tol) || !scale.isFinite { return "required constraint #\(tag.seq) off by \(value)" }
        need(off, relative)
        return nil
    }
}
