import LayoutSolver

/// The per-root layout state: one long-lived Cassowary solver, the registered items, queued
/// constraint changes, the clock and the running animations (ARCHITECTURE.md: "Incremental by
/// construction"). Owned by a `LayoutRootView`.
///
/// Used from one thread at a time (API.md), and no method overlaps two accesses to one of its
/// properties: the bookkeeping touched on every activation and layout pass is
/// `@exclusivity(unchecked)` (no run-time exclusivity check per access, issue 6).
package final class LayoutSystem {
    package let solver = Solver()
    package unowned let root: LayoutRootView
    package let direction: LayoutDirection
    @exclusivity(unchecked) package private(set) var items: [LayoutItem] = []
    @exclusivity(unchecked) package private(set) var stacks: [NavigationHidingStackView] = []
    @exclusivity(unchecked) package private(set) var needsLayout = true {
        didSet { if needsLayout { revision &+= 1 } }
    }
    /// Changes whenever anything a layout result or a diagnostic depends on may have changed
    /// (every invalidation, every clock step, `noteChange()`); caches compare it.
    @exclusivity(unchecked) package private(set) var revision = 0

    /// Records a change that affects diagnostics or snapshots but not the layout itself.
    package func noteChange() { revision &+= 1 }

    @exclusivity(unchecked) private var pendingAdds: [LayoutConstraint] = []
    @exclusivity(unchecked) private var pendingRemoves: [LayoutConstraint] = []
    @exclusivity(unchecked) private var pendingConstants: [LayoutConstraint] = []
    /// Required constraints left out of the solver because they conflict (SPEC §2), oldest first.
    @exclusivity(unchecked) package private(set) var broken: [LayoutConstraint] = []
    @exclusivity(unchecked) private var nextSerial = 1
    @exclusivity(unchecked) private var isLayingOut = false
    @exclusivity(unchecked) package private(set) var passCount = 0
    /// Statistics for tests: solver constraints handed from a removed constraint to its queued
    /// twin instead of a removal and an addition (see `applyPendingChanges`).
    package private(set) var handOverCount = 0
    /// Statistics for tests: passes that rebuilt the solver from the staying constraints instead
    /// of removing the leaving ones (see `applyPendingChanges`).
    package private(set) var rebuildCount = 0

    /// The clock in seconds; advanced only by the host (SPEC §5).
    @exclusivity(unchecked) package private(set) var time: Double = 0
    @exclusivity(unchecked) private var animatingItems: [LayoutItem] = []
    private var completions: [PendingCompletion] = []
    private var nextCompletionSerial = 1
    @exclusivity(unchecked) package var animationContext: AnimationContext?

    package init(root: LayoutRootView, direction: LayoutDirection) {
        self.root = root
        self.direction = direction
    }

    package func setNeedsLayout() { needsLayout = true }

    /// Teardown (issue 8): breaks the reference cycles of every registered item and drops every
    /// queued change, animation and completion. The system must not be used afterwards.
    package func tearDown() {
        for item in items where item !== root { item.breakReferenceCycles() }
        items.removeAll()
        stacks.removeAll()
        pendingAdds.removeAll()
        pendingRemoves.removeAll()
        pendingConstants.removeAll()
        broken.removeAll()
        animatingItems.removeAll()
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
        needsLayout = true
    }

    package func unregister(_ item: LayoutItem) {
        guard item.system === self else { return }
        let i = item.systemIndex
        if i >= 0, i < items.count, items[i] === item {
            let last = items.removeLast()
            if i < items.count { items[i] = last; last.systemIndex = i }
        }
        item.systemIndex = -1
        item.system = nil
        item.animation = nil
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
        case .pendingAdd: c.state = .none
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
        default: break // picked up when the solver constraint is built
        }
        needsLayout = true
    }

    /// Applies the queued changes to the solver, in the order that defines the result (SPEC §2):
    /// removals, then constant changes, then additions oldest first, where a required constraint
    /// that conflicts with what is already in the solver is left out (`broken`) and retried at the
    /// next pass.
    ///
    /// Two shortcuts keep a transition's solver work down without changing that result:
    ///
    /// * **Hand-over.** A constraint being removed whose exact twin is being added (same anchors,
    ///   relation, multiplier, constant and solver strength — e.g. a delegate that deactivates one
    ///   state's `viewport.leading == safeArea.leading` and activates the next state's) gives its
    ///   solver constraint to the twin instead of a removal and an addition of the same equation.
    /// * **Batch.** The additions enter the solver as one `Solver.addConstraints` operation (one
    ///   transaction, one optimisation).
    ///
    /// * **Rebuild.** When a pass removes more constraints than stay (a delegate tearing most of a
    ///   state down, e.g. navigation disabled), the solver is reset and the staying ones are
    ///   added back as one batch, oldest first: removing a constraint costs more than adding one,
    ///   so this is cheaper than the removals.
    ///
    /// They are taken only in a pass that starts without broken constraints or constant changes,
    /// and all are all or nothing: when the batch is refused (some required constraint conflicts),
    /// the hand-overs are undone and the additions are made one by one, oldest first, exactly as
    /// without the shortcuts — so which constraint is broken never depends on them. The solver then
    /// holds the same set of constraints either way; where the optimum is unique (no
    /// `ambiguousLayout`) the frames are the same.
    private func applyPendingChanges() {
        let shortcuts = broken.isEmpty && pendingConstants.isEmpty
        var handedOver: [LayoutConstraint] = []
        let rebuilt = shortcuts && rebuildWithoutPendingRemovals()
        if !rebuilt && !pendingRemoves.isEmpty {
            let lookForTwins = shortcuts && !pendingAdds.isEmpty
            for c in pendingRemoves where c.state == .pendingRemove {
                if let sc = c.solverConstraint {
                    if lookForTwins, !c.constantDirty, let twin = queuedTwin(of: c, solverForm: sc) {
                        twin.solverConstraint = sc
                        twin.state = .inSolver
                        handedOver.append(twin)
                        handOverCount += 1
                    } else {
                        try? solver.removeConstraint(sc)
                    }
                }
                c.solverConstraint = nil
                c.state = .none
                c.constantDirty = false
            }
            pendingRemoves.removeAll(keepingCapacity: true)
        }
        if !pendingConstants.isEmpty {
            for c in pendingConstants where c.constantDirty {
                c.constantDirty = false
                guard c.state == .inSolver, let sc = c.solverConstraint else { continue }
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
        if pendingAdds.isEmpty && broken.isEmpty { return }
        var toAdd = broken
        broken.removeAll()
        for c in pendingAdds where c.state == .pendingAdd { toAdd.append(c) }
        pendingAdds.removeAll(keepingCapacity: true)
        if toAdd.isEmpty { return }
        Self.sortBySerial(&toAdd)
        if shortcuts {
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

    /// The rebuild shortcut of `applyPendingChanges`: when more constraints leave the solver in
    /// this pass than stay in it, resets the solver and adds the staying ones back (one batch,
    /// oldest first, with their own solver constraints) and returns true; otherwise changes
    /// nothing and returns false.
    private func rebuildWithoutPendingRemovals() -> Bool {
        var leaving = 0
        for c in pendingRemoves where c.state == .pendingRemove && c.solverConstraint != nil { leaving += 1 }
        let staying = solver.constraintCount - leaving
        guard leaving > staying else { return false }
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

    /// Performs a layout pass if anything changed (SPEC §2): applies queued constraint changes to
    /// the solver, lets hiding stacks settle (re-solving while one changes, at most 8 rounds), and
    /// commits the solved frames — animated when an animation block is open (SPEC §5).
    package func layoutIfNeeded() {
        if !needsLayout || isLayingOut { return }
        isLayingOut = true
        defer { isLayingOut = false }
        var rounds = 0
        repeat {
            needsLayout = false
            applyPendingChanges()
            solver.updateVariables()
            for stack in stacks { stack.settle() }
            rounds += 1
        } while needsLayout && rounds < 8
        needsLayout = false
        passCount += 1
        commitFrames()
    }

    private static func snap(_ v: Double) -> Double {
        // Remove floating-point noise (e.g. 163.00000000000003) without moving real values:
        // snap to the nearest 1/64 pt when within 1e-7 of it.
        let s = (v * 64).rounded() / 64
        return (abs(s - v) < 1e-7 ? s : v) + 0.0  // + 0.0 turns -0.0 into 0.0
    }

    private func commitFrames() {
        let context = animationContext
        for item in items {
            let r = Rect(x: Self.snap(item.minXVar.value), y: Self.snap(item.minYVar.value),
                         width: Self.snap(item.widthVar.value), height: Self.snap(item.heightVar.value))
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

    // MARK: Explanations

    /// A minimal set of required constraints that cannot hold together with `broken` (SPEC §2,
    /// §8): removing any member makes the rest satisfiable. `broken` is the last element.
    ///
    /// Method: the required constraints in the solver that share variables with `broken`,
    /// directly or through each other (the connected component), then a deletion filter — drop
    /// each member, newest first, if the rest still conflicts — checked with scratch solvers.
    /// Components larger than `LayoutSystem.maxExplanationSize` are reported whole (then not
    /// guaranteed minimal) to bound the cost.
    package func conflictSet(for broken: LayoutConstraint) -> [LayoutConstraint] {
        let brokenForm = broken.makeSolverConstraint(direction: direction)
        var candidates: [(LayoutConstraint, Constraint)] = []
        for item in items {
            guard let view = item as? LayoutView else { continue }
            for c in view.installedConstraints where c.state == .inSolver && c.priority.isRequired {
                if let sc = c.solverConstraint { candidates.append((c, sc)) }
            }
        }
        candidates.sort { $0.0.serial < $1.0.serial }
        // Connected component through shared variables.
        var reached = Set<ObjectIdentifier>(brokenForm.expression.terms.map { ObjectIdentifier($0.variable) })
        var inSet = [Bool](repeating: false, count: candidates.count)
        var grew = true
        while grew {
            grew = false
            for (i, (_, sc)) in candidates.enumerated() where !inSet[i] {
                if sc.expression.terms.contains(where: { reached.contains(ObjectIdentifier($0.variable)) }) {
                    inSet[i] = true
                    grew = true
                    for t in sc.expression.terms { reached.insert(ObjectIdentifier(t.variable)) }
                }
            }
        }
        var set = candidates.indices.filter { inSet[$0] }.map { candidates[$0].0 }
        if set.count > LayoutSystem.maxExplanationSize { return set + [broken] }
        func conflicts(_ members: [LayoutConstraint]) -> Bool {
            let scratch = Solver()
            for c in members + [broken] {
                do { try scratch.addConstraint(c.makeSolverConstraint(direction: direction)) } catch { return true }
            }
            return false
        }
        var i = set.count - 1
        while i >= 0 {
            var without = set
            without.remove(at: i)
            if conflicts(without) { set = without }
            i -= 1
        }
        return set + [broken]
    }

    /// The largest connected component `conflictSet(for:)` minimises (cost grows with its square).
    package static let maxExplanationSize = 400

    // MARK: Clock

    /// Schedules `completion` to run when the clock passes `time + duration`.
    package func scheduleCompletion(after duration: Double, _ completion: @escaping (Bool) throws -> Void) {
        completions.append(PendingCompletion(end: time + duration, serial: nextCompletionSerial, body: completion))
        nextCompletionSerial += 1
    }

    /// Advances the clock by `seconds` (finite, >= 0, checked by the caller), ends the animations
    /// that are over, and returns the completions that became due, in order of end time.
    package func advanceClock(by seconds: Double) -> [PendingCompletion] {
        time += seconds
        revision &+= 1
        let now = time + 1e-9
        animatingItems.removeAll { item in
            guard let a = item.animation else { return true }
            if a.end <= now { item.animation = nil; return true }
            return false
        }
        var due: [PendingCompletion] = []
        completions.removeAll { c in
            if c.end <= now { due.append(c); return true }
            return false
        }
        due.sort { ($0.end, $0.serial) < ($1.end, $1.serial) }
        return due
    }

    /// Whether any frame animation is running.
    package var hasRunningAnimations: Bool { animatingItems.contains { $0.animation != nil } }
    /// Whether completions are waiting for the clock.
    package var hasPendingCompletions: Bool { !completions.isEmpty }
}
