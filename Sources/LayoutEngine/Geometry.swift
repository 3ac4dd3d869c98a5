// Geometry and Auto Layout value types shared by every layer above the solver.
// Units: points (pt). Coordinates: origin at the map view's top-left, x right, y down (docs/behaviour.md#units-and-coordinates).

/// A point in the map view's coordinate space, in points.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    /// Creates a point; `x` and `y` are in points.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// A size in points.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    /// Creates a size; `width` and `height` are in points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(formatPoints(width)) × \(formatPoints(height))" }
}

/// A rectangle `(x, y, width, height)` in the map view's coordinate space, in points (docs/behaviour.md#units-and-coordinates).
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Creates a rectangle; all values in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var size: Size { Size(width: width, height: height) }
    /// The area in square points (zero for an empty or negative-size rectangle).
    public var area: Double { width > 0 && height > 0 ? width * height : 0 }
    /// The intersection of two rectangles, or `nil` when they do not overlap with positive area.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// Linear interpolation between `self` (progress 0) and `other` (progress 1).
    public func interpolated(to other: Rect, progress p: Double) -> Rect {
        Rect(x: x + (other.x - x) * p, y: y + (other.y - y) * p,
             width: width + (other.width - width) * p, height: height + (other.height - height) * p)
    }
    /// The rectangle with each value snapped to the 1/64-pt grid when within 1e-7 pt of it (see
    /// `snapToGrid(_:)`): what every reported frame is, solved or interpolated.
    package var snapped: Rect {
        Rect(x: snapToGrid(x), y: snapToGrid(y), width: snapToGrid(width), height: snapToGrid(height))
    }
    public var description: String {
        "(\(formatPoints(x)), \(formatPoints(y)), \(formatPoints(width)), \(formatPoints(height)))"
    }
}

/// Removes floating-point noise from a length in points without moving real values
/// (docs/behaviour.md#units-and-coordinates): a value within 1e-7 pt of a multiple of 1/64 pt
/// becomes that multiple (163.00000000000003 → 163, 791.9999999999999 → 792), and -0 becomes 0.
/// Other values are returned unchanged. Used for solved frames, interpolated (presented) frames
/// and the safe-area insets derived from frames.
package func snapToGrid(_ v: Double) -> Double {
    let s = (v * 64).rounded() / 64
    return (abs(s - v) < 1e-7 ? s : v) + 0.0  // + 0.0 turns -0.0 into 0.0
}

/// Edge insets in points: `top`, `left`, `bottom`, `right` (physical edges, not leading/trailing).
public struct EdgeInsets: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    /// Creates insets; all values in points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// The same inset on every edge.
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    public var description: String {
        "(top \(formatPoints(top)), left \(formatPoints(left)), bottom \(formatPoints(bottom)), right \(formatPoints(right)))"
    }
}

/// An Auto Layout priority, 1…1000 (docs/behaviour.md#priorities). 1000 is required; lower values are optional and
/// strictly hierarchical: a satisfied higher priority is never traded for any number of lower ones.
public struct LayoutPriority: RawRepresentable, Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Float
    /// Creates a priority; valid values are finite and in 1…1000 (checked where a priority is applied).
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// Creates a priority from a plain number.
    public init(_ value: Float) { self.rawValue = value }
    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(1000)
    /// 750: the default compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 250: the default content hugging.
    public static let defaultLow = LayoutPriority(250)
    /// 50: the level used for fitting-size computations.
    public static let fittingSizeLevel = LayoutPriority(50)
    public var isRequired: Bool { rawValue >= 1000 }
    /// Whether this is a usable priority: finite and in 1…1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public var description: String { formatPoints(Double(rawValue)) }
}

/// A layout axis.
public enum LayoutAxis: Int32, Sendable, CaseIterable {
    case horizontal = 0
    case vertical = 1
}

/// The direction leading and trailing anchors map to (docs/behaviour.md#right-to-left-layout): in left-to-right layout
/// `leading == left`; in right-to-left layout `leading == right` and `trailing == left`.
public enum LayoutDirection: Int32, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

/// The ten anchors of an item (docs/behaviour.md#anchors). Raw values equal the C header's `NL_ANCHOR_*`.
public enum LayoutAttribute: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case leading = 0, trailing, left, right, top, bottom, width, height, centerX, centerY

    /// The axis kind: x-axis position, y-axis position, or dimension.
    public enum Kind: Sendable { case xAxis, yAxis, dimension }

    public var kind: Kind {
        switch self {
        case .leading, .trailing, .left, .right, .centerX: return .xAxis
        case .top, .bottom, .centerY: return .yAxis
        case .width, .height: return .dimension
        }
    }

    /// The axis the attribute measures along.
    public var axis: LayoutAxis {
        switch self {
        case .leading, .trailing, .left, .right, .centerX, .width: return .horizontal
        case .top, .bottom, .centerY, .height: return .vertical
        }
    }

    public var description: String {
        switch self {
        case .leading: return "leading"
        case .trailing: return "trailing"
        case .left: return "left"
        case .right: return "right"
        case .top: return "top"
        case .bottom: return "bottom"
        case .width: return "width"
        case .height: return "height"
        case .centerX: return "centerX"
        case .centerY: return "centerY"
        }
    }
}

/// The relation of a constraint. Raw values equal the C header's `NL_EQUAL`, `NL_LESS_OR_EQUAL`,
/// `NL_GREATER_OR_EQUAL`.
public enum LayoutRelation: Int32, Sendable, CustomStringConvertible {
    case equal = 0
    case lessThanOrEqual = 1
    case greaterThanOrEqual = 2
    public var description: String {
        switch self {
        case .equal: return "=="
        case .lessThanOrEqual: return "<="
        case .greaterThanOrEqual: return ">="
        }
    }
}

/// Formats a number of points compactly for messages: integers without a fraction, others with
/// up to three decimals ("163", "196.5"). Foundation-free.
public func formatPoints(_ value: Double) -> String {
    if !value.isFinite { return "\(value)" }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 {
        return String(Int64(rounded))
    }
    var s = String(rounded)
    if s.hasSuffix(".0") { s.removeLast(2) }
    return s
}
