// A hash table keyed by object identity, for the solver's lookups of constraints, edit variables
// and user variables (issue 19: Swift's `Dictionary` hashes every `ObjectIdentifier` with SipHash,
// ~90 instructions a lookup and 4 % of building a system; an object's address needs only a
// multiplicative mix).

/// A map from `ObjectIdentifier` to `Value`: open addressing with linear probing over a
/// power-of-two table, Fibonacci hashing of the address, tombstones for removals (the table is
/// rebuilt when they or the entries fill it). Value semantics (copy on write) like `Dictionary`;
/// iteration order is unspecified, so nothing may depend on it.
internal struct IdentityTable<Value> {
    /// 0: empty slot; 1: removed; otherwise the key's address.
    private var keys: [UInt]
    private var values: [Value?]
    private var shift: Int
    /// Live entries, and removed slots not yet reused.
    private(set) var count = 0
    private var tombstones = 0

    init() {
        keys = [UInt](repeating: 0, count: 16)
        values = [Value?](repeating: nil, count: 16)
        shift = 64 - 4
    }

    @inline(__always)
    private static func address(_ key: ObjectIdentifier) -> UInt { UInt(bitPattern: key) }

    /// The slot of `key`, or of the empty slot where it would go (never a removed one).
    @inline(__always)
    private func find(_ k: UInt) -> (slot: Int, found: Bool) {
        let mask = keys.count - 1
        var i = Int(truncatingIfNeeded: (k &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
        return keys.withUnsafeBufferPointer { buf in
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
            return found ? values[slot] : nil
        }
        set {
            let k = Self.address(key)
            let (slot, found) = find(k)
            if found {
                if let v = newValue {
                    values[slot] = v
                } else {
                    keys[slot] = 1
                    values[slot] = nil
                    count -= 1
                    tombstones += 1
                }
                return
            }
            guard let v = newValue else { return }
            if (count + tombstones + 1) * 4 > keys.count * 3 {
                resize()
                insertNew(k, v)
            } else {
                keys[slot] = k
                values[slot] = v
                count += 1
            }
        }
    }

    /// Runs `body` on the value of `key` in place (no copy of the value, no reference counting of
    /// what it holds), returning its result; nil (and `body` not run) if `key` is absent.
    @inline(__always)
    mutating func modify<R>(_ key: ObjectIdentifier, _ body: (inout Value) -> R) -> R? {
        let (slot, found) = find(Self.address(key))
        guard found else { return nil }
        return values.withUnsafeMutableBufferPointer { buf -> R? in
            guard buf[slot] != nil else { return nil }
            return body(&buf[slot]!)
        }
    }

    /// Inserts a key known to be absent (after a resize, which leaves no tombstones).
    private mutating func insertNew(_ k: UInt, _ v: Value) {
        let (slot, _) = find(k)
        keys[slot] = k
        values[slot] = v
        count += 1
    }

    /// Rehashes into a table sized for the live entries (doubling when they fill half of it).
    /// The values are moved, not copied (`take()`): no reference counting per entry (copying made
    /// the growth of the constraint table 5 % of building a 111-constraint system).
    private mutating func resize() {
        var size = keys.count
        if (count + 1) * 2 > size { size *= 2 }
        let oldKeys = keys
        var oldValues = [Value?](repeating: nil, count: size)
        swap(&oldValues, &values)
        keys = [UInt](repeating: 0, count: size)
        shift = 64 - size.trailingZeroBitCount
        count = 0
        tombstones = 0
        oldValues.withUnsafeMutableBufferPointer { old in
            for i in 0..<oldKeys.count where oldKeys[i] > 1 {
                if let v = old[i].take() { insertNew(oldKeys[i], v) }
            }
        }
    }

    /// Every value (in no particular order).
    var allValues: [Value] {
        var out: [Value] = []
        out.reserveCapacity(count)
        for i in 0..<keys.count where keys[i] > 1 {
            if let v = values[i] { out.append(v) }
        }
        return out
    }

    /// Every (key, value) pair (in no particular order).
    var entries: [(key: ObjectIdentifier, value: Value)] {
        var out: [(key: ObjectIdentifier, value: Value)] = []
        out.reserveCapacity(count)
        for i in 0..<keys.count where keys[i] > 1 {
            if let v = values[i] { out.append((unsafeBitCast(keys[i], to: ObjectIdentifier.self), v)) }
        }
        return out
    }

    var isEmpty: Bool { count == 0 }
}
