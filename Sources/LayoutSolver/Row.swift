// Sparse rows (sorted by symbol id) and the tolerances of their arithmetic. The symbols they hold
// and the tableau made of them: Tableau.swift.

// MARK: - Tolerances

/// Absolute tolerance. A coefficient whose magnitude is at most this after an update is dropped
/// (treated as exactly zero); a row constant within it of zero is treated as zero in ratio tests,
/// feasibility tests and the unsatisfiability test of redundant equalities; objective
/// coefficients within it of zero do not make a symbol enter.
@usableFromInline internal let absoluteEpsilon: Double = 1.0e-8

/// Relative tolerance for cancellation: when `a + b` is computed for a coefficient, the result
/// is also dropped when `|a + b| <= relativeEpsilon × max(|a|, |b|)`, so that the rounding noise
/// of large coefficients that cancel (e.g. 1e9 − 1e9) does not survive as a bogus entry.
@usableFromInline internal let relativeEpsilon: Double = 1.0e-12

@inline(__always) internal func nearZero(_ x: Double) -> Bool {
    x <= absoluteEpsilon && x >= -absoluteEpsilon
}

/// Whether `x`, computed from numbers of magnitude up to `scale`, is rounding: within the
/// absolute epsilon plus `1e-12 × scale` (NaN is not). Shared by the solver's zero tests
/// (``Solver/isRoundingResidual(_:scale:)``) and ``PivotHistory``'s comparison of objectives.
@inline(__always) internal func isRoundingOf(_ x: Double, scale: Double) -> Bool {
    x.magnitude <= absoluteEpsilon + 1e-12 * scale
}

/// Storage tolerance for products: a cell `k · b` is stored unless its magnitude is below this.
/// Products create no rounding noise of their own, and a small coefficient can matter: in
/// `v4 = 0.1 − 1e-8·s` the slack `s` may reach 1e7, so dropping the cell (as an absolute 1e-8
/// test did) moved `v4` by 0.1 and broke a required constraint (found by the solver fuzzer).
@usableFromInline internal let storageEpsilon: Double = 1.0e-30

/// Whether the product cell `c` is negligible (see ``storageEpsilon``).
@inline(__always) internal func negligible(_ c: Double) -> Bool {
    c.magnitude < storageEpsilon
}

/// Whether `sum = a + b` is cancellation noise, dropped from storage: at most ``relativeEpsilon``
/// times the larger operand (all but the last few bits cancelled), or below ``storageEpsilon``.
/// Never an absolute test: a small sum can be legitimate (`2e-8 − 1e-8`), and an absolute drop of
/// sums that cancel six digits still broke required constraints by 0.2 in the solver fuzzer.
@inline(__always) internal func cancels(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
    let m = Swift.max(a.magnitude, b.magnitude)
    let s = sum.magnitude
    return s <= m * relativeEpsilon || s < storageEpsilon
}

// MARK: - Rows

/// One entry of a sparse row.
internal struct Cell {
    var id: Int
    var coeff: Double
}

/// A read-only view of a tableau row in the tableau's cell arena (``Tableau``): `count` cells
/// sorted by symbol id, and the constant. Valid until the arena changes (an append may move it):
/// read it at once.
internal struct RowView: Sequence {
    let ids: UnsafePointer<Int>
    let coeffs: UnsafePointer<Double>
    let count: Int
    let constant: Double

    /// The index of the first cell whose id is `>= id`.
    @inline(__always)
    func lowerBound(_ id: Int) -> Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo &+ hi) >> 1
            if ids[mid] < id { lo = mid &+ 1 } else { hi = mid }
        }
        return lo
    }

    /// The coefficient of `id` (0 if absent).
    @inline(__always)
    func coefficient(of id: Int) -> Double {
        let i = lowerBound(id)
        return i < count && ids[i] == id ? coeffs[i] : 0
    }

    var isEmpty: Bool { count == 0 }

    /// Whether every coefficient is finite: `x · 0` is 0 for a finite `x` and NaN for an
    /// infinite or NaN one, so one sum of them is 0 exactly when all are finite (no branch per
    /// cell; the verification scans every rewritten row this way, issue 19).
    @inline(__always)
    var allCoefficientsFinite: Bool {
        var probe = 0.0
        for n in 0..<count { probe += coeffs[n] * 0 }
        return probe == 0
    }

    struct Iterator: IteratorProtocol {
        let view: RowView
        var n = 0
        mutating func next() -> Cell? {
            guard n < view.count else { return nil }
            defer { n += 1 }
            return Cell(id: view.ids[n], coeff: view.coeffs[n])
        }
    }

    func makeIterator() -> Iterator { Iterator(view: self) }
}

/// A sparse linear row `constant + Σ coeff · symbol`, cells sorted by symbol id, no zero cells,
/// held on its own (a new constraint's row while it is built, the phase-one objective); the
/// tableau's rows live in its arena (``RowView``).
///
/// As a tableau row it means `basic = constant + Σ coeff · parametric`; as an objective row it is
/// the function to minimise; while a constraint is being added it means `0 = constant + Σ …`.
internal struct Row {
    var constant: Double
    var cells: [Cell]

    init(constant: Double = 0) {
        self.constant = constant
        self.cells = []
    }

    /// A copy of a tableau row.
    init(_ view: RowView) {
        constant = view.constant
        cells = []
        cells.reserveCapacity(view.count)
        for n in 0..<view.count { cells.append(Cell(id: view.ids[n], coeff: view.coeffs[n])) }
    }

    /// The index of the first cell whose id is `>= id`.
    @inline(__always)
    func lowerBound(_ id: Int) -> Int {
        cells.withUnsafeBufferPointer { buf -> Int in
            var lo = 0
            var hi = buf.count
            while lo < hi {
                let mid = (lo &+ hi) >> 1
                if buf[mid].id < id { lo = mid &+ 1 } else { hi = mid }
            }
            return lo
        }
    }

    /// The coefficient of `id` (0 if absent).
    @inline(__always)
    func coefficient(of id: Int) -> Double {
        let i = lowerBound(id)
        if i < cells.count {
            let c = cells[i]
            if c.id == id { return c.coeff }
        }
        return 0
    }

    /// Adds `coeff · id` to the row, dropping the cell when the result is negligible.
    mutating func add(_ id: Int, _ coeff: Double) {
        let i = lowerBound(id)
        if i < cells.count && cells[i].id == id {
            let old = cells[i].coeff
            let s = old + coeff
            if cancels(s, old, coeff) { cells.remove(at: i) } else { cells[i].coeff = s }
        } else if !negligible(coeff) {
            cells.insert(Cell(id: id, coeff: coeff), at: i)
        }
    }

    /// Removes the cell of `id`, returning its coefficient (0 if absent).
    @discardableResult
    mutating func remove(_ id: Int) -> Double {
        let i = lowerBound(id)
        if i < cells.count && cells[i].id == id {
            let c = cells[i].coeff
            cells.remove(at: i)
            return c
        }
        return 0
    }

    /// Multiplies the constant and every coefficient by `k`.
    mutating func scale(by k: Double) {
        constant *= k
        cells.withUnsafeMutableBufferPointer { buf in
            for i in 0..<buf.count { buf[i].coeff *= k }
        }
    }

    /// `self = self + k · other`, where the cell of `skip` (if any) is first removed from `self`.
    /// Per cell: a product `k·b` is kept unless negligible, a sum `a + k·b` unless it cancels.
    mutating func addScaled(_ other: RowView, _ k: Double, skipping skip: Int = -1) {
        constant += k * other.constant
        var out = [Cell]()
        out.reserveCapacity(cells.count + other.count)
        cells.withUnsafeBufferPointer { a in
            var i = 0
            var j = 0
            let na = a.count
            let nb = other.count
            while i < na && j < nb {
                let ai = a[i].id
                let bj = other.ids[j]
                if ai < bj {
                    if ai != skip { out.append(a[i]) }
                    i &+= 1
                } else if bj < ai {
                    let c = k * other.coeffs[j]
                    if !negligible(c) { out.append(Cell(id: bj, coeff: c)) }
                    j &+= 1
                } else {
                    let c = k * other.coeffs[j]
                    if ai == skip {
                        if !negligible(c) { out.append(Cell(id: bj, coeff: c)) }
                    } else {
                        let s = a[i].coeff + c
                        if !cancels(s, a[i].coeff, c) { out.append(Cell(id: ai, coeff: s)) }
                    }
                    i &+= 1
                    j &+= 1
                }
            }
            while i < na {
                if a[i].id != skip { out.append(a[i]) }
                i &+= 1
            }
            while j < nb {
                let c = k * other.coeffs[j]
                if !negligible(c) { out.append(Cell(id: other.ids[j], coeff: c)) }
                j &+= 1
            }
        }
        cells = out
    }

    /// Solves `0 = self` for `id` (which must be present): afterwards the row reads
    /// `id = constant + Σ …`.
    mutating func solve(for id: Int) {
        let a = remove(id)
        scale(by: -1 / a)
    }

    /// Turns `lhs = self` (where `rhs` appears) into `rhs = …`, with `lhs` moved to the right.
    mutating func solve(lhs: Int, rhs: Int) {
        add(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `id` by the row `other` (`id = other`). Returns false if `id` does not occur.
    @discardableResult
    mutating func substitute(_ id: Int, with other: RowView) -> Bool {
        let c = coefficient(of: id)
        if c == 0 { return false }
        addScaled(other, c, skipping: id)
        return true
    }

    /// Renames the cell of `id` to `newID` (same coefficient). The two ids must sort alike against
    /// every other id of the row (here: the same symbol index, another kind).
    mutating func relabel(_ id: Int, as newID: Int) {
        let i = lowerBound(id)
        if i < cells.count && cells[i].id == id { cells[i].id = newID }
    }
}
