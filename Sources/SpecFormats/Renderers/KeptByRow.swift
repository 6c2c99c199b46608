import JSON
import SystemSupport

/// What a format writes for one row, kept by the row itself (and a name the writer gives, such as
/// the member a Swift constant is called): a never-seen page of rows asked for before writes none
/// of them again. Hashed by the name and the row's `id` alone, as hashing every field of a row
/// cost more than writing it; a kept value is taken only for a row equal in every field, so a row
/// of another store version with the same id gets its own.
package final class KeptByRow<Value: Sendable>: Sendable {
    private struct Key: Hashable, Sendable {
        var row: JSONValue
        var name: String

        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(row["id"]?.stringValue)
        }
    }

    private let kept = Locked<[Key: Value]>([:])
    /// The most values kept; past it they are dropped and made again as asked.
    package let limit: Int

    package init(limit: Int = 1024) {
        self.limit = limit
    }

    /// The value kept for `row` and `name`, or the one `make` gives, kept.
    package func value(for row: JSONValue, name: String = "", _ make: () -> Value) -> Value {
        let key = Key(row: row, name: name)
        if let value = kept.withLock({ $0[key] }) { return value }
        let made = make()
        kept.withLock { kept in
            if kept.count >= limit { kept.removeAll() }
            kept[key] = made
        }
        return made
    }
}
