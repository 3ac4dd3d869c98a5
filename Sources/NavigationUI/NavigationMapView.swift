import LayoutEngine

/// The map view (the seed's `GMSMapView` with navigation, docs/behaviour.md#navigation-state-machine): the root of the layout
/// hierarchy, the owner of the SDK components, and the navigation UI state machine that drives a
/// host's layout delegate.
///
/// One map view is used from one thread at a time; distinct map views are independent. Call
/// `invalidate()` when done: it releases the delegate and breaks the reference cycles between
/// views and their constraints.
public final class NavigationMapView: LayoutRootView {
    /// Creation options (docs/api.md#map-view).
    public struct Options: Sendable {
        /// A map view for a CarPlay screen: `setLayoutDelegate` is refused (docs/behaviour.md#setting-the-layout-delegate).
        public var carPlay: Bool
        /// Right-to-left mirrors leading and trailing (docs/behaviour.md#right-to-left-layout).
        public var layoutDirection: LayoutDirection
        /// Test option: each state's buttons come shuffled, with an extra button of an unknown
        /// type, so a host can prove its delegate finds buttons by type (docs/behaviour.md#buttons).
        public var shuffleButtons: Bool
        public init(carPlay: Bool = false, layoutDirection: LayoutDirection = .leftToRight, shuffleButtons: Bool = false) {
            self.carPlay = carPlay
            self.layoutDirection = layoutDirection
            self.shuffleButtons = shuffleButtons
        }
    }

    /// The navigation state (docs/behaviour.md#state-objects). Raw values: `NL_UI_STATE_*` (0 = no navigation).
    public enum StateKind: Int32, Sendable {
        case noNavigation = 0, navigationReady = 1, activeGuidance = 2
    }

    public let options: Options
    public private(set) var stateKind: StateKind = .noNavigation
    /// The state object of the current navigation state (nil with navigation disabled).
    public private(set) var uiState: NavigationUIState?
    /// The prompt on screen, if any (docs/behaviour.md#prompt-events).
    public private(set) var currentPrompt: NavigationPromptView?
    /// Every prompt made so far, oldest first (the map view owns them).
    public private(set) var prompts: [NavigationPromptView] = []
    private var delegate: NavigationLayoutDelegate?

    // SDK components (docs/behaviour.md#sdk-components), made once and reused by every state.
    public let googleLogo: NavigationComponentView
    public let viewport: NavigationComponentView
    public let compassButton: NavigationComponentView
    public let reportingButton: NavigationComponentView
    /// The extra button of an unknown type the `shuffleButtons` option inserts.
    public let unknownButton: NavigationComponentView
    public let turnCard: NavigationComponentView
    public let etaCard: NavigationComponentView
    public let tripProgressBar: NavigationComponentView
    public let speedWidget: NavigationComponentView
    /// Every SDK component the map view owns (prompts not included): googleLogo, viewport, the
    /// compass, reporting and unknown buttons, turnCard, etaCard, tripProgressBar, speedWidget.
    /// Made once (the rules and every callback read it).
    let allComponents: [NavigationComponentView]

    /// What the speed widget's mode is derived from: the two display settings and the host-fed
    /// data availability (issue 16; see MapDisplaySettings.swift).
    var speedWidgetInputs = SpeedWidgetInputs()
    /// The re-center button setting and whether the driver panned away (issue 16; see
    /// MapDisplaySettings.swift).
    var recenterInputs = RecenterInputs()
    /// Host items in the hierarchy when navigation was enabled, and those added since that
    /// `disableNavigationUI` left behind (issue 16; see StateExitCleanup.swift).
    var stateExitRecord = StateExitRecord()
    /// Whether active-guidance states include the reporting button (docs/behaviour.md#state-objects). Takes effect at the
    /// next state change.
    public var isIncidentReportingEnabled = true
    /// When false, incident, traffic and better-route prompts are suppressed (no callback);
    /// speed-camera warnings still show (docs/behaviour.md#prompt-events).
    public var shouldDisplayPrompts = true
    private var shuffleCounter: UInt64 = 0
    /// The built-in layout (docs/behaviour.md#built-in-layout), used while no custom delegate is set.
    let builtInLayout = BuiltInLayoutDelegate()
    var legacySettings = LegacySettings()
    var legacyGuides: [LayoutGuide?] = [nil, nil, nil, nil]
    /// Legacy APIs used with a custom delegate since the last transition (docs/behaviour.md#built-in-layout-and-legacy-apis, docs/behaviour.md#legacyapiignored).
    var legacyUses: [String] = []
    /// Calls of the UIKit spelling refused since the last transition (RefusedCalls.swift).
    var refusedCalls: [LayoutDiagnostic] = []
    var compassSetting = false { didSet { system_.noteChange() } }
    /// The last computed diagnostics: for `revision` (and `layoutRevision`, see
    /// `LayoutSystem.clockRevisions`), every rule of `minimumSeverity` and above.
    var diagnosticsCache: (revision: Int, layoutRevision: Int, minimumSeverity: DiagnosticSeverity, list: [LayoutDiagnostic])?

    /// Receives every diagnostic that newly appears (issue 14, DiagnosticReporting.swift): a
    /// `(code, items)` not in the list the previous report of this map view saw. Called once per
    /// new diagnostic of `diagnosticHandlerMinimumSeverity` or above, in list order, at the end of
    /// each event and each layout pass that runs outside host callbacks, with the host-callback
    /// guard up (events from it throw `reentrant`). Default:
    /// `NavigationMapView.standardErrorDiagnosticHandler`, one line per error on stderr. Setting a
    /// handler sets `diagnosticHandlerMinimumSeverity` to `.info` (it receives every severity);
    /// set `{ _, _ in }` to silence the reports.
    public var diagnosticHandler: DiagnosticHandler = NavigationMapView.standardErrorDiagnosticHandler {
        didSet { diagnosticHandlerMinimumSeverity = .info }
    }
    /// The least severity `diagnosticHandler` is given: `.error` with the default handler (all it
    /// writes), `.info` once a handler is set. Rules of lower severities are then not evaluated by
    /// the reports (their cost is kept out of every event); `diagnostics` always has them all.
    public var diagnosticHandlerMinimumSeverity: DiagnosticSeverity = .error
    /// Set by the C layer: the minimum severity of its process-wide handler, asked at each report
    /// that has something to evaluate (instead of `diagnosticHandlerMinimumSeverity`), with the
    /// host-callback guard up; nil when the handler hears nothing (no rule is evaluated).
    package var minimumSeverityProvider: (() -> DiagnosticSeverity?)?
    /// What the last report saw (DiagnosticReporting.swift).
    var reportedDiagnostics: [LayoutDiagnostic] = []
    var reportedRevision: Int?
    var isReportingDiagnostics = false
    /// Depth of events running (an event reports once, at its end).
    var eventDepth = 0
    /// How many times the diagnostics were computed (for tests and benchmarks: the cache and the
    /// reports' skipping of unchanged layouts keep it down).
    package private(set) var diagnosticsComputations = 0
    var ownCompassConstraints: [LayoutConstraint] = []

    /// The raw type value of the unknown button the `shuffleButtons` option inserts.
    public static let unknownButtonRawType: Int32 = 99

    /// Creates a map view of `size` with `safeArea` insets (points).
    /// - Throws: `invalidArgument` for NaN, infinite or negative sizes/insets, or insets that do
    ///   not fit.
    public init(size: Size, safeArea: EdgeInsets = .zero, options: Options = Options()) throws {
        self.options = options
        googleLogo = NavigationComponentView(role: "googleLogo", margins: 8)
        viewport = NavigationComponentView(role: "viewport", margins: 0)
        compassButton = NavigationComponentView(role: "compass", margins: 8)
        reportingButton = NavigationComponentView(role: "reporting", margins: 8)
        unknownButton = NavigationComponentView(role: "unknownButton", margins: 8)
        turnCard = NavigationComponentView(role: "turnCard", margins: 8)
        etaCard = NavigationComponentView(role: "etaCard", margins: 8)
        tripProgressBar = NavigationComponentView(role: "tripProgressBar", margins: 0)
        speedWidget = NavigationComponentView(role: "speedWidget", margins: 4)
        allComponents = [googleLogo, viewport, compassButton, reportingButton, unknownButton, turnCard, etaCard,
                         tripProgressBar, speedWidget]
        try super.init(identifier: "map", size: size, safeArea: safeArea, layoutDirection: options.layoutDirection)
        role = "map"
        googleLogo.setFixedSize(width: 72, height: 32)
        for b in [compassButton, reportingButton, unknownButton] { b.setFixedSize(width: 56, height: 56) }
        tripProgressBar.setFixedSize(width: 12, height: nil)
        applySpeedWidgetMode()
        updateSizeDependentComponents()
        checkpointObserver = { [unowned self] in self.reachedDiagnosticCheckpoint() }
        installLogoAccessibility()
    }

    /// The logo may outlive the map view (a host may keep it): its accessibility closure, which
    /// holds the map view unowned, gives way to the answer without a map view
    /// (`installLogoAccessibility`).
    deinit { googleLogo.accessibilityStorage.defaults = NavigationMapView.logoDefaultsWithoutMapView }

    /// Creates a map view from a device preset of docs/behaviour.md#device-presets (`"iphone-portrait"`, …); the
    /// `carplay` preset makes a CarPlay map view.
    /// - Throws: `invalidArgument` for an unknown preset name.
    public convenience init(preset name: String, options: Options = Options()) throws {
        guard let preset = DevicePreset.named(name) else {
            let names = DevicePreset.all.map { $0.name }.joined(separator: ", ")
            throw NavLayoutError.invalidArgument("unknown preset \"\(messageText(name))\"; presets: \(names)")
        }
        var o = options
        if preset.isCarPlay { o.carPlay = true }
        try self.init(size: preset.size, safeArea: preset.safeArea, options: o)
    }

    // MARK: Geometry

    /// The safe width `W − S.left − S.right` in points.
    private var safeWidth: Double { size.width - safeArea.left - safeArea.right }

    /// Wide mode: `W − S.leading − S.trailing >= 600` (docs/behaviour.md#wide-mode).
    public var wideMode: Bool { NavigationMapView.isWideMode(size: size, safeArea: safeArea) }

    /// Whether a map view of `size` with `safeArea` insets (points) is in wide mode (docs/behaviour.md#wide-mode), without
    /// making one.
    public static func isWideMode(size: Size, safeArea: EdgeInsets) -> Bool {
        size.width - safeArea.left - safeArea.right >= 600
    }

    /// `min(360, (W − S.leading − S.trailing) × 0.45)` in points (docs/behaviour.md#wide-mode).
    public var wideCardWidth: Double { min(360, safeWidth * 0.45) }

    /// Applies the sizes of docs/behaviour.md#component-sizes that depend on the map size, safe area and wide mode.
    private func updateSizeDependentComponents() {
        let wide = wideMode
        let headerHeight = safeArea.top + NavigationStyleValues.headerNominalHeight
        turnCard.setFixedSize(width: wide ? wideCardWidth : safeWidth, height: headerHeight)
        etaCard.setFixedSize(width: wide ? wideCardWidth : size.width, height: 72 + safeArea.bottom)
        for p in prompts { p.setFixedSize(width: promptWidth, height: p.kind.height) }
    }

    private var promptWidth: Double { min(safeWidth, 480) }

    /// Resizes the map view (points; `safeArea` nil keeps the current insets). Component sizes and
    /// wide mode are updated first; then, in a navigation state, the delegate's
    /// `sizeChanged(navMap:newState:)` runs with a new state object (docs/behaviour.md#state-objects).
    /// - Throws: `invalidArgument` (nothing changes); `reentrant` from inside a callback;
    ///   `callbackFailed` when the delegate throws (the new size stays).
    public func setSize(_ newSize: Size, safeArea newSafeArea: EdgeInsets? = nil) throws {
        try checkNotInCallback("setSize")
        beginEvent()
        defer { endEvent() }
        let insets = newSafeArea ?? safeArea
        if newSize == size && insets == safeArea { return }
        try applySize(newSize, safeArea: insets)
        updateSizeDependentComponents()
        guard stateKind != .noNavigation else { return }
        let state = makeState(stateKind)
        uiState = state
        try runCallbacks { d, fail in if let d { fail(Result { try d.sizeChanged(navMap: self, newState: state) }) } }
    }

    // MARK: Delegate

    /// Sets the layout delegate; `nil` restores the built-in layout (docs/behaviour.md#setting-the-layout-delegate, docs/behaviour.md#built-in-layout). The map view
    /// keeps the delegate alive until it is replaced or the map view is invalidated.
    /// - Throws: `carPlay` for a CarPlay map view; `navigationEnabled` unless navigation is
    ///   disabled; `reentrant` from inside a callback. Nothing changes then.
    public func setLayoutDelegate(_ newDelegate: NavigationLayoutDelegate?) throws {
        try checkNotInCallback("setLayoutDelegate")
        if options.carPlay {
            throw NavLayoutError.carPlay("setLayoutDelegate: this map view was created for a CarPlay screen, which uses fixed layout templates")
        }
        if stateKind != .noNavigation {
            throw NavLayoutError.navigationEnabled("setLayoutDelegate must be called while navigation is disabled; disable navigation first")
        }
        delegate = newDelegate
    }

    /// The delegate set with `setLayoutDelegate(_:)`, if any.
    public var layoutDelegate: NavigationLayoutDelegate? { delegate }

    // MARK: Events (docs/behaviour.md#events-and-callbacks)

    /// Whether navigation is enabled.
    public var isNavigationEnabled: Bool { stateKind != .noNavigation }

    /// Enables navigation: the seed's `enableNavigation(with:)` spelling of
    /// `setNavigationEnabled(true)` (issue 16, item 9). NavLayout has no navigation-session
    /// object — the map view itself receives the session's events (`startGuidance()`,
    /// `triggerPrompt(_:)`, …) — so there is nothing to pass.
    /// - Throws: as `setNavigationEnabled(true)`: `invalidState` when navigation already is
    ///   enabled, `reentrant` from inside a callback (nothing changes then), `callbackFailed` when
    ///   `enableNavigationUI` throws (navigation is enabled all the same).
    public func enableNavigation() throws {
        try setNavigationEnabled(true)
    }

    /// Enables or disables navigation (docs/behaviour.md#navigation-state-machine). Enabling runs `enableNavigationUI`; disabling
    /// from active guidance first stops guidance (`hidePrompt` if a prompt is shown, then
    /// `stopGuidance`), then runs `disableNavigationUI`.
    /// - Throws: `invalidState` when navigation already is in the requested state (docs/behaviour.md#invalid-events-and-re-entrancy: not a
    ///   valid event there; nothing changes); `reentrant` from inside a callback (nothing
    ///   changes); `callbackFailed` when a callback throws (the transition still completes, and
    ///   every callback of it still runs).
    public func setNavigationEnabled(_ enabled: Bool) throws {
        try checkNotInCallback(enabled ? "enable navigation" : "disable navigation")
        beginEvent()
        defer { endEvent() }
        if enabled == isNavigationEnabled {
            throw NavLayoutError.invalidState("navigation is already \(enabled ? "enabled" : "disabled")")
        }
        if enabled {
            recordItemsBeforeNavigation()
            let state = makeReadyState()
            stateKind = .navigationReady
            uiState = state
            updateOwnCompass()
            try runCallbacks { d, fail in if let d { fail(Result { try d.enableNavigationUI(navMap: self, newState: state) }) } }
            return
        }
        defer { updateOwnCompass(); recordItemsLeftAfterNavigation() }
        try runCallbacks { d, fail in
            if stateKind == .activeGuidance { stopGuidanceSteps(d, fail) }
            let old = uiState as? NavigationReadyUIState ?? makeReadyState()
            stateKind = .noNavigation
            uiState = nil
            if let d { fail(Result { try d.disableNavigationUI(navMap: self, oldState: old) }) }
        }
    }

    /// Starts guidance: navigationReady → activeGuidance, `startGuidance(newState, oldState)`.
    /// - Throws: `invalidState` unless navigation is ready; `reentrant`; `callbackFailed`.
    public func startGuidance() throws {
        try checkNotInCallback("startGuidance")
        beginEvent()
        defer { endEvent() }
        guard stateKind == .navigationReady, let old = uiState as? NavigationReadyUIState else {
            throw NavLayoutError.invalidState("startGuidance needs the navigationReady state; the map view is in \(stateKind)")
        }
        let state = makeActiveState()
        stateKind = .activeGuidance
        uiState = state
        try runCallbacks { d, fail in if let d { fail(Result { try d.startGuidance(navMap: self, newState: state, oldState: old) }) } }
    }

    /// Stops guidance: `hidePrompt` if a prompt is shown, then `stopGuidance(newState, oldState)`.
    /// - Throws: `invalidState` unless in active guidance; `reentrant`; `callbackFailed`.
    public func stopGuidance() throws {
        try checkNotInCallback("stopGuidance")
        beginEvent()
        defer { endEvent() }
        guard stateKind == .activeGuidance else {
            throw NavLayoutError.invalidState("stopGuidance needs the activeGuidance state; the map view is in \(stateKind)")
        }
        try runCallbacks { d, fail in stopGuidanceSteps(d, fail) }
    }

    private func stopGuidanceSteps(_ d: NavigationLayoutDelegate?, _ fail: (Result<Void, Error>) -> Void) {
        if let prompt = currentPrompt {
            currentPrompt = nil
            if let d { fail(Result { try d.hidePrompt(navMap: self, oldPrompt: prompt) }) }
        }
        let old = uiState as? ActiveGuidanceUIState ?? makeActiveState()
        let state = makeReadyState()
        stateKind = .navigationReady
        uiState = state
        if let d { fail(Result { try d.stopGuidance(navMap: self, newState: state, oldState: old) }) }
    }

    /// A prompt of `kind` is triggered (docs/behaviour.md#prompt-events): `showPrompt(newPrompt)` when none is shown,
    /// otherwise `changePrompt(newPrompt, oldPrompt)`. With `shouldDisplayPrompts` false, every
    /// kind but `speedCamera` is suppressed: nothing happens and nothing is returned.
    /// - Returns: the new prompt view, or nil when suppressed.
    /// - Throws: `invalidState` outside active guidance; `reentrant`; `callbackFailed`.
    @discardableResult
    public func triggerPrompt(_ kind: NavigationPromptKind) throws -> NavigationPromptView? {
        try checkNotInCallback("triggerPrompt")
        beginEvent()
        defer { endEvent() }
        guard stateKind == .activeGuidance else {
            throw NavLayoutError.invalidState("prompts are triggered only during active guidance; the map view is in \(stateKind)")
        }
        if !shouldDisplayPrompts && kind != .speedCamera { return nil }
        // Old prompts that are neither shown nor in the hierarchy any more are let go (their
        // cycles with their own size constraints broken), so a long session does not accumulate
        // every prompt it ever showed (issue 8: memory stays flat; diagnostics stay O(shown)).
        prompts.removeAll { p in
            guard p !== currentPrompt, p.superview == nil else { return false }
            tearDown(p)
            return true
        }
        let prompt = NavigationPromptView(kind: kind)
        prompt.setFixedSize(width: promptWidth, height: kind.height)
        prompts.append(prompt)
        let old = currentPrompt
        currentPrompt = prompt
        try runCallbacks { d, fail in
            guard let d else { return }
            if let old {
                fail(Result { try d.changePrompt(navMap: self, newPrompt: prompt, oldPrompt: old) })
            } else {
                fail(Result { try d.showPrompt(navMap: self, newPrompt: prompt) })
            }
        }
        return prompt
    }

    /// The shown prompt is dismissed: `hidePrompt(oldPrompt)`.
    /// - Throws: `invalidState` when no prompt is shown; `reentrant`; `callbackFailed`.
    public func dismissPrompt() throws {
        try checkNotInCallback("dismissPrompt")
        beginEvent()
        defer { endEvent() }
        guard stateKind == .activeGuidance, let prompt = currentPrompt else {
            throw NavLayoutError.invalidState("dismissPrompt needs a prompt on screen during active guidance")
        }
        currentPrompt = nil
        try runCallbacks { d, fail in
            if let d { fail(Result { try d.hidePrompt(navMap: self, oldPrompt: prompt) }) }
        }
    }

    // MARK: Results

    /// The camera framing from the viewport's presented frame (docs/behaviour.md#camera-framing). With the built-in layout
    /// the legacy `padding` is added to the padding as `paddingAdjustmentBehavior` says (the
    /// camera frame shrinks by it, and the vehicle point is that frame's centre, docs/behaviour.md#built-in-layout-and-legacy-apis; see
    /// `builtInCameraFrame(viewportFrame:)`).
    public var camera: Camera {
        let frame = viewport.frame
        return Camera(viewport: delegate == nil ? builtInCameraFrame(viewportFrame: frame) : frame, mapSize: size)
    }

    /// The diagnostics of the current target layout (docs/behaviour.md#diagnostics). Performs a pending layout pass.
    /// Computed once per change: reading it again without a change returns the same list.
    public var diagnostics: [LayoutDiagnostic] { diagnostics(atLeast: .info) }

    /// The diagnostics of `minimumSeverity` and above (the rules below it are not evaluated), from
    /// the cache when it covers them. Performs a pending layout pass.
    func diagnostics(atLeast minimumSeverity: DiagnosticSeverity) -> [LayoutDiagnostic] {
        layoutIfNeeded()
        if let cached = diagnosticsCache, cached.minimumSeverity.rawValue <= minimumSeverity.rawValue,
           cached.revision == system_.revision
            // Only staleComponent (a warning) depends on the clock: errors stay valid across
            // clock steps that end animations.
            || (minimumSeverity == .error && cached.layoutRevision == system_.layoutRevision) {
            if cached.minimumSeverity == minimumSeverity { return cached.list }
            return cached.list.filter { $0.severity.rawValue >= minimumSeverity.rawValue }
        }
        let list = computeDiagnostics(minimumSeverity: minimumSeverity)
        diagnosticsComputations += 1
        diagnosticsCache = (system_.revision, system_.layoutRevision, minimumSeverity, list)
        return list
    }

    /// Releases the delegate and tears the hierarchy down: every constraint is deactivated and
    /// every view removed, which breaks the view ↔ constraint reference cycles so memory is
    /// freed. The map view must not be used afterwards (events throw `invalidState`).
    public func invalidate() {
        delegate = nil
        isInvalidated = true
        stateKind = .noNavigation
        uiState = nil
        currentPrompt = nil
        var all: [LayoutView] = []
        forEachView { all.append($0) }
        all.append(contentsOf: [googleLogo, viewport, compassButton, reportingButton, unknownButton,
                                turnCard, etaCard, tripProgressBar, speedWidget])
        all.append(contentsOf: prompts)
        for v in all { tearDown(v) }
        builtInLayout.tearDown { tearDown($0) }
        prompts = []
        ownCompassConstraints.removeAll()
        legacyGuides = [nil, nil, nil, nil]
        diagnosticsCache = nil
        reportedDiagnostics = []
        diagnosticHandler = { _, _ in }   // a handler may hold the map view
        stateExitRecord = StateExitRecord()
        breakReferenceCycles()
    }

    /// Tears down `view` and its subtree as `invalidate()` does (for views outside the hierarchy).
    package func tearDownView(_ view: LayoutView) { tearDown(view) }

    private func tearDown(_ view: LayoutView) {
        var views: [LayoutView] = []
        view.forEachView { views.append($0) }
        for v in views {
            LayoutConstraint.deactivate(v.installedConstraints)
            if let stack = v as? NavigationHidingStackView { stack.arrangedSubviews = [] }
        }
        for v in views.reversed() where v !== self { v.removeFromSuperview() }
        for v in views where v !== self {
            v.breakReferenceCycles()
            (v as? NavigationComponentView)?.dropOwnConstraints()
        }
    }

    public private(set) var isInvalidated = false

    // MARK: Internals

    /// Refuses an event on an invalidated map view (`invalidState`) or from inside a host callback
    /// (`reentrant`, docs/behaviour.md#invalid-events-and-re-entrancy).
    func checkNotInCallback(_ what: String) throws {
        if isInvalidated { throw NavLayoutError.invalidState("\(what): the map view was invalidated") }
        if isInHostCallback {
            throw NavLayoutError.reentrant("\(what) was called from inside a callback; events may not be sent while the map view is calling the host")
        }
    }

    /// Runs a transition's callbacks with the re-entrancy guard up. `body` reports each
    /// callback's result through `fail`; the first failure is thrown as `callbackFailed` once
    /// every step of the transition has run.
    private func runCallbacks(_ body: (NavigationLayoutDelegate?, (Result<Void, Error>) -> Void) -> Void) throws {
        // With no custom delegate the built-in layout receives the callbacks (docs/behaviour.md#built-in-layout).
        var failure: Error?
        // Records reported "once per transition" start afresh (docs/behaviour.md#built-in-layout-and-legacy-apis, docs/behaviour.md#diagnostics).
        system_.noteChange()
        defer { system_.noteChange() }
        legacyUses = []
        refusedCalls = []
        for c in allComponents + prompts { c.rejectedConstraints = [] }
        let target: NavigationLayoutDelegate = delegate ?? builtInLayout
        runHostCallback {
            body(target) { result in
                if case .failure(let e) = result, failure == nil { failure = e }
            }
        }
        if let failure { throw LayoutRootView.asCallbackFailure(failure, "layout delegate callback") }
    }

    private func makeButtons(_ kind: StateKind) -> [NavigationUIButton] {
        var buttons = [NavigationUIButton(type: .compass, view: compassButton)]
        if kind == .activeGuidance && isIncidentReportingEnabled {
            buttons.append(NavigationUIButton(type: .reporting, view: reportingButton))
        }
        if options.shuffleButtons {
            buttons.append(NavigationUIButton(type: .unknown(NavigationMapView.unknownButtonRawType), view: unknownButton))
            // A deterministic shuffle (Fisher–Yates driven by an LCG seeded per state) so tests
            // are reproducible; the order differs from the natural one and from state to state.
            shuffleCounter &+= 1
            var rng = shuffleCounter &* 6364136223846793005 &+ 1442695040888963407
            for i in stride(from: buttons.count - 1, to: 0, by: -1) {
                rng = rng &* 6364136223846793005 &+ 1442695040888963407
                let j = Int((rng >> 33) % UInt64(i + 1))
                buttons.swapAt(i, j)
            }
            if buttons.first?.type == .compass { buttons.append(buttons.removeFirst()) }
        }
        return buttons
    }

    private func makeReadyState() -> NavigationReadyUIState {
        NavigationReadyUIState(googleLogo: googleLogo, viewport: viewport, buttons: makeButtons(.navigationReady),
                               wideMode: wideMode, mapSize: size)
    }

    private func makeActiveState() -> ActiveGuidanceUIState {
        ActiveGuidanceUIState(googleLogo: googleLogo, viewport: viewport, buttons: makeButtons(.activeGuidance),
                              wideMode: wideMode, mapSize: size, turnCard: turnCard, etaCard: etaCard,
                              tripProgressBar: tripProgressBar, speedWidget: speedWidget)
    }

    private func makeState(_ kind: StateKind) -> NavigationUIState {
        kind == .activeGuidance ? makeActiveState() : makeReadyState()
    }
}

extension NavigationMapView.StateKind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noNavigation: return "noNavigation"
        case .navigationReady: return "navigationReady"
        case .activeGuidance: return "activeGuidance"
        }
    }
}
