// Concurrent use of one map view or one solver from two threads (issue 17): detected and refused
// with NL_ERR_BUSY instead of corrupting the heap.
//
// Each map view and each solver has an in-use flag (UseTracked, the base class of their C-layer
// contexts): the thread that is inside a C call on it (or on
// anything it owns), 0 when none. Resolving a handle takes the flag of the handle's map view or
// solver for the rest of the C call — in the same critical section of the handle table that finds
// the handle live (Handles.lookupEntering; a handle of an owner whose flag the thread already
// holds is read without the lock, HandleTable.swift), so a handle found live stays live until the call
// returns: only calls holding the flag invalidate handles. A call that finds the flag held by
// another thread fails with NL_ERR_BUSY before touching anything. The thread that holds the flag
// passes freely: calls made from inside a callback (delegate method, animation block,
// completion, release) on the same thread are nested calls, not concurrent ones.
//
// The flags a thread holds form a list (newest first) whose head is in the thread's ThreadUse;
// `guarded` / `guardedValue` (Support.swift), which wrap every C entry point, note the head when
// the call starts and release everything taken since when it returns. The single-threaded cost
// is one thread-specific read per call, and per call that takes a flag one more, one
// compare-and-swap and one atomic store (bench/call_overhead.c measures it; bench/RESULTS.md).
//
// Not a lock: nothing waits. Handing a map view from one thread to another between calls is
// allowed (the flag's acquire/release ordering publishes the first thread's writes to the next).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import LayoutEngine

/// Something one thread at a time may use through the C API — a map view's or a solver's C-layer
/// context (MapContext, SolverContext are subclasses) — with its in-use flag. A base class rather
/// than a member so that a handle-table entry reaches the flag through the reference it already
/// holds (no extra retain per call).
class UseTracked {
    /// The thread (`currentThreadID()`) inside a call on the object; 0 when none.
    let owner = Atomic<UInt>(0)
    /// The object the same thread took before this one (the thread's held list, newest first;
    /// unretained, see `noteTaken`); touched only by the thread that holds this one.
    @exclusivity(unchecked) var nextHeld: UnsafeMutableRawPointer?
    /// What the object is ("map view", "solver").
    let kindNoun: String
    /// Its own handle (the map view's or solver's), 0 until registered. Atomic: another thread
    /// may read it for a BUSY message (a thread that found the handle live before
    /// `publishHandle` — only by guessing the value — sees 0).
    private let handleValue = Atomic<UInt64>(0)

    init(noun: String) { self.kindNoun = noun }

    /// Records the object's own handle (`ownHandle`, and `noun`'s hexadecimal part).
    func publishHandle(_ raw: UInt64) { handleValue.store(raw, ordering: .relaxed) }

    /// The map view's or solver's own handle (nl_map_view / nl_solver), 0 before `publishHandle`.
    var ownHandle: UInt64 { handleValue.load(ordering: .relaxed) }

    /// What the object is, for the NL_ERR_BUSY message ("map view 0xa5…", "solver 0xa5…").
    var noun: String {
        let raw = ownHandle
        return raw == 0 ? kindNoun : kindNoun + " 0x" + String(raw, radix: 16)
    }
}

/// A number that identifies the calling thread while it runs (never 0).
@inline(__always) func currentThreadID() -> UInt {
#if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
#else
    return UInt(pthread_self())
#endif
}

/// The calling thread's state: the head of its list of held objects. Allocated on the thread's first C call and freed when the thread exits; reached with one
/// thread-specific read per call (`threadUse()`), so that taking and releasing flags need no
/// thread-specific writes.
struct ThreadUse {
    /// The newest held object (an unretained UseTracked), or nil.
    var head: UnsafeMutableRawPointer?
}

private let threadUseKey: pthread_key_t = {
    var key = pthread_key_t()
    _ = pthread_key_create(&key) { p in free(p) }
    return key
}()

/// The calling thread's ThreadUse.
@inline(__always) func threadUse() -> UnsafeMutablePointer<ThreadUse> {
#if NAVLAYOUT_UNCHECKED_THREADS
    return uncheckedThreadUse
#else
    if let p = pthread_getspecific(threadUseKey) { return p.assumingMemoryBound(to: ThreadUse.self) }
    return makeThreadUse()
#endif
}

#if NAVLAYOUT_UNCHECKED_THREADS
// bench/call_overhead.c's baseline only (bench/reliability.sh builds the library a second time with
// -D NAVLAYOUT_UNCHECKED_THREADS): the check compiled out — no thread-specific read, no
// compare-and-swap — so that the two libraries differ by the check alone. Never shipped: with it,
// two threads on one map view are not refused.
private let uncheckedThreadUse: UnsafeMutablePointer<ThreadUse> = {
    let p = UnsafeMutablePointer<ThreadUse>.allocate(capacity: 1)
    p.initialize(to: ThreadUse(head: nil))
    return p
}()
#endif

@inline(never) private func makeThreadUse() -> UnsafeMutablePointer<ThreadUse> {
    let p = UnsafeMutablePointer<ThreadUse>.allocate(capacity: 1)
    p.initialize(to: ThreadUse(head: nil))
    _ = pthread_setspecific(threadUseKey, p)
    return p
}

/// Ends a C call: releases every flag the call took — those above `mark`, the list head when the
/// call started — newest first.
@inline(__always) func useScopeEnd(_ thread: UnsafeMutablePointer<ThreadUse>, _ mark: UnsafeMutableRawPointer?) {
    if thread.pointee.head != mark { releaseFlags(thread, downTo: mark) }
}

@inline(never) private func releaseFlags(_ thread: UnsafeMutablePointer<ThreadUse>, downTo mark: UnsafeMutableRawPointer?) {
    var p = thread.pointee.head
    while let current = p, current != mark {
        let flag = Unmanaged<UseTracked>.fromOpaque(current).takeUnretainedValue()
        p = flag.nextHeld
        flag.nextHeld = nil
        flag.owner.store(0, ordering: .releasing)
    }
    thread.pointee.head = mark
}

/// What taking a flag found.
enum UseResult {
    /// The flag was free and is now the calling thread's (record it with `noteTaken`).
    case taken
    /// The calling thread already holds it (a nested call from a callback).
    case alreadyHeld
    /// Another thread holds it.
    case busy
}

/// Tries to take `flag` for the calling thread. Called inside the handle table's critical section
/// (Handles.lookupEntering): no list bookkeeping here, see `noteTaken`.
@inline(__always) func tryTake(_ flag: UseTracked, as me: UInt) -> UseResult {
#if NAVLAYOUT_UNCHECKED_THREADS
    return .alreadyHeld
#endif
    if flag.owner.load(ordering: .relaxed) == me { return .alreadyHeld }
    let (exchanged, _) = flag.owner.compareExchange(expected: 0, desired: me, ordering: .acquiring)
    return exchanged ? .taken : .busy
}

/// Records a flag just taken in the calling thread's held list (released when the C call ends).
///
/// Unretained (a retain/release pair per call is a third of the check's cost): the object stays
/// alive until the call ends because the handle-table entry of its map view or solver holds it,
/// and only nl_map_view_destroy and nl_solver_destroy remove that entry — calls that take the flag
/// themselves (a map view cannot be destroyed from inside its own callbacks, and a solver has
/// none) and give it back with `releaseBeforeFreeing` while the object is still alive.
@inline(__always) func noteTaken(_ flag: UseTracked) {
    let thread = threadUse()
    flag.nextHeld = thread.pointee.head
    thread.pointee.head = Unmanaged.passUnretained(flag).toOpaque()
}

/// Whether the context whose `Unmanaged` bit pattern is `owner` is on the calling thread's held
/// list, which starts at `head` (`threadUse().pointee.head`, read once by the caller): a walk of
/// the list (usually one or two entries) comparing pointers, so `owner` is never dereferenced —
/// it may be a context another thread has just freed (Handles.lookupEntering's lock-free path).
/// Always false in the NAVLAYOUT_UNCHECKED_THREADS build, which records nothing.
@inline(__always) func isHeld(_ owner: UnsafeMutableRawPointer, from head: UnsafeMutableRawPointer?) -> Bool {
    var p = head
    while let current = p {
        if current == owner { return true }
        p = Unmanaged<UseTracked>.fromOpaque(current)._withUnsafeGuaranteedRef { $0.nextHeld }
    }
    return false
}

/// Gives back `flag` now, before the end of the C call: for nl_map_view_destroy and
/// nl_solver_destroy, whose object may be freed when the call's last reference to it goes.
func releaseBeforeFreeing(_ flag: UseTracked) {
    let thread = threadUse()
    let target = Unmanaged.passUnretained(flag).toOpaque()
    if thread.pointee.head == target {
        thread.pointee.head = flag.nextHeld
    } else {
        var found = false
        var p = thread.pointee.head
        while let current = p {
            let held = Unmanaged<UseTracked>.fromOpaque(current).takeUnretainedValue()
            if held.nextHeld == target { held.nextHeld = flag.nextHeld; found = true; break }
            p = held.nextHeld
        }
        guard found else { return }  // not taken by this thread's calls: nothing to give back
    }
    flag.nextHeld = nil
    flag.owner.store(0, ordering: .releasing)
}

/// The NL_ERR_BUSY error for a call that found `flag` held by another thread.
func busyError(_ flag: UseTracked, _ role: String) -> NavLayoutError {
    .busy("\(role): \(flag.noun) is in use by another thread; a map view or solver, and everything it owns, "
          + "must be used from one thread at a time (nothing was done: call again once the other thread's call has returned)")
}
