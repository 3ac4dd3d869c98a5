import LayoutEngine

/// A layout item held weakly (a record must not keep a host's removed view alive).
struct WeakItem {
    weak var item: LayoutItem?
}

/// What the map view remembers to check the seed's "clean up on state exit" rule (issue 16,
/// item 6): the host items in the hierarchy when navigation was enabled, and the host items that
/// were added while it was enabled and are still there when `disableNavigationUI` has returned.
struct StateExitRecord {
    /// Host views and guides in the hierarchy when navigation was last enabled, by identity.
    var before: [ObjectIdentifier: WeakItem] = [:]
    /// What the last disable left behind (the topmost of each left subtree), oldest first.
    var leftovers: [WeakItem] = []
}

extension NavigationMapView {
    /// Whether `item` is the host's: a view that is not the map view or an SDK component, or a
    /// guide the host added (not a built-in guide, not one of the map view's legacy guides, not a
    /// hiding stack's internal group guide).
    private func isHostItem(_ item: LayoutItem) -> Bool {
        if let view = item as? LayoutView { return view !== self && !(view is NavigationComponentView) }
        guard let guide = item as? LayoutGuide, !guide.isBuiltIn, !(guide.owningView is NavigationHidingStackView) else { return false }
        return !legacyGuides.contains { $0 === guide }
    }

    /// Records the host items in the hierarchy as navigation is enabled: they were there before
    /// the navigation states and may stay after them.
    func recordItemsBeforeNavigation() {
        var before: [ObjectIdentifier: WeakItem] = [:]
        forEachItem { item in if isHostItem(item) { before[ObjectIdentifier(item)] = WeakItem(item: item) } }
        stateExitRecord = StateExitRecord(before: before, leftovers: [])
    }

    /// After navigation is disabled with a custom delegate: records the host items added during
    /// the navigation states that are still in the hierarchy — only the topmost of each subtree
    /// (a left container is reported, not each view inside it). The built-in layout cleans up
    /// after itself, so nothing is recorded without a custom delegate.
    func recordItemsLeftAfterNavigation() {
        var leftovers: [WeakItem] = []
        guard layoutDelegate != nil else { stateExitRecord.leftovers = []; return }
        var left = Set<ObjectIdentifier>()
        forEachItem { item in
            guard isHostItem(item) else { return }
            let container: LayoutView? = (item as? LayoutView)?.superview ?? (item as? LayoutGuide)?.owningView
            if let container, left.contains(ObjectIdentifier(container)) {
                left.insert(ObjectIdentifier(item))  // inside a leftover: covered by its report
                return
            }
            if stateExitRecord.before[ObjectIdentifier(item)]?.item === item { return }
            left.insert(ObjectIdentifier(item))
            leftovers.append(WeakItem(item: item))
        }
        stateExitRecord.leftovers = leftovers
    }

    /// `staleComponent` diagnostics for the host views and guides `disableNavigationUI` left in the
    /// hierarchy (issue 16, item 6), once no animation runs and no completion is pending (a
    /// delegate may remove them when a hide animation completes), until they are removed or
    /// navigation is enabled again.
    func stateExitDiagnostics() -> [LayoutDiagnostic] {
        guard !isNavigationEnabled, !system_.hasRunningAnimations, !system_.hasPendingCompletions else { return [] }
        var out: [LayoutDiagnostic] = []
        for record in stateExitRecord.leftovers {
            guard let item = record.item, item.isInSubtree(of: self) else { continue }
            let kind = item is LayoutGuide ? "layout guide" : "view"
            let removal = item is LayoutGuide ? "remove it with removeLayoutGuide(_:)" : "remove it from its superview"
            out.append(LayoutDiagnostic(
                code: .staleComponent,
                message: "\(item.displayName) is a \(kind) added while navigation was enabled and is still in the hierarchy after disableNavigationUI; \(removal) (and deactivate its constraints) in disableNavigationUI(navMap:oldState:), so that no view of the navigation states overlaps what comes next",
                items: [item]))
        }
        return out
    }
}
