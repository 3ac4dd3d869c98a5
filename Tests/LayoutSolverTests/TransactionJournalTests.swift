import XCTest
@testable import LayoutSolver

/// The transaction journal (Transaction.swift) restores the free list of symbol indices entry by
/// entry, not from a saved copy (issue 19): a refused operation that took indices from the list
/// and gave some back leaves it exactly as it was, so the symbols made afterwards get the same
/// indices (and the solver the same dump) as if the refused operation had never been tried.
final class TransactionJournalTests: XCTestCase {
    /// Builds `x == 10`, then adds and removes `x + y >= 4` (strong), which frees its slack and
    /// error symbols and `y`'s symbol: the free list is not empty afterwards.
    private func solverWithFreeIndices(_ x: Variable, _ y: Variable) throws -> Solver {
        let s = Solver()
        try s.addConstraint(x == 10)
        let a = (x + y >= 4) | Strength.strong
        try s.addConstraint(a)
        try s.removeConstraint(a)
        return s
    }

    func testARefusedBatchRestoresTheFreeListOfSymbolIndices() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let s = try solverWithFreeIndices(x, y)
        let free = s.tableau.freeIndices
        XCTAssertFalse(free.isEmpty)
        let before = s.dump()
        // `x <= 10` with x = 10 leaves the row `0 + slack`: no subject, so it enters through an
        // artificial symbol (both taken from the free list; the artificial one is freed again).
        // `x == 11` then contradicts `x == 10` and the whole batch is refused.
        XCTAssertThrowsError(try s.addConstraints([x <= 10, x == 11])) { error in
            XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint)
        }
        XCTAssertEqual(s.stats.artificialAdds, 1, "the batch took the artificial path before it was refused")
        XCTAssertEqual(s.tableau.freeIndices, free)
        XCTAssertEqual(s.dump(), before)

        // The next operation gives exactly what it gives on a solver that never saw the refusal.
        let fresh = try solverWithFreeIndices(x, y)
        try s.addConstraint((z >= 3) | Strength.weak)
        try fresh.addConstraint((z >= 3) | Strength.weak)
        XCTAssertEqual(s.dump(), fresh.dump())
        XCTAssertEqual(s.tableau.freeIndices, fresh.tableau.freeIndices)
    }
}
