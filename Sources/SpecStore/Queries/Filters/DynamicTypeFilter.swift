/// The filters of `/v1/dynamic-type`.
public struct DynamicTypeFilter: QueryFilter, Hashable {
    /// A platform id or alias.
    public var platform: String?
    /// A Dynamic Type category or alias (`AX5`, `xs`, `L`).
    public var category: String?
    /// A text style or alias (`Title 1`, `subhead`).
    public var style: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: String? = nil, category: String? = nil, style: String? = nil) {
        self.platform = platform
        self.category = category
        self.style = style
    }

    /// `platform`, `category`, `style`.
    public static let parameters = [
        FilterParameter(name: "platform", summary: "Platform.", value: .vocabulary(.platform)),
        FilterParameter(name: "category", summary: "Dynamic Type category.", value: .vocabulary(.category)),
        FilterParameter(name: "style", summary: "Text style.", value: .vocabulary(.style)),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        platform = try reader.choice("platform", .platform)
        category = try reader.choice("category", .category)
        style = reader.text("style")
    }
}
