// Variables, terms and linear expressions of the Cassowary solver, with the arithmetic operators
// used to build them. Standard library only (no Foundation).

/// An unknown of a linear constraint system (for example one edge of a frame, in points).
///
/// A variable is identified by object identity, never by `name`: two variables with the same
/// name are different unknowns. Its `value` is 0 until a ``Solver`` that knows it runs
/// ``Solver/updateVariables()``; it then holds the solved value (in whatever unit the
/// constraints use, points for layout).
///
/// One variable may be used by several solvers; each ``Solver/updateVariables()`` call writes the
/// values of the solver that made it.
public final class Variable {
    /// A readable name used only by ``Solver/dump()`` and `description`; it need not be unique.
    public let name: String
    /// The solved value, copied in by ``Solver/updateVariables()``; 0 before the first update.
    public internal(set) var value: Double {
        get { solvedValue }
        set { solvedValue = newValue }
    }
    /// The storage of ``value``, with no run-time exclusivity check (a variable is used from one
    /// thread at a time, docs/solver.md). Behind an accessor because another module reading a
    /// stored property checks exclusivity itself, `@exclusivity(unchecked)` or not: ~75
    /// instructions per read, half of the layout engine's frame commit (issue 19).
    @exclusivity(unchecked) internal var solvedValue: Double = 0

    /// Creates a variable with an optional readable `name` and value 0.
    public init(_ name: String = "") {
        self.name = name
    }
}

extension Variable: CustomStringConvertible {
    /// The variable's name, or `"<unnamed>"` when it has none.
    public var description: String { name.isEmpty ? "<unnamed>" : name }
}

/// A variable multiplied by a coefficient, as in `3·x`.
public struct Term {
    /// The variable of the term.
    public var variable: Variable
    /// The factor applied to the variable (dimensionless).
    public var coefficient: Double

    /// Creates `coefficient · variable` (coefficient 1 by default).
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficientᵢ · variableᵢ + constant`.
///
/// Terms may repeat a variable; the solver adds their coefficients. The constant has the unit of
/// the variables (points for layout).
public struct Expression {
    /// The terms of the expression, in the order they were written.
    public var terms: [Term]
    /// The constant part of the expression.
    public var constant: Double

    /// Creates an expression from terms and a constant (both empty/zero by default).
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression `1 · variable`.
    public init(_ variable: Variable) {
        self.init(terms: [Term(variable)], constant: 0)
    }

    /// Creates the expression made of a single term.
    public init(_ term: Term) {
        self.init(terms: [term], constant: 0)
    }
}

// MARK: - Conversions used by the operators

@inline(__always) internal func expr(_ v: Variable) -> Expression { Expression(v) }
@inline(__always) internal func expr(_ t: Term) -> Expression { Expression(t) }
@inline(__always) internal func expr(_ c: Double) -> Expression { Expression(constant: c) }

@inline(__always) internal func sum(_ a: Expression, _ b: Expression) -> Expression {
    Expression(terms: a.terms + b.terms, constant: a.constant + b.constant)
}

@inline(__always) internal func scaled(_ a: Expression, _ k: Double) -> Expression {
    Expression(terms: a.terms.map { Term($0.variable, $0.coefficient * k) }, constant: a.constant * k)
}

// MARK: - Multiplication and division by a number

/// `coefficient · variable`.
public func * (lhs: Variable, rhs: Double) -> Term { Term(lhs, rhs) }
/// `coefficient · variable`.
public func * (lhs: Double, rhs: Variable) -> Term { Term(rhs, lhs) }
/// The term scaled by a number.
public func * (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient * rhs) }
/// The term scaled by a number.
public func * (lhs: Double, rhs: Term) -> Term { Term(rhs.variable, rhs.coefficient * lhs) }
/// Every term and the constant scaled by a number.
public func * (lhs: Expression, rhs: Double) -> Expression { scaled(lhs, rhs) }
/// Every term and the constant scaled by a number.
public func * (lhs: Double, rhs: Expression) -> Expression { scaled(rhs, lhs) }
/// `variable / number` (a division by zero gives infinite coefficients, refused by the solver with
/// ``SolverError/invalidValue``).
public func / (lhs: Variable, rhs: Double) -> Term { Term(lhs, 1 / rhs) }
/// The term divided by a number.
public func / (lhs: Term, rhs: Double) -> Term { Term(lhs.variable, lhs.coefficient / rhs) }
/// The expression divided by a number.
public func / (lhs: Expression, rhs: Double) -> Expression { scaled(lhs, 1 / rhs) }

// MARK: - Negation

/// `-1 · variable`.
public prefix func - (operand: Variable) -> Term { Term(operand, -1) }
/// The term with its coefficient negated.
public prefix func - (operand: Term) -> Term { Term(operand.variable, -operand.coefficient) }
/// The expression with every coefficient and the constant negated.
public prefix func - (operand: Expression) -> Expression { scaled(operand, -1) }

// MARK: - Addition

/// The sum of two linear operands, as an expression.
public func + (lhs: Expression, rhs: Expression) -> Expression { sum(lhs, rhs) }
/// The sum of two linear operands, as an expression.
public func + (lhs: Expression, rhs: Term) -> Expression { sum(lhs, expr(rhs)) }
/// The sum of two linear operands, as an expression.
public func + (lhs: Expression, rhs: Variable) -> Expression { sum(lhs, expr(rhs)) }
/// The expression with `rhs` added to its constant.
public func + (lhs: Expression, rhs: Double) -> Expression { sum(lhs, expr(rhs)) }
/// The sum of two linear operands, as an expression.
public func + (lhs: Term, rhs: Expression) -> Expression { sum(expr(lhs), rhs) }
/// The sum of two linear operands, as an expression.
public func + (lhs: Term, rhs: Term) -> Expression { sum(expr(lhs), expr(rhs)) }
/// The sum of two linear operands, as an expression.
public func + (lhs: Term, rhs: Variable) -> Expression { sum(expr(lhs), expr(rhs)) }
/// The sum of a term and a constant, as an expression.
public func + (lhs: Term, rhs: Double) -> Expression { sum(expr(lhs), expr(rhs)) }
/// The sum of two linear operands, as an expression.
public func + (lhs: Variable, rhs: Expression) -> Expression { sum(expr(lhs), rhs) }
/// The sum of two linear operands, as an expression.
public func + (lhs: Variable, rhs: Term) -> Expression { sum(expr(lhs), expr(rhs)) }
/// The sum of two linear operands, as an expression.
public func + (lhs: Variable, rhs: Variable) -> Expression { sum(expr(lhs), expr(rhs)) }
/// The sum of a variable and a constant, as an expression.
public func + (lhs: Variable, rhs: Double) -> Expression { sum(expr(lhs), expr(rhs)) }
/// The expression with `lhs` added to its constant.
public func + (lhs: Double, rhs: Expression) -> Expression { sum(expr(lhs), rhs) }
/// The sum of a constant and a term, as an expression.
public func + (lhs: Double, rhs: Term) -> Expression { sum(expr(lhs), expr(rhs)) }
/// The sum of a constant and a variable, as an expression.
public func + (lhs: Double, rhs: Variable) -> Expression { sum(expr(lhs), expr(rhs)) }

// MARK: - Subtraction

/// The difference of two linear operands, as an expression.
public func - (lhs: Expression, rhs: Expression) -> Expression { sum(lhs, scaled(rhs, -1)) }
/// The difference of two linear operands, as an expression.
public func - (lhs: Expression, rhs: Term) -> Expression { sum(lhs, expr(-rhs)) }
/// The difference of two linear operands, as an expression.
public func - (lhs: Expression, rhs: Variable) -> Expression { sum(lhs, expr(-rhs)) }
/// The expression with `rhs` subtracted from its constant.
public func - (lhs: Expression, rhs: Double) -> Expression { sum(lhs, expr(-rhs)) }
/// The difference of two linear operands, as an expression.
public func - (lhs: Term, rhs: Expression) -> Expression { sum(expr(lhs), scaled(rhs, -1)) }
/// The difference of two linear operands, as an expression.
public func - (lhs: Term, rhs: Term) -> Expression { sum(expr(lhs), expr(-rhs)) }
/// The difference of two linear operands, as an expression.
public func - (lhs: Term, rhs: Variable) -> Expression { sum(expr(lhs), expr(-rhs)) }
/// A term minus a constant, as an expression.
public func - (lhs: Term, rhs: Double) -> Expression { sum(expr(lhs), expr(-rhs)) }
/// The difference of two linear operands, as an expression.
public func - (lhs: Variable, rhs: Expression) -> Expression { sum(expr(lhs), scaled(rhs, -1)) }
/// The difference of two linear operands, as an expression.
public func - (lhs: Variable, rhs: Term) -> Expression { sum(expr(lhs), expr(-rhs)) }
/// The difference of two linear operands, as an expression.
public func - (lhs: Variable, rhs: Variable) -> Expression { sum(expr(lhs), expr(-rhs)) }
/// A variable minus a constant, as an expression.
public func - (lhs: Variable, rhs: Double) -> Expression { sum(expr(lhs), expr(-rhs)) }
/// A constant minus an expression.
public func - (lhs: Double, rhs: Expression) -> Expression { sum(expr(lhs), scaled(rhs, -1)) }
/// A constant minus a term, as an expression.
public func - (lhs: Double, rhs: Term) -> Expression { sum(expr(lhs), expr(-rhs)) }
/// A constant minus a variable, as an expression.
public func - (lhs: Double, rhs: Variable) -> Expression { sum(expr(lhs), expr(-rhs)) }
