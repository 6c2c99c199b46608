/// Why the engine refuses a request itself, before the application sees it. Each case knows
/// the status it answers with; every one of them closes the connection afterwards.
enum RequestError: UInt8, Error, CaseIterable {
    /// Malformed request line, header field or framing (RFC 9112 §2–§7).
    case badRequest
    /// A bare LF where CRLF is required (RFC 9112 §2.2: we do not accept bare LF).
    case bareLineFeed
    /// A header line starting with whitespace (obs-fold, RFC 9112 §5.2).
    case obsoleteLineFolding
    /// HTTP/1.1 without exactly one Host (RFC 9112 §3.2).
    case badHost
    /// An invalid or repeated Content-Length (RFC 9112 §6.3).
    case badContentLength
    /// Both Content-Length and Transfer-Encoding, chunked not final, or Transfer-Encoding in
    /// HTTP/1.0 (RFC 9112 §6.1, §6.3).
    case badFraming
    /// A malformed chunk (RFC 9112 §7.1).
    case badChunk
    /// No complete request arrived in time (RFC 9110 §15.5.9).
    case timeout
    /// Content longer than the route allows (RFC 9110 §15.5.14).
    case contentTooLarge
    /// Request line longer than the limit (RFC 9110 §15.5.15).
    case uriTooLong
    /// Header section too long or too many fields (RFC 6585 §5).
    case headerFieldsTooLarge
    /// An Expect value other than 100-continue (RFC 9110 §10.1.1).
    case expectationFailed
    /// `CONNECT`: an origin server offers no tunnel (RFC 9110 §9.3.6); other methods reach the
    /// application.
    case methodNotImplemented
    /// A transfer coding other than chunked (RFC 9112 §6.1).
    case transferCodingNotImplemented
    /// A major version other than 1 (RFC 9110 §15.6.6).
    case versionNotSupported
    /// The bodies being received already fill the server's budget (RFC 9110 §15.6.4).
    case bodiesOverBudget
    /// The answers clients have not read fill the server's budget for them, or the client's
    /// share of it (RFC 9110 §15.6.4).
    case answersOverBudget
    /// Answers computed off the loop already fill their queue, or the memory computing this one
    /// takes does not fit the body budget (RFC 9110 §15.6.4).
    case answersOverCapacity
    /// A byte outside ASCII in the request-target, such as a `×` typed into a URL and sent
    /// unencoded (RFC 9112 §3.2, RFC 3986 §2.1): a malformed request like ``badRequest``, whose
    /// hint says to percent-encode rather than to fix the line endings.
    case unencodedTarget

    /// The status this error answers with.
    var status: HTTPStatus {
        switch self {
        case .badRequest, .bareLineFeed, .obsoleteLineFolding, .badHost, .badContentLength, .badFraming, .badChunk,
            .unencodedTarget:
            400
        case .timeout: 408
        case .contentTooLarge: 413
        case .uriTooLong: 414
        case .expectationFailed: 417
        case .headerFieldsTooLarge: 431
        case .methodNotImplemented, .transferCodingNotImplemented: 501
        case .versionNotSupported: 505
        case .bodiesOverBudget, .answersOverBudget, .answersOverCapacity: 503
        }
    }

    /// The machine-readable `code` of the JSON error body.
    var code: String {
        switch self {
        case .badRequest, .bareLineFeed, .obsoleteLineFolding, .badHost, .badContentLength, .badFraming, .badChunk,
            .unencodedTarget:
            "bad_request"
        case .timeout: "request_timeout"
        case .contentTooLarge: "content_too_large"
        case .uriTooLong: "uri_too_long"
        case .expectationFailed: "expectation_failed"
        case .headerFieldsTooLarge: "header_fields_too_large"
        case .methodNotImplemented, .transferCodingNotImplemented: "not_implemented"
        case .versionNotSupported: "http_version_not_supported"
        case .bodiesOverBudget, .answersOverBudget, .answersOverCapacity: "service_unavailable"
        }
    }

    var message: String {
        switch self {
        case .badRequest: "The request is not valid HTTP/1.1."
        case .bareLineFeed: "A line ends in LF without CR."
        case .obsoleteLineFolding: "A header field is folded over several lines."
        case .badHost: "An HTTP/1.1 request needs exactly one valid Host header."
        case .badContentLength: "The Content-Length header is invalid or repeated."
        case .badFraming: "The message framing is ambiguous."
        case .badChunk: "The chunked body is malformed."
        case .timeout: "The request did not arrive in time."
        case .contentTooLarge: "The request body is larger than this route accepts."
        case .uriTooLong: "The request line is too long."
        case .expectationFailed: "Only Expect: 100-continue is supported."
        case .headerFieldsTooLarge: "The header section is too large or has too many fields."
        case .methodNotImplemented: "CONNECT is not implemented: this server is an origin server, not a proxy."
        case .transferCodingNotImplemented: "Only the chunked transfer coding is supported."
        case .versionNotSupported: "Only HTTP/1.0 and HTTP/1.1 are supported."
        case .bodiesOverBudget: "The server is receiving as many request bodies as it has room for."
        case .answersOverBudget: "The server holds as many unread answers as it has room for."
        case .answersOverCapacity: "The server is computing as many costly answers as it has room for."
        case .unencodedTarget: "The URL holds a character outside ASCII that was not percent-encoded."
        }
    }

    /// What the client can do instead, from the configured limits.
    func hint(_ configuration: HTTPServer.Configuration) -> String {
        switch self {
        case .badRequest, .bareLineFeed, .obsoleteLineFolding:
            "Send CRLF line endings, single spaces in the request line and token header names (RFC 9112)."
        case .badHost: "Send one Host header, e.g. Host: localhost."
        case .badContentLength: "Send one Content-Length with decimal digits only."
        case .badFraming: "Send either Content-Length or Transfer-Encoding: chunked, not both."
        case .badChunk: "Each chunk is a hex size, CRLF, the data, CRLF; end with 0 CRLF CRLF."
        case .timeout:
            "Send the whole request within \(configuration.requestReadTimeout.milliseconds / 1000) s."
        case .contentTooLarge:
            "Send at most \(ByteCount(configuration.maxBodyLength)) of content; a resource may take less."
        case .uriTooLong:
            "Keep the request line under \(ByteCount(configuration.maxRequestLineLength))."
        case .expectationFailed: "Drop the Expect header."
        case .headerFieldsTooLarge:
            "Keep headers under \(ByteCount(configuration.maxHeaderSectionLength)) and \(configuration.maxHeaderFields) fields."
        case .methodNotImplemented: "Request the resource itself, not a tunnel to it."
        case .transferCodingNotImplemented: "Send the body with Content-Length or chunked only."
        case .versionNotSupported: "Use HTTP/1.1."
        case .bodiesOverBudget, .answersOverCapacity: "Retry after the time Retry-After gives."
        case .answersOverBudget:
            "Read the answers already sent on other connections, then retry after the time Retry-After gives."
        case .unencodedTarget:
            "Percent-encode it: each byte of its UTF-8 as %XX, e.g. × as %C3%97 (430%C3%97932), or write 430x932."
        }
    }

    /// The engine's rendering with the default limits (the access log's size of an error line;
    /// a running server answers with ``LoopContext/errorResponses``, which the application renders).
    var response: PreparedResponse { Self.responses[Int(rawValue)] }

    private static let responses: [PreparedResponse] = allCases.map { error in
        HTTPEngineError(error, limits: HTTPServer.Configuration()).defaultResponse
    }
}
