/// The filters of `SpecSnapshot.myths(matching:)`; a `nil` field does not filter.
public struct MythFilter: Sendable, Hashable {
    /// A topic.
    public var topic: String?

    /// Creates a filter; `nil` does not filter.
    public init(topic: String? = nil) {
        self.topic = topic
    }
}

extension MythFilter: DeclaredFilter {
    /// `topic`.
    public static let fields: [FilterField<MythFilter>] = [.topic(\.topic)]

    /// A filter that does not filter.
    public init() { self.init(topic: nil) }
}
