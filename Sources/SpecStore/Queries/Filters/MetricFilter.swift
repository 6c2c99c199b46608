/// The filters of `SpecSnapshot.metrics(matching:)`; a `nil` field does not filter.
public struct MetricFilter: Sendable, Hashable {
    /// A platform.
    public var platform: Platform?
    /// A topic (`controls`, `sheets`, …).
    public var topic: String?
    /// Published figures, or conventions.
    public var status: FigureStatus?
    /// An Apple Watch case size: only the rows for it (``WatchCaseSize``).
    public var caseSize: WatchCaseSize? = nil

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, topic: String? = nil, status: FigureStatus? = nil) {
        self.platform = platform
        self.topic = topic
        self.status = status
    }
}

extension MetricFilter: DeclaredFilter {
    /// `platform`, `topic`, `status`, `case`.
    public static let fields: [FilterField<MetricFilter>] = [
        .platform(\.platform),
        .topic(\.topic),
        .term("status", "published or convention.", \.status),
        .caseSize(\.caseSize),
    ]

    /// A filter that does not filter.
    public init() { self.init(platform: nil) }
}
