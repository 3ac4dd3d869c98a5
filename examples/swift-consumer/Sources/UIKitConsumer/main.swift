// A consumer of the NavLayoutUIKit product (issue 16 item 10): a delegate in the iOS SDK's UIKit
// spelling, in a package of its own, built in the Swift 6 language mode as an app would be. It
// lays out the navigation-ready state (the logo at the bottom-leading corner of the safe area,
// the viewport above it, the compass in a trailing hiding stack), prints the frames and exits
// non-zero if they are not the ones the constraints ask for on iphone-portrait (393 × 852, safe
// area 59 / 34).
#if canImport(Glibc)
import Glibc   // exit
#elseif canImport(Darwin)
import Darwin
#endif
import NavLayoutUIKit

@MainActor
final class ReadyLayout: NSObject, NavigationLayoutDelegate {
    private let stack = GMSNavigationHidingStackView(position: .bottom, alignment: .trailing)
    private var constraints: [NSLayoutConstraint] = []

    func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
        let safe = navMap.safeAreaLayoutGuide
        let logo = newState.googleLogo, viewport = newState.viewport
        [viewport, logo].forEach { navMap.addSubview($0) }
        stack.arrangedSubviews = newState.buttons.filter { $0.type == .compass }.map { $0.view }
        stack.accessibilityIdentifier = "stack"
        navMap.addSubview(stack)
        constraints = [
            logo.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            logo.bottomAnchor.constraint(equalTo: safe.bottomAnchor),
            viewport.leadingAnchor.constraint(equalTo: safe.leadingAnchor),
            viewport.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            viewport.topAnchor.constraint(equalTo: safe.topAnchor),
            viewport.bottomAnchor.constraint(equalTo: logo.topAnchor),
            stack.trailingAnchor.constraint(equalTo: safe.trailingAnchor),
            stack.topAnchor.constraint(equalTo: safe.topAnchor),
            stack.bottomAnchor.constraint(equalTo: logo.topAnchor),
        ]
        NSLayoutConstraint.activate(constraints)
    }

    func disableNavigationUI(navMap: GMSMapView, oldState: NavigationReadyUIState) {
        NSLayoutConstraint.deactivate(constraints)
        navMap.subviews.forEach { $0.removeFromSuperview() }
    }
}

let mapView = GMSMapView(preset: "iphone-portrait")!
do {
    try mapView.setLayoutDelegate(ReadyLayout())
} catch {
    print("Couldn't set the layout delegate: \(error)")
}
mapView.isNavigationEnabled = true
mapView.layoutIfNeeded()

// Logo 72 × 32 on the safe-area bottom (852 − 34 = 818): y 786; viewport 59…786; the compass
// (56 × 56) at the bottom of the stack, which ends on the logo's top: y 786 − 56 = 730.
let expected: [String: CGRect] = [
    "googleLogo": CGRect(x: 0, y: 786, width: 72, height: 32),
    "viewport": CGRect(x: 0, y: 59, width: 393, height: 727),
    "stack": CGRect(x: 337, y: 59, width: 56, height: 727),
    "compass": CGRect(x: 337, y: 730, width: 56, height: 56),
]
var failures = 0
@MainActor func check(_ view: UIView) {
    for sub in view.subviews {
        let name = sub.accessibilityIdentifier ?? "?"
        print(name, sub.frame)
        if let want = expected[name], want != sub.frame { print("  expected \(want)"); failures += 1 }
        check(sub)
    }
}
check(mapView)
let diagnostics = mapView.navigationMapView.diagnostics
for d in diagnostics { print(d) }
mapView.isNavigationEnabled = false
if failures > 0 || !diagnostics.isEmpty || !mapView.subviews.isEmpty {
    print("UIKitConsumer: FAILED")
    exit(1)
}
print("UIKitConsumer: ok")
