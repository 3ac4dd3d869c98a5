// Edit variables (Badros, Borning & Stuckey, TOCHI 2001, §4: "edit constraints"): a variable made
// editable gets an optional constraint `variable == value`; suggesting a value changes that
// constraint's constant. A constant change — a suggestion, or ``Solver/setConstant(_:to:)`` on any
// constraint — shifts the constants of the rows holding the constraint's marker (or error) symbol
// and lets the dual simplex restore feasibility; nothing is removed or re-added.

/// An edit variable's bookkeeping.
internal struct EditInfo {
    let constraint: Constraint
    /// The last suggested value (0 right after `addEditVariable`).
    var value: Double
    let seq: Int
}

extension Solver {
    /// Makes `variable` an edit variable: adds the optional constraint `variable == value` of the
    /// given strength, where `value` starts at 0 and is changed by ``suggestValue(_:_:)``.
    ///
    /// - Parameter strength: a priority in (0, 1000).
    /// - Throws: ``SolverError/duplicateEditVariable`` if it already is one;
    ///   ``SolverError/badRequiredStrength`` if `strength` is 1000 (required);
    ///   ``SolverError/invalidValue`` if `strength` is NaN, infinite, <= 0 or > 1000;
    ///   ``SolverError/numericalInstability`` if even a fresh solve cannot keep the accuracy
    ///   promise (badly scaled systems only). On error the solver is unchanged.
    public func addEditVariable(_ variable: Variable, strength: Double) throws {
        let key = ObjectIdentifier(variable)
        if registry.edits[key] != nil { throw SolverError.duplicateEditVariable }
        if strength == Strength.required { throw SolverError.badRequiredStrength }
        guard Strength.isValid(strength) else { throw SolverError.invalidValue }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try transactOrRebuild(RebuildChange(adding: [constraint], addingEdit: key), retryUnsatisfiable: true) {
            try addInternal(constraint, isEdit: true)
            setEdit(key, EditInfo(constraint: constraint, value: 0, seq: registry.constraints[ObjectIdentifier(constraint)]!.seq))
        }
    }

    /// Stops editing `variable`: removes its edit constraint. Never fails for an edit variable
    /// (a removal that fails numerically is redone as a rebuild, or relaxed in place:
    /// ``Solver/removeConstraint(_:)``).
    ///
    /// - Throws: ``SolverError/unknownEditVariable`` if it is not an edit variable.
    public func removeEditVariable(_ variable: Variable) throws {
        let key = ObjectIdentifier(variable)
        guard let info = registry.edits[key] else { throw SolverError.unknownEditVariable }
        // (An edit constraint is optional, so `remove` cannot throw for it.)
        try remove([ObjectIdentifier(info.constraint)], edits: [key])
    }

    /// Whether `variable` is an edit variable of this solver.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        registry.edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggests a value (in the variable's unit) for an edit variable and re-optimises with the
    /// dual simplex (the tableau rows holding the edit constraint's error symbols are shifted;
    /// nothing is rebuilt). Call ``updateVariables()`` to read the result.
    ///
    /// - Throws: ``SolverError/unknownEditVariable`` if `variable` is not an edit variable;
    ///   ``SolverError/invalidValue`` if `value` is NaN, infinite or beyond
    ///   ``SolverLimits/maximumConstant`` (1e12);
    ///   ``SolverError/numericalInstability`` if even a fresh solve cannot keep the accuracy
    ///   promise (badly scaled systems only). On error the solver is unchanged.
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        let key = ObjectIdentifier(variable)
        guard let constraint = registry.edits.modify(key, { $0.constraint }) else { throw SolverError.unknownEditVariable }
        guard SolverLimits.isValidConstant(value) else { throw SolverError.invalidValue }
        let ckey = ObjectIdentifier(constraint)
        // An edit constraint is optional: no suggestion can contradict the required constraints,
        // so an unsatisfiable verdict of the dual simplex is rounding and is retried as a rebuild.
        try transactOrRebuild(RebuildChange(constants: [(ckey, -value)], editValues: [(key, value)]),
                              retryUnsatisfiable: true, structural: false) {
            noteInput(value)
            try shiftConstant(ckey, to: -value)
            try dualOptimize()
            setEditValue(key, value)
        }
        constraint.expression.constant = -value
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
    ///   each other; ``SolverError/numericalInstability`` if even a fresh solve cannot keep the
    ///   accuracy promise (badly scaled systems only). On error the solver is unchanged (and so
    ///   is the constraint).
    public func setConstant(_ constraint: Constraint, to newConstant: Double) throws {
        let key = ObjectIdentifier(constraint)
        guard let tag = registry.constraints[key], !tag.isEdit else { throw SolverError.unknownConstraint }
        guard SolverLimits.isValidConstant(newConstant) else { throw SolverError.invalidValue }
        let change = RebuildChange(constants: [(key, newConstant)])
        if tag.implicit {
            // No stored marker column to shift: rebuild with the new constant (all or nothing).
            try refactorize(change)
            constraint.expression.constant = newConstant
            return
        }
        // An optional constraint cannot contradict anything: an unsatisfiable verdict is rounding.
        try transactOrRebuild(change, retryUnsatisfiable: !tag.isRequired, structural: false) {
            noteInput(newConstant)
            try shiftConstant(key, to: newConstant)
            try dualOptimize()
        }
        constraint.expression.constant = newConstant
    }

    // MARK: - Constant changes

    /// Shifts the tableau so that the constraint's expression constant becomes `newConstant`.
    ///
    /// With `0 = c + … + μ·m` for the marker `m`, changing `c` by `δ` is the substitution
    /// `m = m' + δ/μ`: if `m` is basic its row's constant decreases by `δ/μ`; else if the other
    /// error symbol is basic its row is shifted likewise; else every row holding `m` (coefficient
    /// `γ`) gains `γ·δ/μ`. Rows that become infeasible are left to the dual simplex.
    internal func shiftConstant(_ key: ObjectIdentifier, to newConstant: Double) throws {
        // The tag's scalars, read in place (no copy of the tag and its arrays).
        guard let (oldConstant, m, markerCoeff, other, otherCoeff, recorded) = registry.constraints.modify(key, { t in
            (t.constant, t.marker, t.markerCoeff, t.other, t.otherCoeff, t.isRequired && !t.isEdit)
        }) else { throw SolverError.unknownConstraint }
        let delta = newConstant - oldConstant
        if recorded, var tag = registry.constraints[key] {
            // A required constraint: its verification record takes the new constant too.
            tag.constant = newConstant
            setConstraint(key, tag)
        } else {
            _ = setUnrecordedConstant(key, newConstant)
        }
        if delta == 0 { return }
        let mi = indexOf(m)
        if tableau.hasRow(mi) {
            touchConstant(mi)
            let old = tableau.rowConst[mi]
            tableau.rowConst[mi] -= delta / markerCoeff
            try checkShifted(mi, m, scale: old.magnitude + (delta / markerCoeff).magnitude)
            return
        }
        if other >= 0 {
            let oi = indexOf(other)
            if tableau.hasRow(oi) {
                touchConstant(oi)
                let old = tableau.rowConst[oi]
                tableau.rowConst[oi] -= delta / otherCoeff
                try checkShifted(oi, other, scale: old.magnitude + (delta / otherCoeff).magnitude)
                return
            }
        }
        let step = delta / markerCoeff
        verification.shiftedParameter += step.magnitude   // bounds the verification's shift error (Verification.swift)
        // Every row holding the marker (`Tableau.shiftColumn`: journaled, dummy rows kept at 0,
        // infeasible rows recorded — ``checkShifted(_:_:scale:)`` for a whole column).
        if tableau.shiftColumn(m, by: step, &simplex.infeasible) != nil { throw SolverError.unsatisfiableConstraint }
    }

    /// After the constant of the row at `index` (basic symbol `id`) was shifted: a basic dummy's
    /// row must stay 0 (else the change contradicts the required equalities), any other row is
    /// recorded if it became infeasible.
    ///
    /// - Throws: ``SolverError/unsatisfiableConstraint`` for a dummy row beyond rounding.
    @inline(__always)
    internal func checkShifted(_ index: Int, _ id: Int, scale: Double) throws {
        if kindOf(id) == SymbolKind.dummy {
            // A basic dummy's row holds only dummies: its constant must stay 0 (up to the
            // rounding of the shift, `scale` = |old constant| + |shift|, which is dropped).
            if !isRoundingResidual(tableau.rowConst[index], scale: scale) { throw SolverError.unsatisfiableConstraint }
            tableau.rowConst[index] = 0
        } else {
            markIfInfeasible(index, id)
        }
    }
}
