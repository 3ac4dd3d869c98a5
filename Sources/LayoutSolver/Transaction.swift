// Transactions: every public mutating operation either succeeds or leaves the solver exactly as it
// was (same tableau, same `dump()`). The rows an operation writes are journaled (the old row, or
// only the old constant of a shifted row), as are the bookkeeping entries it changes; on error the
// journal is replayed backwards and the derived data (column index, verification index, entering
// candidates) is recomputed. A rebuild (ImplicitMarkers.swift) replaces everything at once and is
// undone from a ``SolverState`` snapshot instead.

/// Undo entries for the non-row state changed inside a transaction. Plain values only (issue 19):
/// an entry is a few words, and forgetting the journal destroys nothing per entry. An old value
/// that holds references (a ``Tag``, an ``EditInfo``, a ``Variable``) is kept in the journal's side
/// array of its type, the entry holding its position there, or -1 when the old value was nil
/// (the common case: adding a constraint journals its absence, not a copy of a tag).
internal enum Undo {
    /// The old tag of a constraint: a position in ``Journal/tags``, or -1 (none).
    case constraint(ObjectIdentifier, Int)
    /// The old ``Tag/constant`` of a constraint whose constant alone changed (no record).
    case constant(ObjectIdentifier, Double)
    /// The old edit information: a position in ``Journal/edits``, or -1 (none).
    case edit(ObjectIdentifier, Int)
    /// The old suggested value of an edit variable.
    case editValue(ObjectIdentifier, Double)
    case variable(ObjectIdentifier, VarEntry?)
    /// The old user variable of a symbol index: a position in ``Journal/variables``, or -1 (none).
    case symbolVariable(Int, Int)
    case kind(Int, UInt8)
    /// A symbol index taken from the free list (``Tableau/freeIndices``): put it back.
    case indexReused(Int)
    /// A symbol index pushed onto the free list: pop it.
    case indexFreed
}

/// Scalar and small state saved at the start of a transaction.
/// (The free list of symbol indices is journaled entry by entry instead, `Undo.indexReused` and
/// `Undo.indexFreed`: a saved copy would be copied again by the first index the transaction takes.)
internal struct Saved {
    /// The levels and orphans: nil when the operation cannot change them (a constant change:
    /// ``Solver/transact(structural:_:)``), so that no second reference makes the operation's
    /// first write copy them. (Orphans are saved as `[]` when there are none.)
    var levels: [Level]?
    /// The infeasible rows at the start (always none between operations: commit and rebuild
    /// clear them). Saved as `[]` when empty — holding a second reference to the solver's
    /// array would make the dual simplex's first write copy it (a malloc and a free per
    /// suggestion: issue 19's enaml profile).
    var infeasible: [Int]
    var nextIndex: Int
    var liveSymbols: Int
    var rowCount: Int
    var seq: Int
    var userConstraints: Int
    var orphans: [Int]?
    var implicitMarkers: Bool
    /// Verification state a refused operation must not change (Verification.swift).
    var inputMagnitude: Double
    var operationsSinceFullCheck: Int
}

extension Saved {
    /// Nothing saved (between transactions).
    init() {
        self.init(levels: nil, infeasible: [], nextIndex: 0, liveSymbols: 0, rowCount: 0, seq: 0,
                  userConstraints: 0, orphans: nil, implicitMarkers: false, inputMagnitude: 0,
                  operationsSinceFullCheck: 0)
    }
}

/// The undo journal of the current transaction for the bookkeeping (the rows' journal is the
/// tableau's, the objective's each level row's). Owned by ``Solver/journal``.
internal struct Journal {
    /// (A ``RawStack``: `Undo` is a plain value, so entries are appended and forgotten without
    /// uniqueness checks or per-entry work; issue 19. Freed by the solver's `deinit`.)
    var undoLog = RawStack<Undo>(capacity: 64)
    /// The old values the entries of `undoLog` refer to by position (see ``Undo``).
    var tags: [Tag] = []
    var edits: [EditInfo] = []
    var variables: [Variable] = []
    /// What the current transaction saved at its start (``Saved/init()`` between transactions:
    /// not an optional, whose outlined copies and destroys went through the generic value
    /// witnesses, ~150 instructions an operation; issue 19).
    var saved = Saved()

    /// Forgets the undo entries (kept changes).
    mutating func forgetUndo() {
        undoLog.removeAll()
        tags.clearKeepingCapacity()
        edits.clearKeepingCapacity()
        variables.clearKeepingCapacity()
    }

    /// Frees the undo log's buffer (the owning solver's `deinit`).
    func free() { undoLog.free() }

    /// Forgets the journal (the transaction committed, or was undone).
    mutating func clear() {
        forgetUndo()
        // The arrays' references dropped (a second reference would make the next write to the
        // solver's own copy the first write of a shared array), the scalars left as they are.
        saved.levels = nil
        saved.infeasible = []
        saved.orphans = nil
    }

    /// Keeps `old` in the side array `side`, returning its position there (-1 for nil).
    @inline(__always)
    private static func keep<T>(_ old: consuming T?, in side: inout [T]) -> Int {
        guard let o = old else { return -1 }
        side.append(o)
        return side.count - 1
    }

    /// Journals the old tag of `key` (nil: it had none), consuming it.
    @inline(__always)
    mutating func noteConstraint(_ key: ObjectIdentifier, _ old: consuming Tag?) {
        undoLog.append(.constraint(key, Journal.keep(old, in: &tags)))
    }

    /// Journals the old edit information of `key` (nil: it had none).
    @inline(__always)
    mutating func noteEdit(_ key: ObjectIdentifier, _ old: EditInfo?) {
        undoLog.append(.edit(key, Journal.keep(old, in: &edits)))
    }

    /// Journals the old user variable of symbol index `index` (nil: none).
    @inline(__always)
    mutating func noteSymbolVariable(_ index: Int, _ old: Variable?) {
        undoLog.append(.symbolVariable(index, Journal.keep(old, in: &variables)))
    }
}

extension Solver {
    /// Runs `body` as one transaction: verifies the result (Verification.swift) and commits, or
    /// rolls everything back and rethrows. Each transaction gets a fresh pivot budget.
    ///
    /// `structural: false` is for constant changes (a suggestion, ``setConstant(_:to:)``): a
    /// shift and dual-simplex pivots allocate and free no symbol and add or remove no level, so
    /// the levels and orphans are not saved (saving them cost a copy of each array the operation
    /// then wrote, and a retain and release of each: issue 19). The free list of symbol indices
    /// is never saved: it is journaled entry by entry (`Undo.indexReused`, `Undo.indexFreed`).
    @inline(__always)
    internal func transact(structural: Bool = true, _ body: () throws -> Void) throws {
        tableau.beginTransaction()
        // Field by field: assigning a whole new value destroyed the old one through the generic
        // value witness (~50 instructions an operation; issue 19).
        journal.saved.levels = structural ? simplex.levels : nil
        journal.saved.infeasible = simplex.infeasible.isEmpty ? [] : simplex.infeasible
        journal.saved.nextIndex = tableau.nextIndex
        journal.saved.liveSymbols = tableau.liveSymbols
        journal.saved.rowCount = tableau.basicCount
        journal.saved.seq = registry.seqCounter
        journal.saved.userConstraints = registry.userConstraints
        journal.saved.orphans = structural ? (tableau.orphans.isEmpty ? [] : tableau.orphans) : nil
        journal.saved.implicitMarkers = registry.implicitMarkers
        journal.saved.inputMagnitude = verification.inputMagnitude
        journal.saved.operationsSinceFullCheck = verification.operationsSinceFullCheck
        simplex.pivots = 0
        simplex.pivotBudget = overrides.pivotBudget ?? (100 * (tableau.basicCount + tableau.liveSymbols) + 1000)
        if verification.dependentsDirty
            || verification.staleDependents > verification.dependentEntries / 2 + 1024 {
            reindexDependents()
        }
        verification.changedRecords.clearKeepingCapacity()
        verification.removedMagnitude = 0
        verification.shiftedParameter = 0
        do {
            try body()
            try verifyOperation()
            simplex.infeasible.clearKeepingCapacity()
            simplex.artificial = nil
            tableau.commit()
            simplex.commit()
            journal.clear()
        } catch {
            rollback()
            throw error
        }
    }

    /// Undoes the current transaction from the journal.
    internal func rollback() {
        tableau.rollback()
        simplex.rollback()
        var j = journal.undoLog.count - 1
        while j >= 0 {
            switch journal.undoLog[j] {
            case let .constraint(k, p): registry.constraints[k] = p >= 0 ? journal.tags[p] : nil
            case let .constant(k, c): _ = registry.constraints.modify(k) { $0.constant = c }
            case let .edit(k, p): registry.edits[k] = p >= 0 ? journal.edits[p] : nil
            case let .editValue(k, x): _ = registry.edits.modify(k) { $0.value = x }
            case let .variable(k, v): tableau.variables[k] = v
            case let .symbolVariable(idx, p): tableau.symbolVariables[idx] = p >= 0 ? journal.variables[p] : nil
            case let .kind(idx, k): tableau.kinds[idx] = k
            case let .indexReused(idx): tableau.freeIndices.append(idx)
            case .indexFreed: _ = tableau.freeIndices.popLast()
            }
            j -= 1
        }
        verification.dependentsDirty = true
        tableau.externalsDirty = true
        simplex.objectiveAllDirty = true
        let s = journal.saved
        if let levels = s.levels { simplex.levels = levels }
        simplex.infeasible.clearKeepingCapacity()
        simplex.infeasible.append(contentsOf: s.infeasible)
        tableau.nextIndex = s.nextIndex
        tableau.liveSymbols = s.liveSymbols
        tableau.basicCount = s.rowCount
        registry.seqCounter = s.seq
        registry.userConstraints = s.userConstraints
        if let orphans = s.orphans { tableau.orphans = orphans }
        registry.implicitMarkers = s.implicitMarkers
        verification.inputMagnitude = s.inputMagnitude
        verification.operationsSinceFullCheck = s.operationsSinceFullCheck
        simplex.artificial = nil
        journal.clear()
    }

    /// Journals the constant of row `index` before it is changed.
    @inline(__always)
    internal func touchConstant(_ index: Int) { tableau.touchConstant(index) }

    /// Journals row `index` before it is changed.
    @inline(__always)
    internal func touch(_ index: Int) { tableau.touch(index) }

    /// Stores a constraint's bookkeeping, journaled (the old tag, if any, is kept for the undo);
    /// keeps its verification record in step (Verification.swift). Deleting is
    /// ``deleteConstraint(_:)``. (`tag` is consumed: stored without a copy of its references.)
    internal func setConstraint(_ key: ObjectIdentifier, _ tag: consuming Tag) {
        let old = registry.constraints.contains(key) ? registry.constraints[key] : nil
        journal.noteConstraint(key, old)
        if tag.isRequired && !tag.isEdit { updateRecord(&tag) }
        registry.constraints.set(key, tag)
    }

    /// Deletes a constraint's bookkeeping, journaled: the tag moves from the registry into the
    /// journal (no copy; a removal's path) and its verification record is freed.
    internal func deleteConstraint(_ key: ObjectIdentifier) {
        guard let old = registry.constraints.take(key) else {
            journal.noteConstraint(key, nil)
            return
        }
        freeRecord(old)
        journal.noteConstraint(key, consume old)
    }

    /// ``setConstraint(_:_:)`` with a tag (an add's path): a key the solver does not hold yet is
    /// journaled as new and stored with no `Tag?` built or destroyed (their outlined copies went
    /// through the generic value witnesses; issue 19); a held key takes ``setConstraint(_:_:)``.
    internal func storeConstraint(_ key: ObjectIdentifier, _ tag: consuming Tag) {
        if registry.constraints.contains(key) {
            setConstraint(key, tag)
            return
        }
        journal.undoLog.append(.constraint(key, -1))
        if tag.isRequired && !tag.isEdit {
            updateRecord(&tag)
            registry.constraints.set(key, tag)
        } else {
            registry.constraints.set(key, tag)
        }
    }

    /// Sets the expression constant a constraint without a verification record (optional or
    /// edit) encodes, journaled — in place: no copy of its tag (a suggestion's hot path).
    /// Returns false if it is not in the solver.
    @inline(__always)
    internal func setUnrecordedConstant(_ key: ObjectIdentifier, _ constant: Double) -> Bool {
        guard let old = registry.constraints.modify(key, { t -> Double in
            let old = t.constant
            t.constant = constant
            return old
        }) else { return false }
        journal.undoLog.append(.constant(key, old))
        return true
    }

    /// Sets an edit variable's suggested value, journaled, in place.
    @inline(__always)
    internal func setEditValue(_ key: ObjectIdentifier, _ value: Double) {
        guard let old = registry.edits.modify(key, { e -> Double in
            let old = e.value
            e.value = value
            return old
        }) else { return }
        journal.undoLog.append(.editValue(key, old))
    }

    /// Stores (or deletes) an edit variable's bookkeeping, journaled.
    internal func setEdit(_ key: ObjectIdentifier, _ info: EditInfo?) {
        journal.noteEdit(key, registry.edits[key])
        registry.edits[key] = info
    }

    /// Stores (or deletes) a user variable's entry, journaled.
    internal func setVariable(_ key: ObjectIdentifier, _ entry: VarEntry?) {
        journal.undoLog.append(.variable(key, tableau.variables[key]))
        tableau.variables[key] = entry
    }
}

/// Every part of a ``Solver`` that a rebuild replaces (used where a whole rebuild must be all or
/// nothing: ``Solver/refactorize(_:)``). Taken *from* the solver just before its rebuild: the
/// tableau's contents move into the snapshot (O(1): buffers exchanged with an empty tableau; the
/// rebuild starts from an empty one anyway), the other parts are copied — the objective's level
/// rows by reference, which is safe because a rebuild creates new ones. The verification state is
/// captured whole: a refused rebuild must not forget which verdicts relied on the magnitude `M`
/// (``Verification/magnitudeNeeded``; a regression test,
/// `testRefusedOperationsKeepTheVerdictsTheyRolledBack`, ended a required constraint 37.9 off when
/// only the input magnitude was restored).
internal struct SolverState {
    let tableau: Tableau
    let simplex: Simplex
    let registry: ConstraintRegistry
    let verification: Verification

    /// Captures `s`'s parts, leaving its tableau empty (the caller rebuilds it).
    init(takingFrom s: Solver) {
        tableau = Tableau(capacity: 1, cells: 16)
        tableau.exchange(with: s.tableau)
        simplex = s.simplex
        registry = s.registry
        verification = s.verification
    }

    /// Puts the captured parts back into `s` (the verification's statistics excepted).
    func restore(_ s: Solver) {
        s.tableau.exchange(with: tableau)
        s.simplex = simplex
        s.simplex.artificial = nil
        s.registry = registry
        let checked = s.verification.checkedConstraints
        s.verification = verification
        s.verification.checkedConstraints = checked
        s.journal.clear()
    }
}
