/// The filters of `/v1/text-styles`.
public struct TextStyleFilter: QueryFilter, Hashable {
    /// A platform id or alias.
    public var platform: String?
    /// A text style or alias.
    public var style: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: String? = nil, style: String? = nil) {
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
        platform = try reader.choice("platform", .platform)
        style = reader.text("style")
    }
}
