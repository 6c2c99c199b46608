import Testing

@testable import SpecServer

/// The table of canonical targets: every entry is found under its hash, colliding slots are
/// probed past, and a hash it does not hold finds nothing.
@Suite struct FastTableTests {
    final class Box: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func findsEveryEntryUnderItsHash() {
        let hashes = (0..<500).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        let table = FastTable(Dictionary(uniqueKeysWithValues: hashes.enumerated().map { ($1, Box($0)) }))
        #expect(table.count == 500)
        for (index, hash) in hashes.enumerated() {
            #expect(table[hash]?.value == index)
        }
        #expect(table[1] == nil)
    }

    /// Hashes that share their low bits land on one slot; each is still found, and a third with
    /// the same low bits, not in the table, is not mistaken for either.
    @Test func probesPastCollidingSlots() {
        let first: UInt64 = 0x0000_0001_0000_0005
        let second: UInt64 = 0x0000_0002_0000_0005
        let absent: UInt64 = 0x0000_0003_0000_0005
        let table = FastTable([first: Box(1), second: Box(2)])
        #expect(table[first]?.value == 1)
        #expect(table[second]?.value == 2)
        #expect(table[absent] == nil)
    }

    @Test func anEmptyTableFindsNothing() {
        let table = FastTable<Box>([:])
        #expect(table.count == 0)
        #expect(table[0] == nil)
    }
}
