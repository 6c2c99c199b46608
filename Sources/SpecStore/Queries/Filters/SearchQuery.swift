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

extension SearchQuery: DeclaredFilter {
    /// `q` (required), `type`, `status`, `platform`, `history`.
    public static let fields: [FilterField<SearchQuery>] = [
        .text(
            "q",
            "Words to search for. A designer's synonyms count (font finds text, tap finds hit target), and a size or a number with its unit is one term (44x44, 44 pt).",
            \.q, requirement: "words to search for"),
        .term("type", "Record type.", \.type),
        .term(
            "status",
            "A figure's status (published, convention) or a rule's (published, reading); myths and records without figures have none.",
            \.status),
        .term("platform", "Platform the record is for (a record for all platforms counts).", \.platform),
        .flag(
            "history",
            "true searches every store version, not only the one asked for: a record Apple removed is found, and each hit lists the versions that hold it (versions, since, until).",
            \.history),
    ]

    /// `history` first: a wrong `history` has always been reported before missing words.
    public static var decodedFirst: [String] { ["history"] }

    /// A query with no words (which a search refuses).
    public init() { self.init(q: "") }
}
