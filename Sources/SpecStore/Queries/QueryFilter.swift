/// One filter parameter of a route: its name, what it means, and what it accepts.
public struct FilterParameter: Sendable, Hashable {
    /// The shape of value a parameter takes.
    public enum Value: Sendable, Hashable {
        /// Free text (a search query, a measurement's figure id).
        case text
        /// A decimal number (`430`, `17.5`).
        case number
        /// A screen size as `WIDTHxHEIGHT` in points (`430x932`).
        case screen
        /// A value of a vocabulary; see ``FilterVocabulary``.
        case vocabulary(FilterVocabulary.Kind)
    }

    /// The query parameter's name.
    public let name: String
    /// One sentence on what it filters.
    public let summary: String
    /// What it accepts.
    public let value: Value
    /// Whether the route refuses a request without it.
    public let isRequired: Bool

    /// Creates a parameter description.
    public init(name: String, summary: String, value: Value, isRequired: Bool = false) {
        self.name = name
        self.summary = summary
        self.value = value
        self.isRequired = isRequired
    }
}

/// The filters of one route, parsed from query parameters.
///
/// `init(parameters:)` refuses names the route does not define (`unknown_parameter`), numbers that
/// are not numbers and values outside a static vocabulary (`unknown_value`, listing the accepted
/// ones). Values drawn from the data (a topic, a style, a device) are checked by the query itself,
/// which throws the same error. The parameters of the HTTP API itself (format, version, …) are the
/// server's: it removes them before a filter sees the query.
public protocol QueryFilter: Sendable {
    /// The route's own parameters, for validation and for the OpenAPI document.
    static var parameters: [FilterParameter] { get }
    /// Parses query parameters (names are case-sensitive, values case-insensitive).
    init(parameters: [String: String]) throws(QueryError)
}

/// Reads and checks query parameters for a ``QueryFilter``.
struct ParameterReader {
    let parameters: [String: String]
    let defined: [FilterParameter]

    init(_ parameters: [String: String], defined: [FilterParameter]) throws(QueryError) {
        for name in parameters.keys.sorted()
        where !defined.contains(where: { $0.name == name }) {
            throw QueryError.unknownParameter(name, accepted: defined.map(\.name))
        }
        self.parameters = parameters
        self.defined = defined
    }

    /// The trimmed value; an empty value counts as absent.
    func text(_ name: String) -> String? {
        guard let raw = parameters[name] else { return nil }
        let trimmed = raw.trimmingSpaces
        return trimmed.isEmpty ? nil : trimmed
    }

    func number(_ name: String) throws(QueryError) -> Double? {
        guard let raw = text(name) else { return nil }
        guard let value = Double(raw), value.isFinite else {
            throw QueryError.invalid(raw, for: name, expected: "a number, e.g. 44 or 17.5")
        }
        return value
    }

    /// The term of a closed vocabulary the value stands for (any case, separators, aliases).
    func term<Term: VocabularyTerm>(_ name: String, _: Term.Type) throws(QueryError) -> Term? {
        guard let raw = text(name) else { return nil }
        guard let term = Term(matching: raw) else {
            throw QueryError.unknownValue(raw, for: name, accepted: Term.spellings)
        }
        return term
    }
}

extension String {
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

/// A screen size in points, portrait, as the `screen` parameter gives it (`430x932`).
public struct ScreenSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in points.
    public let width: Double
    /// Height in points.
    public let height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT` (`x`, `X` or `×` between); `nil` otherwise.
    public init?(parsing raw: String) {
        let parts = raw.trimmingSpaces.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let width = Double(String(parts[0]).trimmingSpaces),
            let height = Double(String(parts[1]).trimmingSpaces),
            width.isFinite, height.isFinite
        else { return nil }
        self.width = width
        self.height = height
    }

    /// `430x932`.
    public var description: String { "\(JSONNumber(width))x\(JSONNumber(height))" }
}
