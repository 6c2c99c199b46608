/// The filter of a collection that needs no filter of its own: the platform its records apply to
/// (``SpecSnapshot/rows(in:matching:)``). A new collection starts with it, and takes a filter of
/// its own when its rows are narrowed by more than their platform.
public struct PlatformFilter: Sendable, Hashable {
    /// A platform.
    public var platform: Platform?

    /// Creates a filter; `nil` does not filter.
    public init(platform: Platform? = nil) {
        self.platform = platform
    }
}

extension PlatformFilter: DeclaredFilter {
    /// `platform`.
    public static let fields: [FilterField<PlatformFilter>] = [.platform(\.platform)]

    /// A filter that does not filter.
    public init() { self.init(platform: nil) }
}

extension SpecSnapshot {
    /// The rows of `collection` on the filter's platform (every row without one), in the data
    /// file's order: the query of a collection whose entry declares no query of its own.
    public func rows(in collection: SpecCollection, matching filter: PlatformFilter) -> QueryResult {
        QueryResult(chosen: rowValues(collection, platform: filter.platform?.rawValue, where: [:]))
    }
}
