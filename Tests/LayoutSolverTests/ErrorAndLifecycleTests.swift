import XCTest
@testable import LayoutSolver

/// Errors, failure atomicity and leak checks.
final class ErrorAndLifecycleTests: XCTestCase {
    func assertThrows(_ expected: SolverError, _ body: @autoclosure () throws -> Void,
                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual(error as? SolverError, expected, file: file, line: line)
        }
    }

    func testRequiredEditVariableRefused() throws {
        let x = Variable("x")
        let s = Solver()
        let before = s.dump()
        assertThrows(.badRequiredStrength, try s.addEditVariable(x, strength: Strength.required))
        XCTAssertFalse(s.hasEditVariable(x))
        XCTAssertEqual(s.dump(), before)
        assertThrows(.invalidValue, try s.addEditVariable(x, strength: .nan))
        assertThrows(.invalidValue, try s.addEditVariable(x, strength: 0))
        assertThrows(.invalidValue, try s.addEditVariable(x, strength: 1001))
        XCTAssertEqual(s.dump(), before)
    }

    func testDuplicateAndUnknownErrors() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        let c = x + y == 10
        try s.addConstraint(c)
        XCTAssertTrue(s.hasConstraint(c))
        var before = s.dump()
        assertThrows(.duplicateConstraint, try s.addConstraint(c))
        XCTAssertEqual(s.dump(), before)
        let other = x == 3
        XCTAssertFalse(s.hasConstraint(other))
        assertThrows(.unknownConstraint, try s.removeConstraint(other))
        assertThrows(.unknownConstraint, try s.setConstant(other, to: 4))
        XCTAssertEqual(s.dump(), before)

        try s.addEditVariable(x, strength: Strength.strong)
        XCTAssertTrue(s.hasEditVariable(x))
        before = s.dump()
        assertThrows(.duplicateEditVariable, try s.addEditVariable(x, strength: Strength.weak))
        assertThrows(.unknownEditVariable, try s.removeEditVariable(y))
        assertThrows(.unknownEditVariable, try s.suggestValue(y, 1))
        XCTAssertEqual(s.dump(), before)
        try s.removeEditVariable(x)
        XCTAssertFalse(s.hasEditVariable(x))
        assertThrows(.unknownEditVariable, try s.removeEditVariable(x))
        try s.removeConstraint(c)
        assertThrows(.unknownConstraint, try s.removeConstraint(c))
        XCTAssertEqual(s.rowCount, 0)
        XCTAssertEqual(s.objectiveTermCount, 0)
        XCTAssertEqual(s.constraintCount, 0)
    }

    func testInvalidValuesRefused() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint(x >= 1)
        try s.addEditVariable(x, strength: Strength.weak)
        let before = s.dump()
        assertThrows(.invalidValue, try s.addConstraint(x * .nan == 1))
        assertThrows(.invalidValue, try s.addConstraint(x == .infinity))
        assertThrows(.invalidValue, try s.addConstraint(x / 0 == 1))
        assertThrows(.invalidValue, try s.addConstraint((x == 1) | .nan))
        assertThrows(.invalidValue, try s.addConstraint((x == 1) | 0))
        assertThrows(.invalidValue, try s.addConstraint((x == 1) | -5))
        assertThrows(.invalidValue, try s.addConstraint((x == 1) | 1000.5))
        assertThrows(.invalidValue, try s.suggestValue(x, .nan))
        assertThrows(.invalidValue, try s.suggestValue(x, -.infinity))
        let c = (x <= 50) | Strength.medium
        try s.addConstraint(c)
        let withC = s.dump()
        assertThrows(.invalidValue, try s.setConstant(c, to: .nan))
        XCTAssertEqual(s.dump(), withC)
        try s.removeConstraint(c)
        XCTAssertEqual(s.dump(), before)
    }

    func testStrengthsInsideRangeAreAccepted() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint((x == 1) | 0.001)
        try s.addConstraint((x == 2) | 999.999)
        s.updateVariables()
        // 999.999 is the higher of the two levels: x = 2.
        XCTAssertEqual(x.value, 2)
    }

    func testAddRemoveCyclesDoNotGrow() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        try s.addConstraint(x + y == 100)
        try s.addConstraint(x >= 0)
        try s.addConstraint(y >= 0)
        try s.addConstraint((x == 30) | Strength.weak)
        try s.addEditVariable(y, strength: Strength.medium)
        try s.suggestValue(y, 60)
        let rows = s.rowCount
        let terms = s.objectiveTermCount
        let dump = s.dump()
        for i in 0..<1000 {
            let c = (x == Double(i % 50)) | Strength.strong
            try s.addConstraint(c)
            s.updateVariables()
            // The strong equality dominates the medium edit and the weak x == 30.
            XCTAssertEqual(x.value, Double(i % 50))
            try s.removeConstraint(c)
        }
        XCTAssertEqual(s.rowCount, rows)
        XCTAssertEqual(s.objectiveTermCount, terms)
        XCTAssertEqual(s.dump(), dump)
        XCTAssertLessThanOrEqual(s.tableau.nextIndex, 32, "symbol indices are recycled")
        s.updateVariables()
        // Back to the original system: y = 60 (medium edit), x = 40 (required sum), the weak
        // x == 30 loses.
        XCTAssertEqual(y.value, 60)
        XCTAssertEqual(x.value, 40)
    }

    func testOptionalCyclesAtNewLevelsRemoveTheLevels() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint(x >= 0)
        XCTAssertEqual(s.simplex.levels.count, 0)
        for i in 0..<1000 {
            let c = (x == Double(i)) | (100 + Double(i % 7))
            try s.addConstraint(c)
            XCTAssertEqual(s.simplex.levels.count, 1)
            try s.removeConstraint(c)
            XCTAssertEqual(s.simplex.levels.count, 0)
        }
        XCTAssertEqual(s.rowCount, 1)
        XCTAssertEqual(s.objectiveTermCount, 0)
    }

    func testEditVariableCycles() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint(x <= 100)
        let dump = s.dump()
        for i in 0..<500 {
            try s.addEditVariable(x, strength: Strength.strong)
            try s.suggestValue(x, Double(i))
            s.updateVariables()
            XCTAssertEqual(x.value, Double(min(i, 100)))
            try s.removeEditVariable(x)
        }
        XCTAssertEqual(s.dump(), dump)
    }

    /// The Cassowary paper example after its first three suggestions.
    func paperSystem() throws -> (Solver, [Constraint], Variable, Variable, Variable) {
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        let s = Solver()
        let cs = [2 * xm == xl + xr, xl + 20 <= xr, xl >= -10, xr <= 100,
                  (xl == 35) | Strength.medium, (xr >= 70) | 600]
        for c in cs { try s.addConstraint(c) }
        try s.addEditVariable(xm, strength: Strength.strong)
        try s.addEditVariable(xl, strength: Strength.weak)
        try s.addEditVariable(xr, strength: Strength.weak)
        try s.suggestValue(xm, 40)
        try s.suggestValue(xr, 50)
        try s.suggestValue(xl, 30)
        return (s, cs, xl, xm, xr)
    }

    func testFailedOperationsLeaveStateUnchanged() throws {
        // A pivot budget of 0 makes every operation that needs a pivot fail, incrementally and in
        // the rebuild it falls back to; each failure is a refusal as numerically unstable (the
        // pivot budget never surfaces: issue 17 item 5) and restores the exact previous state.
        let (s, cs, xl, xm, xr) = try paperSystem()
        let before = s.dump()
        s.overrides.pivotBudget = 0
        assertThrows(.numericalInstability, try s.suggestValue(xm, 90))
        XCTAssertEqual(s.dump(), before)
        assertThrows(.numericalInstability, try s.addConstraint((xl == 70) | Strength.strong))
        XCTAssertEqual(s.dump(), before)
        assertThrows(.numericalInstability, try s.setConstant(cs[3], to: -30))
        XCTAssertEqual(s.dump(), before)
        // Removals always succeed (issue 17 item 5): where even the rebuild runs out of pivots, the
        // constraint is relaxed in place and the values stay those that held every constraint.
        var relaxed = 0
        for i in cs.indices {
            let (t, ts, txl, txm, txr) = try paperSystem()
            XCTAssertEqual(t.dump(), before)
            t.overrides.pivotBudget = 0
            try t.removeConstraint(ts[i])
            XCTAssertFalse(t.hasConstraint(ts[i]))
            try t.removeEditVariable(txl)
            XCTAssertFalse(t.hasEditVariable(txl))
            XCTAssertNil(t.invariantViolation())
            t.updateVariables()
            // The paper system after its three suggestions: xm = 40 (strong), xr >= 70 (600)
            // beats xl == 35 (medium) and the weak suggestions: xr = 70, xl = 2·40 − 70 = 10.
            XCTAssertEqual([txl.value, txm.value, txr.value], [10, 40, 70], "removing #\(i)")
            relaxed += t.stats.relaxations
            // With pivots allowed again, the solver works on: the remaining required constraints
            // hold after a new suggestion.
            t.overrides.pivotBudget = nil
            try t.suggestValue(txm, 90)
            t.updateVariables()
            for c in ts.prefix(4) where t.hasConstraint(c) {
                var v = c.expression.constant
                for term in c.expression.terms { v += term.coefficient * term.variable.value }
                XCTAssertTrue(c.op == .equal ? abs(v) < 1e-9 : c.op == .lessThanOrEqual ? v < 1e-9 : v > -1e-9, "\(c)")
            }
        }
        XCTAssertGreaterThan(relaxed, 0, "some removal needed a pivot")
        s.overrides.pivotBudget = nil
        try s.suggestValue(xm, 90)
        s.updateVariables()
        // xm = 90 forces xl = 80, xr = 100 (see the paper example).
        XCTAssertEqual(xl.value, 80)
        XCTAssertEqual(xr.value, 100)
    }

    func testRedundantRequiredEqualities() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        let a = x == 10
        let b = x == 10
        try s.addConstraint(a)
        try s.addConstraint(b)      // redundant but consistent
        try s.addConstraint(x + y == 30)
        let before = s.dump()
        assertThrows(.unsatisfiableConstraint, try s.addConstraint(x == 11))
        XCTAssertEqual(s.dump(), before)
        // Changing one of two identical required equalities contradicts the other.
        assertThrows(.unsatisfiableConstraint, try s.setConstant(a, to: 11))
        XCTAssertEqual(s.dump(), before)
        XCTAssertEqual(a.expression.constant, -10)
        try s.removeConstraint(b)
        try s.setConstant(a, to: -12)   // x - 12 == 0
        s.updateVariables()
        // x = 12, y = 30 - 12 = 18.
        XCTAssertEqual(x.value, 12)
        XCTAssertEqual(y.value, 18)
        try s.removeConstraint(a)
        try s.addConstraint(Expression(constant: 0) == 0)   // 0 == 0 is fine
        assertThrows(.unsatisfiableConstraint, try s.addConstraint(Expression(constant: 1) == 0))
    }

    func testResetEmptiesTheSolver() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint(x >= 3)
        try s.addEditVariable(x, strength: Strength.weak)
        try s.suggestValue(x, 10)
        s.reset()
        XCTAssertEqual(s.rowCount, 0)
        XCTAssertEqual(s.objectiveTermCount, 0)
        XCTAssertEqual(s.constraintCount, 0)
        XCTAssertFalse(s.hasEditVariable(x))
        XCTAssertEqual(s.dump(), Solver().dump())
        try s.addConstraint(x == 4)
        s.updateVariables()
        XCTAssertEqual(x.value, 4)
    }

    /// A reset keeps the solver's storage (issue 19: a map view's layout pass resets its solver
    /// and re-adds the constraints that stay) and nothing else: after a 60-view chain with an
    /// edit variable, suggestions and removals, a reset solver given a new sequence ends with
    /// the same tableau (`dump()`, which prints every part) and the same values as a fresh solver
    /// given that sequence.
    func testAResetSolverBehavesAsAFreshOne() throws {
        func run(_ s: Solver, views n: Int, width: Double) throws -> [Double] {
            let w = Variable("w")
            let left = (0..<n).map { Variable("left\($0)") }
            let size = (0..<n).map { Variable("size\($0)") }
            var added: [Constraint] = [left[0] == 8]
            for i in 1..<n {
                added.append(left[i] == left[i - 1] + size[i - 1] + 8)
                added.append(size[i] == size[0])
            }
            added.append(left[n - 1] + size[n - 1] + 8 == w)
            added.append((size[0] >= 20) | Strength.medium)
            try s.addConstraints(added)
            try s.addEditVariable(w, strength: Strength.strong)
            try s.suggestValue(w, width)
            try s.removeConstraints(Array(added[1..<5]))
            try s.suggestValue(w, width / 2)
            s.updateVariables()
            return (left + size + [w]).map(\.value)
        }
        let reused = Solver()
        _ = try run(reused, views: 60, width: 4000)
        reused.reset()
        let fresh = Solver()
        let a = try run(reused, views: 12, width: 900)
        let b = try run(fresh, views: 12, width: 900)
        XCTAssertEqual(reused.dump(), fresh.dump())
        XCTAssertEqual(a, b)
        XCTAssertEqual(a[0], 8)   // left0 == 8 (required)
        XCTAssertEqual(a[24], 450)   // w: the last suggestion, 900 / 2
    }

    /// `removeConstraints` is all or nothing: a list naming a constraint twice (found pairwise
    /// for up to 16, with a set beyond) or one the solver does not hold throws
    /// `unknownConstraint` and removes none of them (`dump()` unchanged, every constraint still
    /// held); the same list without the repeat removes them all.
    func testRemovingARepeatedOrUnknownConstraintRemovesNone() throws {
        for n in [3, 16, 17, 40] {
            let s = Solver()
            let x = (0..<n).map { Variable("x\($0)") }
            let added = (0..<n).map { x[$0] == Double($0) }
            try s.addConstraints(added)
            let before = s.dump()
            let repeated = added + [added[n - 1]]
            XCTAssertThrowsError(try s.removeConstraints(repeated)) {
                XCTAssertEqual($0 as? SolverError, .unknownConstraint, "\(n) constraints, the last twice")
            }
            let stranger = x[0] == 99
            XCTAssertThrowsError(try s.removeConstraints(Array(added[1...]) + [stranger])) {
                XCTAssertEqual($0 as? SolverError, .unknownConstraint, "\(n) constraints and one never added")
            }
            XCTAssertEqual(s.dump(), before)
            XCTAssertTrue(added.allSatisfy { s.hasConstraint($0) })
            try s.removeConstraints(added)
            XCTAssertEqual(s.constraintCount, 0)
            XCTAssertEqual(s.rowCount, 0)
        }
    }

    /// A solver created with room for 1 symbol and 1 cell (`Solver(symbolCapacity:cellCapacity:)`,
    /// the layout system's smaller solver) grows its buffers by doubling and ends a 40-view chain
    /// exactly as the default solver does: the same tableau (`dump()`) and values; the chain's
    /// last view ends at w − 8 = 392 (w suggested at 400, required).
    func testASolverCreatedSmallGrowsToTheSameSolution() throws {
        func run(_ s: Solver) throws -> (String, [Double]) {
            let w = Variable("w")
            let left = (0..<40).map { Variable("left\($0)") }
            let size = (0..<40).map { Variable("size\($0)") }
            var added: [Constraint] = [left[0] == 8]
            for i in 1..<40 {
                added.append(left[i] == left[i - 1] + size[i - 1] + 8)
                added.append(size[i] == size[0])
            }
            added.append(left[39] + size[39] + 8 == w)
            try s.addConstraints(added)
            try s.addEditVariable(w, strength: Strength.strong)
            try s.suggestValue(w, 400)
            s.updateVariables()
            return (s.dump(), (left + size + [w]).map(\.value))
        }
        let small = try run(Solver(symbolCapacity: 1, cellCapacity: 1))
        let standard = try run(Solver())
        XCTAssertEqual(small.0, standard.0)
        XCTAssertEqual(small.1, standard.1)
        XCTAssertEqual(small.1[39] + small.1[79], 392, accuracy: 1e-9)
    }

    func testDumpMentionsEverySection() throws {
        let x = Variable("x")
        let s = Solver()
        try s.addConstraint((x == 10) | Strength.weak)
        try s.addEditVariable(x, strength: Strength.strong)
        let d = s.dump()
        for part in ["Objective", "[750.0]", "[250.0]", "Rows", "Infeasible rows", "Edit variables (1)", "Constraints (2)"] {
            XCTAssertTrue(d.contains(part), "missing \(part) in\n\(d)")
        }
    }

    /// `refusedIndex` names the element of a refused batch (the C layer puts it in the message).
    func testARefusedBatchNamesItsElement() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x == 1, b = y == 2
        XCTAssertThrowsError(try s.addConstraints([a, b, x == 3])) {   // x == 3 contradicts x == 1
            XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint)
        }
        XCTAssertEqual(s.refusedIndex, 2)
        XCTAssertThrowsError(try s.addConstraints([a, b, a]))          // a repeated
        XCTAssertEqual(s.refusedIndex, 2)
        XCTAssertThrowsError(try s.addConstraints([Constraint(Expression(terms: [Term(x, .nan)]), .equal), a]))
        XCTAssertEqual(s.refusedIndex, 0)
        try s.addConstraints([a, b])
        XCTAssertEqual(s.constraintCount, 2)
    }
}
