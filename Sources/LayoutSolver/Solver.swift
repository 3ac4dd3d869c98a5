// The public face of the Cassowary solver: the class, its parts, and the operations on constraints
// and values. The parts, one concept per file:
//
//   Tableau.swift          rows, symbols, column index; substitution and pivoting
//   Simplex.swift          objective levels, primal/dual/phase-one simplex, pivot and cycle rules
//   Markers.swift          adding and removing constraints with their slack/error/dummy markers
//   ImplicitMarkers.swift  implicit dummy markers and the rebuild they need
//   EditVariables.swift    edit variables, suggested values and constant changes (public API too)
//   Verification.swift     the a-posteriori check of every operation (what it checks, tolerances)
//   VerificationIndex.swift  which required constraints an operation can have changed
//   Transaction.swift      the undo journal: every operation all or nothing
//   Row.swift              sparse rows and the storage tolerances
//   RowBuilder.swift       the row of a constraint being added (scratch storage, reused)
//   Ambiguity.swift, Dump.swift, Invariants.swift   read-only queries, the dump, test invariants
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
// * Every operation is verified against the original constraints (Verification.swift).

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
    /// Total pivots since creation.
    var totalPivots = 0
    /// Number of rebuilds (ImplicitMarkers.swift).
    var rebuilds = 0
    /// Number of operations verified, and of those refused by the verification.
    var verifiedOperations = 0
    var instabilityRefusals = 0
    /// What the verification found when it last refused an operation (for tests and debugging).
    var lastRefusal: String? = nil
    /// Operations redone as a rebuild after their incremental attempt failed numerically
    /// (Rebuild.swift).
    var recoveries = 0
    /// Removals done by relaxing the constraints in place (Rebuild.swift, the last resort).
    var relaxations = 0
}

/// Settings tests and the fuzzer use to exercise rare paths on small systems (nil: as shipped).
internal struct Overrides {
    /// The pivot budget of every operation (to exercise ``SolverError/pivotBudgetExceeded``).
    var pivotBudget: Int? = nil
    /// The dummy-cell threshold of implicit markers (e.g. -1: implicit from the first equality).
    var implicitMarkerThreshold: Int? = nil
    /// `true`: verify incrementally even where a full check would run.
    var incrementalVerification: Bool? = nil
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
    // MARK: State, one struct per part (the file that owns it)

    /// Rows, symbols and the column index (Tableau.swift; a reference over pooled storage).
    internal let tableau: Tableau
    /// Objective levels, entering candidates, infeasible rows, pivot budget (Simplex.swift).
    @exclusivity(unchecked) internal var simplex = Simplex()
    /// The constraints and edit variables held (Markers.swift, EditVariables.swift).
    @exclusivity(unchecked) internal var registry = ConstraintRegistry()
    /// What the verification of every operation needs (Verification.swift).
    @exclusivity(unchecked) internal var verification = Verification()
    /// The undo journal of the current operation (Transaction.swift).
    @exclusivity(unchecked) internal var journal = Journal()
    /// Code-path counters (statistics for tests and benchmarks). Unchecked like the parts above:
    /// a dynamic exclusivity check cost ~75 instructions per access, several per operation.
    @exclusivity(unchecked) internal var stats = Stats()
    /// Test settings.
    @exclusivity(unchecked) internal var overrides = Overrides()
    /// The bases the running optimisation visited (Simplex.swift; scratch, reset by each
    /// `optimize()` / `optimizeArtificial()`, kept for its storage).
    @exclusivity(unchecked) internal var pivotHistory = PivotHistory()

    /// Creates an empty solver with room for 256 symbols and 4,096 tableau cells before its
    /// buffers grow (docs/solver.md "Storage"; ~160 KB reserved, ~23 KB written now).
    public convenience init() {
        self.init(symbolCapacity: 256, cellCapacity: 4096)
    }

    /// Creates an empty solver with room for `symbolCapacity` symbols (variables, slacks, errors
    /// and dummies; each constraint adds one to three) and `cellCapacity` tableau cells before
    /// its buffers grow, doubling: a smaller solver for a client that knows its systems are
    /// small (a map view's layout system; see `LayoutSystem`). Both at least 1.
    package init(symbolCapacity: Int, cellCapacity: Int) {
        tableau = Tableau(capacity: Swift.max(1, symbolCapacity), cells: Swift.max(1, cellCapacity))
        // Room for a small system's bookkeeping before it grows: 64 constraints' verification
        // records and check stamps, the tableau's initial symbols' variable slots, dependent
        // lists and visit stamps (the constraint and variable tables start with room for 64
        // each; issue 19: growing these from empty took ~50 reallocations and copies per build
        // of kiwi's enaml system).
        tableau.symbolVariables.reserveCapacity(tableau.capacity)
        verification.records.reserveCapacity(64)
        verification.dependents.reserveCapacity(256)
        verification.dependentHead = [Int](repeating: -1, count: tableau.capacity)
        verification.verifyIndexStamps = [Int](repeating: 0, count: tableau.capacity)
        verification.valueStamps = [Int](repeating: 0, count: 64)
    }

    deinit { journal.free() }

    // MARK: - Constraints

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
    ///   constraints already present; ``SolverError/numericalInstability`` if even a fresh solve
    ///   of the constraints cannot keep the accuracy promise (badly scaled systems only,
    ///   docs/solver.md). On any error the solver is unchanged.
    public func addConstraint(_ constraint: Constraint) throws {
        try validate(constraint)
        let key = ObjectIdentifier(constraint)
        if registry.constraints.contains(key) { throw SolverError.duplicateConstraint }
        try transactOrRebuild(RebuildChange(adding: [constraint], userConstraintDelta: 1)) {
            try addInternal(constraint, isEdit: false)
            registry.userConstraints += 1
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
    ///   present; ``SolverError/numericalInstability`` as for ``addConstraint(_:)``. On any error
    ///   the solver is unchanged.
    public func addConstraints(_ constraints: [Constraint]) throws {
        try addBatch(constraints)
    }

    /// ``addConstraints(_:)`` of the one constraint `constraint`: the same operation (one
    /// transaction, the primal simplex once at the end, ``refusedIndex`` 0 when the constraint is
    /// refused, the same errors) without an array to allocate — the C layer's
    /// `nl_solver_add_constraints` with one element (issue 19).
    package func addConstraints(one constraint: Constraint) throws {
        try addBatch(CollectionOfOne(constraint))
    }

    /// The body of ``addConstraints(_:)``, for an array or a single constraint.
    private func addBatch<C: RandomAccessCollection>(_ constraints: C) throws
    where C.Element == Constraint, C.Index == Int {
        refusedIndex = nil
        // Repeated entries: a linear scan for small batches (no set to allocate per call), a set
        // beyond 16.
        var seen = Set<ObjectIdentifier>()
        let small = constraints.count <= 16
        for (i, c) in constraints.enumerated() {
            refusedIndex = i
            try validate(c)
            let key = ObjectIdentifier(c)
            if registry.constraints.contains(key) { throw SolverError.duplicateConstraint }
            if small {
                for j in 0..<i where constraints[j] === c { throw SolverError.duplicateConstraint }
            } else if !seen.insert(key).inserted {
                throw SolverError.duplicateConstraint
            }
        }
        refusedIndex = nil
        var current: Int? = nil
        do {
            try transactOrRebuild(RebuildChange(adding: Array(constraints), userConstraintDelta: constraints.count)) {
                for (i, c) in constraints.enumerated() {
                    current = i
                    simplex.pivotBudget = overrides.pivotBudget ?? (simplex.pivots + 100 * (tableau.basicCount + tableau.liveSymbols) + 1000)
                    try addInternal(c, isEdit: false, optimizeAfter: false)
                    registry.userConstraints += 1
                }
                current = nil
                simplex.pivotBudget = overrides.pivotBudget ?? (simplex.pivots + 100 * (tableau.basicCount + tableau.liveSymbols) + 1000)
                try optimize()
            }
        } catch {
            // (`current` is nil when the failure came from the optimisation, the verification or
            // the rebuild: not one constraint's.)
            refusedIndex = (error as? SolverError) == .unsatisfiableConstraint ? current : nil
            throw error
        }
    }

    /// After ``addConstraints(_:)`` threw: the index in its array of the constraint that was
    /// refused (invalid, duplicate, or contradicting the required constraints before it), or nil
    /// when the failure was not one constraint's (the verification of the whole operation, or
    /// the rebuild it fell back to). Undefined after a success. For error messages (the C layer
    /// names the element).
    /// (Unchecked like the solver's parts: written per constraint of a batch.)
    @exclusivity(unchecked) package private(set) var refusedIndex: Int? = nil

    /// Removes a constraint previously added, then re-optimises (primal simplex).
    ///
    /// The constraint's marker leaves the basis by the paper's rule (a restricted row where the
    /// marker has a negative coefficient with the smallest ratio, else a restricted row with the
    /// smallest ratio, else an unrestricted row; ties by lowest id); its row is dropped and its
    /// error symbols disappear from the tableau and the objective. A priority level left without
    /// constraints is removed. A required equality with an *implicit* marker (large chained
    /// systems, docs/solver.md "Implicit dummy markers") has no stored column: the tableau is
    /// rebuilt from the remaining constraints (remove many with ``removeConstraints(_:)``: one
    /// rebuild). If the incremental removal fails numerically, it is done as a rebuild, and if
    /// that fails too, by relaxing the constraint in place (docs/solver.md "Removals always
    /// succeed").
    ///
    /// - Throws: ``SolverError/unknownConstraint`` if it is not in the solver (edit constraints
    ///   are internal and not accepted); ``SolverError/numericalInstability`` only for a required
    ///   equality with an implicit marker whose removal even a fresh solve cannot do within the
    ///   accuracy promise (never seen; the solver is then unchanged).
    public func removeConstraint(_ constraint: Constraint) throws {
        let key = ObjectIdentifier(constraint)
        guard registry.constraints.peek(key, { !$0.isEdit }) == true else { throw SolverError.unknownConstraint }
        try remove([key])
    }

    /// Removes several constraints as one operation (one optimisation, and at most one rebuild
    /// for implicit markers). All or nothing.
    ///
    /// - Throws: ``SolverError/unknownConstraint`` if one is not in the solver (or is an edit
    ///   constraint) or appears twice; ``SolverError/numericalInstability`` as for
    ///   ``removeConstraint(_:)``. On error the solver is unchanged.
    public func removeConstraints(_ constraints: [Constraint]) throws {
        var keys: [ObjectIdentifier] = []
        keys.reserveCapacity(constraints.count)
        for c in constraints {
            let key = ObjectIdentifier(c)
            guard registry.constraints.peek(key, { !$0.isEdit }) == true else { throw SolverError.unknownConstraint }
            keys.append(key)
        }
        if Self.hasRepeats(keys) { throw SolverError.unknownConstraint }
        if keys.isEmpty { return }
        try remove(keys)
    }

    /// Whether `keys` holds a key twice: pairwise for a handful (a layout pass removes a few
    /// constraints at a time; hashing them, ~100 instructions a key, was a tenth of such a
    /// removal; issue 19), with a set beyond.
    internal static func hasRepeats(_ keys: [ObjectIdentifier]) -> Bool {
        if keys.count <= 16 {
            for i in keys.indices {
                for j in keys.index(after: i)..<keys.endIndex where keys[i] == keys[j] { return true }
            }
            return false
        }
        return Set(keys).count != keys.count
    }

    /// Whether the constraint has been added (and not removed).
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        registry.constraints.peek(ObjectIdentifier(constraint)) { !$0.isEdit } ?? false
    }

    /// Copies the solved values into every ``Variable/value`` this solver knows (a variable that
    /// is not basic has value 0).
    public func updateVariables() {
        if tableau.externalsDirty {
            tableau.externalIndices.clearKeepingCapacity()
            for i in 0..<tableau.nextIndex where tableau.symbolVariables[i] != nil { tableau.externalIndices.append(i) }
            tableau.externalsDirty = false
        }
        let t = tableau
        t.symbolVariables.withUnsafeBufferPointer { vars in
            for i in t.externalIndices {
                vars[i].unsafelyUnwrapped.value = t.rowConstant(i)
            }
        }
    }

    /// Removes every constraint and edit variable (variables keep their last values). The
    /// solver keeps the storage its tables reached (emptied, with their capacity), so refilling
    /// it allocates nothing (issue 19); the memory goes with the solver.
    public func reset() {
        clearState()
    }

    /// Empties every part (statistics and test settings stay).
    internal func clearState() {
        // Each part keeps its storage: a map view's layout pass that resets its solver re-adds
        // the constraints that stay at once (issue 19: the reset and the regrowth were ~a third
        // of the sample session's "navigation disabled" step).
        tableau.clear()
        simplex.clear()
        registry.clear()
        verification.clear()
        journal.clear()
    }

    /// Number of rows of the tableau (one per constraint, edit constraints included).
    public var rowCount: Int { tableau.basicCount }

    /// Number of cells (non-zero coefficients) in all objective rows.
    public var objectiveTermCount: Int {
        var n = 0
        for l in simplex.levels { n += l.row.cellCount }
        return n
    }

    /// Number of constraints added with ``addConstraint(_:)`` and not removed (edit constraints
    /// are not counted).
    public var constraintCount: Int { registry.userConstraints }

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
}
