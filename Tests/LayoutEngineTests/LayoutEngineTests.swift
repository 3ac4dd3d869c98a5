import XCTest
@testable import LayoutEngine
import LayoutSolver

/// A 400 × 800 root with safe area (50, 10, 30, 20): numbers small enough to check by hand.
private func makeRoot(direction: LayoutDirection = .leftToRight) throws -> LayoutRootView {
    try LayoutRootView(size: Size(width: 400, height: 800),
                       safeArea: EdgeInsets(top: 50, left: 10, bottom: 30, right: 20),
                       layoutDirection: direction)
}

final class AnchorAndConstraintTests: XCTestCase {
    func testPinToSafeAreaWithConstants() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "card")
        try root.addSubview(v)
        let safe = root.safeAreaLayoutGuide
        try LayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 5),
            v.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -5),
            v.topAnchor.constraint(equalTo: safe.topAnchor),
            v.heightAnchor.constraint(equalToConstant: 100),
        ])
        // x = 10 + 5; right = 400 − 20 − 5 = 375 → width 360; y = 50.
        XCTAssertEqual(v.frame, Rect(x: 15, y: 50, width: 360, height: 100))
        XCTAssertEqual(safe.frame, Rect(x: 10, y: 50, width: 370, height: 720))
    }

    func testRightToLeftMirrorsLeadingButNotLeft() throws {
        let root = try makeRoot(direction: .rightToLeft)
        let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b")
        try root.addSubview(a); try root.addSubview(b)
        try LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 0),
            a.widthAnchor.constraint(equalToConstant: 50), a.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 10),
            b.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 0),
            b.widthAnchor.constraint(equalToConstant: 50), b.topAnchor.constraint(equalTo: root.topAnchor),
            b.heightAnchor.constraint(equalToConstant: 10),
        ])
        // RTL: leading == right, so a's right edge is at 400 → x = 350; left does not mirror.
        XCTAssertEqual(a.frame.x, 350)
        XCTAssertEqual(b.frame.x, 0)
    }

    func testCenterAndMultiplier() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        try LayoutConstraint.activate([
            v.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            v.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            v.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            v.heightAnchor.constraint(equalTo: v.widthAnchor, multiplier: 2, constant: 10),
        ])
        // width = 200, height = 410; centered in 400 × 800 → (100, 195).
        XCTAssertEqual(v.frame, Rect(x: 100, y: 195, width: 200, height: 410))
    }

    func testMixedAxesAndPositionConstantAreInvalidArguments() throws {
        let v = LayoutView(identifier: "v")
        XCTAssertThrowsError(try LayoutConstraint(first: v.anchor(.leading), relation: .equal, second: v.anchor(.top))) { e in
            XCTAssertEqual((e as? NavLayoutError)?.code, 1)
            XCTAssertTrue("\(e)".contains("v.leading"))
        }
        XCTAssertThrowsError(try LayoutConstraint(first: v.anchor(.width), relation: .equal, second: v.anchor(.centerX)))
        XCTAssertThrowsError(try LayoutConstraint(first: v.anchor(.top), relation: .equal, second: nil, constant: 3))
        XCTAssertThrowsError(try LayoutConstraint(first: v.anchor(.width), relation: .equal, second: nil, constant: .nan))
        XCTAssertNoThrow(try LayoutConstraint(first: v.anchor(.width), relation: .equal, second: nil, constant: 3))
    }

    func testNoCommonAncestorActivatesNothing() throws {
        let root = try makeRoot()
        let inside = LayoutView(identifier: "inside"), outside = LayoutView(identifier: "outside")
        try root.addSubview(inside)
        let good = inside.widthAnchor.constraint(equalToConstant: 10)
        let bad = inside.leadingAnchor.constraint(equalTo: outside.leadingAnchor)
        XCTAssertThrowsError(try LayoutConstraint.activate([good, bad])) { e in
            XCTAssertEqual((e as? NavLayoutError)?.code, 7)
            XCTAssertTrue("\(e)".contains("inside") && "\(e)".contains("outside"))
        }
        XCTAssertFalse(good.isActive)
        XCTAssertFalse(bad.isActive)
    }

    func testRemovingAViewDeactivatesConstraintsThatReferenceIt() throws {
        let root = try makeRoot()
        let parent = LayoutView(identifier: "parent"), child = LayoutView(identifier: "child")
        try root.addSubview(parent); try parent.addSubview(child)
        let crossing = child.topAnchor.constraint(equalTo: root.topAnchor, constant: 7)
        let inner = child.widthAnchor.constraint(equalTo: parent.widthAnchor)
        try LayoutConstraint.activate([crossing, inner])
        parent.removeFromSuperview()
        XCTAssertFalse(crossing.isActive, "references child, installed on root: cut off")
        XCTAssertTrue(inner.isActive, "inside the removed subtree: stays")
        try root.addSubview(parent)
        XCTAssertTrue(inner.isActive)
    }

    func testConstantChangeIsIncremental() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        let top = v.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)
        try LayoutConstraint.activate([top, v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10)])
        XCTAssertEqual(v.frame.y, 10)
        let solverConstraint = top.solverConstraint
        let rows = root.system_.solver.rowCount
        top.constant = 25
        XCTAssertEqual(v.frame.y, 25)
        XCTAssertTrue(top.solverConstraint === solverConstraint, "the same solver constraint is updated in place")
        XCTAssertEqual(root.system_.solver.rowCount, rows)
    }

    func testIntrinsicSizeHuggingAndCompression() throws {
        let root = try makeRoot()
        let label = LayoutView(identifier: "label")
        try root.addSubview(label)
        label.intrinsicContentSize = Size(width: 120, height: 20)
        try LayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       label.topAnchor.constraint(equalTo: root.topAnchor)])
        XCTAssertEqual(label.frame.size, Size(width: 120, height: 20))
        // A 300-wide request at 500 beats hugging (250) but not compression (750).
        let wide = label.widthAnchor.constraint(equalToConstant: 300)
        wide.priority = LayoutPriority(500)
        try wide.activate()
        XCTAssertEqual(label.frame.width, 300)
        let narrow = label.widthAnchor.constraint(lessThanOrEqualToConstant: 50)
        narrow.priority = LayoutPriority(700)
        try narrow.activate()
        XCTAssertEqual(label.frame.width, 120, "compression resistance 750 beats 700 and 500")
    }

    func testStrictlyHierarchicalPriorities() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        try v.leadingAnchor.constraint(equalTo: root.leadingAnchor).activate()
        let high = v.widthAnchor.constraint(equalToConstant: 10)
        high.priority = LayoutPriority(751)
        try high.activate()
        for _ in 0..<50 {
            let c = v.widthAnchor.constraint(equalToConstant: 300)
            c.priority = .defaultHigh
            try c.activate()
        }
        // Fifty 750 constraints (error 290 each) never outweigh one satisfied 751 (docs/behaviour.md#priorities).
        XCTAssertEqual(v.frame.width, 10)
    }

    func testMarginsGuide() throws {
        let root = try makeRoot()
        let card = LayoutView(identifier: "card")
        try root.addSubview(card)
        card.layoutMargins = EdgeInsets(top: 4, left: 6, bottom: 8, right: 10)
        try LayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 30),
            card.widthAnchor.constraint(equalToConstant: 100), card.heightAnchor.constraint(equalToConstant: 50),
        ])
        // The card (20, 30, 100, 50) reaches 50 − 30 = 20 pt into the map's top unsafe band
        // (safe area from y 50; its left edge 20 is right of the band's 10): the margins are
        // measured from its safe area (UIKit's insetsLayoutMarginsFromSafeArea, default true):
        // (20 + 6, 30 + 20 + 4, 100 − 6 − 10, 50 − 24 − 8).
        XCTAssertEqual(card.layoutMarginsGuide.frame, Rect(x: 26, y: 54, width: 84, height: 18))
        // From the frame alone: (20 + 6, 30 + 4, 100 − 6 − 10, 50 − 4 − 8).
        card.insetsLayoutMarginsFromSafeArea = false
        XCTAssertEqual(card.layoutMarginsGuide.frame, Rect(x: 26, y: 34, width: 84, height: 38))
    }

    func testUnsatisfiableBreaksTheMostRecentAndRetries() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        let w10 = v.widthAnchor.constraint(equalToConstant: 10)
        let w20 = v.widthAnchor.constraint(equalToConstant: 20)
        try LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.heightAnchor.constraint(equalToConstant: 5), w10])
        XCTAssertEqual(v.frame.width, 10)
        try w20.activate()
        XCTAssertEqual(v.frame.width, 10, "the later constraint is the one broken")
        let diags = root.engineDiagnostics()
        XCTAssertEqual(diags.map(\.code), [.unsatisfiable])
        XCTAssertTrue(diags[0].constraints[0] === w20)
        w10.deactivate()
        XCTAssertEqual(v.frame.width, 20, "retried on the next pass")
        XCTAssertTrue(root.engineDiagnostics().isEmpty)
    }
}

final class HidingStackTests: XCTestCase {
    private func makeStack(_ position: StackPosition, alignment: StackAlignment = .trailing, height: Double)
        throws -> (LayoutRootView, NavigationHidingStackView, [LayoutView], LayoutConstraint) {
        let root = try makeRoot()
        let stack = NavigationHidingStackView(position: position, alignment: alignment, identifier: "stack")
        let views = (0..<3).map { i -> LayoutView in
            let v = LayoutView(identifier: "b\(i)")
            v.intrinsicContentSize = Size(width: 40 + 10 * Double(i), height: 50)
            return v
        }
        try root.addSubview(stack)
        stack.arrangedSubviews = views
        let h = stack.heightAnchor.constraint(equalToConstant: height)
        try LayoutConstraint.activate([stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                                       stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 100), h])
        return (root, stack, views, h)
    }

    func testBottomPositionPutsFirstViewAtTheBottom() throws {
        let (_, stack, v, _) = try makeStack(.bottom, height: 300)
        // Intrinsic width = widest arranged view = 60 → stack x = 340. Bottom = 400.
        XCTAssertEqual(stack.frame, Rect(x: 340, y: 100, width: 60, height: 300))
        XCTAssertEqual(v[0].frame, Rect(x: 360, y: 350, width: 40, height: 50))
        XCTAssertEqual(v[1].frame, Rect(x: 350, y: 292, width: 50, height: 50)) // 350 − 8 − 50
        XCTAssertEqual(v[2].frame, Rect(x: 340, y: 234, width: 60, height: 50)) // 292 − 8 − 50
        XCTAssertFalse(v.contains { $0.isHidden })
    }

    func testHidesFromTheEndAndShowsAgain() throws {
        let (_, _, v, h) = try makeStack(.bottom, height: 120)
        // 50 + 8 + 50 = 108 fits in 120; a third needs 166.
        XCTAssertEqual(v.map(\.isHidden), [false, false, true])
        h.constant = 107
        XCTAssertEqual(v.map(\.isHidden), [false, true, true])
        h.constant = 166
        XCTAssertEqual(v.map(\.isHidden), [false, false, false])
    }

    func testTopAndCenterPositions() throws {
        let (_, _, top, _) = try makeStack(.top, alignment: .leading, height: 300)
        // Leading alignment: x = stack x = 340; first at the top (y 100), next 8 below.
        XCTAssertEqual(top[0].frame, Rect(x: 340, y: 100, width: 40, height: 50))
        XCTAssertEqual(top[1].frame.y, 158)
        let (_, _, mid, h) = try makeStack(.center, height: 300)
        // Group height 166 centred in 100…400 → top at 250 − 83 = 167.
        XCTAssertEqual(mid[0].frame.y, 167)
        XCTAssertEqual(mid[2].frame.maxY, 333)
        h.constant = 120 // two fit: group 108 → top at 160 − 54 = 106
        XCTAssertEqual(mid.map(\.isHidden), [false, false, true])
        XCTAssertEqual(mid[0].frame.y, 106)
    }

    func testSettingHiddenOnAManagedViewIsReportedAndIgnored() throws {
        let (root, _, v, _) = try makeStack(.bottom, height: 300)
        v[0].isHidden = true
        XCTAssertFalse(v[0].isHidden)
        XCTAssertEqual(root.engineDiagnostics().map(\.code), [.hiddenInHidingStack])
    }
}

final class AnimationTests: XCTestCase {
    func testEaseInOutCurve() {
        // The curve is symmetric: y(0.5) = 0.5.
        XCTAssertEqual(AnimationCurve.easeInOut.progress(0.5), 0.5, accuracy: 1e-12)
        // At curve parameter s = 0.25: x = 3·0.75²·0.25·0.42 + 3·0.75·0.25²·0.58 + 0.25³ = 0.274375,
        // y = 3·0.75·0.25² + 0.25³ = 0.15625.
        XCTAssertEqual(CubicBezier.easeInOut.y(forX: 0.274375), 0.15625, accuracy: 1e-9)
        XCTAssertEqual(AnimationCurve.linear.progress(0.3), 0.3)
    }

    func testAnimationInterpolatesRetargetsAndCompletes() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        let top = v.topAnchor.constraint(equalTo: root.topAnchor, constant: 0)
        try LayoutConstraint.activate([top, v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10)])
        XCTAssertEqual(v.frame.y, 0)
        var completed: [Bool] = []
        try root.animate(withDuration: 1, curve: .linear, animations: { top.constant = 100 },
                         completion: { completed.append($0) })
        XCTAssertEqual(v.frame.y, 0)
        XCTAssertEqual(v.targetFrame.y, 100)
        try root.advanceTime(by: 0.25)
        XCTAssertEqual(v.frame.y, 25)
        XCTAssertEqual(completed, [])
        // Retarget from the presented frame (25) to 0 over 1 s.
        try root.animate(withDuration: 1, curve: .linear, animations: { top.constant = 0 })
        try root.advanceTime(by: 0.5)
        XCTAssertEqual(v.frame.y, 12.5)
        XCTAssertEqual(completed, [], "first block ends at t = 1.0; now 0.75")
        try root.advanceTime(by: 0.25)
        XCTAssertEqual(completed, [true])
        try root.advanceTime(by: 0.25)
        XCTAssertEqual(v.frame.y, 0)
    }

    func testInvalidDurationsAndSteps() throws {
        let root = try makeRoot()
        var ran = false
        XCTAssertThrowsError(try root.animate(withDuration: .nan, animations: { ran = true }))
        XCTAssertFalse(ran)
        XCTAssertThrowsError(try root.advanceTime(by: -1))
        XCTAssertThrowsError(try root.advanceTime(by: .infinity))
        XCTAssertEqual(root.currentTime, 0)
        // LayoutLimits: steps and durations up to 1e7 s, the clock up to 1e10 s (a reviewer's
        // 1e306 step made snapshots write "time": inf).
        XCTAssertThrowsError(try root.advanceTime(by: 1e306))
        XCTAssertThrowsError(try root.advanceTime(by: 1.0000001e7))
        XCTAssertThrowsError(try root.animate(withDuration: 2e7, animations: { ran = true }))
        XCTAssertFalse(ran)
        XCTAssertEqual(root.currentTime, 0)
        try root.advanceTime(by: 1e7)
        XCTAssertEqual(root.currentTime, 1e7)
        for _ in 0..<999 { try root.advanceTime(by: 1e7) }
        XCTAssertEqual(root.currentTime, 1e10)
        XCTAssertThrowsError(try root.advanceTime(by: 1))
        XCTAssertEqual(root.currentTime, 1e10)
        try root.advanceTime(by: 0)
    }
}

final class RightToLeftTests: XCTestCase {
    /// Leading/trailing constraints are measured in the reading direction in RTL.
    func testDirectionalConstraintsMirror() throws {
        var frames: [LayoutDirection: Rect] = [:]
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let root = try makeRoot(direction: direction)
            let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b")
            try root.addSubview(a); try root.addSubview(b)
            try LayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor, constant: 10),
                a.widthAnchor.constraint(equalToConstant: 50), a.topAnchor.constraint(equalTo: root.topAnchor),
                a.heightAnchor.constraint(equalToConstant: 10),
                b.leadingAnchor.constraint(greaterThanOrEqualTo: a.trailingAnchor, constant: 8),
                b.widthAnchor.constraint(equalToConstant: 30), b.topAnchor.constraint(equalTo: root.topAnchor),
                b.heightAnchor.constraint(equalToConstant: 10),
            ])
            let pull = b.leadingAnchor.constraint(equalTo: root.leadingAnchor)
            pull.priority = .defaultLow
            try pull.activate()
            frames[direction] = b.frame
            // LTR: a at 10 (safe left) + 10 = 20; b pulled to 0 but >= a.trailing 70 + 8 = 78.
            if direction == .leftToRight {
                XCTAssertEqual(a.frame, Rect(x: 20, y: 0, width: 50, height: 10))
            } else {
                // RTL: leading is the right edge; safe area's right inset is 20 → a.right = 400 − 20 − 10.
                XCTAssertEqual(a.frame, Rect(x: 320, y: 0, width: 50, height: 10))
            }
        }
        XCTAssertEqual(frames[.leftToRight], Rect(x: 78, y: 0, width: 30, height: 10))
        // RTL: b's leading (right) edge is pulled toward the map's right edge but must stay 8 pt
        // past a's trailing (left) edge 320: b.right = 312 → x = 282. (The safe area's insets
        // differ left and right, so this is not the exact mirror of the LTR frame.)
        XCTAssertEqual(frames[.rightToLeft], Rect(x: 320 - 8 - 30, y: 0, width: 30, height: 10))
    }

    func testLeadingToLeftIsRefused() throws {
        let root = try makeRoot()
        let a = LayoutView(identifier: "a")
        try root.addSubview(a)
        XCTAssertThrowsError(try LayoutConstraint(first: a.anchor(.leading), relation: .equal, second: root.anchor(.left)))
        let typed = LayoutConstraint(unchecked: a.anchor(.trailing), .equal, root.anchor(.right), 1, 0)
        XCTAssertThrowsError(try typed.activate()) { XCTAssertEqual(($0 as? NavLayoutError)?.code, 1) }
        XCTAssertFalse(typed.isActive)
    }
}

final class QueueTests: XCTestCase {
    /// Removing and re-adding a view before a layout pass must not add its constraints twice
    /// (a duplicate required equality would make every later constant change unsatisfiable).
    func testDetachAndReattachBeforeAPassAddsOnce() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        let w = v.widthAnchor.constraint(equalToConstant: 72)
        try root.addSubview(v)
        try w.activate()
        v.removeFromSuperview()
        try root.addSubview(v)
        v.removeFromSuperview()
        try root.addSubview(v)
        try LayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.heightAnchor.constraint(equalToConstant: 1)])
        root.layoutIfNeeded()
        // root: 4 + safe area: 4 + v: 4 = 12 solver constraints.
        XCTAssertEqual(root.system_.solver.constraintCount, 12)
        w.constant = 136
        XCTAssertEqual(v.frame.width, 136)
        XCTAssertTrue(root.engineDiagnostics().isEmpty)
    }

    /// A pinned view (x, y, size) whose leading constraint is `lead`.
    private func pinnedView(in root: LayoutRootView, leading: Double) throws -> (LayoutView, LayoutConstraint) {
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        let lead = v.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor, constant: leading)
        try LayoutConstraint.activate([lead, v.topAnchor.constraint(equalTo: root.topAnchor),
                                       v.widthAnchor.constraint(equalToConstant: 30), v.heightAnchor.constraint(equalToConstant: 40)])
        root.layoutIfNeeded()
        return (v, lead)
    }

    /// Issue 6: a state change that deactivates a constraint and activates the same equation
    /// (another object) keeps the equation in the solver: the new constraint takes it over, works
    /// like any active constraint afterwards, and the old one is out.
    func testIdenticalReplacementTakesOverTheSolverConstraint() throws {
        let root = try makeRoot()
        let (v, old) = try pinnedView(in: root, leading: 5)
        let system = root.system_!
        let count = system.solver.constraintCount
        let twin = v.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor, constant: 5)
        // Not a twin: another constant. Replaced the ordinary way.
        let other = v.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor, constant: 6)
        old.deactivate()
        try twin.activate()
        root.layoutIfNeeded()
        XCTAssertEqual(system.handOverCount, 1)
        XCTAssertEqual(system.solver.constraintCount, count)
        XCTAssertEqual(v.frame, Rect(x: 15, y: 0, width: 30, height: 40))
        XCTAssertFalse(old.isActive)
        XCTAssertNil(old.solverConstraint)
        // The twin owns the equation now: its constant and its deactivation reach the solver.
        twin.constant = 25
        XCTAssertEqual(v.frame.x, 35)
        twin.deactivate()
        try other.activate()
        root.layoutIfNeeded()
        XCTAssertEqual(system.handOverCount, 1)
        XCTAssertEqual(system.solver.constraintCount, count)
        XCTAssertEqual(v.frame.x, 16)
        // Reactivating the first object brings the equation back (it was not kept anywhere).
        other.deactivate()
        try old.activate()
        XCTAssertEqual(v.frame.x, 15)
        XCTAssertTrue(root.engineDiagnostics().isEmpty)
    }

    /// The shortcuts (hand-over, batched additions) never change which constraint is broken
    /// (docs/behaviour.md#unsatisfiable-constraints: the most recently activated member of a conflict): here the replacement of a
    /// removed constraint is activated *after* a constraint it conflicts with, so the
    /// replacement is broken, not the older constraint — as without the hand-over.
    func testHandOverNeverChangesWhichConstraintIsBroken() throws {
        let root = try makeRoot()
        let (v, _) = try pinnedView(in: root, leading: 5)
        let system = root.system_!
        let width = v.installedConstraints.first { $0.firstAnchor.attribute == .width }!
        let narrower = v.widthAnchor.constraint(equalToConstant: 20)   // activated first
        let twin = v.widthAnchor.constraint(equalToConstant: 30)       // same equation as `width`, newer
        width.deactivate()
        try narrower.activate()
        try twin.activate()
        root.layoutIfNeeded()
        XCTAssertEqual(system.handOverCount, 0, "the hand-over was undone when the additions conflicted")
        XCTAssertTrue(twin.isBroken)
        XCTAssertFalse(narrower.isBroken)
        XCTAssertEqual(v.frame.width, 20)
        let unsatisfiable = root.engineDiagnostics().filter { $0.code == .unsatisfiable }
        XCTAssertEqual(unsatisfiable.count, 1)
        XCTAssertTrue(unsatisfiable.first?.constraints.first === twin)
        // Resolving the conflict lets the broken constraint in at the next pass.
        narrower.deactivate()
        XCTAssertEqual(v.frame.width, 30)
        XCTAssertFalse(twin.isBroken)
    }

    /// Several additions in one pass, one of which conflicts: only the newest conflicting one is
    /// broken and the others hold.
    func testConflictInABatchBreaksOnlyTheNewest() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        let a = v.widthAnchor.constraint(equalToConstant: 50)
        let b = v.widthAnchor.constraint(equalToConstant: 60)
        let rest = [v.leadingAnchor.constraint(equalTo: root.leadingAnchor), v.topAnchor.constraint(equalTo: root.topAnchor),
                    v.heightAnchor.constraint(equalToConstant: 10)]
        try LayoutConstraint.activate([a, b] + rest)
        XCTAssertEqual(v.frame, Rect(x: 0, y: 0, width: 50, height: 10))
        XCTAssertFalse(a.isBroken)
        XCTAssertTrue(b.isBroken)
        XCTAssertTrue(rest.allSatisfy { !$0.isBroken && $0.solverConstraint != nil })
    }

    /// A pass that removes more constraints than stay rebuilds the solver from the staying ones:
    /// the layout is the same, the staying constraints keep working (constant changes, removal),
    /// and an addition that conflicts in the same pass is broken as always.
    func testPassRemovingMostConstraintsRebuildsTheSolver() throws {
        let root = try makeRoot()
        let (a, lead) = try pinnedView(in: root, leading: 5)
        let b = LayoutView(identifier: "b")
        try root.addSubview(b)
        var bConstraints = [b.leadingAnchor.constraint(equalTo: root.leadingAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
                            b.widthAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10)]
        for i in 0..<12 { bConstraints.append(b.widthAnchor.constraint(lessThanOrEqualTo: a.widthAnchor, constant: Double(i))) }
        try LayoutConstraint.activate(bConstraints)
        root.layoutIfNeeded()
        let system = root.system_!
        XCTAssertEqual(system.solver.constraintCount, 28)  // root 4, safe area 4, a 4, b 16
        XCTAssertEqual(system.rebuildCount, 0)
        // b leaves (16 constraints) and 12 stay; a conflicting width for a arrives in the same pass.
        let conflicting = a.widthAnchor.constraint(equalToConstant: 99)
        b.removeFromSuperview()
        try conflicting.activate()
        root.layoutIfNeeded()
        XCTAssertEqual(system.rebuildCount, 1)
        XCTAssertEqual(system.solver.constraintCount, 12)
        XCTAssertTrue(conflicting.isBroken)
        XCTAssertEqual(a.frame, Rect(x: 15, y: 0, width: 30, height: 40))
        XCTAssertTrue(bConstraints.allSatisfy { $0.solverConstraint == nil && !$0.isBroken })
        // The staying constraints are live in the rebuilt solver.
        lead.constant = 45
        XCTAssertEqual(a.frame.x, 55)
        conflicting.deactivate()
        lead.deactivate()
        try a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 1).activate()
        XCTAssertEqual(a.frame.x, 1)
        XCTAssertEqual(system.solver.constraintCount, 12)
        // b's own size constraints stay active in its detached subtree; the others crossed out of
        // it and were deactivated by the removal (UIKit's rule).
        XCTAssertEqual(bConstraints.filter(\.isActive).count, 2)
    }

    /// Changing the priority of an active optional constraint takes effect at the next pass.
    func testPriorityChangeOfAnActiveConstraintReachesTheSolver() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        let ten = v.widthAnchor.constraint(equalToConstant: 10)
        let twenty = v.widthAnchor.constraint(equalToConstant: 20)
        ten.priority = LayoutPriority(250)
        twenty.priority = LayoutPriority(500)
        try LayoutConstraint.activate([ten, twenty, v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10)])
        XCTAssertEqual(v.frame.width, 20)
        ten.priority = LayoutPriority(750)
        XCTAssertEqual(v.frame.width, 10)
    }
}

final class BlockAndLimitTests: XCTestCase {
    /// docs/behaviour.md#animation: the frames *before* the block are recorded even when nothing was laid out yet.
    func testAnimationStartsFromTheLayoutBeforeTheBlock() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        try root.addSubview(v)
        let w = v.widthAnchor.constraint(equalToConstant: 10)
        try LayoutConstraint.activate([w, v.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10)])
        try root.animate(withDuration: 1, curve: .linear, animations: { w.constant = 100 })
        XCTAssertEqual(v.frame.width, 10)
        try root.advanceTime(by: 0.5)
        XCTAssertEqual(v.frame.width, 55) // 10 + (100 − 10) × 0.5
    }

    func testAbsurdNumbersAreRefused() throws {
        let root = try makeRoot()
        let v = LayoutView(identifier: "v")
        XCTAssertThrowsError(try v.widthAnchor.constraint(equalToConstant: -1e308).activate())
        XCTAssertThrowsError(try v.setLayoutMargins(EdgeInsets(all: 1e308)))
        XCTAssertThrowsError(try LayoutConstraint(first: v.anchor(.width), relation: .equal, second: root.anchor(.width), multiplier: 1e300))
        XCTAssertThrowsError(try LayoutRootView(size: Size(width: 1e300, height: 10)))
        XCTAssertEqual(v.layoutMargins, EdgeInsets(all: 8))
    }
}

final class ExplanationTests: XCTestCase {
    /// The conflict set is minimal: constraints of the component that play no part are dropped,
    /// and two independent conflicts give two diagnostics.
    func testMinimalConflictSets() throws {
        let root = try makeRoot()
        let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b")
        try root.addSubview(a); try root.addSubview(b)
        let aLeading = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let aWidth = a.widthAnchor.constraint(equalToConstant: 100)
        let aTop = a.topAnchor.constraint(equalTo: root.topAnchor)          // same view, other axis
        let aRight = a.trailingAnchor.constraint(equalTo: root.leadingAnchor, constant: 50) // 10 + 100 ≠ 50
        let bHeight = b.heightAnchor.constraint(equalToConstant: 20)
        let bHeight2 = b.heightAnchor.constraint(greaterThanOrEqualToConstant: 30)
        try LayoutConstraint.activate([aLeading, aWidth, aTop, b.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                       b.topAnchor.constraint(equalTo: root.topAnchor), b.widthAnchor.constraint(equalToConstant: 5),
                                       a.heightAnchor.constraint(equalToConstant: 5), bHeight])
        try LayoutConstraint.activate([aRight])
        try LayoutConstraint.activate([bHeight2])
        let diags = root.engineDiagnostics().filter { $0.code == .unsatisfiable }
        XCTAssertEqual(diags.count, 2)
        // a: leading 10 + width 100 vs trailing 50, with the root's left pinned at 0 (engine-owned).
        XCTAssertTrue(diags[0].constraints[0] === aRight)
        let setA = Set(diags[0].constraints.map { ObjectIdentifier($0) })
        XCTAssertTrue(setA.contains(ObjectIdentifier(aLeading)) && setA.contains(ObjectIdentifier(aWidth)))
        XCTAssertFalse(setA.contains(ObjectIdentifier(aTop)), "the other axis plays no part")
        XCTAssertTrue(diags[1].constraints[0] === bHeight2)
        XCTAssertEqual(diags[1].constraints.count, 2, "b.height == 20 and b.height >= 30")
        // Minimality: every proper subset of each set is satisfiable (checked by the deletion
        // filter itself; here: dropping the broken one leaves a satisfiable layout).
        XCTAssertEqual(a.frame.width, 100)
        XCTAssertEqual(b.frame.height, 20)
    }
}

/// Issue 8: many conflicting required constraints on a big layout. Diagnostics explain them
/// within a fixed work budget per layout pass (`LayoutSystem.explanationBudget`), and broken
/// constraints are not retried by passes that cannot let them in.
final class ExplanationBudgetTests: XCTestCase {
    func testHundredsOfConflictsOnTwoThousandViews() throws {
        let root = try makeRoot()
        let system = root.system_!
        // 2,000 pinned views: 8,000 constraints; their positions are connected through the
        // root's variables.
        var views: [LayoutView] = []
        var pins: [LayoutConstraint] = []
        var widths: [LayoutConstraint] = []
        for i in 0..<2000 {
            let v = LayoutView(identifier: "v\(i)")
            try root.addSubview(v)
            let w = v.widthAnchor.constraint(equalToConstant: 8)
            widths.append(w)
            pins += [v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: Double(i % 40) * 10),
                     v.topAnchor.constraint(equalTo: root.topAnchor, constant: Double(i / 40) * 5),
                     w, v.heightAnchor.constraint(equalToConstant: 4)]
            views.append(v)
        }
        try LayoutConstraint.activate(pins)
        root.layoutIfNeeded()
        // 1. 300 width conflicts: each one's component is that view's width constraint.
        let early = (0..<300).map { views[$0].widthAnchor.constraint(equalToConstant: 9) }
        try LayoutConstraint.activate(early)
        // 2. A chain of 150 views, not tied to the root, 1 pt wide each, that is also asked to be
        //    10 pt long: every one of its 299 constraints is in the minimal set, which the budget
        //    cannot pay for.
        var chain: [LayoutView] = []
        var links: [LayoutConstraint] = []
        for i in 0..<150 {
            let c = LayoutView(identifier: "c\(i)")
            try root.addSubview(c)
            links.append(c.widthAnchor.constraint(equalToConstant: 1))
            if let previous = chain.last { links.append(c.leadingAnchor.constraint(equalTo: previous.trailingAnchor)) }
            chain.append(c)
        }
        try LayoutConstraint.activate(links)
        let tooShort = chain.last!.trailingAnchor.constraint(equalTo: chain[0].leadingAnchor, constant: 10)
        try tooShort.activate()
        // 3. 20 more width conflicts, explained after the budget is spent.
        let late = (300..<320).map { views[$0].widthAnchor.constraint(equalToConstant: 9) }
        try LayoutConstraint.activate(late)
        // 4. A conflict through the root's variables: connected to all 8,000 pins.
        let farAway = views[1999].leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 3)
        try farAway.activate()
        root.layoutIfNeeded()

        XCTAssertEqual(system.broken.count, 322)
        XCTAssertTrue((early + [tooShort] + late + [farAway]).allSatisfy(\.isBroken))
        XCTAssertEqual(views[0].frame, Rect(x: 0, y: 0, width: 8, height: 4), "broken constraints are left out")
        let diags = root.engineDiagnostics().filter { $0.code == .unsatisfiable }
        XCTAssertEqual(diags.count, 322)
        XCTAssertEqual(system.explanationWork, LayoutSystem.explanationBudget)
        for (i, c) in early.enumerated() {
            XCTAssertEqual(system.conflictSet(for: c).kind, .minimal)
            XCTAssertTrue(diags[i].constraints.count == 2 && diags[i].constraints[0] === c && diags[i].constraints[1] === widths[i])
            XCTAssertFalse(diags[i].message.contains("not minimised"))
        }
        let chainSet = system.conflictSet(for: tooShort)
        XCTAssertEqual(chainSet.kind, .notMinimised)
        XCTAssertTrue(chainSet.members.last === tooShort)
        XCTAssertTrue(chainSet.members.dropLast().allSatisfy { m in links.contains { $0 === m } })
        XCTAssertTrue(Self.conflicts(chainSet.members), "a set reported unminimised still conflicts")
        XCTAssertTrue(diags[300].message.contains("not minimised"))
        for (k, c) in late.enumerated() {
            let set = system.conflictSet(for: c)
            XCTAssertEqual(set.kind, .notMinimised)
            XCTAssertTrue(set.members.count == 2 && set.members[0] === widths[300 + k], "its whole component")
            XCTAssertTrue(diags[301 + k].message.contains("not minimised"))
        }
        let farSet = system.conflictSet(for: farAway)
        // Connected through the root's minX: the 2,000 leading pins, the root's left and width,
        // the safe-area guide's left and right.
        XCTAssertEqual(farSet.kind, .notNarrowedDown(connected: 2004))
        XCTAssertTrue(diags[321].constraints.count == 1 && diags[321].constraints[0] === farAway)
        XCTAssertTrue(diags[321].message.contains("2004 of them, more than 400: not narrowed down"))

        // The explanations are computed once per pass: asking again spends nothing more.
        XCTAssertEqual(root.engineDiagnostics().filter { $0.code == .unsatisfiable }.map(\.message), diags.map(\.message))
        // A pass that only adds constraints does not retry the broken ones (they would fail
        // again); one that removes a required constraint does, and lets in what fits now.
        try LayoutConstraint.activate([views[1999].heightAnchor.constraint(greaterThanOrEqualToConstant: 1)])
        root.layoutIfNeeded()
        XCTAssertEqual(system.broken.count, 322)
        widths[0].deactivate()
        root.layoutIfNeeded()
        XCTAssertEqual(system.broken.count, 321)
        XCTAssertFalse(early[0].isBroken)
        XCTAssertEqual(views[0].frame.width, 9)
        // A new constant on a broken constraint is tried at the next pass.
        farAway.constant = 10 * Double(1999 % 40)
        root.layoutIfNeeded()
        XCTAssertFalse(farAway.isBroken)
        XCTAssertEqual(system.broken.count, 320)
    }

    /// Whether the constraints cannot all hold (checked on a fresh solver).
    private static func conflicts(_ members: [LayoutConstraint]) -> Bool {
        let scratch = Solver()
        for m in members {
            do { try scratch.addConstraint(m.makeSolverConstraint(direction: .leftToRight)) } catch { return true }
        }
        return false
    }
}
