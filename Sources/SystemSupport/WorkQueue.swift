// Unsafe: the pthread mutex and condition variable live in memory allocated once, so they never
// move while a thread waits on them.
import Glibc

/// A bounded first-in, first-out queue between threads: a producer never blocks (a full queue
/// refuses the item), a consumer sleeps on a condition variable until an item comes or the queue
/// closes. The engine's worker threads take deferred answers from it.
///
/// The lock is a pthread mutex, as in ``Locked``, for ThreadSanitizer's sake, and the condition
/// variable is pthread's, the one a pthread mutex pairs with.
package final class WorkQueue<Item: Sendable> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// A ring of `capacity` slots; `count` items from `head`.
    private var slots: [Item?]
    private var head = 0
    private var count = 0
    private var isClosed = false

    /// The most items the queue holds.
    package let capacity: Int

    /// An empty queue holding at most `capacity` items (at least 1).
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots = Array(repeating: nil, count: self.capacity)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let locked = pthread_mutex_init(mutex, nil)
        let waited = pthread_cond_init(condition, nil)
        precondition(locked == 0 && waited == 0, "pthread_mutex_init or pthread_cond_init failed")
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Appends `item` and wakes one waiting consumer; `false` (and the item dropped) when the
    /// queue is full or closed.
    package func offer(_ item: Item) -> Bool {
        lock()
        defer { unlock() }
        guard !isClosed, count < capacity else { return false }
        slots[(head + count) % capacity] = item
        count += 1
        pthread_cond_signal(condition)
        return true
    }

    /// Removes the oldest item, waiting for one; `nil` once the queue is closed and empty, so
    /// every item offered before ``close()`` is still taken.
    package func take() -> Item? {
        lock()
        defer { unlock() }
        while count == 0 {
            if isClosed { return nil }
            // Returns with the mutex held again; a spurious wake-up finds the queue as it was.
            pthread_cond_wait(condition, mutex)
        }
        let item = slots[head].take()
        head = (head + 1) % capacity
        count -= 1
        return item
    }

    /// Refuses further items and wakes every consumer; those already queued are still taken.
    package func close() {
        lock()
        defer { unlock() }
        isClosed = true
        pthread_cond_broadcast(condition)
    }

    private func lock() {
        let status = pthread_mutex_lock(mutex)
        precondition(status == 0, "pthread_mutex_lock failed: \(status)")
    }

    private func unlock() {
        let status = pthread_mutex_unlock(mutex)
        precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
    }
}

// @unchecked: the ring and its counters are read and written only with the mutex held.
extension WorkQueue: @unchecked Sendable {}
