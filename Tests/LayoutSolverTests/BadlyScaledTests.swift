import XCTest
@testable import LayoutSolver

/// Issue 8: badly scaled rows within the limits, and the limits themselves (SolverLimits,
/// docs/solver.md "Limits"). The systems come from the solver fuzzer's findings
/// (fuzz/known-issues/README.md item 2; inputs in fuzz/regressions/solver/).
final class BadlyScaledTests: XCTestCase {
    /// `v0 == 0 @750`, `10000·v4 − v1 == 0`, `10000·v1 − 1e7 <= 0 @558`, `v1 == 0`.
    /// Hand computation: the required `v1 == 0` and `10000·v4 == v1` give v4 = 0; the optional
    /// constraints are then satisfied too (10000·0 − 1e7 <= 0, v0 = 0). Before the fix the third
    /// add left `v4 = 0.1 − 1e-8·s + …` with the 1e-8 cell dropped, so when the slack `s` became
    /// 1e7 `v4` stayed 0.1 and `10000·v4 − v1` was 1000.
    func testSmallCoefficientOnALargeSlackIsKept() throws {
        let v0 = Variable("v0"), v1 = Variable("v1"), v4 = Variable("v4")
        let s = Solver()
        try s.addConstraint(Constraint(Expression(v0), .equal, strength: 750))
        let scaled = 10000 * v4 - v1 == 0
        try s.addConstraint(scaled)
        try s.addConstraint(Constraint(Expression(terms: [Term(v1, 10000)], constant: -1e7),
                                       .lessThanOrEqual, strength: 558))
        try s.addConstraint(v1 == 0)
        s.updateVariables()
        XCTAssertEqual(v1.value, 0, accuracy: 1e-12)
        XCTAssertEqual(v4.value, 0, accuracy: 1e-12)
        XCTAssertEqual(v0.value, 0, accuracy: 1e-12)
        XCTAssertNil(s.invariantViolation())
    }

    /// A chain of multipliers 1e-4 · 1e-4: the product 1e-8 must survive as a coefficient.
    /// y = 1e-4·x, z = 1e-4·y, x = 5e7 / 5 (from x·5 = 5e7): x = 1e7, y = 1000, z = 0.1.
    func testProductOfSmallMultipliersIsNotDropped() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let s = Solver()
        try s.addConstraint(y == 0.0001 * x)
        try s.addConstraint(z == 0.0001 * y)
        try s.addConstraint(5 * x == 5e7)
        s.updateVariables()
        XCTAssertEqual(x.value, 1e7, accuracy: 1e-6)
        XCTAssertEqual(y.value, 1000, accuracy: 1e-9)
        XCTAssertEqual(z.value, 0.1, accuracy: 1e-12)
    }

    func testLimitsAreEnforcedAndLeaveTheSolverUnchanged() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        try s.addConstraint(x == 1)
        let before = s.dump()
        func refused(_ c: Constraint, line: UInt = #line) {
            XCTAssertThrowsError(try s.addConstraint(c), line: line) {
                XCTAssertEqual($0 as? SolverError, .invalidValue, line: line)
            }
            XCTAssertEqual(s.dump(), before, line: line)
        }
        // SolverLimits: |coefficient| <= 1e6, |constant| <= 1e12.
        refused(Constraint(Expression(terms: [Term(y, 1.0000001e6)], constant: 0), .equal))
        refused(Constraint(Expression(terms: [Term(y, -1e300)], constant: 0), .equal))
        refused(Constraint(Expression(terms: [Term(y, 1)], constant: 1.000001e12), .equal))
        refused(Constraint(Expression(terms: [Term(y, 1)], constant: 1e308), .lessThanOrEqual))
        XCTAssertThrowsError(try s.addConstraints([y == 2, Constraint(Expression(terms: [Term(y, 2e6)]), .equal)]))
        XCTAssertEqual(s.dump(), before)
        // The boundary values themselves are accepted: y·1e6 == 1e12 gives y = 1e6.
        let edge = Constraint(Expression(terms: [Term(y, 1e6)], constant: -1e12), .equal)
        try s.addConstraint(edge)
        s.updateVariables()
        XCTAssertEqual(y.value, 1e6, accuracy: 1e-6)
        let edgeDump = s.dump()
        XCTAssertThrowsError(try s.setConstant(edge, to: -1.5e12)) {
            XCTAssertEqual($0 as? SolverError, .invalidValue)
        }
        XCTAssertEqual(s.dump(), edgeDump)
        try s.addEditVariable(x, strength: Strength.strong)
        let editDump = s.dump()
        XCTAssertThrowsError(try s.suggestValue(x, 2e12)) {
            XCTAssertEqual($0 as? SolverError, .invalidValue)
        }
        XCTAssertEqual(s.dump(), editDump)
        try s.suggestValue(x, -1e12)
    }

    /// Coefficients below SolverLimits.minimumCoefficient (1e-9) count as 0: `1e-10·x + y == 5`
    /// constrains only y (y = 5); x stays free (0, the solver's value of an unconstrained variable).
    func testCoefficientBelowTheMinimumCountsAsZero() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        try s.addConstraint(1e-10 * x + y == 5)
        s.updateVariables()
        XCTAssertEqual(y.value, 5)
        XCTAssertEqual(x.value, 0)
    }
}
