import LayoutEngine
import NavigationUI

// The size sweep (issue 15: "where does my layout break?"): the standard session at the sizes of a
// range along one axis, grouped into bands — maximal intervals over which wide mode and the set of
// (step, diagnostic code, items) and (step, failure) stay the same. Sizes are sampled every
// `sampleStep` points, then every pair of neighbouring samples that differ is bisected on the
// 0.01 pt grid until the two sizes are neighbours on it: each boundary is the first grid size of
// the new band, so the true change lies within 0.01 pt below it. The runs of a round go to every
// core, one map view (and one delegate, from the host's factory) per run.

/// The axis a sweep varies.
public enum SweepAxis: String, Sendable, CaseIterable {
    /// The map view's width varies; the height is fixed.
    case width
    /// The height varies; the width is fixed.
    case height
}

/// What to sweep.
public struct SweepConfiguration: Sendable {
    public var axis: SweepAxis
    /// The range's ends on `axis` (points), `start < stop`; both are run.
    public var start: Double
    public var stop: Double
    /// The map view's size on the other axis (points): the height of a width sweep.
    public var fixed: Double
    /// The safe-area insets at every size (points, physical edges).
    public var safeArea: EdgeInsets
    public var layoutDirection: LayoutDirection
    /// Points between the first samples (default 8): a band narrower than this between two samples
    /// with the same result can be missed; every change between samples that differ is found.
    public var sampleStep: Double
    /// Threads (map views at once); 0 = one per processor online; at most `maximumThreads`.
    public var threads: Int

    /// The grid boundaries are found on: 0.01 pt (issue 15).
    public static let resolution = 0.01
    /// The default `sampleStep` (points): 136 samples over the 1,080 pt.
    public static let defaultSampleStep = 8.0
    /// The largest size either end may have (points), and the most samples a sweep may take.
    public static let maximumSize = 100_000.0
    public static let maximumSamples = 100_000
    /// The most threads (or a host's worker processes) a sweep may ask for.
    public static let maximumThreads = 256

    public init(axis: SweepAxis, start: Double, stop: Double, fixed: Double, safeArea: EdgeInsets = .zero,
                layoutDirection: LayoutDirection = .leftToRight, sampleStep: Double = defaultSampleStep, threads: Int = 0) {
        self.axis = axis
        self.start = start
        self.stop = stop
        self.fixed = fixed
        self.safeArea = safeArea
        self.layoutDirection = layoutDirection
        self.sampleStep = sampleStep
        self.threads = threads
    }

    /// The map view's size at `value` on the axis.
    public func size(at value: Double) -> Size {
        axis == .width ? Size(width: value, height: fixed) : Size(width: fixed, height: value)
    }

    /// How a caller spells each field in the messages of `validate(names:)`.
    public struct ArgumentNames: Sendable {
        public var start: String
        public var stop: String
        /// The fixed size of a width sweep (`fixed`) and of a height sweep.
        public var height: String
        public var width: String
        public var safeArea: String
        /// One inset of `safeArea`, by its edge name (`top`, `left`, `bottom`, `right`).
        public var safeAreaEdge: @Sendable (String) -> String
        public var sampleStep: String
        public var threads: String

        public init(start: String, stop: String, height: String, width: String, safeArea: String,
                    safeAreaEdge: @escaping @Sendable (String) -> String, sampleStep: String, threads: String) {
            self.start = start
            self.stop = stop
            self.height = height
            self.width = width
            self.safeArea = safeArea
            self.safeAreaEdge = safeAreaEdge
            self.sampleStep = sampleStep
            self.threads = threads
        }

        /// The names of the C and Python APIs: `start`, `stop`, `height`/`width` for `fixed`,
        /// `safe_area` (an inset: `safe_area.top`), `sample_step`, `threads`.
        public static let api = ArgumentNames(start: "start", stop: "stop", height: "height", width: "width",
                                              safeArea: "safe_area", safeAreaEdge: { "safe_area.\($0)" },
                                              sampleStep: "sample_step", threads: "threads")
    }

    /// Checks every field; the messages name each argument as `names` spells it (default: the C
    /// and Python APIs' names; `navlayout sweep` passes its flags, `--from`, `--to`, …). Numbers
    /// are printed as `formatPoints` does (`0`, `-1.5`, `nan`).
    /// - Throws: `NavLayoutError.invalidArgument` for a NaN or infinite number, a negative size,
    ///   an empty or reversed range, ends beyond `maximumSize`, a `sampleStep` that is not positive
    ///   or gives more than `maximumSamples` samples, `threads` outside 0…`maximumThreads`, and
    ///   insets that do not fit the map view at the range's smaller end.
    public func validate(names: ArgumentNames = .api) throws {
        let fixedName = axis == .width ? names.height : names.width
        for (name, v) in [(names.start, start), (names.stop, stop), (fixedName, fixed)] {
            guard v.isFinite else { throw NavLayoutError.invalidArgument("\(name) must be a finite number of points, not \(v)") }
            guard v >= 0 else { throw NavLayoutError.invalidArgument("\(name) must not be negative (\(formatPoints(v)))") }
            guard v <= Self.maximumSize else {
                throw NavLayoutError.invalidArgument("\(name) \(formatPoints(v)) is beyond the sweep's largest size, \(formatPoints(Self.maximumSize)) pt")
            }
        }
        guard stop > start else {
            throw NavLayoutError.invalidArgument("\(names.stop) (\(formatPoints(stop))) must be greater than \(names.start) (\(formatPoints(start))): the range is empty")
        }
        for (name, v) in [("top", safeArea.top), ("left", safeArea.left), ("bottom", safeArea.bottom), ("right", safeArea.right)] {
            guard v.isFinite && v >= 0 else {
                throw NavLayoutError.invalidArgument("\(names.safeAreaEdge(name)) must be a finite, non-negative number of points, not \(formatPoints(v))")
            }
        }
        guard sampleStep.isFinite && sampleStep > 0 else {
            throw NavLayoutError.invalidArgument("\(names.sampleStep) must be a positive number of points, not \(formatPoints(sampleStep))")
        }
        guard (stop - start) / sampleStep <= Double(Self.maximumSamples) else {
            throw NavLayoutError.invalidArgument("\(names.sampleStep) \(formatPoints(sampleStep)) gives more than \(Self.maximumSamples) samples over \(formatPoints(stop - start)) pt; use a larger one")
        }
        guard threads >= 0 && threads <= Self.maximumThreads else {
            throw NavLayoutError.invalidArgument("\(names.threads) must be 0 (one per processor) to \(Self.maximumThreads), not \(threads)")
        }
        // The map view's own check, without making one (a map view that is made must be
        // invalidated: its views and constraints reference each other).
        do {
            try LayoutRootView.validate(size: size(at: start), safeArea: safeArea)
        } catch let error as NavLayoutError {
            throw NavLayoutError.invalidArgument("\(names.safeArea) does not fit the map view at \(names.start) (\(formatPoints(start)) pt): \(error.message)")
        }
    }
}

/// A maximal interval of sizes with one result.
public struct SweepBand: Sendable {
    /// The first size of the band (points on the axis). For every band but the first, a grid size
    /// (a multiple of 0.01 pt) whose grid neighbour below belongs to the previous band.
    public let start: Double
    /// Where the band ends: the next band's `start` (not in this band), or, for the last band, the
    /// range's stop (in it).
    public let stop: Double
    /// The grid size nearest to the middle of `start` and `stop` that belongs to the band (it was
    /// run, or lies between runs of this band): where the sweep page's viewer link shows it.
    public let midpoint: Double
    public let wideMode: Bool
    /// The diagnostics and failures of the band, as run at `start` (their messages are those of
    /// that size).
    public let diagnostics: [SweepDiagnostic]
    public let failures: [SweepFailure]

    public init(start: Double, stop: Double, midpoint: Double, wideMode: Bool, diagnostics: [SweepDiagnostic], failures: [SweepFailure]) {
        self.start = start
        self.stop = stop
        self.midpoint = midpoint
        self.wideMode = wideMode
        self.diagnostics = diagnostics
        self.failures = failures
    }

    /// The first step (0-based) with a diagnostic or a failure, the step a viewer link opens; nil
    /// when the band has none in the session.
    public var firstStepWithDiagnostics: Int? {
        (diagnostics.map(\.stepIndex) + failures.map(\.stepIndex)).filter { $0 >= 0 }.min()
    }
}

/// What a sweep found.
public struct SweepResult: Sendable {
    public let configuration: SweepConfiguration
    /// The run's name (e.g. the delegate's), shown on the page.
    public var title: String
    /// The bands, in order along the axis: the first starts at `start`, each next one at the
    /// previous one's `stop`, the last stops at `stop`.
    public let bands: [SweepBand]
    /// How many sizes were run.
    public let runs: Int

    public init(configuration: SweepConfiguration, title: String, bands: [SweepBand], runs: Int) {
        self.configuration = configuration
        self.title = title
        self.bands = bands
        self.runs = runs
    }
}

/// The size sweep (issue 15).
public enum SizeSweep {
    /// The sizes a sweep may run: `start`, every multiple of 0.01 pt strictly between, and `stop`
    /// (a grid size, computed as k / 100, is the nearest double to it: 600 is exactly 600).
    struct Grid {
        let start: Double, stop: Double
        /// k of the first and last multiples of 0.01 strictly inside (start, stop).
        let kFirst: Int, kLast: Int
        var count: Int { kLast - kFirst + 3 }

        init(start: Double, stop: Double) {
            self.start = start
            self.stop = stop
            var lo = Int((start * 100).rounded(.down))
            while Double(lo) / 100 <= start { lo += 1 }
            var hi = Int((stop * 100).rounded(.up))
            while Double(hi) / 100 >= stop { hi -= 1 }
            kFirst = lo
            kLast = max(hi, lo - 1)
        }

        /// The index whose size is nearest to `v`, within `range`.
        func index(nearest v: Double, in range: ClosedRange<Int>) -> Int {
            let k = Int((v * 100).rounded())
            return min(max(k - kFirst + 1, range.lowerBound), range.upperBound)
        }

        func value(_ i: Int) -> Double {
            if i <= 0 { return start }
            if i >= count - 1 { return stop }
            return Double(kFirst + i - 1) / 100
        }
    }

    /// Sweeps `configuration` with delegates from `makeDelegate` (nil: the built-in layout). Each
    /// size gets a new map view and a new delegate; runs at the same time are on different threads,
    /// so `makeDelegate` is called concurrently and each delegate is used from one thread only.
    /// A delegate that throws — in the factory, in `setLayoutDelegate` or in a callback — is a
    /// result at that size (a failure, in its band), never an error of the sweep.
    /// - Throws: `NavLayoutError.invalidArgument` from `SweepConfiguration.validate` (nothing ran).
    public static func run(_ configuration: SweepConfiguration, title: String = "",
                           makeDelegate: @escaping @Sendable () throws -> NavigationLayoutDelegate?) throws -> SweepResult {
        try run(configuration, title: title) { size in
            sample(size: size, configuration: configuration, makeDelegate: makeDelegate)
        }
    }

    /// Sweeps `configuration` with `sampler` giving the result at each size (points); the bands are
    /// made as by `run(_:makeDelegate:)`. The sampler runs on several threads at once (up to
    /// `configuration.threads`); the C and Python sweeps use it to run the session in another
    /// language or process.
    /// - Throws: `invalidArgument` from `validate` (nothing ran); the first error the sampler throws,
    ///   which stops the sweep (throw only for what is not a result at that size).
    public static func run(_ configuration: SweepConfiguration, title: String = "",
                           sampler: @escaping (Size) throws -> SweepSample) throws -> SweepResult {
        try configuration.validate()
        let grid = Grid(start: configuration.start, stop: configuration.stop)
        let threads = configuration.threads == 0 ? onlineProcessorCount() : configuration.threads
        var done: [Int: SweepSample] = [:]
        func runAll(_ indices: [Int]) throws {
            let samples = try parallelMap(indices, threads: threads) { i in
                try sampler(configuration.size(at: grid.value(i)))
            }
            for (i, s) in zip(indices, samples) { done[i] = s }
        }
        // The first samples: every sampleStep points (evenly spread), both ends included.
        let last = grid.count - 1
        let pieces = max(1, Int(((configuration.stop - configuration.start) / configuration.sampleStep).rounded(.up)))
        var first = Set([0, last])
        for j in 1..<max(pieces, 1) { first.insert(Int((Double(j) * Double(last) / Double(pieces)).rounded())) }
        try runAll(first.sorted())
        // Bisection: the middle of every pair of neighbouring runs that differ, until they are
        // neighbours on the grid.
        while true {
            let runs = done.sorted { $0.key < $1.key }
            var middles: [Int] = []
            for (a, b) in zip(runs, runs.dropFirst()) where b.key - a.key > 1 && a.value.signature != b.value.signature {
                middles.append((a.key + b.key) / 2)
            }
            if middles.isEmpty { break }
            try runAll(middles)
        }
        // Bands: runs of equal signatures.
        var firsts: [(index: Int, sample: SweepSample)] = []
        var previous: SweepSample.Signature?
        for (k, sample) in done.sorted(by: { $0.key < $1.key }) {
            let s = sample.signature
            if s != previous { firsts.append((k, sample)) }
            previous = s
        }
        var bands: [SweepBand] = []
        for (n, (k, s)) in firsts.enumerated() {
            let next = n + 1 < firsts.count ? firsts[n + 1].index : nil
            let lastInBand = next.map { $0 - 1 } ?? last
            bands.append(SweepBand(start: grid.value(k), stop: next.map(grid.value) ?? grid.stop,
                                   midpoint: grid.value(grid.index(nearest: (grid.value(k) + grid.value(next ?? last)) / 2, in: k...lastInBand)),
                                   wideMode: s.wideMode,
                                   diagnostics: s.diagnostics, failures: s.failures))
        }
        return SweepResult(configuration: configuration, title: title, bands: bands, runs: done.count)
    }

    /// The standard session at one size with a delegate from `makeDelegate`, on a map view of its
    /// own (invalidated afterwards). Never throws: what goes wrong is in the sample's failures.
    public static func sample(size: Size, configuration: SweepConfiguration,
                              makeDelegate: () throws -> NavigationLayoutDelegate?) -> SweepSample {
        let map: NavigationMapView
        do {
            map = try NavigationMapView(size: size, safeArea: configuration.safeArea,
                                        options: .init(layoutDirection: configuration.layoutDirection))
        } catch {
            return .failed(size: size, wideMode: false, source: "NavigationMapView(size:safeArea:)", message: SessionDriver.message(error))
        }
        defer { map.invalidate() }
        let delegate: NavigationLayoutDelegate?
        do { delegate = try makeDelegate() } catch {
            return .failed(size: size, wideMode: map.wideMode, source: "makeDelegate", message: SessionDriver.message(error))
        }
        do { try map.setLayoutDelegate(delegate) } catch {
            return .failed(size: size, wideMode: map.wideMode, source: "setLayoutDelegate", message: SessionDriver.message(error))
        }
        do { return try sample(map: map) } catch {
            return .failed(size: size, wideMode: map.wideMode, source: "session", message: SessionDriver.message(error))
        }
    }

    /// The viewer page (and its recording) of the standard session at `band`'s midpoint, with a
    /// delegate from `makeDelegate`: what the sweep page links each band to.
    /// - Throws: what `makeDelegate` or `setLayoutDelegate` throws, `invalidArgument` when the map
    ///   view cannot be made at that size.
    public static func viewerPage(for band: SweepBand, of result: SweepResult,
                                  makeDelegate: () throws -> NavigationLayoutDelegate?) throws -> (html: String, recording: SessionRecording) {
        let c = result.configuration
        let map = try NavigationMapView(size: c.size(at: band.midpoint), safeArea: c.safeArea,
                                        options: .init(layoutDirection: c.layoutDirection))
        defer { map.invalidate() }
        try map.setLayoutDelegate(try makeDelegate())
        return try viewerPage(map: map, band: band, of: result)
    }

    /// The viewer page of the standard session on `map` — a map view at `band`'s midpoint with the
    /// swept delegate set (C and Python make it, with their delegate) — titled after the band. The
    /// session's diagnostics are not reported to the map view's handler (the page shows them).
    /// - Throws: `invalidArgument` when `map`'s size or safe area is not the band's midpoint's;
    ///   what `SessionDriver.checkCanRun` throws.
    public static func viewerPage(map: NavigationMapView, band: SweepBand, of result: SweepResult,
                                  beforeEach: @escaping () -> Void = {}) throws -> (html: String, recording: SessionRecording) {
        let c = result.configuration
        guard map.size == c.size(at: band.midpoint), map.safeArea == c.safeArea else {
            throw NavLayoutError.invalidArgument("the map view is \(formatPoints(map.size.width)) × \(formatPoints(map.size.height)) pt with safe area \(map.safeArea); the band's viewer page needs \(formatPoints(c.size(at: band.midpoint).width)) × \(formatPoints(c.size(at: band.midpoint).height)) pt (its midpoint) with \(c.safeArea)")
        }
        let title = bandTitle(band, of: result)
        let recorder = SessionRecorder(map: map, title: title, preset: nil)
        recorder.beforeEach = beforeEach
        let recording = try withQuietDiagnostics(map) { try recorder.record(.standard(for: map, preset: nil)) }
        return (ViewerPage.html(recording, title: title, preset: nil), recording)
    }

    /// "sample · width 460 pt (band 320 – 600)".
    static func bandTitle(_ band: SweepBand, of result: SweepResult) -> String {
        let c = result.configuration
        let name = result.title.isEmpty ? "" : "\(result.title) · "
        return "\(name)\(c.axis.rawValue) \(formatPoints(band.midpoint)) pt (band \(formatPoints(band.start)) – \(formatPoints(band.stop)))"
    }

    /// The file name of band `index`'s viewer page (0-based index; `band-1.html`, …): the sweep
    /// page links to it, next to itself.
    public static func viewerFileName(band index: Int) -> String { "band-\(index + 1).html" }
}
