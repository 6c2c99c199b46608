/// The filters of `/v1/devices`.
public struct DeviceFilter: QueryFilter, Hashable {
    /// A device family.
    public var family: DeviceFamily?
    /// A platform.
    public var platform: Platform?
    /// Portrait width in points.
    public var width: Double?
    /// Portrait height in points.
    public var height: Double?
    /// A size-class condition such as `regular-width-landscape`.
    public var sizeClass: SizeClassCondition?

    /// Creates a filter; `nil` fields do not filter.
    public init(
        family: DeviceFamily? = nil, platform: Platform? = nil, width: Double? = nil, height: Double? = nil,
        sizeClass: SizeClassCondition? = nil
    ) {
        self.family = family
        self.platform = platform
        self.width = width
        self.height = height
        self.sizeClass = sizeClass
    }

    /// `family`, `platform`, `width`, `height`, `sizeClass`.
    public static let parameters = [
        FilterParameter(name: "family", summary: "Device family.", value: .vocabulary(.deviceFamily)),
        FilterParameter(name: "platform", summary: "Platform the device runs.", value: .vocabulary(.platform)),
        FilterParameter(name: "width", summary: "Portrait width in points.", value: .number),
        FilterParameter(name: "height", summary: "Portrait height in points.", value: .number),
        FilterParameter(
            name: "sizeClass",
            summary: "Size class as VALUE-AXIS[-ORIENTATION], e.g. regular-width-landscape or compact-height.",
            value: .vocabulary(.sizeClass)),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        family = try reader.term("family", DeviceFamily.self)
        platform = try reader.term("platform", Platform.self)
        width = try reader.number("width")
        height = try reader.number("height")
        if let raw = reader.text("sizeClass") {
            guard let condition = SizeClassCondition(parsing: raw) else {
                throw QueryError.unknownValue(raw, for: "sizeClass", accepted: FilterVocabulary.sizeClassConditions)
            }
            sizeClass = condition
        }
    }
}
