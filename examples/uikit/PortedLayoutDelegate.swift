// A layout delegate in the iOS SDK's UIKit spelling, compiled against NavLayoutUIKit alone (issue
// 16 item 10). It produces the layout of docs/behaviour.md#the-sample-delegate — the layout the seed's sample describes — and
// uses each construct that sample is built from: an NSObject subclass, a nested @MainActor class
// holding the map view unowned that installs and removes one state's views, arrays of constraints
// activated at once, a low-priority constraint, a prompt's bounds, layoutIfNeeded() before and
// inside animation blocks, a trailing completion closure, and changePrompt as hide-then-show.
// This target builds in the Swift 6 language mode, as an app would.
import NavLayoutUIKit

/// Turn card on top, ETA card at the bottom, the buttons in a bottom-packed trailing hiding stack,
/// the logo at the bottom-leading corner and the viewport in the open area between; a zero-height
/// guide marks the bottom of the map's content (on the safe-area bottom at low priority, never
/// below the ETA card or a prompt). Prompts slide up from under the map's bottom edge and back.
@MainActor
public final class PortedLayoutDelegate: NSObject, NavigationLayoutDelegate {
    /// Seconds a prompt slide takes.
    static let slide: TimeInterval = 0.4

    /// One navigation state's top-level views, its button stack and its constraints, put on the
    /// map and taken off together.
    @MainActor
    private final class Scene {
        let stack = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
        var constraints: [NSLayoutConstraint] = []
        private unowned let map: GMSMapView
        private let views: [UIView]
        private let buttonViews: [UIView]

        init(map: GMSMapView, views: [UIView], buttons: [NavigationUIButton]) {
            self.map = map
            self.views = views
            // The compass at the bottom of the stack, then the reporting button, then any other.
            let order: [NavigationButtonKnownType] = [.compass, .reporting]
            let known = order.compactMap { type in buttons.first { $0.type == type } }
            let others = buttons.filter { !order.contains($0.type) }
            buttonViews = (known + others).map { $0.view }
        }

        func putOn() {
            for view in views { map.addSubview(view) }
            stack.arrangedSubviews = buttonViews
            map.addSubview(stack)
            NSLayoutConstraint.activate(constraints)
        }

        func takeOff() {
            NSLayoutConstraint.deactivate(constraints)
            stack.removeFromSuperview()
            stack.arrangedSubviews = []
            views.forEach { $0.removeFromSuperview() }
        }
    }

    private var ready: Scene?
    private var guidance: Scene?
    private var shownPrompt: NavigationPromptView?
    private var promptOffset: NSLayoutConstraint?
    private var restingConstraints: [NSLayoutConstraint] = []
    private let contentBottom = UILayoutGuide()

    /// The stack, logo and viewport between `top` and the content-bottom guide.
    private func commonConstraints(_ scene: Scene, _ map: GMSMapView, logo: UIView, viewport: UIView,
                                   top: NSLayoutYAxisAnchor) -> [NSLayoutConstraint] {
        let safe = map.safeAreaLayoutGuide
        return restingConstraints + [
            scene.stack.topAnchor.constraint(equalTo: top),
            scene.stack.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
            scene.stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            logo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
            logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            viewport.topAnchor.constraint(equalTo: top),
            viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
            viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        ]
    }

    public func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
        navMap.addLayoutGuide(contentBottom)
        let resting = contentBottom.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor)
        resting.priority = .defaultLow
        restingConstraints = [contentBottom.heightAnchor.constraint(equalToConstant: 0), resting]
        let scene = Scene(map: navMap, views: [newState.googleLogo, newState.viewport], buttons: newState.buttons)
        scene.stack.accessibilityIdentifier = "buttonStack"
        scene.constraints = commonConstraints(scene, navMap, logo: newState.googleLogo, viewport: newState.viewport,
                                              top: navMap.safeAreaLayoutGuide.topAnchor)
        scene.putOn()
        ready = scene
    }

    public func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
        shownPrompt?.removeFromSuperview()
        shownPrompt = nil
        promptOffset = nil
        ready?.takeOff()
        ready = nil
        navMap.removeLayoutGuide(contentBottom)
    }

    public func startGuidance(navMap: GMSMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) {
        ready?.takeOff()
        let turnCard = newState.turnCard, etaCard = newState.etaCard
        let scene = Scene(map: navMap, views: [turnCard, etaCard, newState.viewport, newState.googleLogo],
                          buttons: newState.buttons)
        scene.stack.accessibilityIdentifier = "buttonStack"
        scene.constraints = [
            turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
            turnCard.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
            etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
            etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
            contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: etaCard.topAnchor),
        ] + commonConstraints(scene, navMap, logo: newState.googleLogo, viewport: newState.viewport,
                              top: turnCard.bottomAnchor)
        scene.putOn()
        guidance = scene
    }

    public func stopGuidance(navMap: GMSMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) {
        guidance?.takeOff()
        guidance = nil
        ready?.putOn()
    }

    public func showPrompt(navMap: GMSMapView, newPrompt: NavigationPromptView) {
        navMap.addSubview(newPrompt)
        shownPrompt = newPrompt
        // Below the map's bottom edge by the prompt's own height (it arrives sized).
        let offset = newPrompt.bottomAnchor.constraint(equalTo: navMap.bottomAnchor, constant: newPrompt.bounds.height)
        promptOffset = offset
        NSLayoutConstraint.activate([
            offset,
            newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
            contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor),
        ])
        navMap.layoutIfNeeded()
        UIView.animate(withDuration: Self.slide) {
            offset.constant = 0
            navMap.layoutIfNeeded()
        }
    }

    public func hidePrompt(navMap: GMSMapView, oldPrompt: NavigationPromptView) {
        guard let offset = promptOffset else { return }
        promptOffset = nil
        shownPrompt = nil
        UIView.animate(withDuration: Self.slide) {
            offset.constant = oldPrompt.bounds.height
            navMap.layoutIfNeeded()
        } completion: { _ in
            oldPrompt.removeFromSuperview()
        }
    }

    public func changePrompt(navMap: GMSMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView) {
        hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
        showPrompt(navMap: navMap, newPrompt: newPrompt)
    }
}
