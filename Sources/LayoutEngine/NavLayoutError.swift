/// The errors every public entry point throws. Each case corresponds to one C status code
/// (`NL_ERR_*` in include/navlayout.h, docs/api.md#status-codes) and carries a message that names the
/// offending item by identifier.
public enum NavLayoutError: Error, Equatable, CustomStringConvertible {
    /// NaN/infinite numbers, out-of-range values, anchors of different axes (`NL_ERR_INVALID_ARGUMENT`, 1).
    case invalidArgument(String)
    /// A stale, foreign or NULL handle (`NL_ERR_INVALID_HANDLE`, 2).
    case invalidHandle(String)
    /// An event not valid in the current navigation state (`NL_ERR_INVALID_STATE`, 3).
    case invalidState(String)
    /// `setLayoutDelegate` while navigation is enabled (`NL_ERR_NAVIGATION_ENABLED`, 4).
    case navigationEnabled(String)
    /// `setLayoutDelegate` on a map view made for CarPlay (`NL_ERR_CARPLAY`, 5).
    case carPlay(String)
    /// An event called from inside a host callback (`NL_ERR_REENTRANT`, 6).
    case reentrant(String)
    /// A constraint whose items share no common ancestor (`NL_ERR_NO_COMMON_ANCESTOR`, 7).
    case noCommonAncestor(String)
    /// Required constraints that cannot all hold (`NL_ERR_UNSATISFIABLE`, 8).
    case unsatisfiable(String)
    /// Something added twice (`NL_ERR_DUPLICATE`, 9).
    case duplicate(String)
    /// Something removed that was never added (`NL_ERR_UNKNOWN`, 10).
    case unknown(String)
    /// A host callback reported failure or threw (`NL_ERR_CALLBACK_FAILED`, 11).
    case callbackFailed(String)
    /// A map view or solver used by a second thread while another thread is inside a call on it
    /// (`NL_ERR_BUSY`, 13; issue 17). Thrown by the C layer, which checks every call; nothing was
    /// done. The Swift API does not check (its classes are not `Sendable`: use one map view from
    /// one thread at a time).
    case busy(String)
    /// A bug in NavLayout (`NL_ERR_INTERNAL`, 99).
    case `internal`(String)

    /// The C status code (`nl_status`) of this error.
    public var code: Int32 {
        switch self {
        case .invalidArgument: return 1
        case .invalidHandle: return 2
        case .invalidState: return 3
        case .navigationEnabled: return 4
        case .carPlay: return 5
        case .reentrant: return 6
        case .noCommonAncestor: return 7
        case .unsatisfiable: return 8
        case .duplicate: return 9
        case .unknown: return 10
        case .callbackFailed: return 11
        case .busy: return 13
        case .internal: return 99
        }
    }

    /// The human-readable message.
    public var message: String {
        switch self {
        case .invalidArgument(let m), .invalidHandle(let m), .invalidState(let m),
             .navigationEnabled(let m), .carPlay(let m), .reentrant(let m),
             .noCommonAncestor(let m), .unsatisfiable(let m), .duplicate(let m),
             .unknown(let m), .callbackFailed(let m), .busy(let m), .internal(let m):
            return m
        }
    }

    public var description: String { message }
}

/// `text` — a host's string (an identifier, a preset name) — as it appears in error and diagnostic
/// messages: whole up to 120 characters; a longer one as its first 100 characters, "…" and how
/// many characters were left out (issue 17: a 1 MB preset name was echoed whole in the error
/// message). O(1) for short strings (a UTF-8 length check).
package func messageText(_ text: String) -> String {
    let limit = 120, kept = 100
    guard text.utf8.count > limit else { return text }
    let total = text.count
    guard total > limit else { return text }
    return String(text.prefix(kept)) + "… (\(total - kept) more characters)"
}

/// Limits on the numbers a host may pass (documented in include/navlayout.h and design.md).
public enum LayoutLimits {
    /// The largest magnitude of any length, position, constant, size or inset, in points
    /// (10,000,000 pt). Larger values are refused with `invalidArgument`: they are far beyond
    /// any screen, and near the limits of `Double` they would turn solver arithmetic into
    /// infinities and NaNs.
    public static let maxPoints: Double = 1e7
    /// The largest magnitude of a constraint multiplier (10,000).
    public static let maxMultiplier: Double = 1e4
    /// The longest animation duration or time step, in seconds (10,000,000 s, about 116 days).
    public static let maxSeconds: Double = 1e7
    /// The latest time the animation clock may reach, in seconds since the map view was created
    /// (1e10 s, about 317 years: the clock's resolution there is still ~2 µs). A step past it is
    /// refused: beyond, the clock would lose the precision animations need, and at ~1.8e308 it
    /// overflowed to infinity (and snapshots wrote `"time": inf`, not JSON).
    public static let maxClock: Double = 1e10
}

/// Throws `invalidArgument` unless `value` is finite and at most `LayoutLimits.maxPoints` in
/// magnitude. `what` names the argument in the message.
@inline(__always)
func requireFinite(_ value: Double, _ what: @autoclosure () -> String) throws {
    if !value.isFinite || abs(value) > LayoutLimits.maxPoints {
        throw NavLayoutError.invalidArgument("\(what()) must be a finite number of points within ±\(formatPoints(LayoutLimits.maxPoints)), got \(value)")
    }
}
