// `navlayout sweep` (issue 15): the standard session at every size of a range along one axis,
// grouped into bands (NavLayoutWorkbench's SizeSweep), printed, and optionally written as the
// sweep page with one viewer page per band.
import Foundation
import LayoutEngine
import NavigationUI
import NavLayoutWorkbench

/// A number argument of `navlayout sweep`; exits 2 naming the flag when it is not one or is NaN
/// or infinite (python -m navlayout sweep says the same, navlayout/cli/sweep.py).
func pointsArgument(_ flagName: String, _ text: String) -> Double {
    guard let v = Double(text) else { fail("navlayout sweep: \(flagName) \"\(text)\" is not a number") }
    guard v.isFinite else { fail("navlayout sweep: \(flagName) must be a finite number of points, not \(formatPoints(v))") }
    return v
}

/// The sweep's arguments as `navlayout sweep` spells them: its messages name the flags the user
/// gave, not the library's parameters (`--from`, not `start`).
let sweepFlags = SweepConfiguration.ArgumentNames(start: "--from", stop: "--to", height: "--height", width: "--width",
                                                  safeArea: "--insets", safeAreaEdge: { "--insets \($0)" },
                                                  sampleStep: "--step", threads: "--threads")

/// `--insets T,L,B,R` (points).
func insetsArgument(_ text: String) -> EdgeInsets {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 4 else { fail("navlayout sweep: --insets \"\(text)\" must be four numbers T,L,B,R") }
    let v = parts.map { pointsArgument("--insets", $0) }
    return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
}

func sweepCommand() -> Never {
    let delegateName = option("--delegate", default: "sample")
    let axisName = option("--axis", default: "width")
    guard let axis = SweepAxis(rawValue: axisName) else { fail("navlayout sweep: --axis must be width or height, not \"\(axisName)\"") }
    let from = pointsArgument("--from", option("--from", default: "320"))
    let to = pointsArgument("--to", option("--to", default: "1400"))
    let height = option("--height", default: "")
    let width = option("--width", default: "")
    let fixedFlag = axis == .width ? "--height" : "--width"
    if axis == .width && !width.isEmpty { fail("navlayout sweep: --width is the swept axis; give the fixed size with --height") }
    if axis == .height && !height.isEmpty { fail("navlayout sweep: --height is the swept axis; give the fixed size with --width") }
    let fixed = pointsArgument(fixedFlag, axis == .width ? (height.isEmpty ? "1180" : height) : (width.isEmpty ? "820" : width))
    let insets = insetsArgument(option("--insets", default: "24,0,20,0"))
    let step = pointsArgument("--step", option("--step", default: formatPoints(SweepConfiguration.defaultSampleStep)))
    let threadsText = option("--threads", default: "0")
    guard let threads = Int(threadsText) else { fail("navlayout sweep: --threads \"\(threadsText)\" is not a whole number") }
    let out = option("--out", default: "")
    let json = flag("--json")
    let rtl = flag("--rtl")
    if !args.isEmpty { fail("unexpected arguments: \(args.joined(separator: " "))\n\n\(usage)") }
    _ = makeDelegate(delegateName)  // validates the name
    let configuration = SweepConfiguration(axis: axis, start: from, stop: to, fixed: fixed, safeArea: insets,
                                           layoutDirection: rtl ? .rightToLeft : .leftToRight, sampleStep: step, threads: threads)
    let result: SweepResult
    do {
        try configuration.validate(names: sweepFlags)
        result = try SizeSweep.run(configuration, title: delegateName) { makeDelegate(delegateName) }
    } catch let error as NavLayoutError {
        fail("navlayout sweep: \(error.message)")
    } catch {
        fail("navlayout sweep: \(error)")
    }
    if !out.isEmpty {
        do {
            try createDirectories(out)
            for (i, band) in result.bands.enumerated() {
                let page = try SizeSweep.viewerPage(for: band, of: result) { makeDelegate(delegateName) }
                try writeText(page.html, toFile: joined(out, SizeSweep.viewerFileName(band: i)))
            }
            try writeText(SweepPage.html(result), toFile: joined(out, "index.html"))
        } catch let error as OutputError {
            failWriting("navlayout sweep", flag: "--out", value: out, error)
        } catch let error as NavLayoutError {
            fail("navlayout sweep: \(error.message)")
        } catch {
            fail("navlayout sweep: \(error)")
        }
    }
    print(json ? result.json : result.text, terminator: json ? "\n" : "")
    if !out.isEmpty {
        let n = result.bands.count
        print("sweep page: \(out)/index.html (\(n) viewer page\(n == 1 ? "" : "s") next to it); open it in a browser")
    }
    let bad = result.bands.contains { b in !b.failures.isEmpty || b.diagnostics.contains { $0.severity == .error } }
    exit(bad ? 1 : 0)
}
