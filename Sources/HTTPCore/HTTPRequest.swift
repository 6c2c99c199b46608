/// One parsed request, as handed to ``HTTPApplication/respond(to:)``: a view into the
/// engine's buffers, valid only during that call.
///
/// Nothing in it is copied or allocated; ``HTTPBytes/string`` copies when a `String` is really
/// needed. The request and every view reached through it are `~Escapable`: the compiler
/// rejects keeping one (in a property, a global, an escaping closure) beyond the buffer it
/// views, so bytes the engine has since reused can never be read.
public struct HTTPRequest: ~Copyable, ~Escapable {
    /// The request method.
    public let method: HTTPMethod

    /// The method token exactly as sent, e.g. `GET` or `QUERY`: what tells one
    /// ``HTTPMethod/other`` method from another.
    public let methodName: HTTPBytes

    /// The protocol version of the request line.
    public let version: HTTPVersion

    /// The request-target exactly as sent: origin-form (`/a/b?c=1`), absolute-form
    /// (`http://host/a/b`), or `*` (RFC 9112 §3.2).
    public let target: HTTPBytes

    /// The path of the target, starting with `/` (for absolute-form, the path after the
    /// authority; `/` when the authority has none). Still percent-encoded.
    public let path: HTTPBytes

    /// The query of the target, without the `?`, still percent-encoded; empty when there is
    /// none (see ``hasQuery``).
    public let query: HTTPBytes

    /// Whether the target has a `?`, even one followed by nothing.
    public let hasQuery: Bool

    /// The header fields, in the order received.
    public let headers: HTTPHeaders

    /// The request content, de-chunked; empty when the request has none, and always empty in
    /// ``HTTPApplication/bodyLimit(for:)``.
    public let body: HTTPBytes

    /// Whether the method is `HEAD`: the engine sends the headers of the response, never its
    /// body (RFC 9110 §9.3.2).
    public var isHEAD: Bool { method == .head }

    /// Builds a request view; used by the engine and by tests of an application. The request
    /// lives no longer than the views it is built from.
    ///
    /// - Parameter methodName: the token as sent; by default the token of `method`, which is
    ///   empty for ``HTTPMethod/other``.
    @_lifetime(copy methodName, copy target, copy path, copy query, copy headers, copy body)
    public init(
        method: HTTPMethod,
        methodName: HTTPBytes? = nil,
        version: HTTPVersion = .http1_1,
        target: HTTPBytes,
        path: HTTPBytes,
        query: HTTPBytes = HTTPBytes(),
        hasQuery: Bool = false,
        headers: HTTPHeaders = HTTPHeaders(),
        body: HTTPBytes = HTTPBytes()
    ) {
        self.method = method
        if let methodName {
            self.methodName = methodName
        } else {
            self.methodName = HTTPBytes(method.token)
        }
        self.version = version
        self.target = target
        self.path = path
        self.query = query
        self.hasQuery = hasQuery
        self.headers = headers
        self.body = body
    }
}
