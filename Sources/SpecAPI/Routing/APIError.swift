import JSON
import SpecFormats
import SpecStore

/// An error a client sees: always JSON, `{"error": {"status", "code", "message", "hint"}}`, with
/// the status it carries, whatever format was asked for.
package struct APIError: Error, Equatable, Sendable {
    package var status: Int
    /// A stable, machine-readable name: `unknown_parameter`, `unknown_value`, `not_found`, …
    package var code: String
    package var message: String
    package var hint: String
    /// The query parameter at fault, when one is: lets a client point at the field to fix.
    package var parameter: String? = nil
    /// Extra header fields (`Allow` on a 405).
    package var headers: [Field] = []

    package struct Field: Equatable, Sendable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package init(
        status: Int, code: String, message: String, hint: String, parameter: String? = nil, headers: [Field] = []
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.hint = hint
        self.parameter = parameter
        self.headers = headers
    }

    /// The JSON body.
    package var body: [UInt8] {
        var fields = JSONObject([
            ("status", .number(JSONNumber(status))),
            ("code", .string(code)),
            ("message", .string(message)),
            ("hint", .string(hint)),
        ])
        if let parameter { fields.append("parameter", .string(parameter)) }
        let error: JSONValue = ["error": .object(fields)]
        var bytes = error.serializedBytes()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}

extension APIError {
    /// A query parameter the route does not define, worded as the store's filters word it
    /// (``QueryError/unknownParameter(_:accepted:)``).
    package static func unknownParameter(_ name: String, accepted: [String]) -> APIError {
        APIError(QueryError.unknownParameter(name, accepted: accepted))
    }

    package static func unknownValue(_ parameter: String, _ value: String, accepted: [String]) -> APIError {
        APIError(
            status: 400, code: "unknown_value",
            message: "'\(value)' is not an accepted value of '\(parameter)'.",
            hint: NearestSpelling.didYouMean(value, among: accepted)
                + "Accepted values of '\(parameter)': \(accepted.joined(separator: ", ")).",
            parameter: parameter
        )
    }

    package static func badQuery(_ message: String) -> APIError {
        APIError(
            status: 400, code: "bad_query", message: "The query string cannot be read: \(message).",
            hint: "Percent-encode reserved characters, give each parameter once, and use UTF-8."
        )
    }

    /// A query string ``QueryParameters`` could not read, as a client is told of it.
    package static func badQuery(_ problem: QueryParameters.Problem) -> APIError {
        switch problem {
        case .malformed(let message): badQuery(message)
        case .repeated(let name): badQuery("'\(name)' is given more than once; give each parameter once")
        }
    }

    package static func notFound(path: String) -> APIError {
        APIError(
            status: 404, code: "not_found", message: "No route answers '\(path)'.",
            hint: "GET / lists the routes; /openapi.json describes them."
        )
    }

    package static func methodNotAllowed(_ method: String, path: String, allow: String) -> APIError {
        APIError(
            status: 405, code: "method_not_allowed", message: "\(path) does not answer \(method).",
            hint: "Allowed: \(allow).", headers: [Field(name: "Allow", value: allow)]
        )
    }

    package static func notAcceptable(producible: [Format]) -> APIError {
        let list = producible.map { "\($0.rawValue) (\($0.mediaType.type)/\($0.mediaType.subtype))" }
        return APIError(
            status: 406, code: "not_acceptable",
            message: "This route cannot produce a format the request accepts.",
            hint: "This route produces: \(list.joined(separator: ", ")). Ask with format= or Accept."
        )
    }

    package static func unavailable() -> APIError {
        APIError(
            status: 503, code: "not_ready", message: "The spec store is not loaded yet.",
            hint: "Retry shortly; GET /readyz answers 200 once the store is loaded."
        )
    }
}

extension APIError {
    /// The status each of the store's error codes answers with: the one table of them.
    package static func status(of code: QueryError.Code) -> Int {
        switch code {
        case .unknownParameter, .unknownValue, .invalidValue, .missingParameter: 400
        case .unknownVersion, .notFound: 404
        }
    }

    /// The store's error as the client sees it: its code and message, the status from
    /// ``status(of:)``, and a hint that lists the accepted values or says which route lists them.
    package init(_ error: QueryError, route: Route? = nil) {
        var hint = Self.hint(of: error) ?? ""
        if hint.isEmpty, error.code == .notFound, let listing = route?.endpoint.pathParameter?.listedBy {
            hint = Self.nearestIDs(error) + listing
        }
        if hint.isEmpty, !error.accepted.isEmpty { hint = "Accepted: \(error.accepted.joined(separator: ", "))." }
        if hint.isEmpty { hint = "See /openapi.json for every parameter and its accepted values." }
        self.init(
            status: Self.status(of: error.code), code: error.code.rawValue, message: error.message, hint: hint,
            parameter: error.parameter)
    }
}

extension APIError {
    /// The error row of one measurement a batch cannot judge: the store's error with the
    /// status first, `{"status", "code", "message", "hint", "parameter", "accepted"}`.
    @Sendable package static func itemJSON(_ error: QueryError) -> JSONValue {
        var object = JSONObject([("status", JSONValue(integerLiteral: status(of: error.code)))])
        object.append("code", .string(error.code.rawValue))
        object.append("message", .string(error.message))
        if let hint = hint(of: error) { object.append("hint", .string(hint)) }
        if let parameter = error.parameter { object.append("parameter", .string(parameter)) }
        if !error.accepted.isEmpty { object.append("accepted", .array(error.accepted.map { .string($0) })) }
        return .object(object)
    }

    /// The store's hint as a client reads it: a query the store suggests is written as one
    /// (`Give value instead, e.g. figure=metric.…&value=20.`).
    /// "Did you mean 'device.iphone-16-pro'? " for a misspelt record id, with or without its
    /// collection's prefix (a record route accepts both), or "" when no id is near.
    package static func nearestIDs(_ error: QueryError) -> String {
        guard let value = error.value, !error.accepted.isEmpty else { return "" }
        let near = NearestSpelling.didYouMean(value, among: error.accepted)
        guard near.isEmpty, let prefix = error.accepted[0].split(separator: ".").first, !value.hasPrefix(prefix + ".")
        else { return near }
        return NearestSpelling.didYouMean(prefix + "." + value, among: error.accepted)
    }

    package static func hint(of error: QueryError) -> String? {
        guard let hint = error.hint else { return nil }
        guard !error.suggestion.isEmpty else { return hint }
        let query = error.suggestion.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return (hint.hasSuffix(".") ? String(hint.dropLast()) : hint) + ", e.g. \(query)."
    }
}
