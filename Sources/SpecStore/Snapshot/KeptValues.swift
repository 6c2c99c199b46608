import SystemSupport

/// Values worked out once and kept by their caller's key for the next request that needs them:
/// a bounded memo, emptied when full, that any thread may read. A snapshot keeps its empty
/// answers' sentences in one; a server's field catalogues keep a filter form's counts and row
/// sets in others.
package final class KeptValues<Value: Sendable>: Sendable {
    private let values = Locked<[String: Value]>([:])

    /// The most values kept; past it they are dropped and worked out again as asked.
    package let limit: Int

    package init(limit: Int) {
        self.limit = limit
    }

    /// The value kept for `key` (an optional `Value`'s `nil` is kept as an answer too), or the
    /// one `make` gives, kept.
    package func value(for key: String, _ make: () -> Value) -> Value {
        if let kept = values.withLock({ $0[key] }) { return kept }
        let made = make()
        values.withLock { values in
            if values.count >= limit { values.removeAll() }
            values[key] = made
        }
        return made
    }
}
