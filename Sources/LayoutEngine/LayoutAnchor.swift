import LayoutSolver

/// An untyped anchor: an item and one of its ten attributes (docs/behaviour.md#anchors). The C and Python bindings
/// use it; Swift code normally uses the typed anchors (`LayoutXAxisAnchor`, `LayoutYAxisAnchor`,
/// `LayoutDimension`), which make mixing axes a compile-time error as in UIKit.
public struct LayoutAnchor: CustomStringConvertible {
    public let item: LayoutItem
    public let attribute: LayoutAttribute
    /// Creates the anchor of `item` for `attribute`.
    public init(item: LayoutItem, attribute: LayoutAttribute) { self.item = item; self.attribute = attribute }

    public var description: String {
        let name = item.identifier.isEmpty ? (item.role ?? "unnamed") : messageText(item.identifier)
        return "\(name).\(attribute)"
    }

    /// Adds `scale ×` this anchor's value, as terms over the item's variables, to `terms`.
    /// `leading`/`trailing` resolve with `direction` (docs/behaviour.md#right-to-left-layout).
    func accumulate(into terms: inout [Term], scale: Double, direction: LayoutDirection) {
        let i = item
        switch attribute {
        case .left:
            terms.append(Term(i.minXVar, scale))
        case .right:
            terms.append(Term(i.minXVar, scale)); terms.append(Term(i.widthVar, scale))
        case .leading:
            terms.append(Term(i.minXVar, scale))
            if direction == .rightToLeft { terms.append(Term(i.widthVar, scale)) }
        case .trailing:
            terms.append(Term(i.minXVar, scale))
            if direction == .leftToRight { terms.append(Term(i.widthVar, scale)) }
        case .centerX:
            terms.append(Term(i.minXVar, scale)); terms.append(Term(i.widthVar, scale * 0.5))
        case .top:
            terms.append(Term(i.minYVar, scale))
        case .bottom:
            terms.append(Term(i.minYVar, scale)); terms.append(Term(i.heightVar, scale))
        case .centerY:
            terms.append(Term(i.minYVar, scale)); terms.append(Term(i.heightVar, scale * 0.5))
        case .width:
            terms.append(Term(i.widthVar, scale))
        case .height:
            terms.append(Term(i.heightVar, scale))
        }
    }

    /// The anchor's value in `frame` (points), resolving leading/trailing with `direction`.
    public func value(in frame: Rect, direction: LayoutDirection) -> Double {
        switch attribute {
        case .left: return frame.minX
        case .right: return frame.maxX
        case .leading: return direction == .leftToRight ? frame.minX : frame.maxX
        case .trailing: return direction == .leftToRight ? frame.maxX : frame.minX
        case .centerX: return frame.midX
        case .top: return frame.minY
        case .bottom: return frame.maxY
        case .centerY: return frame.midY
        case .width: return frame.width
        case .height: return frame.height
        }
    }
}

/// An x-axis anchor (`leading`, `trailing`, `left`, `right`, `centerX`).
public struct LayoutXAxisAnchor {
    public let anchor: LayoutAnchor
    init(_ anchor: LayoutAnchor) { self.anchor = anchor }
    /// `self == other + constant` (points), required until you change its priority.
    public func constraint(equalTo other: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .equal, other.anchor, 1, constant)
    }
    /// `self <= other + constant` (points).
    public func constraint(lessThanOrEqualTo other: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .lessThanOrEqual, other.anchor, 1, constant)
    }
    /// `self >= other + constant` (points).
    public func constraint(greaterThanOrEqualTo other: LayoutXAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .greaterThanOrEqual, other.anchor, 1, constant)
    }
}

/// A y-axis anchor (`top`, `bottom`, `centerY`).
public struct LayoutYAxisAnchor {
    public let anchor: LayoutAnchor
    init(_ anchor: LayoutAnchor) { self.anchor = anchor }
    /// `self == other + constant` (points).
    public func constraint(equalTo other: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .equal, other.anchor, 1, constant)
    }
    /// `self <= other + constant` (points).
    public func constraint(lessThanOrEqualTo other: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .lessThanOrEqual, other.anchor, 1, constant)
    }
    /// `self >= other + constant` (points).
    public func constraint(greaterThanOrEqualTo other: LayoutYAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .greaterThanOrEqual, other.anchor, 1, constant)
    }
}

/// A dimension anchor (`width`, `height`).
public struct LayoutDimension {
    public let anchor: LayoutAnchor
    init(_ anchor: LayoutAnchor) { self.anchor = anchor }
    /// `self == multiplier × other + constant` (points).
    public func constraint(equalTo other: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .equal, other.anchor, multiplier, constant)
    }
    /// `self <= multiplier × other + constant` (points).
    public func constraint(lessThanOrEqualTo other: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .lessThanOrEqual, other.anchor, multiplier, constant)
    }
    /// `self >= multiplier × other + constant` (points).
    public func constraint(greaterThanOrEqualTo other: LayoutDimension, multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .greaterThanOrEqual, other.anchor, multiplier, constant)
    }
    /// `self == constant` (points).
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .equal, nil, 1, constant)
    }
    /// `self <= constant` (points).
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .lessThanOrEqual, nil, 1, constant)
    }
    /// `self >= constant` (points).
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(unchecked: anchor, .greaterThanOrEqual, nil, 1, constant)
    }
}
