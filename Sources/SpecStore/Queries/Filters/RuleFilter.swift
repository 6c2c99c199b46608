/// The filters of `/v1/rules`.
public struct RuleFilter: QueryFilter, Hashable {
    /// A topic.
    public var topic: String?
    /// A platform.
    public var platform: Platform?
    /// What the rule's sentence does; `reading` means `status=reading`.
    public var kind: RuleKind?
    /// Apple's words (`published`) or the store's reading of them.
    public var status: RuleStatus?
    /// Words to search for; when given, rows come best first with a `score`.
    public var q: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(
        topic: String? = nil, platform: Platform? = nil, kind: RuleKind? = nil, status: RuleStatus? = nil,
        q: String? = nil
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
        platform = try reader.term("platform", Platform.self)
        kind = try reader.term("kind", RuleKind.self)
        status = try reader.term("status", RuleStatus.self)
        q = reader.text("q")
    }
}
