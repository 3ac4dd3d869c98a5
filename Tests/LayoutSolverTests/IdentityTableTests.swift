import XCTest
@testable import LayoutSolver

/// `IdentityTable` (the solver's identity-keyed hash table, issue 19) against `Dictionary` as the
/// reference: the same lookups, counts and entries after every insertion, update and removal —
/// through growth, tombstone reuse and the rehashes they trigger.
final class IdentityTableTests: XCTestCase {
    private final class Key {}

    func testAgreesWithDictionaryThroughInsertionsUpdatesAndRemovals() {
        let keys = (0..<300).map { _ in Key() }   // alive for the whole test: addresses are stable
        var table = IdentityTable<Int>()
        var reference: [ObjectIdentifier: Int] = [:]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            // xorshift64 (Marsaglia 2003): a fixed, seeded sequence.
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(bound))
        }
        for step in 0..<20_000 {
            let key = ObjectIdentifier(keys[next(keys.count)])
            // Removals about as often as insertions, so tombstones build up and force rehashes.
            if next(5) < 2 {
                table[key] = nil
                reference[key] = nil
            } else {
                table[key] = step
                reference[key] = step
            }
            XCTAssertEqual(table.count, reference.count, "count after step \(step)")
            XCTAssertEqual(table[key], reference[key], "lookup after step \(step)")
            if step % 997 == 0 {
                for k in keys {
                    XCTAssertEqual(table[ObjectIdentifier(k)], reference[ObjectIdentifier(k)])
                }
                let entries = Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0.value) })
                XCTAssertEqual(entries, reference)
                XCTAssertEqual(table.allValues.sorted(), reference.values.sorted())
            }
        }
        // Emptying it leaves nothing behind.
        for k in keys { table[ObjectIdentifier(k)] = nil }
        XCTAssertTrue(table.isEmpty)
        XCTAssertTrue(table.entries.isEmpty)
    }

    /// `removeAll()` keeps the storage (a solver's reset, issue 19) but nothing of the entries:
    /// after 200 insertions and 60 removals (tombstones in the index), every lookup misses, a
    /// copy taken before keeps its 140 entries, and refilling agrees with `Dictionary`.
    func testRemoveAllEmptiesTheTableAndItRefills() {
        let keys = (0..<200).map { _ in Key() }
        var table = IdentityTable<Int>()
        for (i, k) in keys.enumerated() { table[ObjectIdentifier(k)] = i }
        for k in keys[0..<60] { table[ObjectIdentifier(k)] = nil }
        let copy = table
        table.removeAll()
        XCTAssertTrue(table.isEmpty)
        XCTAssertTrue(table.entries.isEmpty)
        for k in keys { XCTAssertNil(table[ObjectIdentifier(k)]) }
        XCTAssertEqual(copy.count, 140)
        XCTAssertEqual(copy[ObjectIdentifier(keys[60])], 60)
        var reference: [ObjectIdentifier: Int] = [:]
        for (i, k) in keys.enumerated() where i % 3 == 0 {
            table[ObjectIdentifier(k)] = -i
            reference[ObjectIdentifier(k)] = -i
        }
        XCTAssertEqual(table.count, 67)   // 0, 3, …, 198
        for k in keys { XCTAssertEqual(table[ObjectIdentifier(k)], reference[ObjectIdentifier(k)]) }
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0.value) }), reference)
    }

    func testCopiesAreIndependent() {
        let a = Key(), b = Key()
        var first = IdentityTable<String>()
        first[ObjectIdentifier(a)] = "a"
        var second = first
        second[ObjectIdentifier(b)] = "b"
        second[ObjectIdentifier(a)] = nil
        XCTAssertEqual(first[ObjectIdentifier(a)], "a")
        XCTAssertNil(first[ObjectIdentifier(b)])
        XCTAssertEqual(first.count, 1)
        XCTAssertNil(second[ObjectIdentifier(a)])
        XCTAssertEqual(second[ObjectIdentifier(b)], "b")
        XCTAssertEqual(second.count, 1)
    }
}
