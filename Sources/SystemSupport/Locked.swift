// Unsafe: the pthread mutex lives in memory allocated once, so it never moves while locked.
import Glibc

/// A value shared between threads and reached only under a lock, as with `Synchronization.Mutex`:
/// `withLock` hands the closure the state to read or change.
///
/// The lock is a pthread mutex rather than `Mutex`'s futex: ThreadSanitizer intercepts pthread's
/// locking but cannot see the futex inside the uninstrumented standard library, so it reported
/// accesses `Mutex` orders as races. The mutex is allocated once, because a pthread mutex must
/// not move after it is initialised and a class's stored properties give no such promise.
package final class Locked<State: ~Copyable> {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var state: State

    /// A lock guarding `initialState`.
    package init(_ initialState: consuming State) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        state = initialState
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the state while holding the lock, and returns what it returns.
    ///
    /// The lock is not reentrant: calling `withLock` on the same value inside `body` deadlocks.
    @inlinable
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // A failure here is a programming error (an uninitialised or corrupted mutex), not a
        // condition to recover from.
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed: \(locked)")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            precondition(unlocked == 0, "pthread_mutex_unlock failed: \(unlocked)")
        }
        return try body(&state)
    }
}

// @unchecked: `state` is read and written only inside `withLock`, with the mutex held.
extension Locked: @unchecked Sendable where State: ~Copyable & Sendable {}
