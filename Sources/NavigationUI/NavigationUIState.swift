import LayoutEngine

/// A read-only snapshot of a navigation state handed to delegate callbacks (docs/behaviour.md#state-objects). Every
/// navigation state has the logo, the viewport, buttons, wide mode and the map size.
public class NavigationUIState {
    /// The mandatory logo; turns into the re-center button after a map pan (docs/behaviour.md#speed-widget-and-re-center-button).
    public let googleLogo: LayoutView
    /// The invisible view whose frame is the camera frame (docs/behaviour.md#camera-framing).
    public let viewport: LayoutView
    /// The state's buttons. Find them by `type`; never rely on indices (docs/behaviour.md#buttons).
    public let buttons: [NavigationUIButton]
    /// Whether the map is wide enough for the side-by-side variant (docs/behaviour.md#wide-mode).
    public let wideMode: Bool
    /// The map view's size in points when the state was made.
    public let mapSize: Size

    init(googleLogo: LayoutView, viewport: LayoutView, buttons: [NavigationUIButton], wideMode: Bool, mapSize: Size) {
        self.googleLogo = googleLogo
        self.viewport = viewport
        self.buttons = buttons
        self.wideMode = wideMode
        self.mapSize = mapSize
    }

    /// The view of the first button of `type`, if the state has one.
    public func button(_ type: NavigationButtonType) -> LayoutView? {
        buttons.first { $0.type == type }?.view
    }
}

/// The navigation-ready state (docs/behaviour.md#state-objects): buttons `[compass]`.
public final class NavigationReadyUIState: NavigationUIState {}

/// The active-guidance state (docs/behaviour.md#state-objects): adds the cards, the trip progress bar and the speed
/// widget; buttons `[compass, reporting]` (reporting while incident reporting is enabled).
public final class ActiveGuidanceUIState: NavigationUIState {
    public let turnCard: LayoutView
    public let etaCard: LayoutView
    public let tripProgressBar: LayoutView
    public let speedWidget: LayoutView

    init(googleLogo: LayoutView, viewport: LayoutView, buttons: [NavigationUIButton], wideMode: Bool, mapSize: Size,
         turnCard: LayoutView, etaCard: LayoutView, tripProgressBar: LayoutView, speedWidget: LayoutView) {
        self.turnCard = turnCard
        self.etaCard = etaCard
        self.tripProgressBar = tripProgressBar
        self.speedWidget = speedWidget
        super.init(googleLogo: googleLogo, viewport: viewport, buttons: buttons, wideMode: wideMode, mapSize: mapSize)
    }
}

/// The host's layout delegate (the seed's `NavigationLayoutDelegate`, docs/behaviour.md#navigation-state-machine). Every method is
/// optional (the extension gives empty defaults) and may throw: a callback that throws does not
/// undo the transition, and the event that ran it throws `NavLayoutError.callbackFailed`.
/// The map view keeps the delegate alive (strong reference) until it is replaced or the map view
/// is invalidated.
public protocol NavigationLayoutDelegate: AnyObject {
    /// Navigation was enabled: lay out the navigation-ready state.
    func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws
    /// Navigation was disabled: remove every view and guide the delegate added, prompts included.
    func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws
    /// Guidance started: replace the ready layout with the active-guidance one.
    func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws
    /// Guidance stopped: remove the active-guidance views and restore the ready layout.
    func stopGuidance(navMap: NavigationMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) throws
    /// The map's size or safe area changed in a navigation state; `newState.wideMode` is current.
    func sizeChanged(navMap: NavigationMapView, newState: NavigationUIState) throws
    /// A prompt appears (none was shown).
    func showPrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView) throws
    /// The shown prompt goes away.
    func hidePrompt(navMap: NavigationMapView, oldPrompt: NavigationPromptView) throws
    /// A prompt replaces the shown one.
    func changePrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView) throws
}

public extension NavigationLayoutDelegate {
    func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws {}
    func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws {}
    func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {}
    func stopGuidance(navMap: NavigationMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) throws {}
    func sizeChanged(navMap: NavigationMapView, newState: NavigationUIState) throws {}
    func showPrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView) throws {}
    func hidePrompt(navMap: NavigationMapView, oldPrompt: NavigationPromptView) throws {}
    func changePrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView) throws {}
}

/// A device's map size and safe-area insets (docs/behaviour.md#device-presets), in points.
public struct DevicePreset: Sendable {
    public let name: String
    public let size: Size
    /// Safe-area insets as (top, left, bottom, right); docs/behaviour.md#device-presets lists them as (top, leading,
    /// bottom, trailing) for a left-to-right device.
    public let safeArea: EdgeInsets
    public let isCarPlay: Bool

    /// The presets of docs/behaviour.md#device-presets.
    public static let all: [DevicePreset] = [
        DevicePreset(name: "iphone-portrait", size: Size(width: 393, height: 852), safeArea: EdgeInsets(top: 59, left: 0, bottom: 34, right: 0), isCarPlay: false),
        DevicePreset(name: "iphone-landscape", size: Size(width: 852, height: 393), safeArea: EdgeInsets(top: 0, left: 59, bottom: 21, right: 59), isCarPlay: false),
        DevicePreset(name: "iphone-se", size: Size(width: 375, height: 667), safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0), isCarPlay: false),
        DevicePreset(name: "ipad-portrait", size: Size(width: 820, height: 1180), safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0), isCarPlay: false),
        DevicePreset(name: "ipad-split", size: Size(width: 320, height: 1180), safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0), isCarPlay: false),
        DevicePreset(name: "carplay", size: Size(width: 800, height: 480), safeArea: .zero, isCarPlay: true),
    ]

    /// The preset called `name`, or nil.
    public static func named(_ name: String) -> DevicePreset? { all.first { $0.name == name } }
}

/// The camera framing derived from the viewport (docs/behaviour.md#camera-framing), in points.
public struct Camera: Equatable, Sendable {
    /// The viewport's frame: the camera frame.
    public let viewport: Rect
    /// `(top: vp.minY, left: vp.minX, bottom: H − vp.maxY, right: W − vp.maxX)`.
    public let padding: EdgeInsets
    /// The viewport's center, where the vehicle is drawn.
    public let vehiclePoint: Point

    public init(viewport: Rect, mapSize: Size) {
        self.viewport = viewport
        padding = EdgeInsets(top: viewport.minY, left: viewport.minX,
                             bottom: mapSize.height - viewport.maxY, right: mapSize.width - viewport.maxX)
        vehiclePoint = Point(x: viewport.midX, y: viewport.midY)
    }
}
