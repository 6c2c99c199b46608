/// The filters of `/v1/widget-families`.
public struct WidgetFamilyFilter: QueryFilter, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A WidgetKit family: its availability records only.
    public var family: WidgetFamily?
    /// A rendering mode: its records only.
    public var mode: WidgetRenderingMode?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, family: WidgetFamily? = nil, mode: WidgetRenderingMode? = nil) {
        self.platform = platform
        self.family = family
        self.mode = mode
    }

    /// `platform`, `family`, `mode`.
    public static let parameters = [
        FilterParameter(name: "platform", summary: "Platform.", value: .vocabulary(.platform)),
        FilterParameter(
            name: "family", summary: "WidgetKit family: where it is available.", value: .vocabulary(.widgetFamily)),
        FilterParameter(
            name: "mode", summary: "Rendering mode: where it is supported.", value: .vocabulary(.renderingMode)),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        platform = try reader.term("platform", Platform.self)
        family = try reader.term("family", WidgetFamily.self)
        mode = try reader.term("mode", WidgetRenderingMode.self)
    }
}
