import LayoutEngine

/// UIKit's `NSLayoutConstraint` over a NavLayout constraint (`layoutConstraint`):
/// `first REL multiplier × second + constant` at a priority 1…1000. Made by the anchors'
/// `constraint(…)` methods, inactive until activated.
///
/// Nothing here throws, as in UIKit. Where UIKit raises an exception (activating constraints
/// between views without a common ancestor, switching an active constraint between required and
/// optional) or NavLayout refuses a value (a NaN constant, a priority outside 1…1000), the call
/// is refused: that constraint stays as it was and a `callRefused` diagnostic reports it (issue
/// 16 item 10).
@MainActor
public final class NSLayoutConstraint: NSObject {
    /// The axis of a priority (`.horizontal`, `.vertical`).
    public typealias Axis = LayoutAxis
    /// `.equal`, `.lessThanOrEqual`, `.greaterThanOrEqual`.
    public typealias Relation = LayoutRelation

    /// The NavLayout constraint this wraps.
    public let layoutConstraint: LayoutConstraint

    init(_ constraint: LayoutConstraint) {
        layoutConstraint = constraint
        super.init()
    }

    /// The items the constraint relates (for refusal reports).
    private var items: [LayoutItem] {
        [layoutConstraint.firstAnchor.item] + (layoutConstraint.secondAnchor.map { [$0.item] } ?? [])
    }

    /// The constant in points. On an active constraint the change reaches the layout at the next
    /// pass (inside an animation block: animated). A NaN, infinite or out-of-range value (beyond
    /// ±10,000,000 pt) is refused.
    public var constant: CGFloat {
        get { layoutConstraint.constant }
        set { attempt("NSLayoutConstraint.constant", items: items) { try layoutConstraint.setConstant(newValue) } }
    }

    /// The priority, 1…1000 (`.required` by default). Refused outside 1…1000, and for an active
    /// constraint switching between required and optional (UIKit raises an exception there).
    public var priority: UILayoutPriority {
        get { layoutConstraint.priority }
        set { attempt("NSLayoutConstraint.priority", items: items) { try layoutConstraint.setPriority(newValue) } }
    }

    /// Whether the constraint is active; setting activates or deactivates it (as `activate(_:)`).
    public var isActive: Bool {
        get { layoutConstraint.isActive }
        set { if newValue { NSLayoutConstraint.activate([self]) } else { NSLayoutConstraint.deactivate([self]) } }
    }

    /// A name shown in diagnostics (nil when empty).
    public var identifier: String? {
        get { layoutConstraint.identifier.isEmpty ? nil : layoutConstraint.identifier }
        set { layoutConstraint.identifier = newValue ?? "" }
    }

    /// The multiplier of the second anchor (1 for the anchor methods without one).
    public var multiplier: CGFloat { layoutConstraint.multiplier }

    /// The relation.
    public var relation: Relation { layoutConstraint.relation }

    /// The first item: a `UIView` or a `UILayoutGuide`.
    public var firstItem: AnyObject? { NSLayoutConstraint.wrapper(of: layoutConstraint.firstAnchor.item) }

    /// The second item, nil for a constant-only dimension constraint.
    public var secondItem: AnyObject? { layoutConstraint.secondAnchor.map { NSLayoutConstraint.wrapper(of: $0.item) } ?? nil }

    private static func wrapper(of item: LayoutItem) -> AnyObject? {
        if let v = item as? LayoutView { return UIView.wrapper(for: v) }
        if let g = item as? LayoutGuide { return UILayoutGuide.wrapper(for: g) }
        return nil
    }

    /// Activates each constraint (UIKit's `activate(_:)`: the same as setting `isActive` on each).
    /// All of them go in at once when they can; otherwise each that can is activated and each that
    /// cannot (items without a common ancestor, a guide owned by no view, leading/trailing related
    /// to left/right) is refused alone. A width or height constraint on a size the SDK fixes stays
    /// inactive and is reported as `sizeConstraintOnFixedComponent` (docs/behaviour.md#component-sizes).
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        let all = constraints.map(\.layoutConstraint)
        do {
            try LayoutConstraint.activate(all)
        } catch {
            for c in constraints {
                c.attempt("NSLayoutConstraint.activate", items: c.items) { try c.layoutConstraint.activate() }
            }
        }
    }

    /// Deactivates each constraint (inactive ones are skipped).
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        LayoutConstraint.deactivate(constraints.map(\.layoutConstraint))
    }

    /// Readable text, e.g. `turnCard.top == map.top @250`.
    public var description: String { layoutConstraint.description }

    /// Reports a refusal naming this constraint too.
    private func attempt(_ call: String, items: [LayoutItem], _ body: () throws -> Void) {
        do { try body() } catch { reportRefused("\(call) (\(layoutConstraint))", error, items: items, constraints: [layoutConstraint]) }
    }
}
