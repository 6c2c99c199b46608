/// The filters of `/v1/metrics`.
public struct MetricFilter: QueryFilter, Hashable {
    /// A platform id or alias.
    public var platform: String?
    /// A topic (`controls`, `sheets`, …).
    public var topic: String?
    /// `published` or `convention`.
    public var status: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: String? = nil, topic: String? = nil, status: String? = nil) {
        self.platform = platform
        self.topic = topic
        self.status = status
    }

    /// `platform`, `topic`, `status`.
    public static let parameters = [
        FilterParameter(name: "platform", summary: "Platform.", value: .vocabulary(.platform)),
        FilterParameter(name: "topic", summary: "Topic.", value: .vocabulary(.topic)),
        FilterParameter(name: "status", summary: "published or convention.", value: .vocabulary(.status)),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        platform = try reader.choice("platform", .platform)
        topic = reader.text("topic")
        status = try reader.choice("status", .status)
    }
}
