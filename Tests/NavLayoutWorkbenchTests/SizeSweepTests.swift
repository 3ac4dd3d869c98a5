import XCTest
import LayoutEngine
import NavigationUI
import NavLayoutExamples
@testable import NavLayoutWorkbench

/// The sample delegate, failing in `startGuidance` on map views narrower than `failBelow` points:
/// a delegate that breaks at some sizes only.
final class FailingBelowWidth: SampleLayoutDelegate {
    struct Refused: Error, CustomStringConvertible { let width: Double; var description: String { "too narrow: \(width)" } }
    let failBelow: Double
    init(failBelow: Double) { self.failBelow = failBelow }
    override func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
        try super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
        if navMap.size.width < failBelow { throw Refused(width: navMap.size.width) }
    }
}

/// The size sweep (issue 15).
final class SizeSweepTests: XCTestCase {
    /// The issue's example: an iPad-high map view (1180 pt) with insets (24, 0, 20, 0), width 320
    /// to 1400 pt.
    func ipadWidths(_ start: Double = 320, _ stop: Double = 1400, threads: Int = 0) -> SweepConfiguration {
        SweepConfiguration(axis: .width, start: start, stop: stop, fixed: 1180,
                           safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0), threads: threads)
    }

    /// (step, code, items) of a band, for comparing with hand-derived sets.
    func keys(_ band: SweepBand) -> Set<String> {
        Set(band.diagnostics.map { "\($0.step): \($0.code) \($0.items)" })
    }

    /// docs/behaviour.md#wide-mode: wide mode when W − S.leading − S.trailing ≥ 600; with no side insets that is
    /// W ≥ 600, so the sample delegate (clean at every width, issue 15) has two bands split at 600.
    func testSampleDelegateWideModeBoundaryIsAt600() throws {
        let result = try SizeSweep.run(ipadWidths(), title: "sample") { SampleLayoutDelegate() }
        XCTAssertEqual(result.bands.count, 2)
        XCTAssertEqual(result.bands.map(\.start), [320, 600])
        XCTAssertEqual(result.bands.map(\.stop), [600, 1400])
        XCTAssertEqual(result.bands.map(\.wideMode), [false, true])
        XCTAssertEqual(result.bands.map(\.midpoint), [460, 1000])  // (320 + 600) / 2, (600 + 1400) / 2
        XCTAssertEqual(result.bands.flatMap(\.diagnostics).count, 0)
        XCTAssertEqual(result.bands.flatMap(\.failures).count, 0)
        // The boundary is exact to 0.01 pt: 599.99 is standard, 600 wide.
        let c = ipadWidths()
        XCTAssertFalse(SizeSweep.sample(size: c.size(at: 599.99), configuration: c) { SampleLayoutDelegate() }.wideMode)
        XCTAssertTrue(SizeSweep.sample(size: c.size(at: 600), configuration: c) { SampleLayoutDelegate() }.wideMode)
        // Sampled, then bisected: far fewer runs than the 108,001 grid sizes (136 samples every
        // 8 pt, plus at most log2(800) = 10 bisection steps for the one boundary).
        XCTAssertLessThanOrEqual(result.runs, 137 + 10)
    }

    /// The wide example delegate over the issue's range: its standard variant is the sample's and
    /// its wide variant is clean (the geometry of docs/behaviour.md#wide-mode), so the same two bands.
    func testWideDelegateOverTheIssuesRange() throws {
        let result = try SizeSweep.run(ipadWidths()) { WideLayoutDelegate() }
        XCTAssertEqual(result.bands.map { [$0.start, $0.stop] }, [[320, 600], [600, 1400]])
        XCTAssertEqual(result.bands.map(\.wideMode), [false, true])
        XCTAssertEqual(result.bands.flatMap(\.diagnostics).count, 0)
    }

    /// The wide example delegate from 100 pt: four boundaries, each derived from the sizes of
    /// docs/behaviour.md#wide-mode and the overlap rule (docs/behaviour.md#overlap), which compares components inset by their margins (8 pt):
    /// * the logo (72 pt at the leading edge, visible x 8…64) and the compass (56 pt at the
    ///   trailing edge, visible W − 48…W − 8) overlap while W − 48 < 64: below 112;
    /// * the re-center button (136 pt, after the map pan) lies partly off screen below 136
    ///   (`offscreen`), and its visible x 8…128 meets the compass while W − 48 < 128: below 176;
    /// * wide mode from 600.
    func testWideDelegateBandsFrom100() throws {
        let result = try SizeSweep.run(ipadWidths(100, 1400)) { WideLayoutDelegate() }
        XCTAssertEqual(result.bands.map(\.start), [100, 112, 136, 176, 600])
        XCTAssertEqual(result.bands.map(\.stop), [112, 136, 176, 600, 1400])
        XCTAssertEqual(result.bands.map(\.wideMode), [false, false, false, false, true])
        let panned = "map panned: re-center button"
        let overlap = "overlap [\"googleLogo\", \"compass\"]"
        // Below 112 the logo and the compass overlap in every step that shows them: all but the
        // last (navigation disabled): 16 of the 17 steps.
        let steps = SessionScript.standard(preset: nil, size: Size(width: 100, height: 1180), safeArea: .zero).steps.map(\.name)
        XCTAssertEqual(keys(result.bands[0]),
                       Set(steps.dropLast().map { "\($0): \(overlap)" } + ["\(panned): offscreen [\"googleLogo\"]"]))
        XCTAssertEqual(keys(result.bands[1]), ["\(panned): \(overlap)", "\(panned): offscreen [\"googleLogo\"]"])
        XCTAssertEqual(keys(result.bands[2]), ["\(panned): \(overlap)"])
        XCTAssertEqual(keys(result.bands[3]), [])
        XCTAssertEqual(keys(result.bands[4]), [])
        XCTAssertEqual(result.bands[1].diagnostics.first { $0.code == .offscreen }?.severity, .error)
        // The viewer link opens the band's first step with a diagnostic (1-based in the page).
        XCTAssertEqual(SweepPage.link(band: 1, result.bands[1]), "band-2.html#step=11")
        XCTAssertEqual(SweepPage.link(band: 3, result.bands[3]), "band-4.html")
    }

    /// A delegate that throws at some sizes: a result of those sizes, in its own band, and the
    /// sweep goes on (issue 15).
    func testDelegateFailureIsAResultAtThatSize() throws {
        let result = try SizeSweep.run(ipadWidths()) { FailingBelowWidth(failBelow: 500) }
        XCTAssertEqual(result.bands.map(\.start), [320, 500, 600])
        let failures = result.bands[0].failures
        XCTAssertEqual(failures.map(\.step), ["active guidance"])
        XCTAssertEqual(failures.map(\.source), ["startGuidance()"])
        XCTAssertEqual(failures.first?.message, "startGuidance(): layout delegate callback failed: too narrow: 320.0")  // at the band's first size
        XCTAssertEqual(result.bands[1].failures.count, 0)
        XCTAssertEqual(SweepPage.status(of: result.bands[0]), "failure")

        // A factory that throws: every size fails at set-up, one band per wide mode.
        struct NoDelegate: Error {}
        let none = try SizeSweep.run(ipadWidths()) { throw NoDelegate() }
        XCTAssertEqual(none.bands.map(\.start), [320, 600])
        XCTAssertEqual(none.bands.map { $0.failures.map(\.source) }, [["makeDelegate"], ["makeDelegate"]])
    }

    /// Threads do not change the result: the sizes run are chosen the same way.
    func testThreadsGiveTheSameResult() throws {
        let one = try SizeSweep.run(ipadWidths(100, 700, threads: 1)) { WideLayoutDelegate() }
        let four = try SizeSweep.run(ipadWidths(100, 700, threads: 4)) { WideLayoutDelegate() }
        XCTAssertEqual(one.json, four.json)
        XCTAssertEqual(one.runs, four.runs)
    }

    /// Bad input is refused before anything runs, naming the argument.
    func testBadInputNamesTheArgument() {
        func message(_ c: SweepConfiguration) -> String {
            do { _ = try SizeSweep.run(c) { nil }; return "no error" } catch let e as NavLayoutError { return e.message } catch { return "\(error)" }
        }
        var c = ipadWidths()
        c.start = .nan
        XCTAssertEqual(message(c), "start must be a finite number of points, not nan")
        c = ipadWidths(); c.stop = .infinity
        XCTAssertEqual(message(c), "stop must be a finite number of points, not inf")
        XCTAssertEqual(message(ipadWidths(500, 500)), "stop (500) must be greater than start (500): the range is empty")
        XCTAssertEqual(message(ipadWidths(600, 500)), "stop (500) must be greater than start (600): the range is empty")
        XCTAssertEqual(message(ipadWidths(-1, 500)), "start must not be negative (-1)")
        XCTAssertEqual(message(ipadWidths(0, 1e300)), "stop 1e+300 is beyond the sweep's largest size, 100000 pt")
        c = ipadWidths(); c.fixed = .nan
        XCTAssertEqual(message(c), "height must be a finite number of points, not nan")
        c = ipadWidths(); c.sampleStep = 0
        XCTAssertEqual(message(c), "sample_step must be a positive number of points, not 0")  // formatPoints: as typed
        c = ipadWidths(); c.sampleStep = 0.001
        XCTAssertEqual(message(c), "sample_step 0.001 gives more than 100000 samples over 1080 pt; use a larger one")
        c = ipadWidths(); c.safeArea.left = 300; c.safeArea.right = 300
        XCTAssertTrue(message(c).hasPrefix("safe_area does not fit the map view at start (320 pt): "), message(c))
        c = ipadWidths(); c.safeArea.top = .nan
        XCTAssertEqual(message(c), "safe_area.top must be a finite, non-negative number of points, not nan")
        c = ipadWidths(); c.threads = -1
        XCTAssertEqual(message(c), "threads must be 0 (one per processor) to 256, not -1")
        c.threads = 257
        XCTAssertEqual(message(c), "threads must be 0 (one per processor) to 256, not 257")
    }

    /// `validate(names:)` names the arguments as the caller spells them (`navlayout sweep`'s flags).
    func testValidateWithTheCallersNames() {
        let flags = SweepConfiguration.ArgumentNames(start: "--from", stop: "--to", height: "--height", width: "--width",
                                                     safeArea: "--insets", safeAreaEdge: { "--insets \($0)" },
                                                     sampleStep: "--step", threads: "--threads")
        func message(_ c: SweepConfiguration) -> String {
            do { try c.validate(names: flags); return "no error" } catch let e as NavLayoutError { return e.message } catch { return "\(error)" }
        }
        XCTAssertEqual(message(ipadWidths(500, 500)), "--to (500) must be greater than --from (500): the range is empty")
        var c = ipadWidths(); c.fixed = -2
        XCTAssertEqual(message(c), "--height must not be negative (-2)")
        c = ipadWidths(); c.safeArea.bottom = -1
        XCTAssertEqual(message(c), "--insets bottom must be a finite, non-negative number of points, not -1")
        c = ipadWidths(); c.sampleStep = 0
        XCTAssertEqual(message(c), "--step must be a positive number of points, not 0")
        c = ipadWidths(); c.safeArea.left = 300; c.safeArea.right = 300
        XCTAssertTrue(message(c).hasPrefix("--insets does not fit the map view at --from (320 pt): "), message(c))
        c = ipadWidths(); c.threads = -1
        XCTAssertEqual(message(c), "--threads must be 0 (one per processor) to 256, not -1")
        XCTAssertEqual(message(ipadWidths()), "no error")
    }

    /// A sampler error that is not a result stops the sweep and is rethrown.
    func testSamplerErrorStopsTheSweep() {
        struct Broken: Error {}
        XCTAssertThrowsError(try SizeSweep.run(ipadWidths(threads: 2), sampler: { _ in throw Broken() })) { error in
            XCTAssertTrue(error is Broken)
        }
    }

    /// A height sweep: the sample delegate on a 393-pt-wide phone (iphone-portrait's insets). In
    /// active guidance the viewport's height is H − 163 (turn card: 59 + 104) − 106 (ETA card:
    /// 72 + 34): zero at H = 269, so `emptyViewport` up to 269 and none from 269.01 (docs/behaviour.md#emptyviewport:
    /// an error when the viewport has zero area).
    func testHeightSweepFindsTheEmptyViewport() throws {
        let c = SweepConfiguration(axis: .height, start: 240, stop: 400, fixed: 393,
                                   safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        let result = try SizeSweep.run(c) { SampleLayoutDelegate() }
        let guidance = result.bands.map { band in band.diagnostics.contains { $0.step == "active guidance" && $0.code == .emptyViewport } }
        let lastEmpty = try XCTUnwrap(guidance.lastIndex(of: true))
        XCTAssertEqual(result.bands[lastEmpty + 1].start, 269.01)
        XCTAssertEqual(result.bands.last?.stop, 400)
        XCTAssertTrue(result.bands.allSatisfy { !$0.wideMode })
    }

    func testJSONRoundTrip() throws {
        let result = try SizeSweep.run(ipadWidths(100, 400)) { FailingBelowWidth(failBelow: 300) }
        let again = try SweepResult(json: result.json)
        XCTAssertEqual(again.json, result.json)
        XCTAssertEqual(again.text, result.text)
        let c = ipadWidths()
        let sample = SizeSweep.sample(size: c.size(at: 120), configuration: c) { WideLayoutDelegate() }
        let read = try SweepSample(json: sample.json)
        XCTAssertEqual(read.json, sample.json)
        XCTAssertEqual(read.signature, sample.signature)
        XCTAssertThrowsError(try SweepSample(json: "{\"schema\":\"other\"}"))
        XCTAssertThrowsError(try SweepResult(json: "not json"))
    }

    func testTextAndPage() throws {
        let result = try SizeSweep.run(ipadWidths(100, 1400), title: "wide") { WideLayoutDelegate() }
        let text = result.text
        XCTAssertTrue(text.hasPrefix("sweep: wide — width 100 → 1400 pt, height 1180 pt, safe area 24, 0, 20, 0, left-to-right: 5 bands, "), text)
        XCTAssertTrue(text.contains("\nband 2: 112 ≤ width < 136 — standard, 2 diagnostics\n  map panned: re-center button: error offscreen [googleLogo]\n"), text)
        XCTAssertTrue(text.hasSuffix("band 5: 600 ≤ width ≤ 1400 — wide, no diagnostics\n"), text)
        var hostile = result
        hostile.title = "<script>alert(1)</script>"
        let page = SweepPage.html(hostile)
        XCTAssertTrue(page.contains("<title>NavLayout size sweep — &lt;script&gt;alert(1)&lt;/script&gt;</title>"))
        XCTAssertFalse(page.contains("<script"))
        XCTAssertEqual(page.components(separatedBy: "<a class=\"band ").count - 1, 5)
        XCTAssertTrue(page.contains("href=\"band-2.html#step=11\""))
    }

    func testJSONReader() throws {
        let v = try JSONValue.parse(" {\"a\": [1, -2.5e1, true, null, \"x\\u00e9\\ud83d\\ude00\\n\"], \"b\": {}} ")
        XCTAssertEqual(v["a"], .array([.number(1), .number(-25), .bool(true), .null, .string("xé😀\n")]))
        XCTAssertEqual(v["b"], .object([]))
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01x", "\"\u{1}\"", "[1] 2", "1e999", String(repeating: "[", count: 600)] {
            XCTAssertThrowsError(try JSONValue.parse(bad), bad)
        }
    }
}
