import LayoutEngine

/// UIKit's `UILayoutGuide` over a NavLayout guide (`navLayoutGuide`): an invisible rectangle a
/// view owns, for anchoring. One wrapper per guide, as for views.
@MainActor
open class UILayoutGuide: Hashable {
    /// The NavLayout guide this wraps.
    public let navLayoutGuide: LayoutGuide

    /// Creates a guide; add it to a view with `addLayoutGuide(_:)`.
    public init() {
        navLayoutGuide = LayoutGuide()
        navLayoutGuide.uikitWrapper = self
    }

    init(wrapping guide: LayoutGuide) {
        navLayoutGuide = guide
        guide.uikitWrapper = self
    }

    /// Identity, as `NSObject`'s.
    public nonisolated static func == (a: UILayoutGuide, b: UILayoutGuide) -> Bool { a === b }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The one wrapper of `guide`.
    static func wrapper(for guide: LayoutGuide) -> UILayoutGuide {
        (guide.uikitWrapper as? UILayoutGuide) ?? UILayoutGuide(wrapping: guide)
    }

    /// The name diagnostics use for the guide.
    public var identifier: String {
        get { navLayoutGuide.identifier }
        set { navLayoutGuide.identifier = newValue }
    }

    /// The view that owns the guide, if any.
    public var owningView: UIView? { navLayoutGuide.owningView.map(UIView.wrapper(for:)) }

    /// The guide's rectangle from the last layout pass (points, map view space).
    public var layoutFrame: CGRect { CGRect(navLayoutGuide.solvedFrame) }

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutGuide.leadingAnchor) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutGuide.trailingAnchor) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutGuide.leftAnchor) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutGuide.rightAnchor) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutGuide.centerXAnchor) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(navLayoutGuide.topAnchor) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(navLayoutGuide.bottomAnchor) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(navLayoutGuide.centerYAnchor) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(navLayoutGuide.widthAnchor) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(navLayoutGuide.heightAnchor) }
}

/// An x-axis anchor (`leadingAnchor`, `trailingAnchor`, `leftAnchor`, `rightAnchor`,
/// `centerXAnchor`). Each method makes an inactive, required constraint `self REL other +
/// constant` (points); activate it with `NSLayoutConstraint.activate(_:)` or `isActive`.
@MainActor
public struct NSLayoutXAxisAnchor {
    let base: LayoutXAxisAnchor
    init(_ base: LayoutXAxisAnchor) { self.base = base }

    public func constraint(equalTo anchor: NSLayoutXAxisAnchor, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(equalTo: anchor.base, constant: c))
    }
    public func constraint(lessThanOrEqualTo anchor: NSLayoutXAxisAnchor, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(lessThanOrEqualTo: anchor.base, constant: c))
    }
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutXAxisAnchor, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(greaterThanOrEqualTo: anchor.base, constant: c))
    }
}

/// A y-axis anchor (`topAnchor`, `bottomAnchor`, `centerYAnchor`); as `NSLayoutXAxisAnchor`.
@MainActor
public struct NSLayoutYAxisAnchor {
    let base: LayoutYAxisAnchor
    init(_ base: LayoutYAxisAnchor) { self.base = base }

    public func constraint(equalTo anchor: NSLayoutYAxisAnchor, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(equalTo: anchor.base, constant: c))
    }
    public func constraint(lessThanOrEqualTo anchor: NSLayoutYAxisAnchor, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(lessThanOrEqualTo: anchor.base, constant: c))
    }
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutYAxisAnchor, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(greaterThanOrEqualTo: anchor.base, constant: c))
    }
}

/// A dimension anchor (`widthAnchor`, `heightAnchor`): `self REL multiplier × other + constant`
/// or `self REL constant` (points).
@MainActor
public struct NSLayoutDimension {
    let base: LayoutDimension
    init(_ base: LayoutDimension) { self.base = base }

    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat = 1, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(equalTo: anchor.base, multiplier: m, constant: c))
    }
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat = 1, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(lessThanOrEqualTo: anchor.base, multiplier: m, constant: c))
    }
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat = 1, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(greaterThanOrEqualTo: anchor.base, multiplier: m, constant: c))
    }
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(equalToConstant: c))
    }
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(lessThanOrEqualToConstant: c))
    }
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(base.constraint(greaterThanOrEqualToConstant: c))
    }
}
