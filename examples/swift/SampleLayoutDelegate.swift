import LayoutEngine
import NavigationUI

/// NavLayout's own implementation of the layout the seed's sample delegate produces (docs/behaviour.md#the-sample-delegate):
/// turn card on top, ETA card at the bottom, the buttons in a bottom-packed trailing hiding stack
/// between them, the logo bottom-leading, and the viewport in the open area. A zero-height guide,
/// "mapContentsBottom", marks where map content ends: it rests on the safe-area bottom at
/// priority 250 but must stay above the ETA card and above any prompt. Prompts slide up from
/// below the map view in 0.4 s and back down, and are removed when they are out of sight.
///
/// Like the seed's sample it ignores wide mode, the speed widget and the trip progress bar.
/// Open, so that a test can vary it (the size sweep's and the snapshot kit's tests, issue 15).
open class SampleLayoutDelegate: NavigationLayoutDelegate {
    /// Seconds a prompt takes to slide in or out (docs/behaviour.md#the-sample-delegate: 0.4 s).
    public static let promptSlideDuration = 0.4

    /// Views and constraints that make up one state's layout, installed and removed as a unit.
    final class StateLayout {
        let stack = NavigationHidingStackView(position: .bottom, alignment: .trailing, identifier: "buttonStack")
        let topLevelViews: [LayoutView]
        let buttons: [LayoutView]
        var constraints: [LayoutConstraint] = []

        init(topLevelViews: [LayoutView], buttons: [NavigationUIButton]) {
            self.topLevelViews = topLevelViews
            // Find buttons by type, never by index (the seed's advice; the SDK may reorder them or
            // add new types): the compass at the bottom, the reporting button above it, buttons of
            // types this delegate does not know above those, in the order given.
            func rank(_ b: NavigationUIButton) -> Int {
                switch b.type {
                case .compass: return 0
                case .reporting: return 1
                case .unknown: return 2
                }
            }
            self.buttons = buttons.enumerated()
                .sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
                .map(\.element.view)
        }

        func install(on map: NavigationMapView) throws {
            for v in topLevelViews { try map.addSubview(v) }
            try stack.setArrangedSubviews(buttons)
            try map.addSubview(stack)
            try LayoutConstraint.activate(constraints)
        }

        func uninstall() {
            LayoutConstraint.deactivate(constraints)
            stack.removeFromSuperview()
            stack.arrangedSubviews = []
            for v in topLevelViews { v.removeFromSuperview() }
        }
    }

    let contentBottom = LayoutGuide(identifier: "mapContentsBottom")
    var restingConstraints: [LayoutConstraint] = []
    var ready: StateLayout?
    var guidance: StateLayout?
    var prompt: NavigationPromptView?
    /// `prompt.bottom == map.bottom + offset`: the offset is the prompt's height while it is out of
    /// sight and 0 once it has slid in.
    private var promptOffset: LayoutConstraint?

    public init() {}

    /// Constraints that place the logo, the viewport and the stack between `top` and the
    /// content-bottom guide, shared by both states.
    func commonConstraints(_ layout: StateLayout, map: NavigationMapView, logo: LayoutView,
                                   viewport: LayoutView, top: LayoutYAxisAnchor) -> [LayoutConstraint] {
        let safe = map.safeAreaLayoutGuide
        return restingConstraints + [
            layout.stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            layout.stack.topAnchor.constraint(equalTo: top),
            layout.stack.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
            logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            logo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
            viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            viewport.topAnchor.constraint(equalTo: top),
            viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
        ]
    }

    open func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws {
        try navMap.addLayoutGuide(contentBottom)
        let rest = contentBottom.bottomAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.bottomAnchor)
        rest.priority = .defaultLow
        restingConstraints = [contentBottom.heightAnchor.constraint(equalToConstant: 0), rest]
        let layout = StateLayout(topLevelViews: [newState.googleLogo, newState.viewport], buttons: newState.buttons)
        layout.constraints = commonConstraints(layout, map: navMap, logo: newState.googleLogo, viewport: newState.viewport,
                                               top: navMap.safeAreaLayoutGuide.topAnchor)
        try layout.install(on: navMap)
        ready = layout
    }

    open func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws {
        prompt?.removeFromSuperview()
        prompt = nil
        promptOffset = nil
        ready?.uninstall()
        ready = nil
        navMap.removeLayoutGuide(contentBottom)
    }

    open func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
        ready?.uninstall()
        guidance = try makeGuidanceLayout(navMap, newState)
    }

    /// Builds and installs the active-guidance layout.
    func makeGuidanceLayout(_ navMap: NavigationMapView, _ newState: ActiveGuidanceUIState) throws -> StateLayout {
        let turnCard = newState.turnCard, etaCard = newState.etaCard
        let layout = StateLayout(topLevelViews: [turnCard, etaCard, newState.viewport, newState.googleLogo], buttons: newState.buttons)
        layout.constraints = [
            turnCard.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
            turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
            etaCard.leadingAnchor.constraint(equalTo: navMap.leadingAnchor),
            etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
            contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: etaCard.topAnchor),
        ] + commonConstraints(layout, map: navMap, logo: newState.googleLogo, viewport: newState.viewport,
                              top: turnCard.bottomAnchor)
        try layout.install(on: navMap)
        return layout
    }

    open func stopGuidance(navMap: NavigationMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) throws {
        guidance?.uninstall()
        guidance = nil
        try ready?.install(on: navMap)
    }

    /// The constraints adapt to a new size by themselves; the sample ignores wide mode.
    open func sizeChanged(navMap: NavigationMapView, newState: NavigationUIState) throws {}

    open func showPrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView) throws {
        try navMap.addSubview(newPrompt)
        prompt = newPrompt
        // Start just below the map view's bottom edge: the prompt arrives sized, so its frame's
        // height is known before any layout pass.
        let offset = newPrompt.bottomAnchor.constraint(equalTo: navMap.bottomAnchor, constant: newPrompt.frame.height)
        promptOffset = offset
        try LayoutConstraint.activate([
            offset,
            newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
            contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor),
        ])
        navMap.layoutIfNeeded()
        try navMap.animate(withDuration: Self.promptSlideDuration) {
            offset.constant = 0
        }
    }

    open func hidePrompt(navMap: NavigationMapView, oldPrompt: NavigationPromptView) throws {
        guard let offset = promptOffset else { return }
        promptOffset = nil
        prompt = nil
        let height = oldPrompt.frame.height
        try navMap.animate(withDuration: Self.promptSlideDuration, animations: {
            offset.constant = height
        }, completion: { _ in
            oldPrompt.removeFromSuperview()
        })
    }

    open func changePrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView) throws {
        try hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
        try showPrompt(navMap: navMap, newPrompt: newPrompt)
    }
}
