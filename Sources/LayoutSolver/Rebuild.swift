// Rebuilding the tableau from the constraint list: what removing (or re-constanting) a required
// equality with an implicit dummy marker costs. See `Solver.makeMarkersImplicit()` for why markers
// become implicit, and docs/solver.md "Implicit markers".

/// Every stored property of a ``Solver`` that a rebuild replaces, captured by value. Swift's
/// copy-on-write arrays and dictionaries make the capture O(1); the rebuild then writes into fresh
/// storage, so restoring is O(1) too.
internal struct SolverState {
    let rows: [Row?]
    let kinds: [UInt8]
    let symbolVariables: [Variable?]
    let columns: [[Int]]
    let columnLive: [Int]
    let columnDirty: [Bool]
    let rowStamps: [Int]
    let nextIndex: Int
    let externalIndices: [Int]
    let externalsDirty: Bool
    let freeIndices: [Int]
    let liveSymbols: Int
    let basicCount: Int
    let levels: [Level]
    let objectiveTouched: [Int]
    let objectiveFlag: [Bool]
    let objectiveAllDirty: Bool
    let infeasible: [Int]
    let constraints: [ObjectIdentifier: Tag]
    let edits: [ObjectIdentifier: EditInfo]
    let variables: [ObjectIdentifier: VarEntry]
    let seqCounter: Int
    let userConstraints: Int
    let orphans: [Int]
    let implicitMarkers: Bool
    let dummyCells: Int
    let needsRebuild: Bool
    let inputMagnitude: Double

    init(_ s: Solver) {
        rows = s.rows; kinds = s.kinds; symbolVariables = s.symbolVariables
        columns = s.columns; columnLive = s.columnLive; columnDirty = s.columnDirty
        rowStamps = s.rowStamps; nextIndex = s.nextIndex; externalIndices = s.externalIndices
        externalsDirty = s.externalsDirty; freeIndices = s.freeIndices; liveSymbols = s.liveSymbols
        basicCount = s.basicCount; levels = s.levels; objectiveTouched = s.objectiveTouched
        objectiveFlag = s.objectiveFlag; objectiveAllDirty = s.objectiveAllDirty
        infeasible = s.infeasible; constraints = s.constraints; edits = s.edits
        variables = s.variables; seqCounter = s.seqCounter; userConstraints = s.userConstraints
        orphans = s.orphans; implicitMarkers = s.implicitMarkers; dummyCells = s.dummyCells
        needsRebuild = s.needsRebuild
        inputMagnitude = s.inputMagnitude
    }

    func restore(_ s: Solver) {
        s.rows = rows; s.kinds = kinds; s.symbolVariables = symbolVariables
        s.columns = columns; s.columnLive = columnLive; s.columnDirty = columnDirty
        s.rowStamps = rowStamps; s.nextIndex = nextIndex; s.externalIndices = externalIndices
        s.externalsDirty = externalsDirty; s.freeIndices = freeIndices; s.liveSymbols = liveSymbols
        s.basicCount = basicCount; s.levels = levels; s.objectiveTouched = objectiveTouched
        s.objectiveFlag = objectiveFlag; s.objectiveAllDirty = objectiveAllDirty
        s.infeasible = infeasible; s.constraints = constraints; s.edits = edits
        s.variables = variables; s.seqCounter = seqCounter; s.userConstraints = userConstraints
        s.orphans = orphans; s.implicitMarkers = implicitMarkers; s.dummyCells = dummyCells
        s.needsRebuild = needsRebuild
        s.dependentsDirty = true
        s.inputMagnitude = inputMagnitude
        s.artificial = nil
        s.undoRows.removeAll(keepingCapacity: true)
        s.undoConstants.removeAll(keepingCapacity: true)
        s.undoLog.removeAll(keepingCapacity: true)
        s.saved = nil
    }
}

extension Solver {
    /// Rebuilds the tableau if an implicit-marker constraint was removed or re-constanted since
    /// the last use. All or nothing: on error the solver is exactly as before (still pending).
    ///
    /// - Throws: ``SolverError/pivotBudgetExceeded`` (or, on numerical trouble only,
    ///   ``SolverError/unsatisfiableConstraint``) while re-entering the constraints.
    internal func rebuildIfNeeded() throws {
        guard needsRebuild else { return }
        let before = SolverState(self)
        do {
            try rebuild()
            try verifyOperation(full: true)
        } catch {
            before.restore(self)
            throw error
        }
    }

    /// Re-enters every remaining constraint (edit constraints included, with the constants this
    /// solver tracks: ``Tag/constant``) in the order they were first added, into an empty
    /// tableau, and optimises once. The result represents the same constraints; where the optimum
    /// is unique it has the same values. Sequence numbers are renumbered in the same order.
    internal func rebuild() throws {
        let tags = constraints.values.sorted { $0.seq < $1.seq }
        let oldEdits = edits
        let count = userConstraints
        let statsBefore = stats
        let pivotsBefore = totalPivots
        let inputsBefore = inputMagnitude
        reset()
        inputMagnitude = inputsBefore
        stats = statsBefore
        totalPivots = pivotsBefore
        rebuilds += 1
        txStamp &+= 1
        pivots = 0
        for tag in tags {
            pivotBudget = pivotBudgetOverride ?? (pivots + 100 * (basicCount + liveSymbols) + 1000)
            try addInternal(tag.constraint, isEdit: tag.isEdit, optimizeAfter: false, constant: tag.constant)
        }
        for (key, info) in oldEdits {
            let seq = constraints[ObjectIdentifier(info.constraint)]!.seq
            edits[key] = EditInfo(constraint: info.constraint, value: info.value, seq: seq)
        }
        userConstraints = count
        pivotBudget = pivotBudgetOverride ?? (pivots + 100 * (basicCount + liveSymbols) + 1000)
        try optimize()
        needsRebuild = false
        infeasible.removeAll(keepingCapacity: true)
        undoRows.removeAll(keepingCapacity: true)
        undoConstants.removeAll(keepingCapacity: true)
        undoLog.removeAll(keepingCapacity: true)
    }
}
