// What the verification (Verification.swift) knows of the constraints: one dense record per
// required, non-edit constraint, and for each symbol index the records whose check reads that
// index's row. An operation can only change the constraints whose variables' (or marker's) rows
// it wrote — its undo journal — so these lists are all the incremental check needs.

/// What the verification needs of one required, non-edit constraint, kept in a dense table
/// (``Verification/records``) so that a check does no hashing and no reference counting of tags.
/// Derived from the ``Tag``: rewritten whenever the tag is, rebuilt after a rollback.
internal struct CheckRecord {
    /// The constraint's external symbols and their (summed) coefficients (``Tag/terms``).
    var terms: ConstraintTerms
    /// The marker (slack or dummy; -1 for an implicit one) and its coefficient in `expr + μ·m`.
    var marker: Int
    var markerCoeff: Double
    /// The expression constant the tableau encodes.
    var constant: Double
    var op: RelationalOperator
    var seq: Int
    /// False once the constraint is removed (the slot is then free for reuse).
    var live: Bool
    /// Distinguishes the successive constraints of a reused slot: an entry of
    /// ``Verification/dependentHead`` is valid while the generation it recorded is the slot's.
    var generation = 0
    /// The largest |cell| of the encoding's residual at the last full check of this constraint
    /// (infinity until then): a parameter shift by `δ` moves its residual by at most
    /// `residue × |δ|` (see ``Verification/incrementalViolation(_:_:)``).
    var residue = Double.infinity
    /// ``Verification/totalShift`` and ``Verification/totalRounding`` when its values were last
    /// verified: the shifts since then are the differences.
    var baseShift = 0.0
    var baseRounding = 0.0
    /// `Σ|coeff| + |μ|`: how many row constants' rounding can reach its residual.
    var coeffSum: Double

    init(_ tag: borrowing Tag) {
        terms = tag.terms
        marker = tag.marker
        markerCoeff = tag.markerCoeff
        constant = tag.constant
        op = tag.constraint.op
        seq = tag.seq
        live = true
        var sum = tag.markerCoeff.magnitude
        for n in 0..<tag.terms.count { sum += tag.terms.coefficient(n).magnitude }
        coeffSum = sum
    }
}

/// One entry of the verification's dependent lists (``Verification/dependentHead``).
internal struct DependentEntry {
    /// The record slot the entry names.
    var slot: Int
    /// The generation of the record it named (``CheckRecord/generation``).
    var generation: Int
    /// The next entry of the same list, or -1.
    var next: Int
}

/// The verification's state. Owned by ``Solver/verification``.
internal struct Verification {
    /// The largest magnitude of any constant or suggested value given to this solver (at least
    /// 1; a high-water mark, never lowered): the inputs' part of the promise's `M`.
    var inputMagnitude = 1.0

    // MARK: Records and the dependent lists

    /// The required, non-edit constraints as the verification reads them (slots of removed ones
    /// are free for reuse: ``freeRecords``). Derived data, rebuilt after a rollback.
    var records: [CheckRecord] = []
    var freeRecords: [Int] = []
    /// For each symbol index, the record slots of the constraints whose verification reads the
    /// row at that index (their variables' and marker's), as singly linked lists in one pool (no
    /// allocation per symbol): `dependentHead[index]` is the first entry or -1, each entry
    /// `dependents[e]` names a record slot and links to the next entry. Derived data: entries of
    /// removed constraints (or of a marker that changed, or of a rolled-back transaction) stay
    /// until the next reindex and are filtered when read (``entryValid(_:)``). One array of
    /// entries, not three parallel ones: registering a constraint appends once per symbol
    /// (issue 19).
    var dependentHead: [Int] = []
    var dependents: [DependentEntry] = []
    var recordGeneration = 0
    var dependentEntries = 0
    var staleDependents = 0
    /// Set by a rollback or a failed rebuild: the dependent lists are rebuilt before the next
    /// operation.
    var dependentsDirty = false
    /// Records of the required constraints added or changed by the current transaction (verified
    /// even if no row of theirs was written).
    var changedRecords: [Int] = []
    /// The largest ``CheckRecord/coeffSum`` of any record since the last reindex.
    var coeffSumHighWater = 0.0

    // MARK: Shifts (constant changes) and the schedule of full checks

    /// Σ |δ/μ| of the parameter shifts of the current operation (``Solver/shiftConstant(_:to:)``).
    var shiftedParameter = 0.0
    /// The largest ``CheckRecord/residue`` since the last full check (infinity after a reindex),
    /// and the shifts whose constraints were not even looked at because of it.
    var residueHighWater = Double.infinity
    /// Running totals of the parameter shifts (Σ|δ/μ|) and of their rounding bounds, and their
    /// values at the last full check (Verification.swift, shifted rows).
    var totalShift = 0.0
    var totalRounding = 0.0
    var fullCheckShift = 0.0
    var fullCheckRounding = 0.0
    /// Operations since the last full verification, and that verification's magnitude `M`.
    var operationsSinceFullCheck = 0
    /// The work the incremental checks of pure shifts (no row rewritten, no constraint changed)
    /// spent since the last full verification on rows whose constants alone moved but whose
    /// constraints could not be skipped (a residue unknown since an earlier rewrite), in
    /// dependent-list entries walked plus ``shiftCheckWeight`` per value check:
    /// when it reaches ``fullCheckWeight`` per record, a full check runs (it measures every
    /// residue, so later shifts are skipped again). See ``verify(full:size:incrementalOnly:acceptSoft:tableau:)``.
    var shiftWorkSinceFullCheck = 0
    var verifiedMagnitude = 1.0
    /// The smallest `M` with which every verdict since the last full check passes (see
    /// ``residualViolation(value:scale:largest:slack:markerCoeff:op:seq:magnitude:)``): while it
    /// is at most ``inputMagnitude`` (which never falls), no fall of `M` can break an accepted
    /// result.
    var magnitudeNeeded = 0.0
    /// The largest ``productMagnitude(_:_:)`` of a required constraint removed by the current
    /// operation (if near `M`, `M` may have fallen).
    var removedMagnitude = 0.0
    /// Constraints checked so far (statistics for tests and benchmarks).
    var checkedConstraints = 0
    /// The first soft finding of the current check (drift that has not broken the promise; see
    /// ``verify(full:size:incrementalOnly:acceptSoft:tableau:)``), or nil.
    var softViolation: String? = nil

    // MARK: Scratch (dense by symbol index or record slot, reused; see `recordViolation`)

    var verifyStamp = 0
    var verifyIndexStamps: [Int] = []
    var verifyCellStamps: [Int] = []
    var verifyAcc: [Double] = []
    var verifyMag: [Double] = []
    /// The indices `recordViolation` touched, first `cellCount` slots (one slot per symbol index).
    var verifyCells: [Int] = []
    var valueStamps: [Int] = []
    /// The record slots the last incremental check looked at (value checks; for tests).
    var valueList: [Int] = []
    var touchedRestricted: [Int] = []

    /// Forgets every constraint (``Solver/reset()``): records, lists, shifts and schedule; the
    /// scratch buffers and the statistics stay.
    mutating func clear() {
        inputMagnitude = 1
        // The buffers keep their capacity (a reset is followed by a refill: issue 19); the
        // dependent-list heads are emptied and grow again (with -1) as symbols get indices.
        records.clearKeepingCapacity()
        freeRecords.clearKeepingCapacity()
        dependentHead.clearKeepingCapacity()
        dependents.clearKeepingCapacity()
        dependentEntries = 0
        staleDependents = 0
        dependentsDirty = false
        changedRecords.clearKeepingCapacity()
        coeffSumHighWater = 0
        shiftedParameter = 0
        residueHighWater = .infinity
        totalShift = 0
        totalRounding = 0
        fullCheckShift = 0
        fullCheckRounding = 0
        operationsSinceFullCheck = 0
        shiftWorkSinceFullCheck = 0
        verifiedMagnitude = 1
        magnitudeNeeded = 0
        removedMagnitude = 0
    }

    /// Records a constant or suggested value given to the solver (see ``inputMagnitude``).
    @inline(__always)
    mutating func noteInput(_ value: Double) {
        if value.magnitude > inputMagnitude { inputMagnitude = value.magnitude }
    }

    // MARK: - Which constraints an operation can have changed

    /// Gives the required, non-edit `tag` its record, or updates it, and records which symbol
    /// indices its verification reads (its variables' and marker's; see ``dependentHead``).
    /// Sets the tag's record slot.
    mutating func updateRecord(_ t: inout Tag) {
        // (In place: a tag passed in and returned was an outlined copy and destroy of it, ~200
        // instructions per constraint added; issue 19.)
        if t.record < 0 {
            // The record built in its slot, then stamped there (no local copy to move in).
            recordGeneration += 1
            if let f = freeRecords.popLast() {
                t.record = f
                records[f] = CheckRecord(t)
            } else {
                t.record = records.count
                records.append(CheckRecord(t))
            }
            records[t.record].generation = recordGeneration
            coeffSumHighWater = Swift.max(coeffSumHighWater, records[t.record].coeffSum)
            registerDependents(t)
        } else {
            let markerChanged = records[t.record].marker != t.marker
            var r = CheckRecord(t)
            r.generation = records[t.record].generation
            coeffSumHighWater = Swift.max(coeffSumHighWater, r.coeffSum)
            records[t.record] = r
            if markerChanged {
                // The variables never change; only the marker's entry is new.
                staleDependents += 1
                if t.marker >= 0 { addDependent(indexOf(t.marker), t.record) }
            }
        }
        changedRecords.append(t.record)
    }

    /// Frees the record of a removed constraint (its ``dependentHead`` entries go stale).
    mutating func freeRecord(_ tag: Tag, _ tableau: Tableau) {
        guard tag.record >= 0, tag.record < records.count, records[tag.record].live else { return }
        removedMagnitude = Swift.max(removedMagnitude, productMagnitude(tag.record, tableau))
        records[tag.record].live = false
        freeRecords.append(tag.record)
        staleDependents += tag.terms.count + 1
    }

    /// Appends a fresh record for the required, non-edit `tag` (reindexing; slots in the order
    /// of the calls). Returns the tag with its record slot set.
    mutating func appendRecord(_ tag: Tag) -> Tag {
        var t = tag
        t.record = records.count
        var r = CheckRecord(t)
        recordGeneration += 1
        r.generation = recordGeneration
        coeffSumHighWater = Swift.max(coeffSumHighWater, r.coeffSum)
        records.append(r)
        registerDependents(t)
        return t
    }

    /// Adds `tag`'s record slot to the lists of its variables' and marker's indices.
    mutating func registerDependents(_ tag: borrowing Tag) {
        for n in 0..<tag.terms.count { addDependent(indexOf(tag.terms.symbol(n)), tag.record) }
        if tag.marker >= 0 { addDependent(indexOf(tag.marker), tag.record) }
    }

    /// Prepends `slot` to the list of symbol index `index` (see ``dependentHead``).
    @inline(__always)
    mutating func addDependent(_ index: Int, _ slot: Int) {
        if dependentHead.count <= index {
            // Geometric growth (indices arrive one at a time while a system is built).
            let grown = Swift.max(index + 1, 2 * dependentHead.count)
            dependentHead.append(contentsOf: repeatElement(-1, count: grown - dependentHead.count))
        }
        dependents.append(DependentEntry(slot: slot, generation: records[slot].generation, next: dependentHead[index]))
        dependentHead[index] = dependents.count - 1
        dependentEntries += 1
    }

    /// Whether entry `e` of the ``dependentHead`` lists still names a live record (of the
    /// constraint that registered it). An entry for a marker that has since changed stays valid:
    /// it only makes that constraint's check run when it need not.
    @inline(__always)
    func entryValid(_ e: Int) -> Bool {
        records.withUnsafeBufferPointer { r in
            let entry = dependents[e]
            return r[entry.slot].live && r[entry.slot].generation == entry.generation
        }
    }

    /// The largest `|coeff · value|` of the terms of the constraint in record `slot`, and of its
    /// variables' values.
    @inline(__always)
    func productMagnitude(_ slot: Int, _ tableau: Tableau) -> Double {
        var m = 0.0
        let terms = records[slot].terms
        for k in 0..<terms.count {
            let value = tableau.rowConstant(indexOf(terms.symbol(k))).magnitude
            m = Swift.max(m, value, (terms.coefficient(k) * value).magnitude)
        }
        return m
    }

    /// `max(1, |coefficient|)` over the required constraints on the user variable at `index`.
    func largestCoefficient(ofVariableAt index: Int, _ tableau: Tableau) -> Double {
        var largest = 1.0
        guard index < dependentHead.count else { return largest }
        let id = tableau.idOfIndex(index)
        var e = dependentHead[index]
        while e >= 0 {
            let slot = dependents[e].slot
            let valid = entryValid(e)
            e = dependents[e].next
            guard valid else { continue }
            let terms = records[slot].terms
            for k in 0..<terms.count where terms.symbol(k) == id {
                largest = Swift.max(largest, terms.coefficient(k).magnitude)
            }
        }
        return largest
    }
}

extension Solver {
    /// Records a constant or suggested value given to the solver (the promise's `M`).
    @inline(__always)
    internal func noteInput(_ value: Double) { verification.noteInput(value) }

    /// Gives the required, non-edit `tag` (about to be stored) its verification record, or updates
    /// it, and sets the tag's record slot. Called by ``setConstraint(_:_:)``.
    internal func updateRecord(_ tag: inout Tag) { verification.updateRecord(&tag) }

    /// Frees the verification record of a removed constraint.
    internal func freeRecord(_ tag: Tag) { verification.freeRecord(tag, tableau) }

    /// Rebuilds the records and the dependent lists from the constraints (after a rollback or a
    /// failed rebuild, or when stale entries outnumber live ones); every tag gets its new slot.
    /// Only called between transactions, so a rollback can never restore a constraint whose
    /// entries were dropped.
    internal func reindexDependents() {
        verification.dependentHead = []
        verification.dependents = []
        verification.records = []
        verification.freeRecords = []
        verification.dependentEntries = 0
        verification.staleDependents = 0
        verification.coeffSumHighWater = 0
        // In creation order (deterministic slots; dictionary order is not).
        let keys = registry.constraints.entries.map { ($0.value.seq, $0.key) }.sorted { $0.0 < $1.0 }.map { $0.1 }
        for key in keys {
            var t = registry.constraints[key]!
            if t.isRequired && !t.isEdit {
                t = verification.appendRecord(t)
            } else {
                t.record = -1
            }
            registry.constraints[key] = t
        }
        verification.changedRecords.clearKeepingCapacity()
        verification.dependentsDirty = false
        verification.residueHighWater = .infinity   // the new records' residues are unknown
    }
}
