// Manually managed storage for the tableau's hot data (issue 19: rows in pooled, contiguous
// storage — no allocation per row, no reference counting or uniqueness checks in the pivot loop).

/// A growable buffer of trivial values (integers, doubles, booleans) read and written through a
/// raw pointer: no bounds checks, no uniqueness checks, no reference counting. Its owner (a class:
/// ``Tableau``, ``ObjectiveRow``) frees it in `deinit` and copies it explicitly where a snapshot
/// is needed; the struct itself is only a pointer and a capacity, so copying it shares the buffer.
internal struct RawStorage<T> {
    var base: UnsafeMutablePointer<T>
    private(set) var capacity: Int

    /// A buffer of `capacity` (at least 1) uninitialised elements.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = UnsafeMutablePointer<T>.allocate(capacity: self.capacity)
    }

    /// A buffer of `capacity` elements, all `value`.
    init(capacity: Int, repeating value: T) {
        self.init(capacity: capacity)
        base.initialize(repeating: value, count: self.capacity)
    }

    @inline(__always)
    subscript(_ i: Int) -> T {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    /// Grows to at least `needed` elements (doubling), keeping the first `count`; new elements
    /// are `fill`. The base pointer changes: pointers taken before are invalid.
    mutating func reserve(_ needed: Int, count: Int, fill: T) {
        if needed <= capacity { return }
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        (fresh + count).initialize(repeating: fill, count: newCapacity - count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    /// Grows to at least `needed` elements (doubling), keeping the first `count`; the new elements
    /// are left uninitialised (for trivial types that are written before they are read: the cell
    /// arena, the column pool, the column scratch). The base pointer changes: pointers taken
    /// before are invalid.
    mutating func reserveUninitialized(_ needed: Int, count: Int) {
        if needed <= capacity { return }
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let fresh = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
        fresh.moveInitialize(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }

    /// A separate buffer with the same first `count` elements (the rest `fill`).
    func copy(count: Int, fill: T) -> RawStorage<T> {
        var c = RawStorage(capacity: capacity)
        c.base.initialize(from: base, count: count)
        (c.base + count).initialize(repeating: fill, count: capacity - count)
        c.capacity = capacity
        return c
    }

    /// Frees the buffer (trivial elements need no deinitialisation).
    func free() { base.deallocate() }
}

/// A stack of trivial values in a ``RawStorage``: append, read and empty without uniqueness
/// checks or reference counting (emptying is O(1): the values need no deinitialisation). Its
/// owner (a class) frees it in `deinit` with ``free()``; copying the struct shares the buffer.
internal struct RawStack<T> {
    private var storage: RawStorage<T>
    private(set) var count = 0

    /// An empty stack with room for `capacity` values (at least 1) before it grows.
    init(capacity: Int) {
        storage = RawStorage(capacity: capacity)
    }

    var isEmpty: Bool { count == 0 }

    /// Pushes `value` (doubling the buffer when it is full).
    @inline(__always)
    mutating func append(_ value: T) {
        if count == storage.capacity { storage.reserveUninitialized(count + 1, count: count) }
        storage[count] = value
        count &+= 1
    }

    /// The value at `i` (`0 ..< count`).
    @inline(__always)
    subscript(_ i: Int) -> T { storage[i] }

    /// The values as a buffer (valid until the next append).
    @inline(__always)
    var buffer: UnsafeBufferPointer<T> { UnsafeBufferPointer(start: storage.base, count: count) }

    /// Makes room for `n` values in all, so that appending up to there does not grow the buffer.
    @inline(__always)
    mutating func reserveCapacity(_ n: Int) {
        if n > storage.capacity { storage.reserveUninitialized(n, count: count) }
    }

    /// Empties the stack (the buffer stays).
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Frees the buffer.
    func free() { storage.free() }
}

extension Array {
    /// Empties the array, keeping its buffer: `removeAll(keepingCapacity: true)` without its
    /// generic range replacement and uniqueness check when there is nothing to remove — the
    /// common case of the per-operation journals and work lists a commit clears (issue 19: ~600
    /// instructions of a suggestion went to clearing lists that were already empty).
    /// A list of up to four elements is emptied element by element: `removeLast()` is a
    /// uniqueness check and a decrement, where the range replacement costs ~80 instructions
    /// (issue 19: ~13,000 of an enaml build went to emptying short lists).
    @inline(__always)
    mutating func clearKeepingCapacity() {
        truncate(to: 0)
    }

    /// Keeps the first `count` elements: `removeSubrange(count..<self.count)`, skipped when
    /// nothing would be removed (and element by element when at most four would be, as in
    /// ``clearKeepingCapacity()``).
    @inline(__always)
    mutating func truncate(to count: Int) {
        let excess = self.count - count
        if excess <= 0 { return }
        if excess <= 4 {
            for _ in 0..<excess { removeLast() }
        } else {
            removeSubrange(count..<self.count)
        }
    }
}
