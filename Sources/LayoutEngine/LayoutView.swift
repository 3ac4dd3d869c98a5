import LayoutSolver

/// A rectangle in the layout hierarchy (Auto Layout's `UIView`, docs/behaviour.md#views-and-layout-guides): a superview, ordered
/// subviews (later ones are above earlier ones in z-order), layout guides, an optional intrinsic
/// content size with hugging and compression-resistance priorities, layout margins and a hidden
/// flag. Frames are in the map view's coordinate space.
open class LayoutView: LayoutItem {
    /// Use for an axis without an intrinsic size (`NL_NO_INTRINSIC_METRIC`).
    public static let noIntrinsicMetric: Double = -1

    // The hierarchy bookkeeping below is read on every activation and layout pass; like all of
    // the item's state it is single-threaded and never accessed overlapping (see `LayoutItem`),
    // so it carries no run-time exclusivity checks.
    /// `unowned`, not `weak` (issue 19: the target of a weak reference takes Swift's slow,
    /// side-table path on every retain and release, and views are retained all the time). It
    /// keeps the values a weak reference would have: `addSubview` sets it and lists the view in
    /// the superview's `subviews`, `removeFromSuperview` clears both, and a view that goes while
    /// it still has subviews clears theirs (`deinit`). The same holds for the other references to
    /// views that used to be weak: a guide's `owningView`, a constraint's `installedOn`, a view's
    /// `managingStack` (see `deinit` and `NavigationHidingStackView.deinit`).
    @exclusivity(unchecked) public internal(set) unowned var superview: LayoutView?
    @exclusivity(unchecked) public internal(set) var subviews: [LayoutView] = []
    /// Guides added with `addLayoutGuide(_:)` (not the built-in safe-area and margins guides).
    @exclusivity(unchecked) public internal(set) var layoutGuides: [LayoutGuide] = []

    /// Active constraints whose nearest common ancestor is this view.
    @exclusivity(unchecked) package var installedConstraints: [LayoutConstraint] = []
    /// Distance from the root of this view's tree (0 for a view without a superview). Keeps
    /// ancestor queries proportional to the distance between the views, not to the depth of the
    /// tree (a deep hierarchy would otherwise make every activation cost O(depth)).
    @exclusivity(unchecked) package private(set) var depth = 0

    @exclusivity(unchecked) private var userHidden = false
    /// Whether the view hides what is under it (docs/behaviour.md#viewportobstructed: host views are opaque unless marked
    /// otherwise). Used by the `viewportObstructed` and `overlap` diagnostics; hiding stacks and
    /// layout guides never count as opaque.
    public var isOpaque = true { didSet { system?.noteChange() } }
    /// Accessibility label, traits, element flag and element order (Accessibility.swift).
    @exclusivity(unchecked) package var accessibilityStorage = AccessibilityStorage()
    /// Set by a hiding stack that manages this view.
    @exclusivity(unchecked) package var stackHidden = false
    /// The hiding stack that arranges this view, if any. Unowned (see `superview`): the stack
    /// lists the view in its arranged views while it is set, and clears it when the view leaves
    /// them or the stack goes; `managingStackIdentifier` tells the stack, as it goes, whether it
    /// is still the one (it cannot read this reference to itself then).
    package var managingStack: NavigationHidingStackView? {
        get { managingStackStorage }
        set {
            managingStackStorage = newValue
            managingStackIdentifier = newValue.map { ObjectIdentifier($0) }
        }
    }
    @exclusivity(unchecked) private unowned var managingStackStorage: NavigationHidingStackView?
    @exclusivity(unchecked) package private(set) var managingStackIdentifier: ObjectIdentifier?
    /// Set when a host sets `isHidden` on a view a hiding stack manages (docs/behaviour.md#hiding-stack).
    package var hiddenSetWhileStacked = false
    /// Where the last hierarchy walk of the diagnostics (NavigationUI's `HierarchyWalk`) saw this
    /// view; meaningful only while `walk.token` is that walk's token. Kept on the view instead of
    /// in a dictionary of the walk (issue 19: hashing every view at every report).
    @exclusivity(unchecked) package var walkMark = HierarchyWalkMark()

    /// `walkMark` when `token` made it, else nil (a call instead of a copy of the mark, whose token
    /// reference would be retained and released at every question of a walk).
    package func walkEntry(for token: AnyObject) -> (index: Int, end: Int, visible: Bool)? {
        walkMark.token === token ? (walkMark.index, walkMark.end, walkMark.visible) : nil
    }

    /// Whether `token`'s walk saw this view.
    package func isMarked(by token: AnyObject) -> Bool { walkMark.token === token }

    private var intrinsicSize = Size(width: LayoutView.noIntrinsicMetric, height: LayoutView.noIntrinsicMetric)
    private var hugging: [LayoutPriority] = [.defaultLow, .defaultLow]
    private var compression: [LayoutPriority] = [.defaultHigh, .defaultHigh]
    /// Engine-owned intrinsic-size constraints per axis: (size >= s @compression, size <= s @hugging).
    private var intrinsicConstraints: [(LayoutConstraint, LayoutConstraint)?] = [nil, nil]

    private var marginsStorage = EdgeInsets(all: 8)
    @exclusivity(unchecked) private var marginsGuideStorage: LayoutGuide?
    private var marginsConstraints: [LayoutConstraint] = []
    @exclusivity(unchecked) private var safeAreaGuideStorage: LayoutGuide?
    private var safeAreaConstraints: [LayoutConstraint] = []
    /// The safe-area insets the built-in guides' constraints use now: for the map view the
    /// host's insets; for any other view the ones derived from its frame at the last layout round
    /// (`LayoutSystem.updateSafeAreaInsets`, docs/behaviour.md#views-and-layout-guides).
    @exclusivity(unchecked) package private(set) var appliedSafeAreaInsets = EdgeInsets.zero
    private var marginsFromSafeArea = true

    /// Creates a detached view; add it to a map view's hierarchy with `addSubview(_:)`.
    public init(identifier: String = "") { super.init(identifier: identifier) }

    /// Clears the unowned references to this view that it still lists (see `superview`): its
    /// subviews' `superview`, its guides' `owningView` and its installed constraints'
    /// `installedOn` — each listed here exactly while it refers to this view. Never reads a
    /// reference to this view (it is being destroyed).
    deinit {
        for v in subviews { v.superview = nil }
        for g in layoutGuides { g.owningView = nil }
        safeAreaGuideStorage?.owningView = nil
        marginsGuideStorage?.owningView = nil
        for c in installedConstraints { c.installedOn = nil }
    }

    package override init(identifier: String, initialFrame: Rect) {
        super.init(identifier: identifier, initialFrame: initialFrame)
    }

    package override var hierarchyView: LayoutView? { self }

    // MARK: Hierarchy

    /// Adds `view` as the last (topmost) subview, removing it from its previous superview first
    /// (which deactivates the constraints that tied it to its old place, as in UIKit). Adding a
    /// current subview again moves it to the top and keeps its constraints.
    /// - Throws: `invalidArgument` when `view` is `self`, an ancestor of `self`, or a root view
    ///   (a map view), or when `self` is an SDK component (its internal view structure is the
    ///   SDK's, issue 16); nothing changes then.
    public func addSubview(_ view: LayoutView) throws {
        try place(view, .front, "addSubview")
    }

    /// Where `place(_:_:_:)` puts a view among the subviews (UIKit's insertion calls, issue 16).
    package enum SubviewPosition {
        /// At this index of `subviews` (clamped to the last position once the view is listed).
        case index(Int)
        /// Directly above / below this subview in z-order.
        case above(LayoutView), below(LayoutView)
        /// Last (topmost) / first (bottommost).
        case front, back
    }

    /// The one path by which a view joins or moves among this view's subviews. Checks first
    /// (nothing changes on an error), then either reorders `subviews` (a view already here keeps
    /// its constraints, as in UIKit) or takes the view from its old superview and attaches it.
    /// - Throws: `invalidArgument` (see `addSubview(_:)`; also an index outside `0...count` or a
    ///   sibling that is not a subview of `self`).
    package func place(_ view: LayoutView, _ position: SubviewPosition, _ caller: String) throws {
        // A view without subviews cannot be an ancestor of `self` (the common case: adding a
        // fresh leaf stays O(1) however deep `self` is).
        if view === self || (!view.subviews.isEmpty && self.isInSubtree(of: view)) {
            throw NavLayoutError.invalidArgument("\(caller): cannot add \(view.displayName) to \(displayName): it would contain itself")
        }
        if view.isRoot {
            throw NavLayoutError.invalidArgument("\(caller): \(view.displayName) is a map view and cannot be added as a subview")
        }
        if let reason = sealedStructureReason {
            throw NavLayoutError.invalidArgument("\(caller): cannot add \(view.displayName) to \(displayName): \(reason)")
        }
        switch position {
        case .index(let i) where i < 0 || i > subviews.count:
            throw NavLayoutError.invalidArgument("\(caller): index \(i) is outside 0...\(subviews.count), the subview count of \(displayName)")
        case .above(let sibling), .below(let sibling):
            if sibling.superview !== self {
                throw NavLayoutError.invalidArgument("\(caller): \(sibling.displayName) is not a subview of \(displayName)")
            }
        default: break
        }
        if view.superview === self {
            switch position {
            case .above(let sibling) where sibling === view, .below(let sibling) where sibling === view: return
            default: break
            }
            guard let from = subviews.firstIndex(where: { $0 === view }) else { return }
            subviews.remove(at: from)
            let to = resolve(position, for: view)
            subviews.insert(view, at: to)
            if to != from { system?.noteChange() }
            return
        }
        if view.superview != nil { view.removeFromSuperview() }
        // Leaving the old superview may run handlers that change this view's subviews (the map
        // view rebuilds its built-in layout when the legacy accessory view leaves it), so the
        // position is resolved only now.
        subviews.insert(view, at: resolve(position, for: view))
        view.superview = self
        view.setDepth(depth + 1)
        if let system { system.attach(subtree: view) }
        didAddSubview(view)
    }

    /// The index in `subviews` (which does not list `view` at this point) for `position`. A
    /// sibling that has left meanwhile puts the view on top.
    private func resolve(_ position: SubviewPosition, for view: LayoutView) -> Int {
        switch position {
        case .index(let i): return min(max(i, 0), subviews.count)
        case .front: return subviews.count
        case .back: return 0
        case .above(let sibling):
            guard let j = subviews.firstIndex(where: { $0 === sibling }) else { return subviews.count }
            return j + 1
        case .below(let sibling):
            guard let j = subviews.firstIndex(where: { $0 === sibling }) else { return subviews.count }
            return j
        }
    }

    /// Why this view refuses new subviews and layout guides, or nil when it accepts them. SDK
    /// components set it: the seed forbids modifying their internal view structures (issue 16).
    @exclusivity(unchecked) package var sealedStructureReason: String?

    /// Removes the view from its superview. Every active constraint that references this view, its
    /// guides or its descendants and is installed outside this subtree is deactivated (UIKit's
    /// rule, docs/behaviour.md#views-and-layout-guides); constraints inside the subtree stay active and take effect again when it is
    /// re-added. No effect on a view without a superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        deactivateConstraintsCrossing(out: self)
        if let system { system.detach(subtree: self) }
        if let i = parent.subviews.lastIndex(where: { $0 === self }) { parent.subviews.remove(at: i) }
        superview = nil
        setDepth(0)
        parent.didRemoveSubview(self)
    }

    /// Adds a layout guide to this view (moving it from its previous owner, whose constraints on it
    /// are deactivated).
    /// - Throws: `invalidArgument` for a built-in guide (safe area or margins) of any view, or
    ///   when `self` is an SDK component (issue 16); nothing changes then.
    public func addLayoutGuide(_ guide: LayoutGuide) throws {
        if let reason = sealedStructureReason {
            throw NavLayoutError.invalidArgument("addLayoutGuide: cannot add \(guide.displayName) to \(displayName): \(reason)")
        }
        if guide.isBuiltIn {
            throw NavLayoutError.invalidArgument("\(guide.displayName) is a built-in guide of \(guide.owningView?.displayName ?? "a view") and cannot be moved")
        }
        if guide.owningView === self { return }
        if let old = guide.owningView { old.removeLayoutGuide(guide) }
        layoutGuides.append(guide)
        guide.owningView = self
        system?.register(guide)
    }

    /// Removes a guide added with `addLayoutGuide(_:)`, deactivating every constraint that
    /// references it. No effect when the guide is not owned by this view.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self, !guide.isBuiltIn,
              let i = layoutGuides.firstIndex(where: { $0 === guide }) else { return }
        let refs = guide.referencingConstraints.sorted { $0.serial < $1.serial }
        LayoutConstraint.deactivate(refs)
        layoutGuides.remove(at: i)
        system?.unregister(guide)
        guide.owningView = nil
    }

    /// Decides whether a host constraint whose first item is this view must not be activated
    /// (SDK components refuse width/height constraints on a size the SDK fixes, docs/behaviour.md#component-sizes); the
    /// filter records what it refuses. Nil for ordinary views.
    package override func breakReferenceCycles() {
        super.breakReferenceCycles()
        // No longer listed here, so no longer pointing here (`installedOn` is unowned: see
        // `superview`). They belong to a torn-down hierarchy, whose system is never asked again.
        for c in installedConstraints where c.installedOn === self { c.installedOn = nil }
        installedConstraints.removeAll()
        intrinsicConstraints = [nil, nil]
        marginsConstraints.removeAll()
        safeAreaConstraints.removeAll()
        hostConstraintFilter = nil
        accessibilityStorage.elements = nil
        accessibilityStorage.orderCache = nil
        marginsGuideStorage?.breakReferenceCycles()
        safeAreaGuideStorage?.breakReferenceCycles()
        for g in layoutGuides { g.breakReferenceCycles() }
    }

    @exclusivity(unchecked) package var hostConstraintFilter: ((LayoutConstraint) -> Bool)?

    package func rejectsHostConstraint(_ c: LayoutConstraint) -> Bool { hostConstraintFilter?(c) ?? false }

    /// Called after a subview was added; subclasses (the hiding stack) override.
    package func didAddSubview(_ view: LayoutView) {}
    /// Called after a subview was removed; subclasses (the hiding stack) override.
    package func didRemoveSubview(_ view: LayoutView) {}

    /// Whether this view is the root of a map view's hierarchy.
    package var isRoot: Bool { false }

    /// Deactivates the active constraints that reference an item in `subtree` and are installed on
    /// a view outside it, oldest first.
    private func deactivateConstraintsCrossing(out subtree: LayoutView) {
        var crossing: [LayoutConstraint] = []
        subtree.forEachItem { item in
            for c in item.referencingConstraints {
                if let host = c.installedOn, !host.isInSubtree(of: subtree) { crossing.append(c) }
            }
        }
        if crossing.isEmpty { return }
        crossing.sort { $0.serial < $1.serial }
        LayoutConstraint.deactivate(crossing)
    }

    /// Visits this view, its guides (built-in first) and its descendants, depth first, in order.
    package func forEachItem(_ body: (LayoutItem) -> Void) {
        body(self)
        if let g = safeAreaGuideStorage { body(g) }
        if let g = marginsGuideStorage { body(g) }
        for g in layoutGuides { body(g) }
        for v in subviews { v.forEachItem(body) }
    }

    /// Visits this view and its descendants, depth first.
    package func forEachView(_ body: (LayoutView) -> Void) {
        body(self)
        for v in subviews { v.forEachView(body) }
    }

    package func removeInstalled(_ c: LayoutConstraint) {
        let i = c.installIndex
        guard i >= 0, i < installedConstraints.count, installedConstraints[i] === c else { return }
        let last = installedConstraints.removeLast()
        if i < installedConstraints.count {
            installedConstraints[i] = last
            last.installIndex = i
        }
        c.installIndex = -1
    }

    private func setDepth(_ newDepth: Int) {
        let delta = newDepth - depth
        if delta == 0 { return }
        forEachView { $0.depth += delta }
    }

    /// The nearest view containing both (either may be the other), or nil when they are in
    /// different trees. Walks up from the deeper view to equal depth, then up both together.
    package static func nearestCommonAncestor(_ a: LayoutView, _ b: LayoutView) -> LayoutView? {
        var x: LayoutView? = a, y: LayoutView? = b
        while let u = x, let w = y, u.depth > w.depth { x = u.superview }
        while let u = x, let w = y, w.depth > u.depth { y = w.superview }
        while let u = x, let w = y {
            if u === w { return u }
            x = u.superview
            y = w.superview
        }
        return nil
    }

    // MARK: Properties

    /// Whether the view is hidden. For a view a hiding stack manages, this reports the stack's
    /// decision (reading it then performs a pending layout pass); setting it there is ignored and
    /// reported as `hiddenInHidingStack` (docs/behaviour.md#hiding-stack).
    public var isHidden: Bool {
        get {
            guard managingStack != nil else { return userHidden }
            system?.layoutIfNeeded()
            return stackHidden
        }
        set {
            if managingStack != nil {
                hiddenSetWhileStacked = true
                system?.setNeedsLayout()
                return
            }
            if userHidden != newValue { userHidden = newValue; system?.setNeedsLayout() }
        }
    }

    /// The intrinsic content size in points; `LayoutView.noIntrinsicMetric` (-1) on an axis means
    /// none. For an axis with a size `s` the engine adds `size >= s` at the compression-resistance
    /// priority and `size <= s` at the hugging priority (docs/behaviour.md#intrinsic-content-size). Setting a NaN or negative value
    /// other than -1 is ignored (use `setIntrinsicContentSize(_:)` for an error).
    public var intrinsicContentSize: Size {
        get { intrinsicSize }
        set { try? setIntrinsicContentSize(newValue) }
    }

    /// Sets the intrinsic content size (points; -1 = none on that axis).
    /// - Throws: `invalidArgument` for NaN, infinite or negative values other than -1.
    public func setIntrinsicContentSize(_ size: Size) throws {
        func check(_ v: Double, _ axis: String) throws {
            if !v.isFinite || v > LayoutLimits.maxPoints || (v < 0 && v != LayoutView.noIntrinsicMetric) {
                throw NavLayoutError.invalidArgument("intrinsic \(axis) \(v) of \(displayName) must be >= 0 or -1 (no intrinsic metric)")
            }
        }
        try check(size.width, "width")
        try check(size.height, "height")
        intrinsicSize = size
        updateIntrinsicConstraints(.horizontal)
        updateIntrinsicConstraints(.vertical)
    }

    /// The content-hugging priority for `axis` (default 250).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority { hugging[Int(axis.rawValue)] }
    /// The compression-resistance priority for `axis` (default 750).
    public func compressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority { compression[Int(axis.rawValue)] }

    /// Sets the content-hugging priority for `axis`.
    /// - Throws: `invalidArgument` unless the priority is in 1…1000.
    public func setContentHuggingPriority(_ p: LayoutPriority, for axis: LayoutAxis) throws {
        guard p.isValid else { throw NavLayoutError.invalidArgument("hugging priority \(p.rawValue) of \(displayName) is not in 1…1000") }
        if hugging[Int(axis.rawValue)] == p { return }
        hugging[Int(axis.rawValue)] = p
        rebuildIntrinsicConstraints(axis)
    }

    /// Sets the compression-resistance priority for `axis`.
    /// - Throws: `invalidArgument` unless the priority is in 1…1000.
    public func setCompressionResistancePriority(_ p: LayoutPriority, for axis: LayoutAxis) throws {
        guard p.isValid else { throw NavLayoutError.invalidArgument("compression-resistance priority \(p.rawValue) of \(displayName) is not in 1…1000") }
        if compression[Int(axis.rawValue)] == p { return }
        compression[Int(axis.rawValue)] = p
        rebuildIntrinsicConstraints(axis)
    }

    private func rebuildIntrinsicConstraints(_ axis: LayoutAxis) {
        let i = Int(axis.rawValue)
        if let (ge, le) = intrinsicConstraints[i] {
            ge.uninstall(); le.uninstall()
            intrinsicConstraints[i] = nil
        }
        updateIntrinsicConstraints(axis)
    }

    private func updateIntrinsicConstraints(_ axis: LayoutAxis) {
        let i = Int(axis.rawValue)
        let value = axis == .horizontal ? intrinsicSize.width : intrinsicSize.height
        if value == LayoutView.noIntrinsicMetric {
            if let (ge, le) = intrinsicConstraints[i] { ge.uninstall(); le.uninstall(); intrinsicConstraints[i] = nil }
            return
        }
        if let (ge, le) = intrinsicConstraints[i] {
            try? ge.setConstant(value)
            try? le.setConstant(value)
            return
        }
        let a = anchor(axis == .horizontal ? .width : .height)
        let ge = LayoutConstraint(unchecked: a, .greaterThanOrEqual, nil, 1, value)
        let le = LayoutConstraint(unchecked: a, .lessThanOrEqual, nil, 1, value)
        ge.engineKind = .compressionResistance
        le.engineKind = .contentHugging
        try? ge.setPriority(compression[i])
        try? le.setPriority(hugging[i])
        ge.install(on: self)
        le.install(on: self)
        intrinsicConstraints[i] = (ge, le)
    }

    /// The layout margins in points (default 8 on each edge, docs/behaviour.md#views-and-layout-guides); `layoutMarginsGuide` is the
    /// view's safe area inset by them (its frame inset by them when
    /// `insetsLayoutMarginsFromSafeArea` is false). Non-finite values are ignored (use
    /// `setLayoutMargins(_:)`).
    public var layoutMargins: EdgeInsets {
        get { marginsStorage }
        set { try? setLayoutMargins(newValue) }
    }

    /// Sets the layout margins (points).
    /// - Throws: `invalidArgument` for NaN or infinite values.
    public func setLayoutMargins(_ m: EdgeInsets) throws {
        for v in [m.top, m.left, m.bottom, m.right] { try requireFinite(v, "layout margin of \(displayName)") }
        marginsStorage = m
        updateGuideConstants()
    }

    /// Whether the layout margins are measured from the view's safe area (UIKit's
    /// `insetsLayoutMarginsFromSafeArea`, default true): then `layoutMarginsGuide` is the frame
    /// inset by `safeAreaInsets + layoutMargins` on each edge, so content aligned to it stays out
    /// of the status bar and the home indicator even when the view reaches under them (the turn
    /// card's top, the ETA card's bottom; docs/behaviour.md#views-and-layout-guides). False: the
    /// frame inset by `layoutMargins` alone.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { marginsFromSafeArea }
        set {
            if marginsFromSafeArea == newValue { return }
            marginsFromSafeArea = newValue
            updateGuideConstants()
        }
    }

    /// The insets of `layoutMarginsGuide` from the view's frame, in points: `layoutMargins`, plus
    /// the applied safe-area insets when `insetsLayoutMarginsFromSafeArea` is on.
    package var effectiveLayoutMargins: EdgeInsets {
        let m = marginsStorage
        guard marginsFromSafeArea else { return m }
        let s = appliedSafeAreaInsets
        return EdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
    }

    /// The part of the view that the map view's unsafe edges (status bar, notch, home indicator)
    /// do not cover, as insets from its frame in points (UIKit's `safeAreaInsets`; physical edges).
    /// The map view's are the insets the host sets. For any other view in a map view's hierarchy,
    /// from its target frame `f` and the map's size `W × H` and insets `S`, each edge is the depth
    /// of the map's unsafe band it reaches into, at most that band and at most the view's own size:
    /// `top = clamp(S.top − max(f.minY, 0), 0, min(S.top, f.height))`, `bottom = clamp(min(f.maxY,
    /// H) − (H − S.bottom), 0, min(S.bottom, f.height))`, left and right alike
    /// (docs/behaviour.md#views-and-layout-guides). Zero for a view outside any map view.
    /// Reading it performs a pending layout pass.
    public var safeAreaInsets: EdgeInsets {
        guard let system else { return .zero }
        system.layoutIfNeeded()
        if system.root === self { return system.root.safeArea }
        return system.safeAreaInsets(forFrame: solvedFrame)
    }

    /// Sets the safe-area insets the built-in guides use (the map view's own when it is resized;
    /// a view's derived ones during a layout pass, where a difference within `tolerance` points on
    /// every edge is solver noise and ignored). Returns whether they changed; a change updates the
    /// guides' constraint constants, which the layout pass picks up incrementally.
    @discardableResult
    package func applySafeAreaInsets(_ insets: EdgeInsets, tolerance: Double = 0) -> Bool {
        let a = appliedSafeAreaInsets
        if abs(insets.top - a.top) <= tolerance && abs(insets.left - a.left) <= tolerance
            && abs(insets.bottom - a.bottom) <= tolerance && abs(insets.right - a.right) <= tolerance { return false }
        appliedSafeAreaInsets = insets
        updateGuideConstants()
        return true
    }

    /// Brings the built-in guides' constraint constants in line with the applied safe-area
    /// insets and the effective margins (no effect for a guide not created yet).
    private func updateGuideConstants() {
        Self.setInsetConstants(safeAreaConstraints, appliedSafeAreaInsets)
        Self.setInsetConstants(marginsConstraints, effectiveLayoutMargins)
    }

    /// The constants of a built-in guide's four edge constraints (left, top, right, bottom, as
    /// `insetConstraints` makes them) for the guide inset by `e` from the view's frame.
    private static func edgeConstants(_ e: EdgeInsets) -> [Double] { [e.left, e.top, -e.right, -e.bottom] }

    private static func setInsetConstants(_ constraints: [LayoutConstraint], _ e: EdgeInsets) {
        guard constraints.count == 4 else { return }
        for (c, value) in zip(constraints, edgeConstants(e)) { try? c.setConstant(value) }
    }

    /// The four engine-owned constraints that hold built-in guide `g` inset by `e` from the view.
    private func insetConstraints(_ g: LayoutGuide, _ e: EdgeInsets, _ kind: EngineConstraintKind) -> [LayoutConstraint] {
        zip([LayoutAttribute.left, .top, .right, .bottom], Self.edgeConstants(e)).map { a, value in
            builtIn(g.anchor(a), anchor(a), value, kind)
        }
    }

    /// The view's safe area inset by `layoutMargins` (UIKit's rule with
    /// `insetsLayoutMarginsFromSafeArea`; see `safeAreaInsets`). Neighbours align to an SDK
    /// component's margins guide so that built-in margins do not add up (seed, "match Google's
    /// style"); a card that reaches under the status bar or the home indicator keeps its margins
    /// guide inside the safe area, where its content is.
    public var layoutMarginsGuide: LayoutGuide {
        if let g = marginsGuideStorage { return g }
        let g = makeBuiltInGuide(suffix: "layoutMarginsGuide")
        marginsGuideStorage = g
        let m = effectiveLayoutMargins
        marginsConstraints = insetConstraints(g, m, .layoutMargins)
        return g
    }

    /// The safe-area guide: the view's frame inset by `safeAreaInsets` — for the map view the
    /// insets the host sets, for any other view the part of it the map's unsafe edges do not
    /// cover (UIKit's rule; docs/behaviour.md#views-and-layout-guides).
    public var safeAreaLayoutGuide: LayoutGuide {
        if let g = safeAreaGuideStorage { return g }
        let g = makeBuiltInGuide(suffix: "safeAreaLayoutGuide")
        safeAreaGuideStorage = g
        let s = appliedSafeAreaInsets
        safeAreaConstraints = insetConstraints(g, s, .safeArea)
        return g
    }

    /// The safe-area guide if it was ever asked for (snapshots list guides without creating them).
    public var safeAreaLayoutGuideIfCreated: LayoutGuide? { safeAreaGuideStorage }
    /// The margins guide if it was ever asked for.
    public var layoutMarginsGuideIfCreated: LayoutGuide? { marginsGuideStorage }

    private func makeBuiltInGuide(suffix: String) -> LayoutGuide {
        let name = identifier.isEmpty ? suffix : "\(identifier).\(suffix)"
        let g = LayoutGuide(identifier: name)
        g.isBuiltIn = true
        g.owningView = self
        system?.register(g)
        return g
    }

    private func builtIn(_ a: LayoutAnchor, _ b: LayoutAnchor, _ constant: Double,
                         _ kind: EngineConstraintKind) -> LayoutConstraint {
        let c = LayoutConstraint(unchecked: a, .equal, b, 1, constant)
        c.engineKind = kind
        c.install(on: self)
        return c
    }

    /// Performs a layout pass now if anything changed since the last one (docs/behaviour.md#layout-pass: layout is lazy).
    public func layoutIfNeeded() { system?.layoutIfNeeded() }

    /// The views from this one up to the root, nearest first.
    public var ancestors: [LayoutView] {
        var out: [LayoutView] = []
        var v = superview
        while let x = v { out.append(x); v = x.superview }
        return out
    }
}

/// A view's entry in one hierarchy walk (see `LayoutView.walkMark`): the walk's token (a strong
/// reference, so no later walk's token can reuse its address while a view still holds it), the
/// view's position in paint order, one past the last position of its subtree, and whether
/// neither it nor an ancestor is hidden.
package struct HierarchyWalkMark {
    package var token: AnyObject?
    package var index = 0
    package var end = 0
    package var visible = false
    package init() {}
    package init(token: AnyObject, index: Int, end: Int, visible: Bool) {
        self.token = token
        self.index = index
        self.end = end
        self.visible = visible
    }
}
