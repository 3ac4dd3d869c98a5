import LayoutEngine
import NavigationUI

/// The SDK's hiding stack (`GMSNavigationHidingStackView`, docs/behaviour.md#hiding-stack): arranges
/// `arrangedSubviews` vertically, each at its own size at the leading or trailing edge, and hides
/// them from the end of the array when the stack is too short. Do not set `isHidden` on the views
/// it manages.
@MainActor
public final class GMSNavigationHidingStackView: UIView {
    /// Where the stack packs its views: `.top`, `.center`, `.bottom` (the first arranged view at
    /// the bottom).
    public typealias Position = StackPosition
    /// The edge the views sit at: `.leading`, `.trailing`.
    public typealias Alignment = StackAlignment

    /// The NavLayout stack this wraps.
    public let navLayoutStack: NavigationHidingStackView

    /// Creates a stack; add it to the hierarchy and constrain its edges.
    public convenience init(position: Position, alignment: Alignment) {
        self.init(wrapping: NavigationHidingStackView(position: position, alignment: alignment))
    }

    init(wrapping stack: NavigationHidingStackView) {
        navLayoutStack = stack
        super.init(wrapping: stack)
    }

    /// The views the stack arranges, first to last. Setting it adds the new ones as subviews in
    /// order and removes the old ones that are not in the new array. A view listed twice, the
    /// stack itself, one of its ancestors or a map view is refused (nothing changes).
    public var arrangedSubviews: [UIView] {
        get { navLayoutStack.arrangedSubviews.map(UIView.wrapper(for:)) }
        set {
            attempt("GMSNavigationHidingStackView.arrangedSubviews", items: [navLayoutView]) {
                try navLayoutStack.setArrangedSubviews(newValue.map(\.navLayoutView))
            }
            for v in newValue { retain(v) }
        }
    }

    /// The vertical gap between arranged views in points (default 8); a NaN, infinite or negative
    /// value is refused.
    public var spacing: CGFloat {
        get { navLayoutStack.spacing }
        set { attempt("GMSNavigationHidingStackView.spacing", items: [navLayoutView]) { try navLayoutStack.setSpacing(newValue) } }
    }
}

/// A prompt the SDK hands to `showPrompt` / `changePrompt` (docs/behaviour.md#prompt-events, docs/behaviour.md#sdk-components): it arrives sized, and the
/// delegate animates it in and out.
@MainActor
public final class NavigationPromptView: UIView {
    /// The NavLayout prompt this wraps.
    public let navLayoutPrompt: NavigationUI.NavigationPromptView

    init(wrapping prompt: NavigationUI.NavigationPromptView) {
        navLayoutPrompt = prompt
        super.init(wrapping: prompt)
    }

    /// Which corners are rounded (default the two top ones; the seed rounds all four for a prompt
    /// above other content).
    public var roundedCorners: CACornerMask {
        get { navLayoutPrompt.roundedCorners }
        set { navLayoutPrompt.roundedCorners = newValue }
    }

    /// What the prompt is about (`.incident`, `.speedCamera`, `.traffic`, `.betterRoute`).
    public var kind: NavigationPromptKind { navLayoutPrompt.kind }
}

/// A button of a navigation state: its type and its view (docs/behaviour.md#buttons). Find buttons by `type`, never
/// by index.
public struct NavigationUIButton {
    /// `.compass`, `.reporting`, or a type a later SDK adds.
    public let type: NavigationButtonKnownType
    /// The button's view.
    public let view: UIView

    public init(type: NavigationButtonKnownType, view: UIView) {
        self.type = type
        self.view = view
    }
}

/// What every navigation state hands the delegate (docs/behaviour.md#state-objects), read-only: the logo, the viewport,
/// the buttons, wide mode and the map size.
@MainActor
public class NavigationUIState: NSObject {
    /// The NavLayout state this wraps.
    public let navLayoutState: NavigationUI.NavigationUIState

    init(wrapping state: NavigationUI.NavigationUIState) {
        navLayoutState = state
        super.init()
    }

    static func wrapper(for state: NavigationUI.NavigationUIState) -> NavigationUIState {
        switch state {
        case let s as NavigationUI.ActiveGuidanceUIState: return ActiveGuidanceUIState(wrapping: s)
        case let s as NavigationUI.NavigationReadyUIState: return NavigationReadyUIState(wrapping: s)
        default: return NavigationUIState(wrapping: state)
        }
    }


    /// The mandatory logo; it turns into the re-center button after a pan (docs/behaviour.md#speed-widget-and-re-center-button).
    public var googleLogo: UIView { UIView.wrapper(for: navLayoutState.googleLogo) }
    /// The invisible view whose frame is the camera frame (docs/behaviour.md#camera-framing).
    public var viewport: UIView { UIView.wrapper(for: navLayoutState.viewport) }
    /// The state's buttons; find them by `type`.
    public var buttons: [NavigationUIButton] {
        navLayoutState.buttons.map { NavigationUIButton(type: $0.type, view: UIView.wrapper(for: $0.view)) }
    }
    /// Whether the map is wide enough for the side-by-side variant (docs/behaviour.md#wide-mode).
    public var wideMode: Bool { navLayoutState.wideMode }
    /// The map view's size in points when the state was made.
    public var mapSize: CGSize { CGSize(width: navLayoutState.mapSize.width, height: navLayoutState.mapSize.height) }
}

/// The navigation-ready state (buttons: the compass).
@MainActor
public final class NavigationReadyUIState: NavigationUIState {}

/// The active-guidance state: adds the cards, the trip progress bar and the speed widget.
@MainActor
public final class ActiveGuidanceUIState: NavigationUIState {
    private let active: NavigationUI.ActiveGuidanceUIState

    init(wrapping state: NavigationUI.ActiveGuidanceUIState) {
        active = state
        super.init(wrapping: state)
    }
    /// The header banner: next maneuver, distance, lanes.
    public var turnCard: UIView { UIView.wrapper(for: active.turnCard) }
    /// The footer banner: arrival time, time and distance left.
    public var etaCard: UIView { UIView.wrapper(for: active.etaCard) }
    /// The vertical trip progress bar.
    public var tripProgressBar: UIView { UIView.wrapper(for: active.tripProgressBar) }
    /// The speedometer / speed limit widget (resizes between its four modes with no callback).
    public var speedWidget: UIView { UIView.wrapper(for: active.speedWidget) }
}

/// The layout delegate (the seed's `NavigationLayoutDelegate`): set it with
/// `GMSMapView.setLayoutDelegate(_:)` before enabling navigation. Every method has an empty
/// default. The methods do not throw, as the SDK's; what NavLayout would refuse inside them is
/// reported as `callRefused` diagnostics.
@MainActor
public protocol NavigationLayoutDelegate: AnyObject {
    /// Navigation was enabled: lay out the navigation-ready state.
    func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState)
    /// Navigation was disabled: remove every view and guide the delegate added, prompts included.
    func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState)
    /// Guidance started: replace the ready layout with the active-guidance one.
    func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState)
    /// Guidance stopped: remove the active-guidance views and restore the ready layout.
    func stopGuidance(navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState)
    /// The map's size or safe area changed in a navigation state; `newState.wideMode` is current.
    func sizeChanged(navMap: GMSMapView, newState: NavigationUIState)
    /// A prompt appears (none was shown).
    func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView)
    /// The shown prompt goes away.
    func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView)
    /// A prompt replaces the shown one.
    func changePrompt(navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView)
}

public extension NavigationLayoutDelegate {
    func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {}
    func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {}
    func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) {}
    func stopGuidance(navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) {}
    func sizeChanged(navMap: GMSMapView, newState: NavigationUIState) {}
    func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {}
    func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {}
    func changePrompt(navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView) {}
}
