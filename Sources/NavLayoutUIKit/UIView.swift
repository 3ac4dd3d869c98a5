import LayoutEngine
import NavigationUI

/// UIKit's `UIView` over a NavLayout view (`navLayoutView`): the hierarchy, anchors, layout
/// guides, frames, priorities, accessibility and animation blocks with UIKit's names and
/// non-throwing calls. What NavLayout's throwing API would throw for is *refused*: nothing
/// changes, and a `callRefused` diagnostic (issue 16 item 10) goes to the map view's
/// `diagnostics` and its diagnostics log (see `reportRefused`).
///
/// One wrapper per NavLayout view: the SDK's components and views reached through `subviews`
/// come back as the same object while it is alive. A view keeps the wrappers of the subviews
/// added through this API alive, so a `UIView` subclass keeps its own state while it is in a
/// hierarchy the host holds (a map view the host holds).
///
/// Main actor only, as UIKit: the map view runs every callback and animation block on the thread
/// that sent its event, which UIKit's rules make the main thread.
@MainActor
open class UIView: NSObject {
    /// The NavLayout view this wraps (for reading presented frames, diagnostics and the rest of
    /// NavLayout's API).
    public let navLayoutView: LayoutView
    /// Wrappers of the views added through this API, while they are this view's subviews.
    private var retainedSubviews: [UIView] = []
    /// Wrappers of the guides added through this API, while this view owns them.
    private var retainedGuides: [UILayoutGuide] = []

    /// A view with no intrinsic size on an axis (UIKit's `UIView.noIntrinsicMetric`, -1).
    public static let noIntrinsicMetric: CGFloat = LayoutView.noIntrinsicMetric

    /// Creates a detached view (`UIView()`: a zero frame). `frame` is the view's frame until its
    /// first layout pass in a map view, where its constraints place it (points). Subclasses
    /// override this initializer, as in UIKit. Set `accessibilityIdentifier` to name the view in
    /// diagnostics.
    public init(frame: CGRect = .zero) {
        navLayoutView = LayoutView(identifier: "", initialFrame: frame.rect)
        super.init()
        navLayoutView.uikitWrapper = self
    }

    /// Wraps `view` (the wrappers of SDK views, stacks and map views use this).
    init(wrapping view: LayoutView) {
        navLayoutView = view
        super.init()
        view.uikitWrapper = self
    }

    /// The one wrapper of `view`: the live one, or a new one of the matching class.
    static func wrapper(for view: LayoutView) -> UIView {
        if let existing = view.uikitWrapper as? UIView { return existing }
        switch view {
        case let map as NavigationMapView: return GMSMapView(navigationMapView: map)
        case let stack as NavigationHidingStackView: return GMSNavigationHidingStackView(wrapping: stack)
        case let prompt as NavigationUI.NavigationPromptView: return NavigationPromptView(wrapping: prompt)
        default: return UIView(wrapping: view)
        }
    }

    // MARK: Hierarchy

    /// The subviews, back to front (z-order).
    public var subviews: [UIView] { navLayoutView.subviews.map(UIView.wrapper(for:)) }

    /// The superview, if any.
    public var superview: UIView? { navLayoutView.superview.map(UIView.wrapper(for:)) }

    /// Adds `view` on top of the subviews (moving it from its old superview, whose constraints on
    /// it are deactivated). Refused (see the class comment) when `view` is this view, one of its
    /// ancestors or a map view, or when this view is an SDK component.
    public func addSubview(_ view: UIView) {
        attempt("addSubview(_:)", items: [navLayoutView, view.navLayoutView]) {
            try navLayoutView.addSubview(view.navLayoutView)
        }
        retain(view)
    }

    /// Inserts `view` at `index` of `subviews` (0 is the bottom of the z-order, `subviews.count`
    /// the top); a subview already here moves and keeps its constraints. Refused for an index
    /// outside `0...subviews.count` and as `addSubview(_:)`.
    public func insertSubview(_ view: UIView, at index: Int) {
        attempt("insertSubview(_:at:)", items: [navLayoutView, view.navLayoutView]) {
            try navLayoutView.insertSubview(view.navLayoutView, at: index)
        }
        retain(view)
    }

    /// Inserts `view` directly above `siblingSubview` in z-order. Refused when `siblingSubview` is
    /// not a subview of this view, and as `addSubview(_:)`.
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        attempt("insertSubview(_:aboveSubview:)", items: [navLayoutView, view.navLayoutView, siblingSubview.navLayoutView]) {
            try navLayoutView.insertSubview(view.navLayoutView, aboveSubview: siblingSubview.navLayoutView)
        }
        retain(view)
    }

    /// Inserts `view` directly below `siblingSubview` in z-order; as
    /// `insertSubview(_:aboveSubview:)`.
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        attempt("insertSubview(_:belowSubview:)", items: [navLayoutView, view.navLayoutView, siblingSubview.navLayoutView]) {
            try navLayoutView.insertSubview(view.navLayoutView, belowSubview: siblingSubview.navLayoutView)
        }
        retain(view)
    }

    /// Moves the subview `view` to the top of the z-order, keeping its constraints. Refused when
    /// `view` is not a subview of this view (UIKit ignores that silently).
    public func bringSubviewToFront(_ view: UIView) {
        attempt("bringSubviewToFront(_:)", items: [navLayoutView, view.navLayoutView]) {
            try navLayoutView.bringSubviewToFront(view.navLayoutView)
        }
    }

    /// Moves the subview `view` to the bottom of the z-order; as `bringSubviewToFront(_:)`.
    public func sendSubviewToBack(_ view: UIView) {
        attempt("sendSubviewToBack(_:)", items: [navLayoutView, view.navLayoutView]) {
            try navLayoutView.sendSubviewToBack(view.navLayoutView)
        }
    }

    /// Swaps the subviews at two indices of `subviews`; both keep their constraints. Refused
    /// unless both indices are in `0..<subviews.count`.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        attempt("exchangeSubview(at:withSubviewAt:)", items: [navLayoutView]) {
            try navLayoutView.exchangeSubview(at: index1, withSubviewAt: index2)
        }
    }

    /// Removes the view from its superview, deactivating the constraints that tie it there.
    public func removeFromSuperview() {
        let parent = navLayoutView.superview?.uikitWrapper as? UIView
        navLayoutView.removeFromSuperview()
        parent?.pruneRetained()
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool { navLayoutView.isInSubtree(of: view.navLayoutView) }

    /// Keeps `view`'s wrapper alive while it is a subview (and drops wrappers of views that left).
    func retain(_ view: UIView) {
        pruneRetained()
        if view.navLayoutView.superview === navLayoutView && !retainedSubviews.contains(where: { $0 === view }) {
            retainedSubviews.append(view)
        }
        view.pushIntrinsicContentSize()
    }

    func pruneRetained() {
        retainedSubviews.removeAll { $0.navLayoutView.superview !== navLayoutView }
        retainedGuides.removeAll { $0.navLayoutGuide.owningView !== navLayoutView }
    }

    // MARK: Layout guides

    /// Adds `guide` to this view (moving it from its previous owner). Refused for a built-in
    /// guide (`safeAreaLayoutGuide`, `layoutMarginsGuide`) or when this view is an SDK component.
    public func addLayoutGuide(_ guide: UILayoutGuide) {
        attempt("addLayoutGuide(_:)", items: [navLayoutView, guide.navLayoutGuide]) {
            try navLayoutView.addLayoutGuide(guide.navLayoutGuide)
        }
        pruneRetained()
        if guide.navLayoutGuide.owningView === navLayoutView && !retainedGuides.contains(where: { $0 === guide }) {
            retainedGuides.append(guide)
        }
    }

    /// Removes a guide this view owns, deactivating the constraints that use it (no effect for a
    /// guide of another view).
    public func removeLayoutGuide(_ guide: UILayoutGuide) {
        navLayoutView.removeLayoutGuide(guide.navLayoutGuide)
        pruneRetained()
    }

    /// The guides added with `addLayoutGuide(_:)`.
    public var layoutGuides: [UILayoutGuide] { navLayoutView.layoutGuides.map(UILayoutGuide.wrapper(for:)) }

    /// The safe-area guide: the view's frame inset by `safeAreaInsets` (the map view's safe area;
    /// for another view the part of it the map's unsafe edges do not cover).
    public var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide.wrapper(for: navLayoutView.safeAreaLayoutGuide) }

    /// The view's safe area inset by `layoutMargins` (its frame inset by them when
    /// `insetsLayoutMarginsFromSafeArea` is false); align to an SDK component's to keep its
    /// built-in margins from adding up (the seed's "match Google's style").
    public var layoutMarginsGuide: UILayoutGuide { UILayoutGuide.wrapper(for: navLayoutView.layoutMarginsGuide) }

    /// The part of the view the map's unsafe edges cover, in points from its frame (UIKit's
    /// rule, see `LayoutView.safeAreaInsets`). Performs a pending layout pass.
    public var safeAreaInsets: UIEdgeInsets { UIEdgeInsets(navLayoutView.safeAreaInsets) }

    /// Whether the layout margins are measured from the safe area (default true, as in UIKit).
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { navLayoutView.insetsLayoutMarginsFromSafeArea }
        set { navLayoutView.insetsLayoutMarginsFromSafeArea = newValue }
    }

    /// The layout margins in points (default 8; the SDK's components have their own). A
    /// non-finite value is refused.
    public var layoutMargins: UIEdgeInsets {
        get { UIEdgeInsets(navLayoutView.layoutMargins) }
        set { attempt("layoutMargins", items: [navLayoutView]) { try navLayoutView.setLayoutMargins(newValue.insets) } }
    }

    // MARK: Anchors

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutView.leadingAnchor) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutView.trailingAnchor) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutView.leftAnchor) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutView.rightAnchor) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(navLayoutView.centerXAnchor) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(navLayoutView.topAnchor) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(navLayoutView.bottomAnchor) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(navLayoutView.centerYAnchor) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(navLayoutView.widthAnchor) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(navLayoutView.heightAnchor) }

    // MARK: Geometry and layout

    /// The frame the last layout pass gave the view (points, in the map view's coordinate space —
    /// NavLayout has one coordinate space), as UIKit's model `frame`: while an animation runs it
    /// is already the end frame. It does not lay out (call `layoutIfNeeded()` first); the frame
    /// on screen at the current time is `navLayoutView.frame`. Constraints place views: there is
    /// no frame setter (a map view's is its size, `GMSMapView.frame`).
    public var frame: CGRect { CGRect(navLayoutView.solvedFrame) }

    /// The view's own rectangle: origin zero, the size of `frame`. An SDK component arrives sized,
    /// so its `bounds` holds its size before any layout pass (the seed's sample reads a new
    /// prompt's `bounds.height`).
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// The centre of `frame`.
    public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }

    /// Performs a pending layout pass of the view's hierarchy now (UIKit's `layoutIfNeeded()`);
    /// inside an animation block, the frames it changes animate.
    public func layoutIfNeeded() { navLayoutView.layoutIfNeeded() }

    /// Marks the hierarchy for a layout pass (done lazily: at `layoutIfNeeded()` or when a frame
    /// is read).
    public func setNeedsLayout() { navLayoutView.system?.setNeedsLayout() }

    /// Accepted and ignored: NavLayout has no autoresizing masks, every view is placed by
    /// constraints (as with `false` in UIKit). Ported code that sets it compiles unchanged.
    public var translatesAutoresizingMaskIntoConstraints = false

    /// Whether the view is hidden. A view a hiding stack manages reports the stack's decision;
    /// setting it there is reported as `hiddenInHidingStack` (the seed: do not set `isHidden` on
    /// them).
    public var isHidden: Bool {
        get { navLayoutView.isHidden }
        set { navLayoutView.isHidden = newValue }
    }

    /// Whether the view hides what is under it (default true; the obstruction, overlap and
    /// covered-element rules of docs/behaviour.md#diagnostics read it).
    public var isOpaque: Bool {
        get { navLayoutView.isOpaque }
        set { navLayoutView.isOpaque = newValue }
    }

    /// The view's natural size in points (`UIView.noIntrinsicMetric` on an axis without one).
    /// Override it in a subclass and call `invalidateIntrinsicContentSize()` when it changes, as
    /// in UIKit; NavLayout reads it then and when the view is added to a superview.
    open var intrinsicContentSize: CGSize {
        let s = navLayoutView.intrinsicContentSize
        return CGSize(width: s.width, height: s.height)
    }

    /// Hands `intrinsicContentSize` to the layout again (a negative size other than -1, NaN or
    /// infinite is refused).
    public func invalidateIntrinsicContentSize() { pushIntrinsicContentSize() }

    func pushIntrinsicContentSize() {
        let s = intrinsicContentSize
        let size = Size(width: s.width, height: s.height)
        if size == navLayoutView.intrinsicContentSize { return }
        attempt("invalidateIntrinsicContentSize()", items: [navLayoutView]) { try navLayoutView.setIntrinsicContentSize(size) }
    }

    /// The content-hugging priority for `axis` (default 250).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        navLayoutView.contentHuggingPriority(for: axis)
    }

    /// Sets the content-hugging priority for `axis` (1…1000; others are refused).
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        attempt("setContentHuggingPriority(_:for:)", items: [navLayoutView]) {
            try navLayoutView.setContentHuggingPriority(priority, for: axis)
        }
    }

    /// The compression-resistance priority for `axis` (default 750).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        navLayoutView.compressionResistancePriority(for: axis)
    }

    /// Sets the compression-resistance priority for `axis` (1…1000; others are refused).
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        attempt("setContentCompressionResistancePriority(_:for:)", items: [navLayoutView]) {
            try navLayoutView.setCompressionResistancePriority(priority, for: axis)
        }
    }

    // MARK: Accessibility (issue 16 item 8)

    /// The name diagnostics and messages use for the view (NavLayout's `identifier`; the SDK's
    /// components have their role, e.g. `"turnCard"`).
    public var accessibilityIdentifier: String? {
        get { navLayoutView.identifier.isEmpty ? nil : navLayoutView.identifier }
        set { navLayoutView.identifier = newValue ?? "" }
    }

    /// What VoiceOver reads (the SDK's components have their own; `nil` restores it).
    public var accessibilityLabel: String? {
        get { navLayoutView.accessibilityLabel }
        set { navLayoutView.accessibilityLabel = newValue }
    }

    /// Whether VoiceOver treats the view as one element (default false, as a plain `UIView`).
    public var isAccessibilityElement: Bool {
        get { navLayoutView.isAccessibilityElement }
        set { navLayoutView.isAccessibilityElement = newValue }
    }

    /// The view's traits; an interactive one (`.button`, `.link`, `.adjustable`) makes a host view
    /// subject to the 44 × 44 pt and label rules.
    public var accessibilityTraits: UIAccessibilityTraits {
        get { navLayoutView.accessibilityTraits }
        set { navLayoutView.accessibilityTraits = newValue }
    }

    /// The order VoiceOver visits this container's elements in. Reading gives the order *in
    /// effect* (the views, as `UIView`s): the host's, or the computed one (top to bottom, then
    /// leading to trailing) when none is set — UIKit gives back only what was set. Setting `nil`
    /// returns to the computed order. Entries must be `UIView`s (NavLayout has no
    /// `UIAccessibilityElement`); another entry, a duplicate, this view or a map view is refused.
    public var accessibilityElements: [Any]? {
        get { navLayoutView.accessibilityOrder().map(UIView.wrapper(for:)) }
        set {
            guard let newValue else {
                attempt("accessibilityElements", items: [navLayoutView]) { try navLayoutView.setAccessibilityElements(nil) }
                return
            }
            var views: [LayoutView] = []
            for (i, e) in newValue.enumerated() {
                guard let v = e as? UIView else {
                    reportRefused("accessibilityElements", NavLayoutError.invalidArgument("entry \(i) is a \(type(of: e)), not a UIView; NavLayout's accessibility elements are views"), items: [navLayoutView])
                    return
                }
                views.append(v.navLayoutView)
            }
            attempt("accessibilityElements", items: [navLayoutView]) { try navLayoutView.setAccessibilityElements(views) }
        }
    }
}
