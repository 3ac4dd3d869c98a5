// Guarding against ill-conditioned pivots (issue 8). Double precision keeps ~16 digits; dividing a
// row by a coefficient 1e-8 of its largest entry multiplies every rounding error by 1e8, and the
// solver fuzzer found systems within the engine's limits (multipliers 1e4 and 1e-4, constants 1e7)
// where a few such pivots left a required constraint broken by 1e7. Such operations are verified
// against the original constraints and refused if the result is wrong.

extension Solver {
    /// A divisor smaller than this fraction of its row's largest coefficient marks the operation
    /// ill-conditioned (1e-6: six digits of the row are lost to the division).
    internal static let conditionThreshold = 1.0e-6

    /// Records whether dividing `row` by its coefficient `a` (a pivot) is ill-conditioned.
    @inline(__always)
    internal func noteDivisor(_ a: Double, _ row: Row) {
        if illConditioned { return }
        var largest = 1.0
        for cell in row.cells where cell.coeff.magnitude > largest { largest = cell.coeff.magnitude }
        if a.magnitude < Solver.conditionThreshold * largest { illConditioned = true }
    }

    /// After an ill-conditioned operation: throws ``SolverError/numericalInstability`` (and the
    /// transaction rolls back) if a required constraint no longer holds or a restricted row is
    /// infeasible beyond double-precision rounding (see ``requiredViolation()``).
    internal func verifyIfIllConditioned() throws {
        guard illConditioned else { return }
        if requiredViolation() != nil {
            instabilityRefusals += 1
            throw SolverError.numericalInstability
        }
    }

    /// The value of a user variable in the current tableau (its row constant, or 0 when
    /// parametric).
    internal func currentValue(_ v: Variable) -> Double {
        guard let e = variables[ObjectIdentifier(v)] else { return 0 }
        return rows[indexOf(e.symbol)]?.constant ?? 0
    }

    /// A description of the first required constraint violated, or restricted row infeasible,
    /// beyond rounding — `1e-6 × (|constant| + 1 + Σ|coeff·value| + max|coeff|)` plus
    /// `1e-11 × M × max(1, max|coeff|)` with `M` the tableau's largest value (docs/solver.md
    /// "Limits"; the solver fuzzer allows at least as much) — or nil. Cost: one pass over the
    /// required constraints' terms.
    internal func requiredViolation() -> String? {
        let magnitude = tableauMagnitude()
        let feasibility = absoluteEpsilon + 1e-11 * magnitude
        for index in 0..<nextIndex {
            guard let r = rows[index] else { continue }
            if isRestrictedPivotable(idOfIndex(index)) && r.constant < -feasibility {
                return "row \(symbolName(idOfIndex(index))) infeasible: \(r.constant)"
            }
        }
        for tag in constraints.values where tag.isRequired && !tag.isEdit {
            var v = tag.constant
            var scale = tag.constant.magnitude + 1
            var largest = 0.0
            for t in tag.constraint.expression.terms
            where t.coefficient.magnitude >= SolverLimits.minimumCoefficient {
                let x = t.coefficient * currentValue(t.variable)
                v += x
                scale += x.magnitude
                largest = Swift.max(largest, t.coefficient.magnitude)
            }
            let tol = 1e-6 * (scale + largest) + 1e-11 * magnitude * Swift.max(1, largest)
            let ok: Bool
            switch tag.constraint.op {
            case .equal: ok = v.magnitude <= tol
            case .lessThanOrEqual: ok = v <= tol
            case .greaterThanOrEqual: ok = v >= -tol
            }
            if !ok { return "required constraint #\(tag.seq) off by \(v)" }
        }
        return nil
    }
}
