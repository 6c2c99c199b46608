/// The filters of `SpecSnapshot.devices(matching:)`; a `nil` field does not filter.
public struct DeviceFilter: Sendable, Hashable {
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
    /// An Apple Watch case size: only the rows for it (``WatchCaseSize``).
    public var caseSize: WatchCaseSize? = nil

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
}

extension DeviceFilter: DeclaredFilter {
    /// `family`, `platform`, `width`, `height`, `sizeClass`, `case`.
    public static let fields: [FilterField<DeviceFilter>] = [
        .term("family", "Device family.", \.family),
        .term("platform", "Platform the device runs.", \.platform),
        .number("width", "Portrait width in points.", \.width),
        .number("height", "Portrait height in points.", \.height),
        .sizeClass(
            "sizeClass", "Size class as VALUE-AXIS[-ORIENTATION], e.g. regular-width-landscape or compact-height.",
            \.sizeClass),
        .caseSize(\.caseSize),
    ]

    /// A filter that does not filter.
    public init() { self.init(family: nil) }
}
