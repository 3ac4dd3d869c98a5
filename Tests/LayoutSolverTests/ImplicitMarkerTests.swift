import XCTest
@testable import LayoutSolver

/// Implicit dummy markers (docs/solver.md "Implicit dummy markers", issue 6): a chain of N views
/// crosses the `4 × rows + 1024` dummy-cell threshold; removing or re-constanting a required
/// equality then rebuilds the tableau. Expected values are hand-computed from the chain:
/// `left_0 = c0`, `left_i = left_{i-1} + w_{i-1} + 8`, `w_i = w_0 >= 20`,
/// `left_{N-1} + w_{N-1} + 8 == W` (strong edit), so `c0 + 8N + N·w = W`.
final class ImplicitMarkerTests: XCTestCase {
    let n = 300
    var left: [Variable] = []
    var width: [Variable] = []
    var equalWidths: [Constraint] = []
    var start: Constraint!
    let w = Variable("W")

    /// Builds the chain with W = 8 + 300 · 38 = 11408, so w = (11408 − 8 − 2400) / 300 = 30.
    func makeChain() throws -> Solver {
        let s = Solver()
        left = (0..<n).map { Variable("left\($0)") }
        width = (0..<n).map { Variable("width\($0)") }
        try s.addEditVariable(w, strength: Strength.strong)
        try s.suggestValue(w, 11408)
        start = left[0] == 8
        try s.addConstraint(start)
        equalWidths = []
        for i in 0..<n {
            if i > 0 {
                try s.addConstraint(left[i] == left[i - 1] + width[i - 1] + 8)
                let eq = width[i] == width[0]
                equalWidths.append(eq)
                try s.addConstraint(eq)
            }
            try s.addConstraint(width[i] >= 20)
        }
        try s.addConstraint(left[n - 1] + width[n - 1] + 8 == w)
        return s
    }

    func assertChain(_ s: Solver, c0: Double, widths: (Int) -> Double, line: UInt = #line) {
        s.updateVariables()
        var x = c0
        for i in 0..<n {
            XCTAssertEqual(left[i].value, x, accuracy: 1e-6, "left\(i)", line: line)
            XCTAssertEqual(width[i].value, widths(i), accuracy: 1e-9, "width\(i)", line: line)
            x += widths(i) + 8
        }
    }

    func testChainSwitchesToImplicitMarkersAndSolvesExactly() throws {
        let s = try makeChain()
        XCTAssertTrue(s.registry.implicitMarkers, "a 300-view chain crosses the dummy-cell threshold")
        XCTAssertLessThan(s.tableau.dummyCells, 4 * s.rowCount + 1024)
        XCTAssertEqual(s.stats.rebuilds, 0)
        assertChain(s, c0: 8, widths: { _ in 30 })
        XCTAssertNil(s.invariantViolation())
    }

    /// Replacing `w_10 == w_0` by `w_10 == 2·w_0`: 301 w_0 = 11408 − 8 − 2400 = 9000.
    func testRemovingAnImplicitEqualityRebuildsOnce() throws {
        let s = try makeChain()
        let old = equalWidths[9]  // width[10] == width[0]
        XCTAssertTrue(s.registry.constraints[ObjectIdentifier(old)]!.implicit)
        try s.removeConstraint(old)
        XCTAssertFalse(s.hasConstraint(old))
        XCTAssertEqual(s.stats.rebuilds, 1, "the removal rebuilds (issue 19: no deferred rebuild that could fail later)")
        try s.addConstraint(width[10] == 2 * width[0])
        XCTAssertEqual(s.stats.rebuilds, 1)
        let w0 = 9000.0 / 301
        assertChain(s, c0: 8, widths: { $0 == 10 ? 2 * w0 : w0 })
        XCTAssertNil(s.invariantViolation())
    }

    /// Four removals (three implicit equalities and an explicit inequality) in one
    /// `removeConstraints` cost one rebuild; adding them back restores w = 30.
    func testABatchOfRemovalsCostsOneRebuild() throws {
        let s = try makeChain()
        let removed = [equalWidths[5], equalWidths[100], equalWidths[200]]
        let floor = width[7] >= 20
        try s.addConstraint(floor)  // explicit (a slack marker), redundant with width[7] >= 20
        try s.removeConstraints(removed + [floor])
        XCTAssertEqual(s.stats.rebuilds, 1)
        XCTAssertEqual(s.constraintCount, 1 + 2 * (n - 1) + n + 1 - 3)
        try s.addConstraints(removed)
        XCTAssertEqual(s.stats.rebuilds, 1, "adding needs no rebuild")
        assertChain(s, c0: 8, widths: { _ in 30 })
    }

    /// `left_0 == 308`: w = (11408 − 308 − 2400) / 300 = 29. A constant that needs the chain to
    /// end beyond a required bound is refused and changes nothing.
    func testSetConstantOnAnImplicitEqualityAndItsFailure() throws {
        let s = try makeChain()
        XCTAssertTrue(s.registry.constraints[ObjectIdentifier(start)]!.implicit)
        try s.setConstant(start, to: -308)
        XCTAssertEqual(s.stats.rebuilds, 1)
        assertChain(s, c0: 308, widths: { _ in 29 })
        // Required: the chain ends by 20,000. Starting at 100,000 cannot satisfy it.
        try s.addConstraint(left[n - 1] + width[n - 1] + 8 <= 20000)
        let before = s.dump()
        XCTAssertThrowsError(try s.setConstant(start, to: -100_000)) {
            XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint)
        }
        XCTAssertEqual(s.dump(), before)
        XCTAssertEqual(start.expression.constant, -308)
        assertChain(s, c0: 308, widths: { _ in 29 })
    }

    /// Removing everything, in any order, leaves an empty solver (every symbol released).
    func testRemovingEverythingReleasesEverything() throws {
        let s = try makeChain()
        try s.removeEditVariable(w)
        XCTAssertEqual(s.rowCount, 2 * (n - 1) + n + 2)
        let all = s.registry.constraints.values.map { $0.constraint }
        for c in all { try s.removeConstraint(c) }
        XCTAssertEqual(s.rowCount, 0)
        XCTAssertEqual(s.constraintCount, 0)
        XCTAssertEqual(s.tableau.liveSymbols, 0)
        XCTAssertEqual(s.tableau.variables.count, 0)
    }
}
