import XCTest
@testable import LayoutSolver

/// Brute-force check of lexicographic optimality on small two-variable systems.
final class OptimalityTests: XCTestCase {
    /// The error vector (one entry per optional priority, highest first) of a point.
    func errorVector(_ specs: [Spec], _ x: [Double], levels: [Double]) -> [Double]? {
        var errs = [Double](repeating: 0, count: levels.count)
        for sp in specs {
            var v = sp.constant
            for (i, k) in sp.terms { v += k * x[i] }
            let e: Double
            switch sp.op {
            case .equal: e = abs(v)
            case .lessThanOrEqual: e = max(0, v)
            case .greaterThanOrEqual: e = max(0, -v)
            }
            if sp.strength == Strength.required {
                if e > 1e-9 { return nil }
            } else {
                errs[levels.firstIndex(of: sp.strength)!] += e
            }
        }
        return errs
    }

    /// -1, 0, 1: lexicographic comparison with a tolerance.
    func compare(_ a: [Double], _ b: [Double]) -> Int {
        for (x, y) in zip(a, b) {
            if x < y - 1e-7 { return -1 }
            if x > y + 1e-7 { return 1 }
        }
        return 0
    }

    func testSolutionIsNoWorseThanAnyGridPoint() throws {
        var compared = 0
        for seed in 0..<30 as Range<UInt64> {
            var rng = LCG(seed: 90_000 + seed)
            let vars = [Variable("x"), Variable("y")]
            let specs = (0..<rng.int(3...8)).map { _ -> Spec in
                var sp = Gen.spec(&rng, variables: 2, maxTerms: 2)
                sp.constant = Double(rng.int(-60...60))
                return sp
            }
            let s = Solver()
            var kept: [Spec] = []
            for sp in specs where (try? s.addConstraint(sp.make(vars))) != nil { kept.append(sp) }
            s.updateVariables()
            let levels = Array(Set(kept.map { $0.strength }).filter { $0 < Strength.required }).sorted(by: >)
            guard let best = errorVector(kept, vars.map { $0.value }, levels: levels) else {
                XCTFail("seed \(seed): required constraint violated"); continue
            }
            // Every feasible integer point in a box that contains the interesting region.
            for gx in -90...90 {
                for gy in -90...90 {
                    guard let e = errorVector(kept, [Double(gx), Double(gy)], levels: levels) else { continue }
                    if compare(best, e) > 0 {
                        XCTFail("seed \(seed): (\(gx), \(gy)) beats the solver's (\(vars[0].value), \(vars[1].value))")
                    }
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 10_000)
    }
}
