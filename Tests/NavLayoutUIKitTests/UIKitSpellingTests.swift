import XCTest
import LayoutEngine
import NavLayoutUIKit

/// A delegate in the UIKit spelling built from closures.
@MainActor
private final class Scripted: NavLayoutUIKit.NSObject, NavigationLayoutDelegate {
    var enable: (GMSMapView, NavigationReadyUIState) -> Void = { _, _ in }
    var disable: (GMSMapView) -> Void = { _ in }
    func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) { enable(navMap, newState) }
    func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) { disable(navMap) }
}

/// A host view subclass with state of its own.
@MainActor
private final class Badge: UIView {
    var count = 0
}

/// Places the logo and the viewport as a minimal valid layout (no diagnostics).
@MainActor
private func placeEssentials(_ map: GMSMapView, _ state: NavigationReadyUIState) {
    let safe = map.safeAreaLayoutGuide
    map.addSubview(state.viewport)
    map.addSubview(state.googleLogo)
    NSLayoutConstraint.activate([
        state.viewport.topAnchor.constraint(equalTo: safe.topAnchor),
        state.viewport.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -40),
        state.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        state.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        state.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
        state.googleLogo.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
    ])
}

/// Issue 16 item 10: the UIKit spelling's own rules — refusals instead of throws (as `callRefused`
/// diagnostics through the diagnostics log), the SDK's throwing `setLayoutDelegate`, wrapper
/// identity and lifetime, animation outside callbacks, and the forwarding properties. Each test
/// runs its `@MainActor` body with `MainActor.assumeIsolated` (XCTest on Linux cannot call
/// `@MainActor` test methods; it runs tests on the main thread).
final class UIKitSpellingTests: XCTestCase {
    private func onMain(_ body: @MainActor () throws -> Void) rethrows { try MainActor.assumeIsolated(body) }

    func testActivateActivatesWhatItCanAndReportsTheRest() throws { try onMain {
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
        var logged: [String] = []
        map.navigationMapView.diagnosticHandler = { _, d in logged.append("\(d.code)") }
        let stray = UIView()
        stray.accessibilityIdentifier = "stray"
        var pinned: NSLayoutConstraint?
        let d = Scripted()
        d.enable = { m, s in
            placeEssentials(m, s)
            let good = s.googleLogo.topAnchor.constraint(greaterThanOrEqualTo: m.topAnchor)
            pinned = good
            NSLayoutConstraint.activate([good, stray.leadingAnchor.constraint(equalTo: m.leadingAnchor)])
        }
        try map.setLayoutDelegate(d)
        map.isNavigationEnabled = true
        XCTAssertEqual(pinned?.isActive, true, "the constraint that can be activated is")
        let refused = map.navigationMapView.diagnostics.filter { $0.code.rawValue == 20 }
        XCTAssertEqual(refused.count, 1)
        XCTAssertEqual(refused.first?.severity.rawValue, 2)   // error
        XCTAssertEqual(refused.first?.message,
                       "NSLayoutConstraint.activate (stray.leading == map.leading) was refused and changed nothing: stray and map have no common ancestor; add them to the same hierarchy before activating stray.leading == map.leading")
        XCTAssertEqual(logged, ["callRefused"], "reported once, at the end of the event")
        // The next transition starts afresh.
        map.isNavigationEnabled = false
        XCTAssertTrue(map.navigationMapView.diagnostics.filter { $0.code.rawValue == 20 }.isEmpty)
    } }

    func testEventsFromInsideACallbackAreRefused() throws { try onMain {
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
        map.navigationMapView.diagnosticHandler = { _, _ in }
        let d = Scripted()
        d.enable = { m, s in
            placeEssentials(m, s)
            m.isNavigationEnabled = false
            m.navigator?.isGuidanceActive = true
        }
        try map.setLayoutDelegate(d)
        map.isNavigationEnabled = true
        XCTAssertTrue(map.isNavigationEnabled)
        XCTAssertEqual(map.navigator?.isGuidanceActive, false)
        let messages = map.navigationMapView.diagnostics.map(\.message)
        XCTAssertEqual(messages, [
            "GMSMapView.isNavigationEnabled was refused and changed nothing: disable navigation was called from inside a callback; events may not be sent while the map view is calling the host",
            "GMSNavigator.isGuidanceActive was refused and changed nothing: startGuidance was called from inside a callback; events may not be sent while the map view is calling the host",
        ])
    } }

    func testSetLayoutDelegateThrowsWhereTheSDKThrows() throws { try onMain {
        let carPlay = try XCTUnwrap(GMSMapView(preset: "carplay"))
        XCTAssertThrowsError(try carPlay.setLayoutDelegate(Scripted())) { e in
            XCTAssertEqual((e as? NavLayoutError)?.code, 5)   // carPlay
        }
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
        let d = Scripted()
        d.enable = placeEssentials
        try map.setLayoutDelegate(d)
        XCTAssertTrue(map.layoutDelegate === d)
        XCTAssertTrue(map.enableNavigation(with: try XCTUnwrap(GMSNavigationServices.createNavigationSession())))
        XCTAssertThrowsError(try map.setLayoutDelegate(nil)) { e in
            XCTAssertEqual((e as? NavLayoutError)?.code, 4)   // navigationEnabled
        }
        map.isNavigationEnabled = true   // the current value: nothing happens, nothing is reported
        XCTAssertEqual(map.navigationMapView.diagnostics.map(\.message), [])
        XCTAssertThrowsError(try GMSMapView(frame: NavLayoutUIKit.CGRect(x: 0, y: 0, width: -1, height: 10))) { e in
            XCTAssertEqual((e as? NavLayoutError)?.code, 1)
        }
        XCTAssertNil(GMSMapView(preset: "iphone-42"))
    } }

    func testOneWrapperPerViewAndSubclassesKeepTheirState() throws { try onMain {
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
        map.navigationMapView.diagnosticHandler = { _, _ in }
        var state: NavigationReadyUIState?
        let d = Scripted()
        d.enable = { m, s in placeEssentials(m, s); state = s }
        try map.setLayoutDelegate(d)
        map.isNavigationEnabled = true
        let s = try XCTUnwrap(state)
        XCTAssertTrue(s.googleLogo === s.googleLogo)
        XCTAssertTrue(map.subviews.contains { $0 === s.viewport })
        XCTAssertTrue(s.viewport.superview === map)
        do {
            let badge = Badge()
            badge.count = 7
            badge.accessibilityIdentifier = "badge"
            map.insertSubview(badge, belowSubview: s.googleLogo)
        }
        // The map view keeps the subclass's wrapper: its state survives the local reference.
        let ids = map.subviews.map { $0.accessibilityIdentifier ?? "" }
        XCTAssertEqual(ids, ["viewport", "badge", "googleLogo"])
        XCTAssertEqual((map.subviews[1] as? Badge)?.count, 7)
        map.bringSubviewToFront(map.subviews[1])
        XCTAssertEqual(map.subviews.map { $0.accessibilityIdentifier ?? "" }, ["viewport", "googleLogo", "badge"])
        map.exchangeSubview(at: 0, withSubviewAt: 2)
        XCTAssertEqual(map.subviews.map { $0.accessibilityIdentifier ?? "" }, ["badge", "googleLogo", "viewport"])
        map.exchangeSubview(at: 0, withSubviewAt: 3)   // refused: 3 is not an index
        XCTAssertEqual(map.navigationMapView.diagnostics.last?.message,
                       "exchangeSubview(at:withSubviewAt:) was refused and changed nothing: exchangeSubview(at:withSubviewAt:): index 3 is outside 0..<3, the subview count of map")
    } }

    func testAMapViewMadeHereIsFreedWithItsWrapper() throws { try onMain {
        weak var engine: AnyObject?
        weak var delegate: Scripted?
        do {
            let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
            let d = Scripted()
            d.enable = placeEssentials
            delegate = d
            try map.setLayoutDelegate(d)
            map.isNavigationEnabled = true
            engine = map.navigationMapView
        }
        XCTAssertNil(engine, "the NavigationMapView was invalidated and freed with its GMSMapView")
        XCTAssertNil(delegate, "the delegate was released")
    } }

    func testAnimateOutsideACallbackRunsAtOnce() { onMain {
        var steps: [String] = []
        UIView.animate(withDuration: 0.4) {
            steps.append("animations")
        } completion: { finished in
            steps.append("completion \(finished)")
        }
        XCTAssertEqual(steps, ["animations", "completion true"])
    } }

    func testBadAnimationDurationAndConstraintValuesAreRefused() throws { try onMain {
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
        map.navigationMapView.diagnosticHandler = { _, _ in }
        var required: NSLayoutConstraint?
        let d = Scripted()
        d.enable = { m, s in
            placeEssentials(m, s)
            let c = s.googleLogo.topAnchor.constraint(greaterThanOrEqualTo: m.topAnchor)
            c.isActive = true
            required = c
            c.priority = .defaultLow           // required → optional while active: refused
            c.constant = .nan                  // refused
            UIView.animate(withDuration: -1) { c.constant = 10 }   // runs without animation
        }
        try map.setLayoutDelegate(d)
        map.isNavigationEnabled = true
        XCTAssertEqual(required?.priority, .required)
        XCTAssertEqual(required?.constant, 10)
        let messages = map.navigationMapView.diagnostics.map(\.message)
        XCTAssertEqual(messages.count, 3, "\(messages)")
        XCTAssertTrue(messages[0].hasPrefix("NSLayoutConstraint.priority (googleLogo.top >= map.top) was refused and changed nothing: cannot change"), messages[0])
        XCTAssertTrue(messages[1].hasPrefix("NSLayoutConstraint.constant (googleLogo.top >= map.top) was refused and changed nothing: constant of"), messages[1])
        XCTAssertEqual(messages[2], "UIView.animate(withDuration: -1.0) was refused and changed nothing: animation duration -1.0 must be a finite number of seconds in [0, 1e7]; the changes were made without animation")
    } }

    func testSettingsNavigatorSpeedAndAccessibility() throws { try onMain {
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
        map.navigationMapView.diagnosticHandler = { _, _ in }
        XCTAssertFalse(map.settings.compassButton)
        map.settings.compassButton = true
        XCTAssertTrue(map.navigationMapView.isCompassButtonEnabled)
        map.settings.isRecenterButtonEnabled = false
        XCTAssertFalse(map.navigationMapView.isRecenterButtonEnabled)
        map.shouldDisplaySpeedometer = false
        XCTAssertEqual(map.navigationMapView.speedWidget.frame.size, Size(width: 64, height: 64))   // speed limit only
        map.navigator?.shouldDisplayPrompts = false
        XCTAssertTrue(map.navigationMapView.shouldDisplayPrompts, "no navigator before navigation: nothing changes")

        let d = Scripted()
        d.enable = placeEssentials
        try map.setLayoutDelegate(d)
        map.isNavigationEnabled = true
        map.navigator?.shouldDisplayPrompts = false
        XCTAssertFalse(map.navigationMapView.shouldDisplayPrompts)
        // The logo (y 852 − 34 − 32 = 786) is the only element: the viewport is none.
        XCTAssertEqual((map.accessibilityElements as? [UIView])?.map { $0.accessibilityIdentifier ?? "" }, ["googleLogo"])
        XCTAssertEqual(map.subviews[1].accessibilityLabel, "Google Maps")
        map.accessibilityElements = ["not a view"]
        XCTAssertEqual(map.navigationMapView.diagnostics.last?.message,
                       "accessibilityElements was refused and changed nothing: entry 0 is a String, not a UIView; NavLayout's accessibility elements are views")
    } }
    /// UIKit's safe area of a view and margins measured from it (issue 16): a header across the
    /// top of iphone-portrait (S = 59/0/34/0), 393 × 120 at (0, 0), reaches 59 pt under the
    /// status bar; its margins guide is (8, 59 + 8, 393 − 16, 120 − 67 − 8).
    func testSafeAreaInsetsAndMarginsFromTheSafeArea() throws { try onMain {
        let map = try XCTUnwrap(GMSMapView(preset: "iphone-portrait"))
        let header = UIView()
        map.addSubview(header)
        NSLayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: map.topAnchor), header.leadingAnchor.constraint(equalTo: map.leadingAnchor),
            header.widthAnchor.constraint(equalToConstant: 393), header.heightAnchor.constraint(equalToConstant: 120),
        ])
        let margins = header.layoutMarginsGuide  // as UIKit, layoutFrame is read after a layout pass
        map.layoutIfNeeded()
        XCTAssertEqual(map.safeAreaInsets, UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(header.safeAreaInsets, UIEdgeInsets(top: 59, left: 0, bottom: 0, right: 0))
        XCTAssertTrue(header.insetsLayoutMarginsFromSafeArea)
        XCTAssertEqual(margins.layoutFrame, CGRect(x: 8, y: 67, width: 377, height: 45))
        header.insetsLayoutMarginsFromSafeArea = false
        map.layoutIfNeeded()
        // (8, 8, 377, 120 − 16).
        XCTAssertEqual(margins.layoutFrame, CGRect(x: 8, y: 8, width: 377, height: 104))
    } }
}
