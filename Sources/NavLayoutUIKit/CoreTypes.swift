// NavLayoutUIKit: the SDK's and UIKit's spellings on top of NavLayout (issue 16 item 10), so that a
// layout delegate written for the iOS navigation SDK compiles with `import NavLayoutUIKit` in place
// of `import GoogleNavigation` and `import UIKit`. Standard library only (no Foundation).
//
// This file: the value types and base class UIKit code uses everywhere (Foundation's and Core
// Graphics' names, in points and seconds).

import LayoutEngine
import NavigationUI

/// Foundation's seconds type. NavLayout's clocks and durations are `Double` seconds.
public typealias TimeInterval = Double

/// Core Graphics' scalar: points, as `Double` (NavLayout works in `Double` points throughout).
public typealias CGFloat = Double

/// A plain base class standing in for Objective-C's `NSObject` (a delegate may subclass it, as the
/// seed's sample does). Equality and hashing are by identity, as `NSObject`'s default `isEqual`.
open class NSObject: Hashable {
    public init() {}

    public static func == (a: NSObject, b: NSObject) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A point in points (Core Graphics' `CGPoint`).
public struct CGPoint: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let zero = CGPoint(x: 0, y: 0)
    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// A size in points (Core Graphics' `CGSize`).
public struct CGSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: CGFloat
    public var height: CGFloat
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    public static let zero = CGSize(width: 0, height: 0)
    public var description: String { "(\(formatPoints(width)), \(formatPoints(height)))" }
}

/// A rectangle in points, origin at the top-left, y down (Core Graphics' `CGRect` as UIKit uses
/// it).
public struct CGRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var origin: CGPoint
    public var size: CGSize
    public init(origin: CGPoint, size: CGSize) { self.origin = origin; self.size = size }
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }
    public static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)
    public var width: CGFloat { size.width }
    public var height: CGFloat { size.height }
    public var minX: CGFloat { origin.x }
    public var minY: CGFloat { origin.y }
    public var midX: CGFloat { origin.x + size.width / 2 }
    public var midY: CGFloat { origin.y + size.height / 2 }
    public var maxX: CGFloat { origin.x + size.width }
    public var maxY: CGFloat { origin.y + size.height }
    public var description: String {
        "(\(formatPoints(origin.x)), \(formatPoints(origin.y)), \(formatPoints(size.width)), \(formatPoints(size.height)))"
    }

    init(_ r: Rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
    var rect: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

/// Insets in points on the physical edges (UIKit's `UIEdgeInsets`).
public struct UIEdgeInsets: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    public var description: String { "\(insets)" }

    init(_ e: EdgeInsets) { self.init(top: e.top, left: e.left, bottom: e.bottom, right: e.right) }
    var insets: EdgeInsets { EdgeInsets(top: top, left: left, bottom: bottom, right: right) }
}

/// A constraint priority, 1…1000 (`.required`, `.defaultHigh`, `.defaultLow`,
/// `.fittingSizeLevel`, or `UILayoutPriority(rawValue:)`).
public typealias UILayoutPriority = LayoutPriority

/// The corners of a prompt to round (Core Animation's `CACornerMask`: `.layerMinXMinYCorner`, …).
public typealias CACornerMask = RoundedCorners

/// UIKit's accessibility traits (`.button`, `.image`, …; issue 16 item 8).
public typealias UIAccessibilityTraits = AccessibilityTraits

/// Reading direction of the map view (UIKit's `UIUserInterfaceLayoutDirection`).
public typealias UIUserInterfaceLayoutDirection = LayoutDirection

/// The known button types of a navigation state (`.compass`, `.reporting`).
public typealias NavigationButtonKnownType = NavigationButtonType

/// The SDK's style measurements in points (`NavigationStyleValues.headerTopPadding`, …).
public typealias NavigationStyleValues = NavigationUI.NavigationStyleValues

/// How the safe-area insets combine with the legacy `padding` (`.always`, `.automatic`, `.never`).
public typealias GMSMapViewPaddingAdjustmentBehavior = PaddingAdjustmentBehavior
