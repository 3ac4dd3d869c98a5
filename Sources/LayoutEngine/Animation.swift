/// The timing curve of an animation block (docs/behaviour.md#timing-curves). Raw values equal `NL_CURVE_*`.
public enum AnimationCurve: Int32, Sendable {
    /// The cubic Bézier (0.42, 0, 0.58, 1), the default of an animation block (docs/behaviour.md#acceptance-values).
    case easeInOut = 0
    /// Constant speed.
    case linear = 1

    /// The eased progress for linear progress `t` in 0…1.
    public func progress(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeInOut: return CubicBezier.easeInOut.y(forX: t)
        }
    }
}

/// A CSS/Core Animation style timing curve from (0,0) to (1,1) with control points (x1,y1),
/// (x2,y2). `y(forX:)` solves x(s) = x for the curve parameter s (Newton's method with a bisection
/// fallback) and returns y(s).
public struct CubicBezier: Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }
    /// (0.42, 0, 0.58, 1): `kCAMediaTimingFunctionEaseInEaseOut`, the default curve (docs/behaviour.md#acceptance-values).
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    private func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(s) = 3(1-s)^2 s p1 + 3(1-s) s^2 p2 + s^3
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    private func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve's y for a given x in 0…1.
    public func y(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let err = coordinate(s, x1, x2) - x
            if abs(err) < 1e-12 { return coordinate(s, y1, y2) }
            let d = derivative(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<64 {
            let v = coordinate(s, x1, x2)
            if abs(v - x) < 1e-12 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return coordinate(s, y1, y2)
    }
}

/// A running frame animation of one item: from `from` at `start` to `to` at `start + duration`
/// (seconds of the map view's clock).
package struct FrameAnimation {
    package var from: Rect
    package var to: Rect
    package var start: Double
    package var duration: Double
    package var curve: AnimationCurve
    package var end: Double { start + duration }

    package func frame(at time: Double) -> Rect {
        let t = duration > 0 ? (time - start) / duration : 1
        return from.interpolated(to: to, progress: curve.progress(t))
    }
}

/// The animation block being recorded (docs/behaviour.md#animation).
package struct AnimationContext {
    package var duration: Double
    package var curve: AnimationCurve
}

/// A completion waiting for the clock to pass its block's end.
package struct PendingCompletion {
    package var end: Double
    package var serial: Int
    package var body: (Bool) throws -> Void
}
