import LayoutEngine

extension NavigationMapView {
    /// SPEC §8 diagnostics for the current target layout: the engine's own (unsatisfiable,
    /// hiddenInHidingStack, leftRightAnchor) plus the navigation rules checked so far
    /// (legacyAPIIgnored, missingRequiredComponent, emptyViewport).
    func computeDiagnostics() -> [LayoutDiagnostic] {
        var out = engineDiagnostics()
        for name in legacyUses {
            out.append(LayoutDiagnostic(
                code: .legacyAPIIgnored,
                message: "\(name) is a legacy slot API and does nothing while a custom layout delegate is set; do it in the delegate instead (anchor to turnCard/etaCard/buttons, position the viewport)",
                items: []))
        }
        guard isNavigationEnabled else { return out }
        for component in [googleLogo, viewport] where !component.isInSubtree(of: self) {
            out.append(LayoutDiagnostic(
                code: .missingRequiredComponent,
                message: "\(component.displayName) is not in the map view's hierarchy in the \(stateKind) state; every navigation state must add googleLogo and viewport (seed: \"attach required views\")",
                items: [component]))
        }
        if viewport.isInSubtree(of: self) && viewport.targetFrame.area == 0 {
            out.append(LayoutDiagnostic(
                code: .emptyViewport,
                message: "viewport has zero area (\(viewport.targetFrame)); constrain all four of its edges to the open area of the map",
                items: [viewport]))
        }
        return out
    }
}
