// Unsafe: a pthread mutex must not move once initialised, so it lives in memory allocated once.
import Glibc

/// A value built on first use under a pthread mutex, then shared by every thread.
///
/// A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer intercepts pthread's
/// locking, but cannot see the futex inside the uninstrumented standard library, so it reported
/// the lazily built values as races.
final class BuiltOnce<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `built` is read and written only while `lock` is held.
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var built: Value?

    init() {
        lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Whether the value has been built.
    var isBuilt: Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return built != nil
    }

    /// The value, built by `build` the first time any thread asks.
    func value(orBuild build: () -> Value) -> Value {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let built { return built }
        let value = build()
        built = value
        return value
    }
}
