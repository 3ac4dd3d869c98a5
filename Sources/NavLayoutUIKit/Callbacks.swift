#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutEngine
import NavigationUI

/// Which map view's host code is running: the delegate callbacks, animation blocks and
/// completions of a map view push it here, so that `UIView.animate` uses that map view's clock
/// and refusals go to its diagnostics. Main-thread state, as UIKit's own animation state; read and
/// written only while one map view's host code runs on the calling thread.
enum CallbackContext {
    nonisolated(unsafe) static var stack: [GMSMapView] = []

    /// The map view whose callback is running, innermost first.
    static var current: GMSMapView? { stack.last }

    /// Runs `body` with `map` as the current map view.
    static func with<T>(_ map: GMSMapView, _ body: () -> T) -> T {
        stack.append(map)
        defer { stack.removeLast() }
        return body()
    }
}

/// Runs main-actor code synchronously on the calling thread. The map view calls its host's code
/// (delegate methods, animation blocks, completions) on the thread that sent its event, and the
/// UIKit spelling is, like UIKit, for the main thread: this is the same call
/// `MainActor.assumeIsolated` makes, without its trap (NavLayout never ends the host's process).
func onMainActor<T>(_ body: @MainActor () -> T) -> T {
    withoutActuallyEscaping(body) { fn in
        unsafeBitCast(fn, to: (() -> T).self)()
    }
}

/// Reports a refused call (issue 16 item 10): a `callRefused` diagnostic on the map view whose
/// callback is running, else on the map view of the first item that is in one; when no map view
/// is involved at all (views that were never added to one), one line on standard error in the
/// diagnostics log's format (`navlayout: error callRefused: …`).
@MainActor
func reportRefused(_ call: String, _ error: Error, items: [LayoutItem], constraints: [LayoutConstraint] = []) {
    var map = CallbackContext.current?.navigationMapView
    if map == nil {
        for item in items {
            if let m = item.system?.root as? NavigationMapView { map = m; break }
        }
    }
    if let map {
        map.reportRefusedCall(call, error: error, items: items, constraints: constraints)
    } else {
        let reason = (error as? NavLayoutError)?.message ?? "\(error)"
        fputs("navlayout: error callRefused: \(call) was refused and changed nothing: \(reason)\n", stderr)
    }
}

extension UIView {
    /// Runs a throwing NavLayout call; a throw becomes a refusal report.
    func attempt(_ call: String, items: [LayoutItem], _ body: () throws -> Void) {
        do { try body() } catch { reportRefused(call, error, items: items) }
    }
}
