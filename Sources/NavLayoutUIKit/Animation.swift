import LayoutEngine
import NavigationUI

extension UIView {
    /// Animates the layout changes `animations` makes over `duration` seconds along ease-in-out
    /// (docs/behaviour.md#clock-and-completions, docs/behaviour.md#acceptance-values), as UIKit's `UIView.animate(withDuration:animations:completion:)`, on the
    /// clock of the map view whose callback is running (a delegate method, an animation block or a
    /// completion): changes made before the block are laid out first, without animation; changes
    /// made in it (constraint constants, `layoutIfNeeded()`) animate from the frames on screen;
    /// `completion(true)` runs when the map view's clock passes the end of the block
    /// (`NavigationMapView.advanceTime(by:)`), as the seed's sample removes a hidden prompt.
    ///
    /// Outside every callback there is no clock to run on: the block runs without animation and
    /// `completion(true)` at once. A NaN, infinite or negative duration, or one above 1e7 s, is
    /// refused: the block runs without animation (duration 0) and a `callRefused` diagnostic says
    /// why.
    public class func animate(withDuration duration: TimeInterval, animations: @MainActor () -> Void,
                              completion: (@MainActor (Bool) -> Void)? = nil) {
        animate(withDuration: duration, curve: .easeInOut, animations: animations, completion: completion)
    }

    /// The same with an explicit timing curve (`.easeInOut`, `.linear`); NavLayout's spelling of
    /// UIKit's animation options.
    public class func animate(withDuration duration: TimeInterval, curve: AnimationCurve,
                              animations: @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        guard let mapView = CallbackContext.current else {
            animations()
            completion?(true)
            return
        }
        let map = mapView.navigationMapView
        var seconds = duration
        if !(duration.isFinite && duration >= 0 && duration <= LayoutLimits.maxSeconds) {
            reportRefused("UIView.animate(withDuration: \(duration))",
                          NavLayoutError.invalidArgument("animation duration \(duration) must be a finite number of seconds in [0, 1e7]; the changes were made without animation"),
                          items: [])
            seconds = 0
        }
        let wrappedCompletion: ((Bool) throws -> Void)? = completion.map { done in
            { [weak mapView] finished in
                guard let mapView else { return }
                CallbackContext.with(mapView) { onMainActor { done(finished) } }
            }
        }
        // Only the duration is checked above, and neither closure throws: the engine's call
        // cannot fail here.
        try? map.animate(withDuration: seconds, curve: curve, animations: {
            CallbackContext.with(mapView) { onMainActor { animations() } }
        }, completion: wrappedCompletion)
    }
}
