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
