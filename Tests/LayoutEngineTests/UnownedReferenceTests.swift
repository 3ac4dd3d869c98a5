import XCTest
@testable import LayoutEngine

/// Issue 19: the references from an item to the view, stack or layout system it belongs to are
/// `unowned` (a weak reference put its target on Swift's slow reference-counting path). They must
/// read exactly as the weak references did: nil once the target is gone, never a dangling
/// reference (reading one would stop the process). Each test frees the target while the item that
/// points to it lives on, then reads the reference and uses the item again.
final class UnownedReferenceTests: XCTestCase {
    /// A view whose superview goes while it is still a subview: `superview` reads nil (as a weak
    /// reference did), and the view can join another hierarchy.
    func testSuperviewOfAFreedParentReadsNil() throws {
        let child = LayoutView(identifier: "child")
        weak var gone: LayoutView?
        do {
            let parent = LayoutView(identifier: "parent")
            try parent.addSubview(child)
            XCTAssertTrue(child.superview === parent)
            gone = parent
        }
        XCTAssertNil(gone, "nothing else holds the parent")
        XCTAssertNil(child.superview)
        let other = LayoutView(identifier: "other")
        try other.addSubview(child)
        XCTAssertTrue(child.superview === other)
    }

    /// A guide whose view goes: `owningView` reads nil; so does a built-in guide's.
    func testOwningViewOfAFreedViewReadsNil() throws {
        let guide = LayoutGuide(identifier: "g")
        let builtIn: LayoutGuide
        weak var gone: LayoutView?
        do {
            let view = LayoutView(identifier: "v")
            try view.addLayoutGuide(guide)
            builtIn = view.layoutMarginsGuide
            XCTAssertTrue(guide.owningView === view)
            XCTAssertTrue(builtIn.owningView === view)
            gone = view
            // The built-in guide's inset constraints and the view refer to each other until a
            // teardown breaks the cycle (as the C layer's nl_view_destroy does); the guides stay.
            view.breakReferenceCycles()
        }
        XCTAssertNil(gone)
        XCTAssertNil(guide.owningView)
        XCTAssertNil(builtIn.owningView)
        XCTAssertNil(guide.hierarchyView)
    }

    /// An active constraint between two subviews of a container that goes while the host keeps
    /// the constraint: it stays active (as before), is installed nowhere, and changing its
    /// constant or priority is a no-op instead of a use of the freed container.
    func testConstraintInstalledOnAFreedViewReadsNil() throws {
        let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b")
        let c: LayoutConstraint
        weak var gone: LayoutView?
        do {
            let container = LayoutView(identifier: "container")
            try container.addSubview(a)
            try container.addSubview(b)
            c = a.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8)
            try c.setPriority(.defaultHigh)
            try c.activate()
            XCTAssertTrue(c.installedOn === container)
            gone = container
        }
        XCTAssertNil(gone)
        XCTAssertNil(c.installedOn)
        XCTAssertTrue(c.isActive)
        XCTAssertNoThrow(try c.setConstant(12))
        XCTAssertEqual(c.constant, 12)
        XCTAssertNoThrow(try c.setPriority(.defaultLow))
        c.deactivate()
        XCTAssertFalse(c.isActive)
    }

    /// A view moved from one stack to another keeps naming the second when the first goes (a
    /// stack that still arranges views refers to itself through its arrangement constraints
    /// until a teardown empties it, so it goes only with nothing to clear, as here).
    func testMovedViewKeepsItsNewStackWhenTheOldOneGoes() throws {
        let v = LayoutView(identifier: "v")
        let second = NavigationHidingStackView(position: .bottom, alignment: .trailing, identifier: "second")
        weak var gone: NavigationHidingStackView?
        do {
            let first = NavigationHidingStackView(position: .bottom, alignment: .trailing, identifier: "first")
            try first.setArrangedSubviews([v])
            try second.setArrangedSubviews([v])
            gone = first
        }
        XCTAssertNil(gone)
        XCTAssertTrue(v.managingStack === second)
        XCTAssertTrue(v.superview === second)
    }

    /// The items of a torn-down root keep their system until the root goes (as a weak reference
    /// did), then read nil; a guide of the root that the host kept is then detached.
    func testSystemOfAFreedRootReadsNil() throws {
        let guide: LayoutGuide
        weak var goneRoot: LayoutRootView?
        weak var goneSystem: LayoutSystem?
        do {
            let root = try LayoutRootView(size: Size(width: 400, height: 800), safeArea: .zero)
            guide = root.safeAreaLayoutGuide
            XCTAssertTrue(guide.system === root.system_)
            goneRoot = root
            goneSystem = root.system_
            root.breakReferenceCycles()
            XCTAssertTrue(guide.system === root.system_, "kept until the system goes, as before")
        }
        XCTAssertNil(goneRoot)
        XCTAssertNil(goneSystem)
        XCTAssertNil(guide.system)
        XCTAssertNil(guide.owningView)
        XCTAssertEqual(guide.frame, guide.solvedFrame)   // no system: no pass, the last solved frame
    }

    /// Every layout system has a serial of its own (the accessibility-order cache tells systems
    /// apart by it, never by a reference).
    func testSystemSerialsAreUnique() throws {
        let a = try LayoutRootView(size: Size(width: 10, height: 10))
        let b = try LayoutRootView(size: Size(width: 10, height: 10))
        XCTAssertNotEqual(a.system_.serial, b.system_.serial)
        a.breakReferenceCycles()
        b.breakReferenceCycles()
    }
}
