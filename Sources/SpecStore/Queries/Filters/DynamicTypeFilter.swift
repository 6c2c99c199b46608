/// The filters of `SpecSnapshot.dynamicType(matching:)`; a `nil` field does not filter.
public struct DynamicTypeFilter: Sendable, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A Dynamic Type category.
    public var category: DynamicTypeCategory?
    /// A text style or alias (`Title 1`, `subhead`).
    public var style: String?
    /// An Apple Watch case size: only the rows for it (``WatchCaseSize``).
    public var caseSize: WatchCaseSize? = nil

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, category: DynamicTypeCategory? = nil, style: String? = nil) {
        self.platform = platform
        self.category = category
        self.style = style
    }
}

extension DynamicTypeFilter: DeclaredFilter {
    /// `platform`, `category`, `style`, `case`.
    public static let fields: [FilterField<DynamicTypeFilter>] = [
        .platform(\.platform),
        .term("category", "Dynamic Type category.", \.category),
        .style(\.style),
        .caseSize(\.caseSize),
    ]

    /// A filter that does not filter.
    public init() { self.init(platform: nil) }
}
