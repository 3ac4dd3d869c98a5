// NavLayoutC support: handle resolution (the table itself is HandleTable.swift), the
// thread-local error, status mapping and the per-map context. No Foundation: the standard
// library, Glibc and Synchronization only.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import CNavLayout
import LayoutEngine
import NavigationUI

// MARK: - ThreadSanitizer and the library's mutexes

// ThreadSanitizer does not see Synchronization.Mutex's futex (it intercepts pthread calls only), so
// every access to the table would be reported as a race. The TSan build (scripts/test-reliability.sh,
// -D NAVLAYOUT_TSAN) tells it about the lock; otherwise these are no-ops. Each Mutex has its own
// token (the handle table's in HandleTable.swift, the diagnostic handler's in ExportsDiagnostics.swift).
#if NAVLAYOUT_TSAN
@_silgen_name("__tsan_acquire") private func tsanAcquireC(_ addr: UnsafeMutableRawPointer)
@_silgen_name("__tsan_release") private func tsanReleaseC(_ addr: UnsafeMutableRawPointer)
/// A token that stands for one Mutex in TSan's eyes.
func makeTSanToken() -> UnsafeMutableRawPointer? { UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8) }
@inline(__always) func tsanAcquire(_ token: UnsafeMutableRawPointer?) { if let token { tsanAcquireC(token) } }
@inline(__always) func tsanRelease(_ token: UnsafeMutableRawPointer?) { if let token { tsanReleaseC(token) } }
#else
func makeTSanToken() -> UnsafeMutableRawPointer? { nil }
@inline(__always) func tsanAcquire(_ token: UnsafeMutableRawPointer?) {}
@inline(__always) func tsanRelease(_ token: UnsafeMutableRawPointer?) {}
#endif

// MARK: - Handle resolution (the table itself is HandleTable.swift)

@inline(__always) func rawValue(_ p: OpaquePointer?) -> UInt64 { UInt64(UInt(bitPattern: p)) }
@inline(__always) func rawValue(_ p: UnsafeRawPointer?) -> UInt64 { UInt64(UInt(bitPattern: p)) }
@inline(__always) func handlePointer(_ raw: UInt64) -> OpaquePointer? { OpaquePointer(bitPattern: UInt(raw)) }

/// Resolves a handle of the given kind or throws `invalidHandle` with a message that says what
/// was expected and what was found. With `within`, the handle must be of that map view: one of
/// another map view throws `invalidArgument` ("belongs to another map view") without touching
/// that map view (see `Handles.lookupEntering`), so the message names the handle, not its item.
func resolve(_ raw: UInt64, _ kind: HandleKind, _ role: @autoclosure () -> String,
             within: MapContext? = nil) throws -> HandleEntry {
    if raw == 0 { throw NavLayoutError.invalidHandle("\(role()): NULL \(kind.noun) handle") }
    switch Handles.lookupEntering(raw, accepting: { $0 == kind }, within: within) {
    case .live(let entry): return entry
    case .busy(let flag): throw busyError(flag, role())
    case .wrongKind(let found):
        throw NavLayoutError.invalidHandle("\(role()): expected a \(kind.noun) handle, got a \(found.noun) handle")
    case .foreign: throw foreignError(raw, kind.noun, role())
    case .missing: throw NavLayoutError.invalidHandle("\(role()): invalid \(kind.noun) handle: \(Handles.explain(raw))")
    }
}

/// Throws `invalidHandle` unless `raw` is a live handle of `kind` at the time of the call, read
/// from its slot alone (`Handles.peek`): no lock, no flag taken, nothing dereferenced. For
/// values that are checked again where they are used (an `nl_anchor`).
func checkLiveHandle(_ raw: UInt64, _ kind: HandleKind, _ role: @autoclosure () -> String) throws {
    if raw == 0 { throw NavLayoutError.invalidHandle("\(role()): NULL \(kind.noun) handle") }
    guard let entry = Handles.peek(raw) else {
        throw NavLayoutError.invalidHandle("\(role()): invalid \(kind.noun) handle: \(Handles.explain(raw))")
    }
    if entry.kind != kind {
        throw NavLayoutError.invalidHandle("\(role()): expected a \(kind.noun) handle, got a \(entry.kind.noun) handle")
    }
}

/// The error for a handle of another map view than the call's (`NL_ERR_INVALID_ARGUMENT`).
func foreignError(_ raw: UInt64, _ noun: String, _ role: String) -> NavLayoutError {
    .invalidArgument("\(role) (\(noun) handle 0x\(String(raw, radix: 16))) belongs to another map view; "
        + "a call takes handles of one map view only")
}

func resolveMap(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "map") throws -> MapContext {
    let entry = try resolve(rawValue(p), .map, role())
    guard entry.context.isAlive else { throw NavLayoutError.invalidHandle("\(role()): the map view was destroyed") }
    return entry.context
}

func resolveView(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "view",
                 within: MapContext? = nil) throws -> (MapContext, LayoutView) {
    let entry = try resolve(rawValue(p), .view, role(), within: within)
    guard let view = entry.object as? LayoutView else { throw NavLayoutError.internal("\(role()): view handle holds no view") }
    return (entry.context, view)
}

func resolveGuide(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "guide",
                  within: MapContext? = nil) throws -> (MapContext, LayoutGuide) {
    let entry = try resolve(rawValue(p), .guide, role(), within: within)
    guard let guide = entry.object as? LayoutGuide else { throw NavLayoutError.internal("\(role()): guide handle holds no guide") }
    return (entry.context, guide)
}

func resolveConstraint(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "constraint",
                       within: MapContext? = nil) throws -> (MapContext, LayoutConstraint) {
    let entry = try resolve(rawValue(p), .constraint, role(), within: within)
    guard let c = entry.object as? LayoutConstraint else { throw NavLayoutError.internal("\(role()): constraint handle holds no constraint") }
    return (entry.context, c)
}

func resolveState(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "state") throws -> (MapContext, NavigationUIState) {
    let entry = try resolve(rawValue(p), .state, role())
    guard let s = entry.object as? NavigationUIState else { throw NavLayoutError.internal("\(role()): state handle holds no state") }
    return (entry.context, s)
}

/// Resolves an anchor's item: a view or a guide handle (of the map view `within`, if given).
func resolveItem(_ p: UnsafeRawPointer?, _ role: @autoclosure () -> String,
                 within: MapContext? = nil) throws -> (MapContext, LayoutItem) {
    let raw = rawValue(p)
    if raw == 0 { throw NavLayoutError.invalidHandle("\(role()): NULL item (anchor of an invalid view or guide)") }
    let entry: HandleEntry
    switch Handles.lookupEntering(raw, accepting: { $0 == .view || $0 == .guide }, within: within) {
    case .live(let e): entry = e
    case .busy(let flag): throw busyError(flag, role())
    case .wrongKind(let found):
        throw NavLayoutError.invalidHandle("\(role()): expected a view or guide handle, got a \(found.noun) handle")
    case .foreign: throw foreignError(raw, "item", role())
    case .missing: throw NavLayoutError.invalidHandle("\(role()): invalid view/guide handle: \(Handles.explain(raw))")
    }
    guard let item = entry.object as? LayoutItem else {
        throw NavLayoutError.internal("\(role()): view or guide handle holds no item")
    }
    return (entry.context, item)
}

func name(_ item: LayoutItem) -> String { "'\(item.displayName)'" }

// MARK: - Thread-local last error

private let errorKey: pthread_key_t = {
    var key = pthread_key_t()
    _ = pthread_key_create(&key) { ptr in free(ptr) }
    return key
}()

let emptyString: UnsafeMutablePointer<CChar> = strdup("")!

func setLastError(_ message: String) {
    let old = pthread_getspecific(errorKey)
    let copy = strdup(message)
    _ = pthread_setspecific(errorKey, copy)
    free(old)
}

func lastErrorPointer() -> UnsafePointer<CChar> {
    if let p = pthread_getspecific(errorKey) { return UnsafePointer(p.assumingMemoryBound(to: CChar.self)) }
    return UnsafePointer(emptyString)
}

@inline(__always) func status(_ code: Int32) -> nl_status { nl_status(rawValue: numericCast(code)) }

// The thread-local status of the last failure (nl_last_error_status), stored in the key's pointer
// value itself (no allocation): nil is NL_OK.
private let errorStatusKey: pthread_key_t = {
    var key = pthread_key_t()
    _ = pthread_key_create(&key, nil)
    return key
}()

func setLastErrorStatus(_ s: nl_status) {
    _ = pthread_setspecific(errorStatusKey, UnsafeRawPointer(bitPattern: UInt(s.rawValue)))
}

func lastErrorStatus() -> nl_status {
    nl_status(rawValue: numericCast(UInt(bitPattern: pthread_getspecific(errorStatusKey))))
}

/// Maps a thrown error to a status and records its message and status (thread-local).
func fail(_ error: Error) -> nl_status {
    let result: nl_status
    if let e = error as? NavLayoutError {
        setLastError(e.message)
        result = status(e.code)
    } else if let e = error as? LimitExceededError {
        setLastError(e.message)
        result = NL_ERR_LIMIT_EXCEEDED
    } else {
        setLastError("internal error: \(error)")
        result = NL_ERR_INTERNAL
    }
    setLastErrorStatus(result)
    return result
}

/// Runs `body` as one C call: maps thrown errors to a status, and releases the in-use flags
/// (UseFlag.swift) the call took when it returns. Every C entry point that resolves a handle runs
/// inside `guarded` or `guardedValue`.
@inline(__always) func guarded(_ body: () throws -> Void) -> nl_status {
    let thread = threadUse(), mark = thread.pointee.head
    defer { useScopeEnd(thread, mark) }
    do { try body(); return NL_OK } catch { return fail(error) }
}

/// Runs `body` as one C call (see `guarded`), returning nil (and recording the error) on failure.
@inline(__always) func guardedValue<T>(_ body: () throws -> T?) -> T? {
    let thread = threadUse(), mark = thread.pointee.head
    defer { useScopeEnd(thread, mark) }
    do { return try body() } catch { _ = fail(error); return nil }
}

func requireFinite(_ value: Double, _ what: @autoclosure () -> String) throws {
    if !value.isFinite { throw NavLayoutError.invalidArgument("\(what()) must be finite, got \(value)") }
}

func requireNonNegative(_ value: Double, _ what: @autoclosure () -> String) throws {
    try requireFinite(value, what())
    if value < 0 { throw NavLayoutError.invalidArgument("\(what()) must be >= 0, got \(value)") }
}

func requireOut<T>(_ p: UnsafeMutablePointer<T>?, _ what: String) throws -> UnsafeMutablePointer<T> {
    guard let p else { throw NavLayoutError.invalidArgument("\(what): NULL out-pointer") }
    return p
}

func string(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }

func copyCString(_ s: String) -> UnsafeMutablePointer<CChar>? { strdup(s) }

func cRect(_ r: Rect) -> nl_rect { nl_rect(x: r.x, y: r.y, width: r.width, height: r.height) }
func cInsets(_ e: EdgeInsets) -> nl_insets { nl_insets(top: e.top, left: e.left, bottom: e.bottom, right: e.right) }
func swiftInsets(_ e: nl_insets, _ what: String) throws -> EdgeInsets {
    try requireFinite(e.top, "\(what).top"); try requireFinite(e.left, "\(what).left")
    try requireFinite(e.bottom, "\(what).bottom"); try requireFinite(e.right, "\(what).right")
    return EdgeInsets(top: e.top, left: e.left, bottom: e.bottom, right: e.right)
}
