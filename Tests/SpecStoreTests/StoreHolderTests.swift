import Synchronization
import Testing

@testable import SpecStore

@Suite("Atomic reload")
struct StoreHolderTests {
    @Test("a holder is empty until a store is given, then swaps whole stores")
    func replace() throws {
        let holder = SpecStoreHolder()
        #expect(holder.current == nil)
        let first = StoreFixtures.valid
        #expect(holder.replace(with: first) == nil)
        let second = try SpecStore.load(contentsOf: StoreFixtures.path("minimal.json"))
        #expect(holder.replace(with: second) === first)
        #expect(holder.current === second)
    }

    @Test("readers racing a reload always see a complete store, old or new")
    func readersDuringReload() async throws {
        let full = StoreFixtures.valid
        let minimal = try SpecStore.load(contentsOf: StoreFixtures.path("minimal.json"))
        let holder = SpecStoreHolder(full)
        let done = StopFlag()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var reads = 0
                    while !done.value.load(ordering: .acquiring) || reads == 0 {
                        let store = try #require(holder.current)
                        let devices = try store.latest.devices(matching: DeviceFilter()).count
                        // Each store answers from itself: 5 devices in the full fixture, 1 in the minimal one.
                        #expect((store === full && devices == 5) || (store === minimal && devices == 1))
                        reads += 1
                    }
                    return reads
                }
            }
            for round in 0..<200 { holder.replace(with: round.isMultiple(of: 2) ? minimal : full) }
            done.value.store(true, ordering: .releasing)
            var total = 0
            for try await reads in group { total += reads }
            #expect(total >= 4)
        }
    }
}

/// A flag the writer raises when it has finished reloading.
private final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
}
