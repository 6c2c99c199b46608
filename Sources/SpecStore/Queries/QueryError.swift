/// A query the store cannot answer as asked: an unknown parameter or value, an unknown version or id.
///
/// It says what is wrong in the store's terms, never in HTTP's: the field at fault, the value given,
/// the values accepted, and, where a different measurement would fit, its ``suggestion``. The
/// server maps each ``Code`` to a status and words any hint that names a URL or a query.
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of mistake the query holds; the raw value is the stable, machine-readable code.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// A parameter the query does not define.
        case unknownParameter = "unknown_parameter"
        /// A value outside the parameter's vocabulary.
        case unknownValue = "unknown_value"
        /// A value of the wrong form, e.g. `width=abc` or `screen=430`.
        case invalidValue = "invalid_value"
        /// A required parameter is absent, e.g. `q` for a search.
        case missingParameter = "missing_parameter"
        /// A version id names no store version.
        case unknownVersion = "unknown_version"
        /// An id names no record.
        case notFound = "not_found"
    }

    /// What kind of mistake it is.
    public let code: Code
    /// The parameter at fault, if one is.
    public let parameter: String?
    /// The value given, if one was.
    public let value: String?
    /// The accepted values, canonical spelling, when the parameter has a vocabulary.
    public let accepted: [String]
    /// What is wrong, in one sentence.
    public let message: String
    /// How to fix it, in words that name no URL or query syntax: `Accepted values of platform: …`.
    public let hint: String?
    /// Fields and values of a query that would fit, e.g. `figure` and `category` for a figure that
    /// is a range of categories; empty when the error suggests none.
    public let suggestion: [Setting]

    /// One field and its value.
    public struct Setting: Sendable, Hashable {
        /// The field (`figure`, `width`).
        public let name: String
        /// Its value.
        public let value: String

        /// Creates a setting.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Creates an error.
    public init(
        code: Code, parameter: String? = nil, value: String? = nil, accepted: [String] = [], message: String,
        hint: String? = nil, suggestion: [Setting] = []
    ) {
        self.code = code
        self.parameter = parameter
        self.value = value
        self.accepted = accepted
        self.message = message
        self.hint = hint
        self.suggestion = suggestion
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }

    /// A value outside `accepted`, the hint offering the nearest spellings (``NearestSpelling``)
    /// and listing them all.
    public static func unknownValue(_ value: String, for parameter: String, accepted: [String]) -> QueryError {
        QueryError(
            code: .unknownValue, parameter: parameter, value: value, accepted: accepted,
            message: "'\(value)' is not a known value of \(parameter).",
            hint: NearestSpelling.didYouMean(value, among: accepted)
                + "Accepted values of \(parameter): \(accepted.joined(separator: ", ")).")
    }

    /// A value of the wrong form for `parameter`.
    public static func invalid(_ value: String, for parameter: String, expected: String) -> QueryError {
        QueryError(
            code: .invalidValue, parameter: parameter, value: value,
            message: "'\(value)' is not a valid value of \(parameter): expected \(expected).",
            hint: "Give \(parameter) as \(expected).")
    }

    /// A parameter that does not apply to what was asked, e.g. `value` for a width × height
    /// figure: an error naming it, never silently ignored.
    static func inapplicable(
        _ parameter: String, value: String, because reason: String, hint: String, suggestion: [Setting] = []
    ) -> QueryError {
        QueryError(
            code: .invalidValue, parameter: parameter, value: value,
            message: "\(parameter) does not apply here: \(reason).", hint: hint, suggestion: suggestion)
    }

    /// A required field that is absent, the hint saying what to give.
    public static func missing(_ parameter: String, expected: String, because reason: String? = nil) -> QueryError {
        QueryError(
            code: .missingParameter, parameter: parameter,
            message: "\(parameter) is required" + (reason.map { ": \($0)." } ?? "."),
            hint: "Give \(parameter) as \(expected).")
    }
}
