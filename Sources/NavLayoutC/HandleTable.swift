// The handle table: what an nl_* handle value refers to (docs/design.md "Handles").
//
// Handles are never object pointers. A handle is a 64-bit value
//     [63..56] 0xA5 magic | [55..24] generation (32 bits) | [23..0] slot index (24 bits)
// into one process-wide table; the kind (view, guide, solver, ...) is in the slot. A value with
// the magic in the top byte is a non-canonical address on x86-64/arm64, so a real pointer is never
// mistaken for a handle; handles of another kind fail the slot's kind check. Nothing is ever
// dereferenced before the table says the handle is live.
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
//
// Reading without the lock (issue 19). Writers (insert, remove) hold the table's mutex; readers
// hold nothing. The slots live in chunks that are allocated once and never move or freed, so a
// reader may read any slot at any time. Each slot's fields are atomics, and its `tag` says which
// generation it holds and whether that one is live. A reader reads the tag, then the fields, then
// the tag again (a sequence lock, with the generation as the sequence number): the generations of
// a slot only grow, so an unchanged tag means the fields it read belong to that generation. What a
// reader may then do with the object pointer it read is the point of `Handles.peek`'s contract:
// dereference it only if the calling thread holds the in-use flag of the handle's owner (only a
// call holding that flag invalidates the owner's handles, UseFlag.swift), which a pointer
// comparison decides without touching anything that could have been freed.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import CNavLayout

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
///
/// Unretained: the table holds one reference to the object and one to the owner for as long as
/// the handle is live (taken by `Handles.insert`, given back by `Handles.remove`), and a caller
/// may use an entry only while the handle stays live — during a C call that holds the owner's
/// in-use flag (`Handles.lookupEntering`). Copying an entry costs no reference counting (issue 19:
/// the retains and releases of the strong entry were about a tenth of a raw-solver build).
struct HandleEntry {
    let kind: HandleKind
    /// `Unmanaged` bit patterns of the object and of its owner's context.
    fileprivate let objectBits: UnsafeMutableRawPointer
    fileprivate let ownerBits: UnsafeMutableRawPointer

    /// An entry of a map view's object (view, guide, constraint, state, the map itself).
    init(kind: HandleKind, object: AnyObject, context: MapContext) {
        self.init(kind: kind, object: object, owner: context)
    }

    /// An entry of the raw solver's kinds: `solver` is its solver's context.
    init(kind: HandleKind, object: AnyObject, solver: UseTracked) {
        self.init(kind: kind, object: object, owner: solver)
    }

    private init(kind: HandleKind, object: AnyObject, owner: UseTracked) {
        self.kind = kind
        self.objectBits = Unmanaged.passUnretained(object).toOpaque()
        self.ownerBits = Unmanaged.passUnretained(owner).toOpaque()
    }

    fileprivate init(kind: HandleKind, objectBits: UnsafeMutableRawPointer, ownerBits: UnsafeMutableRawPointer) {
        self.kind = kind
        self.objectBits = objectBits
        self.ownerBits = ownerBits
    }

    /// What the handle refers to.
    var object: AnyObject { Unmanaged<AnyObject>.fromOpaque(objectBits).takeUnretainedValue() }

    /// The C-layer context of the owning map view (MapContext) or solver (SolverContext), whose
    /// in-use flag (UseFlag.swift) is taken when the handle is resolved.
    var owner: UseTracked { Unmanaged<UseTracked>.fromOpaque(ownerBits).takeUnretainedValue() }

    /// Whether `context` owns the handle: a pointer comparison, nothing dereferenced.
    @inline(__always) func isOwned(by context: UseTracked) -> Bool {
        ownerBits == Unmanaged.passUnretained(context).toOpaque()
    }

    /// The object, known to be a `T` (the kind says so), borrowed for `body` without retaining it.
    @inline(__always) func withObject<T: AnyObject, R>(as _: T.Type, _ body: (T) throws -> R) rethrows -> R {
        try Unmanaged<T>.fromOpaque(objectBits)._withUnsafeGuaranteedRef(body)
    }

    /// The owning map view's context. Only for the map view's kinds (every kind but the raw
    /// solver's): the resolvers check the kind first.
    var context: MapContext { Unmanaged<MapContext>.fromOpaque(ownerBits).takeUnretainedValue() }
}

/// What `Handles.lookupEntering` found.
enum HandleLookup {
    /// A live handle; its map view's or solver's flag is the calling thread's for the rest of the
    /// C call.
    case live(HandleEntry)
    /// A live handle whose map view or solver another thread is using (NL_ERR_BUSY); retained.
    case busy(UseTracked)
    /// A live handle of a kind the caller does not accept; nothing was taken (its owner may be
    /// another thread's, and the answer does not depend on it).
    case wrongKind(HandleKind)
    /// A live handle of an accepted kind whose map view or solver is not the one the caller
    /// named (`within`); nothing was taken (that owner may be another thread's, and the answer
    /// does not depend on it).
    case foreign
    /// Not a live handle (NULL, stale, garbage).
    case missing
}

// MARK: - Storage

/// One slot. Written only under the table's mutex; read by anyone (see the top of this file).
private struct HandleSlot: ~Copyable {
    /// `generation << 8 | kind << 1 | 1` while the slot holds a live handle; `generation << 8`
    /// while it is free (the generation its next handle gets; `generationLimit + 1` once retired);
    /// 0 for a slot that never held one.
    let tag: Atomic<UInt64>
    /// The object's and the owner's `Unmanaged` bit patterns, each retained by the table while
    /// the handle is live; stale (never dereferenced) otherwise.
    let object: Atomic<UInt>
    let owner: Atomic<UInt>
}

private let liveBit: UInt64 = 1
/// Slots per chunk (2^12 × 24 bytes = 96 KiB of address space; calloc'd, so the pages a process
/// never uses are never touched) and chunks in the directory (2^12, for the 2^24 slot indices).
private let chunkShift = 12
private let chunkCount = 1 << (24 - chunkShift)

/// The chunk directory: chunk `i` holds slots `i << chunkShift ..< (i + 1) << chunkShift`; 0 for a
/// chunk not allocated yet. Allocated once, zeroed, never freed (32 KiB of address space). nil
/// if even that could not be allocated: then no handle is ever issued (every creation fails with
/// NL_ERR_LIMIT_EXCEEDED) and every look-up finds nothing — no trap.
private let chunkDirectory: UnsafeMutablePointer<Atomic<UInt>>? = {
    // An all-zero Atomic<UInt> is the atomic 0 (its storage is the integer): calloc'd memory
    // is initialized memory of that type.
    calloc(chunkCount, MemoryLayout<Atomic<UInt>>.stride)?.bindMemory(to: Atomic<UInt>.self, capacity: chunkCount)
}()

/// The slot at `index`, or nil when its chunk was never allocated. Lock-free.
@inline(__always) private func slot(_ index: Int) -> UnsafeMutablePointer<HandleSlot>? {
    guard let chunkDirectory else { return nil }
    let chunk = chunkDirectory[index &>> chunkShift].load(ordering: .acquiring)
    guard let base = UnsafeMutablePointer<HandleSlot>(bitPattern: chunk) else { return nil }
    return base + (index & ((1 << chunkShift) - 1))
}

/// The slot at `index`, allocating its chunk if needed. Only under the table's mutex.
private func slotAllocating(_ index: Int) -> UnsafeMutablePointer<HandleSlot>? {
    if let s = slot(index) { return s }
    guard let chunkDirectory, let memory = calloc(1 << chunkShift, MemoryLayout<HandleSlot>.stride) else { return nil }
    let base = memory.bindMemory(to: HandleSlot.self, capacity: 1 << chunkShift)  // all-zero slots: tag 0
    chunkDirectory[index &>> chunkShift].store(UInt(bitPattern: base), ordering: .releasing)
    return base + (index & ((1 << chunkShift) - 1))
}

/// What the mutex protects besides the slots' writes: where new slots come from.
private struct HandleTableState {
    /// The lowest slot index never used (slot 0 is never used).
    var nextUnused = 1
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
                       + "shared by every map view and solver of the process), or no memory for it is left; "
                       + "destroy handles you no longer need")
}

enum Handles {
    /// Registers `entry` and returns its handle value, or nil when the table already holds
    /// `maxLiveHandles` live handles (retired slots included, see the top of this file) or
    /// cannot allocate a chunk. The table retains the entry's object and owner until `remove`.
    static func insert(_ entry: HandleEntry) -> UInt64? {
        handleTable.withLock { state -> UInt64? in
            tsanAcquire(); defer { tsanRelease() }
            let index: Int
            let fromFreeList: Bool
            if let free = state.freeSlots.popLast() {
                index = free
                fromFreeList = true
            } else {
                guard state.nextUnused < maxSlots else { return nil }
                index = state.nextUnused
                fromFreeList = false
            }
            guard let s = slotAllocating(index) else {
                if fromFreeList { state.freeSlots.append(index) }
                return nil
            }
            if !fromFreeList { state.nextUnused += 1 }
            let tag = s.pointee.tag.load(ordering: .relaxed)
            let generation = tag == 0 ? firstGeneration : tag >> 8
            _ = Unmanaged<AnyObject>.fromOpaque(entry.objectBits).retain()
            _ = Unmanaged<UseTracked>.fromOpaque(entry.ownerBits).retain()
            // A reader that reads these new values must also see the tag that retired the slot's
            // previous generation (it then refuses them): the fence orders that earlier store before
            // these (docs/design.md "Handles", reading without the lock).
            atomicMemoryFence(ordering: .releasing)
            s.pointee.object.store(UInt(bitPattern: entry.objectBits), ordering: .relaxed)
            s.pointee.owner.store(UInt(bitPattern: entry.ownerBits), ordering: .relaxed)
            s.pointee.tag.store(generation << 8 | entry.kind.rawValue << 1 | liveBit, ordering: .releasing)
            return handleMagic | (generation << 24) | UInt64(index)
        }
    }

    /// The live entry of `raw`, read without the lock; nil when `raw` is not a live handle.
    ///
    /// The entry was live when read, but nothing keeps it live: dereference its object or owner
    /// only when the calling thread holds the owner's in-use flag — check that first with
    /// `isOwned(by:)` against a context whose flag the thread holds — because another thread may
    /// destroy an owner whose flag it holds, and free the owner and object.
    @inline(__always) static func peek(_ raw: UInt64) -> HandleEntry? {
        guard let (index, generation) = decode(raw), index != 0, let s = slot(index) else { return nil }
        let tag = s.pointee.tag.load(ordering: .acquiring)
        guard tag & liveBit != 0, tag >> 8 == generation else { return nil }
        let object = s.pointee.object.load(ordering: .relaxed)
        let owner = s.pointee.owner.load(ordering: .relaxed)
        atomicMemoryFence(ordering: .acquiring)
        guard s.pointee.tag.load(ordering: .relaxed) == tag,
              let kind = HandleKind(rawValue: (tag >> 1) & 0x7F),
              let objectBits = UnsafeMutableRawPointer(bitPattern: object),
              let ownerBits = UnsafeMutableRawPointer(bitPattern: owner) else { return nil }
        return HandleEntry(kind: kind, objectBits: objectBits, ownerBits: ownerBits)
    }

    /// The identity of the map view or solver of `raw`, a live handle of `kind`, read from its
    /// slot alone (nil otherwise): for telling whether two handles have one owner without
    /// entering either. Only compared, never dereferenced.
    static func ownerIdentity(_ raw: UInt64, _ kind: HandleKind) -> UInt? {
        guard let entry = peek(raw), entry.kind == kind else { return nil }
        return UInt(bitPattern: entry.ownerBits)
    }

    /// Decodes a handle value and, if its kind is `accepted`, takes its map view's or solver's
    /// in-use flag for the calling thread: a handle found live cannot be invalidated by another
    /// thread before the call returns (invalidating needs the flag). `.busy` when another thread
    /// holds the flag, `.wrongKind` for a kind not accepted (nothing is taken in either case).
    ///
    /// The kind is checked first, from the slot's tag alone (before any flag is taken, with or
    /// without the lock): a handle of the wrong kind is refused as such even when its owner is
    /// another thread's (taking that owner's flag first made the answer NL_ERR_BUSY, and that
    /// thread's own calls BUSY meanwhile; a new user's trial). Without the lock when the calling
    /// thread already holds the owner's flag (a handle of the map view or solver the call is
    /// already using); otherwise the look-up and the take are one critical section of the
    /// table's mutex, which keeps the owner alive until its flag is taken.
    ///
    /// `within`: the map view or solver the handle must belong to (a call's second handle, which
    /// must be of the first one's map view), or nil for any. A handle of another owner is
    /// `.foreign`, told by comparing pointers before any flag is taken: taking that owner's flag
    /// to find out made the answer NL_ERR_BUSY whenever another thread was using it, and that
    /// thread's own calls BUSY meanwhile.
    static func lookupEntering(_ raw: UInt64, accepting accepted: (HandleKind) -> Bool,
                               within: UseTracked? = nil) -> HandleLookup {
        let withinBits = within.map { Unmanaged.passUnretained($0).toOpaque() }
        // A thread inside a call (holding a flag) may be resolving one of that call's own handles:
        // the lock-free read. The first handle of a call (nothing held yet) goes to the mutex.
        let held = threadUse().pointee.head
        if held != nil, let entry = peek(raw) {
            if !accepted(entry.kind) { return .wrongKind(entry.kind) }
            if let w = withinBits, entry.ownerBits != w { return .foreign }
            if isHeld(entry.ownerBits, from: held) { return .live(entry) }
        }
        guard let (index, generation) = decode(raw), index != 0 else { return .missing }
        let me = currentThreadID()
        return handleTable.withLock { _ in
            tsanAcquire(); defer { tsanRelease() }
            guard let s = slot(index) else { return .missing }
            let tag = s.pointee.tag.load(ordering: .relaxed)
            guard tag & liveBit != 0, tag >> 8 == generation,
                  let kind = HandleKind(rawValue: (tag >> 1) & 0x7F),
                  let objectBits = UnsafeMutableRawPointer(bitPattern: s.pointee.object.load(ordering: .relaxed)),
                  let ownerBits = UnsafeMutableRawPointer(bitPattern: s.pointee.owner.load(ordering: .relaxed))
            else { return .missing }
            if !accepted(kind) { return .wrongKind(kind) }
            if let w = withinBits, ownerBits != w { return .foreign }
            let entry = HandleEntry(kind: kind, objectBits: objectBits, ownerBits: ownerBits)
            // The table's reference keeps the owner alive while the mutex is held; borrowed, not
            // retained (issue 19), except for the rare busy result, which outlives the mutex.
            let result = Unmanaged<UseTracked>.fromOpaque(ownerBits)._withUnsafeGuaranteedRef { owner -> UseResult in
                let result = tryTake(owner, as: me)
                if result == .taken { noteTaken(owner) }
                return result
            }
            return result == .busy ? .busy(entry.owner) : .live(entry)
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
        let tag = index == 0 ? 0 : slot(index)?.pointee.tag.load(ordering: .acquiring) ?? 0
        let current = tag >> 8
        guard tag != 0, generation >= firstGeneration, generation < current else {
            return "\(hex) was never issued by this library (garbage value)"
        }
        return "\(hex) is stale: what it referred to is gone (destroyed by nl_*_destroy or with its map view or "
            + "solver; a UI state handle is valid only during the callback that received it)"
    }

    /// Invalidates handles (stale from now on) and gives back the table's references to their
    /// objects and owners (a deinit may run under the mutex; none touches the table). Values that
    /// are not live handles are ignored. A slot that has issued its last generation is retired
    /// instead of freed. The mutex is taken per 1,024 values, so that destroying a solver with a
    /// million variables does not hold up every other thread's handle creation for its whole
    /// length (58 ms in a new user's trial; each value is removed atomically on its own anyway).
    static func remove(_ raws: [UInt64]) {
        var start = 0
        while start < raws.count {
            let end = min(start + 1024, raws.count)
            handleTable.withLock { state in
                tsanAcquire(); defer { tsanRelease() }
                for i in start..<end { invalidate(raws[i], &state) }
            }
            start = end
        }
    }

    /// `remove` of one value, without an array.
    static func remove(_ raw: UInt64) {
        handleTable.withLock { state in
            tsanAcquire(); defer { tsanRelease() }
            invalidate(raw, &state)
        }
    }

    /// One value of `remove`, under the mutex.
    private static func invalidate(_ raw: UInt64, _ state: inout HandleTableState) {
        guard let (index, generation) = decode(raw), index != 0, let s = slot(index) else { return }
        let tag = s.pointee.tag.load(ordering: .relaxed)
        guard tag & liveBit != 0, tag >> 8 == generation,
              let objectBits = UnsafeMutableRawPointer(bitPattern: s.pointee.object.load(ordering: .relaxed)),
              let ownerBits = UnsafeMutableRawPointer(bitPattern: s.pointee.owner.load(ordering: .relaxed))
        else { return }
        s.pointee.tag.store((generation + 1) << 8, ordering: .releasing)
        if generation < generationLimit { state.freeSlots.append(index) }
        Unmanaged<AnyObject>.fromOpaque(objectBits).release()
        Unmanaged<UseTracked>.fromOpaque(ownerBits).release()
    }
}
