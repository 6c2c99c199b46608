import SpecStore

// A store filter's fields (``FilterField``, declared beside the filter in SpecStore) read from a
// route's query string: the one text decoder, and the canonical form the answer cache keys.

extension DeclaredFilter {
    /// The fields as the API description, the HTML form and the MCP tool list give them.
    static var parameters: [FilterParameter] { fields.map(FilterParameter.init) }

    /// Decodes query parameters (names are case-sensitive, values case-insensitive).
    ///
    /// Refuses names the filter does not declare (`unknown_parameter`), a required field left out
    /// (`missing_parameter`), numbers and screen sizes that are not (`invalid_value`) and values
    /// outside a closed vocabulary (`unknown_value`, listing the accepted ones), in the fields'
    /// order (``DeclaredFilter/decodedFirst`` first). Values drawn from the data (a topic, a
    /// style, a device) are checked by the store's query itself, which throws the same error. The
    /// common parameters (format, version, …) are removed before a filter sees the query.
    init(parameters: [String: String]) throws(QueryError) {
        let fields = Self.fields
        for name in parameters.keys.sorted() where !fields.contains(where: { $0.name == name }) {
            throw QueryError.unknownParameter(name, accepted: fields.map(\.name))
        }
        self.init()
        for name in Self.decodedFirst {
            if let field = fields.first(where: { $0.name == name }) {
                try Self.decode(field, from: parameters, into: &self)
            }
        }
        for field in fields where !Self.decodedFirst.contains(field.name) {
            try Self.decode(field, from: parameters, into: &self)
        }
    }

    /// The filter's values in their one spelling, in the order of its fields: what the answer
    /// cache keys and what notes and pages echo, so two spellings of one query (`size=17` and
    /// `size=17.0`, `platform=iOS` and `ios`) are one answer. Decoding them gives the same filter
    /// back.
    var canonicalParameters: [(name: String, value: String)] { canonicalFields }

    private static func decode(_ field: FilterField<Self>, from parameters: [String: String], into filter: inout Self)
        throws(QueryError)
    {
        let value: FilterValue
        if field.kind == .flag {
            // A flag has always been read as sent, an empty value included: `history=` is not a
            // yes or a no.
            guard let raw = parameters[field.name] else { return }
            switch FilterVocabulary.matchKey(raw) {
            case "true": value = .flag(true)
            case "false": value = .flag(false)
            default: throw QueryError.unknownValue(raw, for: field.name, accepted: field.acceptedValues ?? [])
            }
        } else {
            // An empty value counts as absent.
            guard let raw = parameters[field.name].map(\.trimmingWhitespace), !raw.isEmpty else {
                if let requirement = field.requirement { throw QueryError.missing(field.name, expected: requirement) }
                return
            }
            switch field.kind {
            case .number: value = .number(try ParameterReader.number(raw, for: field.name))
            case .screen:
                guard let size = ScreenSize(parsing: raw) else {
                    throw QueryError.invalid(raw, for: field.name, expected: "WIDTHxHEIGHT in points, e.g. 430x932")
                }
                value = .screen(size)
            case .text, .flag, .vocabulary: value = .text(raw)
            }
        }
        guard field.assign(value, to: &filter) else {
            throw QueryError.unknownValue(
                value.queryText, for: field.name, accepted: field.acceptedValues ?? [])
        }
    }
}

extension FilterValue {
    /// The value as a query string spells it, for an error that quotes it.
    fileprivate var queryText: String {
        switch self {
        case .text(let text): text
        case .number(let number): JSONNumber(number).literal
        case .screen(let size): size.description
        case .flag(let flag): flag ? "true" : "false"
        }
    }
}

/// Reads and checks query parameters that are not a declared filter's fields (the contrast and
/// complication checks').
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
        return try Self.number(raw, for: name)
    }

    /// `raw`, a decimal number of `parameter`: `invalid_value` unless it is a finite one.
    static func number(_ raw: String, for parameter: String) throws(QueryError) -> Double {
        // `Double("0x10")` is 16 and `Double("nan")` a value: only decimal digits, a sign, a
        // point and an exponent are a number here.
        guard raw.utf8.allSatisfy(Self.isDecimalSyntax), let value = Double(raw), value.isFinite else {
            throw QueryError.invalid(raw, for: parameter, expected: "a number, e.g. 44 or 17.5")
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
