import XCTest
#if canImport(Glibc)
import Glibc
#endif
import LayoutEngine
@testable import NavigationUI
@testable import NavLayoutExamples

/// A delegate built from closures (ready and guidance only).
private final class Scripted: NavigationLayoutDelegate {
    var enable: (NavigationMapView, NavigationReadyUIState) throws -> Void = { _, _ in }
    var start: (NavigationMapView, ActiveGuidanceUIState) throws -> Void = { _, _ in }
    func enableNavigationUI(navMap: NavigationMapView, newState: NavigationReadyUIState) throws { try enable(navMap, newState) }
    func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws { try start(navMap, newState) }
}

/// A clean ready layout: viewport in the safe area (40 pt above its bottom), logo bottom-leading.
/// Returns the constraints (the logo's leading one last but one).
@discardableResult
private func goodReady(_ map: NavigationMapView, _ s: NavigationUIState) throws -> [LayoutConstraint] {
    let safe = map.safeAreaLayoutGuide
    try map.addSubview(s.viewport); try map.addSubview(s.googleLogo)
    let all = [
        s.viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor), s.viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
        s.viewport.topAnchor.constraint(equalTo: safe.topAnchor), s.viewport.bottomAnchor.constraint(equalTo: safe.bottomAnchor, constant: -40),
        s.googleLogo.leadingAnchor.constraint(equalTo: safe.leadingAnchor), s.googleLogo.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
    ]
    try LayoutConstraint.activate(all)
    return all
}

/// Issue 14, "diagnostics are never silent": every newly appearing diagnostic reaches the map
/// view's handler once, without the host asking.
final class DiagnosticReportingTests: XCTestCase {
    /// A map view whose handler records what it receives.
    private func recordingMap(_ delegate: NavigationLayoutDelegate) throws -> (NavigationMapView, Box) {
        let map = try NavigationMapView(preset: "iphone-portrait")
        let box = Box()
        map.diagnosticHandler = { m, d in
            XCTAssertTrue(m === map)
            box.received.append(d)
        }
        try map.setLayoutDelegate(delegate)
        return (map, box)
    }

    final class Box { var received: [LayoutDiagnostic] = [] }

    /// A delegate whose ready layout pins the viewport's height twice (100 and 200): the second,
    /// activated later, is broken, and the minimal conflicting set is the two of them.
    func testAnUnsatisfiableConstraintIsReportedOnceAtTheEndOfTheEvent() throws {
        let d = Scripted()
        var tall: LayoutConstraint?
        d.enable = { m, s in
            try goodReady(m, s)
            let h = s.viewport.heightAnchor.constraint(equalToConstant: 200)
            h.identifier = "tall"
            tall = h
            // Its own set: top == safe.top (59) and bottom == safe.bottom − 40 give 719; 200 conflicts.
            try h.activate()
        }
        let (map, box) = try recordingMap(d)
        defer { map.invalidate() }
        try map.setNavigationEnabled(true)
        // Reported by the event itself: no frame or diagnostics were read.
        XCTAssertEqual(box.received.map(\.code), [.unsatisfiable])
        let report = try XCTUnwrap(box.received.first)
        XCTAssertEqual(report.severity, .error)
        XCTAssertTrue(report.message.hasPrefix("Unable to simultaneously satisfy constraints: required constraint viewport.height == 200 [tall] conflicts with "), report.message)
        XCTAssertTrue(report.constraints.first === tall)
        // The minimal conflicting set, by hand: the viewport spans safe.top … safe.bottom − 40,
        // i.e. (852 − 34 − 40) − 59 = 719 tall, from the map frame's height and the two safe-area
        // insets (map.top cancels out, so `map.top == 0` is not needed). Broken one first.
        XCTAssertEqual(report.constraints.map(\.description), [
            "viewport.height == 200 [tall]", "map.height == 852",
            "map.safeAreaLayoutGuide.top == map.top + 59", "map.safeAreaLayoutGuide.bottom == map.bottom - 34",
            "viewport.top == map.safeAreaLayoutGuide.top", "viewport.bottom == map.safeAreaLayoutGuide.bottom - 40",
        ])
        XCTAssertEqual(report.items.map(\.displayName), ["map", "map.safeAreaLayoutGuide", "viewport"])
        XCTAssertTrue(report.logLine.hasPrefix("error unsatisfiable: Unable to simultaneously satisfy constraints:"))
        XCTAssertTrue(report.logLine.hasSuffix("; it was broken for this pass (the most recently activated of the set) and is retried on the next one — remove one of them or lower a priority below 1000 [items: map, map.safeAreaLayoutGuide, viewport]"), report.logLine)
        // Reading it again, a pass with nothing new, an event that changes nothing it names: no
        // second report.
        _ = map.diagnostics
        map.layoutIfNeeded()
        try map.panMap()
        XCTAssertEqual(box.received.count, 1)
        // Fixed (deactivated) and broken again: a new appearance, reported again.
        tall?.deactivate()
        map.layoutIfNeeded()
        XCTAssertEqual(box.received.count, 1)
        try tall?.activate()
        map.layoutIfNeeded()
        XCTAssertEqual(box.received.map(\.code), [.unsatisfiable, .unsatisfiable])
    }

    /// A pass that runs outside any event (the host changes a constraint and lays out) reports;
    /// passes inside a delegate callback do not (the delegate may be half-way), the event does once.
    func testPassesInsideCallbacksWaitForTheEndOfTheEvent() throws {
        let d = Scripted()
        var logoLeading: LayoutConstraint?
        d.enable = { m, s in
            // Half-way: the viewport is not in the hierarchy yet — missingRequiredComponent if
            // this pass reported.
            m.layoutIfNeeded()
            _ = m.diagnostics
            logoLeading = try goodReady(m, s)[4]
        }
        let (map, box) = try recordingMap(d)
        defer { map.invalidate() }
        try map.setNavigationEnabled(true)
        XCTAssertEqual(box.received.count, 0, "\(box.received)")
        let v = LayoutView(identifier: "badge")
        try map.addSubview(v)
        try LayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10),
                                       v.leadingAnchor.constraint(equalTo: map.leadingAnchor, constant: -20),
                                       v.topAnchor.constraint(equalTo: map.topAnchor, constant: 300)])
        XCTAssertEqual(box.received.count, 0, "layout is lazy: no pass ran yet")
        _ = v.frame   // the pass runs here
        // offscreen is about SDK components (docs/behaviour.md#offscreen): a host view partly outside is not reported.
        XCTAssertEqual(box.received.count, 0, "\(box.received)")
        // The host moves the logo 100 pt past the leading edge and lays out: an offscreen error.
        try logoLeading?.setConstant(-100)
        map.layoutIfNeeded()
        XCTAssertEqual(box.received.map(\.code), [.offscreen])
        XCTAssertTrue(box.received[0].items[0] === map.googleLogo)
    }

    /// Warnings and infos reach the handler; the default writes only errors, one line each, to
    /// stderr.
    func testTheDefaultWritesOneLinePerErrorToStandardError() throws {
        let d = Scripted()
        d.enable = { m, s in
            try goodReady(m, s)
            // leftRightAnchor (info): a host view pinned with left/right.
            let v = LayoutView(identifier: "chip\nline two")
            try m.addSubview(v)
            v.isOpaque = false
            try LayoutConstraint.activate([v.leftAnchor.constraint(equalTo: m.leftAnchor, constant: 100),
                                           v.topAnchor.constraint(equalTo: m.topAnchor, constant: 300),
                                           v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10)])
            // sizeConstraintOnFixedComponent (error), twice on the logo: both are reported.
            try LayoutConstraint.activate([s.googleLogo.widthAnchor.constraint(equalToConstant: 50),
                                           s.googleLogo.heightAnchor.constraint(equalToConstant: 50)])
        }
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(d)
        var received: [LayoutDiagnostic] = []
        let output = try captureStandardError {
            let standard = map.diagnosticHandler
            map.diagnosticHandler = { m, diag in received.append(diag); standard(m, diag) }
            try map.setNavigationEnabled(true)
        }
        XCTAssertEqual(received.map(\.code), [.leftRightAnchor, .sizeConstraintOnFixedComponent, .sizeConstraintOnFixedComponent])
        // One line even for an identifier with a newline; host items say so.
        XCTAssertEqual(received[0].logLine, "info leftRightAnchor: chip\\nline two.left == map.left + 100 uses left/right anchors, which do not mirror in right-to-left layouts; use leading/trailing [items: chip\\nline two (host view), map]")
        let lines = output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, output)
        for line in lines {
            XCTAssertTrue(line.hasPrefix("navlayout: error sizeConstraintOnFixedComponent: "), line)
            XCTAssertTrue(line.hasSuffix(" [items: googleLogo]"), line)
        }
        // Silenced: nothing is written, nothing changes for the layout.
        map.diagnosticHandler = { _, _ in }
        let quiet = try captureStandardError {
            try map.setNavigationEnabled(false)
            try map.setNavigationEnabled(true)
        }
        XCTAssertEqual(quiet, "")
    }

    /// The cost: clock steps inside an animation compute nothing. The step that ends it can only
    /// change staleComponent (a warning): the default handler (errors only) is not told, so it
    /// costs nothing either; a handler of every severity gets one evaluation.
    func testClockStepsInsideAnAnimationComputeNothing() throws {
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(SampleLayoutDelegate())
        try map.setNavigationEnabled(true)
        try map.startGuidance()
        try map.triggerPrompt(.incident)      // slides in over 0.4 s
        let before = map.diagnosticsComputations
        for _ in 0..<3 { try map.advanceTime(by: 0.1) }
        XCTAssertEqual(map.diagnosticsComputations, before, "the target layout did not change")
        try map.advanceTime(by: 0.1)          // the slide ends
        XCTAssertEqual(map.diagnosticsComputations, before, "errors do not depend on animations")
        // Reading every diagnostic evaluates all the rules once; then the cache serves both.
        _ = map.diagnostics
        XCTAssertEqual(map.diagnosticsComputations, before + 1)
        _ = map.diagnostics
        try map.advanceTime(by: 0)
        XCTAssertEqual(map.diagnosticsComputations, before + 1)
        // A handler of every severity: the dismissal is evaluated in full once, and so is the end
        // of its slide (staleComponent may appear then); the steps in between cost nothing.
        map.diagnosticHandler = { _, _ in }
        XCTAssertEqual(map.diagnosticHandlerMinimumSeverity, .info)
        try map.dismissPrompt()
        XCTAssertEqual(map.diagnosticsComputations, before + 2)
        try map.advanceTime(by: 0.2)
        XCTAssertEqual(map.diagnosticsComputations, before + 2)
        try map.advanceTime(by: 0.2)
        XCTAssertEqual(map.diagnosticsComputations, before + 3)
        _ = map.diagnostics
        XCTAssertEqual(map.diagnosticsComputations, before + 3)
    }

    /// Evaluating only the rules of a minimum severity gives exactly the full list without the
    /// lower severities, in the same order — checked at every step of a session of a delegate
    /// that breaks rules of all three severities (so the reports of the default handler, which
    /// skip warnings and infos, see what `diagnostics` would show them).
    func testSkippingLowerSeveritiesGivesTheFilteredList() throws {
        final class Messy: SampleLayoutDelegate {
            override func startGuidance(navMap: NavigationMapView, newState: ActiveGuidanceUIState, oldState: NavigationReadyUIState) throws {
                try super.startGuidance(navMap: navMap, newState: newState, oldState: oldState)
                // An opaque host card over the viewport and the logo (warnings), pinned with
                // left/top (info), with two heights (unsatisfiable, an error).
                let card = LayoutView(identifier: "promo")
                try navMap.addSubview(card)
                try LayoutConstraint.activate([
                    card.leftAnchor.constraint(equalTo: navMap.leftAnchor),
                    card.topAnchor.constraint(equalTo: navMap.topAnchor, constant: 600),
                    card.widthAnchor.constraint(equalToConstant: 200),
                    card.heightAnchor.constraint(equalToConstant: 150),
                ])
                try card.heightAnchor.constraint(equalToConstant: 160).activate()
                // A button without a label (an error) in a host order that leaves most SDK
                // components out (errors).
                card.accessibilityTraits = .button
                try navMap.setAccessibilityElements([newState.turnCard, card])
                // The speed widget off screen (an error) and never removed (stale once stopped).
                try navMap.addSubview(newState.speedWidget)
                try LayoutConstraint.activate([
                    newState.speedWidget.trailingAnchor.constraint(equalTo: navMap.leadingAnchor, constant: 10),
                    newState.speedWidget.topAnchor.constraint(equalTo: navMap.topAnchor, constant: 300),
                ])
            }
        }
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        map.diagnosticHandler = { _, _ in }
        try map.setLayoutDelegate(Messy())
        var severitiesSeen = Set<Int32>()
        var codesSeen = Set<DiagnosticCode>()
        func compare(_ step: String) {
            let full = map.computeDiagnostics()
            for d in full { severitiesSeen.insert(d.severity.rawValue); codesSeen.insert(d.code) }
            for minimum in [DiagnosticSeverity.warning, .error] {
                let fast = map.computeDiagnostics(minimumSeverity: minimum)
                let expected = full.filter { $0.severity.rawValue >= minimum.rawValue }
                XCTAssertEqual(fast.map(\.message), expected.map(\.message), "\(step), \(minimum)")
                XCTAssertEqual(fast.map(\.code), expected.map(\.code), "\(step), \(minimum)")
            }
        }
        try map.setNavigationEnabled(true); compare("ready")
        try map.startGuidance(); compare("guidance")
        try map.triggerPrompt(.incident); compare("prompt")
        try map.advanceTime(by: 0.4); compare("prompt shown")
        try map.dismissPrompt(); try map.advanceTime(by: 0.4); compare("dismissed")
        try map.stopGuidance(); compare("stopped")
        XCTAssertEqual(severitiesSeen, [0, 1, 2], "the session produced infos, warnings and errors")
        XCTAssertTrue(codesSeen.isSuperset(of: [.missingAccessibilityLabel, .accessibilityOrderSkipsComponent, .unsatisfiable, .offscreen]), "\(codesSeen)")
    }

    /// The C layer's minimum-severity provider (nl_set_diagnostic_handler_with_minimum, Python's
    /// logging configuration): asked at each report with the callback guard up; nil evaluates no
    /// rule and remembers nothing, so what appeared meanwhile is new once it listens again.
    func testAProviderThatHearsNothingComputesNothing() throws {
        let d = Scripted()
        d.enable = { m, s in
            try goodReady(m, s)
            // viewport height 719 (top 59, bottom 852 − 34 − 40) pinned to 200: an error; a
            // left/right badge: an info.
            try s.viewport.heightAnchor.constraint(equalToConstant: 200).activate()
            let badge = LayoutView(identifier: "badge")
            badge.isOpaque = false
            try m.addSubview(badge)
            try LayoutConstraint.activate([
                badge.leftAnchor.constraint(equalTo: m.leftAnchor, constant: 200), badge.topAnchor.constraint(equalTo: m.topAnchor, constant: 300),
                badge.widthAnchor.constraint(equalToConstant: 10), badge.heightAnchor.constraint(equalToConstant: 10),
            ])
        }
        let (map, box) = try recordingMap(d)
        defer { map.invalidate() }
        var answer: DiagnosticSeverity? = nil
        var asked = 0
        var refusal: Error?
        map.minimumSeverityProvider = { [unowned map] in
            asked += 1
            do { try map.stopGuidance() } catch { refusal = error }
            return answer
        }
        let before = map.diagnosticsComputations
        try map.setNavigationEnabled(true)
        XCTAssertGreaterThan(asked, 0)
        guard case .reentrant? = refusal as? NavLayoutError else { return XCTFail("\(String(describing: refusal))") }
        XCTAssertEqual(map.diagnosticsComputations, before, "no rule evaluated")
        XCTAssertTrue(box.received.isEmpty)
        answer = .error
        try map.startGuidance()
        XCTAssertEqual(map.diagnosticsComputations, before + 1)
        XCTAssertEqual(box.received.map(\.code), [.unsatisfiable])
        answer = .info
        try map.stopGuidance()
        XCTAssertEqual(box.received.map(\.code), [.unsatisfiable, .leftRightAnchor])
    }

    /// The handler runs with the callback guard up: events from it are refused; reading works.
    func testTheHandlerCannotSendEvents() throws {
        let d = Scripted()
        d.enable = { m, s in
            try goodReady(m, s)
            try s.googleLogo.widthAnchor.constraint(equalToConstant: 1).activate()
        }
        let map = try NavigationMapView(preset: "iphone-portrait")
        defer { map.invalidate() }
        try map.setLayoutDelegate(d)
        var refusal: Error?
        var frame: Rect?
        map.diagnosticHandler = { m, _ in
            frame = m.viewport.frame
            do { try m.startGuidance() } catch { refusal = error }
        }
        try map.setNavigationEnabled(true)
        XCTAssertEqual(frame, Rect(x: 0, y: 59, width: 393, height: 719))   // 852 − 59 − 34 − 40
        guard case .reentrant? = refusal as? NavLayoutError else { return XCTFail("\(String(describing: refusal))") }
        XCTAssertEqual(map.stateKind, .navigationReady)
    }
}

/// Runs `body` with file descriptor 2 redirected to a temporary file; returns what was written.
private func captureStandardError(_ body: () throws -> Void) throws -> String {
    var template = Array("/tmp/navlayout-stderr-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    XCTAssertGreaterThanOrEqual(fd, 0)
    let saved = dup(2)
    fflush(stderr)
    dup2(fd, 2)
    defer {
        fflush(stderr)
        dup2(saved, 2)
        close(saved)
        close(fd)
        unlink(template)
    }
    try body()
    fflush(stderr)
    lseek(fd, 0, SEEK_SET)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}
