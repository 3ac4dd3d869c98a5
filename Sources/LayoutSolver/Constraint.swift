// Constraints, relations and strengths of the Cassowary solver. Standard library only.

/// The relation of a constraint `expression OP 0`.
public enum RelationalOperator: Sendable {
    /// `expression <= 0`.
    case lessThanOrEqual
    /// `expression == 0`.
    case equal
    /// `expression >= 0`.
    case greaterThanOrEqual
}

/// Named strengths (priorities). A strength is any finite priority in (0, 1000]; 1000 means
/// *required*. Optional priorities are **strictly hierarchical**: a constraint of priority 751 is
/// never traded for any number of constraints of priority 750, whatever their errors (the
/// "symbolic weights" of Badros, Borning & Stuckey, TOCHI 2001, not kiwi's summed scalar
/// weights). Two strengths are the same level only when they are exactly equal as `Double`s.
public enum Strength {
    /// A constraint that must hold: 1000.
    public static let required: Double = 1000
    /// 750 (the Auto Layout "defaultHigh" level).
    public static let strong: Double = 750
    /// 500.
    public static let medium: Double = 500
    /// 250 (the Auto Layout "defaultLow" level).
    public static let weak: Double = 250

    /// Whether `strength` is a valid strength: finite and in (0, 1000].
    public static func isValid(_ strength: Double) -> Bool {
        strength > 0 && strength <= required   // false for NaN
    }
}

/// A linear constraint `expression OP 0` with a strength (priority in (0, 1000], 1000 =
/// required).
///
/// Constraints are identified by object identity. Creating one never fails; invalid values (NaN
/// or infinite coefficients or constant, a strength outside (0, 1000]) are refused by
/// ``Solver/addConstraint(_:)`` with ``SolverError/invalidValue``.
///
/// Build them with the comparison operators, e.g. `2 * xm == xl + xr` or `xl + 20 <= xr`, and
/// set an optional strength with `|`: `(x == 10) | Strength.weak` (the parentheses are needed
/// because Swift's `|` binds tighter than `==`).
public final class Constraint {
    /// The left-hand side of `expression OP 0`. ``Solver/setConstant(_:to:)`` updates its
    /// `constant`. (No run-time exclusivity check: like its solver, a constraint is used from one
    /// thread at a time — docs/solver.md — and the check cost ~80 instructions per suggestion.)
    @exclusivity(unchecked) public internal(set) var expression: Expression
    /// The relation to zero.
    public let op: RelationalOperator
    /// The priority in (0, 1000]; 1000 (``Strength/required``) means the constraint must hold.
    public let strength: Double

    /// Creates the constraint `expression op 0` with the given strength (required by default).
    public init(_ expression: Expression, _ op: RelationalOperator, strength: Double = Strength.required) {
        self.expression = expression
        self.op = op
        self.strength = strength
    }

    /// Whether the constraint is required (strength 1000).
    public var isRequired: Bool { strength >= Strength.required }
}

extension Constraint: CustomStringConvertible {
    /// A readable form such as `2.0*xm + -1.0*xl + -1.0*xr == 0 | 1000.0`.
    public var description: String {
        var s = ""
        for t in expression.terms {
            if !s.isEmpty { s += " + " }
            s += "\(t.coefficient)*\(t.variable)"
        }
        if s.isEmpty { s = "\(expression.constant)" } else if expression.constant != 0 { s += " + \(expression.constant)" }
        let rel: String
        switch op {
        case .lessThanOrEqual: rel = "<="
        case .equal: rel = "=="
        case .greaterThanOrEqual: rel = ">="
        }
        return "\(s) \(rel) 0 | \(strength)"
    }
}

/// A copy of the constraint (same expression and relation) with another strength, like kiwi's
/// `constraint | strength`. Write `(x == 10) | Strength.weak`: Swift's `|` binds tighter than
/// the comparison operators. The strength is validated when the constraint is added.
public func | (constraint: Constraint, strength: Double) -> Constraint {
    Constraint(constraint.expression, constraint.op, strength: strength)
}

@inline(__always) internal func relate(_ lhs: Expression, _ op: RelationalOperator, _ rhs: Expression) -> Constraint {
    Constraint(lhs - rhs, op, strength: Strength.required)
}

// MARK: - `==`
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Expression, rhs: Expression) -> Constraint { relate(lhs, .equal, rhs) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Expression, rhs: Term) -> Constraint { relate(lhs, .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Expression, rhs: Variable) -> Constraint { relate(lhs, .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Expression, rhs: Double) -> Constraint { relate(lhs, .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Term, rhs: Expression) -> Constraint { relate(expr(lhs), .equal, rhs) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Term, rhs: Term) -> Constraint { relate(expr(lhs), .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Term, rhs: Variable) -> Constraint { relate(expr(lhs), .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Term, rhs: Double) -> Constraint { relate(expr(lhs), .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Variable, rhs: Expression) -> Constraint { relate(expr(lhs), .equal, rhs) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Variable, rhs: Term) -> Constraint { relate(expr(lhs), .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Variable, rhs: Variable) -> Constraint { relate(expr(lhs), .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Variable, rhs: Double) -> Constraint { relate(expr(lhs), .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Double, rhs: Expression) -> Constraint { relate(expr(lhs), .equal, rhs) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Double, rhs: Term) -> Constraint { relate(expr(lhs), .equal, expr(rhs)) }
/// The required constraint `lhs - rhs == 0` (lhs is equal to rhs).
public func == (lhs: Double, rhs: Variable) -> Constraint { relate(expr(lhs), .equal, expr(rhs)) }

// MARK: - `<=`
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Expression, rhs: Expression) -> Constraint { relate(lhs, .lessThanOrEqual, rhs) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Expression, rhs: Term) -> Constraint { relate(lhs, .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Expression, rhs: Variable) -> Constraint { relate(lhs, .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Expression, rhs: Double) -> Constraint { relate(lhs, .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Term, rhs: Expression) -> Constraint { relate(expr(lhs), .lessThanOrEqual, rhs) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Term, rhs: Term) -> Constraint { relate(expr(lhs), .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Term, rhs: Variable) -> Constraint { relate(expr(lhs), .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Term, rhs: Double) -> Constraint { relate(expr(lhs), .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Variable, rhs: Expression) -> Constraint { relate(expr(lhs), .lessThanOrEqual, rhs) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Variable, rhs: Term) -> Constraint { relate(expr(lhs), .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Variable, rhs: Variable) -> Constraint { relate(expr(lhs), .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Variable, rhs: Double) -> Constraint { relate(expr(lhs), .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Double, rhs: Expression) -> Constraint { relate(expr(lhs), .lessThanOrEqual, rhs) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Double, rhs: Term) -> Constraint { relate(expr(lhs), .lessThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs <= 0` (lhs is less than or equal to rhs).
public func <= (lhs: Double, rhs: Variable) -> Constraint { relate(expr(lhs), .lessThanOrEqual, expr(rhs)) }

// MARK: - `>=`
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Expression, rhs: Expression) -> Constraint { relate(lhs, .greaterThanOrEqual, rhs) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Expression, rhs: Term) -> Constraint { relate(lhs, .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Expression, rhs: Variable) -> Constraint { relate(lhs, .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Expression, rhs: Double) -> Constraint { relate(lhs, .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Term, rhs: Expression) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, rhs) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Term, rhs: Term) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Term, rhs: Variable) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Term, rhs: Double) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Variable, rhs: Expression) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, rhs) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Variable, rhs: Term) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Variable, rhs: Variable) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Variable, rhs: Double) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Double, rhs: Expression) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, rhs) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Double, rhs: Term) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, expr(rhs)) }
/// The required constraint `lhs - rhs >= 0` (lhs is greater than or equal to rhs).
public func >= (lhs: Double, rhs: Variable) -> Constraint { relate(expr(lhs), .greaterThanOrEqual, expr(rhs)) }
