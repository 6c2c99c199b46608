import SystemSupport

/// A value built on first use under a lock (a pthread mutex, for ThreadSanitizer's sake: see
/// ``Locked``), then shared by every thread.
final class BuiltOnce<Value: Sendable>: Sendable {
    private let built = Locked<Value?>(nil)

    init() {}

    /// Whether the value has been built.
    var isBuilt: Bool {
        built.withLock { $0 != nil }
    }

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
