/// A request the engine refuses itself, before the application sees it: malformed framing,
/// a limit passed, too slow. The engine decides the status; the application chooses how the
/// answer reads, through ``HTTPApplication/response(for:)``.
public struct HTTPEngineError: Sendable {
    /// The status the answer carries; the engine keeps it whatever the application renders.
    public let status: HTTPStatus
    /// A stable machine-readable name, e.g. `uri_too_long`.
    public let code: String
    /// What was wrong, in one sentence.
    public let message: String
    /// What the client can do instead, with the limits this server was configured with.
    public let hint: String
    /// Fields the answer must carry besides the application's, e.g. `Retry-After` with `503`.
    public let headers: [(name: String, value: String)]

    init(_ error: RequestError, limits configuration: HTTPServer.Configuration) {
        self.status = error.status
        self.code = error.code
        self.message = error.message
        self.hint = error.hint(configuration)
        self.headers = error.status == .serviceUnavailable ? [("Retry-After", "1")] : []
    }

    /// The engine's own rendering: `{"error": {"status", "code", "message", "hint"}}` as JSON,
    /// not cacheable.
    public var defaultResponse: PreparedResponse {
        var body = "{\"error\":{\"status\":\(status.code),\"code\":"
        body += Self.jsonString(code) + ",\"message\":" + Self.jsonString(message)
        body += ",\"hint\":" + Self.jsonString(hint) + "}}\n"
        return PreparedResponse(
            status: status,
            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + headers,
            body: body)
    }

    private static func jsonString(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\u{0}"..."\u{1F}":
                quoted += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
