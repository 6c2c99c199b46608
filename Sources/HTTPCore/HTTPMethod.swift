/// A request method (RFC 9110 §9; PATCH from RFC 5789).
///
/// The methods the engine knows by name have a case each; any other syntactically valid method
/// token (RFC 9110 §9.1: a case-sensitive `token`, such as `QUERY`, `PURGE` or `get`) arrives as
/// ``other``, and ``HTTPRequest/methodName`` holds its bytes. The engine leaves the answer to the
/// application: it knows which resources exist, so it can answer `405` with `Allow` for a known
/// one, where the engine alone could only say `501`. `CONNECT` never reaches the application:
/// its target is an authority, not a resource, and an origin server offers no tunnel
/// (RFC 9110 §9.3.6), so the engine answers `501`.
public enum HTTPMethod: UInt8, Sendable, Hashable, CaseIterable {
    case get, head, post, put, delete, options, patch, trace, connect
    /// A valid method token outside the cases above; read ``HTTPRequest/methodName``.
    case other

    /// The method's token as sent on the wire, e.g. `"GET"`; `nil` for ``other``, whose token
    /// only ``HTTPRequest/methodName`` knows.
    public var name: String? {
        switch self {
        case .other: nil
        default: String(describing: token)
        }
    }

    /// The token of a known method, or an empty string for ``other``.
    var token: StaticString {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .patch: "PATCH"
        case .trace: "TRACE"
        case .connect: "CONNECT"
        case .other: ""
        }
    }
}

/// The protocol version of a request: HTTP/1.0 or HTTP/1.1 (RFC 9112 §2.3).
public enum HTTPVersion: UInt8, Sendable, Hashable {
    case http1_0
    case http1_1
}
