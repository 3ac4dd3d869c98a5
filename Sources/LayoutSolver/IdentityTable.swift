// A hash table keyed by object identity, for the solver's lookups of constraints, edit variables
// and user variables (issue 19: Swift's `Dictionary` hashes every `ObjectIdentifier` with SipHash,
// ~90 instructions a lookup and 4 % of building a system; an object's address needs only a
// multiplicative mix).

/// A map from `ObjectIdentifier` to `Value`, in two parts (as CPython's compact dict): the values
/// and their keys in dense arrays, and an index of open addressing with linear probing over a
/// power-of-two table (Fibonacci hashing of the address, tombstones for removals) that maps a key
/// to its dense position. Growing or cleaning the index rehashes integers only — the values never
/// move (copying values with references in them made the table's growth 4–5 % of building a
/// 111-constraint system). A removal moves the last value into the hole. Value semantics (copy on
/// write) like `Dictionary`. Iteration is in dense order: the order of insertion, except that a
/// removal moves the last entry into the removed one's place — a function of the operations
/// alone, never of addresses.
internal struct IdentityTable<Value> {
    /// The index: per slot, 0 (empty), 1 (removed) or the key's address, and the key's dense
    /// position.
    private var slotKeys: [UInt]
    private var slotPositions: [Int]
    private var shift: Int
    private var tombstones = 0
    /// The entries, densely.
    private var keys: [UInt] = []
    private var values: [Value] = []

    init() {
        slotKeys = [UInt](repeating: 0, count: 16)
        slotPositions = [Int](repeating: 0, count: 16)
        shift = 64 - 4
    }

    /// An empty table with room for `capacity` entries before it rehashes or reallocates
    /// (slots: the smallest power of two, at least 16, of which `capacity` fill at most three
    /// quarters).
    init(capacity: Int) {
        var size = 16
        while capacity * 4 > size * 3 { size *= 2 }
        slotKeys = [UInt](repeating: 0, count: size)
        slotPositions = [Int](repeating: 0, count: size)
        shift = 64 - size.trailingZeroBitCount
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Removes every entry and keeps the storage: the index's slots (emptied) and the dense
    /// arrays' capacity, so that refilling a table of the same size allocates nothing (a map
    /// view's layout pass that resets its solver re-adds the constraints that stay; issue 19).
    /// O(slots + entries).
    mutating func removeAll() {
        if !keys.isEmpty || tombstones > 0 {
            slotKeys.withUnsafeMutableBufferPointer { buf in
                for i in 0..<buf.count { buf[i] = 0 }
            }
        }
        tombstones = 0
        keys.clearKeepingCapacity()
        values.clearKeepingCapacity()
    }

    /// Live entries.
    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    @inline(__always)
    private static func address(_ key: ObjectIdentifier) -> UInt { UInt(bitPattern: key) }

    /// The slot of `k`, or of the empty slot where it would go (never a removed one).
    @inline(__always)
    private func find(_ k: UInt) -> (slot: Int, found: Bool) {
        let mask = slotKeys.count - 1
        var i = Int(truncatingIfNeeded: (k &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
        return slotKeys.withUnsafeBufferPointer { buf in
            while true {
                let s = buf[i]
                if s == k { return (i, true) }
                if s == 0 { return (i, false) }
                i = (i &+ 1) & mask
            }
        }
    }

    subscript(key: ObjectIdentifier) -> Value? {
        get {
            let (slot, found) = find(Self.address(key))
            return found ? values[slotPositions[slot]] : nil
        }
        set {
            if let v = newValue {
                set(key, v)
                return
            }
            let (slot, found) = find(Self.address(key))
            if found { remove(slot) }
        }
    }

    /// Whether `key` has a value (nothing copied: the subscript copies the value out, ~90
    /// instructions for a constraint's tag even when the answer is only its presence; issue 19).
    @inline(__always)
    func contains(_ key: ObjectIdentifier) -> Bool { find(Self.address(key)).found }

    /// `body` applied to the value of `key` where it is stored (no copy of the value), or nil if
    /// `key` is absent.
    @inline(__always)
    func peek<R>(_ key: ObjectIdentifier, _ body: (Value) -> R) -> R? {
        let (slot, found) = find(Self.address(key))
        guard found else { return nil }
        let position = slotPositions[slot]
        return values.withUnsafeBufferPointer { body($0[position]) }
    }

    /// Stores `value` under `key` (added if absent), consuming it: no copy of what it holds (the
    /// subscript's setter copies its optional new value into the table).
    mutating func set(_ key: ObjectIdentifier, _ value: consuming Value) {
        let k = Self.address(key)
        let (slot, found) = find(k)
        if found {
            values[slotPositions[slot]] = value
            return
        }
        keys.append(k)
        values.append(value)
        if (keys.count + tombstones) * 4 > slotKeys.count * 3 {
            rehash()
        } else {
            slotKeys[slot] = k
            slotPositions[slot] = keys.count - 1
        }
    }

    /// Runs `body` on the value of `key` in place (no copy of the value, no reference counting of
    /// what it holds), returning its result; nil (and `body` not run) if `key` is absent.
    @inline(__always)
    mutating func modify<R>(_ key: ObjectIdentifier, _ body: (inout Value) -> R) -> R? {
        let (slot, found) = find(Self.address(key))
        guard found else { return nil }
        return body(&values[slotPositions[slot]])
    }

    /// Removes the entry of `key` and returns its value, moved out of the table (no copy of what
    /// it holds: the subscript's getter and setter copy a constraint's tag twice, ~300
    /// instructions of a removal; issue 19); nil if `key` is absent.
    mutating func take(_ key: ObjectIdentifier) -> Value? {
        let (slot, found) = find(Self.address(key))
        guard found else { return nil }
        return remove(slot)
    }

    /// Removes the entry of the index slot `slot` and returns its value: the last entry moves
    /// into its dense position.
    @discardableResult
    private mutating func remove(_ slot: Int) -> Value {
        let position = slotPositions[slot]
        slotKeys[slot] = 1
        tombstones += 1
        let last = keys.count - 1
        if position != last {
            let moved = keys[last]
            keys[position] = moved
            values.swapAt(position, last)
            let (movedSlot, _) = find(moved)
            slotPositions[movedSlot] = position
        }
        keys.removeLast()
        return values.removeLast()
    }

    /// Rebuilds the index for the dense entries (doubling it while they would fill more than
    /// half of it); drops the tombstones. Integers only.
    private mutating func rehash() {
        var size = slotKeys.count
        while keys.count * 2 > size { size *= 2 }
        slotKeys = [UInt](repeating: 0, count: size)
        slotPositions = [Int](repeating: 0, count: size)
        shift = 64 - size.trailingZeroBitCount
        tombstones = 0
        for position in 0..<keys.count {
            let (slot, _) = find(keys[position])
            slotKeys[slot] = keys[position]
            slotPositions[slot] = position
        }
    }

    /// Every value (in dense order; O(1): the array is shared until written).
    var allValues: [Value] { values }

    /// Every (key, value) pair (in dense order).
    var entries: [(key: ObjectIdentifier, value: Value)] {
        var out: [(key: ObjectIdentifier, value: Value)] = []
        out.reserveCapacity(keys.count)
        for i in 0..<keys.count {
            out.append((unsafeBitCast(keys[i], to: ObjectIdentifier.self), values[i]))
        }
        return out
    }
}
