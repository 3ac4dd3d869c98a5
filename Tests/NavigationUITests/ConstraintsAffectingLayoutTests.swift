import XCTest
@testable import LayoutSolver
import LayoutEngine
@testable import NavigationUI
import NavLayoutExamples

/// `constraintsAffectingLayout(for:)` (issue 14, "why is it here?") on the seed's sample delegate
/// (docs/behaviour.md#acceptance-values, iphone-portrait: 393 × 852, safe area top 59, bottom 34).
final class ConstraintsAffectingLayoutTests: XCTestCase {
    /// Each constraint as `text (engine kind) [does not hold]`.
    private func describe(_ cs: [LayoutConstraint]) -> [String] {
        cs.map { c in "\(c)\(c.engineKind.map { " (\($0))" } ?? "")\(c.holdsExactly ? "" : " [does not hold]")" }
    }

    private func guidanceMap(implicitMarkers: Bool = false, options: NavigationMapView.Options = .init()) throws -> NavigationMapView {
        let map = try NavigationMapView(preset: "iphone-portrait", options: options)
        if implicitMarkers { map.system_.solver.overrides.implicitMarkerThreshold = -1 }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        return map
    }

    /// Hand derivation (active guidance, SampleLayoutDelegate.makeGuidanceLayout):
    /// viewport.minY = turnCard.bottom = turnCard.top + turnCard.height = map.top + 163 = 163, so
    /// `viewport.top == turnCard.bottom`, `turnCard.top == map.top`, the turn card's component
    /// size (59 + 104 = 163) and the map frame's `map.top == 0`;
    /// viewport.maxY = mapContentsBottom.top = mapContentsBottom.bottom − 0, and the guide's bottom
    /// sits on the ETA card's top (the `<=` is at its bound: 746 < 818) = etaCard.bottom − 106 =
    /// map.bottom − 106 = 0 + 852 − 106 = 746, so `viewport.bottom == mapContentsBottom.top`,
    /// `mapContentsBottom.height == 0`, `mapContentsBottom.bottom <= etaCard.top`,
    /// `etaCard.bottom == map.bottom`, the ETA card's component size (72 + 34 = 106) and the map
    /// frame's `map.height == 852`. The guide's resting constraint (`== safe.bottom @250`) pulls it
    /// to 818 and loses (72 pt off): listed as not holding. Order: activation into the layout
    /// (the map frame first; the guide's two resting constraints from navigation ready, which
    /// stay in the solver across the transition; the cards' sizes as they join the hierarchy;
    /// then the guidance layout's constraints in the delegate's order).
    func testViewportVerticalInActiveGuidance() throws {
        let expected = [
            "map.top == 0 (map frame)",
            "map.height == 852 (map frame)",
            "mapContentsBottom.height == 0",
            "mapContentsBottom.bottom == map.safeAreaLayoutGuide.bottom @250 [does not hold]",
            "turnCard.height == 163 (component size)",
            "etaCard.height == 106 (component size)",
            "turnCard.top == map.top",
            "etaCard.bottom == map.bottom",
            "mapContentsBottom.bottom <= etaCard.top",
            "viewport.top == turnCard.bottom",
            "viewport.bottom == mapContentsBottom.top",
        ]
        let map = try guidanceMap()
        defer { map.invalidate() }
        XCTAssertEqual(map.viewport.frame, Rect(x: 0, y: 163, width: 393, height: 583))
        let set = map.viewport.constraintsAffectingLayout(for: .vertical)
        XCTAssertEqual(describe(set), expected)
        // Anchors and items as the API gives them: the turn card and the bottom guide.
        let toTurnCard = try XCTUnwrap(set.first { $0.secondAnchor?.item === map.turnCard })
        XCTAssertTrue(toTurnCard.firstAnchor.item === map.viewport)
        XCTAssertEqual(toTurnCard.firstAnchor.attribute, .top)
        XCTAssertEqual(toTurnCard.secondAnchor?.attribute, .bottom)
        XCTAssertEqual(toTurnCard.relation, .equal)
        XCTAssertEqual(toTurnCard.priority, .required)
        XCTAssertNil(toTurnCard.engineKind)
        let toGuide = try XCTUnwrap(set.first { $0.secondAnchor?.item.identifier == "mapContentsBottom" })
        XCTAssertTrue(toGuide.secondAnchor?.item is LayoutGuide)
        XCTAssertEqual(toGuide.constant, 0)
        XCTAssertEqual(toGuide.multiplier, 1)

        // The solver's implicit-marker mode (docs/solver.md) gives the same set.
        let implicit = try guidanceMap(implicitMarkers: true)
        defer { implicit.invalidate() }
        implicit.layoutIfNeeded()
        XCTAssertGreaterThan(implicit.system_.solver.registry.constraints.allValues.filter(\.implicit).count, 0)
        XCTAssertEqual(describe(implicit.viewport.constraintsAffectingLayout(for: .vertical)), expected)
    }

    /// Horizontal: viewport.leading == safe.leading and trailing == safe.trailing; the safe-area
    /// guide is the map inset by 0 on both sides (its safe-area constraints), and the map's frame
    /// starts at 0 and is 393 wide.
    func testViewportHorizontalAndAGuide() throws {
        let map = try guidanceMap()
        defer { map.invalidate() }
        XCTAssertEqual(describe(map.viewport.constraintsAffectingLayout(for: .horizontal)), [
            "map.left == 0 (map frame)",
            "map.width == 393 (map frame)",
            "map.safeAreaLayoutGuide.left == map.left (safe area)",
            "map.safeAreaLayoutGuide.right == map.right (safe area)",
            "viewport.leading == map.safeAreaLayoutGuide.leading",
            "viewport.trailing == map.safeAreaLayoutGuide.trailing",
        ])
        // The bottom guide on its own: the ETA card chain, the zero height, the losing rest.
        let guide = try XCTUnwrap(map.layoutGuides.first { $0.identifier == "mapContentsBottom" })
        XCTAssertEqual(describe(guide.constraintsAffectingLayout(for: .vertical)), [
            "map.top == 0 (map frame)",
            "map.height == 852 (map frame)",
            "mapContentsBottom.height == 0",
            "mapContentsBottom.bottom == map.safeAreaLayoutGuide.bottom @250 [does not hold]",
            "etaCard.height == 106 (component size)",
            "etaCard.bottom == map.bottom",
            "mapContentsBottom.bottom <= etaCard.top",
        ])
        // The safe-area guide: the map frame and its two vertical insets (59, 34); the resting
        // constraint acts on the guide's bottom and does not hold, so it is listed too.
        XCTAssertEqual(describe(map.safeAreaLayoutGuide.constraintsAffectingLayout(for: .vertical)), [
            "map.top == 0 (map frame)",
            "map.height == 852 (map frame)",
            "map.safeAreaLayoutGuide.top == map.top + 59 (safe area)",
            "map.safeAreaLayoutGuide.bottom == map.bottom - 34 (safe area)",
            "mapContentsBottom.bottom == map.safeAreaLayoutGuide.bottom @250 [does not hold]",
        ])
    }

    /// The compass in the bottom-packed stack: the stack's arrangement pins it to the stack's
    /// bottom, the stack's bottom is the guide's top (746), its height is its component size.
    func testAStackedButtonNamesTheHidingStack() throws {
        let map = try guidanceMap()
        defer { map.invalidate() }
        let set = map.compassButton.constraintsAffectingLayout(for: .vertical)
        XCTAssertEqual(set.compactMap(\.engineKind), [.mapFrame, .mapFrame, .componentSize, .componentSize, .hidingStack])
        XCTAssertTrue(describe(set).contains("compass.bottom == buttonStack.bottom (hiding stack)"))
        XCTAssertTrue(describe(set).contains("buttonStack.bottom == mapContentsBottom.top"))
    }

    /// Right-to-left: the same constraints hold in the mirrored solve (`holdsExactly` evaluates
    /// directional constraints as the solver does).
    func testRightToLeftConstraintsHold() throws {
        let map = try guidanceMap(options: .init(layoutDirection: .rightToLeft))
        defer { map.invalidate() }
        let set = map.viewport.constraintsAffectingLayout(for: .horizontal)
        XCTAssertEqual(describe(set).suffix(2), [
            "viewport.leading == map.safeAreaLayoutGuide.leading",
            "viewport.trailing == map.safeAreaLayoutGuide.trailing",
        ])
        XCTAssertTrue(set.allSatisfy(\.holdsExactly))
    }

    func testItemsOutsideTheLayoutAndUndeterminedAxes() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let detached = LayoutView(identifier: "detached")
        XCTAssertEqual(detached.constraintsAffectingLayout(for: .vertical).count, 0)
        // A view with only its top pinned: y is determined, its height is not.
        let v = LayoutView(identifier: "v")
        try map.addSubview(v)
        let top = v.topAnchor.constraint(equalTo: map.topAnchor, constant: 10)
        try top.activate()
        XCTAssertEqual(describe(v.constraintsAffectingLayout(for: .vertical)), ["map.top == 0 (map frame)", "v.top == map.top + 10"])
        XCTAssertEqual(v.constraintsAffectingLayout(for: .horizontal).count, 0)
        // An inactive constraint does not hold (it takes no part in the layout).
        let inactive = v.heightAnchor.constraint(equalToConstant: 5)
        XCTAssertFalse(inactive.holdsExactly)
        XCTAssertNil(inactive.engineKind)
    }

    /// A broken required constraint takes no part in the layout: not listed, does not hold.
    func testABrokenConstraintIsNotListed() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        let v = LayoutView(identifier: "v")
        try map.addSubview(v)
        let a = v.heightAnchor.constraint(equalToConstant: 10)
        let b = v.heightAnchor.constraint(equalToConstant: 20)
        try LayoutConstraint.activate([a, b])
        map.layoutIfNeeded()
        XCTAssertTrue(b.isBroken)
        XCTAssertFalse(b.holdsExactly)
        XCTAssertTrue(a.holdsExactly)
        XCTAssertTrue(v.constraintsAffectingLayout(for: .vertical).elementsEqual([a], by: ===))
    }
}
