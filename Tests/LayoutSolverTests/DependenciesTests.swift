import XCTest
@testable import LayoutSolver

/// `Solver.constraintsDetermining(_:)` (issue 14, "why is it here?"): the constraints whose
/// constants the solved values rest on, read from the tableau's rows — with stored dummy markers,
/// with implicit ones (scratch re-solve), and beyond the scratch limit (superset).
final class DependenciesTests: XCTestCase {
    /// `Σ terms + constant REL 0`.
    private func make(_ terms: [(Variable, Double)], _ constant: Double, _ op: RelationalOperator,
                      _ strength: Double = Strength.required) -> Constraint {
        Constraint(Expression(terms: terms.map { Term($0.0, $0.1) }, constant: constant), op, strength: strength)
    }

    private struct Chain {
        let x0, x2, z, w: Variable
        /// c0, c1, c2, zMin, zPin, wMax, wPull (indices 0…6).
        let all: [Constraint]
    }

    /// x0 == 0; x1 == x0 + 10; x2 == x1 + 5; z >= x1 + 100 with z == 500 @strong (the inequality is
    /// slack: z = 500 > 110); w <= x2 with w == 1000 @weak (the weak one loses: w = x2 = 15, the
    /// inequality is at its bound).
    private func chain(_ s: Solver) throws -> Chain {
        let x0 = Variable("x0"), x1 = Variable("x1"), x2 = Variable("x2"), z = Variable("z"), w = Variable("w")
        let c0 = make([(x0, 1)], 0, .equal)
        let c1 = make([(x1, 1), (x0, -1)], -10, .equal)
        let c2 = make([(x2, 1), (x1, -1)], -5, .equal)
        let zMin = make([(z, 1), (x1, -1)], -100, .greaterThanOrEqual)
        let zPin = make([(z, 1)], -500, .equal, Strength.strong)
        let wMax = make([(w, 1), (x2, -1)], 0, .lessThanOrEqual)
        let wPull = make([(w, 1)], -1000, .equal, Strength.weak)
        for c in [c0, c1, c2, zMin, zPin, wMax, wPull] { try s.addConstraint(c) }
        s.updateVariables()
        XCTAssertEqual([x0.value, x1.value, x2.value, z.value, w.value], [0, 10, 15, 500, 15])
        return Chain(x0: x0, x2: x2, z: z, w: w, all: [c0, c1, c2, zMin, zPin, wMax, wPull])
    }

    private func ids(_ r: DeterminingConstraints, _ all: [Constraint]) -> [Int] {
        r.constraints.map { c in all.firstIndex { $0 === c } ?? -1 }
    }

    private func checkChain(_ s: Solver) throws {
        let k = try chain(s)
        let all = k.all, x0 = k.x0, x2 = k.x2, z = k.z, w = k.w
        // x2 = 0 + 10 + 5: every link of the chain, nothing else.
        var r = s.constraintsDetermining([x2])
        XCTAssertTrue(r.isExact)
        XCTAssertEqual(ids(r, all), [0, 1, 2])
        // w = x2 through the tight inequality; the losing weak pull is not a determinant.
        r = s.constraintsDetermining([w])
        XCTAssertEqual(ids(r, all), [0, 1, 2, 5])
        // z = 500 from the strong pin alone: z >= x1 + 100 is off its bound (500 > 110).
        r = s.constraintsDetermining([z])
        XCTAssertEqual(ids(r, all), [4])
        XCTAssertEqual(ids(s.constraintsDetermining([x0]), all), [0])
        // Several variables: the union, oldest first.
        XCTAssertEqual(ids(s.constraintsDetermining([z, x0]), all), [0, 4])
        // A variable the solver does not know depends on nothing.
        XCTAssertEqual(s.constraintsDetermining([Variable("stranger")]).constraints.count, 0)
    }

    func testRowsGiveTheWholeChainAndOnlyTightConstraints() throws {
        let s = Solver()
        s.overrides.implicitMarkerThreshold = Int.max   // stored markers
        try checkChain(s)
        XCTAssertEqual(s.registry.constraints.allValues.filter(\.implicit).count, 0)
    }

    func testImplicitMarkersGiveTheSameAnswerThroughAScratchSolve() throws {
        let s = Solver()
        s.overrides.implicitMarkerThreshold = -1        // implicit from the first equality
        try checkChain(s)
        XCTAssertGreaterThan(s.registry.constraints.allValues.filter(\.implicit).count, 0, "the implicit path was exercised")
    }

    func testAnUnsatisfiedOptionalConstraintIsNotADeterminant() throws {
        // x == 10 @strong and x == 20 @weak: x = 10; the weak one's error absorbs any change of
        // its constant, so it determines nothing. With x <= 5 required, the strong one loses too.
        let s = Solver()
        let x = Variable("x")
        let strong = make([(x, 1)], -10, .equal, Strength.strong)
        let weak = make([(x, 1)], -20, .equal, Strength.weak)
        try s.addConstraint(strong)
        try s.addConstraint(weak)
        XCTAssertTrue(s.constraintsDetermining([x]).constraints.elementsEqual([strong], by: ===))
        let cap = make([(x, 1)], -5, .lessThanOrEqual)
        try s.addConstraint(cap)
        XCTAssertTrue(s.constraintsDetermining([x]).constraints.elementsEqual([cap], by: ===))
    }

    func testBeyondTheScratchLimitTheConnectedTightSetIsReported() throws {
        // A chain x_i == x_{i-1} + 1 of limit + 10 implicit equalities: too many to re-solve, so
        // every tight constraint connected to the queried variable is listed, flagged inexact.
        let s = Solver()
        s.overrides.implicitMarkerThreshold = -1
        let n = Solver.dependencyScratchLimit + 10
        var vars = [Variable("x0")]
        var all = [make([(vars[0], 1)], 0, .equal)]
        for i in 1...n {
            vars.append(Variable("x\(i)"))
            all.append(make([(vars[i], 1), (vars[i - 1], -1)], -1, .equal))
        }
        try s.addConstraints(all)
        let r = s.constraintsDetermining([vars[n]])
        XCTAssertFalse(r.isExact)
        XCTAssertEqual(r.constraints.count, n + 1)
        XCTAssertTrue(r.constraints.elementsEqual(all, by: ===), "oldest first")
        // A separate small system in the same solver is still re-solved exactly.
        let y = Variable("y"), y2 = Variable("y2")
        let yPin = make([(y, 1)], -7, .equal)                  // y == 7
        let yNext = make([(y2, 1), (y, -1)], -1, .equal)       // y2 == y + 1
        try s.addConstraints([yPin, yNext])
        let yr = s.constraintsDetermining([y2])
        XCTAssertTrue(yr.isExact)
        XCTAssertTrue(yr.constraints.elementsEqual([yPin, yNext], by: ===))
        // A variable the solver does not know: exact and empty.
        let f = s.constraintsDetermining([Variable("unknown")])
        XCTAssertTrue(f.isExact)
        XCTAssertEqual(f.constraints.count, 0)
    }
}
