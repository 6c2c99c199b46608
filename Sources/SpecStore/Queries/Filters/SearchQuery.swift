/// A text search: the words, and the record type, status and platform to limit it to
/// (`SpecSnapshot.search(_:)`).
public struct SearchQuery: Sendable, Hashable {
    /// The words to search for.
    public var q: String
    /// A record type to limit the search to.
    public var type: RecordType?
    /// A status to limit the search to: a figure's or a rule's (a myth has none).
    public var status: SearchStatus?
    /// A platform the records must be for (a record for `all` is for every one).
    public var platform: Platform?
    /// Whether every store version is searched, not only the one asked for: a figure Apple has
    /// removed is found, with the versions that held it.
    public var history: Bool

    /// Creates a query.
    public init(
        q: String, type: RecordType? = nil, status: SearchStatus? = nil, platform: Platform? = nil,
        history: Bool = false
    ) {
        self.q = q
        self.type = type
        self.status = status
        self.platform = platform
        self.history = history
    }
}
