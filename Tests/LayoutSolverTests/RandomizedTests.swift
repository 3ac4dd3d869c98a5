import XCTest
@testable import LayoutSolver

/// A small deterministic generator (64-bit LCG, Knuth's MMIX constants); never the system RNG.
struct LCG {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    /// Uniform integer in `0..<n`.
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// Uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + int(range.count) }
    mutating func bool() -> Bool { int(2) == 0 }
}

/// A constraint description that can be instantiated in several solvers.
struct Spec {
    var terms: [(Int, Double)]
    var constant: Double
    var op: RelationalOperator
    var strength: Double

    func make(_ vars: [Variable], constant c: Double? = nil) -> Constraint {
        Constraint(Expression(terms: terms.map { Term(vars[$0.0], $0.1) }, constant: c ?? constant),
                   op, strength: strength)
    }

    /// Residual check of `expression op 0` on the variables' values.
    func holds(_ vars: [Variable], constant c: Double, tolerance: Double) -> Bool {
        var v = c
        for (i, k) in terms { v += k * vars[i].value }
        switch op {
        case .equal: return abs(v) <= tolerance
        case .lessThanOrEqual: return v <= tolerance
        case .greaterThanOrEqual: return v >= -tolerance
        }
    }
}

enum Gen {
    static let strengths: [Double] = [Strength.required, Strength.required, Strength.strong,
                                      Strength.medium, Strength.weak, 600]

    static func spec(_ rng: inout LCG, variables n: Int, maxTerms: Int = 3) -> Spec {
        let count = rng.int(1...min(maxTerms, n))
        var terms: [(Int, Double)] = []
        for _ in 0..<count {
            var k = Double(rng.int(-4...4))
            if k == 0 { k = 1 }
            terms.append((rng.int(n), k))
        }
        let ops: [RelationalOperator] = [.equal, .lessThanOrEqual, .greaterThanOrEqual, .greaterThanOrEqual]
        return Spec(terms: terms, constant: Double(rng.int(-100...100)), op: ops[rng.int(ops.count)],
                    strength: strengths[rng.int(strengths.count)])
    }

    /// One optional anchor per variable, each at its own low priority, so that the
    /// lexicographic optimum is a single point (each anchor fixes one more variable).
    static func anchors(_ rng: inout LCG, variables n: Int) -> [Spec] {
        (0..<n).map { i in
            Spec(terms: [(i, 1)], constant: Double(-rng.int(0...100)), op: .equal, strength: 10 - Double(i) * 0.01)
        }
    }
}

final class RandomizedTests: XCTestCase {
    /// Builds the system in a fresh solver, skipping constraints refused as unsatisfiable.
    func build(_ specs: [Spec], constants: [Double], vars: [Variable]) -> (Solver, [Constraint?]) {
        let s = Solver()
        var made: [Constraint?] = []
        for (i, sp) in specs.enumerated() {
            let c = sp.make(vars, constant: constants[i])
            do { try s.addConstraint(c); made.append(c) } catch { made.append(nil) }
        }
        return (s, made)
    }

    func testSetConstantMatchesRebuild() throws {
        var checked = 0
        for seed in 0..<300 as Range<UInt64> {
            var rng = LCG(seed: seed)
            let n = rng.int(2...6)
            let vars = (0..<n).map { Variable("x\($0)") }
            var specs = (0..<rng.int(2...10)).map { _ in Gen.spec(&rng, variables: n) }
            specs += Gen.anchors(&rng, variables: n)
            var constants = specs.map { $0.constant }
            let (s, made) = build(specs, constants: constants, vars: vars)
            // Change some constants incrementally.
            for _ in 0..<rng.int(1...6) {
                let i = rng.int(specs.count)
                guard let c = made[i] else { continue }
                let newConstant = Double(rng.int(-120...120))
                let before = s.dump()
                do {
                    try s.setConstant(c, to: newConstant)
                    constants[i] = newConstant
                    XCTAssertEqual(c.expression.constant, newConstant)
                } catch {
                    XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint)
                    XCTAssertEqual(s.dump(), before, "seed \(seed): failed setConstant changed the state")
                    XCTAssertEqual(c.expression.constant, constants[i])
                }
            }
            s.updateVariables()
            let incremental = vars.map { $0.value }
            // Rebuild from scratch with the final constants, adding exactly the constraints the
            // incremental solver holds.
            let fresh = Solver()
            for (i, sp) in specs.enumerated() where made[i] != nil {
                try fresh.addConstraint(sp.make(vars, constant: constants[i]))
            }
            fresh.updateVariables()
            for (k, v) in vars.enumerated() {
                XCTAssertEqual(incremental[k], v.value, accuracy: 1e-9, "seed \(seed) x\(k)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 300)
    }

    func testSetConstantConflictIsRefused() throws {
        let x = Variable("x"), y = Variable("y")
        let s = Solver()
        let lower = x >= 10        // x - 10 >= 0
        let upper = x + 0 <= 50    // x <= 50
        try s.addConstraint(lower)
        try s.addConstraint(upper)
        try s.addConstraint(y == x + 5)
        try s.addConstraint((x == 30) | Strength.weak)
        let before = s.dump()
        // x >= 60 would contradict x <= 50.
        XCTAssertThrowsError(try s.setConstant(lower, to: -60)) { error in
            XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint)
        }
        XCTAssertEqual(s.dump(), before)
        XCTAssertEqual(lower.expression.constant, -10)
        try s.setConstant(lower, to: -40)   // x >= 40
        s.updateVariables()
        // The weak x == 30 loses to x >= 40: x = 40, y = x + 5 = 45.
        XCTAssertEqual(x.value, 40)
        XCTAssertEqual(y.value, 45)
        try s.setConstant(lower, to: -10)
        s.updateVariables()
        // Back to x >= 10: the weak x == 30 holds, y = 35.
        XCTAssertEqual(x.value, 30)
        XCTAssertEqual(y.value, 35)
    }

    func testOrderIndependenceOfUniqueOptimum() throws {
        for seed in 1000..<1200 as Range<UInt64> {
            var rng = LCG(seed: seed)
            let n = rng.int(2...6)
            let vars = (0..<n).map { Variable("x\($0)") }
            var specs = (0..<rng.int(2...10)).map { _ in Gen.spec(&rng, variables: n) }
            specs += Gen.anchors(&rng, variables: n)
            let s = Solver()
            var kept: [Spec] = []
            for sp in specs {
                if (try? s.addConstraint(sp.make(vars))) != nil { kept.append(sp) }
            }
            s.updateVariables()
            let a = vars.map { $0.value }
            // Same accepted constraints, reversed order.
            let t = Solver()
            for sp in kept.reversed() { try t.addConstraint(sp.make(vars)) }
            t.updateVariables()
            for k in 0..<n {
                XCTAssertEqual(a[k], vars[k].value, accuracy: 1e-9, "seed \(seed) x\(k)")
            }
        }
    }

    func testRandomOperationsKeepRequiredConstraints() throws {
        var total = Stats()
        var rebuilds = 0
        // Every session twice: with stored dummy markers, and with implicit markers from the first
        // required equality (threshold -1), where removals and constant changes rebuild.
        for implicit in [false, true] {
        for seed in 0..<60 as Range<UInt64> {
            var rng = LCG(seed: 7_000 + seed)
            let n = rng.int(2...12)
            let vars = (0..<n).map { Variable("v\($0)") }
            let s = Solver()
            if implicit { s.overrides.implicitMarkerThreshold = -1 }
            var live: [(Spec, Constraint)] = []
            var editing: [Int] = []
            for step in 0..<120 {
                let r = rng.int(10)
                if r < 5 || live.isEmpty {
                    let sp = Gen.spec(&rng, variables: n, maxTerms: 4)
                    let c = sp.make(vars)
                    let before = s.dump()
                    do {
                        try s.addConstraint(c)
                        live.append((sp, c))
                    } catch {
                        XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint)
                        XCTAssertEqual(s.dump(), before, "seed \(seed) step \(step)")
                    }
                } else if r < 7 {
                    let i = rng.int(live.count)
                    try s.removeConstraint(live[i].1)
                    live.remove(at: i)
                } else if r < 8 {
                    let v = rng.int(n)
                    if let k = editing.firstIndex(of: v) {
                        try s.removeEditVariable(vars[v])
                        editing.remove(at: k)
                    } else {
                        try s.addEditVariable(vars[v], strength: [Strength.strong, Strength.medium, Strength.weak, 900][rng.int(4)])
                        editing.append(v)
                    }
                } else if !editing.isEmpty {
                    let v = editing[rng.int(editing.count)]
                    try s.suggestValue(vars[v], Double(rng.int(-200...200)))
                } else if let (sp, c) = live.randomElement(using: &rng) {
                    let newConstant = Double(rng.int(-100...100))
                    let before = s.dump()
                    do { try s.setConstant(c, to: newConstant) } catch {
                        XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint)
                        XCTAssertEqual(s.dump(), before)
                    }
                    _ = sp
                }
                s.updateVariables()
                for (sp, c) in live where c.strength == Strength.required {
                    XCTAssertTrue(sp.holds(vars, constant: c.expression.constant, tolerance: 1e-7),
                                  "seed \(seed) step \(step): \(c) violated")
                }
                XCTAssertTrue(s.simplex.infeasible.isEmpty)
                if let problem = s.invariantViolation() {
                    XCTFail("seed \(seed) step \(step): \(problem)")
                    return
                }
            }
            // Remove everything.
            for v in editing { try s.removeEditVariable(vars[v]) }
            for (_, c) in live.reversed() { try s.removeConstraint(c) }
            XCTAssertEqual(s.rowCount, 0, "seed \(seed)")
            XCTAssertEqual(s.objectiveTermCount, 0, "seed \(seed)")
            XCTAssertEqual(s.constraintCount, 0)
            XCTAssertEqual(s.simplex.levels.count, 0)
            XCTAssertEqual(s.tableau.liveSymbols, 0, "seed \(seed): every symbol released")
            XCTAssertEqual(s.tableau.variables.count, 0)
            total.primalPivots += s.stats.primalPivots
            total.artificialPivots += s.stats.artificialPivots
            total.dualPivots += s.stats.dualPivots
            total.artificialAdds += s.stats.artificialAdds
            total.unsatisfiableAdds += s.stats.unsatisfiableAdds
            total.dualFailures += s.stats.dualFailures
            for r in 0..<4 { total.markerLeaving[r] += s.stats.markerLeaving[r] }
            rebuilds += s.stats.rebuilds
            if !implicit { XCTAssertEqual(s.stats.rebuilds, 0, "seed \(seed): no rebuild with stored markers") }
        }
        }
        XCTAssertGreaterThan(rebuilds, 0)
        // The random sessions must reach every code path of the solver.
        XCTAssertGreaterThan(total.primalPivots, 0)
        XCTAssertGreaterThan(total.artificialPivots, 0)
        XCTAssertGreaterThan(total.dualPivots, 0)
        XCTAssertGreaterThan(total.artificialAdds, 0)
        XCTAssertGreaterThan(total.unsatisfiableAdds, 0)
        XCTAssertGreaterThan(total.dualFailures, 0)
        XCTAssertGreaterThan(total.markerLeaving[0], 0)
        XCTAssertGreaterThan(total.markerLeaving[1], 0)
        XCTAssertGreaterThan(total.markerLeaving[2], 0)
        print("random sessions: \(total)")
    }

    /// One fixed pseudo-random session; returns the values after each step and the final dump.
    func session(seed: UInt64) throws -> ([UInt64], String) {
        var rng = LCG(seed: seed)
        let n = 8
        let vars = (0..<n).map { Variable("v\($0)") }
        let s = Solver()
        var live: [Constraint] = []
        var bits: [UInt64] = []
        for v in 0..<3 { try s.addEditVariable(vars[v], strength: Strength.strong - Double(v)) }
        for _ in 0..<150 {
            switch rng.int(4) {
            case 0, 1:
                let c = Gen.spec(&rng, variables: n).make(vars)
                if (try? s.addConstraint(c)) != nil { live.append(c) }
            case 2:
                if !live.isEmpty { try s.removeConstraint(live.remove(at: rng.int(live.count))) }
            default:
                try s.suggestValue(vars[rng.int(3)], Double(rng.int(-50...50)) / 3)
            }
            s.updateVariables()
            bits += vars.map { $0.value.bitPattern }
        }
        return (bits, s.dump())
    }

    func testDeterminism() throws {
        for seed in [1, 2, 3, 42] as [UInt64] {
            let (a, da) = try session(seed: seed)
            let (b, db) = try session(seed: seed)
            XCTAssertEqual(a, b, "bit-identical values for seed \(seed)")
            XCTAssertEqual(da, db)
        }
    }
}

extension LCG: RandomNumberGenerator {}

final class BatchTests: XCTestCase {
    func testBatchAddMatchesOneByOne() throws {
        for seed in 5000..<5150 as Range<UInt64> {
            var rng = LCG(seed: seed)
            let n = rng.int(2...8)
            let vars = (0..<n).map { Variable("x\($0)") }
            var specs = (0..<rng.int(2...14)).map { _ in Gen.spec(&rng, variables: n) }
            specs += Gen.anchors(&rng, variables: n)
            let one = Solver()
            var kept: [Spec] = []
            for sp in specs where (try? one.addConstraint(sp.make(vars))) != nil { kept.append(sp) }
            one.updateVariables()
            let expected = vars.map { $0.value }
            let batch = Solver()
            try batch.addConstraints(kept.map { $0.make(vars) })
            batch.updateVariables()
            XCTAssertEqual(batch.constraintCount, kept.count)
            XCTAssertNil(batch.invariantViolation())
            for k in 0..<n {
                XCTAssertEqual(vars[k].value, expected[k], accuracy: 1e-9, "seed \(seed) x\(k)")
            }
            // A batch with one refused constraint adds nothing.
            if kept.count < specs.count {
                let before = batch.dump()
                let all = Solver()
                XCTAssertThrowsError(try all.addConstraints(specs.map { $0.make(vars) }))
                XCTAssertEqual(all.dump(), Solver().dump())
                XCTAssertEqual(batch.dump(), before)
            }
        }
    }

    func testBatchErrors() throws {
        let x = Variable("x")
        let s = Solver()
        let c = x >= 1
        try s.addConstraint(c)
        let before = s.dump()
        let d = x <= 10
        XCTAssertThrowsError(try s.addConstraints([d, d])) { XCTAssertEqual($0 as? SolverError, .duplicateConstraint) }
        XCTAssertThrowsError(try s.addConstraints([d, c])) { XCTAssertEqual($0 as? SolverError, .duplicateConstraint) }
        XCTAssertThrowsError(try s.addConstraints([d, x == .nan])) { XCTAssertEqual($0 as? SolverError, .invalidValue) }
        XCTAssertThrowsError(try s.addConstraints([d, x >= 11])) { XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint) }
        XCTAssertEqual(s.dump(), before)
        try s.addConstraints([d, (x == 7) | Strength.weak])
        s.updateVariables()
        // 1 <= x <= 10 and the weak x == 7 holds exactly.
        XCTAssertEqual(x.value, 7)
    }
}
