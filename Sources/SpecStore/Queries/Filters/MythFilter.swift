/// The filters of `/v1/myths`.
public struct MythFilter: QueryFilter, Hashable {
    /// A topic.
    public var topic: String?

    /// Creates a filter; `nil` does not filter.
    public init(topic: String? = nil) {
        self.topic = topic
    }

    /// `topic`.
    public static let parameters = [
        FilterParameter(name: "topic", summary: "Topic.", value: .vocabulary(.topic))
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        topic = reader.text("topic")
    }
}
