/// The filters of `/v1/size-classes`.
public struct SizeClassFilter: QueryFilter, Hashable {
    /// A device id (`device.iphone-16-pro`), its id without the prefix, or its name.
    public var device: String?
    /// An orientation.
    public var orientation: Orientation?
    /// The horizontal size class.
    public var horizontal: SizeClassValue?
    /// The vertical size class.
    public var vertical: SizeClassValue?

    /// Creates a filter; `nil` fields do not filter.
    public init(
        device: String? = nil, orientation: Orientation? = nil, horizontal: SizeClassValue? = nil,
        vertical: SizeClassValue? = nil
    ) {
        self.device = device
        self.orientation = orientation
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// `device`, `orientation`, `horizontal`, `vertical`.
    public static let parameters = [
        FilterParameter(name: "device", summary: "Device id or model name.", value: .vocabulary(.device)),
        FilterParameter(name: "orientation", summary: "Orientation.", value: .vocabulary(.orientation)),
        FilterParameter(name: "horizontal", summary: "Horizontal size class.", value: .vocabulary(.sizeClassValue)),
        FilterParameter(name: "vertical", summary: "Vertical size class.", value: .vocabulary(.sizeClassValue)),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        device = reader.text("device")
        orientation = try reader.term("orientation", Orientation.self)
        horizontal = try reader.term("horizontal", SizeClassValue.self)
        vertical = try reader.term("vertical", SizeClassValue.self)
    }
}
