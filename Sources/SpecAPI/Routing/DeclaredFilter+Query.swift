import JSON
import SpecStore

// A store filter's fields (``FilterField``, declared beside the filter in SpecStore) read from a
// route's query string: the one text decoder, and the canonical form the answer cache keys.

extension DeclaredFilter {
    /// The fields as the API description, the HTML form and the MCP tool list give them.
    package static var parameters: [FilterParameter] { fields.map(FilterParameter.init) }

    /// Decodes query parameters (names are case-sensitive, values case-insensitive).
    ///
    /// Refuses names the filter does not declare (`unknown_parameter`), a required field left out
    /// (`missing_parameter`), numbers and screen sizes that are not (`invalid_value`) and values
    /// outside a closed vocabulary (`unknown_value`, listing the accepted ones), in the fields'
    /// order (``DeclaredFilter/decodedFirst`` first). Values drawn from the data (a topic, a
    /// style, a device) are checked by the store's query itself, which throws the same error. The
    /// common parameters (format, version, …) are removed before a filter sees the query.
    package init(parameters: [String: String]) throws(QueryError) {
        let fields = Self.fields
        // The first unknown name in sorted order is the one reported; a query of known names,
        // the usual one, is not sorted to find that out.
        if parameters.keys.contains(where: { name in !fields.contains(where: { $0.name == name }) }) {
            for name in parameters.keys.sorted() where !fields.contains(where: { $0.name == name }) {
                throw QueryError.unknownParameter(name, accepted: fields.map(\.name))
            }
        }
        self.init()
        var filter = self
        try Self.inDecodingOrder { field throws(QueryError) in try Self.decode(field, from: parameters, into: &filter) }
        self = filter
    }

    /// Refuses what the route's description already rules out, before the filter is read: a
    /// name none of `accepted` is (the route's parameters, which may be more than this filter's
    /// fields), then a value not of its field's declared shape (a number, a term of a closed
    /// vocabulary), in decoding order. What only reading the filter refuses (a required field
    /// left out, text the filter cannot use, a parameter of the route that is not the filter's)
    /// is left to ``init(parameters:)``: a check answers those as the item's own error.
    package static func refuseUndeclared(_ parameters: [String: String], accepted: [String]) throws(QueryError) {
        for name in parameters.keys.sorted() where !accepted.contains(name) {
            throw QueryError.unknownParameter(name, accepted: accepted)
        }
        var filter = Self()
        try inDecodingOrder { field throws(QueryError) in
            guard field.kind != .text, !field.isRequired else { return }
            try decode(field, from: parameters, into: &filter)
        }
    }

    /// Calls `body` with the fields in the order they decode: ``DeclaredFilter/decodedFirst``,
    /// then the others in their declared order. They are visited in place: making that order an
    /// array of fields for each query was a twentieth of a never-seen search.
    private static func inDecodingOrder(_ body: (FilterField<Self>) throws(QueryError) -> Void) throws(QueryError) {
        let fields = Self.fields
        let first = decodedFirst
        for name in first {
            if let field = fields.first(where: { $0.name == name }) { try body(field) }
        }
        for field in fields where !first.contains(field.name) { try body(field) }
    }

    /// The filter's values in their one spelling, in the order of its fields: what the answer
    /// cache keys and what notes and pages echo, so two spellings of one query (`size=17` and
    /// `size=17.0`, `platform=iOS` and `ios`) are one answer. Decoding them gives the same filter
    /// back.
    package var canonicalParameters: [(name: String, value: String)] { canonicalFields }

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
            case .number: value = .number(try Self.number(raw, for: field.name))
            case .screen:
                guard let size = ScreenSize(parsing: raw) else {
                    throw QueryError.invalid(raw, for: field.name, expected: "WIDTHxHEIGHT in points, e.g. 430x932")
                }
                value = .screen(size)
            case .text, .flag, .vocabulary: value = .text(raw)
            }
        }
        if let refusal = field.refusal(of: value) { throw refusal }
        guard field.assign(value, to: &filter) else {
            throw QueryError.unknownValue(
                value.queryText, for: field.name, accepted: field.acceptedValues ?? [])
        }
    }

    /// `raw`, a decimal number of `parameter`: `invalid_value` unless it is a finite one.
    private static func number(_ raw: String, for parameter: String) throws(QueryError) -> Double {
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

extension QueryError {
    /// A parameter the route does not define; the hint offers the nearest spellings first
    /// (`screne` → "Did you mean 'screen'?").
    package static func unknownParameter(_ name: String, accepted: [String]) -> QueryError {
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
    package init?(parsing raw: String) {
        let parts = raw.trimmingWhitespace.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let width = Double(String(parts[0]).trimmingWhitespace),
            let height = Double(String(parts[1]).trimmingWhitespace),
            width.isFinite, height.isFinite
        else { return nil }
        self.init(width: width, height: height)
    }
}
