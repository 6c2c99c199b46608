/// The filters of `/v1/text-styles`.
public struct TextStyleFilter: QueryFilter, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A text style or alias.
    public var style: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, style: String? = nil) {
        self.platform = platform
        self.style = style
    }

    /// `platform`, `style`.
    public static let parameters = [
        FilterParameter(name: "platform", summary: "Platform.", value: .vocabulary(.platform)),
        FilterParameter(name: "style", summary: "Text style.", value: .vocabulary(.style)),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        platform = try reader.term("platform", Platform.self)
        style = reader.text("style")
    }
}
