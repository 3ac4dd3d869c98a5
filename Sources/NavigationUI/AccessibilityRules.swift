import LayoutEngine

/// The SDK components' own accessibility and the accessibility diagnostics (issue 16 item 8).
/// The seed: the SDK's views meet accessibility standards, but the delegate is responsible for
/// the accessibility of the whole layout. The labels are NavLayout's English stand-ins for the
/// SDK's (a host may override them, e.g. to localise them).
extension NavigationComponentView {
    /// Makes the component answer with the SDK's accessibility until the host sets its own.
    /// Called once, at creation.
    func installSDKAccessibility() {
        // `unowned`: the closure is kept in this component's own storage and called only
        // through it (a weak capture gave every component a side table, issue 19).
        accessibilityStorage.defaults = { [unowned self] in
            self.sdkAccessibility(showingRecenterButton: false)
        }
    }

    /// The SDK's label and traits for the component (the logo's depend on whether it shows as
    /// the re-center button).
    func sdkAccessibility(showingRecenterButton: Bool) -> AccessibilityDefaults {
        func element(_ label: String, _ traits: AccessibilityTraits) -> AccessibilityDefaults {
            AccessibilityDefaults(label: label, isElement: true, traits: traits)
        }
        if let prompt = self as? NavigationPromptView {
            switch prompt.kind {
            case .incident: return element("Incident ahead", .staticText)
            case .speedCamera: return element("Speed camera ahead", .staticText)
            case .traffic: return element("Traffic ahead", .staticText)
            case .betterRoute: return element("Better route available", .staticText)
            }
        }
        switch role {
        case "googleLogo":
            return showingRecenterButton ? element("Re-center", .button) : element("Google Maps", .image)
        case "compass": return element("Compass", .button)
        case "reporting": return element("Report an incident", .button)
        case "unknownButton": return element("Navigation control", .button)
        case "turnCard": return element("Next maneuver", [.header, .updatesFrequently])
        case "etaCard": return element("Estimated arrival", [.staticText, .updatesFrequently])
        case "tripProgressBar": return element("Trip progress", .updatesFrequently)
        case "speedWidget": return element("Speed", .updatesFrequently)
        default:
            // The viewport: an invisible frame for the camera, nothing to read.
            return AccessibilityDefaults(label: nil, isElement: false, traits: [])
        }
    }
}

extension NavigationMapView {
    /// Makes the logo's SDK accessibility follow the re-center button (label "Re-center", trait
    /// `button`, while it shows as the button). Called once, at creation.
    func installLogoAccessibility() {
        // `unowned` (a weak capture gave the map view a side table, issue 19): the logo may
        // outlive the map view, so the map view's deinit replaces this closure with
        // `logoDefaultsWithoutMapView`, what the weak capture answered once the map view was gone.
        googleLogo.accessibilityStorage.defaults = { [unowned self] in
            self.googleLogo.sdkAccessibility(showingRecenterButton: self.isShowingRecenterButton)
        }
    }

    /// The logo's accessibility defaults once its map view is gone: none.
    static let logoDefaultsWithoutMapView: () -> AccessibilityDefaults = {
        AccessibilityDefaults(label: nil, isElement: false, traits: [])
    }

    /// The accessibility diagnostics of the current target layout (issue 16 item 8):
    /// `hitTargetTooSmall`, `missingAccessibilityLabel`, `accessibilityElementCovered`,
    /// `accessibilityOrderSkipsComponent` (see `DiagnosticCode` for each rule and severity).
    /// With `minimumSeverity` above `.info`, rules of lower severities are not evaluated (see
    /// `computeDiagnostics(minimumSeverity:)`). `walk`: the hierarchy as the other rules of the
    /// same evaluation saw it (one is made when nil).
    func accessibilityDiagnostics(minimumSeverity: DiagnosticSeverity = .info, walk: HierarchyWalk? = nil) -> [LayoutDiagnostic] {
        func wants(_ code: DiagnosticCode) -> Bool { code.severity.rawValue >= minimumSeverity.rawValue }
        let walk = walk ?? HierarchyWalk(self)
        var out: [LayoutDiagnostic] = []
        // The visible host views in paint order (one walk, visibility carried down: O(views),
        // however deep the hierarchy).
        let hosts = walk.visibleHostViews
        let minimum = 44.0, eps = 1e-6

        for v in hosts where v.accessibilityTraits.isInteractive {
            let f = v.targetFrame
            let traits = v.accessibilityTraits.intersection(.interactive)
            if wants(.hitTargetTooSmall) && (f.width < minimum - eps || f.height < minimum - eps) {
                out.append(LayoutDiagnostic(
                    code: .hitTargetTooSmall,
                    message: "\(v.displayName) is interactive (\(traits)) but \(formatPoints(f.width)) × \(formatPoints(f.height)) pt, below the 44 × 44 pt minimum hit target of Apple's Human Interface Guidelines; make it at least 44 pt on each side (e.g. width and height >= 44 constraints)",
                    items: [v]))
            }
            let label = v.accessibilityLabel ?? ""
            if wants(.missingAccessibilityLabel) && label.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) {
                let reach = v.isAccessibilityElement ? "" : "; it is not an accessibility element either (isAccessibilityElement is false), so VoiceOver cannot reach it at all"
                out.append(LayoutDiagnostic(
                    code: .missingAccessibilityLabel,
                    message: "\(v.displayName) is interactive (\(traits)) but has no accessibilityLabel, so VoiceOver announces only its trait; set a label that says what it does\(reach)",
                    items: [v]))
            }
        }

        // The order in effect, computed when a rule below needs it (issue 14: the reports of the
        // default handler evaluate the error rules at every event).
        var orderStorage: [LayoutView]?
        func order() -> [LayoutView] {
            if let o = orderStorage { return o }
            let o = accessibilityOrder()
            orderStorage = o
            return o
        }
        let covered = wants(.accessibilityElementCovered)
        let opaqueHosts = covered ? hosts.filter(\.isOpaque) : []
        // The SDK's opaque surfaces (the ones viewportObstructed counts) cover host elements too;
        // an SDK component under a prompt is allowed (prompts float above cards, docs/behaviour.md#overlap).
        let sdkSurfaces: [LayoutView] = covered ? [turnCard, etaCard].filter(walk.isVisible) + prompts.filter(walk.isVisible) : []
        // Every element in the order is visible in the hierarchy: when no opaque host view exists
        // and no such element is a host's, nothing can cover one, and the order is not needed.
        let anythingCanBeCovered = !opaqueHosts.isEmpty || (!sdkSurfaces.isEmpty && walk.visibleNonComponentElement)
        for e in covered && anythingCanBeCovered ? order() : [] {
            let f = e.targetFrame
            let covers = e is NavigationComponentView ? opaqueHosts : opaqueHosts + sdkSurfaces
            let below = walk.paintIndex(e) ?? 0
            for c in covers where c !== e && !walk.related(e, c)
                && (walk.paintIndex(c) ?? 0) > below {
                let g = c.targetFrame
                if g.minX <= f.minX + eps && g.minY <= f.minY + eps && g.maxX >= f.maxX - eps && g.maxY >= f.maxY - eps {
                    out.append(LayoutDiagnostic(
                        code: .accessibilityElementCovered,
                        message: "\(e.displayName) is an accessibility element that VoiceOver reaches, but \(c.displayName) \(g), above it, covers it completely \(f); move one of them, put the element above the cover, or take it out of the order (isAccessibilityElement = false)",
                        items: [e, c]))
                    break
                }
            }
        }

        // Without a host order anywhere and without an element around a component, the computed
        // order holds every reachable element: no component can be skipped.
        // (A component outside the hierarchy is not reachable: it cannot be skipped either.)
        let mayBeSkipped = walk.anyHostOrder || walk.componentInsideElement
        let components: [NavigationComponentView] = mayBeSkipped ? allComponents + prompts : []
        let inOrder = wants(.accessibilityOrderSkipsComponent) && mayBeSkipped ? Set(order().map(ObjectIdentifier.init)) : []
        for c in components where wants(.accessibilityOrderSkipsComponent) && mayBeSkipped
            && c.isReachableAccessibilityElement && !inOrder.contains(ObjectIdentifier(c)) {
            let why: String
            if let element = c.ancestors.first(where: { $0 !== self && $0.isAccessibilityElement }) {
                why = "it is inside \(element.displayName), which is an accessibility element (VoiceOver does not look inside elements); set its isAccessibilityElement to false or move \(c.displayName) out of it"
            } else if let container = ([c] + c.ancestors).dropFirst().first(where: { $0.customAccessibilityElements != nil }) {
                why = "the accessibilityElements of \(container.displayName) list neither it nor a container that holds it; add \(c.displayName) to that order (or set it to nil for the computed order)"
            } else {
                why = "a host order above it leaves it out; add \(c.displayName) to the accessibilityElements"
            }
            out.append(LayoutDiagnostic(
                code: .accessibilityOrderSkipsComponent,
                message: "VoiceOver cannot reach \(c.displayName), a visible SDK component (label \"\(c.accessibilityLabel ?? "")\"): \(why)",
                items: [c]))
        }
        return out
    }
}
