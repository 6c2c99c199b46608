/// The filters of `SpecSnapshot.tracking(matching:)`; a `nil` field does not filter.
public struct TrackingFilter: Sendable, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A font name (`SF Pro`, `sf-pro`, `New York`).
    public var font: String?
    /// A point size.
    public var size: Double?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, font: String? = nil, size: Double? = nil) {
        self.platform = platform
        self.font = font
        self.size = size
    }
}

extension TrackingFilter: DeclaredFilter {
    /// `platform`, `font`, `size`.
    public static let fields: [FilterField<TrackingFilter>] = [
        .platform(\.platform),
        .text("font", "Font family.", \.font, vocabulary: .font),
        .number("size", "Point size.", \.size),
    ]

    /// A filter that does not filter.
    public init() { self.init(platform: nil) }
}
