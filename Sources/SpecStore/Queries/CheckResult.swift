/// What a check finds a measurement to be against the figure it is judged by: a check row's
/// `result`.
public enum CheckResult: String, ClosedValue {
    /// It meets the figure.
    case ok
    /// It is under a published figure.
    case belowPublished = "below-published"
    /// It is over a published figure.
    case abovePublished = "above-published"
    /// It differs from a published default, which is no limit.
    case differsFromPublishedDefault = "differs-from-published-default"
    /// It differs from a convention, which is not Apple's.
    case deviatesFromConvention = "deviates-from-convention"
    /// No figure applies to what was measured.
    case noApplicableFigure = "no-applicable-figure"

    /// Whether it is on either side of a published figure.
    public var isOutsidePublished: Bool { self == .belowPublished || self == .abovePublished }
}

/// How much a check's result matters, mildest first: a check row's `severity`.
public enum CheckSeverity: String, ClosedValue {
    /// Nothing to act on.
    case none
    /// Worth knowing: a convention or a figure Apple describes rather than sets.
    case info
    /// Apple's figure is no limit, and the design differs from it.
    case advisory
    /// Outside a limit Apple publishes.
    case warning
}
