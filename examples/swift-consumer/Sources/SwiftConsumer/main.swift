// A consumer of the NavLayout Swift package: a layout delegate ported from the seed's
// BasicLayoutDelegate (docs/porting-from-ios.md), driven through one navigation session. It
// prints the frames and exits non-zero if the layout is not the one the constraints ask for.
import NavLayout

/// The seed's sample, ported: GMSMapView -> NavigationMapView, UIView -> LayoutView,
/// UILayoutGuide -> LayoutGuide, NSLayoutConstraint -> LayoutConstraint, methods `throws`.
final class PortedLayoutDelegate: NavigationLayoutDelegate {
    let bottomGuide = LayoutGuide()
    var constraints: [LayoutConstraint] = []
    var views: [LayoutView] = []
    let buttonStack = NavigationHidingStackView(position: .bottom, alignment: .trailing, identifier: "buttonStack")

    func install(_ navMap: NavigationMapView, _ newViews: [LayoutView], _ buttons: [NavigationUIButton],
                 _ newConstraints: [LayoutConstraint]) throws {
        for view in newViews { try navMap.addSubview(view) }
        // Find buttons by type, never by index: compass at the bottom of the stack.
        try buttonStack.setArrangedSubviews(buttons.sorted { a, _ in a.type == .compass }.map(\.view))
        try navMap.addSubview(buttonStack)
        try LayoutConstraint.activate(newConstraints)
        views = newViews
        constraints = newConstraints
    }

    func uninstall() {
        LayoutConstraint.deactivate(constraints)
        buttonStack.removeFromSuperview()
        buttonStack.arrangedSubviews = []
        for view in views { view.removeFromSuperview() }
        constraints = []
        views = []
    }

    func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws {
        try navMap.addLayoutGuide(bottomGuide)
        try layOut(navMap, newState, top: navMap.safeAreaLayoutGuide.topAnchor, extra: [], cards: [])
    }

    func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState,
                       oldState: NavigationReadyUIState) throws {
        uninstall()
        let safe = navMap.safeAreaLayoutGuide
        try layOut(navMap, newState, top: newState.turnCard.bottomAnchor, extra: [
            newState.turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            newState.turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
            newState.etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
            newState.etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
            bottomGuide.bottomAnchor.constraint(lessThanOrEqualTo: newState.etaCard.topAnchor),
        ], cards: [newState.turnCard, newState.etaCard])
    }

    func stopGuidance(navMap: NavigationMapView, newState: NavigationReadyUIState,
                      oldState: ActiveGuidanceUIState) throws {
        uninstall()
        try layOut(navMap, newState, top: navMap.safeAreaLayoutGuide.topAnchor, extra: [], cards: [])
    }

    func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws {
        uninstall()
        navMap.removeLayoutGuide(bottomGuide)
    }

    /// Logo and viewport between `top` and the bottom guide, the button stack at the trailing edge.
    func layOut(_ navMap: NavigationMapView, _ state: NavigationUIState, top: LayoutYAxisAnchor,
                extra: [LayoutConstraint], cards: [LayoutView]) throws {
        let safe = navMap.safeAreaLayoutGuide
        let rest = bottomGuide.bottomAnchor.constraint(equalTo: safe.bottomAnchor)
        rest.priority = .defaultLow
        let logo = state.googleLogo, viewport = state.viewport
        try install(navMap, cards + [viewport, logo], state.buttons, extra + [
            bottomGuide.heightAnchor.constraint(equalToConstant: 0), rest,
            buttonStack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            buttonStack.topAnchor.constraint(equalTo: top),
            buttonStack.bottomAnchor.constraint(equalTo: bottomGuide.topAnchor),
            logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            logo.bottomAnchor.constraint(equalTo: bottomGuide.topAnchor),
            viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            viewport.topAnchor.constraint(equalTo: top),
            viewport.bottomAnchor.constraint(equalTo: bottomGuide.topAnchor),
        ])
    }
}

var failures = 0
func check(_ ok: Bool, _ what: String) {
    if !ok { print("FAIL: \(what)"); failures += 1 }
}
func show(_ navMap: NavigationMapView, _ title: String) {
    print("== \(title) ==")
    for view in navMap.subviews {
        let f = view.frame
        print("  \(view.identifier): x \(f.x) y \(f.y) w \(f.width) h \(f.height)")
    }
}

do {
    let navMap = try NavigationMapView(preset: "iphone-portrait")   // 393 x 852, safe area 59/0/34/0
    try navMap.setLayoutDelegate(PortedLayoutDelegate())
    try navMap.setNavigationEnabled(true)
    show(navMap, "navigation ready")
    guard let ready = navMap.uiState else { fatalError("no state after enabling navigation") }
    check(ready.viewport.frame.y == 59 && ready.viewport.frame.maxY == ready.googleLogo.frame.maxY,
          "viewport from the safe-area top down to the logo's bottom")

    try navMap.startGuidance()
    show(navMap, "active guidance")
    guard let guidance = navMap.uiState as? ActiveGuidanceUIState else { fatalError("not in guidance") }
    check(guidance.viewport.frame.y == guidance.turnCard.frame.maxY, "viewport starts below the turn card")
    check(guidance.etaCard.frame.maxY == 852, "ETA card at the bottom")
    check(guidance.viewport.frame.maxY <= guidance.etaCard.frame.y, "viewport above the ETA card")
    check(navMap.diagnostics.isEmpty, "no diagnostics: \(navMap.diagnostics)")

    try navMap.stopGuidance()
    try navMap.setNavigationEnabled(false)
    check(navMap.subviews.isEmpty, "everything removed after disabling navigation")
} catch {
    print("FAIL: \(error)")
    failures += 1
}
if failures > 0 { fatalError("\(failures) check(s) failed") }
print("swift-consumer: ok")
