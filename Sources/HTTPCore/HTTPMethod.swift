/// A request method the engine recognises (RFC 9110 §9; PATCH from RFC 5789).
///
/// A syntactically valid method outside this list gets `501 Not Implemented` from the engine
/// (RFC 9110 §9.1) and never reaches the application; so does `CONNECT`.
public enum HTTPMethod: UInt8, Sendable, Hashable, CaseIterable {
    case get, head, post, put, delete, options, patch, trace, connect

    /// The method's token as sent on the wire, e.g. `"GET"`.
    public var name: String {
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
        }
    }
}

/// The protocol version of a request: HTTP/1.0 or HTTP/1.1 (RFC 9112 §2.3).
public enum HTTPVersion: UInt8, Sendable, Hashable {
    case http1_0
    case http1_1
}
