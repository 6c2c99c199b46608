/// One version of the store: a dated state of Apple's pages as this store records them.
public struct StoreVersion: Sendable, Hashable {
    /// The version id, e.g. `2025-03-07`.
    public let id: String
    /// `YYYY-MM-DD`, `YYYY-MM` or `YYYY`.
    public let date: String
    /// A one-line title.
    public let title: String
    /// What changed in Apple's pages, and so in this store.
    public let notes: String
    /// The position in chronological order, from 0.
    public let index: Int
}
