import XCTest
@testable import LayoutSolver

/// A new row with no user variable to solve for enters through a restricted symbol of another
/// constraint when that keeps every row feasible (``Solver/feasibleRestrictedSubject()``, issue
/// 19), and through the artificial phase otherwise. Values by hand.
final class SubjectChoiceTests: XCTestCase {
    /// `x >= 10` makes x basic, `x = 10 + s1`. `x >= 11` then reads `0 = x − 11 − s2 = −1 + s1 −
    /// s2`, i.e. `0 = 1 − s1 + s2`: no user variable and its own slack has a positive
    /// coefficient (kiwi's rule finds no subject and takes the artificial phase). s1 has −1:
    /// `s1 = 1 + s2`, x = 11, and no row holds s1 with a negative coefficient — no artificial
    /// symbol.
    func testARestrictedSymbolOfAnotherConstraintIsTheSubject() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint(x >= 10)
        try s.addConstraint(x >= 11)
        s.updateVariables()
        XCTAssertEqual(x.value, 11)
        XCTAssertEqual(s.stats.artificialAdds, 0)
    }

    /// With `x <= 12` too (`s3 = 2 − s1`), `x >= 11` still enters through s1 (`s1 = 1 + s2`): s3's
    /// row moves from 2 to 2 − 1 = 1, still feasible. x = 11.
    func testTheSubjectMayMoveOtherRowsWhileTheyStayFeasible() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint(x >= 10)
        try s.addConstraint(x <= 12)
        try s.addConstraint(x >= 11)
        s.updateVariables()
        XCTAssertEqual(x.value, 11)
        XCTAssertEqual(s.stats.artificialAdds, 0)
        let s3 = try XCTUnwrap(s.registry.constraints.allValues.first { $0.seq == 2 }).marker
        XCTAssertEqual(s.tableau.rowConstant(indexOf(s3)), 1)
    }

    /// `x >= 13` with `x <= 12`: s1 would be basic at 3 and s3's row would read 2 − 3 = −1, so s1
    /// is not a subject; the artificial phase finds the contradiction (minimum 1, not 0) and the
    /// constraint is refused as unsatisfiable, the solver unchanged. (Taking s1 anyway left an
    /// infeasible row, which the verification refuses as numerically unstable instead.)
    func testASubjectThatWouldMakeARowInfeasibleIsNotTaken() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint(x >= 10)
        try s.addConstraint(x <= 12)
        let before = s.dump()
        XCTAssertThrowsError(try s.addConstraint(x >= 13)) { error in
            XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint)
        }
        XCTAssertEqual(s.stats.artificialAdds, 1)
        XCTAssertEqual(s.dump(), before)
    }
}
