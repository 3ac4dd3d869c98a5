import LayoutEngine
import NavigationUI

// The navigation sessions every tool drives: one script type, one driver. The demo (docs/behaviour.md#acceptance-values),
// the gallery, the viewer's recorder and the size sweep (issue 15) all run a `SessionScript` with
// `SessionDriver`, so "the standard session" means the same events and the same clock steps in
// every language (C and Python reach it through nl_map_view_run_session).

/// One event the session sends to the map view (docs/behaviour.md#events-and-callbacks).
public enum SessionEvent: Sendable, Equatable {
    case setNavigationEnabled(Bool)
    case startGuidance
    case stopGuidance
    /// A prompt of this kind; suppressed (no callback) when `shouldDisplayPrompts` is false and the
    /// kind is not `speedCamera`.
    case triggerPrompt(NavigationPromptKind)
    /// Dismisses the prompt on screen; skipped (with a note) when none is shown.
    case dismissPrompt
    /// The driver pans the map: the logo becomes the re-center button (docs/behaviour.md#speed-widget-and-re-center-button).
    case panMap
    case recenter
    case setSpeedWidgetMode(SpeedWidgetMode)
    /// Resizes the map view (points), e.g. a rotation or a split-view change.
    case setSize(Size, EdgeInsets)

    /// The event as the page shows it, in the Swift API's words.
    public var label: String {
        switch self {
        case .setNavigationEnabled(let on): return "setNavigationEnabled(\(on))"
        case .startGuidance: return "startGuidance()"
        case .stopGuidance: return "stopGuidance()"
        case .triggerPrompt(let kind): return "triggerPrompt(.\(kind))"
        case .dismissPrompt: return "dismissPrompt()"
        case .panMap: return "panMap()"
        case .recenter: return "recenter()"
        case .setSpeedWidgetMode(let mode): return "setSpeedWidgetMode(.\(SessionEvent.modeName(mode)))"
        case .setSize(let s, let e):
            return "setSize(\(formatPoints(s.width)) × \(formatPoints(s.height)), safe area \(formatPoints(e.top)), \(formatPoints(e.left)), \(formatPoints(e.bottom)), \(formatPoints(e.right)))"
        }
    }

    /// The Swift case name of a speed-widget mode (`none`, `speedometer`, `speedLimit`, `both`).
    public static func modeName(_ mode: SpeedWidgetMode) -> String {
        switch mode {
        case .none: return "none"
        case .speedometer: return "speedometer"
        case .speedLimit: return "speedLimit"
        case .both: return "both"
        }
    }
}

/// How the clock moves after a step's events.
public enum SessionTiming: Sendable, Equatable {
    /// No time passes.
    case instant
    /// The clock moves on by exactly this many seconds (the 0.2 s samples of docs/behaviour.md#the-sample-delegate).
    case advance(Double)
    /// The clock moves on in ticks of `SessionDriver.tick` (1/60 s) until no animation runs and no
    /// completion waits, for at most `SessionDriver.settleLimit` (10 s): whatever the delegate
    /// animates, the step ends at rest.
    case settle
}

/// One step of a session: a name, the events sent in order, then the clock.
public struct SessionStep: Sendable {
    public let name: String
    public let events: [SessionEvent]
    public let timing: SessionTiming

    public init(_ name: String, _ events: [SessionEvent], _ timing: SessionTiming = .settle) {
        self.name = name
        self.events = events
        self.timing = timing
    }
}

/// A scripted navigation session.
public struct SessionScript: Sendable {
    /// `demo` or `standard`.
    public let name: String
    public let steps: [SessionStep]

    public init(name: String, steps: [SessionStep]) {
        self.name = name
        self.steps = steps
    }

    /// The demo session of docs/behaviour.md#acceptance-values, as `navlayout demo` and the C and Python examples print it:
    /// enable navigation, start guidance, an incident prompt sampled at 0, 0.2 and 0.4 s, the
    /// prompt dismissed (0.4 s later), guidance stopped, navigation disabled.
    public static let demo = SessionScript(name: "demo", steps: [
        SessionStep("navigation ready", [.setNavigationEnabled(true)], .instant),
        SessionStep("active guidance", [.startGuidance], .instant),
        SessionStep("incident prompt 0.0 s", [.triggerPrompt(.incident)], .instant),
        SessionStep("incident prompt 0.2 s", [], .advance(0.2)),
        SessionStep("incident prompt 0.4 s", [], .advance(0.2)),
        SessionStep("prompt dismissed", [.dismissPrompt], .advance(0.4)),
        SessionStep("guidance stopped", [.stopGuidance], .instant),
        SessionStep("navigation disabled", [.setNavigationEnabled(false)], .instant),
    ])

    /// Presets the standard session resizes to and back: the phone's other orientation, and the
    /// iPad between full screen and split view (the sizes of docs/behaviour.md#device-presets).
    public static let twins = [
        "iphone-portrait": "iphone-landscape", "iphone-landscape": "iphone-portrait",
        "ipad-portrait": "ipad-split", "ipad-split": "ipad-portrait",
    ]

    /// The standard session of the workbench (issue 14; the gallery, the viewer and the size sweep
    /// drive it): navigation ready, active guidance, each prompt kind shown and dismissed, a map pan
    /// (the logo becomes the re-center button) and the re-center, the speed widget's modes (limit
    /// only, none, both), a resize to `preset`'s twin and back when it has one (rotation for the
    /// phones, split view for the iPad), guidance stopped, navigation disabled. Every step settles:
    /// the clock runs until the delegate's animations and completions are done.
    ///
    /// - Parameters:
    ///   - preset: the device preset (docs/behaviour.md#device-presets) the map view was made from, or nil (no resize steps).
    ///   - size, safeArea: the map view's size and insets to return to after the resize (points).
    public static func standard(preset: String?, size: Size, safeArea: EdgeInsets) -> SessionScript {
        var steps = [
            SessionStep("navigation ready", [.setNavigationEnabled(true)]),
            SessionStep("active guidance", [.startGuidance]),
        ]
        for kind in NavigationPromptKind.allCases {
            steps.append(SessionStep("\(kind) prompt", [.triggerPrompt(kind)]))
            steps.append(SessionStep("\(kind) prompt dismissed", [.dismissPrompt]))
        }
        steps += [
            SessionStep("map panned: re-center button", [.panMap]),
            SessionStep("re-centered", [.recenter]),
            SessionStep("speed widget: limit only", [.setSpeedWidgetMode(.speedLimit)]),
            SessionStep("speed widget: none", [.setSpeedWidgetMode(.none)]),
            SessionStep("speed widget: both", [.setSpeedWidgetMode(.both)]),
        ]
        if let preset, let twinName = twins[preset], let twin = DevicePreset.named(twinName) {
            let rotation = preset.hasPrefix("iphone")
            steps.append(SessionStep("\(rotation ? "rotated" : "resized") to \(twinName)", [.setSize(twin.size, twin.safeArea)]))
            steps.append(SessionStep("\(rotation ? "rotated" : "resized") back to \(preset)", [.setSize(size, safeArea)]))
        }
        steps += [
            SessionStep("guidance stopped", [.stopGuidance]),
            SessionStep("navigation disabled", [.setNavigationEnabled(false)]),
        ]
        return SessionScript(name: "standard", steps: steps)
    }

    /// The standard session for `map` (made from `preset`, if any): see
    /// `standard(preset:size:safeArea:)`.
    public static func standard(for map: NavigationMapView, preset: String?) -> SessionScript {
        standard(preset: preset, size: map.size, safeArea: map.safeArea)
    }
}

/// What happened in one step.
public struct StepOutcome {
    /// Errors the step's events threw (a delegate callback that threw, an event refused), in order,
    /// each as "event: message"; the session goes on after them unless the driver was asked to stop.
    public var failures: [String] = []
    /// The errors themselves, in the same order.
    public var errors: [Error] = []
    /// What each failure came from, in the same order: the event's `label`, or `advanceTime(by:)`
    /// for a completion that threw while the clock ran (the size sweep tells failures apart by
    /// step and source, issue 15).
    public var failureSources: [String] = []
    /// Things worth knowing that are not failures (a suppressed prompt, animations cut off).
    public var notes: [String] = []
    /// Seconds the clock moved in this step.
    public var duration: Double = 0

    public init() {}
}

/// Runs session scripts on a map view.
public enum SessionDriver {
    /// The clock step of `.settle` and of the recorder's samples: 1/60 s (issue 14: at least 60
    /// samples per second of animation).
    public static let tick = 1.0 / 60
    /// The most a `.settle` step runs the clock (seconds) before giving up on the animations.
    public static let settleLimit = 10.0

    /// An error's message without the enum's case name.
    public static func message(_ error: Error) -> String {
        (error as? NavLayoutError)?.message ?? "\(error)"
    }

    /// Sends the step's events in order. A throwing event is recorded in `outcome.failures` and the
    /// next event is still sent (a callback that throws does not undo its transition, docs/behaviour.md#callbacks-that-fail).
    /// `beforeEach` runs before every event (the C layer clears its per-call failure message there).
    public static func perform(_ step: SessionStep, on map: NavigationMapView, into outcome: inout StepOutcome,
                               beforeEach: () -> Void = {}) {
        for event in step.events {
            beforeEach()
            do {
                switch event {
                case .setNavigationEnabled(let on): try map.setNavigationEnabled(on)
                case .startGuidance: try map.startGuidance()
                case .stopGuidance: try map.stopGuidance()
                case .triggerPrompt(let kind):
                    if try map.triggerPrompt(kind) == nil {
                        outcome.notes.append("the \(kind) prompt was suppressed: shouldDisplayPrompts is false (docs/behaviour.md#prompt-events)")
                    }
                case .dismissPrompt:
                    if map.currentPrompt == nil {
                        outcome.notes.append("no prompt on screen to dismiss")
                    } else {
                        try map.dismissPrompt()
                    }
                case .panMap: try map.panMap()
                case .recenter: try map.recenter()
                case .setSpeedWidgetMode(let mode):  // the step feeds the data that gives `mode` (the setter is deprecated)
                    try map.setSpeedData(speedAvailable: mode.showsSpeedometer, speedLimitAvailable: mode.showsSpeedLimit)
                case .setSize(let size, let insets): try map.setSize(size, safeArea: insets)
                }
            } catch {
                outcome.failures.append("\(event.label): \(message(error))")
                outcome.errors.append(error)
                outcome.failureSources.append(event.label)
            }
        }
    }

    /// Whether animations run or completions wait on `map`.
    public static func isAnimating(_ map: NavigationMapView) -> Bool {
        map.system_.hasRunningAnimations || map.system_.hasPendingCompletions
    }

    /// Moves the clock as `timing` says. With `sampling`, an `.advance` is cut into ticks too;
    /// `sample(elapsed)` runs after every tick (seconds since the step's events), `beforeEach`
    /// before every clock step. A completion that throws is recorded as a failure and the clock
    /// goes on.
    public static func passTime(_ timing: SessionTiming, on map: NavigationMapView, sampling: Bool,
                                into outcome: inout StepOutcome, beforeEach: () -> Void = {},
                                sample: (Double) -> Void = { _ in }) {
        func advance(to elapsed: Double, from previous: Double) {
            beforeEach()
            do { try map.advanceTime(by: elapsed - previous) } catch {
                outcome.failures.append("advanceTime(by:) at \(formatPoints(elapsed)) s: \(message(error))")
                outcome.errors.append(error)
                outcome.failureSources.append("advanceTime(by:)")
            }
            sample(elapsed)
        }
        switch timing {
        case .instant:
            return
        case .advance(let seconds):
            if !sampling {
                advance(to: seconds, from: 0)
            } else {
                var previous = 0.0
                var k = 1
                // Sample times k/60 (exact divisions, so 12/60 is 0.2), then the step's end.
                while Double(k) / 60 < seconds - 1e-9 {
                    advance(to: Double(k) / 60, from: previous)
                    previous = Double(k) / 60
                    k += 1
                }
                advance(to: seconds, from: previous)
            }
            outcome.duration = seconds
        case .settle:
            var k = 0
            while isAnimating(map) {
                if Double(k) * tick >= settleLimit {
                    outcome.notes.append("animations still ran after \(formatPoints(settleLimit)) s; the step was cut off there")
                    break
                }
                k += 1
                advance(to: Double(k) / 60, from: Double(k - 1) / 60)
            }
            outcome.duration = Double(k) / 60
        }
    }

    /// Checks that `script` can start on `map`: the map view is not invalidated, no host callback
    /// of it is running, and, for a script that begins by enabling navigation (the demo and the
    /// standard session), navigation is disabled.
    /// - Throws: `invalidState` (invalidated map view), `reentrant` (called from inside one of its
    ///   callbacks), `navigationEnabled` (navigation already enabled). Nothing changes.
    public static func checkCanRun(_ script: SessionScript, on map: NavigationMapView) throws {
        if map.isInvalidated { throw NavLayoutError.invalidState("the map view was invalidated; a session needs a live map view") }
        if map.isInHostCallback {
            throw NavLayoutError.reentrant("a session was started from inside a callback of its map view; events may not be sent while the map view is calling the host")
        }
        if script.steps.first?.events.first == .setNavigationEnabled(true) && map.isNavigationEnabled {
            throw NavLayoutError.navigationEnabled("the \(script.name) session starts by enabling navigation; disable navigation on the map view first")
        }
    }

    /// Runs `script` on `map` with whatever delegate it has, calling `observe(index, step,
    /// outcome)` after each step, at rest (outside any host callback; `observe` may read the map
    /// view but must not send events).
    ///
    /// - Parameter stopOnFailure: true rethrows the first error an event or a completion throws
    ///   (that step is not observed), as the demo does; false records failures in the outcomes and
    ///   goes on (the gallery, the viewer).
    /// - Parameter beforeEach: runs before every event and clock step.
    /// - Throws: what `checkCanRun` throws (nothing has changed then); with `stopOnFailure`, the
    ///   first event's error (`NavLayoutError`); whatever `observe` throws.
    public static func run(_ script: SessionScript, on map: NavigationMapView, stopOnFailure: Bool = false,
                           beforeEach: () -> Void = {},
                           observe: (Int, SessionStep, StepOutcome) throws -> Void) throws {
        try checkCanRun(script, on: map)
        for (i, step) in script.steps.enumerated() {
            var outcome = StepOutcome()
            perform(step, on: map, into: &outcome, beforeEach: beforeEach)
            if stopOnFailure, let first = outcome.errors.first { throw first }
            passTime(step.timing, on: map, sampling: false, into: &outcome, beforeEach: beforeEach)
            if stopOnFailure, let first = outcome.errors.first { throw first }
            try observe(i, step, outcome)
        }
    }
}
