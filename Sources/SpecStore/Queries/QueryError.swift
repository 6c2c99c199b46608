/// A query the store cannot answer as asked: an unknown parameter or value, an unknown version or id.
///
/// It says what is wrong in the store's terms, never in HTTP's: the server maps each ``Code`` to a
/// status and adds hints that name URLs. For a bad value it names the parameter and lists what is
/// accepted, so a client can correct the request from the error alone.
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
    /// How to fix it, e.g. `accepted: ios, ipados, …`, or a nearest match.
    public let hint: String?

    /// Creates an error.
    public init(
        code: Code, parameter: String? = nil, value: String? = nil, accepted: [String] = [], message: String,
        hint: String? = nil
    ) {
        self.code = code
        self.parameter = parameter
        self.value = value
        self.accepted = accepted
        self.message = message
        self.hint = hint
    }

    /// `code: message`.
    public var description: String { "\(code.rawValue): \(message)" }

    static func unknownValue(_ value: String, for parameter: String, accepted: [String]) -> QueryError {
        QueryError(
            code: .unknownValue, parameter: parameter, value: value, accepted: accepted,
            message: "'\(value)' is not a known value of \(parameter).",
            hint: "Accepted values of \(parameter): \(accepted.joined(separator: ", ")).")
    }

    static func invalid(_ value: String, for parameter: String, expected: String) -> QueryError {
        QueryError(
            code: .invalidValue, parameter: parameter, value: value,
            message: "'\(value)' is not a valid value of \(parameter): expected \(expected).",
            hint: "Give \(parameter) as \(expected).")
    }

    static func unknownParameter(_ name: String, accepted: [String]) -> QueryError {
        QueryError(
            code: .unknownParameter, parameter: name, accepted: accepted,
            message: "'\(name)' is not a parameter of this route.",
            hint: accepted.isEmpty
                ? "This route takes no filters." : "Parameters of this route: \(accepted.joined(separator: ", ")).")
    }

    /// A parameter that does not apply to what was asked, e.g. `value` for a width × height
    /// figure: an error naming it, never silently ignored.
    static func inapplicable(_ parameter: String, value: String, because reason: String, hint: String) -> QueryError {
        QueryError(
            code: .invalidValue, parameter: parameter, value: value,
            message: "\(parameter) does not apply here: \(reason).", hint: hint)
    }

    static func missing(_ parameter: String, expected: String, because reason: String? = nil) -> QueryError {
        QueryError(
            code: .missingParameter, parameter: parameter,
            message: "\(parameter) is required" + (reason.map { ": \($0)." } ?? "."),
            hint: "Give \(parameter) as \(expected).")
    }
}
