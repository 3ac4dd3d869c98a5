// The incremental Cassowary solver with strictly hierarchical (lexicographic) priorities.
//
// Algorithm: G. J. Badros, A. Borning, P. J. Stuckey, "The Cassowary Linear Arithmetic Constraint
// Solving Algorithm", ACM TOCHI 8(4), 2001 — in the incremental form popularised by kiwi
// (restricted/unrestricted symbols, slack/error/dummy markers, an artificial-variable phase for
// rows that cannot pick a subject, primal optimisation after add/remove, dual optimisation after
// suggestions and constant changes). Written from the paper; no code is copied.
//
// Differences from kiwi:
// * The objective is a vector: one objective row per distinct optional priority ("level"),
//   compared lexicographically from the highest level down; within a level every error symbol
//   has weight 1. This is the paper's symbolic-weight formulation.
// * Every pivot choice is deterministic and Bland-like (lowest symbol id on ties), which
//   guarantees termination; a pivot budget turns numerical trouble into an error, not a hang.
// * Every public mutating operation is a transaction: on error the tableau is restored from an
//   undo journal, so a failed call leaves the solver exactly as before.

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
    /// Distinct external symbols referenced by the expression.
    var variables: [Int]
    /// The expression's coefficient of each of `variables` (terms of the same variable summed;
    /// terms below ``SolverLimits/minimumCoefficient`` count as 0): the constraint as the
    /// tableau must encode it, read by the verification (Conditioning.swift) without hashing.
    var coefficients: [Double]
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

/// An edit variable's bookkeeping.
internal struct EditInfo {
    let constraint: Constraint
    /// The last suggested value (0 right after `addEditVariable`).
    var value: Double
    let seq: Int
}

/// A user variable known to the solver.
internal struct VarEntry {
    let symbol: Int
    /// Number of constraints that reference the variable.
    var refs: Int
}

/// One optional priority level of the lexicographic objective.
internal struct Level {
    let priority: Double
    /// Sum of the level's error symbols, expressed in parametric symbols.
    var row: Row
    /// Number of constraints of this priority.
    var count: Int
}

/// Undo entries for the non-row state changed inside a transaction.
internal enum Undo {
    case constraint(ObjectIdentifier, Tag?)
    case edit(ObjectIdentifier, EditInfo?)
    case variable(ObjectIdentifier, VarEntry?)
    case symbolVariable(Int, Variable?)
    case kind(Int, UInt8)
}

/// Counters of the solver's code paths (for tests and benchmarks; never used in decisions).
internal struct Stats {
    var primalPivots = 0
    var artificialPivots = 0
    var dualPivots = 0
    var artificialAdds = 0
    var droppedArtificialRows = 0
    /// Marker leaving rows chosen by rule 1 (restricted, negative coefficient), rule 2
    /// (restricted), rule 3 (unrestricted), or not found.
    var markerLeaving = [0, 0, 0, 0]
    var unsatisfiableAdds = 0
    var dualFailures = 0
    /// Exchanges that repeated without the objective improving (rounding; the entering symbol was set aside).
    var cyclesStopped = 0
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
    var needsRebuild: Bool
    /// Verification state a refused operation must not change (Conditioning.swift).
    var inputMagnitude: Double
    var operationsSinceFullCheck: Int
}

/// An incremental Cassowary linear-constraint solver with strictly hierarchical priorities.
///
/// Algorithm: Badros, Borning & Stuckey, "The Cassowary Linear Arithmetic Constraint Solving
/// Algorithm", ACM TOCHI 2001, in its incremental form (as kiwi implements it), with the
/// paper's symbolic weights: the objective is one row per distinct optional priority, minimised
/// lexicographically from the highest priority down; within a priority every error counts with
/// weight 1. A satisfied priority-751 constraint is therefore never traded for any number of
/// priority-750 constraints.
///
/// **Failure atomicity.** Every throwing operation either succeeds or leaves the solver exactly
/// as it was (same tableau, same ``dump()``).
///
/// **Determinism.** Symbols get dense integer ids in creation order (the indices of removed
/// symbols are reused, most recently freed first); every pivot choice breaks
/// ties by the lowest id (Bland's rule for the primal, its dual form for the dual simplex),
/// which also guarantees termination in exact arithmetic. Dictionaries are only used for
/// lookups. The same sequence of calls gives bit-identical results.
///
/// **Tolerances.** Absolute epsilon 1e-8 for decisions: constants within it of zero count as
/// zero (feasibility, ratio tests, redundant equalities) and coefficients within it of zero are
/// never pivots. Storage keeps small coefficients (a product is dropped below 1e-30, a sum only as
/// cancellation noise, `|a + b| <= 1e-12 × max(|a|, |b|)`), and a new row is solved for its
/// largest user-variable coefficient (partial pivoting). Inputs are limited by ``SolverLimits``.
///
/// **Pivot budget.** Each operation may pivot at most `100 × (rows + symbols) + 1000` times;
/// beyond that it throws ``SolverError/pivotBudgetExceeded`` and restores the previous state.
///
/// Not thread-safe: use one solver from one thread at a time (the hot storage is declared
/// `@exclusivity(unchecked)`; the solver never overlaps accesses to it).
public final class Solver {
    // MARK: Tableau storage (indexed by symbol index)

    /// `rows[i]` is the row of the basic symbol of index `i`, or nil when that symbol is parametric
    /// (or the index is free).
    @exclusivity(unchecked) internal var rows: [Row?] = []
    /// Kind of the symbol of each index (`SymbolKind`).
    @exclusivity(unchecked) internal var kinds: [UInt8] = []
    /// The user variable of each external symbol index.
    @exclusivity(unchecked) internal var symbolVariables: [Variable?] = []
    /// Column index: for each symbol index, the indices of the rows in which the symbol occurs
    /// (unordered; may also hold stale or repeated entries, which are validated against the rows
    /// and compacted lazily). Derived data: rebuilt from the rows after a rollback.
    @exclusivity(unchecked) internal var columns: [[Int]] = []
    /// Exact number of rows holding each symbol (bounds the stale entries of `columns`).
    @exclusivity(unchecked) internal var columnLive: [Int] = []
    /// Whether a column may hold stale, repeated or unsorted entries (else it is exact and
    /// sorted).
    @exclusivity(unchecked) internal var columnDirty: [Bool] = []
    /// Transaction stamp of the last journaled change of each row.
    @exclusivity(unchecked) internal var rowStamps: [Int] = []
    internal var nextIndex = 0
    /// Indices of the user-variable symbols, for `updateVariables` (rebuilt when dirty).
    @exclusivity(unchecked) internal var externalIndices: [Int] = []
    internal var externalsDirty = false
    @exclusivity(unchecked) internal var freeIndices: [Int] = []
    internal var liveSymbols = 0
    internal var basicCount = 0

    /// Objective levels, highest priority first.
    @exclusivity(unchecked) internal var levels: [Level] = []
    /// Indices of the symbols whose objective coefficients changed since they were last found
    /// not to be entering candidates. Every candidate is in this list (untouched symbols keep
    /// the non-candidate status they had at the last optimum), so the entering choice only
    /// looks here instead of scanning every objective cell.
    @exclusivity(unchecked) internal var objectiveTouched: [Int] = []
    /// Whether each symbol index is in `objectiveTouched`.
    @exclusivity(unchecked) internal var objectiveFlag: [Bool] = []
    /// Set after a rollback: `objectiveTouched` must be rebuilt from the objective rows.
    internal var objectiveAllDirty = false
    /// The phase-one objective while a row is added through an artificial variable.
    @exclusivity(unchecked) internal var artificial: Row? = nil
    /// Restricted basic symbols whose row may have a negative constant.
    @exclusivity(unchecked) internal var infeasible: [Int] = []
    /// Per-row stamps of `compactColumn` (which rows the current compaction has seen).
    @exclusivity(unchecked) internal var compactSeen: [Int] = []
    internal var compactStamp = 0
    /// Scratch buffers of `collectColumn`.
    /// (Only the first `columnCount` entries are meaningful: the buffers are written through
    /// pointers, never appended to, so the inner loop has no uniqueness checks.)
    @exclusivity(unchecked) internal var columnIndices: [Int] = []
    @exclusivity(unchecked) internal var columnCoeffs: [Double] = []
    internal var columnCount = 0
    /// Scratch buffers of `substitute`.
    @exclusivity(unchecked) internal var added: [Int] = []
    @exclusivity(unchecked) internal var removed: [Int] = []

    @exclusivity(unchecked) internal var constraints: [ObjectIdentifier: Tag] = [:]
    @exclusivity(unchecked) internal var edits: [ObjectIdentifier: EditInfo] = [:]
    @exclusivity(unchecked) internal var variables: [ObjectIdentifier: VarEntry] = [:]
    internal var seqCounter = 0
    internal var userConstraints = 0
    /// User-variable symbols whose last constraint went away while they were still basic. In exact
    /// arithmetic that cannot happen (the basis would be singular); rounding can leave such a row
    /// until a later removal pivots the symbol out. Each is released once it is parametric.
    @exclusivity(unchecked) internal var orphans: [Int] = []

    // MARK: Implicit dummy markers

    /// Whether new required equalities get an implicit dummy marker (not stored in the rows).
    /// Set when the stored dummy cells outgrow ``implicitMarkerThreshold``; cleared by a rebuild.
    internal var implicitMarkers = false
    /// Number of cells of dummy symbols in the rows (kept by the column index).
    internal var dummyCells = 0
    /// An implicit-marker constraint was removed (or its constant changed): the tableau still
    /// encodes the old constraint set and is rebuilt before the next use.
    internal var needsRebuild = false
    /// The largest magnitude of any constant or suggested value given to this solver (at least
    /// 1; a high-water mark, never lowered).
    internal var inputMagnitude = 1.0
    /// Number of operations refused by the verification (statistics for tests).
    internal var instabilityRefusals = 0
    /// What the verification found when it last refused an operation (for tests and debugging).
    internal var lastRefusal: String? = nil
    /// Number of operations verified (statistics for tests).
    internal var verifiedOperations = 0

    // MARK: Verification state (Conditioning.swift)

    /// The required, non-edit constraints as the verification reads them (slots of removed ones
    /// are free for reuse: ``freeRecords``). Derived data, rebuilt after a rollback.
    @exclusivity(unchecked) internal var records: [CheckRecord] = []
    @exclusivity(unchecked) internal var freeRecords: [Int] = []
    /// For each symbol index, the record slots of the constraints whose verification reads the
    /// row at that index (their variables' and marker's), as singly linked lists in one pool (no
    /// allocation per symbol): `dependentHead[index]` is the first entry or -1, each entry `e`
    /// names `dependentSlot[e]` and links to `dependentNext[e]`. Derived data: entries of removed
    /// constraints (or of a marker that changed, or of a rolled-back transaction) stay until the
    /// next reindex and are filtered when read (``entryValid(_:)``).
    @exclusivity(unchecked) internal var dependentHead: [Int] = []
    @exclusivity(unchecked) internal var dependentNext: [Int] = []
    @exclusivity(unchecked) internal var dependentSlot: [Int] = []
    /// The generation of the record each entry named (``CheckRecord/generation``).
    @exclusivity(unchecked) internal var dependentGen: [Int] = []
    internal var recordGeneration = 0
    /// Σ |δ/μ| of the parameter shifts of the current operation (``shiftConstant``).
    internal var shiftedParameter = 0.0
    /// The largest ``CheckRecord/residue`` since the last full check (infinity after a reindex),
    /// and the shifts whose constraints were not even looked at because of it.
    internal var residueHighWater = Double.infinity
    /// Running totals of the parameter shifts (Σ|δ/μ|) and of their rounding bounds, and their
    /// values at the last full check (Conditioning.swift, shifted rows).
    internal var totalShift = 0.0
    internal var totalRounding = 0.0
    internal var fullCheckShift = 0.0
    internal var fullCheckRounding = 0.0
    /// The largest ``CheckRecord/coeffSum`` of any record since the last reindex.
    internal var coeffSumHighWater = 0.0
    @exclusivity(unchecked) internal var dependentEntries = 0
    @exclusivity(unchecked) internal var staleDependents = 0
    /// Set by a rollback or a failed rebuild: ``dependents`` is rebuilt before the next operation.
    internal var dependentsDirty = false
    /// Records of the required constraints added or changed by the current transaction (verified
    /// even if no row of theirs was written).
    @exclusivity(unchecked) internal var changedRecords: [Int] = []
    /// Operations since the last full verification, and that verification's magnitude `M`.
    @exclusivity(unchecked) internal var operationsSinceFullCheck = 0
    @exclusivity(unchecked) internal var verifiedMagnitude = 1.0
    /// Constraints checked by the verification so far (statistics for tests and benchmarks).
    @exclusivity(unchecked) internal var checkedConstraints = 0
    /// The smallest `M` with which every verdict since the last full check passes (see
    /// ``tagViolation(_:magnitude:)``): while it is at most ``inputMagnitude`` (which never
    /// falls), no fall of `M` can break an accepted result.
    @exclusivity(unchecked) internal var magnitudeNeeded = 0.0
    /// The largest ``productMagnitude(_:)`` of a required constraint removed by the current
    /// operation (if near `M`, `M` may have fallen).
    @exclusivity(unchecked) internal var removedMagnitude = 0.0
    /// Tests set this to `true` to verify incrementally even where a full check would run.
    internal var incrementalVerificationOverride: Bool? = nil
    /// Scratch of the verification (dense by symbol index, reused; see ``tagViolation``).
    @exclusivity(unchecked) internal var verifyStamp = 0
    @exclusivity(unchecked) internal var verifyIndexStamps: [Int] = []
    @exclusivity(unchecked) internal var verifyCellStamps: [Int] = []
    @exclusivity(unchecked) internal var verifyAcc: [Double] = []
    @exclusivity(unchecked) internal var verifyMag: [Double] = []
    @exclusivity(unchecked) internal var verifyCells: [Int] = []
    @exclusivity(unchecked) internal var recordStamps: [Int] = []
    @exclusivity(unchecked) internal var valueStamps: [Int] = []
    /// Record slots the last incremental check gave only the value check (for tests).
    @exclusivity(unchecked) internal var valueList: [Int] = []
    /// The record slots the last incremental check looked at (for tests).
    @exclusivity(unchecked) internal var checkList: [Int] = []
    @exclusivity(unchecked) internal var touchedRestricted: [Int] = []
    /// Number of rebuilds (statistics for tests and benchmarks).
    internal var rebuilds = 0
    /// Tests and the fuzzer set this (e.g. to -1: implicit from the first equality) to exercise
    /// implicit markers on small systems.
    internal var implicitMarkerThresholdOverride: Int? = nil

    // MARK: Transaction state

    internal var txStamp = 0
    @exclusivity(unchecked) internal var undoRows: [(Int, Row?)] = []
    /// Old constants of rows shifted before their first full journal entry (cheaper than a row
    /// copy); restored after `undoRows`.
    @exclusivity(unchecked) internal var undoConstants: [(Int, Double)] = []
    @exclusivity(unchecked) internal var undoLog: [Undo] = []
    @exclusivity(unchecked) internal var saved: Saved? = nil
    internal var pivotBudget = 0
    internal var pivots = 0
    /// Tests may lower the pivot budget of every operation to exercise
    /// ``SolverError/pivotBudgetExceeded``.
    internal var pivotBudgetOverride: Int? = nil
    /// Total pivots since creation (statistics for tests and benchmarks).
    internal var totalPivots = 0
    /// Code-path counters (statistics for tests and benchmarks).
    internal var stats = Stats()

    /// Creates an empty solver.
    public init() {}

    // MARK: - Public API

    /// Adds a constraint.
    ///
    /// Optional constraints (strength below 1000) are satisfied as well as possible, level by
    /// level from the highest priority down. Runs the primal simplex afterwards.
    ///
    /// - Throws: ``SolverError/invalidValue`` if a coefficient or the constant is NaN or
    ///   infinite, a coefficient's magnitude exceeds 1e6 or the constant's 1e12
    ///   (``SolverLimits``; coefficients below 1e-9 in magnitude count as 0), or the strength is
    ///   not in (0, 1000];
    ///   ``SolverError/duplicateConstraint`` if it was already added;
    ///   ``SolverError/unsatisfiableConstraint`` if it is required and contradicts the required
    ///   constraints already present; ``SolverError/pivotBudgetExceeded`` on numerical trouble.
    ///   On any error the solver is unchanged.
    public func addConstraint(_ constraint: Constraint) throws {
        try validate(constraint)
        let key = ObjectIdentifier(constraint)
        if constraints[key] != nil { throw SolverError.duplicateConstraint }
        try rebuildIfNeeded()
        try transact {
            try addInternal(constraint, isEdit: false)
            userConstraints += 1
        }
    }

    /// Adds several constraints as one operation, optimising once at the end (each constraint is
    /// entered into the tableau keeping it feasible, as ``addConstraint(_:)`` does, but the primal
    /// simplex runs only after the last one). All or nothing: if any constraint is refused, none
    /// is added. Where the optimum is unique the result equals adding them one by one.
    ///
    /// - Throws: ``SolverError/invalidValue`` for an invalid constraint (see
    ///   ``addConstraint(_:)``); ``SolverError/duplicateConstraint`` if one is already in the
    ///   solver or appears twice in `constraints`; ``SolverError/unsatisfiableConstraint`` if a
    ///   required one contradicts the required constraints before it (in array order) or already
    ///   present; ``SolverError/pivotBudgetExceeded`` on numerical trouble. On any error the
    ///   solver is unchanged.
    public func addConstraints(_ constraints: [Constraint]) throws {
        refusedIndex = nil
        // Repeated entries: a linear scan for small batches (no set to allocate per call), a set
        // beyond 16.
        var seen = Set<ObjectIdentifier>()
        let small = constraints.count <= 16
        for (i, c) in constraints.enumerated() {
            refusedIndex = i
            try validate(c)
            let key = ObjectIdentifier(c)
            if self.constraints[key] != nil { throw SolverError.duplicateConstraint }
            if small {
                for j in 0..<i where constraints[j] === c { throw SolverError.duplicateConstraint }
            } else if !seen.insert(key).inserted {
                throw SolverError.duplicateConstraint
            }
        }
        refusedIndex = nil
        try rebuildIfNeeded()
        var current: Int? = nil
        do {
            try transact {
                for (i, c) in constraints.enumerated() {
                    current = i
                    pivotBudget = pivotBudgetOverride ?? (pivots + 100 * (basicCount + liveSymbols) + 1000)
                    try addInternal(c, isEdit: false, optimizeAfter: false)
                    userConstraints += 1
                }
                current = nil
                pivotBudget = pivotBudgetOverride ?? (pivots + 100 * (basicCount + liveSymbols) + 1000)
                try optimize()
            }
        } catch {
            refusedIndex = (error as? SolverError) == .unsatisfiableConstraint ? current : nil
            throw error
        }
    }

    /// After ``addConstraints(_:)`` threw: the index in its array of the constraint that was
    /// refused (invalid, duplicate, or contradicting the required constraints before it), or nil
    /// when the failure was not one constraint's (a pivot budget, the verification of the whole
    /// operation, a pending rebuild). Undefined after a success. For error messages (the C layer
    /// names the element).
    package private(set) var refusedIndex: Int? = nil

    /// Removes a constraint previously added, then re-optimises (primal simplex).
    ///
    /// The constraint's marker leaves the basis by the paper's rule (a restricted row where the
    /// marker has a negative coefficient with the smallest ratio, else a restricted row with the
    /// smallest ratio, else an unrestricted row; ties by lowest id); its row is dropped and its
    /// error symbols disappear from the tableau and the objective. A priority level left without
    /// constraints is removed. A required equality with an *implicit* marker (large chained
    /// systems, docs/solver.md "Implicit dummy markers") is only marked removed: the next
    /// operation that needs the tableau rebuilds it from the remaining constraints.
    ///
    /// - Throws: ``SolverError/unknownConstraint`` if it is not in the solver (edit constraints
    ///   are internal and not accepted); ``SolverError/pivotBudgetExceeded`` or
    ///   ``SolverError/numericalInstability`` on numerical trouble (also from a pending rebuild,
    ///   which every throwing operation performs first). On error the solver is unchanged.
    public func removeConstraint(_ constraint: Constraint) throws {
        let key = ObjectIdentifier(constraint)
        guard let current = constraints[key], !current.isEdit else { throw SolverError.unknownConstraint }
        // Removing an implicit-marker equality only marks the tableau for a rebuild; while one is
        // pending, any removal is just recorded (the rebuild re-enters only what remains), so a
        // batch of removals costs one rebuild.
        if current.implicit || needsRebuild {
            try transact {
                setConstraint(key, nil)
                needsRebuild = true
                userConstraints -= 1
            }
            return
        }
        try transact {
            try removeInternal(key, current)
            userConstraints -= 1
        }
    }

    /// Whether the constraint has been added (and not removed).
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        guard let tag = constraints[ObjectIdentifier(constraint)] else { return false }
        return !tag.isEdit
    }

    /// Makes `variable` an edit variable: adds the optional constraint `variable == value` of the
    /// given strength, where `value` starts at 0 and is changed by ``suggestValue(_:_:)``.
    ///
    /// - Parameter strength: a priority in (0, 1000).
    /// - Throws: ``SolverError/duplicateEditVariable`` if it already is one;
    ///   ``SolverError/badRequiredStrength`` if `strength` is 1000 (required);
    ///   ``SolverError/invalidValue`` if `strength` is NaN, infinite, <= 0 or > 1000;
    ///   ``SolverError/pivotBudgetExceeded`` on numerical trouble. On error the solver is
    ///   unchanged.
    public func addEditVariable(_ variable: Variable, strength: Double) throws {
        let key = ObjectIdentifier(variable)
        if edits[key] != nil { throw SolverError.duplicateEditVariable }
        if strength == Strength.required { throw SolverError.badRequiredStrength }
        guard Strength.isValid(strength) else { throw SolverError.invalidValue }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try rebuildIfNeeded()
        try transact {
            try addInternal(constraint, isEdit: true)
            setEdit(key, EditInfo(constraint: constraint, value: 0, seq: constraints[ObjectIdentifier(constraint)]!.seq))
        }
    }

    /// Stops editing `variable`: removes its edit constraint.
    ///
    /// - Throws: ``SolverError/unknownEditVariable`` if it is not an edit variable;
    ///   ``SolverError/pivotBudgetExceeded`` on numerical trouble. On error the solver is
    ///   unchanged.
    public func removeEditVariable(_ variable: Variable) throws {
        let key = ObjectIdentifier(variable)
        guard let info = edits[key] else { throw SolverError.unknownEditVariable }
        let ckey = ObjectIdentifier(info.constraint)
        if needsRebuild {
            // Recorded only; the pending rebuild re-enters what remains.
            try transact {
                setConstraint(ckey, nil)
                setEdit(key, nil)
            }
            return
        }
        let tag = constraints[ckey]!
        try transact {
            try removeInternal(ckey, tag)
            setEdit(key, nil)
        }
    }

    /// Whether `variable` is an edit variable of this solver.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggests a value (in the variable's unit) for an edit variable and re-optimises with the
    /// dual simplex (the tableau rows holding the edit constraint's error symbols are shifted;
    /// nothing is rebuilt). Call ``updateVariables()`` to read the result.
    ///
    /// - Throws: ``SolverError/unknownEditVariable`` if `variable` is not an edit variable;
    ///   ``SolverError/invalidValue`` if `value` is NaN, infinite or beyond
    ///   ``SolverLimits/maximumConstant`` (1e12);
    ///   ``SolverError/pivotBudgetExceeded`` on numerical trouble. On error the solver is
    ///   unchanged.
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        let key = ObjectIdentifier(variable)
        guard var info = edits[key] else { throw SolverError.unknownEditVariable }
        guard SolverLimits.isValidConstant(value) else { throw SolverError.invalidValue }
        try rebuildIfNeeded()
        let ckey = ObjectIdentifier(info.constraint)
        try transact {
            noteInput(value)
            try shiftConstant(ckey, to: -value)
            try dualOptimize()
            info.value = value
            setEdit(key, info)
        }
        info.constraint.expression.constant = -value
    }

    /// Changes the constant of an added constraint's expression incrementally: the tableau rows
    /// holding the constraint's marker (or error) symbol are shifted and the dual simplex
    /// restores optimality — the same mechanism as ``suggestValue(_:_:)``, never a remove + add.
    /// (A required equality with an implicit marker has no stored column to shift: the tableau is
    /// rebuilt with the new constant, all or nothing.) On success `constraint.expression.constant`
    /// becomes `newConstant`.
    ///
    /// If the constraint was added to several solvers, each solver tracks its own constant; the
    /// `Constraint` object shows the last value set through any of them.
    ///
    /// - Throws: ``SolverError/unknownConstraint`` if it is not in the solver;
    ///   ``SolverError/invalidValue`` if `newConstant` is NaN, infinite or beyond
    ///   ``SolverLimits/maximumConstant`` (1e12);
    ///   ``SolverError/unsatisfiableConstraint`` if the required constraints would contradict
    ///   each other; ``SolverError/pivotBudgetExceeded`` on numerical trouble. On error the
    ///   solver is unchanged (and so is the constraint).
    public func setConstant(_ constraint: Constraint, to newConstant: Double) throws {
        let key = ObjectIdentifier(constraint)
        guard let tag = constraints[key], !tag.isEdit else { throw SolverError.unknownConstraint }
        guard SolverLimits.isValidConstant(newConstant) else { throw SolverError.invalidValue }
        try rebuildIfNeeded()
        if var t = constraints[key], t.implicit {
            // No stored marker column to shift: rebuild with the new constant (all or nothing).
            let before = SolverState(self)
            noteInput(newConstant)
            t.constant = newConstant
            constraints[key] = t
            needsRebuild = true
            do { try rebuildIfNeeded() } catch {
                before.restore(self)
                throw error
            }
            constraint.expression.constant = newConstant
            return
        }
        try transact {
            noteInput(newConstant)
            try shiftConstant(key, to: newConstant)
            try dualOptimize()
        }
        constraint.expression.constant = newConstant
    }

    /// Copies the solved values into every ``Variable/value`` this solver knows (a variable that
    /// is not basic has value 0).
    public func updateVariables() {
        // A failed rebuild (numerical trouble only) keeps the previous tableau's values.
        try? rebuildIfNeeded()
        if externalsDirty {
            externalIndices.removeAll(keepingCapacity: true)
            for i in 0..<nextIndex where symbolVariables[i] != nil { externalIndices.append(i) }
            externalsDirty = false
        }
        rows.withUnsafeBufferPointer { r in
            symbolVariables.withUnsafeBufferPointer { vars in
                for i in externalIndices {
                    vars[i].unsafelyUnwrapped.value = r[i]?.constant ?? 0
                }
            }
        }
    }

    /// Removes every constraint and edit variable (variables keep their last values).
    public func reset() {
        rows = []
        kinds = []
        symbolVariables = []
        rowStamps = []
        externalIndices = []
        externalsDirty = false
        columns = []
        objectiveTouched = []
        objectiveFlag = []
        objectiveAllDirty = false
        columnLive = []
        columnDirty = []
        nextIndex = 0
        freeIndices = []
        liveSymbols = 0
        basicCount = 0
        levels = []
        artificial = nil
        infeasible = []
        constraints = [:]
        edits = [:]
        variables = [:]
        seqCounter = 0
        userConstraints = 0
        orphans = []
        inputMagnitude = 1
        dependentHead = []
        dependentNext = []
        dependentSlot = []
        dependentGen = []
        records = []
        freeRecords = []
        dependentEntries = 0
        staleDependents = 0
        dependentsDirty = false
        changedRecords = []
        operationsSinceFullCheck = 0
        verifiedMagnitude = 1
        removedMagnitude = 0
        magnitudeNeeded = 0
        residueHighWater = .infinity
        totalShift = 0
        totalRounding = 0
        fullCheckShift = 0
        fullCheckRounding = 0
        coeffSumHighWater = 0
        shiftedParameter = 0
        implicitMarkers = false
        dummyCells = 0
        needsRebuild = false
        undoRows = []
        undoConstants = []
        undoLog = []
        saved = nil
    }

    /// Number of rows of the tableau (one per constraint, edit constraints included).
    public var rowCount: Int {
        try? rebuildIfNeeded()
        return basicCount
    }

    /// Number of cells (non-zero coefficients) in all objective rows.
    public var objectiveTermCount: Int {
        try? rebuildIfNeeded()
        var n = 0
        for l in levels { n += l.row.cells.count }
        return n
    }

    /// Number of constraints added with ``addConstraint(_:)`` and not removed (edit constraints
    /// are not counted).
    public var constraintCount: Int { userConstraints }

    // MARK: - Validation

    /// Refuses NaN/infinite numbers, magnitudes beyond ``SolverLimits`` and invalid strengths.
    internal func validate(_ c: Constraint) throws {
        guard Strength.isValid(c.strength), SolverLimits.isValidConstant(c.expression.constant) else {
            throw SolverError.invalidValue
        }
        for t in c.expression.terms where !SolverLimits.isValidCoefficient(t.coefficient) {
            throw SolverError.invalidValue
        }
        if SolverLimits.variableBeyondLimit(in: c.expression.terms) != nil { throw SolverError.invalidValue }
    }

    // MARK: - Transactions

    @inline(__always)
    internal func transact(_ body: () throws -> Void) throws {
        txStamp &+= 1
        saved = Saved(levels: levels, infeasible: infeasible, freeIndices: freeIndices,
                      nextIndex: nextIndex, liveSymbols: liveSymbols, rowCount: basicCount,
                      seq: seqCounter, userConstraints: userConstraints, orphans: orphans,
                      implicitMarkers: implicitMarkers, needsRebuild: needsRebuild,
                      inputMagnitude: inputMagnitude, operationsSinceFullCheck: operationsSinceFullCheck)
        pivots = 0
        pivotBudget = pivotBudgetOverride ?? (100 * (basicCount + liveSymbols) + 1000)
        if dependentsDirty || staleDependents > dependentEntries / 2 + 1024 { reindexDependents() }
        changedRecords.removeAll(keepingCapacity: true)
        removedMagnitude = 0
        shiftedParameter = 0
        do {
            try body()
            try verifyOperation()
            infeasible.removeAll(keepingCapacity: true)
            artificial = nil
            undoRows.removeAll(keepingCapacity: true)
            undoConstants.removeAll(keepingCapacity: true)
            undoLog.removeAll(keepingCapacity: true)
            saved = nil
        } catch {
            rollback()
            throw error
        }
    }

    internal func rollback() {
        var i = undoRows.count - 1
        while i >= 0 {
            rows[undoRows[i].0] = undoRows[i].1
            i -= 1
        }
        var k = undoConstants.count - 1
        while k >= 0 {
            rows[undoConstants[k].0]!.constant = undoConstants[k].1
            k -= 1
        }
        var j = undoLog.count - 1
        while j >= 0 {
            switch undoLog[j] {
            case let .constraint(k, v): constraints[k] = v
            case let .edit(k, v): edits[k] = v
            case let .variable(k, v): variables[k] = v
            case let .symbolVariable(idx, v): symbolVariables[idx] = v
            case let .kind(idx, k): kinds[idx] = k
            }
            j -= 1
        }
        rebuildColumns()
        dependentsDirty = true
        externalsDirty = true
        objectiveAllDirty = true
        let s = saved!
        levels = s.levels
        infeasible = s.infeasible
        freeIndices = s.freeIndices
        nextIndex = s.nextIndex
        liveSymbols = s.liveSymbols
        basicCount = s.rowCount
        seqCounter = s.seq
        userConstraints = s.userConstraints
        orphans = s.orphans
        implicitMarkers = s.implicitMarkers
        needsRebuild = s.needsRebuild
        inputMagnitude = s.inputMagnitude
        operationsSinceFullCheck = s.operationsSinceFullCheck
        artificial = nil
        undoRows.removeAll(keepingCapacity: true)
        undoConstants.removeAll(keepingCapacity: true)
        undoLog.removeAll(keepingCapacity: true)
        saved = nil
    }

    /// Records that the objective coefficients of `id` may have changed.
    @inline(__always)
    internal func touchObjective(_ id: Int) {
        let i = indexOf(id)
        if !objectiveFlag[i] {
            objectiveFlag[i] = true
            objectiveTouched.append(i)
        }
    }

    /// Recomputes the column index from the rows.
    internal func rebuildColumns() {
        for i in 0..<columns.count {
            columns[i].removeAll(keepingCapacity: true)
            columnLive[i] = 0
            columnDirty[i] = false
        }
        dummyCells = 0
        for index in 0..<nextIndex {
            guard let r = rows[index] else { continue }
            for cell in r.cells {
                columns[indexOf(cell.id)].append(index)
                columnLive[indexOf(cell.id)] += 1
                if kindOf(cell.id) == SymbolKind.dummy { dummyCells += 1 }
            }
        }
    }

    /// Records that the symbol of `symbolIndex` now occurs in row `rowIndex`.
    @inline(__always)
    internal func columnAdd(_ symbolIndex: Int, _ rowIndex: Int) {
        // One allocation for a new column instead of growing 1 → 2 → 4 → 8.
        if columns[symbolIndex].capacity == 0 { columns[symbolIndex].reserveCapacity(8) }
        columns[symbolIndex].append(rowIndex)
        columnLive[symbolIndex] += 1
        columnDirty[symbolIndex] = true
        if kinds[symbolIndex] == UInt8(SymbolKind.dummy) { dummyCells += 1 }
        if columns[symbolIndex].count > 2 * columnLive[symbolIndex] + 16 {
            compactColumn(makeID(symbolIndex, Int(kinds[symbolIndex])))
        }
    }

    /// Records that the symbol of `symbolIndex` no longer occurs in one row (the entry becomes
    /// stale and is dropped at the next compaction).
    @inline(__always)
    internal func columnRemove(_ symbolIndex: Int) {
        columnLive[symbolIndex] -= 1
        columnDirty[symbolIndex] = true
        if kinds[symbolIndex] == UInt8(SymbolKind.dummy) { dummyCells -= 1 }
    }

    /// Drops the stale and repeated entries of the column of `id` (linear: repeated entries are
    /// found with a per-row stamp, not by sorting). The column keeps insertion order; every user
    /// breaks ties by symbol id explicitly, so the order never matters.
    internal func compactColumn(_ id: Int) {
        let ci = indexOf(id)
        if !columnDirty[ci] { return }
        columnDirty[ci] = false
        var col = columns[ci]
        columns[ci] = []
        if compactSeen.count < rows.count {
            compactSeen.append(contentsOf: repeatElement(0, count: rows.count - compactSeen.count))
        }
        compactStamp &+= 1
        let stamp = compactStamp
        var w = 0
        rows.withUnsafeBufferPointer { buf in
            compactSeen.withUnsafeMutableBufferPointer { seen in
                col.withUnsafeMutableBufferPointer { c in
                    for n in 0..<c.count {
                        let index = c[n]
                        if seen[index] == stamp { continue }
                        seen[index] = stamp
                        if let r = buf[index], r.coefficient(of: id) != 0 {
                            c[w] = index
                            w += 1
                        }
                    }
                }
            }
        }
        col.removeSubrange(w..<col.count)
        columns[ci] = col
        columnLive[ci] = w
    }

    /// Journals the constant of row `index` before it is changed (rows already journaled in
    /// full in this transaction need nothing).
    @inline(__always)
    internal func touchConstant(_ index: Int) {
        if rowStamps[index] != txStamp {
            undoConstants.append((index, rows[index].unsafelyUnwrapped.constant))
        }
    }

    @inline(__always)
    internal func touch(_ index: Int) {
        if rowStamps[index] != txStamp {
            rowStamps[index] = txStamp
            undoRows.append((index, rows[index]))
        }
    }

    internal func setConstraint(_ key: ObjectIdentifier, _ tag: Tag?) {
        let old = constraints[key]
        undoLog.append(.constraint(key, old))
        if let t = tag, t.isRequired && !t.isEdit {
            constraints[key] = updateRecord(t)
        } else {
            constraints[key] = tag
            if tag == nil, let o = old { freeRecord(o) }
        }
    }

    internal func setEdit(_ key: ObjectIdentifier, _ info: EditInfo?) {
        undoLog.append(.edit(key, edits[key]))
        edits[key] = info
    }

    internal func setVariable(_ key: ObjectIdentifier, _ entry: VarEntry?) {
        undoLog.append(.variable(key, variables[key]))
        variables[key] = entry
    }

    @inline(__always)
    internal func countPivot() throws {
        pivots += 1
        totalPivots += 1
        if pivots > pivotBudget { throw SolverError.pivotBudgetExceeded }
    }

    // MARK: - Symbols and rows

    internal func newSymbol(_ kind: Int) -> Int {
        let index: Int
        if let f = freeIndices.popLast() {
            index = f
        } else {
            index = nextIndex
            nextIndex += 1
            if index == rows.count {
                rows.append(nil)
                kinds.append(0)
                symbolVariables.append(nil)
                rowStamps.append(0)
                columns.append([])
                objectiveFlag.append(false)
                columnLive.append(0)
                columnDirty.append(false)
            }
        }
        undoLog.append(.kind(index, kinds[index]))
        kinds[index] = UInt8(kind)
        liveSymbols += 1
        return makeID(index, kind)
    }

    /// Releases a symbol that no longer occurs anywhere.
    internal func freeSymbol(_ id: Int) {
        let index = indexOf(id)
        if symbolVariables[index] != nil {
            undoLog.append(.symbolVariable(index, symbolVariables[index]))
            symbolVariables[index] = nil
        }
        columns[index].removeAll(keepingCapacity: true)
        columnLive[index] = 0
        columnDirty[index] = false
        externalsDirty = true
        freeIndices.append(index)
        liveSymbols -= 1
    }

    @inline(__always)
    internal func isBasic(_ id: Int) -> Bool { rows[indexOf(id)] != nil }

    @inline(__always)
    internal func idOfIndex(_ index: Int) -> Int { makeID(index, Int(kinds[index])) }

    internal func setRow(_ id: Int, _ row: Row) {
        let index = indexOf(id)
        touch(index)
        if let old = rows[index] {
            for cell in old.cells { columnRemove(indexOf(cell.id)) }
        } else {
            basicCount += 1
        }
        rows[index] = row
        for cell in row.cells { columnAdd(indexOf(cell.id), index) }
    }

    internal func takeRow(_ id: Int) -> Row {
        let index = indexOf(id)
        touch(index)
        let r = rows[index]!
        for cell in r.cells { columnRemove(indexOf(cell.id)) }
        rows[index] = nil
        basicCount -= 1
        return r
    }

    @inline(__always)
    internal func markIfInfeasible(_ index: Int, _ id: Int) {
        if isRestrictedPivotable(id), rows[index]!.constant < -absoluteEpsilon {
            if infeasible.last != id { infeasible.append(id) }
        }
    }

    /// Collects the indices of the rows in which `id` occurs (in no particular order) and its coefficients
    /// there, without copying rows (no reference counting in the scan).
    internal func collectColumn(_ id: Int) {
        let ci = indexOf(id)
        let need = columns[ci].count
        if columnIndices.count < need {
            columnIndices.append(contentsOf: repeatElement(0, count: need - columnIndices.count))
            columnCoeffs.append(contentsOf: repeatElement(0, count: need - columnCoeffs.count))
        }
        var k = 0
        if columnDirty[ci] {
            // Compact and collect in one pass (one coefficient look-up per entry).
            columnDirty[ci] = false
            var col = columns[ci]
            columns[ci] = []
            if compactSeen.count < rows.count {
                compactSeen.append(contentsOf: repeatElement(0, count: rows.count - compactSeen.count))
            }
            compactStamp &+= 1
            let stamp = compactStamp
            var w = 0
            rows.withUnsafeBufferPointer { buf in
                compactSeen.withUnsafeMutableBufferPointer { seen in
                    columnIndices.withUnsafeMutableBufferPointer { outIndex in
                        columnCoeffs.withUnsafeMutableBufferPointer { outCoeff in
                            col.withUnsafeMutableBufferPointer { c in
                                for n in 0..<c.count {
                                    let index = c[n]
                                    if seen[index] == stamp { continue }
                                    seen[index] = stamp
                                    guard let r = buf[index] else { continue }
                                    let coeff = r.coefficient(of: id)
                                    if coeff != 0 {
                                        c[w] = index
                                        w += 1
                                        outIndex[k] = index
                                        outCoeff[k] = coeff
                                        k += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
            col.removeSubrange(w..<col.count)
            columns[ci] = col
            columnLive[ci] = w
        } else {
            rows.withUnsafeBufferPointer { buf in
                columns[ci].withUnsafeBufferPointer { c in
                    columnIndices.withUnsafeMutableBufferPointer { outIndex in
                        columnCoeffs.withUnsafeMutableBufferPointer { outCoeff in
                            for index in c {
                                outIndex[k] = index
                                outCoeff[k] = buf[index].unsafelyUnwrapped.coefficient(of: id)
                                k += 1
                            }
                        }
                    }
                }
            }
        }
        columnCount = k
    }

    /// Replaces the parametric symbol `id` by `row` everywhere (all rows, objective levels, the
    /// artificial objective). Rows of restricted symbols that become negative are recorded as
    /// infeasible.
    internal func substitute(_ id: Int, _ row: Row) {
        collectColumn(id)
        for n in 0..<columnCount {
            let index = columnIndices[n]
            touch(index)
            if kinds[index] == UInt8(SymbolKind.dummy) && nearZero(columnCoeffs[n]) {
                // A basic dummy's row relates required equalities: in exact arithmetic it holds
                // only dummies, and a dummy marker it holds with a real coefficient leaves through
                // it (`markerLeavingRow`). A cell within the epsilon is rounding residue, and
                // substituting it would multiply that residue by `row` (a 6e-12 cell of a removed
                // marker times a row of 1e6 values put 1e-8 error cells and a 1e-5 constant into a
                // dummy row; found by the solver fuzzer, fuzz/regressions/solver/
                // basic-dummy-over-non-dummy-after-remove). The cell is dropped; the verification
                // still checks the equality the row relates.
                _ = rows[index]!.remove(id)
                columnRemove(indexOf(id))
                continue
            }
            added.removeAll(keepingCapacity: true)
            removed.removeAll(keepingCapacity: true)
            rows[index]!.addScaledTracked(row, columnCoeffs[n], skipping: id, added: &added, removed: &removed)
            for a in added { columnAdd(indexOf(a), index) }
            for r in removed { columnRemove(indexOf(r)) }
            markIfInfeasible(index, idOfIndex(index))
        }
        var objectiveChanged = false
        for l in 0..<levels.count where levels[l].row.substitute(id, with: row) {
            objectiveChanged = true
        }
        if objectiveChanged {
            for cell in row.cells { touchObjective(cell.id) }
        }
        if artificial != nil {
            artificial!.substitute(id, with: row)
        }
    }

    /// Exchanges basic `leaving` and parametric `entering`.
    internal func pivot(leaving: Int, entering: Int) {
        var row = takeRow(leaving)
        row.solve(lhs: leaving, rhs: entering)
        substitute(entering, row)
        setRow(entering, row)
    }

    /// Removes the columns of `ids` from every row and objective (their coefficients are zero in
    /// exact arithmetic when this is called; this drops the rounding residue).
    internal func purgeColumns(_ ids: [Int]) {
        if ids.isEmpty { return }
        for id in ids {
            collectColumn(id)
            for n in 0..<columnCount {
                let index = columnIndices[n]
                touch(index)
                rows[index]!.remove(id)
                columnRemove(indexOf(id))
            }
        }
        for l in 0..<levels.count {
            for id in ids { levels[l].row.remove(id) }
        }
    }

    // MARK: - Levels

    /// Index of the level of `priority` in `levels` (sorted by decreasing priority), or where it
    /// would be inserted.
    internal func levelIndex(_ priority: Double) -> (Int, Bool) {
        var i = 0
        while i < levels.count {
            if levels[i].priority == priority { return (i, true) }
            if levels[i].priority < priority { return (i, false) }
            i += 1
        }
        return (i, false)
    }

    // MARK: - Variables

    internal func acquireVariable(_ v: Variable) -> Int {
        let key = ObjectIdentifier(v)
        if var e = variables[key] {
            e.refs += 1
            setVariable(key, e)
            return e.symbol
        }
        let sym = newSymbol(SymbolKind.external)
        let index = indexOf(sym)
        undoLog.append(.symbolVariable(index, symbolVariables[index]))
        symbolVariables[index] = v
        externalsDirty = true
        setVariable(key, VarEntry(symbol: sym, refs: 1))
        return sym
    }

    internal func releaseVariables(_ syms: [Int]) {
        var dead: [Int] = []
        for sym in syms {
            let v = symbolVariables[indexOf(sym)]!
            let key = ObjectIdentifier(v)
            var e = variables[key]!
            e.refs -= 1
            if e.refs == 0 && !isBasic(sym) {
                setVariable(key, nil)
                dead.append(sym)
            } else {
                // A basic variable with no constraint left cannot occur in exact arithmetic; if
                // rounding produced one, it stays registered (0 references) until it leaves the
                // basis (`releaseOrphans`).
                setVariable(key, e)
                if e.refs == 0 && !orphans.contains(sym) { orphans.append(sym) }
            }
        }
        if !dead.isEmpty {
            purgeColumns(dead)
            for s in dead { freeSymbol(s) }
        }
    }

    /// Releases the ``orphans`` that are no longer basic (and still unreferenced).
    internal func releaseOrphans() {
        if orphans.isEmpty { return }
        var dead: [Int] = []
        var kept: [Int] = []
        for sym in orphans {
            guard let v = symbolVariables[indexOf(sym)] else { continue }
            let key = ObjectIdentifier(v)
            guard let e = variables[key], e.symbol == sym, e.refs == 0 else { continue }
            if isBasic(sym) {
                kept.append(sym)
            } else {
                setVariable(key, nil)
                dead.append(sym)
            }
        }
        orphans = kept
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

        // Build `0 = expr` with basic variables substituted by their rows. `scale` sums the
        // magnitudes that make up the row's constant, for judging its rounding.
        var row = Row(constant: constant)
        var scale = constant.magnitude
        var syms: [Int] = []
        var coeffs: [Double] = []
        syms.reserveCapacity(expression.terms.count)
        coeffs.reserveCapacity(expression.terms.count)
        for term in expression.terms {
            let key = ObjectIdentifier(term.variable)
            var sym: Int
            var slot: Int
            if let e = variables[key], let k = syms.firstIndex(of: e.symbol) {
                sym = e.symbol
                slot = k
            } else {
                sym = acquireVariable(term.variable)
                slot = syms.count
                syms.append(sym)
                coeffs.append(0)
            }
            if term.coefficient.magnitude < SolverLimits.minimumCoefficient { continue }
            coeffs[slot] += term.coefficient
            if let basic = rows[indexOf(sym)] {
                row.addScaled(basic, term.coefficient)
                scale += (term.coefficient * basic.constant).magnitude
            } else {
                row.add(sym, term.coefficient)
            }
        }

        seqCounter += 1
        var tag = Tag(constraint: constraint, marker: -1, other: -1, markerCoeff: 0, otherCoeff: 0,
                      constant: constant, priority: required ? Strength.required : priority,
                      seq: seqCounter, variables: syms, coefficients: coeffs, isEdit: isEdit)
        var errors: [Int] = []
        switch constraint.op {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let c: Double = constraint.op == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(SymbolKind.slack)
            tag.marker = slack
            tag.markerCoeff = c
            row.add(slack, c)
            if !required {
                let e = newSymbol(SymbolKind.error)
                tag.other = e
                tag.otherCoeff = -c
                row.add(e, -c)
                errors.append(e)
            }
        case .equal:
            if required && implicitMarkers {
                tag.implicit = true
            } else if required {
                let d = newSymbol(SymbolKind.dummy)
                tag.marker = d
                tag.markerCoeff = 1
                row.add(d, 1)
            } else {
                let ep = newSymbol(SymbolKind.error)
                let em = newSymbol(SymbolKind.error)
                tag.marker = ep
                tag.markerCoeff = -1
                tag.other = em
                tag.otherCoeff = 1
                row.add(ep, -1)
                row.add(em, 1)
                errors.append(ep)
                errors.append(em)
            }
        }
        if !required {
            let (l, found) = levelIndex(priority)
            if !found {
                levels.insert(Level(priority: priority, row: Row(), count: 0), at: l)
            }
            levels[l].count += 1
            for e in errors {
                levels[l].row.add(e, 1)
                touchObjective(e)
            }
        }
        if row.constant < 0 { row.scale(by: -1) }

        // Choose the subject: the external symbol with the largest coefficient magnitude (partial
        // pivoting: dividing by the largest coefficient keeps the multipliers of the new row at
        // most 1 in magnitude, so badly scaled rows such as `4.25·x + 10002.75·y + 1 = 0` do not
        // amplify rounding; ties by lowest id), else the marker or the other symbol when
        // restricted with a negative coefficient (so the new basic value is >= 0).
        // Coefficients within the absolute epsilon of 0 are never pivots (dividing by rounding
        // residue gave 1e11 multipliers in the solver fuzzer); they stay stored.
        var subject = -1
        var subjectMagnitude = absoluteEpsilon
        for cell in row.cells where kindOf(cell.id) == SymbolKind.external {
            if cell.coeff.magnitude > subjectMagnitude {
                subject = cell.id
                subjectMagnitude = cell.coeff.magnitude
            }
        }
        if subject < 0, tag.marker >= 0, isRestrictedPivotable(tag.marker),
           row.coefficient(of: tag.marker) < -absoluteEpsilon {
            subject = tag.marker
        }
        if subject < 0, tag.other >= 0, row.coefficient(of: tag.other) < -absoluteEpsilon {
            subject = tag.other
        }
        if subject < 0 {
            // Only dummies (and rounding residue within the epsilon): the constraint is implied
            // by the required equalities present (or contradicts them).
            var allDummies = true
            for cell in row.cells where kindOf(cell.id) != SymbolKind.dummy && !nearZero(cell.coeff) {
                allDummies = false
                break
            }
            if allDummies {
                // Redundant when the constant is rounding of the numbers that made it (7e7 − 7e7
                // can leave an ulp, 1.5e-8: an absolute 1e-8 test refused `y == 0.7` with
                // `y == 7x` and x suggested 1e7). The rounding is then dropped: the row relates
                // equalities, its constant is 0.
                if !isRoundingResidual(row.constant, scale: scale) { throw SolverError.unsatisfiableConstraint }
                row.constant = 0
                var residue: [Int] = []
                for cell in row.cells where kindOf(cell.id) != SymbolKind.dummy { residue.append(cell.id) }
                for id in residue { row.remove(id) }
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
                    row.add(d, 1)
                }
                subject = tag.marker
            }
        }
        setConstraint(key, tag)
        if subject < 0 {
            stats.artificialAdds += 1
            try addWithArtificialVariable(row, scale: scale)
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            setRow(subject, row)
        }
        if !implicitMarkers && dummyCells > implicitMarkerThreshold { makeMarkersImplicit() }
        if optimizeAfter { try optimize() }
    }

    /// When the stored dummy cells exceed this, markers become implicit: `4 × rows + 1024`.
    /// Systems whose equalities chain (a row of N views: every position depends on every earlier
    /// gap) hold ~N²/2 dummy cells — all of them zero-valued bookkeeping for removal — and cross
    /// it; a navigation screen's few hundred constraints stay far below (their dummy cells are
    /// about one per row), keeping incremental removal.
    internal var implicitMarkerThreshold: Int { implicitMarkerThresholdOverride ?? (4 * basicCount + 1024) }

    /// Switches to implicit markers: deletes every parametric dummy column from the rows and the
    /// objective and marks those constraints implicit (their dummies are freed). Basic dummies
    /// (redundant equalities) stay, with rows now empty. Exact: a dummy is always 0 and never
    /// enters the basis except when its own constraint is removed, which now rebuilds instead.
    internal func makeMarkersImplicit() {
        implicitMarkers = true
        var dead: [Int] = []
        for (key, tag) in constraints where tag.marker >= 0 && kindOf(tag.marker) == SymbolKind.dummy
            && !isBasic(tag.marker) {
            var t = tag
            dead.append(t.marker)
            t.marker = -1
            t.markerCoeff = 0
            t.implicit = true
            setConstraint(key, t)
        }
        // Any other parametric dummy cell (none expected) goes too: every dummy column is deleted.
        for index in 0..<nextIndex where rows[index] != nil {
            let r = rows[index].unsafelyUnwrapped
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
                    columnRemove(indexOf(cell.id))
                } else {
                    kept.append(cell)
                }
            }
            rows[index]!.cells = kept
        }
        for l in 0..<levels.count {
            levels[l].row.cells.removeAll { kindOf($0.id) == SymbolKind.dummy }
        }
        if artificial != nil { artificial!.cells.removeAll { kindOf($0.id) == SymbolKind.dummy } }
        dead.sort()
        for d in dead { freeSymbol(d) }
    }

    /// Phase one for a row that has no usable subject: the row gets an artificial basic symbol
    /// `a = row`, `a` is minimised; the constraint is satisfiable iff the minimum is 0 — up to
    /// the rounding of the numbers that made the row's constant (`scale`), see
    /// ``isRoundingResidual(_:scale:)``. (Not the solver's largest input: one 1e12 ever seen,
    /// even in a removed constraint, then let `x ≥ 0.9` and `x ≤ 0` both in — a reviewer.)
    internal func addWithArtificialVariable(_ row: Row, scale: Double) throws {
        let art = newSymbol(SymbolKind.slack)
        setRow(art, row)
        artificial = row
        try optimizeArtificial()
        let success = isRoundingResidual(artificial!.constant, scale: scale)
        artificial = nil
        if !success {
            stats.unsatisfiableAdds += 1
            throw SolverError.unsatisfiableConstraint
        }
        if isBasic(art) {
            var r = takeRow(art)
            if !r.cells.isEmpty {
                // The restricted symbol with the largest coefficient replaces the artificial one
                // (partial pivoting; the row's constant is ~0, so any choice stays feasible).
                var entering = -1
                var enteringMagnitude = absoluteEpsilon
                for cell in r.cells where isRestrictedPivotable(cell.id) && cell.coeff.magnitude > enteringMagnitude {
                    entering = cell.id
                    enteringMagnitude = cell.coeff.magnitude
                }
                if entering >= 0 {
                    r.solve(lhs: art, rhs: entering)
                    substitute(entering, r)
                    setRow(entering, r)
                }
                else { stats.droppedArtificialRows += 1 }
                // Otherwise the row holds only dummies with a zero constant: it says nothing
                // beyond the required equalities already present, and is dropped.
            }
        }
        purgeColumns([art])
        freeSymbol(art)
    }

    // MARK: - Removing

    internal func removeInternal(_ key: ObjectIdentifier, _ tag: Tag) throws {
        if tag.implicit {
            // Its dummy column is not stored: the next operation rebuilds the tableau from the
            // remaining constraints (``rebuildIfNeeded()``).
            setConstraint(key, nil)
            needsRebuild = true
            return
        }
        var levelPos = -1
        if !tag.isRequired {
            let (l, found) = levelIndex(tag.priority)
            precondition(found, "missing priority level")
            levelPos = l
            var errs: [Int] = []
            if kindOf(tag.marker) == SymbolKind.error { errs.append(tag.marker) }
            if tag.other >= 0 { errs.append(tag.other) }
            for e in errs {
                if let r = rows[indexOf(e)] {
                    levels[l].row.addScaled(r, -1)
                    for cell in r.cells { touchObjective(cell.id) }
                } else {
                    levels[l].row.add(e, -1)
                    touchObjective(e)
                }
            }
            levels[l].count -= 1
        }

        let marker = tag.marker
        if isBasic(marker) {
            _ = takeRow(marker)
        } else if let leaving = markerLeavingRow(marker) {
            var row = takeRow(leaving)
            row.solve(lhs: leaving, rhs: marker)
            substitute(marker, row)
        }

        var gone = [marker]
        if tag.other >= 0 && !isBasic(tag.other) { gone.append(tag.other) }
        purgeColumns(gone)
        for s in gone { freeSymbol(s) }
        releaseVariables(tag.variables)
        if levelPos >= 0 && levels[levelPos].count == 0 {
            // The level's row is 0 up to rounding residue; a symbol whose first non-zero level
            // was this one (by residue) is judged on the next level from now on, so it may become
            // an entering candidate: touch them (a missed candidate was found by the solver fuzzer,
            // fuzz/regressions/solver/level-removal-hides-candidate).
            for cell in levels[levelPos].row.cells { touchObjective(cell.id) }
            levels.remove(at: levelPos)
        }
        setConstraint(key, nil)
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
        collectColumn(marker)
        for n in 0..<columnCount {
            let index = columnIndices[n]
            let c = columnCoeffs[n]
            let constant = rows[index]!.constant
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
            let step = rows[indexOf(external)]!.constant / externalCoeff
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

    // MARK: - Constant changes

    /// Shifts the tableau so that the constraint's expression constant becomes `newConstant`.
    ///
    /// With `0 = c + … + μ·m` for the marker `m`, changing `c` by `δ` is the substitution
    /// `m = m' + δ/μ`: if `m` is basic its row's constant decreases by `δ/μ`; else if the other
    /// error symbol is basic its row is shifted likewise; else every row holding `m` (coefficient
    /// `γ`) gains `γ·δ/μ`. Rows that become infeasible are left to the dual simplex.
    internal func shiftConstant(_ key: ObjectIdentifier, to newConstant: Double) throws {
        var tag = constraints[key]!
        let delta = newConstant - tag.constant
        tag.constant = newConstant
        setConstraint(key, tag)
        if delta == 0 { return }
        let m = tag.marker
        let mi = indexOf(m)
        if rows[mi] != nil {
            touchConstant(mi)
            let old = rows[mi]!.constant
            rows[mi]!.constant -= delta / tag.markerCoeff
            try checkShifted(mi, m, scale: old.magnitude + (delta / tag.markerCoeff).magnitude)
            return
        }
        if tag.other >= 0 {
            let oi = indexOf(tag.other)
            if rows[oi] != nil {
                touchConstant(oi)
                let old = rows[oi]!.constant
                rows[oi]!.constant -= delta / tag.otherCoeff
                try checkShifted(oi, tag.other, scale: old.magnitude + (delta / tag.otherCoeff).magnitude)
                return
            }
        }
        let step = delta / tag.markerCoeff
        shiftedParameter += step.magnitude   // bounds the verification's shift error (Conditioning.swift)
        collectColumn(m)
        for n in 0..<columnCount {
            let index = columnIndices[n]
            let g = columnCoeffs[n]
            touchConstant(index)
            let old = rows[index]!.constant
            rows[index]!.constant += g * step
            try checkShifted(index, idOfIndex(index), scale: old.magnitude + (g * step).magnitude)
        }
    }

    @inline(__always)
    internal func checkShifted(_ index: Int, _ id: Int, scale: Double) throws {
        if kindOf(id) == SymbolKind.dummy {
            // A basic dummy's row holds only dummies: its constant must stay 0 (up to the
            // rounding of the shift, `scale` = |old constant| + |shift|, which is dropped).
            if !isRoundingResidual(rows[index]!.constant, scale: scale) { throw SolverError.unsatisfiableConstraint }
            rows[index]!.constant = 0
        } else {
            markIfInfeasible(index, id)
        }
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
        for l in 0..<levels.count {
            let c = levels[l].row.coefficient(of: id)
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
        if objectiveAllDirty {
            for i in objectiveTouched { objectiveFlag[i] = false }
            objectiveTouched.removeAll(keepingCapacity: true)
            for l in 0..<levels.count {
                for cell in levels[l].row.cells { touchObjective(cell.id) }
            }
            objectiveAllDirty = false
        }
        var best = Int.max
        var bestDir: Double = 0
        var w = 0
        for n in 0..<objectiveTouched.count {
            let index = objectiveTouched[n]
            let id = idOfIndex(index)
            let dir = enteringDirection(id)
            if dir == 0 {
                objectiveFlag[index] = false
                continue
            }
            objectiveTouched[w] = index
            w += 1
            if id < best && (setAside.isEmpty || !setAside.contains(id)) {
                best = id
                bestDir = dir
            }
        }
        objectiveTouched.removeSubrange(w..<objectiveTouched.count)
        return best == Int.max ? (-1, 0) : (best, bestDir)
    }

    /// Entering symbol of the phase-one objective (Bland's rule), skipping `setAside`.
    internal func enteringArtificial(setAside: [Int] = []) -> (Int, Double) {
        for cell in artificial!.cells {
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
    internal var tinyRowTolerance: Double { absoluteEpsilon + 1e-12 * inputMagnitude }

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
        collectColumn(entering)
        for n in 0..<columnCount {
            let index = columnIndices[n]
            let k = Int(kinds[index])
            if k == SymbolKind.external || k == SymbolKind.dummy { continue }
            let a = columnCoeffs[n] * dir
            if a >= 0 { continue }
            let constant = rows[index]!.constant
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
        let c = rows[index].unsafelyUnwrapped.constant
        if c != 0 && c <= absoluteEpsilon && c >= -absoluteEpsilon {
            touchConstant(index)
            rows[index]!.constant = 0
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
                if !seen.insert(basis, levels.map { $0.row.constant }) {
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
                if !seen.insert(basis, [artificial!.constant]) {
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
        return levels[level].row.coefficient(of: id) / a
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
            for n in 0..<infeasible.count {
                let id = infeasible[n]
                let index = indexOf(id)
                guard index < nextIndex, let r = rows[index], idOfIndex(index) == id,
                      r.constant < -absoluteEpsilon else { continue }
                infeasible[w] = id
                w += 1
                if id < leaving { leaving = id }
            }
            infeasible.removeSubrange(w..<infeasible.count)
            if leaving == Int.max { return }
            try countPivot()
            let row = rows[indexOf(leaving)]!
            var best = -1
            var bestA = 0.0
            for cell in row.cells {
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
                for l in 0..<levels.count {
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
