import LayoutEngine
import NavigationUI

/// The SDK's map view (`GMSMapView` with navigation) over NavLayout's `NavigationMapView`
/// (`navigationMapView`): the root of the layout hierarchy, the navigation state machine and the
/// layout delegate's host, with the SDK's spellings — `setLayoutDelegate(_:)` throws where the SDK
/// throws; `isNavigationEnabled`, `navigator` and `settings` are properties that do not.
///
/// A map view made here owns its `NavigationMapView` and invalidates it when it is freed (the
/// delegate is released, the hierarchy torn down). Keep it alive while you use it, as an app keeps
/// its map view in a view controller: the delegate's `navMap` arguments are this object.
@MainActor
public final class GMSMapView: UIView {
    /// The NavLayout map view this wraps: send it the navigation session's events
    /// (`startGuidance()`, `triggerPrompt(_:)`, `advanceTime(by:)`, …) and read frames, camera and
    /// diagnostics from it.
    public let navigationMapView: NavigationMapView
    private let ownsMapView: Bool

    /// A map view of `frame.size` points with `safeAreaInsets` (the frame's origin is ignored:
    /// the map view is the root of its coordinate space). The SDK's map view takes its size and
    /// safe area from its window; NavLayout has none, so they are arguments here.
    /// `carPlay`: a map view for a CarPlay screen (`setLayoutDelegate(_:)` throws there).
    /// - Throws: `NavLayoutError.invalidArgument` for a size or inset that is NaN, infinite,
    ///   negative, above 10,000,000 pt or does not fit.
    public init(frame: CGRect, safeAreaInsets: UIEdgeInsets = .zero,
                layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight, carPlay: Bool = false) throws {
        let options = NavigationMapView.Options(carPlay: carPlay, layoutDirection: layoutDirection)
        navigationMapView = try NavigationMapView(size: Size(width: frame.width, height: frame.height),
                                                  safeArea: safeAreaInsets.insets, options: options)
        ownsMapView = true
        super.init(wrapping: navigationMapView)
    }

    /// A map view of a device preset of docs/behaviour.md#device-presets (`"iphone-portrait"`, …; `"carplay"` makes a
    /// CarPlay map view); nil for an unknown name.
    public init?(preset: String, layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight) {
        guard let map = try? NavigationMapView(preset: preset, options: .init(layoutDirection: layoutDirection)) else { return nil }
        navigationMapView = map
        ownsMapView = true
        super.init(wrapping: map)
    }

    /// Wraps a `NavigationMapView` made elsewhere, which stays its maker's to invalidate. Use the
    /// map view's existing wrapper when there is one (`superview` of a view in it gives it).
    public init(navigationMapView map: NavigationMapView) {
        navigationMapView = map
        ownsMapView = false
        super.init(wrapping: map)
    }

    deinit {
        if ownsMapView { navigationMapView.invalidate() }
    }

    // MARK: Geometry

    /// The map view's rectangle: origin zero, its size in points. Setting it resizes the map view
    /// (keeping the safe-area insets): components resize and, in a navigation state, the
    /// delegate's `sizeChanged(navMap:newState:)` runs. A bad size (or a resize from inside a
    /// callback) is refused.
    public override var frame: CGRect {
        get { CGRect(x: 0, y: 0, width: navigationMapView.size.width, height: navigationMapView.size.height) }
        set { setFrame(newValue, safeAreaInsets: safeAreaInsets) }
    }

    /// The safe-area insets in points (a device's notch and home indicator), as the host set them
    /// (no layout pass needed).
    public override var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(navigationMapView.safeArea) }

    /// Resizes the map view to `frame.size` with new safe-area insets (a rotation); as `frame`.
    public func setFrame(_ frame: CGRect, safeAreaInsets: UIEdgeInsets) {
        attempt("GMSMapView.setFrame(_:safeAreaInsets:)", items: [navigationMapView]) {
            try CallbackContext.with(self) {
                Result { try navigationMapView.setSize(Size(width: frame.width, height: frame.height), safeArea: safeAreaInsets.insets) }
            }.get()
        }
    }

    // MARK: Delegate and navigation

    /// Sets the layout delegate; `nil` restores the built-in layout. The map view keeps a strong
    /// reference to it.
    /// - Throws: as the SDK, when navigation is enabled (`NavLayoutError.navigationEnabled`) or
    ///   the map view is for CarPlay (`.carPlay`); from inside a callback, `.reentrant`.
    public func setLayoutDelegate(_ delegate: NavigationLayoutDelegate?) throws {
        let bridge = delegate.map { DelegateBridge(mapView: self, delegate: $0, holdsMapView: !ownsMapView) }
        try navigationMapView.setLayoutDelegate(bridge)
    }

    /// The delegate set with `setLayoutDelegate(_:)`, if any.
    public var layoutDelegate: NavigationLayoutDelegate? { (navigationMapView.layoutDelegate as? DelegateBridge)?.delegate }

    /// Whether navigation is enabled. Setting it enables or disables navigation (the delegate's
    /// `enableNavigationUI` / `disableNavigationUI` run; disabling during guidance stops guidance
    /// first); setting the current value does nothing. A change from inside a callback is
    /// refused (events may not be sent from inside one).
    public var isNavigationEnabled: Bool {
        get { navigationMapView.isNavigationEnabled }
        set {
            if newValue == navigationMapView.isNavigationEnabled { return }
            attempt("GMSMapView.isNavigationEnabled", items: [navigationMapView]) {
                try navigationMapView.setNavigationEnabled(newValue)
            }
        }
    }

    /// Enables navigation with a session (the seed's other spelling of `isNavigationEnabled =
    /// true`). NavLayout's map view receives the session's events itself, so the session carries
    /// nothing. Returns whether navigation is enabled afterwards (true also when it already was).
    @discardableResult
    public func enableNavigation(with session: GMSNavigationSession) -> Bool {
        isNavigationEnabled = true
        return navigationMapView.isNavigationEnabled
    }

    /// The navigator while navigation is enabled (nil otherwise, as the SDK's before
    /// `enableNavigation`).
    public var navigator: GMSNavigator? {
        navigationMapView.isNavigationEnabled ? GMSNavigator(mapView: self) : nil
    }

    /// The map's UI settings (compass, re-center button, the legacy slot switches).
    public var settings: GMSUISettings { GMSUISettings(mapView: self) }

    /// Whether the speed widget may show the current speed (default true); a change resizes the
    /// widget at once, with no delegate callback (docs/behaviour.md#sdk-components).
    public var shouldDisplaySpeedometer: Bool {
        get { navigationMapView.shouldDisplaySpeedometer }
        set { navigationMapView.shouldDisplaySpeedometer = newValue }
    }

    /// Whether the speed widget may show the speed limit (default true); as
    /// `shouldDisplaySpeedometer`.
    public var shouldDisplaySpeedLimit: Bool {
        get { navigationMapView.shouldDisplaySpeedLimit }
        set { navigationMapView.shouldDisplaySpeedLimit = newValue }
    }

    // MARK: Legacy slot APIs (docs/behaviour.md#built-in-layout: effective in the built-in layout, reported as
    // legacyAPIIgnored under a custom delegate)

    /// How the safe-area insets combine with `padding` in the built-in layout's camera
    /// (`.always`, `.automatic`, `.never`; default `.always`).
    public var paddingAdjustmentBehavior: GMSMapViewPaddingAdjustmentBehavior {
        get { navigationMapView.paddingAdjustmentBehavior }
        set { navigationMapView.paddingAdjustmentBehavior = newValue }
    }

    /// Tells the built-in layout that the header accessory view's size changed; refused when
    /// `view` is not the header accessory view (built-in layout only).
    public func invalidateLayout(forAccessoryView view: UIView) {
        attempt("GMSMapView.invalidateLayout(forAccessoryView:)", items: [navigationMapView, view.navLayoutView]) {
            try navigationMapView.invalidateLayout(forAccessoryView: view.navLayoutView)
        }
    }

    /// Extra camera padding in points in the built-in layout; a non-finite value is refused.
    public var padding: UIEdgeInsets {
        get { UIEdgeInsets(navigationMapView.padding) }
        set { attempt("GMSMapView.padding", items: [navigationMapView]) { try navigationMapView.setPadding(newValue.insets) } }
    }

    /// A host view under the turn card in the built-in layout (nil removes it); the map view, an
    /// SDK component or a view holding one is refused.
    public func setHeaderAccessoryView(_ view: UIView?) {
        attempt("GMSMapView.setHeaderAccessoryView(_:)", items: [navigationMapView] + (view.map { [$0.navLayoutView] } ?? [])) {
            try navigationMapView.setHeaderAccessoryView(view?.navLayoutView)
        }
        if let view { retain(view) }
    }

    /// The legacy header guide (the turn card's frame in the built-in layout).
    public var navigationHeaderLayoutGuide: UILayoutGuide { UILayoutGuide.wrapper(for: navigationMapView.navigationHeaderLayoutGuide) }
    /// The legacy footer guide (the ETA card's frame in the built-in layout).
    public var navigationFooterLayoutGuide: UILayoutGuide { UILayoutGuide.wrapper(for: navigationMapView.navigationFooterLayoutGuide) }
    /// The legacy bottom-trailing buttons guide.
    public var bottomTrailingButtonsLayoutGuide: UILayoutGuide { UILayoutGuide.wrapper(for: navigationMapView.bottomTrailingButtonsLayoutGuide) }
    /// The legacy alternate bottom-trailing buttons guide.
    public var bottomTrailingButtonsAlternateLayoutGuide: UILayoutGuide {
        UILayoutGuide.wrapper(for: navigationMapView.bottomTrailingButtonsAlternateLayoutGuide)
    }
}

/// The navigation session `enableNavigation(with:)` takes. NavLayout's map view receives the
/// session's events (guidance, prompts, speed data) itself; the object carries nothing.
public final class GMSNavigationSession: NSObject {}

/// Makes navigation sessions (the SDK's `GMSNavigationServices`).
public enum GMSNavigationServices {
    /// A new session; never nil in NavLayout (the SDK's is nil before the terms are accepted).
    public static func createNavigationSession() -> GMSNavigationSession? { GMSNavigationSession() }
}

/// The navigator of a map view with navigation enabled (the SDK's `GMSNavigator`): guidance and
/// prompts. A view of the map view's state: every navigator of one map view reads and changes
/// the same thing.
@MainActor
public final class GMSNavigator: NSObject {
    private unowned let mapView: GMSMapView
    init(mapView: GMSMapView) { self.mapView = mapView }

    /// Whether guidance runs. Setting it starts (`startGuidance`) or stops (`stopGuidance`)
    /// guidance; setting the current value does nothing; a change from inside a callback is
    /// refused.
    public var isGuidanceActive: Bool {
        get { mapView.navigationMapView.stateKind == .activeGuidance }
        set {
            let map = mapView.navigationMapView
            if newValue == isGuidanceActive { return }
            mapView.attempt("GMSNavigator.isGuidanceActive", items: [map]) {
                if newValue { try map.startGuidance() } else { try map.stopGuidance() }
            }
        }
    }

    /// When false, incident, traffic and better-route prompts are not shown (no callback);
    /// speed-camera warnings still are (docs/behaviour.md#prompt-events).
    public var shouldDisplayPrompts: Bool {
        get { mapView.navigationMapView.shouldDisplayPrompts }
        set { mapView.navigationMapView.shouldDisplayPrompts = newValue }
    }
}

/// The map view's UI settings (the SDK's `GMSUISettings`): the compass and the legacy slot
/// switches of the built-in layout. A view of the map view's state.
@MainActor
public final class GMSUISettings: NSObject {
    private unowned let mapView: GMSMapView
    init(mapView: GMSMapView) { self.mapView = mapView }
    private var map: NavigationMapView { mapView.navigationMapView }

    /// The map's own compass while navigation is disabled (with navigation the delegate decides).
    public var compassButton: Bool {
        get { map.isCompassButtonEnabled }
        set { map.isCompassButtonEnabled = newValue }
    }
    /// Whether the logo turns into the re-center button when the driver pans the map (default
    /// true).
    public var isRecenterButtonEnabled: Bool {
        get { map.isRecenterButtonEnabled }
        set { map.isRecenterButtonEnabled = newValue }
    }
    /// Legacy: the turn card in the built-in layout.
    public var isNavigationHeaderEnabled: Bool {
        get { map.isNavigationHeaderEnabled }
        set { map.isNavigationHeaderEnabled = newValue }
    }
    /// Legacy: the ETA card in the built-in layout.
    public var isNavigationFooterEnabled: Bool {
        get { map.isNavigationFooterEnabled }
        set { map.isNavigationFooterEnabled = newValue }
    }
    /// Legacy: the trip progress bar in the built-in layout.
    public var isNavigationTripProgressBarEnabled: Bool {
        get { map.isNavigationTripProgressBarEnabled }
        set { map.isNavigationTripProgressBarEnabled = newValue }
    }
    /// Legacy: the reporting button in the built-in layout.
    public var isNavigationReportIncidentButtonEnabled: Bool {
        get { map.isNavigationReportIncidentButtonEnabled }
        set { map.isNavigationReportIncidentButtonEnabled = newValue }
    }
}

/// Hands NavLayout's delegate callbacks to a `NavigationLayoutDelegate` of the UIKit spelling:
/// wraps the states and prompts, makes the map view current (for `UIView.animate` and refusal
/// reports) and runs the delegate on the main actor (the calling thread).
final class DelegateBridge: NavigationUI.NavigationLayoutDelegate {
    /// The map view (weak when it owns the NavLayout map view: freeing it invalidates that one).
    private weak var weakMapView: GMSMapView?
    /// Held strongly for a wrapper of a map view made elsewhere, whose maker invalidates it
    /// (which releases this bridge).
    private let strongMapView: GMSMapView?
    let delegate: NavigationLayoutDelegate

    init(mapView: GMSMapView, delegate: NavigationLayoutDelegate, holdsMapView: Bool) {
        weakMapView = mapView
        strongMapView = holdsMapView ? mapView : nil
        self.delegate = delegate
    }

    private func run(_ body: @MainActor (GMSMapView, NavigationLayoutDelegate) -> Void) {
        guard let mapView = strongMapView ?? weakMapView else { return }
        let delegate = self.delegate
        CallbackContext.with(mapView) { onMainActor { body(mapView, delegate) } }
    }

    func enableNavigationUI(navMap: NavigationMapView, newState: NavigationUI.NavigationReadyUIState) {
        run { m, d in d.enableNavigationUI(navMap: m, newState: NavigationReadyUIState(wrapping: newState)) }
    }
    func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationUI.NavigationReadyUIState) {
        run { m, d in d.disableNavigationUI(navMap: m, oldState: NavigationReadyUIState(wrapping: oldState)) }
    }
    func startGuidance(navMap: NavigationMapView, newState: NavigationUI.ActiveGuidanceUIState, oldState: NavigationUI.NavigationReadyUIState) {
        run { m, d in
            d.startGuidance(navMap: m, newState: ActiveGuidanceUIState(wrapping: newState), oldState: NavigationReadyUIState(wrapping: oldState))
        }
    }
    func stopGuidance(navMap: NavigationMapView, newState: NavigationUI.NavigationReadyUIState, oldState: NavigationUI.ActiveGuidanceUIState) {
        run { m, d in
            d.stopGuidance(navMap: m, newState: NavigationReadyUIState(wrapping: newState), oldState: ActiveGuidanceUIState(wrapping: oldState))
        }
    }
    func sizeChanged(navMap: NavigationMapView, newState: NavigationUI.NavigationUIState) {
        run { m, d in d.sizeChanged(navMap: m, newState: NavigationUIState.wrapper(for: newState)) }
    }
    func showPrompt(navMap: NavigationMapView, newPrompt: NavigationUI.NavigationPromptView) {
        run { m, d in d.showPrompt(navMap: m, newPrompt: NavigationPromptView.wrapper(for: newPrompt)) }
    }
    func hidePrompt(navMap: NavigationMapView, oldPrompt: NavigationUI.NavigationPromptView) {
        run { m, d in d.hidePrompt(navMap: m, oldPrompt: NavigationPromptView.wrapper(for: oldPrompt)) }
    }
    func changePrompt(navMap: NavigationMapView, newPrompt: NavigationUI.NavigationPromptView, oldPrompt: NavigationUI.NavigationPromptView) {
        run { m, d in
            d.changePrompt(navMap: m, newPrompt: NavigationPromptView.wrapper(for: newPrompt), oldPrompt: NavigationPromptView.wrapper(for: oldPrompt))
        }
    }
}

extension NavigationPromptView {
    /// The one wrapper of `prompt`.
    static func wrapper(for prompt: NavigationUI.NavigationPromptView) -> NavigationPromptView {
        (prompt.uikitWrapper as? NavigationPromptView) ?? NavigationPromptView(wrapping: prompt)
    }
}
