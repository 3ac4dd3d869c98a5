// The lexicographic objective (Badros, Borning & Stuckey, TOCHI 2001, §2.1, symbolic weights): one
// row per optional priority level — the sum of that level's error symbols expressed in parametric
// symbols — minimised from the highest level down (Simplex.swift). Each level's row is dense
// (issue 19): a coefficient per symbol index, so reading one is O(1) (the entering choice reads
// one per candidate and level) and substituting a row is a scatter, not a merge. A transaction's
// changes are journaled per row and undone on rollback.

/// One optional priority level's objective row: `constant + Σ coefficient[i] · symbol(i)` over
/// symbol indices, with the same storage rules as ``Row`` (a product `k·b` kept unless negligible,
/// a sum unless it cancels). `members` lists the indices that may hold a non-zero coefficient
/// (for iteration; an index stays listed after its coefficient returns to 0 until `compact()`).
internal final class ObjectiveRow {
    @exclusivity(unchecked) var coefficients: RawStorage<Double>
    @exclusivity(unchecked) var isMember: RawStorage<Bool>
    @exclusivity(unchecked) var members: [Int] = []
    /// Number of non-zero coefficients, kept by ``set(_:_:)`` and ``rollback()`` (the commit's
    /// compaction test read it every transaction; counting `members` each time was ~100
    /// instructions per commit of a 111-constraint system; issue 19).
    @exclusivity(unchecked) private(set) var cellCount = 0
    @exclusivity(unchecked) var constant = 0.0
    @exclusivity(unchecked) var capacity: Int
    /// Number of constraints of this row's level (``Level/count``). Kept here, journaled like the
    /// constant, so that counting a constraint in or out changes no `Level` in the levels array
    /// (which the transaction's saved copy shares: a change would copy the array; issue 19).
    @exclusivity(unchecked) private(set) var constraintCount = 0
    /// This transaction's changes, oldest first: (index, old coefficient), index -1 for the
    /// constant, -2 for the constraint count (a ``RawStack``: one entry per changed coefficient,
    /// appended and emptied without uniqueness checks; issue 19).
    @exclusivity(unchecked) var undo = RawStack<(Int, Double)>(capacity: 16)
    /// Whether the row is in ``Simplex/journaled`` (changed in the current transaction).
    @exclusivity(unchecked) var journaled = false

    init(capacity: Int) {
        self.capacity = capacity
        coefficients = RawStorage(capacity: capacity, repeating: 0)
        isMember = RawStorage(capacity: capacity, repeating: false)
        members.reserveCapacity(64)   // (a level of kiwi's enaml system grew it ~7 times; issue 19)
    }

    deinit {
        coefficients.free()
        isMember.free()
        undo.free()
    }

    func ensureCapacity(_ n: Int) {
        if n <= capacity { return }
        coefficients.reserve(n, count: capacity, fill: 0)
        isMember.reserve(n, count: capacity, fill: false)
        capacity = coefficients.capacity
    }

    /// The coefficient of the symbol `id` (0 if absent).
    @inline(__always)
    func coefficient(_ id: Int) -> Double {
        let i = indexOf(id)
        return i < capacity ? coefficients[i] : 0
    }

    /// Sets the coefficient at `index`, journaled (the caller has added the row to
    /// ``Simplex/journaled``).
    @inline(__always)
    func set(_ index: Int, _ value: Double) {
        let old = coefficients[index]
        undo.append((index, old))
        if (old == 0) != (value == 0) { cellCount += value == 0 ? -1 : 1 }
        if value != 0 && !isMember[index] {
            isMember[index] = true
            members.append(index)
        }
        coefficients[index] = value
    }

    /// Sets the constant, journaled.
    @inline(__always)
    func setConstant(_ value: Double) {
        undo.append((-1, constant))
        constant = value
    }

    /// Adds `delta` to the level's constraint count, journaled (the caller has added the row to
    /// ``Simplex/journaled``).
    @inline(__always)
    func countConstraints(_ delta: Int) {
        undo.append((-2, Double(constraintCount)))
        constraintCount += delta
    }

    /// Adds `coeff · id` (as ``Row/add(_:_:)``).
    func add(_ id: Int, _ coeff: Double) { accumulate(indexOf(id), coeff) }

    /// Adds `c` to the coefficient at symbol index `i`: a sum that cancels (within rounding of its
    /// terms) becomes 0, a new negligible coefficient is not stored — the rules of
    /// ``Row/add(_:_:)``, shared by ``add(_:_:)`` and ``addScaled(_:_:skipping:)``.
    @inline(__always)
    private func accumulate(_ i: Int, _ c: Double) {
        let old = coefficients[i]
        if old != 0 {
            let s = old + c
            set(i, cancels(s, old, c) ? 0 : s)
        } else if !negligible(c) {
            set(i, c)
        }
    }

    /// Removes the coefficient of `id`, returning it.
    @discardableResult
    func remove(_ id: Int) -> Double {
        let i = indexOf(id)
        if i >= capacity { return 0 }
        let old = coefficients[i]
        if old != 0 { set(i, 0) }
        return old
    }

    /// `self = self + k · row`, without the cell of `skip` (as ``Row/addScaled(_:_:skipping:)``).
    func addScaled(_ row: RowView, _ k: Double, skipping skip: Int = -1) {
        setConstant(constant + k * row.constant)
        if skip >= 0 { remove(skip) }
        for n in 0..<row.count { accumulate(indexOf(row.ids[n]), k * row.coeffs[n]) }
    }

    /// Replaces `id` by `row` (`id = row`); false if `id` does not occur.
    @discardableResult
    func substitute(_ id: Int, with row: RowView) -> Bool {
        let c = coefficient(id)
        if c == 0 { return false }
        addScaled(row, c, skipping: id)
        return true
    }

    /// Calls `body(index, coefficient)` for every non-zero coefficient, in index order (the
    /// order of symbol ids).
    func forEachCell(_ body: (Int, Double) -> Void) {
        compact()
        members.sort()
        for i in members { body(i, coefficients[i]) }
    }

    /// Drops the listed indices whose coefficient is 0 (not during a transaction: a rollback may
    /// bring a coefficient back).
    func compact() {
        if undo.isEmpty == false { return }
        var w = 0
        for n in 0..<members.count {
            let i = members[n]
            if coefficients[i] != 0 {
                members[w] = i
                w += 1
            } else {
                isMember[i] = false
            }
        }
        members.truncate(to: w)
    }

    /// Undoes this transaction's changes.
    func rollback() {
        var n = undo.count - 1
        while n >= 0 {
            let (i, old) = undo[n]
            if i == -1 {
                constant = old
            } else if i == -2 {
                constraintCount = Int(old)
            } else {
                if (coefficients[i] == 0) != (old == 0) { cellCount += old == 0 ? -1 : 1 }
                coefficients[i] = old
                if old != 0 && !isMember[i] {
                    isMember[i] = true
                    members.append(i)
                }
            }
            n -= 1
        }
        undo.removeAll()
        journaled = false
    }

    /// Keeps this transaction's changes.
    func commit() {
        undo.removeAll()
        journaled = false
        if members.count > 64 && members.count > 4 * cellCount { compact() }
    }
}

/// One optional priority level of the lexicographic objective.
internal struct Level {
    let priority: Double
    /// Sum of the level's error symbols, expressed in parametric symbols.
    let row: ObjectiveRow
    /// Number of constraints of this priority (kept, journaled, by the row:
    /// ``ObjectiveRow/countConstraints(_:)``).
    var count: Int { row.constraintCount }
}
