import XCTest
@testable import LayoutSolver

/// Exact-value scenarios. Every expected value is derived by hand in the comment next to it.
final class ScenarioTests: XCTestCase {
    func testWeakEqualityLosesToRequiredInequality() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint((x == 10) | Strength.weak)
        try s.addConstraint(x >= 20)
        s.updateVariables()
        // x >= 20 must hold; the weak x == 10 error |x - 10| is smallest at the bound: x = 20.
        XCTAssertEqual(x.value, 20)
    }

    func testRequiredAndWeak() throws {
        let v1 = Variable("v1"), v2 = Variable("v2")
        let s = Solver()
        try s.addConstraint(v1 + v2 == 0)
        try s.addConstraint(v1 == 10)
        try s.addConstraint((v2 >= 0) | Strength.weak)
        s.updateVariables()
        // v1 = 10 (required), v2 = -v1 = -10 (required); the weak v2 >= 0 cannot hold.
        XCTAssertEqual(v1.value, 10)
        XCTAssertEqual(v2.value, -10)
    }

    func testStrongBeatsMedium() throws {
        let v1 = Variable("v1"), v2 = Variable("v2")
        let s = Solver()
        try s.addConstraint(v1 + v2 == 0)
        try s.addConstraint((v1 >= 10) | Strength.medium)
        try s.addConstraint((v2 == 2) | Strength.strong)
        s.updateVariables()
        // The strong level is satisfied first: v2 = 2, so v1 = -2 (required sum); the medium
        // v1 >= 10 then has error 12, which it cannot reduce without violating the strong one.
        XCTAssertEqual(v1.value, -2)
        XCTAssertEqual(v2.value, 2)
    }

    func testCassowaryPaperExample() throws {
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        let s = Solver()
        try s.addConstraint(2 * xm == xl + xr)
        try s.addConstraint(xl + 20 <= xr)
        try s.addConstraint(xl >= -10)
        try s.addConstraint(xr <= 100)
        try s.addEditVariable(xm, strength: Strength.strong)
        try s.addEditVariable(xl, strength: Strength.weak)
        try s.addEditVariable(xr, strength: Strength.weak)

        try s.suggestValue(xm, 40)
        try s.suggestValue(xr, 50)
        try s.suggestValue(xl, 30)
        s.updateVariables()
        // xl = 30, xr = 50 gives xm = (30 + 50) / 2 = 40 and xl + 20 = 50 <= 50: every edit is
        // met exactly (all errors 0), so this is the unique optimum.
        XCTAssertEqual(xm.value, 40)
        XCTAssertEqual(xl.value, 30)
        XCTAssertEqual(xr.value, 50)

        try s.suggestValue(xm, 60)
        s.updateVariables()
        // The strong edit holds: xm = 60, xl + xr = 120. The weak level minimises
        // |xl - 30| + |xr - 50| >= |(xl + xr) - 80| = 40, attained for 30 <= xl <= 50 (xr = 120 - xl,
        // and xr >= xl + 20 needs xl <= 50). The optimum is not unique; the dual simplex moves
        // from the previous vertex (where the xr edit's error was basic) along the xr edit:
        // xl stays at its suggestion 30 and xr = 120 - 30 = 90 (<= 100).
        XCTAssertEqual(xm.value, 60)
        XCTAssertEqual(xl.value, 30)
        XCTAssertEqual(xr.value, 90)

        try s.suggestValue(xm, 90)
        s.updateVariables()
        // xm = 90: xl + xr = 180 with xr <= 100 and xr >= xl + 20. From xr <= 100, xl >= 80; from
        // xr >= xl + 20, 180 - xl >= xl + 20, so xl <= 80. Hence xl = 80, xr = 100 (unique).
        XCTAssertEqual(xm.value, 90)
        XCTAssertEqual(xl.value, 80)
        XCTAssertEqual(xr.value, 100)
    }

    func testMidpointWithMinimumWidth() throws {
        let l = Variable("l"), m = Variable("m"), r = Variable("r")
        let s = Solver()
        try s.addConstraint(2 * m == l + r)
        try s.addConstraint(r - l >= 100)
        try s.addEditVariable(l, strength: Strength.strong)
        try s.suggestValue(l, 20)
        s.updateVariables()
        // l = 20 (edit). r is otherwise free above l + 100 and no optional constraint pulls it,
        // so the solver keeps the slack of r - l >= 100 parametric (0): r = 120, m = (20 + 120) / 2
        // = 70.
        XCTAssertEqual(l.value, 20)
        XCTAssertEqual(r.value, 120)
        XCTAssertEqual(m.value, 70)
    }

    func testZeroSizeChain() throws {
        let w = Variable("w"), x1 = Variable("x1"), x2 = Variable("x2")
        let w1 = Variable("w1"), w2 = Variable("w2")
        let s = Solver()
        for v in [w, x1, x2, w1, w2] { try s.addConstraint(v >= 0) }
        try s.addConstraint(x1 == 0)
        try s.addConstraint(w1 == 0)
        try s.addConstraint(x1 + w1 == x2)
        try s.addConstraint(x2 + w2 == w)
        try s.addEditVariable(w, strength: Strength.medium)
        try s.suggestValue(w, 20)
        s.updateVariables()
        // x1 = 0 and w1 = 0 (required), so x2 = x1 + w1 = 0; w = 20 (edit, feasible since
        // w2 = w - x2 = 20 >= 0), so w2 = 20.
        XCTAssertEqual(x1.value, 0)
        XCTAssertEqual(w1.value, 0)
        XCTAssertEqual(x2.value, 0)
        XCTAssertEqual(w2.value, 20)
        XCTAssertEqual(w.value, 20)
    }

    func testUnsatisfiableAddLeavesSolverUnchanged() throws {
        let x = Variable("x")
        let s = Solver()
        let ge = x >= 10
        try s.addConstraint(ge)
        let before = s.dump()
        XCTAssertThrowsError(try s.addConstraint(x <= 5)) { error in
            XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint)
        }
        XCTAssertEqual(s.dump(), before)
        s.updateVariables()
        // Only x >= 10 remains; nothing pulls x up, so x sits on the bound: 10.
        XCTAssertEqual(x.value, 10)
        try s.removeConstraint(ge)
        XCTAssertEqual(s.rowCount, 0)
        try s.addConstraint(ge)
        s.updateVariables()
        XCTAssertEqual(x.value, 10)
        XCTAssertEqual(s.constraintCount, 1)
    }

    func testPriorityLevels() throws {
        let w = Variable("w")
        let s = Solver()
        try s.addConstraint((w == 1) | 501)
        try s.addConstraint((w == 2) | 502)
        try s.addConstraint((w == 3) | 503)
        try s.addConstraint((w == 4) | 504)
        s.updateVariables()
        // The highest level (504) is satisfied exactly: w = 4.
        XCTAssertEqual(w.value, 4)
    }

    func testStrictHierarchyBeatsManyLowerConstraints() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint((x == 0) | 751)
        for _ in 0..<1000 { try s.addConstraint((x == 10) | 750) }
        s.updateVariables()
        // Level 751 is minimised first: its only error |x - 0| is 0 at x = 0, and level 750
        // (total error 1000 · |x - 10|) may only choose among the level-751 optima, i.e. x = 0.
        // (With kiwi-style summed weights 1000 · 750 > 751 would win and give x = 10.)
        XCTAssertEqual(x.value, 0)

        // Same in the other order of addition.
        let y = Variable("y")
        let t = Solver()
        for _ in 0..<1000 { try t.addConstraint((y >= 10) | 750) }
        try t.addConstraint((y <= 0) | 751)
        t.updateVariables()
        XCTAssertEqual(y.value, 0)
    }
}

/// Behaviours kiwi documents, checked with hand-computed values.
final class KiwiBehaviourTests: XCTestCase {
    func testSuggestionPropagatesThroughSeveralRows() throws {
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let s = Solver()
        try s.addConstraint(y == x + 5)
        try s.addConstraint(z == 2 * y - x)
        try s.addEditVariable(x, strength: Strength.strong)
        try s.suggestValue(x, 10)
        s.updateVariables()
        // x = 10, y = 15, z = 2·15 − 10 = 20.
        XCTAssertEqual([x.value, y.value, z.value], [10, 15, 20])
        try s.suggestValue(x, -4)
        s.updateVariables()
        // x = −4, y = 1, z = 2·1 + 4 = 6.
        XCTAssertEqual([x.value, y.value, z.value], [-4, 1, 6])
        XCTAssertNil(s.invariantViolation())
    }

    func testUnderConstrainedVariablesStayAtZeroOrTheirBounds() throws {
        let a = Variable("a"), b = Variable("b")
        let s = Solver()
        try s.addConstraint(a + b >= 10)
        s.updateVariables()
        // Nothing pulls either variable: the solver keeps the slack at 0 with the lowest-id
        // variable (a) as the subject, b parametric at 0: a = 10, b = 0.
        XCTAssertEqual(a.value, 10)
        XCTAssertEqual(b.value, 0)
    }

    func testEditWithoutSuggestionPullsTowardZero() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint(x >= -5)
        try s.addEditVariable(x, strength: Strength.weak)
        s.updateVariables()
        // The edit constraint is x == 0 until a value is suggested.
        XCTAssertEqual(x.value, 0)
        try s.suggestValue(x, -20)
        s.updateVariables()
        // x >= −5 is required: the weak edit is met as closely as possible, x = −5.
        XCTAssertEqual(x.value, -5)
        try s.removeEditVariable(x)
        try s.addEditVariable(x, strength: Strength.weak)
        s.updateVariables()
        // A new edit starts again from 0.
        XCTAssertEqual(x.value, 0)
    }

    func testClassicSimplexMaximisation() throws {
        // maximise z = 2x1 + 3x2 + 4x3 s.t. 3x1 + 2x2 + x3 <= 10, 2x1 + 5x2 + 3x3 <= 15,
        // x >= 0 — expressed as a weak preference for a huge z; solution x1 = 0, x2 = 0, x3 = 5,
        // z = 20 (x3 has the best ratio 4/3 per unit of the binding second constraint: 15/3 = 5,
        // and the first constraint 5 <= 10 is slack). Check: any other vertex, e.g. (2.5, 0, 3.33):
        // 5 + 13.33 = 18.33 < 20; (0, 3, 0): 9.
        let x1 = Variable("x1"), x2 = Variable("x2"), x3 = Variable("x3"), z = Variable("z")
        let s = Solver()
        for v in [x1, x2, x3] { try s.addConstraint(v >= 0) }
        try s.addConstraint(3 * x1 + 2 * x2 + x3 <= 10)
        try s.addConstraint(2 * x1 + 5 * x2 + 3 * x3 <= 15)
        try s.addConstraint(z == 2 * x1 + 3 * x2 + 4 * x3)
        try s.addConstraint((z >= 1000) | Strength.weak)
        s.updateVariables()
        XCTAssertEqual(x1.value, 0, accuracy: 1e-12)
        XCTAssertEqual(x2.value, 0, accuracy: 1e-12)
        XCTAssertEqual(x3.value, 5, accuracy: 1e-12)
        XCTAssertEqual(z.value, 20, accuracy: 1e-12)
    }
}
