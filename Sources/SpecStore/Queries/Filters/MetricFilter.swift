/// The filters of `/v1/metrics`.
public struct MetricFilter: QueryFilter, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A topic (`controls`, `sheets`, …).
    public var topic: String?
    /// Published figures, or conventions.
    public var status: FigureStatus?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, topic: String? = nil, status: FigureStatus? = nil) {
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
        platform = try reader.term("platform", Platform.self)
        topic = reader.text("topic")
        status = try reader.term("status", FigureStatus.self)
    }
}
