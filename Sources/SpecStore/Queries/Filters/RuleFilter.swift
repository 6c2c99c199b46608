/// The filters of `SpecSnapshot.rules(matching:)`; a `nil` field does not filter.
public struct RuleFilter: Sendable, Hashable {
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
}

extension RuleFilter: DeclaredFilter {
    /// `topic`, `platform`, `kind`, `status` (`q` is every record collection's common parameter,
    /// not the filter's field).
    public static let fields: [FilterField<RuleFilter>] = [
        .topic(\.topic),
        .platform(\.platform),
        .term("kind", "What Apple's sentence does; reading means status=reading.", \.kind),
        .term("status", "Apple's words (published) or the store's reading.", \.status),
    ]

    /// A filter that does not filter.
    public init() { self.init(topic: nil) }
}
