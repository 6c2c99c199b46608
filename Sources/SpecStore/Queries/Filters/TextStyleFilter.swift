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
