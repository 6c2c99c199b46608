/// The filters of `SpecSnapshot.colors(matching:)`; a `nil` field does not filter.
public struct ColorFilter: Sendable, Hashable {
    /// A platform: the rows of its tables, and of the table for every platform.
    public var platform: Platform?
    /// Apple's name (`Gray (2)`), or a SwiftUI or UIKit API name (`indigo`, `systemGray2`), in
    /// any case and spacing.
    public var name: String?
    /// An appearance: only the rows with a value for it.
    public var appearance: ColorAppearance?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, name: String? = nil, appearance: ColorAppearance? = nil) {
        self.platform = platform
        self.name = name
        self.appearance = appearance
    }
}

extension ColorFilter: DeclaredFilter {
    /// `platform`, `name`, `appearance`.
    public static let fields: [FilterField<ColorFilter>] = [
        .platform(\.platform),
        .text("name", "Apple's name (Gray (2)) or a SwiftUI or UIKit API name (indigo, systemGray2).", \.name),
        .term("appearance", "Appearance: only colors with a value for it.", \.appearance),
    ]

    /// A filter that does not filter.
    public init() { self.init(platform: nil) }
}
