import SpecStore

/// A store filter as a route's query string gives it: its parameters, and how their values
/// decode into the filter's typed fields.
///
/// `init(parameters:)` refuses names the route does not define (`unknown_parameter`), numbers that
/// are not numbers and values outside a static vocabulary (`unknown_value`, listing the accepted
/// ones). Values drawn from the data (a topic, a style, a device) are checked by the store's query
/// itself, which throws the same error. The common parameters (format, version, …) are removed
/// before a filter sees the query.
protocol QueryFilter: Sendable {
    /// The route's own parameters, for validation and for the OpenAPI document.
    static var parameters: [FilterParameter] { get }
    /// Decodes query parameters (names are case-sensitive, values case-insensitive).
    init(parameters: [String: String]) throws(QueryError)
    /// The filter's values in their one spelling, in the order of ``parameters``: what the
    /// answer cache keys and what notes and pages echo, so two spellings of one query
    /// (`size=17` and `size=17.0`, `platform=iOS` and `ios`) are one answer. Decoding them gives
    /// the same filter back.
    var canonicalParameters: [(name: String, value: String)] { get }
}

/// A filter's values written in their one spelling (``QueryFilter/canonicalParameters``); an
/// absent value writes nothing.
struct CanonicalParameters {
    private(set) var pairs: [(name: String, value: String)] = []

    /// A term of a closed vocabulary as the vocabulary spells it (`systemSmall`, `ios`).
    mutating func term(_ name: String, _ term: (some VocabularyTerm)?) {
        if let term { pairs.append((name, term.rawValue)) }
    }

    /// A number as the store writes it (`17`, `17.5`).
    mutating func number(_ name: String, _ number: Double?) {
        if let number { pairs.append((name, JSONNumber(number).literal)) }
    }

    /// Text matched without regard to case, so written in lower case.
    mutating func text(_ name: String, _ text: String?) {
        if let text { pairs.append((name, ServedStore.normalise(text))) }
    }

    /// A value with one spelling of its own (a screen size `430x932`, a size-class condition).
    mutating func spelled(_ name: String, _ value: (some CustomStringConvertible)?) {
        if let value { pairs.append((name, value.description)) }
    }
}

/// Reads and checks the query parameters of a ``QueryFilter``.
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
        let trimmed = raw.trimmingWhitespace
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A finite decimal number.
    func number(_ name: String) throws(QueryError) -> Double? {
        guard let raw = text(name) else { return nil }
        // `Double("0x10")` is 16 and `Double("nan")` a value: only decimal digits, a sign, a
        // point and an exponent are a number here.
        guard raw.utf8.allSatisfy(Self.isDecimalSyntax), let value = Double(raw), value.isFinite else {
            throw QueryError.invalid(raw, for: name, expected: "a number, e.g. 44 or 17.5")
        }
        return value
    }

    private static func isDecimalSyntax(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    /// The term of a closed vocabulary the value stands for (any case, separators, aliases).
    func term<Term: VocabularyTerm>(_ name: String) throws(QueryError) -> Term? {
        guard let raw = text(name) else { return nil }
        guard let term = Term(matching: raw) else {
            throw QueryError.unknownValue(raw, for: name, accepted: Term.spellings)
        }
        return term
    }

    /// A screen size as `WIDTHxHEIGHT` in points.
    func screen(_ name: String) throws(QueryError) -> ScreenSize? {
        guard let raw = text(name) else { return nil }
        guard let size = ScreenSize(parsing: raw) else {
            throw QueryError.invalid(raw, for: name, expected: "WIDTHxHEIGHT in points, e.g. 430x932")
        }
        return size
    }

    /// A size-class condition as `VALUE-AXIS[-ORIENTATION]`.
    func sizeClass(_ name: String) throws(QueryError) -> SizeClassCondition? {
        guard let raw = text(name) else { return nil }
        guard let condition = SizeClassCondition(parsing: raw) else {
            throw QueryError.unknownValue(raw, for: name, accepted: FilterVocabulary.sizeClassConditions)
        }
        return condition
    }

    /// A required value: `missing_parameter`, saying what to give, when absent.
    func required(_ name: String, expected: String) throws(QueryError) -> String {
        guard let value = text(name) else { throw QueryError.missing(name, expected: expected) }
        return value
    }
}

extension QueryError {
    /// A value of the wrong form for `parameter`.
    static func invalid(_ value: String, for parameter: String, expected: String) -> QueryError {
        QueryError(
            code: .invalidValue, parameter: parameter, value: value,
            message: "'\(value)' is not a valid value of \(parameter): expected \(expected).",
            hint: "Give \(parameter) as \(expected).")
    }

    /// A parameter the route does not define; the hint offers the nearest spellings first
    /// (`screne` → "Did you mean 'screen'?").
    static func unknownParameter(_ name: String, accepted: [String]) -> QueryError {
        QueryError(
            code: .unknownParameter, parameter: name, accepted: accepted,
            message: "'\(name)' is not a parameter of this route.",
            hint: accepted.isEmpty
                ? "This route takes no query parameters."
                : NearestSpelling.didYouMean(name, among: accepted)
                    + "Parameters of this route: \(accepted.joined(separator: ", ")).")
    }
}

extension ScreenSize {
    /// Parses `WIDTHxHEIGHT` (`x`, `X` or `×` between); `nil` otherwise.
    init?(parsing raw: String) {
        let parts = raw.trimmingWhitespace.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let width = Double(String(parts[0]).trimmingWhitespace),
            let height = Double(String(parts[1]).trimmingWhitespace),
            width.isFinite, height.isFinite
        else { return nil }
        self.init(width: width, height: height)
    }
}
