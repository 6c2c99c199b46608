import Dispatch
import Locking
import Synchronization
import Testing

@Suite("Locked")
struct LockedTests {
    private struct Failure: Error, Equatable {}

    /// A noncopyable state, as `Mutex` allows.
    private struct Handle: ~Copyable {
        var uses = 0
    }

    @Test("threads incrementing under the lock reach the exact total, one holder at a time")
    func incrementsFromManyThreads() {
        let threads = 8
        let increments = 20_000
        let counter = Locked(0)
        let holders = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                counter.withLock { count in
                    // Another thread inside the closure at the same time would be seen here.
                    if holders.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
                        overlaps.add(1, ordering: .relaxed)
                    }
                    let read = count
                    count = read + 1
                    holders.subtract(1, ordering: .sequentiallyConsistent)
                }
            }
        }
        #expect(counter.withLock { $0 } == threads * increments)
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }

    @Test("a value set under the lock on one thread is read on another")
    func valueSetIsSeenAfterwards() {
        let text = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            text.withLock { $0 = "written elsewhere" }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(text.withLock { $0 } == "written elsewhere")
    }

    @Test("withLock returns the closure's result")
    func returnsResult() {
        let pairs = Locked([1: "one"])
        let found = pairs.withLock { pairs in
            pairs[2] = "two"
            return pairs.count
        }
        #expect(found == 2)
        #expect(pairs.withLock { $0[2] } == "two")
    }

    @Test("a thrown error leaves the lock free and keeps what the closure changed")
    func throwingReleasesLock() {
        let count = Locked(0)
        #expect(throws: Failure.self) {
            try count.withLock { (count: inout Int) throws(Failure) in
                count = 41
                throw Failure()
            }
        }
        // Taken on another thread with a deadline, so a lock left held fails the test instead
        // of hanging it.
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            count.withLock { $0 += 1 }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(count.withLock { $0 } == 42)
    }

    @Test("a noncopyable state is changed in place")
    func noncopyableState() {
        let handle = Locked(Handle())
        for _ in 0..<3 { handle.withLock { $0.uses += 1 } }
        #expect(handle.withLock { $0.uses } == 3)
    }
}
