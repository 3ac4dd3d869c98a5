// NavLayoutC support: the handle table, the thread-local error, status mapping and the per-map
// context. No Foundation: the standard library, Glibc and Synchronization only.
//
// Handles are never object pointers. A handle is a 64-bit value
//     [63..56] 0xA5 magic | [55..24] generation (32 bits) | [23..0] slot index (24 bits)
// into one mutex-protected table; the kind (view, guide, solver, ...) is in the table entry. A
// value with the magic in the top byte is a non-canonical address on x86-64/arm64, so a real
// pointer is never mistaken for a handle; handles of another kind fail the entry's kind check.
// Nothing is ever dereferenced.
//
// No handle value is ever issued twice in a process (issue 17): each slot issues the generations
// 1, 2, ..., 2^32 - 1 in turn, one per object it holds, and is then retired for good (never put on
// the free list again). A stale handle therefore never matches a later object: its slot either
// holds a higher generation or is retired. The cost is capacity: the table issues at most
// (2^24 - 1) x (2^32 - 1) ~ 7.2e16 handles in a process's life, and a retired slot no longer
// counts towards NL_MAX_LIVE_HANDLES — one slot per 4.3e9 handles created and destroyed. At
// 2 million handle creations per second (one thread creating and destroying variables as fast as
// it can, measured on the project machine; the table's mutex bounds every thread together to a
// few times that) that is over a thousand years, and capacity shrinks by one slot per half hour.
// docs/design.md "Handles" gives the argument; Tests/c/test_handle_generations.c checks the last
// generations of a slot with the test hook below (NAVLAYOUT_TEST_FIRST_GENERATION).

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

// MARK: - Handle table

enum HandleKind: UInt64 {
    case map = 1, view = 2, guide = 3, constraint = 4, state = 5
    /// The raw solver (ExportsSolver.swift): entries carry no map context.
    case solver = 6, variable = 7, solverConstraint = 8

    var noun: String {
        switch self {
        case .map: return "map view"
        case .view: return "view"
        case .guide: return "layout guide"
        case .constraint: return "constraint"
        case .state: return "UI state"
        case .solver: return "solver"
        case .variable: return "variable"
        case .solverConstraint: return "solver constraint"
        }
    }
}

/// One live handle: what it refers to and the map view or solver that owns it.
struct HandleEntry {
    let kind: HandleKind
    let object: AnyObject
    /// The C-layer context of the owning map view (MapContext) or solver (SolverContext), whose
    /// in-use flag (UseFlag.swift) is taken when the handle is resolved.
    let owner: UseTracked

    /// An entry of a map view's object (view, guide, constraint, state, the map itself).
    init(kind: HandleKind, object: AnyObject, context: MapContext) {
        self.kind = kind
        self.object = object
        self.owner = context
    }

    /// An entry of the raw solver's kinds: `solver` is its solver's context.
    init(kind: HandleKind, object: AnyObject, solver: UseTracked) {
        self.kind = kind
        self.object = object
        self.owner = solver
    }

    /// The owning map view's context. Only for the map view's kinds (every kind but the raw
    /// solver's): the resolvers check the kind first.
    var context: MapContext { unsafeDowncast(owner, to: MapContext.self) }
}

/// What `Handles.lookupEntering` found.
enum HandleLookup {
    /// A live handle; its map view's or solver's flag is the calling thread's for the rest of the
    /// C call.
    case live(HandleEntry)
    /// A live handle whose map view or solver another thread is using (NL_ERR_BUSY).
    case busy(UseTracked)
    /// Not a live handle (NULL, stale, garbage).
    case missing
}

private struct HandleSlot {
    /// The generation of the slot's current (or next) handle; `generationLimit + 1` once retired.
    var generation: UInt64
    var entry: HandleEntry?
}

private struct HandleTableState {
    var slots: [HandleSlot] = [HandleSlot(generation: 0, entry: nil)]   // slot 0 is never used
    var freeSlots: [Int] = []
}

/// The last generation a slot issues (the 32 bits of the encoding); after it the slot retires.
private let generationLimit: UInt64 = 0xFFFF_FFFF

/// The first generation of every slot: 1 — or, for tests only, the value of the environment
/// variable NAVLAYOUT_TEST_FIRST_GENERATION (1 ... 2^32 - 1) when the process makes its first
/// handle, so that a test reaches the last generations of a slot, and its retirement, in a few
/// create/destroy cycles instead of 4.3e9 (Tests/c/test_handle_generations.c). The encoding and
/// the code paths are the shipped ones; only the starting point moves.
private let firstGeneration: UInt64 = {
    guard let text = getenv("NAVLAYOUT_TEST_FIRST_GENERATION"),
          let value = UInt64(String(cString: text)), value >= 1, value <= generationLimit else { return 1 }
    return value
}()

private let handleTable = Mutex(HandleTableState())

// ThreadSanitizer does not see Synchronization.Mutex's futex (it intercepts pthread calls only), so
// every access to the table would be reported as a race. The TSan build (scripts/test-reliability.sh,
// -D NAVLAYOUT_TSAN) tells it about the lock; otherwise these are no-ops. Each Mutex has its own
// token (the handle table's here, the diagnostic handler's in ExportsDiagnostics.swift).
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
private let tsanLockToken = makeTSanToken()
@inline(__always) private func tsanAcquire() { tsanAcquire(tsanLockToken) }
@inline(__always) private func tsanRelease() { tsanRelease(tsanLockToken) }

private let handleMagic: UInt64 = 0xA5 << 56
private let slotMask: UInt64 = 0xFF_FFFF
/// The most live handles the table holds: `NL_MAX_LIVE_HANDLES` of the header (16,777,215), which
/// is what the 24-bit slot index of the encoding can address (slot 0 is never used). Not
/// configurable: a larger value would not fit the encoding (Tests/c/test_handle_limit.c fills the
/// table and checks that exactly this many handles fit). Slots retired after their last
/// generation (see the top of this file) no longer count.
let maxLiveHandles = Int(NL_MAX_LIVE_HANDLES)
private let maxSlots = maxLiveHandles + 1

/// The (slot index, generation) of a value with the handle magic, or nil for any other value.
@inline(__always) private func decode(_ raw: UInt64) -> (index: Int, generation: UInt64)? {
    guard raw & 0xFF00_0000_0000_0000 == handleMagic else { return nil }
    let generation = (raw >> 24) & generationLimit
    guard generation != 0 else { return nil }
    return (Int(raw & slotMask), generation)
}

/// A capacity limit of the library was reached (`NL_ERR_LIMIT_EXCEEDED`, 12). Thrown by the C
/// layer only; its message names the limit.
struct LimitExceededError: Error {
    let message: String
}

/// The error for a full handle table: `NL_ERR_LIMIT_EXCEEDED`, naming the limit and what could not
/// get a handle.
func handleTableFull(_ what: @autoclosure () -> String) -> LimitExceededError {
    LimitExceededError(message: "\(what()): the handle table is full (NL_MAX_LIVE_HANDLES = 16777215 live handles, "
                       + "shared by every map view and solver of the process); destroy handles you no longer need")
}

enum Handles {
    /// Registers `entry` and returns its handle value, or nil when the table already holds
    /// `maxLiveHandles` live handles (retired slots included, see the top of this file).
    static func insert(_ entry: HandleEntry) -> UInt64? {
        handleTable.withLock { state -> UInt64? in
            tsanAcquire(); defer { tsanRelease() }
            let index: Int
            if let free = state.freeSlots.popLast() {
                index = free
            } else {
                guard state.slots.count < maxSlots else { return nil }
                state.slots.append(HandleSlot(generation: firstGeneration, entry: nil))
                index = state.slots.count - 1
            }
            state.slots[index].entry = entry
            return handleMagic | (state.slots[index].generation << 24) | UInt64(index)
        }
    }

    /// Decodes a handle value. Returns the entry if the handle is live, else nil.
    static func lookup(_ raw: UInt64) -> HandleEntry? {
        guard let (index, generation) = decode(raw) else { return nil }
        return handleTable.withLock { state -> HandleEntry? in
            tsanAcquire(); defer { tsanRelease() }
            guard index > 0, index < state.slots.count else { return nil }
            let slot = state.slots[index]
            guard slot.generation == generation, let entry = slot.entry else { return nil }
            return entry
        }
    }

    /// Decodes a handle value and takes its map view's or solver's in-use flag for the calling
    /// thread, both in one critical section: a handle found live cannot be invalidated by another
    /// thread before the call returns (invalidating needs the flag). `.busy` when another thread
    /// holds the flag (nothing is taken).
    static func lookupEntering(_ raw: UInt64) -> HandleLookup {
        guard let (index, generation) = decode(raw) else { return .missing }
        let me = currentThreadID()
        return handleTable.withLock { state in
            tsanAcquire(); defer { tsanRelease() }
            guard index > 0, index < state.slots.count, state.slots[index].generation == generation,
                  let entry = state.slots[index].entry else { return .missing }
            switch tryTake(entry.owner, as: me) {
            case .taken: noteTaken(entry.owner); return .live(entry)
            case .alreadyHeld: return .live(entry)
            case .busy: return .busy(entry.owner)
            }
        }
    }

    /// Why `raw` does not resolve (for error messages): a value the table never issued (garbage),
    /// or a handle that was valid once and has been invalidated (stale). Exact: a slot's
    /// generations only grow and are never issued twice.
    static func explain(_ raw: UInt64) -> String {
        let hex = "0x" + String(raw, radix: 16)
        guard let (index, generation) = decode(raw) else {
            return "\(hex) is not a NavLayout handle (never issued by this library: an uninitialised or corrupted value?)"
        }
        let slotGeneration: UInt64? = handleTable.withLock { state in
            tsanAcquire(); defer { tsanRelease() }
            return index > 0 && index < state.slots.count ? state.slots[index].generation : nil
        }
        guard let current = slotGeneration, generation >= firstGeneration, generation < current else {
            return "\(hex) was never issued by this library (garbage value)"
        }
        return "\(hex) is stale: what it referred to was destroyed (nl_*_destroy, or its map view was destroyed)"
    }

    /// Invalidates handles (stale from now on). Unknown values are ignored. A slot that has issued
    /// its last generation is retired instead of freed.
    static func remove(_ raws: [UInt64]) {
        handleTable.withLock { state in
            tsanAcquire(); defer { tsanRelease() }
            for raw in raws {
                guard let (index, generation) = decode(raw), index > 0, index < state.slots.count,
                      state.slots[index].generation == generation,
                      state.slots[index].entry != nil else { continue }
                state.slots[index].entry = nil
                state.slots[index].generation = generation + 1
                if generation < generationLimit { state.freeSlots.append(index) }
            }
        }
    }
}

@inline(__always) func rawValue(_ p: OpaquePointer?) -> UInt64 { UInt64(UInt(bitPattern: p)) }
@inline(__always) func rawValue(_ p: UnsafeRawPointer?) -> UInt64 { UInt64(UInt(bitPattern: p)) }
@inline(__always) func handlePointer(_ raw: UInt64) -> OpaquePointer? { OpaquePointer(bitPattern: UInt(raw)) }

/// Resolves a handle of the given kind or throws `invalidHandle` with a message that says what
/// was expected and what was found.
func resolve(_ raw: UInt64, _ kind: HandleKind, _ role: @autoclosure () -> String) throws -> HandleEntry {
    if raw == 0 { throw NavLayoutError.invalidHandle("\(role()): NULL \(kind.noun) handle") }
    let entry: HandleEntry
    switch Handles.lookupEntering(raw) {
    case .live(let e): entry = e
    case .busy(let flag): throw busyError(flag, role())
    case .missing: throw NavLayoutError.invalidHandle("\(role()): invalid \(kind.noun) handle: \(Handles.explain(raw))")
    }
    guard entry.kind == kind else {
        throw NavLayoutError.invalidHandle("\(role()): expected a \(kind.noun) handle, got a \(entry.kind.noun) handle")
    }
    return entry
}

func resolveMap(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "map") throws -> MapContext {
    let entry = try resolve(rawValue(p), .map, role())
    guard entry.context.isAlive else { throw NavLayoutError.invalidHandle("\(role()): the map view was destroyed") }
    return entry.context
}

func resolveView(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "view") throws -> (MapContext, LayoutView) {
    let entry = try resolve(rawValue(p), .view, role())
    guard let view = entry.object as? LayoutView else { throw NavLayoutError.internal("\(role()): view handle holds no view") }
    return (entry.context, view)
}

func resolveGuide(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "guide") throws -> (MapContext, LayoutGuide) {
    let entry = try resolve(rawValue(p), .guide, role())
    guard let guide = entry.object as? LayoutGuide else { throw NavLayoutError.internal("\(role()): guide handle holds no guide") }
    return (entry.context, guide)
}

func resolveConstraint(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "constraint") throws -> (MapContext, LayoutConstraint) {
    let entry = try resolve(rawValue(p), .constraint, role())
    guard let c = entry.object as? LayoutConstraint else { throw NavLayoutError.internal("\(role()): constraint handle holds no constraint") }
    return (entry.context, c)
}

func resolveState(_ p: OpaquePointer?, _ role: @autoclosure () -> String = "state") throws -> (MapContext, NavigationUIState) {
    let entry = try resolve(rawValue(p), .state, role())
    guard let s = entry.object as? NavigationUIState else { throw NavLayoutError.internal("\(role()): state handle holds no state") }
    return (entry.context, s)
}

/// Resolves an anchor's item: a view or a guide handle.
func resolveItem(_ p: UnsafeRawPointer?, _ role: @autoclosure () -> String) throws -> (MapContext, LayoutItem) {
    let raw = rawValue(p)
    if raw == 0 { throw NavLayoutError.invalidHandle("\(role()): NULL item (anchor of an invalid view or guide)") }
    let entry: HandleEntry
    switch Handles.lookupEntering(raw) {
    case .live(let e): entry = e
    case .busy(let flag): throw busyError(flag, role())
    case .missing: throw NavLayoutError.invalidHandle("\(role()): invalid view/guide handle: \(Handles.explain(raw))")
    }
    guard entry.kind == .view || entry.kind == .guide, let item = entry.object as? LayoutItem else {
        throw NavLayoutError.invalidHandle("\(role()): expected a view or guide handle, got a \(entry.kind.noun) handle")
    }
    return (entry.context, item)
}

/// Throws `invalidArgument` unless every context is `context` (handles of one map view only).
func requireSameMap(_ context: MapContext, _ other: MapContext, _ what: @autoclosure () -> String) throws {
    if context !== other {
        throw NavLayoutError.invalidArgument("\(what()) belongs to another map view")
    }
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
