import LayoutEngine

/// The kinds of prompt (docs/behaviour.md#component-sizes). Raw values equal `NL_PROMPT_*`.
public enum NavigationPromptKind: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case incident = 0, speedCamera, traffic, betterRoute

    /// The prompt's height in points (docs/behaviour.md#component-sizes: incident 120, speedCamera 96, traffic 120,
    /// betterRoute 152).
    public var height: Double {
        switch self {
        case .incident: return 120
        case .speedCamera: return 96
        case .traffic: return 120
        case .betterRoute: return 152
        }
    }

    public var description: String {
        switch self {
        case .incident: return "incident"
        case .speedCamera: return "speedCamera"
        case .traffic: return "traffic"
        case .betterRoute: return "betterRoute"
        }
    }
}

/// What the speed widget shows (docs/behaviour.md#speed-widget-and-re-center-button). Raw values equal `NL_SPEED_WIDGET_*`.
public enum SpeedWidgetMode: Int32, Sendable, CaseIterable {
    case none = 0, speedometer, speedLimit, both

    /// The widget's size in points (docs/behaviour.md#component-sizes: none 0 × 0; one reading 64 × 64; both 64 × 136).
    public var size: Size {
        switch self {
        case .none: return Size(width: 0, height: 0)
        case .speedometer, .speedLimit: return Size(width: 64, height: 64)
        case .both: return Size(width: 64, height: 136)
        }
    }
}

/// A button type (docs/behaviour.md#buttons). Known raw values equal `NL_BUTTON_COMPASS` (1) and
/// `NL_BUTTON_REPORTING` (2); any other value is a type a future SDK adds.
public enum NavigationButtonType: Equatable, Hashable, Sendable, CustomStringConvertible {
    case compass
    case reporting
    case unknown(Int32)

    public init(rawValue: Int32) {
        switch rawValue {
        case 1: self = .compass
        case 2: self = .reporting
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int32 {
        switch self {
        case .compass: return 1
        case .reporting: return 2
        case .unknown(let v): return v
        }
    }

    public var description: String {
        switch self {
        case .compass: return "compass"
        case .reporting: return "reporting"
        case .unknown(let v): return "unknown(\(v))"
        }
    }
}

/// The seed's name for the known button types.
public typealias NavigationButtonKnownType = NavigationButtonType

/// A button of a navigation state: its type and its view (docs/behaviour.md#buttons). Delegates find buttons by
/// type, never by index.
public struct NavigationUIButton {
    public let type: NavigationButtonType
    public let view: LayoutView
}

/// The prompt corners to round (docs/behaviour.md#prompts-and-corner-masks). Raw values equal `NL_CORNER_*`.
public struct RoundedCorners: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = RoundedCorners(rawValue: 1)
    public static let layerMaxXMinYCorner = RoundedCorners(rawValue: 2)
    public static let layerMinXMaxYCorner = RoundedCorners(rawValue: 4)
    public static let layerMaxXMaxYCorner = RoundedCorners(rawValue: 8)
    /// The default: the two top corners (docs/behaviour.md#prompts-and-corner-masks).
    public static let top: RoundedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    public static let all: RoundedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// A view the SDK provides (docs/behaviour.md#sdk-components). The delegate may add it to the hierarchy and position it,
/// but its size is the engine's: fixed sizes are required constraints the map view owns. Its
/// internal view structure is the SDK's (issue 16): adding a subview or a layout guide to a
/// component throws `invalidArgument`, so the only items inside a component a host can reach
/// are its built-in `layoutMarginsGuide` and `safeAreaLayoutGuide`.
public class NavigationComponentView: LayoutView {
    private var fixedWidth: LayoutConstraint?
    private var fixedHeight: LayoutConstraint?

    init(role: String, margins: Double) {
        super.init(identifier: role, initialFrame: .zero)
        self.role = role
        layoutMargins = EdgeInsets(all: margins)
        hostConstraintFilter = { [unowned self] c in self.refuses(c) }
        // The seed: "don't modify internal view structures" of the SDK's components (issue 16).
        sealedStructureReason = "\(role) is an SDK component and its internal view structure is the SDK's; add your view to the map view (or to a container of your own) and anchor it to the component, e.g. to its layoutMarginsGuide"
        installSDKAccessibility()
    }

    /// Host constraints refused since the last navigation transition because they constrain a
    /// size this component fixes (docs/behaviour.md#component-sizes); reported as `sizeConstraintOnFixedComponent`. Reset
    /// by every transition; single-threaded like all item state (see `LayoutItem`).
    @exclusivity(unchecked) var rejectedConstraints: [LayoutConstraint] = []

    /// Teardown (issue 8): drops the component's own size constraints (they hold the component).
    package func dropOwnConstraints() {
        fixedWidth = nil
        fixedHeight = nil
        rejectedConstraints.removeAll()
    }

    private func refuses(_ c: LayoutConstraint) -> Bool {
        let fixed: Bool
        switch c.firstAnchor.attribute {
        case .width: fixed = fixedSize.width != nil
        case .height: fixed = fixedSize.height != nil
        default: fixed = false
        }
        if fixed { rejectedConstraints.append(c); system?.noteChange() }
        return fixed
    }

    /// The fixed size the SDK gives this component: (width, height) in points, `nil` on an axis
    /// the delegate sizes (the viewport, the trip progress bar's height).
    public private(set) var fixedSize: (width: Double?, height: Double?) = (nil, nil)

    /// Applies the component's size (docs/behaviour.md#component-sizes) as required constraints it owns; a change updates
    /// their constants in place. While the component is outside any hierarchy its reported frame
    /// keeps the origin and takes the new size ("arrives already sized", docs/behaviour.md#prompt-events).
    func setFixedSize(width: Double?, height: Double?) {
        fixedSize = (width, height)
        fixedWidth = update(fixedWidth, .width, width)
        fixedHeight = update(fixedHeight, .height, height)
        if system == nil {
            solvedFrame = Rect(x: solvedFrame.x, y: solvedFrame.y, width: width ?? solvedFrame.width, height: height ?? solvedFrame.height)
        }
    }

    private func update(_ c: LayoutConstraint?, _ attribute: LayoutAttribute, _ value: Double?) -> LayoutConstraint? {
        guard let value else { c?.deactivate(); return nil }
        if let c { try? c.setConstant(value); return c }
        let n = LayoutConstraint(unchecked: anchor(attribute), .equal, nil, 1, value)
        n.engineKind = .componentSize
        n.install(on: self)
        return n
    }
}

/// A prompt (docs/behaviour.md#prompt-events, docs/behaviour.md#component-sizes): arrives sized (`min(W − S.leading − S.trailing, 480)` × the kind's
/// height), with rounded corners the delegate may choose.
public final class NavigationPromptView: NavigationComponentView {
    public let kind: NavigationPromptKind
    /// Which corners are rounded (default: the two top corners, docs/behaviour.md#prompts-and-corner-masks).
    public var roundedCorners: RoundedCorners = .top

    init(kind: NavigationPromptKind) {
        self.kind = kind
        super.init(role: "prompt", margins: 8)
        identifier = "\(kind)Prompt"
    }
}
