import Locking

/// A value built on first use under a lock, then shared by every thread.
///
/// `Locked` rather than `Synchronization.Mutex`: ThreadSanitizer sees its pthread mutex, but not
/// `Mutex`'s futex, and reported the lazily built values as races.
final class BuiltOnce<Value: Sendable>: Sendable {
    private let built = Locked<Value?>(nil)

    /// The value, built by `build` the first time any thread asks.
    func value(orBuild build: () -> Value) -> Value {
        built.withLock { built in
            if let built { return built }
            let value = build()
            built = value
            return value
        }
    }
}
