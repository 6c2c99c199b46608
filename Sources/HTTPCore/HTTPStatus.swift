/// A response status code with its reason phrase (RFC 9110 §15).
public struct HTTPStatus: Sendable, Hashable, ExpressibleByIntegerLiteral {
    /// The three-digit code, 100...599.
    public let code: Int

    /// Wraps a status code; traps outside 100...599, which no response may carry.
    public init(_ code: Int) {
        precondition((100...599).contains(code), "an HTTP status code has three digits")
        self.code = code
    }

    /// Wraps a literal status code, as in `let status: HTTPStatus = 404`.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// The reason phrase RFC 9110 §15 gives this code, or `""` for an unregistered one.
    public var reasonPhrase: String {
        switch code {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: ""
        }
    }

    /// Whether a response with this status never carries content: 1xx, 204 and 304
    /// (RFC 9110 §6.4.1).
    public var forbidsContent: Bool {
        code < 200 || code == 204 || code == 304
    }

    /// `200 OK`.
    public static let ok: HTTPStatus = 200
    /// `204 No Content`.
    public static let noContent: HTTPStatus = 204
    /// `304 Not Modified`.
    public static let notModified: HTTPStatus = 304
    /// `400 Bad Request`.
    public static let badRequest: HTTPStatus = 400
    /// `404 Not Found`.
    public static let notFound: HTTPStatus = 404
    /// `405 Method Not Allowed`.
    public static let methodNotAllowed: HTTPStatus = 405
    /// `503 Service Unavailable`.
    public static let serviceUnavailable: HTTPStatus = 503
}
