/// The filters of `/v1/dynamic-type`.
public struct DynamicTypeFilter: QueryFilter, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A Dynamic Type category.
    public var category: DynamicTypeCategory?
    /// A text style or alias (`Title 1`, `subhead`).
    public var style: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, category: DynamicTypeCategory? = nil, style: String? = nil) {
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
        platform = try reader.term("platform", Platform.self)
        category = try reader.term("category", DynamicTypeCategory.self)
        style = reader.text("style")
    }
}
