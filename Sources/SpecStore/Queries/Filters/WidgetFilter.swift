/// The filters of `/v1/widgets`.
public struct WidgetFilter: QueryFilter, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A portrait screen size in points.
    public var screen: ScreenSize?
    /// A WidgetKit family.
    public var family: WidgetFamily?
    /// A device id or name; it stands for the device's screen (or, for a watch, its case size).
    public var device: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(
        platform: Platform? = nil, screen: ScreenSize? = nil, family: WidgetFamily? = nil, device: String? = nil
    ) {
        self.platform = platform
        self.screen = screen
        self.family = family
        self.device = device
    }

    /// `platform`, `screen`, `family`, `device`.
    public static let parameters = [
        FilterParameter(name: "platform", summary: "Platform.", value: .vocabulary(.platform)),
        FilterParameter(name: "screen", summary: "Portrait screen size in points, WIDTHxHEIGHT.", value: .screen),
        FilterParameter(name: "family", summary: "WidgetKit family.", value: .vocabulary(.widgetFamily)),
        FilterParameter(name: "device", summary: "Device id or model name.", value: .vocabulary(.device)),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        platform = try reader.term("platform", Platform.self)
        family = try reader.term("family", WidgetFamily.self)
        device = reader.text("device")
        if let raw = reader.text("screen") {
            guard let size = ScreenSize(parsing: raw) else {
                throw QueryError.invalid(raw, for: "screen", expected: "WIDTHxHEIGHT in points, e.g. 430x932")
            }
            screen = size
        }
    }
}
