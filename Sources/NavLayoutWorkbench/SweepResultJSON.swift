import LayoutEngine
import NavigationUI

// The sweep result as JSON, schema `navlayout.sweep/1` (docs/sweep-schema.md): what nl_sweep and
// nl_sweep_with_sampler return, what Python's `navlayout.sweep` reads, and what the sweep page is
// made from (`nl_sweep_page` reads it back).

extension SweepResult {
    /// The result as JSON, schema `navlayout.sweep/1`. Sizes have at most three decimals (grid
    /// sizes are multiples of 0.01 pt, so they are exact).
    public var json: String {
        let c = configuration
        var s = "{\"schema\":\"navlayout.sweep/1\",\"title\":\(jsonString(title))"
        s += ",\"axis\":\(jsonString(c.axis.rawValue)),\"start\":\(num(c.start)),\"stop\":\(num(c.stop))"
        s += ",\"fixed\":\(num(c.fixed)),\"safeArea\":\(insets(c.safeArea))"
        s += ",\"layoutDirection\":\(jsonString(c.layoutDirection == .leftToRight ? "leftToRight" : "rightToLeft"))"
        s += ",\"sampleStep\":\(num(c.sampleStep)),\"resolution\":\(num(SweepConfiguration.resolution)),\"runs\":\(runs)"
        s += ",\"bands\":[\n"
        s += bands.map { b in
            var e = "{\"start\":\(num(b.start)),\"stop\":\(num(b.stop)),\"midpoint\":\(num(b.midpoint)),\"wideMode\":\(b.wideMode)"
            e += ",\"diagnostics\":[\(b.diagnostics.map(\.json).joined(separator: ","))]"
            e += ",\"failures\":[\(b.failures.map(\.json).joined(separator: ","))]}"
            return e
        }.joined(separator: ",\n")
        return s + "]}"
    }

    /// Reads a result written by `json`.
    /// - Throws: `NavLayoutError.invalidArgument` naming what is wrong (not JSON, another schema,
    ///   a missing or mistyped member).
    public init(json text: String) throws {
        let v: JSONValue
        do { v = try JSONValue.parse(text) } catch { throw NavLayoutError.invalidArgument("sweep result: \(error)") }
        guard v["schema"]?.string == "navlayout.sweep/1" else {
            throw NavLayoutError.invalidArgument("sweep result: schema is not \"navlayout.sweep/1\"")
        }
        guard let axisName = v["axis"]?.string, let axis = SweepAxis(rawValue: axisName),
              let start = v["start"]?.number, let stop = v["stop"]?.number, let fixed = v["fixed"]?.number,
              let e = v["safeArea"]?.array, e.count == 4, let top = e[0].number, let left = e[1].number,
              let bottom = e[2].number, let right = e[3].number,
              let direction = v["layoutDirection"]?.string, let step = v["sampleStep"]?.number,
              let runs = v["runs"]?.number, let bandList = v["bands"]?.array else {
            throw NavLayoutError.invalidArgument("sweep result: axis, start, stop, fixed, safeArea, layoutDirection, sampleStep, runs and bands are required")
        }
        let configuration = SweepConfiguration(axis: axis, start: start, stop: stop, fixed: fixed,
                                               safeArea: EdgeInsets(top: top, left: left, bottom: bottom, right: right),
                                               layoutDirection: direction == "rightToLeft" ? .rightToLeft : .leftToRight,
                                               sampleStep: step)
        let bands = try bandList.map { b -> SweepBand in
            guard let start = b["start"]?.number, let stop = b["stop"]?.number, let mid = b["midpoint"]?.number,
                  let wide = b["wideMode"]?.bool, let d = b["diagnostics"]?.array, let f = b["failures"]?.array else {
                throw NavLayoutError.invalidArgument("sweep result: a band needs start, stop, midpoint, wideMode, diagnostics and failures")
            }
            return SweepBand(start: start, stop: stop, midpoint: mid, wideMode: wide,
                             diagnostics: try d.map(SweepDiagnostic.init(json:)), failures: try f.map(SweepFailure.init(json:)))
        }
        self.init(configuration: configuration, title: v["title"]?.string ?? "", bands: bands, runs: Int(exactly: runs) ?? 0)
    }
}
