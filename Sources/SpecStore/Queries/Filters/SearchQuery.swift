/// The parameters of `/v1/search`.
public struct SearchQuery: QueryFilter, Hashable {
    /// The words to search for.
    public var q: String
    /// A record type to limit the search to.
    public var type: RecordType?

    /// Creates a query.
    public init(q: String, type: RecordType? = nil) {
        self.q = q
        self.type = type
    }

    /// `q` (required), `type`.
    public static let parameters = [
        FilterParameter(name: "q", summary: "Words to search for.", value: .text, isRequired: true),
        FilterParameter(name: "type", summary: "Record type.", value: .vocabulary(.searchType)),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        guard let q = reader.text("q") else { throw QueryError.missing("q", expected: "words to search for") }
        self.q = q
        type = try reader.term("type", RecordType.self)
    }
}
