// Transactions: every public mutating operation either succeeds or leaves the solver exactly as it
// was (same tableau, same `dump()`). The rows an operation writes are journaled (the old row, or
// only the old constant of a shifted row), as are the bookkeeping entries it changes; on error the
// journal is replayed backwards and the derived data (column index, verification index, entering
// candidates) is recomputed. A rebuild (ImplicitMarkers.swift) replaces everything at once and is
// undone from a ``SolverState`` snapshot instead.

/// Undo entries for the non-row state changed inside a transaction.
internal enum Undo {
    case constraint(ObjectIdentifier, Tag?)
    case edit(ObjectIdentifier, EditInfo?)
    case variable(ObjectIdentifier, VarEntry?)
    case symbolVariable(Int, Variable?)
    case kind(Int, UInt8)
}

/// Scalar and small state saved at the start of a transaction.
internal struct Saved {
    var levels: [Level]
    var infeasible: [Int]
    var freeIndices: [Int]
    var nextIndex: Int
    var liveSymbols: Int
    var rowCount: Int
    var seq: Int
    var userConstraints: Int
    var orphans: [Int]
    var implicitMarkers: Bool
    /// Verification state a refused operation must not change (Verification.swift).
    var inputMagnitude: Double
    var operationsSinceFullCheck: Int
}

/// The undo journal of the current transaction. Owned by ``Solver/journal``.
internal struct Journal {
    /// Stamp of the current transaction (incremented by each).
    var txStamp = 0
    /// Transaction stamp of the last journaled change of each row (indexed by symbol index).
    var rowStamps: [Int] = []
    /// The rows written in this transaction, as they were before (the first write of each).
    var undoRows: [(Int, Row?)] = []
    /// Old constants of rows shifted before their first full journal entry (cheaper than a row
    /// copy); restored after `undoRows`.
    var undoConstants: [(Int, Double)] = []
    var undoLog: [Undo] = []
    var saved: Saved? = nil

    /// Journals row `index` of `rows` before it is changed (once per transaction; a reference,
    /// not a copy).
    @inline(__always)
    mutating func touch(_ index: Int, _ rows: [Row?]) {
        if rowStamps[index] != txStamp {
            rowStamps[index] = txStamp
            undoRows.append((index, rows[index]))
        }
    }

    /// Journals the constant of row `index` of `rows` before it is changed (rows already
    /// journaled in full in this transaction need nothing).
    @inline(__always)
    mutating func touchConstant(_ index: Int, _ rows: [Row?]) {
        if rowStamps[index] != txStamp {
            undoConstants.append((index, rows[index].unsafelyUnwrapped.constant))
        }
    }

    /// Forgets the journal (the transaction committed, or was undone).
    mutating func clear() {
        undoRows.removeAll(keepingCapacity: true)
        undoConstants.removeAll(keepingCapacity: true)
        undoLog.removeAll(keepingCapacity: true)
        saved = nil
    }
}

extension Solver {
    /// Runs `body` as one transaction: verifies the result (Verification.swift) and commits, or
    /// rolls everything back and rethrows. Each transaction gets a fresh pivot budget.
    @inline(__always)
    internal func transact(_ body: () throws -> Void) throws {
        journal.txStamp &+= 1
        journal.saved = Saved(levels: simplex.levels, infeasible: simplex.infeasible,
                              freeIndices: tableau.freeIndices, nextIndex: tableau.nextIndex,
                              liveSymbols: tableau.liveSymbols, rowCount: tableau.basicCount,
                              seq: registry.seqCounter, userConstraints: registry.userConstraints,
                              orphans: tableau.orphans, implicitMarkers: registry.implicitMarkers,
                              inputMagnitude: verification.inputMagnitude,
                              operationsSinceFullCheck: verification.operationsSinceFullCheck)
        simplex.pivots = 0
        simplex.pivotBudget = overrides.pivotBudget ?? (100 * (tableau.basicCount + tableau.liveSymbols) + 1000)
        if verification.dependentsDirty
            || verification.staleDependents > verification.dependentEntries / 2 + 1024 {
            reindexDependents()
        }
        verification.changedRecords.removeAll(keepingCapacity: true)
        verification.removedMagnitude = 0
        verification.shiftedParameter = 0
        do {
            try body()
            try verifyOperation()
            simplex.infeasible.removeAll(keepingCapacity: true)
            simplex.artificial = nil
            journal.clear()
        } catch {
            rollback()
            throw error
        }
    }

    /// Undoes the current transaction from the journal.
    internal func rollback() {
        var i = journal.undoRows.count - 1
        while i >= 0 {
            tableau.rows[journal.undoRows[i].0] = journal.undoRows[i].1
            i -= 1
        }
        var k = journal.undoConstants.count - 1
        while k >= 0 {
            tableau.rows[journal.undoConstants[k].0]!.constant = journal.undoConstants[k].1
            k -= 1
        }
        var j = journal.undoLog.count - 1
        while j >= 0 {
            switch journal.undoLog[j] {
            case let .constraint(k, v): registry.constraints[k] = v
            case let .edit(k, v): registry.edits[k] = v
            case let .variable(k, v): tableau.variables[k] = v
            case let .symbolVariable(idx, v): tableau.symbolVariables[idx] = v
            case let .kind(idx, k): tableau.kinds[idx] = k
            }
            j -= 1
        }
        tableau.rebuildColumns()
        verification.dependentsDirty = true
        tableau.externalsDirty = true
        simplex.objectiveAllDirty = true
        let s = journal.saved!
        simplex.levels = s.levels
        simplex.infeasible = s.infeasible
        tableau.freeIndices = s.freeIndices
        tableau.nextIndex = s.nextIndex
        tableau.liveSymbols = s.liveSymbols
        tableau.basicCount = s.rowCount
        registry.seqCounter = s.seq
        registry.userConstraints = s.userConstraints
        tableau.orphans = s.orphans
        registry.implicitMarkers = s.implicitMarkers
        verification.inputMagnitude = s.inputMagnitude
        verification.operationsSinceFullCheck = s.operationsSinceFullCheck
        simplex.artificial = nil
        journal.clear()
    }

    /// Journals the constant of row `index` before it is changed (``Journal/touchConstant(_:_:)``;
    /// written out so that the rows are not retained per call).
    @inline(__always)
    internal func touchConstant(_ index: Int) {
        if journal.rowStamps[index] != journal.txStamp {
            journal.undoConstants.append((index, tableau.rows[index].unsafelyUnwrapped.constant))
        }
    }

    /// Journals row `index` before it is changed (``Journal/touch(_:_:)``).
    @inline(__always)
    internal func touch(_ index: Int) {
        if journal.rowStamps[index] != journal.txStamp {
            journal.rowStamps[index] = journal.txStamp
            journal.undoRows.append((index, tableau.rows[index]))
        }
    }

    /// Stores (or, with nil, deletes) a constraint's bookkeeping, journaled; keeps its
    /// verification record in step (Verification.swift).
    internal func setConstraint(_ key: ObjectIdentifier, _ tag: Tag?) {
        let old = registry.constraints[key]
        journal.undoLog.append(.constraint(key, old))
        if let t = tag, t.isRequired && !t.isEdit {
            registry.constraints[key] = updateRecord(t)
        } else {
            registry.constraints[key] = tag
            if tag == nil, let o = old { freeRecord(o) }
        }
    }

    /// Stores (or deletes) an edit variable's bookkeeping, journaled.
    internal func setEdit(_ key: ObjectIdentifier, _ info: EditInfo?) {
        journal.undoLog.append(.edit(key, registry.edits[key]))
        registry.edits[key] = info
    }

    /// Stores (or deletes) a user variable's entry, journaled.
    internal func setVariable(_ key: ObjectIdentifier, _ entry: VarEntry?) {
        journal.undoLog.append(.variable(key, tableau.variables[key]))
        tableau.variables[key] = entry
    }
}

/// Every part of a ``Solver`` that a rebuild replaces, captured by value (used where a whole
/// rebuild must be all or nothing: ``Solver/refactorize(_:)``). Swift's copy-on-write arrays and dictionaries make the capture
/// O(1); the rebuild then writes into fresh storage, so restoring is O(1) too. The verification
/// state is captured whole: a refused rebuild must not forget which verdicts relied on the
/// magnitude `M` (``Verification/magnitudeNeeded``; a regression test,
/// `testRefusedOperationsKeepTheVerdictsTheyRolledBack`, ended a required constraint 37.9 off
/// when only the input magnitude was restored).
internal struct SolverState {
    let tableau: Tableau
    let simplex: Simplex
    let registry: ConstraintRegistry
    let verification: Verification
    let rowStamps: [Int]

    init(_ s: Solver) {
        tableau = s.tableau
        simplex = s.simplex
        registry = s.registry
        verification = s.verification
        rowStamps = s.journal.rowStamps
    }

    /// Puts the captured parts back into `s` (the verification's statistics excepted).
    func restore(_ s: Solver) {
        s.tableau = tableau
        s.simplex = simplex
        s.simplex.artificial = nil
        s.registry = registry
        s.journal.rowStamps = rowStamps
        let checked = s.verification.checkedConstraints
        s.verification = verification
        s.verification.checkedConstraints = checked
        s.journal.clear()
    }
}
