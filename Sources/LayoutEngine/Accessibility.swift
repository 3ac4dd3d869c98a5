/// What an accessibility element is and does (UIKit's `UIAccessibilityTraits`; issue 16 item 8).
/// VoiceOver announces the traits after the label ("Compass, button"). Raw values equal the C
/// header's `NL_ACCESSIBILITY_TRAIT_*` and Python's `navlayout.AccessibilityTraits`; they are
/// NavLayout's own bit values, not UIKit's.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt64
    /// Creates traits from raw bits; bits outside `AccessibilityTraits.all` mean nothing and are
    /// dropped where traits are applied to a view.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// A control that performs an action when activated (interactive).
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    /// A control that opens a link (interactive).
    public static let link = AccessibilityTraits(rawValue: 1 << 1)
    /// A picture.
    public static let image = AccessibilityTraits(rawValue: 1 << 2)
    /// Text that does not change and cannot be activated.
    public static let staticText = AccessibilityTraits(rawValue: 1 << 3)
    /// A heading that divides content into sections.
    public static let header = AccessibilityTraits(rawValue: 1 << 4)
    /// A control whose value swipes up and down change, such as a slider (interactive).
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 5)
    /// A value that changes often (a speedometer, a countdown).
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 6)
    /// A control that is disabled.
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 7)
    /// A selected item.
    public static let selected = AccessibilityTraits(rawValue: 1 << 8)
    /// Summary information read when the screen appears.
    public static let summaryElement = AccessibilityTraits(rawValue: 1 << 9)

    /// Every trait NavLayout knows (`NL_ACCESSIBILITY_TRAITS_ALL`).
    public static let all: AccessibilityTraits = [.button, .link, .image, .staticText, .header, .adjustable,
                                                   .updatesFrequently, .notEnabled, .selected, .summaryElement]
    /// The traits of a control a finger operates: `button`, `link`, `adjustable`. A host view with
    /// any of them is *interactive*: it must be at least 44 × 44 pt (`hitTargetTooSmall`) and
    /// have a label (`missingAccessibilityLabel`).
    public static let interactive: AccessibilityTraits = [.button, .link, .adjustable]

    /// Whether the traits include an interactive one (`button`, `link` or `adjustable`).
    public var isInteractive: Bool { !isDisjoint(with: .interactive) }

    private static let names: [(AccessibilityTraits, String)] = [
        (.button, "button"), (.link, "link"), (.image, "image"), (.staticText, "staticText"), (.header, "header"),
        (.adjustable, "adjustable"), (.updatesFrequently, "updatesFrequently"), (.notEnabled, "notEnabled"),
        (.selected, "selected"), (.summaryElement, "summaryElement"),
    ]

    /// The trait names in bit order, e.g. `"[button, image]"`; `"[]"` for none.
    public var description: String {
        "[" + AccessibilityTraits.names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}

/// What a view is for VoiceOver when the host set nothing: SDK components bring their own
/// (NavigationUI fills it), host views are not accessibility elements, as a plain `UIView`.
package struct AccessibilityDefaults {
    package var label: String?
    package var isElement: Bool
    package var traits: AccessibilityTraits
    package init(label: String?, isElement: Bool, traits: AccessibilityTraits) {
        self.label = label
        self.isElement = isElement
        self.traits = traits
    }
}

/// A view's accessibility attributes: what the host set (nil: not set) and where the defaults
/// come from.
package struct AccessibilityStorage {
    package var label: String?
    package var isElement: Bool?
    package var traits: AccessibilityTraits?
    /// The host's element order for this container (`accessibilityElements`), or nil.
    package var elements: [LayoutView]?
    /// The defaults when the host set nothing (nil: a plain view's — no label, not an element).
    package var defaults: (() -> AccessibilityDefaults)?
    /// The order in effect at a layout-system revision (every change that can alter the order
    /// bumps the revision: hierarchy, frames, hiding, these attributes).
    package var orderCache: AccessibilityOrderCache?
    package init() {}
}

/// The order in effect of a container as computed at one revision of one layout system.
package struct AccessibilityOrderCache {
    /// The system's `serial` (unique in the process), not a weak reference to it: a weak
    /// reference would put every layout system on Swift's slow reference-counting path (issue 19).
    let systemSerial: Int
    let revision: Int
    let order: [LayoutView]
}

extension LayoutView {
    private var accessibilityDefaults: AccessibilityDefaults {
        accessibilityStorage.defaults?() ?? AccessibilityDefaults(label: nil, isElement: false, traits: [])
    }

    /// What VoiceOver reads for the view (UIKit's `accessibilityLabel`). Host views have none
    /// until the host sets one; the SDK's components have their own (NavigationUI: e.g.
    /// `"Compass"`, `"Next maneuver"`, `"Re-center"` while the logo is the re-center button).
    /// Setting a label overrides a component's own (e.g. to localise it); setting `nil` restores
    /// it. An empty or blank label counts as none for `missingAccessibilityLabel`.
    public var accessibilityLabel: String? {
        get { accessibilityStorage.label ?? accessibilityDefaults.label }
        set { accessibilityStorage.label = newValue; system?.noteChange() }
    }

    /// Whether VoiceOver treats the view as one element (UIKit's `isAccessibilityElement`): it
    /// reads the view and does not look inside it (its subviews are hidden from VoiceOver).
    /// Default: false for host views, hiding stacks and the map view (containers), true for the
    /// SDK's components except the invisible viewport. Setting it overrides a component's own.
    public var isAccessibilityElement: Bool {
        get { accessibilityStorage.isElement ?? accessibilityDefaults.isElement }
        set { accessibilityStorage.isElement = newValue; system?.noteChange() }
    }

    /// The view's traits (UIKit's `accessibilityTraits`). Default none for host views; the SDK's
    /// components have their own (`button` for the buttons and the re-center button, `image` for
    /// the logo, …). Setting overrides a component's own; bits outside `AccessibilityTraits.all`
    /// are dropped. A host view with an interactive trait (`button`, `link`, `adjustable`) is
    /// checked by `hitTargetTooSmall` and `missingAccessibilityLabel`.
    public var accessibilityTraits: AccessibilityTraits {
        get { accessibilityStorage.traits ?? accessibilityDefaults.traits }
        set { accessibilityStorage.traits = newValue.intersection(.all); system?.noteChange() }
    }

    /// The order VoiceOver visits this container's elements in (UIKit's
    /// `accessibilityElements`, null-resettable): reading gives the order *in effect*, setting
    /// gives the host's order, and setting `nil` returns to the computed order.
    ///
    /// The order in effect holds each element VoiceOver can reach now once: views with
    /// `isAccessibilityElement` in this view's hierarchy, not hidden (nor any ancestor), with a
    /// positive-area target frame (points) that intersects the map view. With a host order, each
    /// entry in turn is itself (an element) or, for a container, the order in effect inside it.
    /// Without one, the order is computed (issue 16 item 8): the reachable elements of the
    /// subtree — not looking inside an element, and taking a descendant with its own host order
    /// as one group placed at its frame — sorted top to bottom by their target frame's top edge,
    /// then leading to trailing (left edge ascending in left-to-right layout, right edge descending
    /// in right-to-left), then in paint order; edges are compared to 0.001 pt. The setter ignores
    /// an invalid order: use `setAccessibilityElements(_:)` to get the error.
    public var accessibilityElements: [LayoutView]! {
        get { accessibilityOrder() }
        set { try? setAccessibilityElements(newValue) }
    }

    /// The host's order as set with `accessibilityElements` / `setAccessibilityElements(_:)`, or
    /// nil when the order is computed.
    public var customAccessibilityElements: [LayoutView]? { accessibilityStorage.elements }

    /// Sets the host's element order for this container; `nil` returns to the computed order
    /// (see `accessibilityElements`). The container keeps strong references to the views. Views
    /// not (yet) in the hierarchy may be listed: they count once they are reachable.
    /// - Throws: `invalidArgument` when the order lists a view twice, this view itself, or a map
    ///   view (nothing changes then).
    public func setAccessibilityElements(_ elements: [LayoutView]?) throws {
        if let elements {
            var seen = Set<ObjectIdentifier>()
            for e in elements {
                if e === self {
                    throw NavLayoutError.invalidArgument("the accessibility elements of \(displayName) cannot list \(displayName) itself")
                }
                if e.isRoot {
                    throw NavLayoutError.invalidArgument("\(e.displayName) is a map view and cannot be an accessibility element of \(displayName)")
                }
                if !seen.insert(ObjectIdentifier(e)).inserted {
                    throw NavLayoutError.invalidArgument("\(e.displayName) appears twice in the accessibility elements of \(displayName)")
                }
            }
        }
        accessibilityStorage.elements = elements
        system?.noteChange()
    }

    /// Whether VoiceOver can reach the view as an element now: an element in a laid-out
    /// hierarchy, visible, with a positive-area target frame that intersects the root's bounds.
    package var isReachableAccessibilityElement: Bool {
        guard isAccessibilityElement, isVisibleInHierarchy, let root = system?.root else { return false }
        let f = targetFrame
        guard f.area > 0 else { return false }
        return f.intersection(Rect(x: 0, y: 0, width: root.size.width, height: root.size.height)) != nil
    }

    /// The order in effect (see `accessibilityElements`). An element that several host orders
    /// list (or a host order and the computed order) is visited once, at its first place.
    package func accessibilityOrder() -> [LayoutView] {
        // Lay out first: a pass changes the revision the order is cached at.
        system?.layoutIfNeeded()
        if let system, let cache = accessibilityStorage.orderCache, cache.systemSerial == system.serial, cache.revision == system.revision {
            return cache.order
        }
        var visiting = Set<ObjectIdentifier>()
        var seen = Set<ObjectIdentifier>()
        let order = accessibilityOrder(visiting: &visiting).filter { seen.insert(ObjectIdentifier($0)).inserted }
        if let system { accessibilityStorage.orderCache = AccessibilityOrderCache(systemSerial: system.serial, revision: system.revision, order: order) }
        return order
    }

    /// `visiting` holds the containers being expanded, so that host orders that list each other
    /// (A lists B, B lists A) end instead of recursing forever: a container already being
    /// expanded contributes nothing the second time.
    private func accessibilityOrder(visiting: inout Set<ObjectIdentifier>) -> [LayoutView] {
        guard visiting.insert(ObjectIdentifier(self)).inserted else { return [] }
        defer { visiting.remove(ObjectIdentifier(self)) }
        if let custom = accessibilityStorage.elements {
            var out: [LayoutView] = []
            for e in custom where e.system != nil && e.system === system {
                if e.isAccessibilityElement {
                    if e.isReachableAccessibilityElement { out.append(e) }
                } else if e.isVisibleInHierarchy {
                    out += e.accessibilityOrder(visiting: &visiting)
                }
            }
            return out
        }
        // Units in paint order: an element, or a group (a descendant with its own host order).
        var units: [(view: LayoutView, members: [LayoutView])] = []
        func collect(_ v: LayoutView) {
            for s in v.subviews where !s.isHidden {
                if s.isAccessibilityElement {
                    if s.isReachableAccessibilityElement { units.append((s, [s])) }
                } else if s.accessibilityStorage.elements != nil {
                    let members = s.accessibilityOrder(visiting: &visiting)
                    if !members.isEmpty { units.append((s, members)) }
                } else {
                    collect(s)
                }
            }
        }
        collect(self)
        let rightToLeft = system?.direction == .rightToLeft
        func key(_ v: LayoutView) -> (Double, Double) {
            let f = v.targetFrame
            let top = (f.minY * 1000).rounded()
            let leading = rightToLeft ? -(f.maxX * 1000).rounded() : (f.minX * 1000).rounded()
            return (top, leading)
        }
        let keyed = units.enumerated().map { (key: key($0.element.view), index: $0.offset, members: $0.element.members) }
        return keyed.sorted { ($0.key.0, $0.key.1, $0.index) < ($1.key.0, $1.key.1, $1.index) }.flatMap(\.members)
    }
}
