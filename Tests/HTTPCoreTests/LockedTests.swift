import Dispatch
import Foundation
import Glibc
import HTTPCore
import Synchronization
import SystemSupport
import Testing

@Suite("Locked")
struct LockedTests {
    private struct Failure: Error, Equatable {}

    /// A noncopyable state, as `Mutex` allows.
    private struct Handle: ~Copyable {
        var uses = 0
    }

    /// What the incrementing threads share besides the lock: a start line, so they run at the
    /// same time instead of one after another, and a count of threads inside the lock.
    private final class Contention: Sendable {
        let arrived = Atomic<Int>(0)
        let holders = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
    }

    @Test("threads incrementing under the lock reach the exact total, one holder at a time")
    func incrementsFromManyThreads() {
        let threads = 4
        let increments = 50_000
        let counter = Locked(0)
        let contention = Contention()
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            Thread {
                contention.arrived.add(1, ordering: .sequentiallyConsistent)
                while contention.arrived.load(ordering: .sequentiallyConsistent) < threads { sched_yield() }
                for _ in 0..<increments {
                    counter.withLock { count in
                        // Another thread inside the closure at the same time would be seen here.
                        if contention.holders.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
                            contention.overlaps.add(1, ordering: .relaxed)
                        }
                        let read = count
                        count = read + 1
                        contention.holders.subtract(1, ordering: .sequentiallyConsistent)
                    }
                }
                finished.signal()
            }.start()
        }
        for _ in 0..<threads {
            #expect(finished.wait(timeout: .now() + 120) == .success)
        }
        #expect(counter.withLock { $0 } == threads * increments)
        #expect(contention.overlaps.load(ordering: .relaxed) == 0)
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
