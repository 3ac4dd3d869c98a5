import LayoutEngine
import NavigationUI

/// A layout delegate with a wide-mode variant (the seed's "wide mode" guidance, issue 3).
///
/// Standard variant: exactly the sample's layout (`SampleLayoutDelegate`).
/// Wide variant, in active guidance: the turn card and the ETA card at the leading edge of the
/// safe area (turn card at the top, ETA card at the bottom); on their trailing side a host
/// "orderStatus" card (64 pt tall, 8 pt in from the cards, the safe area's trailing edge and top)
/// with the viewport below it down to the content-bottom guide; the buttons in a bottom-packed
/// trailing stack beside the viewport; the logo at the viewport's bottom-leading corner; the trip
/// progress bar along the viewport's leading edge (8 pt in) from 8 pt below its top to 8 pt above
/// the logo; the speed widget above the ETA card, aligned to the card's `layoutMarginsGuide` so
/// the two components' built-in margins do not add up.
///
/// It reads `wideMode` in `enableNavigationUI`, `startGuidance` and `sizeChanged`, as the seed
/// advises, so a session that starts in landscape gets the wide variant at once.
public final class WideLayoutDelegate: SampleLayoutDelegate {
    /// The host's own view shown in the wide variant.
    public let orderStatus: LayoutView = {
        let v = LayoutView(identifier: "orderStatus")
        v.intrinsicContentSize = Size(width: LayoutView.noIntrinsicMetric, height: 64)
        return v
    }()
    private var guidanceIsWide = false

    public override init() { super.init() }

    override func makeGuidanceLayout(_ navMap: NavigationMapView, _ newState: ActiveGuidanceUIState) throws -> StateLayout {
        guidanceIsWide = newState.wideMode
        guard newState.wideMode else { return try super.makeGuidanceLayout(navMap, newState) }
        let safe = navMap.safeAreaLayoutGuide
        let turnCard = newState.turnCard, etaCard = newState.etaCard
        let viewport = newState.viewport, logo = newState.googleLogo
        let speed = newState.speedWidget, bar = newState.tripProgressBar
        let layout = StateLayout(topLevelViews: [turnCard, etaCard, orderStatus, viewport, logo, speed, bar],
                                 buttons: newState.buttons)
        let gap = NavigationStyleValues.elementHorizontalPadding
        layout.constraints = restingConstraints + [
            turnCard.topAnchor.constraint(equalTo: navMap.topAnchor),
            turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            etaCard.bottomAnchor.constraint(equalTo: navMap.bottomAnchor),
            etaCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor),

            orderStatus.topAnchor.constraint(equalTo: safe.topAnchor, constant: NavigationStyleValues.headerTopPadding),
            orderStatus.leadingAnchor.constraint(equalTo: turnCard.trailingAnchor, constant: gap),
            orderStatus.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -gap),

            viewport.topAnchor.constraint(equalTo: orderStatus.bottomAnchor, constant: gap),
            viewport.leadingAnchor.constraint(equalTo: turnCard.trailingAnchor),
            viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),

            layout.stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            layout.stack.topAnchor.constraint(equalTo: viewport.topAnchor),
            layout.stack.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),

            logo.leadingAnchor.constraint(equalTo: viewport.leadingAnchor),
            logo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),

            speed.leadingAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.leadingAnchor),
            speed.bottomAnchor.constraint(equalTo: etaCard.layoutMarginsGuide.topAnchor),

            bar.leadingAnchor.constraint(equalTo: viewport.leadingAnchor, constant: gap),
            bar.topAnchor.constraint(equalTo: viewport.topAnchor, constant: gap),
            bar.bottomAnchor.constraint(equalTo: logo.topAnchor, constant: -gap),
        ]
        try layout.install(on: navMap)
        return layout
    }

    public override func sizeChanged(navMap: NavigationMapView, newState: NavigationUIState) throws {
        guard let active = newState as? ActiveGuidanceUIState, active.wideMode != guidanceIsWide,
              let old = guidance else { return }
        // The variant changed: replace the active-guidance layout, and keep a shown prompt above
        // the re-added cards.
        old.uninstall()
        guidance = try makeGuidanceLayout(navMap, active)
        if let prompt, prompt.superview === navMap { try navMap.addSubview(prompt) }
    }
}
