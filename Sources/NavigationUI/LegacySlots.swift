import LayoutEngine

/// The legacy slot settings (docs/behaviour.md#legacy-slot-settings). They act only on the built-in layout.
struct LegacySettings: Equatable {
    var headerEnabled = true
    var footerEnabled = true
    var tripProgressBarEnabled = true
    var reportIncidentButtonEnabled = true
    var headerAccessoryView: LayoutView?
    var padding = EdgeInsets.zero
    var paddingAdjustmentBehavior = PaddingAdjustmentBehavior.always

    /// Equal settings lay out the same (the accessory view compared by identity).
    static func == (a: LegacySettings, b: LegacySettings) -> Bool {
        a.headerEnabled == b.headerEnabled && a.footerEnabled == b.footerEnabled
            && a.tripProgressBarEnabled == b.tripProgressBarEnabled
            && a.reportIncidentButtonEnabled == b.reportIncidentButtonEnabled
            && a.headerAccessoryView === b.headerAccessoryView && a.padding == b.padding
            && a.paddingAdjustmentBehavior == b.paddingAdjustmentBehavior
    }
}

/// How the safe-area insets combine with the legacy `padding` in the built-in layout's camera
/// (the SDK's `GMSMapViewPaddingAdjustmentBehavior`; raw values equal its cases and
/// `NL_PADDING_ADJUSTMENT_*`).
public enum PaddingAdjustmentBehavior: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The safe-area insets are added to the padding (the default).
    case always = 0
    /// On each edge the larger of the safe-area inset and the padding is used.
    case automatic = 1
    /// The safe-area insets are not added: the padding is measured from what the built-in
    /// layout's own components take (the SDK's behaviour before its version 2.5).
    case never = 2

    public var description: String {
        switch self {
        case .always: return "always"
        case .automatic: return "automatic"
        case .never: return "never"
        }
    }
}

/// The legacy layout guides a host anchors its views to (docs/behaviour.md#legacy-layout-guides).
public enum LegacyLayoutGuideKind: Int32, CaseIterable, Sendable {
    /// Follows the turn card (a zero-height strip at the safe-area top when there is none).
    case navigationHeader = 0
    /// Follows the ETA card (a zero-height strip at the safe-area bottom when there is none).
    case navigationFooter
    /// The column the bottom-trailing buttons occupy: from the top of the stacked buttons down to
    /// the bottom of the button stack, as wide as the stack.
    case bottomTrailingButtons
    /// The free part of the trailing column above the buttons (8 pt gap), for extra host buttons.
    case bottomTrailingButtonsAlternate

    var name: String {
        switch self {
        case .navigationHeader: return "navigationHeaderLayoutGuide"
        case .navigationFooter: return "navigationFooterLayoutGuide"
        case .bottomTrailingButtons: return "bottomTrailingButtonsLayoutGuide"
        case .bottomTrailingButtonsAlternate: return "bottomTrailingButtonsAlternateLayoutGuide"
        }
    }
}

extension NavigationMapView {
    /// Whether the built-in layout shows the turn card (legacy; ignored and reported as
    /// `legacyAPIIgnored` while a custom delegate is set). Default true.
    public var isNavigationHeaderEnabled: Bool {
        get { legacySettings.headerEnabled }
        set { changeLegacy("isNavigationHeaderEnabled") { $0.headerEnabled = newValue } }
    }

    /// Whether the built-in layout shows the ETA card (legacy). Default true.
    public var isNavigationFooterEnabled: Bool {
        get { legacySettings.footerEnabled }
        set { changeLegacy("isNavigationFooterEnabled") { $0.footerEnabled = newValue } }
    }

    /// Whether the built-in layout shows the trip progress bar (legacy). Default true.
    public var isNavigationTripProgressBarEnabled: Bool {
        get { legacySettings.tripProgressBarEnabled }
        set { changeLegacy("isNavigationTripProgressBarEnabled") { $0.tripProgressBarEnabled = newValue } }
    }

    /// Whether the built-in layout shows the reporting button (legacy). Default true. (Whether
    /// the state has a reporting button at all is `isIncidentReportingEnabled`.)
    public var isNavigationReportIncidentButtonEnabled: Bool {
        get { legacySettings.reportIncidentButtonEnabled }
        set { changeLegacy("isNavigationReportIncidentButtonEnabled") { $0.reportIncidentButtonEnabled = newValue } }
    }

    /// A host view the built-in layout places under the turn card, as wide as the card, with its
    /// own height (legacy `setHeaderAccessoryView(_:)`); nil removes it. The height is the view's
    /// intrinsic height as the layout reads it when it is built — at each navigation transition,
    /// legacy setting change and `invalidateLayout(forAccessoryView:)` — the way the SDK asks an
    /// accessory view for its height and asks again only when told to (issue 16). An accessory
    /// without an intrinsic height needs a height constraint of its own.
    /// - Throws: `invalidArgument` for the map view itself, an SDK component or a view holding one
    ///   (such as the built-in layout's button stack); nothing changes.
    public func setHeaderAccessoryView(_ view: LayoutView?) throws {
        if let view {
            var holdsComponent = false
            view.forEachView { if $0 is NavigationComponentView { holdsComponent = true } }
            if view === self || holdsComponent || view.isRoot {
                throw NavLayoutError.invalidArgument("\(view.displayName) cannot be the header accessory view: it is the map view, an SDK component or holds one (e.g. the built-in button stack); use a host view")
            }
        }
        subviewRemovedHandler = { [unowned self] removed in self.accessoryRemoved(removed) }
        // The rebuild removes the previous accessory from the hierarchy (it is one of the built-in
        // layout's views); nothing is removed inside the settings mutation itself, since a
        // removal calls back into `accessoryRemoved`.
        changeLegacy("setHeaderAccessoryView") { $0.headerAccessoryView = view }
    }

    /// The header accessory view set with `setHeaderAccessoryView(_:)`.
    public var headerAccessoryView: LayoutView? { legacySettings.headerAccessoryView }

    /// Tells the built-in layout that the header accessory view's height changed (legacy
    /// `invalidateLayout(forAccessoryView:)`, issue 16): the layout is rebuilt at once and reads the
    /// view's intrinsic height again. With a custom delegate nothing happens and the use is
    /// reported as `legacyAPIIgnored`, as for the other legacy slot APIs.
    /// - Throws: `invalidArgument` (built-in layout only) when `view` is not the header accessory
    ///   view; nothing changes then.
    public func invalidateLayout(forAccessoryView view: LayoutView) throws {
        if layoutDelegate != nil { recordLegacyUse("invalidateLayout(forAccessoryView:)"); return }
        guard let accessory = legacySettings.headerAccessoryView, accessory === view else {
            throw NavLayoutError.invalidArgument("invalidateLayout(forAccessoryView:): \(view.displayName) is not the header accessory view; set it with setHeaderAccessoryView(_:) first")
        }
        try? builtInLayout.settingsChanged(self)
    }

    /// How the safe-area insets combine with `padding` in the built-in layout's camera (legacy
    /// `paddingAdjustmentBehavior`, default `.always`; issue 16). Ignored and reported as
    /// `legacyAPIIgnored` while a custom delegate is set. See `builtInCameraFrame(viewportFrame:)`.
    public var paddingAdjustmentBehavior: PaddingAdjustmentBehavior {
        get { legacySettings.paddingAdjustmentBehavior }
        // Like the padding, it moves the camera, never a frame: nothing to rebuild.
        set { changeLegacy("paddingAdjustmentBehavior", relayout: false) { $0.paddingAdjustmentBehavior = newValue } }
    }

    /// The built-in layout's camera frame for the viewport's presented frame `f` (docs/behaviour.md#camera-framing, docs/behaviour.md#built-in-layout).
    /// Per edge, the viewport's padding `vp` (its distance from the map's edge) splits into the
    /// part inside the safe area, `s' = min(vp, safe inset)`, and the rest `r = vp − s'` that the
    /// built-in components take (turn card, ETA card, prompts). The camera padding is
    /// `r + s' + padding` (`.always`, the SDK's default: exactly `vp + padding`),
    /// `r + max(s', padding)` (`.automatic`) or `r + padding` (`.never`), following
    /// `GMSMapViewPaddingAdjustmentBehavior`'s three cases; the camera frame is the map inset by it.
    func builtInCameraFrame(viewportFrame f: Rect) -> Rect {
        let p = legacySettings.padding
        let behavior = legacySettings.paddingAdjustmentBehavior
        if behavior == .always {
            return Rect(x: f.x + p.left, y: f.y + p.top,
                        width: f.width - p.left - p.right, height: f.height - p.top - p.bottom)
        }
        func edge(_ vp: Double, _ safe: Double, _ pad: Double) -> Double {
            let safePart = min(max(vp, 0), safe)
            let rest = vp - safePart
            return behavior == .automatic ? rest + max(safePart, pad) : rest + pad
        }
        let top = edge(f.minY, safeArea.top, p.top)
        let left = edge(f.minX, safeArea.left, p.left)
        let bottom = edge(size.height - f.maxY, safeArea.bottom, p.bottom)
        let right = edge(size.width - f.maxX, safeArea.right, p.right)
        return Rect(x: left, y: top, width: size.width - left - right, height: size.height - top - bottom)
    }

    /// Extra camera padding in points (legacy `padding`): added to the viewport's padding in
    /// `camera` while the built-in layout is active. Non-finite values are ignored (use
    /// `setPadding(_:)` for an error).
    public var padding: EdgeInsets {
        get { legacySettings.padding }
        set { try? setPadding(newValue) }
    }

    /// Sets the legacy camera padding (points).
    /// - Throws: `invalidArgument` for NaN, infinite or out-of-range values (nothing changes).
    public func setPadding(_ value: EdgeInsets) throws {
        for v in [value.top, value.left, value.bottom, value.right] where !v.isFinite || abs(v) > LayoutLimits.maxPoints {
            throw NavLayoutError.invalidArgument("padding \(value) must be finite numbers of points within ±\(formatPoints(LayoutLimits.maxPoints))")
        }
        // The padding moves the camera, never a frame: nothing to rebuild.
        changeLegacy("padding", relayout: false) { $0.padding = value }
    }

    /// The legacy guide following the turn card (docs/behaviour.md#legacy-layout-guides).
    public var navigationHeaderLayoutGuide: LayoutGuide { legacyGuide(.navigationHeader) }
    /// The legacy guide following the ETA card (docs/behaviour.md#legacy-layout-guides).
    public var navigationFooterLayoutGuide: LayoutGuide { legacyGuide(.navigationFooter) }
    /// The legacy guide around the bottom-trailing buttons (docs/behaviour.md#legacy-layout-guides).
    public var bottomTrailingButtonsLayoutGuide: LayoutGuide { legacyGuide(.bottomTrailingButtons) }
    /// The legacy guide for extra buttons above the bottom-trailing ones (docs/behaviour.md#legacy-layout-guides).
    public var bottomTrailingButtonsAlternateLayoutGuide: LayoutGuide { legacyGuide(.bottomTrailingButtonsAlternate) }

    /// The legacy guide of `kind`. It is added to the map view on first use; the built-in layout
    /// constrains it. With a custom delegate the guide is returned unconstrained and the use is
    /// reported as `legacyAPIIgnored`.
    public func legacyGuide(_ kind: LegacyLayoutGuideKind) -> LayoutGuide {
        if layoutDelegate != nil { recordLegacyUse(kind.name) }
        if let g = legacyGuides[Int(kind.rawValue)] { return g }
        let g = LayoutGuide(identifier: kind.name)
        try? addLayoutGuide(g)
        legacyGuides[Int(kind.rawValue)] = g
        // The built-in layout constrains the new guide; its rebuild keeps every view where it is.
        if layoutDelegate == nil { try? builtInLayout.settingsChanged(self) }
        return g
    }

    /// Applies a legacy setting: to the built-in layout (which is rebuilt for the current state
    /// when `relayout`, keeping the z-order of every view that stays), or, with a custom
    /// delegate, nowhere — the use is recorded for `legacyAPIIgnored` and the delegate's
    /// hierarchy is not touched. A call that changes no setting changes nothing (issue 17: setting
    /// a default value rebuilt the layout and moved the host's views below the SDK components).
    private func changeLegacy(_ name: String, relayout: Bool = true, _ change: (inout LegacySettings) -> Void) {
        if layoutDelegate != nil { recordLegacyUse(name); return }
        var updated = legacySettings
        change(&updated)
        guard updated != legacySettings else { return }
        legacySettings = updated
        if relayout { try? builtInLayout.settingsChanged(self) } else { system_.noteChange() }
    }

    /// The host removed (or destroyed) the header accessory view: the setting is cleared and the
    /// built-in layout rebuilt without it, instead of keeping constraints to a view that is gone.
    func accessoryRemoved(_ view: LayoutView) {
        guard view === legacySettings.headerAccessoryView, !builtInLayout.isApplying else { return }
        legacySettings.headerAccessoryView = nil
        try? builtInLayout.settingsChanged(self)
    }

    func recordLegacyUse(_ name: String) {
        if !legacyUses.contains(name) { legacyUses.append(name); system_.noteChange() }
    }

    /// Constraints for the legacy guides that exist, for the built-in layout.
    func legacyGuideConstraints(turnCard: LayoutView?, etaCard: LayoutView?, stack: NavigationHidingStackView,
                                top: LayoutYAxisAnchor) -> [LayoutConstraint] {
        var c: [LayoutConstraint] = []
        let safe = safeAreaLayoutGuide
        func follow(_ g: LayoutGuide, _ v: LayoutView) {
            c += [g.leadingAnchor.constraint(equalTo: v.leadingAnchor), g.trailingAnchor.constraint(equalTo: v.trailingAnchor),
                  g.topAnchor.constraint(equalTo: v.topAnchor), g.bottomAnchor.constraint(equalTo: v.bottomAnchor)]
        }
        func strip(_ g: LayoutGuide, _ y: LayoutYAxisAnchor, atTop: Bool) {
            c += [g.leadingAnchor.constraint(equalTo: safe.leadingAnchor), g.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
                  g.heightAnchor.constraint(equalToConstant: 0),
                  atTop ? g.topAnchor.constraint(equalTo: y) : g.bottomAnchor.constraint(equalTo: y)]
        }
        if let g = legacyGuides[0] { if let turnCard { follow(g, turnCard) } else { strip(g, safe.topAnchor, atTop: true) } }
        if let g = legacyGuides[1] { if let etaCard { follow(g, etaCard) } else { strip(g, safe.bottomAnchor, atTop: false) } }
        let buttons = stack.arrangedSubviews
        var buttonsHeight: Double = 0
        for b in buttons {
            let h: Double = (b as? NavigationComponentView)?.fixedSize.height ?? 0
            buttonsHeight += h
        }
        if buttons.count > 1 { buttonsHeight += Double(buttons.count - 1) * stack.spacing }
        if let g = legacyGuides[2] {
            c += [g.trailingAnchor.constraint(equalTo: stack.trailingAnchor), g.widthAnchor.constraint(equalTo: stack.widthAnchor),
                  g.bottomAnchor.constraint(equalTo: stack.bottomAnchor), g.heightAnchor.constraint(equalToConstant: buttonsHeight)]
        }
        if let g = legacyGuides[3] {
            c += [g.trailingAnchor.constraint(equalTo: stack.trailingAnchor), g.widthAnchor.constraint(equalTo: stack.widthAnchor),
                  g.topAnchor.constraint(equalTo: top),
                  g.bottomAnchor.constraint(equalTo: stack.bottomAnchor, constant: -(buttonsHeight + (buttons.isEmpty ? 0 : stack.spacing)))]
        }
        return c
    }

    // MARK: Compass rule (docs/behaviour.md#compass-rule)

    /// The map's own compass setting (`GMSUISettings.compassButton`): with navigation disabled it
    /// shows the compass at the top-trailing corner of the safe area; with navigation enabled it is
    /// ignored and the delegate decides. Default false.
    public var isCompassButtonEnabled: Bool {
        get { compassSetting }
        set { compassSetting = newValue; updateOwnCompass() }
    }

    /// Shows or hides the map's own compass according to the rule above.
    func updateOwnCompass() {
        let show = compassSetting && !isNavigationEnabled && !isInvalidated
        if show && ownCompassConstraints.isEmpty {
            let safe = safeAreaLayoutGuide
            try? addSubview(compassButton)
            let c = [compassButton.topAnchor.constraint(equalTo: safe.topAnchor),
                     compassButton.trailingAnchor.constraint(equalTo: safe.trailingAnchor)]
            try? LayoutConstraint.activate(c)
            ownCompassConstraints = c
        } else if !show && !ownCompassConstraints.isEmpty {
            LayoutConstraint.deactivate(ownCompassConstraints)
            ownCompassConstraints = []
            if compassButton.superview === self { compassButton.removeFromSuperview() }
        }
    }
}
