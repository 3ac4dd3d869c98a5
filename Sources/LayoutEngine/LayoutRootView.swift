import LayoutSolver

/// The root of a layout hierarchy: a view of a given size at the origin, with a safe area, its
/// own layout system (one long-lived solver), a clock for animations and a guard against
/// re-entrant host callbacks. `NavigationMapView` is one.
open class LayoutRootView: LayoutView {
    // Read by every event and C call; single-threaded like all item state (see `LayoutItem`).
    @exclusivity(unchecked) package private(set) var system_: LayoutSystem!
    /// The root's size in points.
    public private(set) var size: Size
    /// The safe-area insets in points (physical edges).
    public private(set) var safeArea: EdgeInsets
    /// How leading/trailing anchors map to left/right (docs/behaviour.md#right-to-left-layout). Fixed at creation.
    public let layoutDirection: LayoutDirection
    private var rootConstraints: [LayoutConstraint] = []
    /// Depth of host callbacks currently running (delegate methods, animation blocks, completions).
    @exclusivity(unchecked) package private(set) var hostCallbackDepth = 0

    /// Creates a root view of `size` with `safeArea` insets.
    /// - Throws: `invalidArgument` for non-finite or negative sizes/insets, or insets larger than
    ///   the size.
    public init(identifier: String = "map", size: Size, safeArea: EdgeInsets = .zero,
                layoutDirection: LayoutDirection = .leftToRight) throws {
        try LayoutRootView.validate(size: size, safeArea: safeArea)
        self.size = size
        self.safeArea = safeArea
        self.layoutDirection = layoutDirection
        super.init(identifier: identifier, initialFrame: Rect(x: 0, y: 0, width: size.width, height: size.height))
        let system = LayoutSystem(root: self, direction: layoutDirection)
        system_ = system
        system.register(self)
        func pin(_ a: LayoutAttribute, _ value: Double) -> LayoutConstraint {
            let c = LayoutConstraint(unchecked: anchor(a), .equal, nil, 1, value)
            c.engineKind = .mapFrame
            c.install(on: self)
            return c
        }
        rootConstraints = [pin(.left, 0), pin(.top, 0), pin(.width, size.width), pin(.height, size.height)]
        applySafeAreaInsets(safeArea)
        _ = safeAreaLayoutGuide
    }

    package override var isRoot: Bool { true }

    package override func breakReferenceCycles() {
        super.breakReferenceCycles()
        rootConstraints.removeAll()
        system_.tearDown()
    }

    package static func validate(size: Size, safeArea: EdgeInsets) throws {
        for (v, name) in [(size.width, "width"), (size.height, "height")] {
            if !v.isFinite || v < 0 || v > LayoutLimits.maxPoints { throw NavLayoutError.invalidArgument("map \(name) \(v) must be a number of points in 0…\(formatPoints(LayoutLimits.maxPoints))") }
        }
        for (v, name) in [(safeArea.top, "top"), (safeArea.left, "left"), (safeArea.bottom, "bottom"), (safeArea.right, "right")] {
            if !v.isFinite || v < 0 || v > LayoutLimits.maxPoints { throw NavLayoutError.invalidArgument("safe-area \(name) inset \(v) must be a number of points in 0…\(formatPoints(LayoutLimits.maxPoints))") }
        }
        if safeArea.left + safeArea.right > size.width || safeArea.top + safeArea.bottom > size.height {
            throw NavLayoutError.invalidArgument("safe-area insets \(safeArea) do not fit in \(size)")
        }
    }

    /// Changes the root's size and safe area (points). Constraint constants are updated in place.
    /// - Throws: `invalidArgument` as for `init`; nothing changes then.
    package func applySize(_ newSize: Size, safeArea newSafeArea: EdgeInsets) throws {
        try LayoutRootView.validate(size: newSize, safeArea: newSafeArea)
        size = newSize
        safeArea = newSafeArea
        try? rootConstraints[2].setConstant(newSize.width)
        try? rootConstraints[3].setConstant(newSize.height)
        // The other views' safe areas depend on the map's size and insets too: the pass that these
        // changes cause derives them again (LayoutSystem.updateSafeAreaInsets).
        applySafeAreaInsets(newSafeArea)
    }

    /// Called after a direct subview was removed from the root (the map view watches for its
    /// legacy header accessory view being removed by the host).
    package var subviewRemovedHandler: ((LayoutView) -> Void)?

    package override func didRemoveSubview(_ view: LayoutView) { subviewRemovedHandler?(view) }

    /// Called after every layout pass that ran (and at the end of `advanceTime(by:)`): a point
    /// where something new may have appeared. The map view reports new diagnostics there
    /// (issue 14); the root itself does nothing.
    package var checkpointObserver: (() -> Void)?

    package func diagnosticCheckpoint() { checkpointObserver?() }

    /// Whether a host callback is running (events are refused then, docs/behaviour.md#invalid-events-and-re-entrancy).
    public var isInHostCallback: Bool { hostCallbackDepth > 0 }

    /// Runs host code with the re-entrancy guard up.
    package func runHostCallback<T>(_ body: () throws -> T) rethrows -> T {
        hostCallbackDepth += 1
        defer { hostCallbackDepth -= 1 }
        return try body()
    }

    /// The current time of the map view's clock, in seconds since creation (docs/behaviour.md#clock-and-completions).
    public var currentTime: Double { system_.time }

    /// Runs `animations` as an animation block of `duration` seconds (docs/behaviour.md#animation): changes made
    /// before the block are laid out first (without animation), so the block starts from the
    /// frames on screen; constraint changes made inside it are laid out at the end of the block (calling `layoutIfNeeded()` inside it
    /// has the same effect), and every item whose frame changes moves from its presented frame to
    /// the new one along `curve`. `completion(true)` runs when `advanceTime(by:)` passes the
    /// block's end, even if nothing moved.
    /// - Throws: `invalidArgument` for a NaN, infinite or negative duration, or one above
    ///   `LayoutLimits.maxSeconds` (1e7 s) (the block does not
    ///   run); `callbackFailed` when `animations` throws — the changes it made before throwing are
    ///   still laid out and the completion still scheduled.
    public func animate(withDuration duration: Double, curve: AnimationCurve = .easeInOut,
                        animations: () throws -> Void, completion: ((Bool) throws -> Void)? = nil) throws {
        guard duration.isFinite, duration >= 0, duration <= LayoutLimits.maxSeconds else {
            throw NavLayoutError.invalidArgument("animation duration \(duration) must be a finite number of seconds in [0, 1e7]")
        }
        let system = system_!
        // docs/behaviour.md#animation: the engine records the frames *before* the block — lay out what changed
        // before it (outside any block, so those changes are not animated).
        if system.animationContext == nil { system.layoutIfNeeded() }
        let outer = system.animationContext
        system.animationContext = AnimationContext(duration: duration, curve: curve)
        var failure: Error?
        do { try runHostCallback(animations) } catch { failure = error }
        system.layoutIfNeeded()
        system.animationContext = outer
        if let completion {
            system.scheduleCompletion(after: duration) { [unowned self] finished in
                try self.runHostCallback { try completion(finished) }
            }
        }
        if let failure { throw LayoutRootView.asCallbackFailure(failure, "animation block") }
    }

    /// Advances the clock by `seconds` (docs/behaviour.md#clock-and-completions): animations that end are finished, and the
    /// completions whose block ended run, in order of end time.
    /// - Throws: `invalidArgument` for NaN, infinite or negative `seconds`, a step above
    ///   `LayoutLimits.maxSeconds` (1e7 s) or one that would take the clock past
    ///   `LayoutLimits.maxClock` (1e10 s) — nothing changes; `reentrant` from inside a host
    ///   callback; `callbackFailed` when a completion throws (the others still run).
    public func advanceTime(by seconds: Double) throws {
        guard seconds.isFinite, seconds >= 0, seconds <= LayoutLimits.maxSeconds else {
            throw NavLayoutError.invalidArgument("time step \(seconds) must be a finite number of seconds in [0, 1e7]")
        }
        guard system_.time + seconds <= LayoutLimits.maxClock else {
            throw NavLayoutError.invalidArgument("time step \(seconds) would take the clock (\(system_.time) s) past 1e10 s")
        }
        if isInHostCallback { throw NavLayoutError.reentrant("advanceTime(by:) called from inside a callback") }
        let due = system_.advanceClock(by: seconds)
        var failure: Error?
        for c in due {
            do { try c.body(true) } catch { if failure == nil { failure = error } }
        }
        // Animations that ended and completions that ran may change what is reported.
        diagnosticCheckpoint()
        if let failure { throw LayoutRootView.asCallbackFailure(failure, "animation completion") }
    }

    package static func asCallbackFailure(_ error: Error, _ what: String) -> NavLayoutError {
        if let e = error as? NavLayoutError, case .callbackFailed = e { return e }
        if let e = error as? NavLayoutError { return .callbackFailed("\(what) failed: \(e.message)") }
        return .callbackFailed("\(what) failed: \(error)")
    }
}
