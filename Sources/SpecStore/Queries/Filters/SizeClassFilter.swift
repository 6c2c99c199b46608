/// The filters of `/v1/size-classes`.
public struct SizeClassFilter: QueryFilter, Hashable {
    /// A device id (`device.iphone-16-pro`), its id without the prefix, or its name.
    public var device: String?
    /// `portrait` or `landscape`.
    public var orientation: String?
    /// Horizontal size class, `compact` or `regular`.
    public var horizontal: String?
    /// Vertical size class, `compact` or `regular`.
    public var vertical: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(device: String? = nil, orientation: String? = nil, horizontal: String? = nil, vertical: String? = nil) {
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
        orientation = try reader.choice("orientation", .orientation)
        horizontal = try reader.choice("horizontal", .sizeClassValue)
        vertical = try reader.choice("vertical", .sizeClassValue)
    }
}
