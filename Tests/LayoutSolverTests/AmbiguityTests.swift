import XCTest
@testable import LayoutSolver

final class AmbiguityTests: XCTestCase {
    private func add(_ s: Solver, _ terms: [(Variable, Double)], _ constant: Double, _ op: RelationalOperator,
                     _ strength: Double = Strength.required) throws {
        try s.addConstraint(Constraint(Expression(terms: terms.map { Term($0.0, $0.1) }, constant: constant), op, strength: strength))
    }

    func testUnknownAndUnderConstrainedVariablesAreAmbiguous() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        XCTAssertTrue(s.isAmbiguous(x), "no constraint mentions x")
        try add(s, [(x, 1)], -10, .greaterThanOrEqual)          // x >= 10: x = 10 but 11 is as good
        XCTAssertTrue(s.isAmbiguous(x))
        try add(s, [(x, 1)], 0, .equal, Strength.weak)          // x == 0 weak: now 10 is the only optimum
        XCTAssertFalse(s.isAmbiguous(x))
        try add(s, [(x, 1), (y, 1)], -30, .equal)               // x + y == 30 → y = 20, determined by x
        XCTAssertFalse(s.isAmbiguous(y))
    }

    func testASumWithOneFreeDirectionIsAmbiguous() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        try add(s, [(x, 1), (y, 1)], -10, .equal)               // x + y == 10
        XCTAssertTrue(s.isAmbiguous(x))
        XCTAssertTrue(s.isAmbiguous(y))
        try add(s, [(x, 1)], -3, .equal)                        // x == 3 → y = 7
        XCTAssertFalse(s.isAmbiguous(x))
        XCTAssertFalse(s.isAmbiguous(y))
    }

    func testABoundThatBlocksTheOnlyDirectionIsNotAmbiguous() throws {
        let s = Solver()
        let x = Variable("x")
        try add(s, [(x, 1)], -10, .greaterThanOrEqual)          // x >= 10
        try add(s, [(x, 1)], -10, .lessThanOrEqual)             // x <= 10: both slacks at 0, each blocks
        XCTAssertEqual({ s.updateVariables(); return x.value }(), 10)
        XCTAssertFalse(s.isAmbiguous(x))
    }
}

/// Found by the solver fuzzer (fuzz/known-issues, "redundant-equality-removal"): removing one of
/// two equal required equalities must leave the other enforced.
final class RedundantEqualityTests: XCTestCase {
    func testRemovingARedundantEqualityKeepsTheOther() throws {
        let s = Solver()
        let v0 = Variable("v0")
        try s.addEditVariable(v0, strength: 500)
        let first = Constraint(Expression(terms: [Term(v0, 1.25)]), .equal)   // 1.25·v0 == 0
        try s.addConstraint(first)
        try s.addConstraint(Constraint(Expression(terms: [Term(v0, 1)]), .equal)) // v0 == 0 (redundant)
        try s.removeConstraint(first)
        try s.suggestValue(v0, 7)       // the edit pulls, the remaining required equality holds
        s.updateVariables()
        XCTAssertEqual(v0.value, 0)
    }
}

/// Found by the solver fuzzer (fuzz/regressions/solver/basic-dummy-over-non-dummy-after-remove):
/// a redundant required equality (#11, a copy of #3) is basic over #3's dummy with a 6e-12
/// rounding cell of another equality's dummy (`v1 == 0`). Removing `v1 == 0` pivoted that dummy
/// in through a user-variable row and substituted it into the redundant row too, multiplying the
/// 6e-12 residue by cells of ~1.8e7: the dummy row then held error symbols (1.09e-8) and a
/// 1e-5 constant, breaking the tableau invariant "a basic dummy's row holds only dummies".
final class ResidueInRedundantRowTests: XCTestCase {
    private func c(_ terms: [(Variable, Double)], _ constant: Double, _ op: RelationalOperator,
                   _ strength: Double = Strength.required) -> Constraint {
        Constraint(Expression(terms: terms.map { Term($0.0, $0.1) }, constant: constant), op, strength: strength)
    }

    func testRemovingAnEqualityDoesNotSpreadResidueIntoARedundantRow() throws {
        let s = Solver()
        let v0 = Variable("v0"), v1 = Variable("v1"), v3 = Variable("v3"), v4 = Variable("v4"), v5 = Variable("v5")
        // The fuzzer's 22 steps, in order (terms repeated as it drew them; the steps it saw fail
        // are the ones marked "refused").
        let c1 = c([(v5, -1.75), (v0, -2.75), (v1, 10000), (v0, 1.75)], -1e7, .equal)
        try s.addConstraint(c1)
        try s.addConstraint(c([(v5, 1.75), (v3, -2.5)], -36, .lessThanOrEqual, 1))
        let c3 = { self.c([(v0, 10000), (v0, 1), (v1, 1), (v3, 3.75)], 0, .equal) }
        try s.addConstraint(c3())
        let c4 = c([(v3, 1), (v0, 3.75), (v3, 3.75), (v3, 3.75)], 2063.875, .equal)
        try s.addConstraint(c4)
        try s.removeConstraint(c4)
        let v1IsZero = c([(v1, 1)], 0, .equal)
        try s.addConstraint(v1IsZero)
        XCTAssertThrowsError(try s.removeEditVariable(v3))      // refused: not an edit variable
        XCTAssertThrowsError(try s.suggestValue(v1, -36))       // refused: not an edit variable
        try s.addEditVariable(v0, strength: 645)
        let v0IsZero = c([(v0, 1)], 0, .equal)
        try s.addConstraint(v0IsZero)
        try s.removeConstraint(v0IsZero)
        try s.addConstraint(c([(v1, -3.25), (v4, 1), (v3, 3.75)], 0, .equal))
        try s.addConstraint(c([(v3, 1), (v0, 3.75), (v3, 3.75), (v0, 3.75)], 2063.875, .equal, 765))
        try s.addConstraint(c([(v5, -1.75), (v0, 3), (v0, -3.75), (v5, 1.75)], 104, .equal, 765))
        XCTAssertThrowsError(try s.setConstant(c4, to: -975.5)) // refused: c4 was removed
        try s.addConstraint(c3())                               // #11: a copy of #3 (redundant)
        try s.addConstraint(c([(v3, 1), (v0, 3.75), (v3, 3.75), (v3, 3.75)], 2063.875, .equal))
        try s.removeConstraint(c1)
        XCTAssertThrowsError(try s.addConstraint(c([(v0, 1)], 0, .equal)))  // refused: contradicts
        try s.addConstraints([c([(v5, -1.75), (v0, -2.75), (v1, 10000), (v0, 1.75)], -1e7, .equal)])
        try s.addConstraint(c([(v0, 3.25)], 104, .equal, 687))

        try s.removeConstraint(v1IsZero)
        XCTAssertNil(s.invariantViolation())
        // Hand solution. Required: 8.5·v3 + 3.75·v0 = −2063.875 (#12). At strength 765,
        // 4.75·v3 + 7.5·v0 = −2063.875 (error slope 5.40 per unit of v0 along #12) outweighs
        // v0 = 138.67 (slope 0.75), so both hold: v0 = v3 = −2063.875 / 12.25. Then #3 gives
        // v1 = −10001·v0 − 3.75·v3 = 10004.75 · 2063.875 / 12.25.
        // Rounding allowance (docs/solver.md, "The promise"): 1e-11 × M with M = 10000·v1 ≈ 1.7e10.
        s.updateVariables()
        let x = -2063.875 / 12.25
        let allowance = 1e-11 * 1.7e10
        XCTAssertEqual(v0.value, x, accuracy: allowance)
        XCTAssertEqual(v3.value, x, accuracy: allowance)
        XCTAssertEqual(v1.value, -10004.75 * x, accuracy: allowance)
    }
}
