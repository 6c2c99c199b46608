/// A text search: the words, and the record type to limit it to (`SpecSnapshot.search(_:)`).
public struct SearchQuery: Sendable, Hashable {
    /// The words to search for.
    public var q: String
    /// A record type to limit the search to.
    public var type: RecordType?

    /// Creates a query.
    public init(q: String, type: RecordType? = nil) {
        self.q = q
        self.type = type
    }
}
