// `navlayout sweep` (issue 15): the standard session at every size of a range along one axis,
// grouped into bands (NavLayoutWorkbench's SizeSweep), printed, and optionally written as the
// sweep page with one viewer page per band.
import Foundation
import LayoutEngine
import NavigationUI
import NavLayoutWorkbench

/// A number argument of `navlayout sweep`; exits 2 naming the flag when it is not one.
func pointsArgument(_ flagName: String, _ text: String) -> Double {
    guard let v = Double(text) else { fail("navlayout sweep: \(flagName) \"\(text)\" is not a number") }
    return v
}

/// `--insets T,L,B,R` (points).
func insetsArgument(_ text: String) -> EdgeInsets {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 4 else { fail("navlayout sweep: --insets \"\(text)\" must be four numbers T,L,B,R") }
    let v = parts.map { pointsArgument("--insets", $0) }
    return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
}

/// Creates `path` and its missing parents (`mkdir -p`); nil when it exists as a directory after,
/// else the C library's reason ("Not a directory", "Permission denied").
func createDirectories(_ path: String) -> String? {
    var current = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        current += "/" + part
        if mkdir(current, 0o777) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
    }
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || !isDirectory.boolValue {
        return String(cString: strerror(ENOTDIR))
    }
    return nil
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
        result = try SizeSweep.run(configuration, title: delegateName) { makeDelegate(delegateName) }
    } catch let error as NavLayoutError {
        fail("navlayout sweep: \(error.message)")
    } catch {
        fail("navlayout sweep: \(error)")
    }
    if !out.isEmpty {
        if let reason = createDirectories(out) { fail("navlayout sweep: cannot write --out \(out): \(reason)") }
        do {
            for (i, band) in result.bands.enumerated() {
                let page = try SizeSweep.viewerPage(for: band, of: result) { makeDelegate(delegateName) }
                try page.html.write(toFile: out + "/" + SizeSweep.viewerFileName(band: i), atomically: true, encoding: .utf8)
            }
            try SweepPage.html(result).write(toFile: out + "/index.html", atomically: true, encoding: .utf8)
        } catch let error as NavLayoutError {
            fail("navlayout sweep: \(error.message)")
        } catch {
            fail("navlayout sweep: cannot write --out \(out): \((error as NSError).localizedDescription)")
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
