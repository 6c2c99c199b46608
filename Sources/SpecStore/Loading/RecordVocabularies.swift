/// A closed list of values, declared once as an enumeration: the cases are every value, the raw
/// value its one spelling. A collection's declaration reads it for a field's values
/// (``FieldKind/oneOf(_:)``), so the loader, the schema document and the API description list
/// the same values; a filter's vocabulary is one too (``VocabularyTerm``).
public protocol ClosedValue: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {}

extension ClosedValue {
    /// Every spelling, in the declaration's order.
    public static var spellings: [String] { allCases.map(\.rawValue) }
}

/// What kind of figure a metric is (Docs/schema.md, metrics): a limit (`minimum`, `maximum`,
/// `range`), what Apple gives the thing as (`exact`, `default`), or a figure Apple gives as
/// approximate (`about`: "about 10 pixels"), which is no limit either. An asset size is `exact`,
/// `maximum` or `minimum`.
public enum FigureBound: String, ClosedValue {
    case minimum, maximum
    case `default`
    case exact, about, range
}

/// How a belief stands against Apple's pages: a myth's `verdict`.
public enum MythVerdict: String, ClosedValue {
    case `false`
    case misleading
    case conventionNotRule = "convention-not-rule"
    case outdated
}
