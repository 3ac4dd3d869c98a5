// Readable dump of the solver state.

extension Solver {
    /// The readable name of a symbol (``Tableau/symbolName(_:)``).
    internal func symbolName(_ id: Int) -> String { tableau.symbolName(id) }

    /// An objective level's row as a sparse ``Row`` (symbol ids from the tableau's kinds).
    internal func sparse(_ objective: ObjectiveRow) -> Row {
        var row = Row(constant: objective.constant)
        objective.forEachCell { index, c in row.cells.append(Cell(id: idOfIndex(index), coeff: c)) }
        return row
    }

    /// `row` as readable text (`constant + coeff*name …`, or without the constant).
    internal func format(_ row: Row, withConstant: Bool) -> String {
        var s = withConstant ? "\(row.constant)" : ""
        for cell in row.cells {
            if s.isEmpty {
                s = "\(cell.coeff)*\(symbolName(cell.id))"
            } else {
                s += cell.coeff < 0 ? " - \(-cell.coeff)*\(symbolName(cell.id))"
                                    : " + \(cell.coeff)*\(symbolName(cell.id))"
            }
        }
        return s.isEmpty ? "0" : s
    }

    /// A readable, deterministic description of the whole state: the objective rows (one per
    /// priority level, highest first), the tableau rows (`basic = constant + …`, by symbol id),
    /// the infeasible rows, the edit variables and the constraints (in the order they were
    /// added). Symbols are named `s<n>` (slack), `e<n>` (error), `d<n>` (dummy) and by variable
    /// name. Two solvers in the same state give the same text; a failed operation leaves it
    /// unchanged.
    public func dump() -> String {
        var out = "Objective (lexicographic, highest priority first):\n"
        if simplex.levels.isEmpty { out += "  (none)\n" }
        for l in simplex.levels {
            out += "  [\(l.priority)] (\(l.count) constraint\(l.count == 1 ? "" : "s")) minimise \(format(sparse(l.row), withConstant: false))\n"
        }
        out += "Rows (\(tableau.basicCount)):\n"
        for index in 0..<tableau.nextIndex {
            guard let r = tableau.row(index) else { continue }
            out += "  \(symbolName(idOfIndex(index))) = \(format(Row(r), withConstant: true))\n"
        }
        out += "Infeasible rows:"
        if simplex.infeasible.isEmpty {
            out += " (none)\n"
        } else {
            out += " " + simplex.infeasible.map { symbolName($0) }.joined(separator: ", ") + "\n"
        }
        let editList = registry.edits.allValues.sorted { $0.seq < $1.seq }
        out += "Edit variables (\(editList.count)):\n"
        for e in editList {
            let tag = registry.constraints[ObjectIdentifier(e.constraint)]!
            let name = tag.terms.count > 0 ? symbolName(tag.terms.symbol(0)) : "?"
            out += "  \(name) strength \(tag.priority) suggested \(e.value)\n"
        }
        let tags = registry.constraints.allValues.sorted { $0.seq < $1.seq }
        out += "Constraints (\(tags.count)):\n"
        for t in tags {
            let c = t.constraint
            var s = ""
            for term in c.expression.terms {
                let key = ObjectIdentifier(term.variable)
                let name = tableau.variables[key].map { symbolName($0.symbol) } ?? term.variable.description
                if !s.isEmpty { s += " + " }
                s += "\(term.coefficient)*\(name)"
            }
            if s.isEmpty { s = "\(t.constant)" } else { s += " + \(t.constant)" }
            let rel: String
            switch c.op {
            case .lessThanOrEqual: rel = "<="
            case .equal: rel = "=="
            case .greaterThanOrEqual: rel = ">="
            }
            var marks = t.implicit ? "implicit marker" : "marker \(symbolName(t.marker))"
            if t.other >= 0 { marks += ", error \(symbolName(t.other))" }
            out += "  #\(t.seq)\(t.isEdit ? " (edit)" : ""): \(s) \(rel) 0 | \(t.priority) [\(marks)]\n"
        }
        return out
    }
}

extension Tableau {
    /// The readable name of a symbol: the variable's name (or `v<index>`) for user variables,
    /// `s<index>` for slacks, `e<index>` for errors, `d<index>` for dummies.
    func symbolName(_ id: Int) -> String {
        let index = indexOf(id)
        switch kindOf(id) {
        case SymbolKind.external:
            if let v = symbolVariables[index], !v.name.isEmpty { return v.name }
            return "v\(index)"
        case SymbolKind.slack: return "s\(index)"
        case SymbolKind.error: return "e\(index)"
        default: return "d\(index)"
        }
    }
}
