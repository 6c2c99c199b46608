/// The filters of `SpecSnapshot.widgetFamilies(matching:)`; a `nil` field does not filter.
public struct WidgetFamilyFilter: Sendable, Hashable {
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
}

extension WidgetFamilyFilter: DeclaredFilter {
    /// `platform`, `family`, `mode`.
    public static let fields: [FilterField<WidgetFamilyFilter>] = [
        .platform(\.platform),
        .term("family", "WidgetKit family: where it is available.", \.family),
        .term("mode", "Rendering mode: where it is supported.", \.mode),
    ]

    /// A filter that does not filter.
    public init() { self.init(platform: nil) }
}
