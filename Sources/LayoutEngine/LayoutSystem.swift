import LayoutSolver
import Synchronization

/// The last `LayoutSystem.serial` issued (map views may be created on several threads).
private let lastSystemSerial = Atomic<Int>(0)

/// The per-root layout state: one long-lived Cassowary solver, the registered items, queued
/// constraint changes, the clock and the running animations (docs/architecture.md#principles: "Incremental by
/// construction"). Owned by a `LayoutRootView`.
///
/// Used from one thread at a time (docs/api.md#threads), and no method overlaps two accesses to one of its
/// properties: the bookkeeping touched on every activation and layout pass is
/// `@exclusivity(unchecked)` (no run-time exclusivity check per access, issue 6).
package final class LayoutSystem {
    /// The system's solver, sized for a navigation screen: the sample delegate's session peaks
    /// below 128 symbols and 1,024 tableau cells (measured by growing a solver from 8 and 64;
    /// issue 19). The raw solver's default (256 and 4,096, for kiwi-sized systems) made each map
    /// view 35 KiB larger (69.5 → 104 KiB per live map view in bench/many_map_views.c); a larger
    /// layout grows the buffers by doubling.
    package let solver = Solver(symbolCapacity: 128, cellCapacity: 1024)
    package unowned let root: LayoutRootView
    package let direction: LayoutDirection
    @exclusivity(unchecked) package private(set) var items: [LayoutItem] = []
    @exclusivity(unchecked) package private(set) var stacks: [NavigationHidingStackView] = []
    @exclusivity(unchecked) package private(set) var needsLayout = true {
        didSet { if needsLayout { revision &+= 1 } }
    }
    /// Changes whenever anything a layout result or a diagnostic depends on may have changed
    /// (every invalidation, a clock step that ends an animation or makes a completion due,
    /// `noteChange()`); caches compare it. Presented frames move with the clock without it.
    @exclusivity(unchecked) package private(set) var revision = 0

    /// Records a change that affects diagnostics or snapshots but not the layout itself.
    package func noteChange() { revision &+= 1 }

    /// How many of the `revision` changes came from the clock alone (an animation ended or a
    /// completion became due, `advanceClock(by:)`): whatever the completions then change counts
    /// on its own. Diagnostics that do not depend on animations (every rule but `staleComponent`)
    /// are valid while `revision &- clockRevisions` is unchanged.
    @exclusivity(unchecked) package private(set) var clockRevisions = 0

    /// `revision` without the clock's changes (see `clockRevisions`).
    package var layoutRevision: Int { revision &- clockRevisions }

    @exclusivity(unchecked) private var pendingAdds: [LayoutConstraint] = []
    @exclusivity(unchecked) private var pendingRemoves: [LayoutConstraint] = []
    @exclusivity(unchecked) private var pendingConstants: [LayoutConstraint] = []
    /// Entries of `pendingAdds` / `pendingRemoves` that no longer need the pass (dequeued before
    /// it, re-activated before it), counted so that the lists are compacted once they are mostly
    /// stale: a host that activates and deactivates (or destroys) constraints over and over
    /// without a layout pass keeps them, and the items they refer to, bounded by what is really
    /// pending (issue 17). Each compaction costs at most twice the stale entries it drops: O(1)
    /// amortised per call.
    @exclusivity(unchecked) private var staleAdds = 0
    @exclusivity(unchecked) private var staleRemoves = 0
    /// The lengths of the queues of additions and removals for the next pass, stale entries
    /// included (for tests: they stay bounded by what is really pending, see `staleAdds`).
    package var queueLengths: (adds: Int, removes: Int) { (pendingAdds.count, pendingRemoves.count) }
    /// Required constraints left out of the solver because they conflict (docs/behaviour.md#unsatisfiable-constraints), oldest first.
    @exclusivity(unchecked) package private(set) var broken: [LayoutConstraint] = []
    /// Set when the constant of a broken constraint changes: it is retried at the next pass.
    @exclusivity(unchecked) private var brokenConstantChanged = false
    @exclusivity(unchecked) private var nextSerial = 1
    @exclusivity(unchecked) private var isLayingOut = false
    @exclusivity(unchecked) package private(set) var passCount = 0
    /// Statistics for tests: solver constraints handed from a removed constraint to its queued
    /// twin instead of a removal and an addition (see `applyPendingChanges`).
    package private(set) var handOverCount = 0
    /// Statistics for tests: passes that rebuilt the solver from the staying constraints instead
    /// of removing the leaving ones (see `applyPendingChanges`).
    package private(set) var rebuildCount = 0

    /// The clock in seconds; advanced only by the host (docs/behaviour.md#clock-and-completions).
    @exclusivity(unchecked) package private(set) var time: Double = 0
    @exclusivity(unchecked) private var animatingItems: [LayoutItem] = []
    /// The built-in guides (safe area, margins) of the registered views other than the root:
    /// their constants follow their views' frames (`updateSafeAreaInsets`). Only views a host
    /// asked for a guide are here, so a layout without such guides pays nothing.
    @exclusivity(unchecked) private var frameDependentGuides: [LayoutGuide] = []
    private var completions: [PendingCompletion] = []
    private var nextCompletionSerial = 1
    @exclusivity(unchecked) package var animationContext: AnimationContext?

    /// Unique among the layout systems of the process (never reused): identifies this system in
    /// caches that must not keep it alive (`AccessibilityOrderCache`).
    package let serial: Int
    /// `ObjectIdentifier(root)`, for `deinit`, which must not read the unowned `root` (the root
    /// is being destroyed then).
    private let rootIdentifier: ObjectIdentifier
    /// The items `tearDown` took out of `items` (the root excepted), still pointing here through
    /// their `system` until this system goes (see `LayoutItem.system`).
    private var tornDownItems: [LayoutItem] = []

    package init(root: LayoutRootView, direction: LayoutDirection) {
        self.root = root
        self.direction = direction
        serial = lastSystemSerial.wrappingAdd(1, ordering: .relaxed).newValue
        rootIdentifier = ObjectIdentifier(root)
    }

    /// Clears `system` on every item that still points here (`LayoutItem.system` is unowned).
    /// The root is not one of them: it is being destroyed (its `system_` is what releases this
    /// system) and its `items` entry is what `tearDown` removes to let it go.
    deinit {
        for item in items where ObjectIdentifier(item) != rootIdentifier { item.system = nil }
        for item in tornDownItems { item.system = nil }
    }

    package func setNeedsLayout() { needsLayout = true }

    /// Teardown (issue 8): breaks the reference cycles of every registered item and drops every
    /// queued change, animation and completion. The system must not be used afterwards.
    package func tearDown() {
        for item in items where item !== root {
            item.breakReferenceCycles()
            tornDownItems.append(item)
        }
        items.removeAll()
        stacks.removeAll()
        pendingAdds.removeAll()
        pendingRemoves.removeAll()
        staleAdds = 0
        staleRemoves = 0
        pendingConstants.removeAll()
        broken.removeAll()
        explanationCache = nil
        animatingItems.removeAll()
        frameDependentGuides.removeAll()
        completions.removeAll()
        animationContext = nil
        solver.reset()
    }

    // MARK: Items

    package func register(_ item: LayoutItem) {
        guard item.system == nil else { return }
        item.system = self
        item.systemIndex = items.count
        item.needsInitialFrame = true
        items.append(item)
        if let stack = item as? NavigationHidingStackView { stacks.append(stack) }
        if let guide = item as? LayoutGuide, guide.isBuiltIn, let owner = guide.owningView, owner !== root {
            guide.frameDependentIndex = frameDependentGuides.count
            frameDependentGuides.append(guide)
        }
        needsLayout = true
    }

    package func unregister(_ item: LayoutItem) {
        guard item.system === self else { return }
        let i = item.systemIndex
        if i >= 0, i < items.count, items[i] === item {
            let last = items.removeLast()
            if i < items.count { items[i] = last; last.systemIndex = i }
        } else if !tornDownItems.isEmpty, let j = tornDownItems.firstIndex(where: { $0 === item }) {
            tornDownItems.remove(at: j)   // no longer this system's (see `LayoutItem.system`)
        }
        item.systemIndex = -1
        item.system = nil
        item.animation = nil
        if let guide = item as? LayoutGuide {
            let j = guide.frameDependentIndex
            if j >= 0, j < frameDependentGuides.count, frameDependentGuides[j] === guide {
                let last = frameDependentGuides.removeLast()
                if j < frameDependentGuides.count { frameDependentGuides[j] = last; last.frameDependentIndex = j }
            }
            guide.frameDependentIndex = -1
        }
        if let stack = item as? NavigationHidingStackView, let j = stacks.firstIndex(where: { $0 === stack }) {
            stacks.remove(at: j)
        }
        needsLayout = true
    }

    /// Registers every item of a subtree that joined this hierarchy and queues its installed
    /// constraints.
    package func attach(subtree: LayoutView) {
        subtree.forEachItem { register($0) }
        subtree.forEachView { v in for c in v.installedConstraints { enqueue(c) } }
    }

    /// Takes a subtree that leaves this hierarchy out of the solver (its constraints stay active,
    /// installed in the detached tree).
    package func detach(subtree: LayoutView) {
        subtree.forEachView { v in for c in v.installedConstraints { dequeue(c) } }
        subtree.forEachItem { unregister($0) }
    }

    // MARK: Constraint queue

    package func enqueue(_ c: LayoutConstraint) {
        switch c.state {
        case .inSolver, .pendingAdd, .broken: return
        case .pendingRemove:
            // Re-activated before the pass removed it: keep it, but apply a changed constant.
            c.state = .inSolver
            if c.constantDirty { pendingConstants.append(c) }
            staleRemoves += 1
            if staleRemoves >= 64 && staleRemoves * 2 > pendingRemoves.count {
                pendingRemoves.removeAll { $0.state != .pendingRemove }
                staleRemoves = 0
            }
        case .none:
            c.serial = nextSerial; nextSerial += 1
            c.state = .pendingAdd
            pendingAdds.append(c)
        }
        needsLayout = true
    }

    package func dequeue(_ c: LayoutConstraint) {
        switch c.state {
        case .none, .pendingRemove: return
        case .pendingAdd:
            c.state = .none
            staleAdds += 1
            if staleAdds >= 64 && staleAdds * 2 > pendingAdds.count {
                pendingAdds.removeAll { $0.state != .pendingAdd }
                staleAdds = 0
            }
        case .broken:
            c.state = .none
            if let i = broken.firstIndex(where: { $0 === c }) { broken.remove(at: i) }
        case .inSolver:
            c.state = .pendingRemove
            pendingRemoves.append(c)
        }
        needsLayout = true
    }

    /// Takes an active constraint whose solver form changed by more than its constant (a new
    /// priority: its error terms belong to another objective level) out of the solver now and
    /// queues its new form, keeping its activation order. No effect on a constraint that is not
    /// in the solver (its form is built when it is added).
    package func requeue(_ c: LayoutConstraint) {
        switch c.state {
        case .none, .pendingAdd, .broken: return
        case .inSolver, .pendingRemove:
            if let sc = c.solverConstraint { try? solver.removeConstraint(sc) }
            c.solverConstraint = nil
            c.constantDirty = false
            c.state = .pendingAdd
            pendingAdds.append(c)
        }
        needsLayout = true
    }

    package func constantChanged(_ c: LayoutConstraint) {
        switch c.state {
        case .inSolver, .pendingRemove:
            if !c.constantDirty { c.constantDirty = true; pendingConstants.append(c) }
        case .broken:
            brokenConstantChanged = true  // it may fit now; its form is rebuilt when retried
        case .none, .pendingAdd:
            break  // picked up when the solver constraint is built
        }
        needsLayout = true
    }

    /// Applies the queued changes to the solver, in the order that defines the result (docs/behaviour.md#layout-pass):
    /// removals, then constant changes, then additions oldest first, where a required constraint
    /// that conflicts with what is already in the solver is left out (`broken`). A broken
    /// constraint is retried at the next pass that relaxes the required constraints (removes one
    /// or changes a constant, or changes its own constant); a pass that only adds cannot let it
    /// in, so it stays broken without a (costly, rolled back) retry.
    ///
    /// Three shortcuts keep a transition's solver work down without changing that result, in a
    /// pass that starts without broken constraints or constant changes:
    ///
    /// * **Batches.** The removals leave the solver as one `Solver.removeConstraints` operation
    ///   (in every pass), and two or more additions enter it as one all-or-nothing
    ///   `Solver.addConstraints` batch; if the batch is refused (some required constraint
    ///   conflicts), the additions are made one by one, oldest first, as below.
    ///
    /// * **Hand-over.** A constraint being removed whose exact twin is being added (same anchors,
    ///   relation, multiplier, constant and solver strength — e.g. a delegate that deactivates one
    ///   state's `viewport.leading == safeArea.leading` and activates the next state's) gives its
    ///   solver constraint to the twin instead of a removal and an addition of the same equation.
    ///   The additions of such a pass (even a single one) enter the solver as one batch; if it is
    ///   refused, the hand-overs are undone too and the additions are made one by one, oldest
    ///   first, exactly as without the shortcut — so which constraint is broken never depends on it.
    /// * **Rebuild.** When a pass removes clearly more constraints than stay (a delegate tearing
    ///   most of a state down, e.g. navigation disabled; the rule counting hand-overs and the
    ///   reset is in `rebuildWithoutPendingRemovals`), the solver is reset and the staying ones
    ///   are added back as one batch, oldest first, which is cheaper than the removals.
    ///
    /// The solver holds the same set of constraints either way; where the optimum is unique (no
    /// `ambiguousLayout`) the frames are the same.
    private func applyPendingChanges() {
        let shortcuts = broken.isEmpty && pendingConstants.isEmpty
        var handedOver: [LayoutConstraint] = []
        // Whether the required constraints in the solver lose a member or change a constant in
        // this pass: only then can a broken constraint fit again (see `retryBroken`).
        var relaxed = brokenConstantChanged
        brokenConstantChanged = false
        let rebuilt = shortcuts && rebuildWithoutPendingRemovals()
        if !rebuilt && !pendingRemoves.isEmpty {
            let lookForTwins = shortcuts && !pendingAdds.isEmpty
            var leaving: [Constraint] = []
            for c in pendingRemoves where c.state == .pendingRemove {
                if let sc = c.solverConstraint {
                    if lookForTwins, !c.constantDirty, let twin = queuedTwin(of: c, solverForm: sc) {
                        twin.solverConstraint = sc
                        twin.state = .inSolver
                        handedOver.append(twin)
                        handOverCount += 1
                    } else {
                        leaving.append(sc)
                        if sc.isRequired { relaxed = true }
                    }
                }
                c.solverConstraint = nil
                c.state = .none
                c.constantDirty = false
            }
            pendingRemoves.removeAll(keepingCapacity: true)
            removeFromSolver(leaving)
        }
        if !pendingConstants.isEmpty {
            for c in pendingConstants where c.constantDirty {
                c.constantDirty = false
                guard c.state == .inSolver, let sc = c.solverConstraint else { continue }
                if sc.isRequired { relaxed = true }
                do {
                    try solver.setConstant(sc, to: -c.constant)
                } catch {
                    // The new constant conflicts with other required constraints: break this one.
                    try? solver.removeConstraint(sc)
                    c.solverConstraint = nil
                    c.state = .broken
                    broken.append(c)
                }
            }
            pendingConstants.removeAll(keepingCapacity: true)
        }
        // A broken constraint failed against what the solver held then; since, the required
        // constraints only grew unless this pass relaxed them, so retrying it would fail again
        // (a costly rolled-back addition per broken constraint per pass, issue 8). Kept ones
        // stay broken, oldest first, ahead of any broken by this pass.
        let retryBroken = relaxed && !broken.isEmpty
        var toAdd: [LayoutConstraint] = []
        if retryBroken {
            toAdd = broken
            broken.removeAll()
        }
        for c in pendingAdds where c.state == .pendingAdd { toAdd.append(c) }
        pendingAdds.removeAll(keepingCapacity: true)
        if toAdd.isEmpty { return }
        Self.sortBySerial(&toAdd)
        // A pass that starts without broken constraints or constant changes adds its constraints
        // as one batch (one transaction, one optimisation: issue 19), which also checks the
        // hand-overs. A refused batch (a required constraint conflicts) repeats its additions one
        // by one below; that extra work falls only on the pass where a conflict first appears,
        // since the next passes start with a broken constraint and add one by one.
        if !handedOver.isEmpty || (shortcuts && toAdd.count > 1) {
            let forms = toAdd.map { $0.makeSolverConstraint(direction: direction) }
            do {
                try solver.addConstraints(forms)
                for (c, sc) in zip(toAdd, forms) {
                    c.solverConstraint = sc
                    c.state = .inSolver
                }
                return
            } catch {
                // Refused as a whole (nothing was added): a required constraint conflicts. Undo
                // the hand-overs and add one by one, so the result is the plain order's.
                handOverCount -= handedOver.count
                for c in handedOver {
                    if let sc = c.solverConstraint { try? solver.removeConstraint(sc) }
                    c.solverConstraint = nil
                    toAdd.append(c)
                }
                Self.sortBySerial(&toAdd)
            }
        }
        for c in toAdd {
            let sc = c.makeSolverConstraint(direction: direction)
            do {
                try solver.addConstraint(sc)
                c.solverConstraint = sc
                c.state = .inSolver
            } catch {
                c.solverConstraint = nil
                c.state = .broken
                broken.append(c)
            }
        }
    }

    /// Takes the solver constraints of the pass's removals out of the solver as one operation
    /// (`Solver.removeConstraints`: one transaction and one optimisation instead of one per
    /// constraint, issue 19). The solver then holds the same constraints as after removing them
    /// one by one. Should the batch be refused (it never is for constraints the solver holds:
    /// a removal always succeeds, docs/solver.md), they are removed one by one.
    private func removeFromSolver(_ leaving: [Constraint]) {
        switch leaving.count {
        case 0: return
        case 1: try? solver.removeConstraint(leaving[0])
        default:
            do { try solver.removeConstraints(leaving) } catch {
                for sc in leaving { try? solver.removeConstraint(sc) }
            }
        }
    }

    /// The rebuild shortcut of `applyPendingChanges`: when the removals would cost more than
    /// adding the staying constraints back, resets the solver and adds the staying ones back (one
    /// batch, oldest first, with their own solver constraints) and returns true; otherwise changes
    /// nothing and returns false.
    ///
    /// The comparison counts solver operations, a removal and an addition costing about the same:
    /// without the rebuild, `leaving - twins` removals (a removal with a queued twin hands its
    /// solver constraint over for free); with it, `staying` re-additions, plus `twins` additions
    /// (the twins then enter as new constraints), plus the reset, which costs about as much as
    /// `rebuildResetCost` additions (the sample session: 44k instructions for a reset of 27
    /// constraints, 11k per batched addition; bench/callgrind.sh, issue 19). A rebuild also
    /// happens when the two are equal (a pass that removes 16 of 28 constraints, none with a twin).
    /// Guidance stopped in the sample session (26 leave, 5 with twins, 14 stay) is therefore
    /// incremental, navigation disabled (19 leave, 8 stay) a rebuild.
    private func rebuildWithoutPendingRemovals() -> Bool {
        var leaving = 0
        for c in pendingRemoves where c.state == .pendingRemove && c.solverConstraint != nil { leaving += 1 }
        let staying = solver.constraintCount - leaving
        guard leaving >= staying + LayoutSystem.rebuildResetCost else { return false }
        // Counted only when the rebuild is in question: the twins make it costlier.
        var twins = 0
        if !pendingAdds.isEmpty {
            for c in pendingRemoves where c.state == .pendingRemove && !c.constantDirty {
                if let sc = c.solverConstraint, queuedTwin(of: c, solverForm: sc) != nil { twins += 1 }
            }
        }
        guard leaving - twins >= staying + twins + LayoutSystem.rebuildResetCost else { return false }
        var survivors: [LayoutConstraint] = []
        survivors.reserveCapacity(staying)
        for item in items {
            guard let view = item as? LayoutView else { continue }
            for c in view.installedConstraints where c.state == .inSolver && c.solverConstraint != nil {
                survivors.append(c)
            }
        }
        // Every constraint in the solver is installed on a registered view; if the count ever
        // disagreed, the ordinary removals are the safe way.
        guard survivors.count == staying else { return false }
        for c in pendingRemoves where c.state == .pendingRemove {
            c.solverConstraint = nil
            c.state = .none
            c.constantDirty = false
        }
        pendingRemoves.removeAll(keepingCapacity: true)
        Self.sortBySerial(&survivors)
        solver.reset()
        rebuildCount += 1
        let forms = survivors.map { $0.solverConstraint! }
        do {
            try solver.addConstraints(forms)
        } catch {
            // They held together before the reset; only numerical trouble can refuse them. Add
            // them one by one then, leaving out (as broken) any the solver refuses.
            for c in survivors {
                do {
                    try solver.addConstraint(c.solverConstraint!)
                } catch {
                    c.solverConstraint = nil
                    c.state = .broken
                    broken.append(c)
                }
            }
        }
        return true
    }

    /// What a solver reset costs, in batched additions (see `rebuildWithoutPendingRemovals`).
    static let rebuildResetCost = 4

    /// Sorts by activation order, oldest first, and drops repeats: a constraint queued, dequeued
    /// and queued again before a pass appears twice in `pendingAdds` (with one serial, so the two
    /// entries end up side by side).
    private static func sortBySerial(_ list: inout [LayoutConstraint]) {
        guard list.count > 1 else { return }
        list.sort { $0.serial < $1.serial }
        var kept = 1
        for i in 1..<list.count where list[i] !== list[kept - 1] {
            list[kept] = list[i]
            kept += 1
        }
        list.removeLast(list.count - kept)
    }

    /// A queued addition with the same solver equation as `sc`, the solver constraint of `c`
    /// (being removed): same anchors, relation and multiplier, and the same constant and strength.
    /// Such a twin is active and references `c`'s first item, so only that item's few
    /// referencing constraints are looked at.
    private func queuedTwin(of c: LayoutConstraint, solverForm sc: Constraint) -> LayoutConstraint? {
        let first = c.firstAnchor
        for t in first.item.referencingConstraints where t.state == .pendingAdd && t !== c {
            guard t.firstAnchor.item === first.item, t.firstAnchor.attribute == first.attribute,
                  t.relation == c.relation, t.multiplier == c.multiplier,
                  -t.constant == sc.expression.constant, t.solverStrength == sc.strength else { continue }
            switch (t.secondAnchor, c.secondAnchor) {
            case (nil, nil):
                return t
            case let (a?, b?) where a.item === b.item && a.attribute == b.attribute:
                return t
            default:
                continue
            }
        }
        return nil
    }

    // MARK: Layout pass

    /// Performs a layout pass if anything changed (docs/behaviour.md#layout-pass): applies queued constraint changes to
    /// the solver, lets hiding stacks settle (re-solving while one changes, at most 8 rounds), and
    /// commits the solved frames — animated when an animation block is open (docs/behaviour.md#animation).
    package func layoutIfNeeded() {
        if !needsLayout || isLayingOut { return }
        performPass()
        root.diagnosticCheckpoint()
    }

    private func performPass() {
        isLayingOut = true
        defer { isLayingOut = false }
        var rounds = 0
        repeat {
            needsLayout = false
            applyPendingChanges()
            solver.updateVariables()
            for stack in stacks { stack.settle() }
            updateSafeAreaInsets()
            rounds += 1
        } while needsLayout && rounds < 8
        needsLayout = false
        passCount += 1
        commitFrames()
    }

    /// UIKit derives a view's safe area from where the view is (docs/behaviour.md#views-and-layout-guides):
    /// after each solve, every view with a built-in guide gets the safe-area insets of its solved
    /// frame; a change updates its guides' constants (incremental constant changes, no rebuild)
    /// and makes `performPass` solve again. Views are positioned independently of their own
    /// guides in any sensible layout, so the second solve moves only the guides and what hangs
    /// from them, and the third finds nothing to change. A layout that feeds a view's guide back
    /// into its own frame may not settle: the pass stops after its 8 rounds with the last insets.
    private func updateSafeAreaInsets() {
        if frameDependentGuides.isEmpty { return }
        for guide in frameDependentGuides {
            guard let view = guide.owningView else { continue }
            view.applySafeAreaInsets(safeAreaInsets(forFrame: view.solverFrame), tolerance: 1e-9)
        }
    }

    /// The safe-area insets of a view with frame `f` (points, the map's coordinate space): on each
    /// edge, how deep the view reaches into the map's unsafe band there, at most the band (UIKit
    /// caps a view that extends past the map's edge at the map's inset) and at most the view's own
    /// size (the guide never turns inside out). See `LayoutView.safeAreaInsets`.
    package func safeAreaInsets(forFrame f: Rect) -> EdgeInsets {
        let s = root.safeArea, size = root.size
        func depth(_ reach: Double, band: Double, extent: Double) -> Double {
            snapToGrid(min(max(reach, 0), band, max(extent, 0)))
        }
        return EdgeInsets(
            top: depth(s.top - max(f.minY, 0), band: s.top, extent: f.height),
            left: depth(s.left - max(f.minX, 0), band: s.left, extent: f.width),
            bottom: depth(min(f.maxY, size.height) - (size.height - s.bottom), band: s.bottom, extent: f.height),
            right: depth(min(f.maxX, size.width) - (size.width - s.right), band: s.right, extent: f.width))
    }

    private func commitFrames() {
        let context = animationContext
        for item in items {
            let r = item.solverFrame
            if item.needsInitialFrame {
                item.needsInitialFrame = false
                item.solvedFrame = r
                item.animation = nil
                continue
            }
            if r == item.solvedFrame { continue }
            if let context, context.duration > 0 {
                let from = item.presentedFrame
                if item.animation == nil { animatingItems.append(item) }
                item.animation = FrameAnimation(from: from, to: r, start: time, duration: context.duration, curve: context.curve)
            } else {
                item.animation = nil
            }
            item.solvedFrame = r
        }
    }

    // MARK: Explanations (BrokenConstraintExplanations.swift)

    /// Scratch-solver additions spent on the last computed pass's conflict sets (for tests).
    package internal(set) var explanationWork = 0

    /// The conflict sets of the last pass they were computed for.
    var explanationCache: (pass: Int, sets: [ObjectIdentifier: ConflictSet])?

    // MARK: Clock

    /// Schedules `completion` to run when the clock passes `time + duration`.
    package func scheduleCompletion(after duration: Double, _ completion: @escaping (Bool) throws -> Void) {
        completions.append(PendingCompletion(end: time + duration, serial: nextCompletionSerial, body: completion))
        nextCompletionSerial += 1
    }

    /// Advances the clock by `seconds` (finite, >= 0, checked by the caller), ends the animations
    /// that are over, and returns the completions that became due, in order of end time.
    ///
    /// The revision changes only when an animation ends or a completion becomes due: target frames
    /// do not move with the clock, so diagnostics (which depend on time only through whether
    /// animations run and completions wait) stay valid across steps inside an animation.
    package func advanceClock(by seconds: Double) -> [PendingCompletion] {
        time += seconds
        let now = time + 1e-9
        var ended = false
        animatingItems.removeAll { item in
            guard let a = item.animation else { return true }
            if a.end <= now { item.animation = nil; ended = true; return true }
            return false
        }
        var due: [PendingCompletion] = []
        completions.removeAll { c in
            if c.end <= now { due.append(c); return true }
            return false
        }
        if ended || !due.isEmpty {
            revision &+= 1
            clockRevisions &+= 1
        }
        due.sort { ($0.end, $0.serial) < ($1.end, $1.serial) }
        return due
    }

    /// Whether any frame animation is running.
    package var hasRunningAnimations: Bool { animatingItems.contains { $0.animation != nil } }
    /// Whether completions are waiting for the clock.
    package var hasPendingCompletions: Bool { !completions.isEmpty }
}
