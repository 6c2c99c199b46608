/// The filters of `SpecSnapshot.widgets(matching:)`; a `nil` field does not filter.
public struct WidgetFilter: Sendable, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A portrait screen size in points.
    public var screen: ScreenSize?
    /// A WidgetKit family.
    public var family: WidgetFamily?
    /// A device id or name; it stands for the device's screen (or, for a watch, its case size).
    public var device: String?
    /// An Apple Watch case size: only the rows for it (``WatchCaseSize``).
    public var caseSize: WatchCaseSize? = nil

    /// Creates a filter; `nil` fields do not filter.
    public init(
        platform: Platform? = nil, screen: ScreenSize? = nil, family: WidgetFamily? = nil, device: String? = nil
    ) {
        self.platform = platform
        self.screen = screen
        self.family = family
        self.device = device
    }
}
