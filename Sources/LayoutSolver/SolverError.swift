/// Errors thrown by ``Solver``. Every operation that throws leaves the solver exactly as it was
/// before the call (its ``Solver/dump()`` is unchanged).
public enum SolverError: Error, Equatable, Sendable {
    /// Adding the constraint (or changing its constant) would make the required constraints
    /// contradict each other.
    case unsatisfiableConstraint
    /// The constraint has already been added to this solver.
    case duplicateConstraint
    /// The constraint has not been added to this solver.
    case unknownConstraint
    /// The variable is already an edit variable of this solver.
    case duplicateEditVariable
    /// The variable is not an edit variable of this solver.
    case unknownEditVariable
    /// An edit variable cannot have the required strength (1000).
    case badRequiredStrength
    /// A NaN or infinite coefficient, constant or suggested value, a magnitude beyond
    /// ``SolverLimits`` (coefficient above 1e6, constant or value above 1e12), or a strength
    /// outside (0, 1000].
    case invalidValue
    /// Never thrown by ``Solver``'s public operations (kept for source compatibility). An
    /// operation that needs more pivots than its budget (`100 × (rows + symbols) + 1000`;
    /// numerical trouble: Bland's rule cannot cycle in exact arithmetic) is redone on a rebuilt
    /// tableau; if that also runs out, an addition or suggestion throws
    /// ``numericalInstability`` and a removal relaxes the constraint in place (issue 17).
    case pivotBudgetExceeded
    /// Even a fresh solve of the constraints could not keep the accuracy promise
    /// (docs/solver.md "Ill-conditioned systems"): the incremental result broke a required
    /// constraint beyond double-precision rounding (or overflowed, or ran out of pivots), and so
    /// did the operation redone on a tableau rebuilt from the constraints. Badly scaled systems
    /// only (e.g. multipliers 1e4 and 1e-4 combined with constants 1e7); the operation changed
    /// nothing.
    case numericalInstability
}

/// The magnitudes ``Solver`` accepts. Beyond them double-precision products in the tableau can
/// overflow to infinity or lose every significant digit, so the solver refuses them with
/// ``SolverError/invalidValue`` instead of holding inf/NaN (issue 8). The layout engine's own
/// limits (`LayoutLimits`: 1e7 pt, multiplier 1e4) are well inside these.
public enum SolverLimits {
    /// Largest accepted coefficient magnitude: 1e6 (of each term, and of the sum of a repeated
    /// variable's terms).
    public static let maximumCoefficient: Double = 1.0e6
    /// Coefficients of smaller magnitude than this (1e-9) count as 0 (the term is ignored).
    public static let minimumCoefficient: Double = 1.0e-9
    /// Largest accepted magnitude of a constraint's constant, a suggested value or a new
    /// constant: 1e12.
    public static let maximumConstant: Double = 1.0e12

    /// Whether `c` is a finite coefficient of magnitude at most ``maximumCoefficient``.
    @inlinable public static func isValidCoefficient(_ c: Double) -> Bool {
        c.isFinite && c.magnitude <= maximumCoefficient
    }

    /// The first variable (in term order) whose terms in `terms` sum to a coefficient that is
    /// not finite or beyond ``maximumCoefficient``, or nil. The solver adds up a repeated
    /// variable's terms, so the limit applies to the sum (`x·1e6 + x·1e6` is `2e6·x`); terms
    /// below ``minimumCoefficient`` are left out, as the solver leaves them out. A single term is
    /// its own sum, so this also reports a single term beyond the limit. First, in O(n) without
    /// comparing variables: when the magnitudes of all counted terms sum to at most the limit, no
    /// variable's sum can exceed it (floating-point rounding is monotonic, so no partial sum of a
    /// subset rounds above the whole) — the common case. Otherwise O(n²) comparisons up to 16
    /// terms, a dictionary beyond; both give the same answer.
    public static func variableBeyondLimit(in terms: [Term]) -> Variable? {
        let n = terms.count
        @inline(__always) func counted(_ c: Double) -> Double { c.magnitude < minimumCoefficient ? 0 : c }
        var total = 0.0
        for i in 0..<n { total += counted(terms[i].coefficient).magnitude }
        if total <= maximumCoefficient { return nil }  // (false for NaN and infinity)
        if n <= 16 {
            for i in 0..<n {
                let v = terms[i].variable
                var seenBefore = false
                for j in 0..<i where terms[j].variable === v { seenBefore = true; break }
                if seenBefore { continue }
                var sum = counted(terms[i].coefficient)
                for j in (i + 1)..<n where terms[j].variable === v { sum += counted(terms[j].coefficient) }
                if !isValidCoefficient(sum) { return v }
            }
            return nil
        }
        var sums: [ObjectIdentifier: Double] = [:]
        for t in terms { sums[ObjectIdentifier(t.variable), default: 0] += counted(t.coefficient) }
        for t in terms where !isValidCoefficient(sums[ObjectIdentifier(t.variable), default: 0]) { return t.variable }
        return nil
    }

    /// Whether `v` is a finite constant or value of magnitude at most ``maximumConstant``.
    @inlinable public static func isValidConstant(_ v: Double) -> Bool {
        v.isFinite && v.magnitude <= maximumConstant
    }
}
