// Ambiguity: is a variable's solved value the only optimal one?

extension Solver {
    /// Whether `variable`'s solved value is not unique: another value satisfies every required
    /// constraint with the same error at every priority level (an alternative optimum), so the
    /// constraints do not determine it. A variable the solver does not know (no constraint
    /// mentions it) is ambiguous.
    ///
    /// Method: at an optimal tableau, the variable changes iff some parametric (non-basic) symbol
    /// it depends on changes. Such a symbol can move at no cost when its objective coefficient is
    /// zero at every level, and a small step keeps every restricted basic row non-negative (a
    /// row at 0 with a coefficient of the wrong sign blocks that direction). An unrestricted
    /// symbol may move either way, a slack or error symbol (at 0) only upwards; dummies are fixed.
    /// This is the single-pivot test Auto Layout's `hasAmbiguousLayout` answers; read-only, cost
    /// proportional to the variable's row times the rows holding each candidate symbol.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let entry = tableau.variables[ObjectIdentifier(variable)] else { return true }
        let id = entry.symbol
        if let row = tableau.rows[indexOf(id)] {
            for cell in row.cells where canMoveAtNoCost(cell.id) { return true }
            return false
        }
        return canMoveAtNoCost(id)
    }

    /// Whether the parametric symbol `id` can change (in some allowed direction) without changing
    /// any objective level or violating a restricted row.
    internal func canMoveAtNoCost(_ id: Int) -> Bool {
        let kind = kindOf(id)
        if kind == SymbolKind.dummy { return false }
        for level in simplex.levels where !nearZero(level.row.coefficient(of: id)) { return false }
        let directions: [Double] = kind == SymbolKind.external ? [1, -1] : [1]
        direction: for d in directions {
            for i in 0..<tableau.rows.count {
                guard let row = tableau.rows[i] else { continue }
                let basic = idOfIndex(i)
                let basicKind = kindOf(basic)
                if basicKind == SymbolKind.external || basicKind == SymbolKind.dummy { continue }
                let a = row.coefficient(of: id)
                if a == 0 { continue }
                if nearZero(row.constant) && a * d < 0 { continue direction }
            }
            return true
        }
        return false
    }
}
