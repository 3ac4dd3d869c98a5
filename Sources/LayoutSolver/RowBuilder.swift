// The row of a constraint being added, built in scratch storage the tableau keeps from one
// constraint to the next (issue 19: no allocation per added constraint). `Solver.addInternal`
// (Markers.swift) builds `0 = expr + markers` here, with the basic variables substituted by their
// rows, solves it for its subject and appends it to the cell arena (`Tableau.appendBuilt()`).

/// A sparse row `constant + Σ coeff · symbol` (cells sorted by symbol id, no zero cells) in two
/// reusable buffer pairs: `ids`/`coeffs` hold the row, `spareIDs`/`spareCoeffs` receive a merge
/// (``addScaled(_:_:)``) and are then exchanged with them. The arithmetic is exactly
/// ``Row``'s (a product `k·b` is kept unless ``negligible(_:)``, a sum `a + b` unless it
/// ``cancels(_:_:_:)``), so a row built here equals the one a ``Row`` would hold.
///
/// Owned by ``Tableau/building``, which frees the buffers in its `deinit`. One row at a time:
/// ``reset(constant:)`` starts the next.
internal struct RowBuilder {
    var ids: RawStorage<Int>
    var coeffs: RawStorage<Double>
    var spareIDs: RawStorage<Int>
    var spareCoeffs: RawStorage<Double>
    private(set) var count = 0
    var constant: Double = 0

    /// Empty buffers of `capacity` cells each.
    init(capacity: Int) {
        ids = RawStorage(capacity: capacity)
        coeffs = RawStorage(capacity: capacity)
        spareIDs = RawStorage(capacity: capacity)
        spareCoeffs = RawStorage(capacity: capacity)
    }

    /// Frees the buffers (the owner's `deinit`).
    func free() {
        ids.free(); coeffs.free(); spareIDs.free(); spareCoeffs.free()
    }

    /// Starts a new, empty row with `constant`.
    @inline(__always)
    mutating func reset(constant: Double) {
        count = 0
        self.constant = constant
    }

    /// The row as a view (valid until the next change).
    @inline(__always)
    var view: RowView {
        RowView(ids: UnsafePointer(ids.base), coeffs: UnsafePointer(coeffs.base), count: count, constant: constant)
    }

    /// The id and coefficient of cell `n` (`n < count`).
    @inline(__always) func id(_ n: Int) -> Int { ids[n] }
    @inline(__always) func coeff(_ n: Int) -> Double { coeffs[n] }

    /// The index of the first cell whose id is `>= id`.
    @inline(__always)
    func lowerBound(_ id: Int) -> Int { view.lowerBound(id) }

    /// The coefficient of `id` (0 if absent).
    @inline(__always)
    func coefficient(of id: Int) -> Double { view.coefficient(of: id) }

    /// Adds `coeff · id` to the row, dropping the cell when the result cancels (as ``Row/add(_:_:)``).
    mutating func add(_ id: Int, _ coeff: Double) {
        let i = lowerBound(id)
        if i < count && ids[i] == id {
            let old = coeffs[i]
            let s = old + coeff
            if cancels(s, old, coeff) { removeCell(at: i) } else { coeffs[i] = s }
        } else if !negligible(coeff) {
            if count == ids.capacity { grow(count + 1) }
            var k = count
            while k > i {
                ids[k] = ids[k &- 1]
                coeffs[k] = coeffs[k &- 1]
                k &-= 1
            }
            ids[i] = id
            coeffs[i] = coeff
            count &+= 1
        }
    }

    /// Removes the cell of `id`, returning its coefficient (0 if absent).
    @discardableResult
    mutating func remove(_ id: Int) -> Double {
        let i = lowerBound(id)
        if i < count && ids[i] == id {
            let c = coeffs[i]
            removeCell(at: i)
            return c
        }
        return 0
    }

    /// Multiplies the constant and every coefficient by `k`.
    mutating func scale(by k: Double) {
        constant *= k
        for n in 0..<count { coeffs[n] *= k }
    }

    /// `self = self + k · other` (as ``Row/addScaled(_:_:skipping:)`` without a skipped cell),
    /// merged into the spare buffers, which then become the row's. `other` must not be a view of
    /// this builder.
    mutating func addScaled(_ other: RowView, _ k: Double) {
        constant += k * other.constant
        let needed = count + other.count
        if needed > spareIDs.capacity {
            spareIDs.reserveUninitialized(needed, count: 0)
            spareCoeffs.reserveUninitialized(needed, count: 0)
        }
        let aIDs = ids.base, aCoeffs = coeffs.base
        let oIDs = spareIDs.base, oCoeffs = spareCoeffs.base
        var w = 0
        var i = 0
        var j = 0
        let na = count
        let nb = other.count
        while i < na && j < nb {
            let ai = aIDs[i]
            let bj = other.ids[j]
            if ai < bj {
                oIDs[w] = ai
                oCoeffs[w] = aCoeffs[i]
                w &+= 1
                i &+= 1
            } else if bj < ai {
                let c = k * other.coeffs[j]
                if !negligible(c) {
                    oIDs[w] = bj
                    oCoeffs[w] = c
                    w &+= 1
                }
                j &+= 1
            } else {
                let c = k * other.coeffs[j]
                let s = aCoeffs[i] + c
                if !cancels(s, aCoeffs[i], c) {
                    oIDs[w] = ai
                    oCoeffs[w] = s
                    w &+= 1
                }
                i &+= 1
                j &+= 1
            }
        }
        while i < na {
            oIDs[w] = aIDs[i]
            oCoeffs[w] = aCoeffs[i]
            w &+= 1
            i &+= 1
        }
        while j < nb {
            let c = k * other.coeffs[j]
            if !negligible(c) {
                oIDs[w] = other.ids[j]
                oCoeffs[w] = c
                w &+= 1
            }
            j &+= 1
        }
        swap(&ids, &spareIDs)
        swap(&coeffs, &spareCoeffs)
        count = w
    }

    /// Solves `0 = self` for `id` (which must be present): afterwards the row reads
    /// `id = constant + Σ …` (as ``Row/solve(for:)``).
    mutating func solve(for id: Int) {
        let a = remove(id)
        scale(by: -1 / a)
    }

    /// The row as a ``Row`` (the phase-one path, which keeps its objective as one).
    func makeRow() -> Row { Row(view) }

    private mutating func removeCell(at i: Int) {
        var k = i
        while k &+ 1 < count {
            ids[k] = ids[k &+ 1]
            coeffs[k] = coeffs[k &+ 1]
            k &+= 1
        }
        count &-= 1
    }

    private mutating func grow(_ needed: Int) {
        ids.reserveUninitialized(needed, count: count)
        coeffs.reserveUninitialized(needed, count: count)
    }
}
