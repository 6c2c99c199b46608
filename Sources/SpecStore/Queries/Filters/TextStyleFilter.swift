/// The filters of `SpecSnapshot.textStyles(matching:)`; a `nil` field does not filter.
public struct TextStyleFilter: Sendable, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A text style or alias.
    public var style: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, style: String? = nil) {
        self.platform = platform
        self.style = style
    }
}

extension TextStyleFilter: DeclaredFilter {
    /// `platform`, `style`.
    public static let fields: [FilterField<TextStyleFilter>] = [.platform(\.platform), .style(\.style)]

    /// A filter that does not filter.
    public init() { self.init(platform: nil) }
}
