/// A query the store cannot answer as asked: an unknown parameter or value, an unknown version or id.
///
/// It knows its HTTP status, and for a bad value it names the parameter and lists what is accepted,
/// so a client can correct the request from the error alone.
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A parameter the route does not define (400).
    public static let unknownParameter = "unknown_parameter"
    /// A value outside the parameter's vocabulary (400).
    public static let unknownValue = "unknown_value"
    /// A value of the wrong form, e.g. `width=abc` or `screen=430` (400).
    public static let invalidValue = "invalid_value"
    /// A required parameter is absent, e.g. `q` on search (400).
    public static let missingParameter = "missing_parameter"
    /// `version=` names no store version (404).
    public static let unknownVersion = "unknown_version"
    /// A path id names no record, e.g. `/v1/devices/{id}` (404).
    public static let notFound = "not_found"

    /// One of the static codes above.
    public let code: String
    /// The HTTP status this error answers with.
    public let status: Int
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
        code: String, status: Int, parameter: String? = nil, value: String? = nil, accepted: [String] = [],
        message: String, hint: String? = nil
    ) {
        self.code = code
        self.status = status
        self.parameter = parameter
        self.value = value
        self.accepted = accepted
        self.message = message
        self.hint = hint
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }

    static func unknownValue(_ value: String, for parameter: String, accepted: [String]) -> QueryError {
        QueryError(
            code: unknownValue, status: 400, parameter: parameter, value: value, accepted: accepted,
            message: "'\(value)' is not a known value of \(parameter).",
            hint: "Accepted values of \(parameter): \(accepted.joined(separator: ", ")).")
    }

    static func invalid(_ value: String, for parameter: String, expected: String) -> QueryError {
        QueryError(
            code: invalidValue, status: 400, parameter: parameter, value: value,
            message: "'\(value)' is not a valid value of \(parameter): expected \(expected).",
            hint: "Give \(parameter) as \(expected).")
    }

    static func unknownParameter(_ name: String, accepted: [String]) -> QueryError {
        QueryError(
            code: unknownParameter, status: 400, parameter: name, accepted: accepted,
            message: "'\(name)' is not a parameter of this route.",
            hint: accepted.isEmpty
                ? "This route takes no filters." : "Parameters of this route: \(accepted.joined(separator: ", ")).")
    }

    /// A parameter that does not apply to what was asked, e.g. `value` for a width × height
    /// figure: a 400 naming it, never silently ignored.
    static func inapplicable(_ parameter: String, value: String, because reason: String, hint: String) -> QueryError {
        QueryError(
            code: invalidValue, status: 400, parameter: parameter, value: value,
            message: "\(parameter) does not apply here: \(reason).", hint: hint)
    }

    static func missing(_ parameter: String, expected: String, because reason: String? = nil) -> QueryError {
        QueryError(
            code: missingParameter, status: 400, parameter: parameter,
            message: "\(parameter) is required" + (reason.map { ": \($0)." } ?? "."),
            hint: "Give \(parameter) as \(expected).")
    }
}
