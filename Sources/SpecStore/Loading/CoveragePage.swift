/// One HIG page in the store's coverage list (`coverage`, Docs/schema.md): a page Apple publishes
/// figures on, or one the store cites that publishes none, and what kind of figures it has.
public struct CoveragePage: Sendable, Hashable {
    /// What a page publishes: `tables`, `prose` (figures Apple states in a sentence), both, or
    /// `none` (a page the store cites for Apple's words that publishes no figures).
    public static let kinds = ["tables", "prose", "tables and prose", "none"]

    /// The page's title, `HIG › Wallet`.
    public let page: String
    /// The page's URL, without an anchor.
    public let url: String
    /// One of ``kinds``.
    public let publishes: String
    /// What the entry rests on: the sources searched and what they found (required where
    /// ``publishes`` is `none`), or `nil`.
    public var basis: String? = nil
}

/// Where the store stands on a page of the coverage list: a `/v1/coverage` row's `status`, and
/// what `status=` keeps.
public enum CoverageStatus: String, ClosedValue {
    /// The page publishes figures and the store holds some.
    case held
    /// The page publishes figures the store does not hold.
    case notHeld = "not-held"
    /// The page publishes no figures.
    case nonePublished = "none-published"
}
