import LayoutEngine

/// The map view's own layout (docs/behaviour.md#built-in-layout), used when no custom delegate is set. It is written on the
/// same public API a host delegate uses; the only thing it reads beyond the state objects is the
/// map view's legacy slot settings (`isNavigationHeaderEnabled`, `padding`, …), which act only
/// here.
///
/// Standard variant: turn card at the top, ETA card at the bottom (full width), the buttons in a
/// bottom-packed trailing hiding stack between them, the logo bottom-leading with the speed widget
/// on top of it and the trip progress bar above that along the leading edge, the viewport in the
/// open area between the header and a zero-height "content bottom" guide that rests on the
/// safe-area bottom (priority 250) but stays above the ETA card and any prompt.
/// Wide variant: both cards at the leading edge of the safe area (turn card top, ETA card
/// bottom); the viewport, buttons, logo, speed widget and trip progress bar in the column to the
/// cards' trailing side.
/// Prompts slide up from below the map view in 0.4 s at the safe area's leading edge and slide
/// back down when hidden, then leave the hierarchy.
/// The four legacy layout guides follow the turn card, the ETA card, the button stack, and the
/// free column above the button stack.
public final class BuiltInLayoutDelegate: NavigationLayoutDelegate {
    /// Seconds a prompt takes to slide in or out.
    public static let promptSlideDuration = 0.4

    private let contentBottom = LayoutGuide(identifier: "contentBottom")
    private let stack = NavigationHidingStackView(position: .bottom, alignment: .trailing, identifier: "buttonStack")
    private var views: [LayoutView] = []
    private var constraints: [LayoutConstraint] = []
    /// Prompts on screen (or sliding out), oldest first, with the constraint that slides each.
    private var prompts: [(view: NavigationPromptView, offset: LayoutConstraint, sliding: Bool)] = []
    private var currentState: NavigationUIState?

    public init() {}

    /// Teardown (issue 8): the built-in layout's own views, guide and constraints.
    func tearDown(_ tearDownView: (LayoutView) -> Void) {
        tearDownView(stack)
        for v in views { tearDownView(v) }
        for p in prompts { tearDownView(p.view) }
        contentBottom.breakReferenceCycles()
        views.removeAll()
        constraints.removeAll()
        prompts.removeAll()
        currentState = nil
    }

    /// True while the built-in layout adds and removes its own views.
    private(set) var isApplying = false

    /// Builds (or rebuilds) the layout for `state` from the map view's current settings.
    func apply(_ map: NavigationMapView, _ state: NavigationUIState?) throws {
        isApplying = true
        defer { isApplying = false }
        tearDownLayout(map)
        currentState = state
        guard let state else { return }
        try map.addLayoutGuide(contentBottom)
        let safe = map.safeAreaLayoutGuide
        let wide = state.wideMode
        let settings = map.legacySettings
        var c: [LayoutConstraint] = []
        let rest = contentBottom.bottomAnchor.constraint(equalTo: safe.bottomAnchor)
        rest.priority = .defaultLow
        c += [contentBottom.heightAnchor.constraint(equalToConstant: 0), rest]

        let active = state as? ActiveGuidanceUIState
        let turnCard = settings.headerEnabled ? active?.turnCard : nil
        let etaCard = settings.footerEnabled ? active?.etaCard : nil
        var contentTop = safe.topAnchor
        var columnLeading = safe.leadingAnchor
        if let turnCard {
            views.append(turnCard)
            c += [turnCard.topAnchor.constraint(equalTo: map.topAnchor),
                  turnCard.leadingAnchor.constraint(equalTo: safe.leadingAnchor)]
            if wide { columnLeading = turnCard.trailingAnchor } else { contentTop = turnCard.bottomAnchor }
        }
        if let accessory = settings.headerAccessoryView, active != nil {
            views.append(accessory)
            let above = turnCard?.bottomAnchor ?? safe.topAnchor
            c += [accessory.topAnchor.constraint(equalTo: above)]
            // The height the accessory reports now; re-read at the next rebuild (a transition, a
            // legacy setting, or invalidateLayout(forAccessoryView:), issue 16).
            let height = accessory.intrinsicContentSize.height
            if height != LayoutView.noIntrinsicMetric { c.append(accessory.heightAnchor.constraint(equalToConstant: height)) }
            if let turnCard {
                c += [accessory.leadingAnchor.constraint(equalTo: turnCard.leadingAnchor),
                      accessory.trailingAnchor.constraint(equalTo: turnCard.trailingAnchor)]
            } else {
                c += [accessory.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
                      accessory.trailingAnchor.constraint(equalTo: safe.trailingAnchor)]
            }
            if !wide || turnCard == nil { contentTop = accessory.bottomAnchor }
        }
        if let etaCard {
            views.append(etaCard)
            c += [etaCard.bottomAnchor.constraint(equalTo: map.bottomAnchor),
                  etaCard.leadingAnchor.constraint(equalTo: wide ? safe.leadingAnchor : map.leadingAnchor)]
            if wide {
                if turnCard == nil { columnLeading = etaCard.trailingAnchor }
            } else {
                c += [contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: etaCard.topAnchor)]
            }
        }

        let viewport = state.viewport, logo = state.googleLogo
        views += [viewport, logo]
        c += [viewport.leadingAnchor.constraint(equalTo: columnLeading),
              viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
              viewport.topAnchor.constraint(equalTo: contentTop),
              viewport.bottomAnchor.constraint(equalTo: contentBottom.topAnchor),
              logo.leadingAnchor.constraint(equalTo: columnLeading),
              logo.bottomAnchor.constraint(equalTo: contentBottom.topAnchor)]

        var aboveLogo = logo.topAnchor
        if let active {
            let speed = active.speedWidget
            views.append(speed)
            c += [speed.leadingAnchor.constraint(equalTo: columnLeading),
                  speed.bottomAnchor.constraint(equalTo: logo.topAnchor)]
            aboveLogo = speed.topAnchor
            if settings.tripProgressBarEnabled {
                let bar = active.tripProgressBar
                views.append(bar)
                c += [bar.leadingAnchor.constraint(equalTo: columnLeading),
                      bar.topAnchor.constraint(equalTo: contentTop, constant: NavigationStyleValues.buttonVerticalPadding),
                      bar.bottomAnchor.constraint(equalTo: aboveLogo, constant: -NavigationStyleValues.buttonVerticalPadding)]
            }
        }

        let buttons = state.buttons.filter { b in
            switch b.type {
            case .compass: return true
            case .reporting: return settings.reportIncidentButtonEnabled
            case .unknown: return false
            }
        }.map(\.view)
        // A stable order whatever order the state lists them in: compass at the bottom.
        let ordered = buttons.sorted { ($0 === map.compassButton ? 0 : 1) < ($1 === map.compassButton ? 0 : 1) }
        for v in views { try map.addSubview(v) }
        try stack.setArrangedSubviews(ordered)
        try map.addSubview(stack)
        c += [stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
              stack.topAnchor.constraint(equalTo: wide ? safe.topAnchor : contentTop),
              stack.bottomAnchor.constraint(equalTo: contentBottom.topAnchor)]
        c += map.legacyGuideConstraints(turnCard: turnCard, etaCard: etaCard, stack: stack,
                                         top: wide ? safe.topAnchor : contentTop)
        // Prompts on screen keep their own constraints; tie them to the new guide and keep them
        // above the cards in z-order (prompts float above cards, docs/behaviour.md#overlap).
        for p in prompts where p.view.superview === map {
            c.append(contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: p.view.topAnchor))
            try map.addSubview(p.view)
        }
        try LayoutConstraint.activate(c)
        constraints = c
    }

    private func tearDownLayout(_ map: NavigationMapView) {
        LayoutConstraint.deactivate(constraints)
        constraints = []
        stack.removeFromSuperview()
        stack.arrangedSubviews = []
        for v in views { v.removeFromSuperview() }
        views = []
        map.removeLayoutGuide(contentBottom)
    }

    public func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws {
        try apply(navMap, newState)
    }

    public func disableNavigationUI(navMap: NavigationMapView, oldState: NavigationReadyUIState) throws {
        for p in prompts { p.view.removeFromSuperview() }
        prompts = []
        try apply(navMap, nil)
    }

    public func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
        try apply(navMap, newState)
    }

    public func stopGuidance(navMap: NavigationMapView, newState: NavigationReadyUIState, oldState: ActiveGuidanceUIState) throws {
        try apply(navMap, newState)
    }

    public func sizeChanged(navMap: NavigationMapView, newState: NavigationUIState) throws {
        try apply(navMap, newState)
    }

    /// Rebuilds the current state's layout after a legacy setting changed (or a legacy guide was
    /// added). Unlike a transition, the rebuild keeps the z-order of the map view's subviews:
    /// views that stay keep their places — a host's view in front stays in front (issue 17) — and
    /// a view the new settings bring in goes next to the built-in views it is built after.
    func settingsChanged(_ map: NavigationMapView) throws {
        guard let currentState else { return }
        let before = map.subviews
        try apply(map, map.uiState ?? currentState)
        try restoreOrder(map, before: before)
    }

    /// Reorders the map view's subviews after a rebuild: the ones that were there before in their
    /// old order; each new one just above the built-in view that precedes it in the rebuilt order
    /// (or just below the one that follows it, or at the back).
    private func restoreOrder(_ map: NavigationMapView, before: [LayoutView]) throws {
        let after = map.subviews
        let old = Set(before.map(ObjectIdentifier.init))
        let now = Set(after.map(ObjectIdentifier.init))
        var order = before.filter { now.contains(ObjectIdentifier($0)) }
        let builtIn = Set((views + [stack] + prompts.map { $0.view }).map(ObjectIdentifier.init))
        for (i, v) in after.enumerated() where !old.contains(ObjectIdentifier(v)) {
            let previous = after[..<i].last { builtIn.contains(ObjectIdentifier($0)) }
            let next = after[(i + 1)...].first { builtIn.contains(ObjectIdentifier($0)) && old.contains(ObjectIdentifier($0)) }
            if let previous, let j = order.firstIndex(where: { $0 === previous }) {
                order.insert(v, at: j + 1)
            } else if let next, let j = order.firstIndex(where: { $0 === next }) {
                order.insert(v, at: j)
            } else {
                order.insert(v, at: 0)
            }
        }
        guard !order.elementsEqual(after, by: ===) else { return }
        for v in order { try map.addSubview(v) }  // moves each to the front, in order
    }

    public func showPrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView) throws {
        try navMap.addSubview(newPrompt)
        let offset = newPrompt.bottomAnchor.constraint(equalTo: navMap.bottomAnchor, constant: newPrompt.frame.height)
        try LayoutConstraint.activate([
            offset,
            newPrompt.leadingAnchor.constraint(equalTo: navMap.safeAreaLayoutGuide.leadingAnchor),
            contentBottom.bottomAnchor.constraint(lessThanOrEqualTo: newPrompt.topAnchor),
        ])
        prompts.append((newPrompt, offset, false))
        navMap.layoutIfNeeded()
        try navMap.animate(withDuration: Self.promptSlideDuration) { offset.constant = 0 }
    }

    public func hidePrompt(navMap: NavigationMapView, oldPrompt: NavigationPromptView) throws {
        guard let i = prompts.firstIndex(where: { $0.view === oldPrompt && !$0.sliding }) else { return }
        prompts[i].sliding = true
        let offset = prompts[i].offset
        let height = oldPrompt.frame.height
        try navMap.animate(withDuration: Self.promptSlideDuration, animations: {
            offset.constant = height
        }, completion: { [weak self] _ in
            oldPrompt.removeFromSuperview()
            self?.prompts.removeAll { $0.view === oldPrompt }
        })
    }

    public func changePrompt(navMap: NavigationMapView, newPrompt: NavigationPromptView, oldPrompt: NavigationPromptView) throws {
        try hidePrompt(navMap: navMap, oldPrompt: oldPrompt)
        try showPrompt(navMap: navMap, newPrompt: newPrompt)
    }
}
