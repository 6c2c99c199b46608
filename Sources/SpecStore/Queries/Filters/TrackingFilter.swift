/// The filters of `/v1/tracking`.
public struct TrackingFilter: QueryFilter, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A font name (`SF Pro`, `sf-pro`, `New York`).
    public var font: String?
    /// A point size.
    public var size: Double?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, font: String? = nil, size: Double? = nil) {
        self.platform = platform
        self.font = font
        self.size = size
    }

    /// `platform`, `font`, `size`.
    public static let parameters = [
        FilterParameter(name: "platform", summary: "Platform.", value: .vocabulary(.platform)),
        FilterParameter(name: "font", summary: "Font family.", value: .vocabulary(.font)),
        FilterParameter(name: "size", summary: "Point size.", value: .number),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        platform = try reader.term("platform", Platform.self)
        font = reader.text("font")
        size = try reader.number("size")
    }
}
