/// The filters of `SpecSnapshot.sizeClasses(matching:)`; a `nil` field does not filter.
public struct SizeClassFilter: Sendable, Hashable {
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
}

extension SizeClassFilter: DeclaredFilter {
    /// `device`, `orientation`, `horizontal`, `vertical`.
    public static let fields: [FilterField<SizeClassFilter>] = [
        .device(\.device),
        .term("orientation", "Orientation.", \.orientation),
        .term("horizontal", "Horizontal size class.", \.horizontal),
        .term("vertical", "Vertical size class.", \.vertical),
    ]

    /// A filter that does not filter.
    public init() { self.init(device: nil) }
}
