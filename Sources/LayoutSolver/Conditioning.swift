// Guarding against ill-conditioned pivots (issue 8). Double precision keeps ~16 digits; dividing a
// row by a coefficient 1e-8 of its largest entry multiplies every rounding error by 1e8, and the
// solver fuzzer found systems within the engine's limits (multipliers 1e4 and 1e-4, constants 1e7)
// where a few such pivots left a required constraint broken by 1e7. Such operations are verified
// against the original constraints and refused if the result is wrong.

extension Solver {
    /// A divisor smaller than this fraction of its row's largest coefficient marks the operation
    /// ill-conditioned (1e-6: six digits lost). 1e-2 caught more of a random test's badly scaled
    /// systems (1 instead of 8 wrong answers in 20,000) but also flagged the 1/N pivots of a chain
    /// of N views, and verifying every such operation made the 1,000-view chain build 160 times
    /// slower (bench/RESULTS.md).
    internal static let conditionThreshold = 1.0e-6

    /// Records whether dividing `row` by its coefficient `a` (a pivot) is ill-conditioned.
    @inline(__always)
    internal func noteDivisor(_ a: Double, _ row: Row) {
        if illConditioned { return }
        var largest = 1.0
        for cell in row.cells where cell.coeff.magnitude > largest { largest = cell.coeff.magnitude }
        if a.magnitude < Solver.conditionThreshold * largest { illConditioned = true }
    }

    /// Row constants beyond this magnitude (1e6 × ``inputMagnitude``) mean the tableau carries
    /// values its inputs do not explain — typically a tiny coefficient in an optional constraint
    /// blew a value up — and cancellations against them can lose every digit of the values the
    /// constraints care about. While any row holds one, every operation is verified.
    internal var largeValueThreshold: Double { 1.0e6 * inputMagnitude }

    /// Marks the current operation for verification if `constant` is beyond
    /// ``largeValueThreshold``.
    @inline(__always)
    internal func noteConstant(_ constant: Double) {
        let m = constant.magnitude
        if m > tableauHighWater { tableauHighWater = m }
        if m > largeValueThreshold { illConditioned = true }
    }

    /// Whether the tableau has ever held a value beyond ``largeValueThreshold`` since the last
    /// reset or rebuild: its rounding noise is then relative to that value, so every operation is
    /// verified (the noise outlives the large values — a random-system test found a required
    /// constraint 3.7e5 off after values fell from 1e14 back to 1e4).
    @inline(__always)
    internal var pollutedTableau: Bool { tableauHighWater > largeValueThreshold }

    /// Records a constant or suggested value given to the solver (see ``inputMagnitude``).
    @inline(__always)
    internal func noteInput(_ value: Double) {
        if value.magnitude > inputMagnitude { inputMagnitude = value.magnitude }
    }

    /// The magnitude `M` of the accuracy promise (docs/solver.md "Limits"): the largest of
    /// ``inputMagnitude``, every variable's value, and every `coeff·value` product of the
    /// required constraints — what the inputs and the answer justify, not the tableau's own
    /// intermediate values.
    internal func accuracyMagnitude() -> Double {
        var magnitude = inputMagnitude
        for (_, entry) in variables {
            magnitude = Swift.max(magnitude, (rows[indexOf(entry.symbol)]?.constant ?? 0).magnitude)
        }
        for tag in constraints.values where tag.isRequired && !tag.isEdit {
            for t in tag.constraint.expression.terms
            where t.coefficient.magnitude >= SolverLimits.minimumCoefficient {
                magnitude = Swift.max(magnitude, (t.coefficient * currentValue(t.variable)).magnitude)
            }
        }
        return magnitude
    }

    /// After an ill-conditioned operation (a small pivot, or values beyond
    /// ``largeValueThreshold``): throws ``SolverError/numericalInstability`` (and the transaction
    /// rolls back) if a required constraint no longer holds or a restricted row is infeasible
    /// beyond double-precision rounding (see ``requiredViolation()``). Whether later operations
    /// are verified too follows from ``tableauHighWater`` (``pollutedTableau``).
    internal func verifyIfIllConditioned() throws {
        guard illConditioned else { return }
        verifiedOperations += 1
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
    /// `1e-11 × M × max(1, max|coeff|)` — the promise of docs/solver.md "Limits", which the
    /// solver fuzzer checks; this test is ten times stricter: `1e-7 × (|constant| + 1 +
    /// Σ|coeff·value| + max|coeff|) + 1e-12 × M × max(1, max|coeff|)` with `M` = ``accuracyMagnitude()`` — or nil. `M`
    /// deliberately ignores the tableau's own intermediate values: when those blow up,
    /// cancellation makes the answer wrong, and that is what this catches. Cost: two passes over
    /// the required constraints' terms.
    internal func requiredViolation() -> String? {
        let magnitude = accuracyMagnitude()
        // Restricted rows: against the same input/answer magnitude (the tableau's own magnitude
        // is what blows up in the cases this must catch).
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
            // Stricter than what the docs promise (1e-6 relative + 1e-11·M·max|coeff|), so an
            // accepted result is always within the promise.
            let tol = 1e-7 * (scale + largest) + 1e-12 * magnitude * Swift.max(1, largest)
            // A required inequality's slack must equal its expression (`expr + μ·s = 0`): a row
            // that drifted from the constraint is wrong even while the inequality still holds
            // (a random-system test found a slack 35 off, which broke the constraint when it
            // became tight).
            if tag.marker >= 0 && kindOf(tag.marker) == SymbolKind.slack {
                let slack = rows[indexOf(tag.marker)]?.constant ?? 0
                let drift = v + tag.markerCoeff * slack
                if drift.magnitude > tol + 1e-7 * slack.magnitude {
                    return "required constraint #\(tag.seq): slack off by \(drift)"
                }
            }
            if let drift = encodingDrift(tag) { return "required constraint #\(tag.seq): \(drift)" }
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

    /// Whether the tableau still encodes `tag`'s constraint exactly: substituting the rows of its
    /// variables (and of its marker) into `expr + μ·marker` must give 0 in every coefficient, not
    /// only in the constant. A coefficient error left by an ill-conditioned pivot stays invisible
    /// while the parameters are 0 and surfaces when a later, well-conditioned pivot moves along
    /// it (the solver fuzzer saw a slack end 1250 off that way). Each cell is compared with the
    /// sum of the magnitudes that produced it (relative 1e-7). Returns a description or nil.
    internal func encodingDrift(_ tag: Tag) -> String? {
        var acc = Row(constant: tag.constant)
        var mag = Row(constant: tag.constant.magnitude)
        func add(_ sym: Int, _ k: Double) {
            if let r = rows[indexOf(sym)] {
                acc.addScaled(r, k)
                var a = r
                a.constant = a.constant.magnitude
                for i in 0..<a.cells.count { a.cells[i].coeff = a.cells[i].coeff.magnitude }
                mag.addScaled(a, k.magnitude)
            } else {
                acc.add(sym, k)
                mag.add(sym, k.magnitude)
            }
        }
        for t in tag.constraint.expression.terms where t.coefficient.magnitude >= SolverLimits.minimumCoefficient {
            guard let e = variables[ObjectIdentifier(t.variable)] else { continue }
            add(e.symbol, t.coefficient)
        }
        if tag.marker >= 0 { add(tag.marker, tag.markerCoeff) }
        for cell in acc.cells where kindOf(cell.id) != SymbolKind.dummy {
            // Dummy columns are bookkeeping of other equalities (implicit ones are not stored).
            let scale = mag.coefficient(of: cell.id)
            if cell.coeff.magnitude > 1e-7 * scale + 1e-12 {
                return "coefficient of \(symbolName(cell.id)) off by \(cell.coeff) (of \(scale))"
            }
        }
        return nil
    }
}
