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

extension WidgetFilter: DeclaredFilter {
    /// `platform`, `screen`, `family`, `device`, `case`.
    public static let fields: [FilterField<WidgetFilter>] = [
        .platform(\.platform),
        .screen("screen", "Portrait screen size in points, WIDTHxHEIGHT.", \.screen),
        .term("family", "WidgetKit family.", \.family),
        .device(\.device),
        .caseSize(\.caseSize),
    ]

    /// `platform` and `family` before `screen`: of a wrong family and a wrong screen, the
    /// family's error is the one the API has always reported.
    public static var decodedFirst: [String] { ["platform", "family"] }

    /// A filter that does not filter.
    public init() { self.init(platform: nil) }
}
