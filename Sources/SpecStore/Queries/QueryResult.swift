/// The rows a collection query answers with, plus notes a reader should see beside them.
///
/// Rows are JSON objects with the field names of the HTTP API; ``SpecSnapshot`` documents the field
/// order of each collection. `notes` say what the rows cannot: for example that Apple publishes no
/// widget row for the screen asked about, and which published row is nearest (`count` is then 0).
public struct QueryResult: Sendable, Hashable {
    /// The matching rows, in the collection's order (or best first for text searches).
    public var items: [JSONValue]
    /// Explanations that belong with the answer; empty when there is nothing to say.
    public var notes: [Note]

    /// Creates a result.
    public init(items: [JSONValue], notes: [Note] = []) {
        self.items = items
        self.notes = notes
    }

    /// The number of rows.
    public var count: Int { items.count }
}

/// One record a lookup by id answers with, plus notes a reader should see beside it.
public struct RecordResult: Sendable, Hashable {
    /// The record as an API row.
    public var item: JSONValue
    /// Explanations that belong with the answer.
    public var notes: [Note]

    /// Creates a result.
    public init(item: JSONValue, notes: [Note] = []) {
        self.item = item
        self.notes = notes
    }
}

/// What changed between two store versions, field by field.
public struct DiffResult: Sendable, Hashable {
    /// The older version asked for.
    public var from: String
    /// The newer version asked for.
    public var to: String
    /// Records present in `to` but not in `from`: `{"id", "type", "title", "dating"}`, plus `seen`
    /// where no change log dates the record. `dating` is `change-log` for a change Apple's pages
    /// date, `evidence-window` for a fact the sources do not date (it may have been added at any
    /// version up to `seen`).
    public var added: [JSONValue]
    /// Records present in `from` but not in `to`: `{"id", "type", "title", "dating"}`.
    public var removed: [JSONValue]
    /// One row per changed field: `{"id", "type", "field", "before", "after"}`; `field` is a dotted
    /// path into nested objects (`portrait.horizontal`), `before`/`after` are `null` where absent.
    public var changed: [JSONValue]
    /// Records present in both versions whose first dated copy falls between them: not a change
    /// of Apple's pages but of the evidence, `{"id", "type", "title", "since", "seen"}`.
    public var firstSeen: [JSONValue]

    /// Creates a result.
    public init(
        from: String, to: String, added: [JSONValue], removed: [JSONValue], changed: [JSONValue],
        firstSeen: [JSONValue] = []
    ) {
        self.from = from
        self.to = to
        self.added = added
        self.removed = removed
        self.changed = changed
        self.firstSeen = firstSeen
    }
}
