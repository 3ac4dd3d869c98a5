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
    /// A NaN or infinite coefficient, constant or suggested value, or a strength outside
    /// (0, 1000].
    case invalidValue
    /// An operation needed more pivots than its budget (`100 × (rows + symbols) + 1000`); this
    /// indicates numerical trouble rather than a real cycle (the pivot rules cannot cycle).
    case pivotBudgetExceeded
}
