/// The filters of `/v1/rules`.
public struct RuleFilter: QueryFilter, Hashable {
    /// A topic.
    public var topic: String?
    /// A platform id or alias.
    public var platform: String?
    /// `requirement`, `recommendation`, `description`, or `reading` (the same as `status=reading`).
    public var kind: String?
    /// `published` (Apple's words) or `reading` (the store's reading of them).
    public var status: String?
    /// Words to search for; when given, rows come best first with a `score`.
    public var q: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(
        topic: String? = nil, platform: String? = nil, kind: String? = nil, status: String? = nil, q: String? = nil
    ) {
        self.topic = topic
        self.platform = platform
        self.kind = kind
        self.status = status
        self.q = q
    }

    /// `topic`, `platform`, `kind`, `status`, `q`.
    public static let parameters = [
        FilterParameter(name: "topic", summary: "Topic.", value: .vocabulary(.topic)),
        FilterParameter(name: "platform", summary: "Platform.", value: .vocabulary(.platform)),
        FilterParameter(
            name: "kind", summary: "What Apple's sentence does; reading means status=reading.",
            value: .vocabulary(.ruleKind)),
        FilterParameter(
            name: "status", summary: "Apple's words (published) or the store's reading.",
            value: .vocabulary(.ruleStatus)),
        FilterParameter(name: "q", summary: "Words to search for in the quote and topic.", value: .text),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        topic = reader.text("topic")
        platform = try reader.choice("platform", .platform)
        kind = try reader.choice("kind", .ruleKind)
        status = try reader.choice("status", .ruleStatus)
        q = reader.text("q")
    }
}
