import XCTest
@testable import LayoutSolver

/// Differential check against reference results of kiwisolver (see KiwiFixture.swift): on 300
/// random systems with required constraints and weak optional ones, both solvers accept and refuse
/// the same constraints, every required constraint holds, and the optimal total error agrees.
final class KiwiDifferentialTests: XCTestCase {
    func testAgreesWithKiwiOnRandomSystems() throws {
        let lines = kiwiFixture.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        var i = 0
        var systems = 0
        while i < lines.count {
            let header = lines[i]
            i += 1
            XCTAssertEqual(header[0], "S")
            let n = Int(header[1])!, m = Int(header[2])!, kiwiObjective = Double(header[3])!
            let vars = (0..<n).map { Variable("x\($0)") }
            let s = Solver()
            var accepted: [(Constraint, [(Int, Double)])] = []
            for j in 0..<m {
                let l = lines[i]
                i += 1
                let rel: RelationalOperator = l[1] == "==" ? .equal : l[1] == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
                var terms: [(Int, Double)] = []
                var p = 5
                while p < l.count {
                    terms.append((Int(l[p])!, Double(l[p + 1])!))
                    p += 2
                }
                let c = Constraint(Expression(terms: terms.map { Term(vars[$0.0], $0.1) }, constant: Double(l[3])!),
                                   rel, strength: l[2] == "1" ? Strength.required : Strength.weak)
                var ok = true
                do { try s.addConstraint(c) } catch {
                    XCTAssertEqual(error as? SolverError, .unsatisfiableConstraint)
                    ok = false
                }
                XCTAssertEqual(ok, l[4] == "1", "system \(systems) constraint \(j): acceptance differs from kiwi")
                if ok { accepted.append((c, terms)) }
            }
            s.updateVariables()
            var objective = 0.0
            for (c, terms) in accepted {
                var v = c.expression.constant
                for (k, a) in terms { v += a * vars[k].value }
                let e: Double
                switch c.op {
                case .equal: e = abs(v)
                case .lessThanOrEqual: e = max(0, v)
                case .greaterThanOrEqual: e = max(0, -v)
                }
                if c.strength == Strength.required {
                    XCTAssertLessThanOrEqual(e, 1e-7, "system \(systems): required constraint violated")
                } else {
                    objective += e
                }
            }
            XCTAssertEqual(objective, kiwiObjective, accuracy: 1e-6 * max(1, abs(kiwiObjective)), "system \(systems)")
            systems += 1
        }
        XCTAssertEqual(systems, 300)
    }
}
