import LayoutEngine

/// The navigation rules of SPEC §8, checked on the target layout.
extension NavigationMapView {
    /// Every SDK component the map view owns (prompts not included).
    var allComponents: [NavigationComponentView] {
        [googleLogo, viewport, compassButton, reportingButton, unknownButton, turnCard, etaCard, tripProgressBar, speedWidget]
    }

    /// The components the current state hands to the delegate (its "own" views).
    private var currentStateComponents: [LayoutView] {
        guard let state = uiState else { return [] }
        var views: [LayoutView] = [state.googleLogo, state.viewport] + state.buttons.map(\.view)
        if let a = state as? ActiveGuidanceUIState { views += [a.turnCard, a.etaCard, a.tripProgressBar, a.speedWidget] }
        return views
    }

    /// What a component shows: its frame inset by its built-in margins. Components align to each
    /// other's `layoutMarginsGuide` (the seed's advice), so their margins may overlap.
    private func visibleRect(_ v: LayoutView) -> Rect {
        let f = v.targetFrame
        guard v is NavigationComponentView else { return f }
        let m = v.layoutMargins
        return Rect(x: f.x + m.left, y: f.y + m.top, width: f.width - m.left - m.right, height: f.height - m.top - m.bottom)
    }

    private func related(_ a: LayoutView, _ b: LayoutView) -> Bool { a.isInSubtree(of: b) || b.isInSubtree(of: a) }

    /// Paint order: later in a depth-first walk of the hierarchy is drawn above.
    private func paintOrder() -> [ObjectIdentifier: Int] {
        var order: [ObjectIdentifier: Int] = [:]
        var n = 0
        forEachView { v in order[ObjectIdentifier(v)] = n; n += 1 }
        return order
    }

    /// SPEC §8 diagnostics for the current target layout: the engine's own (unsatisfiable,
    /// ambiguousLayout, hiddenInHidingStack, leftRightAnchor) and the navigation rules
    /// (legacyAPIIgnored, sizeConstraintOnFixedComponent, missingRequiredComponent — absent or
    /// hidden —, emptyViewport,
    /// offscreen, viewportObstructed, overlap, wideModeCardsNotLeading, staleComponent).
    ///
    /// With `minimumSeverity` above `.info` the rules of lower severities are not evaluated: the
    /// result is the full list without them, in the same order (issue 14: the default handler
    /// reports errors only, and a report nobody would hear should cost nothing).
    func computeDiagnostics(minimumSeverity: DiagnosticSeverity = .info) -> [LayoutDiagnostic] {
        func wants(_ code: DiagnosticCode) -> Bool { code.severity.rawValue >= minimumSeverity.rawValue }
        var out = engineDiagnostics(minimumSeverity: minimumSeverity)
        for name in legacyUses where wants(.legacyAPIIgnored) {
            out.append(LayoutDiagnostic(
                code: .legacyAPIIgnored,
                message: "\(name) is a legacy slot API and does nothing while a custom layout delegate is set; do it in the delegate instead (anchor to turnCard/etaCard/buttons, position the viewport)",
                items: []))
        }
        for component in allComponents + prompts {
            for c in component.rejectedConstraints {
                out.append(LayoutDiagnostic(
                    code: .sizeConstraintOnFixedComponent,
                    message: "\(c) constrains the \(c.firstAnchor.attribute) of \(component.displayName), whose size the SDK fixes (SPEC §4); it was not activated — position the component with edge or center anchors and let it keep its own size",
                    items: [component], constraints: [c]))
            }
        }
        let inHierarchy = { (v: LayoutView) -> Bool in v.isInSubtree(of: self) }
        let visible = { (v: LayoutView) -> Bool in v.isVisibleInHierarchy }

        if isNavigationEnabled {
            for component in [googleLogo, viewport] {
                if !inHierarchy(component) {
                    out.append(LayoutDiagnostic(
                        code: .missingRequiredComponent,
                        message: "\(component.displayName) is not in the map view's hierarchy in the \(stateKind) state; every navigation state must add googleLogo and viewport and keep them there",
                        items: [component]))
                } else if let hider = hiddenCause(of: component) {
                    out.append(hiddenRequiredComponent(component, hiddenBy: hider))
                }
            }
            if inHierarchy(viewport) && viewport.targetFrame.area == 0 {
                let f = viewport.targetFrame
                let why = f.width < 0 || f.height < 0 ? "a negative size" : "zero area"
                out.append(LayoutDiagnostic(
                    code: .emptyViewport,
                    message: "viewport has \(why) (\(f)); constrain its four edges to the open, unobstructed area of the map",
                    items: [viewport]))
            }
        }

        // offscreen: the logo, the viewport or a visible component outside the map (prompts slide
        // across the edges and are exempt).
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for c in allComponents where visible(c) || (c === googleLogo && inHierarchy(c)) {
            let f = c.targetFrame
            let eps = 1e-6
            if f.minX < -eps || f.minY < -eps || f.maxX > bounds.maxX + eps || f.maxY > bounds.maxY + eps {
                out.append(LayoutDiagnostic(
                    code: .offscreen,
                    message: "\(c.displayName) at \(f) lies (partly) outside the map view (\(size)); constrain it inside the map's bounds",
                    items: [c]))
            }
        }

        // viewportObstructed: cards, prompts and opaque host views over the viewport.
        if wants(.viewportObstructed) && visible(viewport) && viewport.targetFrame.area > 0 {
            let vp = viewport.targetFrame
            var obstacles: [LayoutView] = [turnCard, etaCard].filter(visible)
            obstacles += prompts.filter(visible)
            obstacles += opaqueHostViews()
            for o in obstacles where !related(o, viewport) {
                if let overlap = vp.intersection(o.targetFrame) {
                    out.append(LayoutDiagnostic(
                        code: .viewportObstructed,
                        message: "\(o.displayName) covers \(overlap) of the viewport \(vp); the camera frames the route under it — constrain the viewport to the open area (e.g. its top to the turn card's bottom)",
                        items: [viewport, o]))
                }
            }
        }

        if wants(.overlap) { out += overlapDiagnostics(visible: visible) }

        if wants(.wideModeCardsNotLeading) && wideMode && stateKind == .activeGuidance {
            out += wideModeDiagnostics(visible: visible)
        }

        // staleComponent: once the transition and its animations are over.
        if wants(.staleComponent) && !system_.hasRunningAnimations && !system_.hasPendingCompletions {
            var current = Set(currentStateComponents.map { ObjectIdentifier($0) })
            if !isNavigationEnabled && compassSetting { current.insert(ObjectIdentifier(compassButton)) }
            for c in allComponents where inHierarchy(c) && !current.contains(ObjectIdentifier(c)) {
                out.append(LayoutDiagnostic(
                    code: .staleComponent,
                    message: "\(c.displayName) is still in the hierarchy but is not part of the \(stateKind) state; remove it (and deactivate its constraints) when leaving the state that provided it",
                    items: [c]))
            }
            for p in prompts where p !== currentPrompt && inHierarchy(p) {
                out.append(LayoutDiagnostic(
                    code: .staleComponent,
                    message: "\(p.displayName) was hidden but is still in the hierarchy; remove it from its superview when its hide animation completes",
                    items: [p]))
            }
        }
        // Host views and guides the delegate left behind after disableNavigationUI (issue 16).
        if wants(.staleComponent) { out += stateExitDiagnostics() }
        out += accessibilityDiagnostics(minimumSeverity: minimumSeverity)
        out += refusedCalls
        return minimumSeverity == .info ? out : out.filter { $0.severity.rawValue >= minimumSeverity.rawValue }
    }

    /// The view whose `isHidden` hides `view`: the view itself or its nearest hidden ancestor
    /// (nil when it is visible).
    private func hiddenCause(of view: LayoutView) -> LayoutView? {
        var v: LayoutView? = view
        while let x = v, x !== self {
            if x.isHidden { return x }
            v = x.superview
        }
        return nil
    }

    /// `missingRequiredComponent` for a logo or viewport that is in the hierarchy but hidden —
    /// the seed's "add, position and keep visible" (issue 16). Items: the component, then the
    /// hidden ancestor that hides it, if any.
    private func hiddenRequiredComponent(_ component: LayoutView, hiddenBy hider: LayoutView) -> LayoutDiagnostic {
        let name = component === googleLogo && isShowingRecenterButton
            ? "\(component.displayName) (showing as the re-center button)" : component.displayName
        let how: String
        let fix: String
        if hider === component {
            if component.managingStack != nil {
                how = "the hiding stack that arranges it hid it (it does not fit)"
                fix = "take it out of the hiding stack, or give the stack the room"
            } else {
                how = "its isHidden is true"
                fix = "set its isHidden to false"
            }
        } else if hider.managingStack != nil {
            how = "it is inside \(hider.displayName), which a hiding stack hid (it does not fit)"
            fix = "move it out of \(hider.displayName), or give the stack the room"
        } else {
            how = "it is inside \(hider.displayName), whose isHidden is true"
            fix = "set isHidden to false on \(hider.displayName), or move \(component.displayName) out of it"
        }
        return LayoutDiagnostic(
            code: .missingRequiredComponent,
            message: "\(name) is in the map view's hierarchy but hidden in the \(stateKind) state: \(how); every navigation state must keep googleLogo and viewport visible — \(fix)",
            items: hider === component ? [component] : [component, hider])
    }

    /// Visible host views that hide what is under them: not SDK components, not hiding stacks,
    /// not the map view, `isOpaque`.
    private func opaqueHostViews() -> [LayoutView] {
        var out: [LayoutView] = []
        forEachView { v in
            if v !== self && !(v is NavigationComponentView) && !(v is NavigationHidingStackView)
                && v.isOpaque && v.isVisibleInHierarchy {
                out.append(v)
            }
        }
        return out
    }

    private func overlapDiagnostics(visible: (LayoutView) -> Bool) -> [LayoutDiagnostic] {
        var out: [LayoutDiagnostic] = []
        let buttons = [compassButton, reportingButton, unknownButton].filter(visible)
        let logoAndButtons: [LayoutView] = [googleLogo].filter(visible) + buttons
        let shownPrompts = prompts.filter(visible)
        let hosts = opaqueHostViews()
        func report(_ a: LayoutView, _ b: LayoutView, _ area: Rect, _ advice: String) {
            out.append(LayoutDiagnostic(
                code: .overlap,
                message: "\(a.displayName) overlaps \(b.displayName) at \(area); \(advice)",
                items: [a, b]))
        }
        // A prompt or an opaque host view over the logo or a visible button.
        for a in shownPrompts + hosts {
            for b in logoAndButtons where !related(a, b) {
                if let area = visibleRect(a).intersection(visibleRect(b)) {
                    report(a, b, area, "keep the logo and the buttons clear of it (e.g. keep a guide above the prompt and anchor them to it)")
                }
            }
        }
        // Two SDK components (not prompts, not the invisible viewport).
        let components: [LayoutView] = [googleLogo, turnCard, etaCard, tripProgressBar, speedWidget].filter(visible) + buttons
        for i in 0..<components.count {
            for j in (i + 1)..<max(components.count, i + 1) where j < components.count {
                let a = components[i], b = components[j]
                if related(a, b) { continue }
                if let area = visibleRect(a).intersection(visibleRect(b)) {
                    report(a, b, area, "move one of them; to stack two SDK components, anchor one to the other's layoutMarginsGuide")
                }
            }
        }
        // A prompt over a card must be above it in z-order.
        let order = paintOrder()
        for p in shownPrompts {
            for card in [turnCard, etaCard].filter(visible) where !related(p, card) {
                if let area = visibleRect(p).intersection(visibleRect(card)),
                   (order[ObjectIdentifier(p)] ?? 0) < (order[ObjectIdentifier(card)] ?? 0) {
                    report(p, card, area, "the prompt is below the card in z-order and is covered by it: add the prompt after the card, or move it above with bringSubviewToFront(_:) or insertSubview(_:aboveSubview:)")
                }
            }
        }
        return out
    }

    private func wideModeDiagnostics(visible: (LayoutView) -> Bool) -> [LayoutDiagnostic] {
        let leadingEdge = layoutDirection == .leftToRight ? safeArea.left : size.width - safeArea.right
        var offending: [LayoutView] = []
        for card in [turnCard, etaCard] where visible(card) {
            let f = card.targetFrame
            let edge = layoutDirection == .leftToRight ? f.minX : f.maxX
            if abs(edge - leadingEdge) > 0.5 { offending.append(card) }
        }
        var problems: [String] = offending.map { "\($0.displayName)'s leading edge is at \(formatPoints(layoutDirection == .leftToRight ? $0.targetFrame.minX : $0.targetFrame.maxX)), not at the safe area's \(formatPoints(leadingEdge))" }
        if visible(turnCard) && visible(etaCard) && turnCard.targetFrame.maxY > etaCard.targetFrame.minY + 0.5 {
            problems.append("the turn card is not above the ETA card")
            if offending.isEmpty { offending = [turnCard, etaCard] }
        }
        guard !problems.isEmpty else { return [] }
        return [LayoutDiagnostic(
            code: .wideModeCardsNotLeading,
            message: "in wide mode the turn card and the ETA card must sit at the leading edge of the safe area, turn card on top (SPEC §4): \(problems.joined(separator: "; ")); anchor both cards' leading edges to safeAreaLayoutGuide.leadingAnchor",
            items: offending)]
    }
}
