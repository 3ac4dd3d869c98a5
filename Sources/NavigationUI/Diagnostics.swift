import LayoutEngine

/// The map view's hierarchy as one evaluation of the rules sees it: one depth-first walk in paint
/// order (a view before its subviews, as `forEachView`), visibility carried down — instead of a
/// walk up the (weak) superview chain for every `isVisibleInHierarchy`, `isInSubtree(of:)` and
/// paint-order question, which made up much of the rules' cost (bench/RESULTS.md, issue 14).
/// Views outside the hierarchy get the per-view answers, so every answer equals them.
struct HierarchyWalk {
    /// Identifies this walk's marks (`LayoutView.walkMark`): a view belongs to this walk's
    /// hierarchy exactly when its mark holds this object. The views hold it strongly, so its
    /// address is never reused by another walk's token while a mark refers to it.
    private final class Token {}
    private let token = Token()
    /// Visible views the host made (not the map view, an SDK component or a hiding stack), in
    /// paint order.
    private(set) var visibleHostViews: [LayoutView] = []
    /// Whether a view in the hierarchy has a host element order (`accessibilityElements` set).
    private(set) var anyHostOrder = false
    /// Whether an SDK component in the hierarchy lies inside an accessibility element other than
    /// the map view (VoiceOver does not look inside elements).
    private(set) var componentInsideElement = false
    /// Whether a visible view other than an SDK component is an accessibility element.
    private(set) var visibleNonComponentElement = false

    init(_ map: NavigationMapView) {
        var n = 0
        let token = self.token
        func visit(_ v: LayoutView, parentVisible: Bool, insideElement: Bool) {
            let visible = parentVisible && !v.isHidden
            let index = n
            n += 1
            let component = v is NavigationComponentView
            if visible && v !== map && !component && !(v is NavigationHidingStackView) { visibleHostViews.append(v) }
            if v.customAccessibilityElements != nil { anyHostOrder = true }
            if component && insideElement { componentInsideElement = true }
            if visible && v !== map && !component && v.isAccessibilityElement { visibleNonComponentElement = true }
            // Only a view with subviews can hold a component (a component's own element flag is
            // a closure call: not asked for leaves).
            let holdsElement = insideElement || (!v.subviews.isEmpty && v !== map && v.isAccessibilityElement)
            for s in v.subviews { visit(s, parentVisible: visible, insideElement: holdsElement) }
            v.walkMark = HierarchyWalkMark(token: token, index: index, end: n, visible: visible)
        }
        visit(map, parentVisible: true, insideElement: false)
    }

    /// `v`'s entry from this walk, nil when the walk did not see `v` (outside the hierarchy).
    private func mark(_ v: LayoutView) -> (index: Int, end: Int, visible: Bool)? { v.walkEntry(for: token) }

    /// Whether `v` is in the map view's hierarchy (`v.isInSubtree(of: map)`).
    func contains(_ v: LayoutView) -> Bool { v.isMarked(by: token) }

    /// `v.isVisibleInHierarchy`.
    func isVisible(_ v: LayoutView) -> Bool {
        mark(v)?.visible ?? v.isVisibleInHierarchy
    }

    /// Whether one of `a`, `b` lies in the other's subtree.
    func related(_ a: LayoutView, _ b: LayoutView) -> Bool {
        related(a, subtree(of: a), b, subtree(of: b))
    }

    /// The paint-order positions of `v`'s subtree (`v` first), nil outside the hierarchy.
    func subtree(of v: LayoutView) -> Range<Int>? {
        mark(v).map { $0.index..<$0.end }
    }

    /// `related(a, b)` with their `subtree(of:)` already looked up.
    func related(_ a: LayoutView, _ sa: Range<Int>?, _ b: LayoutView, _ sb: Range<Int>?) -> Bool {
        guard let sa, let sb else { return a.isInSubtree(of: b) || b.isInSubtree(of: a) }
        return sb.contains(sa.lowerBound) || sa.contains(sb.lowerBound)
    }

    /// `v`'s position in paint order (later is drawn above), nil outside the hierarchy.
    func paintIndex(_ v: LayoutView) -> Int? { mark(v)?.index }
}

/// The navigation rules of docs/behaviour.md#diagnostics, checked on the target layout.
extension NavigationMapView {

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


    /// The diagnostics (docs/behaviour.md#diagnostics) of the current target layout: the engine's own (unsatisfiable,
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
        let walk = HierarchyWalk(self)
        let components = allComponents
        for name in legacyUses where wants(.legacyAPIIgnored) {
            out.append(LayoutDiagnostic(
                code: .legacyAPIIgnored,
                message: "\(name) is a legacy slot API and does nothing while a custom layout delegate is set; do it in the delegate instead (anchor to turnCard/etaCard/buttons, position the viewport)",
                items: []))
        }
        func rejected(_ component: NavigationComponentView) {
            for c in component.rejectedConstraints {
                out.append(LayoutDiagnostic(
                    code: .sizeConstraintOnFixedComponent,
                    message: "\(c) constrains the \(c.firstAnchor.attribute) of \(component.displayName), whose size the SDK fixes (docs/behaviour.md#component-sizes); it was not activated — position the component with edge or center anchors and let it keep its own size",
                    items: [component], constraints: [c]))
            }
        }
        for component in components { rejected(component) }
        for prompt in prompts { rejected(prompt) }
        let inHierarchy = { (v: LayoutView) -> Bool in walk.contains(v) }
        let visible = { (v: LayoutView) -> Bool in walk.isVisible(v) }
        // (Only the warning rules use them.)
        let opaqueHosts = wants(.viewportObstructed) || wants(.overlap) ? walk.visibleHostViews.filter(\.isOpaque) : []

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
                var axes: [LayoutAxis] = []
                if f.width <= 0 { axes.append(.horizontal) }
                if f.height <= 0 { axes.append(.vertical) }
                out.append(LayoutDiagnostic(
                    code: .emptyViewport,
                    message: "viewport has \(why), frame \(f)\(determiningClause(viewport, axes: axes)); constrain its four edges to the open, unobstructed area of the map",
                    items: [viewport]))
            }
        }

        // offscreen: the logo, the viewport or a visible component outside the map (prompts slide
        // across the edges and are exempt).
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for c in components where visible(c) || (c === googleLogo && inHierarchy(c)) {
            let f = c.targetFrame
            let eps = 1e-6
            var axes: [LayoutAxis] = []
            if f.minX < -eps || f.maxX > bounds.maxX + eps { axes.append(.horizontal) }
            if f.minY < -eps || f.maxY > bounds.maxY + eps { axes.append(.vertical) }
            if !axes.isEmpty {
                out.append(LayoutDiagnostic(
                    code: .offscreen,
                    message: "\(c.displayName) at \(f) lies (partly) outside the map view (\(size))\(determiningClause(c, axes: axes)); constrain it inside the map's bounds",
                    items: [c]))
            }
        }

        // viewportObstructed: cards, prompts and opaque host views over the viewport.
        if wants(.viewportObstructed) && visible(viewport) && viewport.targetFrame.area > 0 {
            let vp = viewport.targetFrame
            var obstacles: [LayoutView] = [turnCard, etaCard].filter(visible)
            obstacles += prompts.filter(visible)
            obstacles += opaqueHosts
            for o in obstacles where !walk.related(o, viewport) {
                if let overlap = vp.intersection(o.targetFrame) {
                    out.append(LayoutDiagnostic(
                        code: .viewportObstructed,
                        message: "\(o.displayName) covers \(overlap) of the viewport \(vp); the camera frames the route under it — constrain the viewport to the open area (e.g. its top to the turn card's bottom)",
                        items: [viewport, o]))
                }
            }
        }

        if wants(.overlap) { out += overlapDiagnostics(walk: walk, opaqueHosts: opaqueHosts) }

        if wants(.wideModeCardsNotLeading) && wideMode && stateKind == .activeGuidance {
            out += wideModeDiagnostics(visible: visible)
        }

        // staleComponent: once the transition and its animations are over.
        if wants(.staleComponent) && !system_.hasRunningAnimations && !system_.hasPendingCompletions {
            var current = Set(currentStateComponents.map { ObjectIdentifier($0) })
            if !isNavigationEnabled && compassSetting { current.insert(ObjectIdentifier(compassButton)) }
            for c in components where inHierarchy(c) && !current.contains(ObjectIdentifier(c)) {
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
        out += accessibilityDiagnostics(minimumSeverity: minimumSeverity, walk: walk)
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

    /// What puts `v` where it is on `axes`, for the messages of emptyViewport and offscreen (issue
    /// 14: name the culprit): `"; vertically it rests on A, B, C and D (and 5 more)"`. Per axis, the
    /// constraints of `constraintsAffectingLayout(for:)` that determine it (those that hold; the
    /// optional ones that lose do not put it anywhere): the host's on `v` itself first, then the
    /// host's others, then the engine's (with their kind, e.g. `(map frame)`), activation order
    /// within each group; at most `limit` named per axis, the rest counted. "" when no
    /// constraint determines an axis (see ambiguousLayout). Cost: the solver query of
    /// `constraintsAffectingLayout` per axis, only when the rule fires.
    private func determiningClause(_ v: LayoutView, axes: [LayoutAxis], limit: Int = 4) -> String {
        var parts: [String] = []
        for axis in axes {
            let determining = v.constraintsAffectingLayout(for: axis).filter(\.holdsExactly)
            if determining.isEmpty { continue }
            func onItself(_ c: LayoutConstraint) -> Bool { c.firstAnchor.item === v || c.secondAnchor?.item === v }
            let host = determining.filter { !$0.isEngineOwned }
            let ordered = host.filter(onItself) + host.filter { !onItself($0) } + determining.filter(\.isEngineOwned)
            let named = ordered.prefix(limit).map { $0.isEngineOwned ? "\($0) (\($0.engineRole))" : "\($0)" }
            let list = named.count > 1 ? named.dropLast().joined(separator: ", ") + " and " + named[named.count - 1] : named[0]
            let more = ordered.count > limit ? " (and \(ordered.count - limit) more)" : ""
            parts.append("\(axis == .horizontal ? "horizontally" : "vertically") it rests on \(list)\(more)")
        }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: "; ")
    }

    /// Visible host views that hide what is under them (`opaqueHosts`: not SDK components, not
    /// hiding stacks, not the map view, `isOpaque`) over the logo and buttons, two SDK components
    /// over each other, and prompts under cards.
    private func overlapDiagnostics(walk: HierarchyWalk, opaqueHosts hosts: [LayoutView]) -> [LayoutDiagnostic] {
        var out: [LayoutDiagnostic] = []
        // Each view with its visible rect and subtree, looked up once (not once per pair), in
        // arrays made once (this runs after every event a handler of every severity hears).
        struct Placed {
            let view: LayoutView
            let rect: Rect
            let subtree: Range<Int>?
            /// The logo or a button (what prompts and host views must keep clear of).
            let isLogoOrButton: Bool
        }
        func place(_ v: LayoutView, logoOrButton: Bool = false) -> Placed {
            Placed(view: v, rect: visibleRect(v), subtree: walk.subtree(of: v), isLogoOrButton: logoOrButton)
        }
        func related(_ a: Placed, _ b: Placed) -> Bool { walk.related(a.view, a.subtree, b.view, b.subtree) }
        func report(_ a: Placed, _ b: Placed, _ area: Rect, _ advice: String) {
            out.append(LayoutDiagnostic(
                code: .overlap,
                message: "\(a.view.displayName) overlaps \(b.view.displayName) at \(area); \(advice)",
                items: [a.view, b.view]))
        }
        // The visible SDK components but the viewport: the logo, the cards, the bar and the
        // widget, then the buttons.
        var components: [Placed] = []
        components.reserveCapacity(8)
        for v in [googleLogo, turnCard, etaCard, tripProgressBar, speedWidget] where walk.isVisible(v) {
            components.append(place(v, logoOrButton: v === googleLogo))
        }
        for v in [compassButton, reportingButton, unknownButton] where walk.isVisible(v) {
            components.append(place(v, logoOrButton: true))
        }
        var shownPrompts: [Placed] = []
        for p in prompts where walk.isVisible(p) { shownPrompts.append(place(p)) }
        // A prompt or an opaque host view over the logo or a visible button (logo first).
        func clearOfLogoAndButtons(_ a: Placed) {
            for b in components where b.isLogoOrButton && !related(a, b) {
                if let area = a.rect.intersection(b.rect) {
                    report(a, b, area, "keep the logo and the buttons clear of it (e.g. keep a guide above the prompt and anchor them to it)")
                }
            }
        }
        for a in shownPrompts { clearOfLogoAndButtons(a) }
        for h in hosts { clearOfLogoAndButtons(place(h)) }
        // Two SDK components (not prompts, not the invisible viewport).
        for i in 0..<components.count {
            for j in (i + 1)..<max(components.count, i + 1) where j < components.count {
                let a = components[i], b = components[j]
                if related(a, b) { continue }
                if let area = a.rect.intersection(b.rect) {
                    report(a, b, area, "move one of them; to stack two SDK components, anchor one to the other's layoutMarginsGuide")
                }
            }
        }
        // A prompt over a card must be above it in z-order.
        for p in shownPrompts {
            for card in components where (card.view === turnCard || card.view === etaCard) && !related(p, card) {
                if let area = p.rect.intersection(card.rect),
                   (p.subtree?.lowerBound ?? 0) < (card.subtree?.lowerBound ?? 0) {
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
            message: "in wide mode the turn card and the ETA card must sit at the leading edge of the safe area, turn card on top (docs/behaviour.md#wide-mode): \(problems.joined(separator: "; ")); anchor both cards' leading edges to safeAreaLayoutGuide.leadingAnchor",
            items: offending)]
    }
}
