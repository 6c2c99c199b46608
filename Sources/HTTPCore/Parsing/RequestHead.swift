/// A parsed request head: the request line, the framing it implies, and where each part lies
/// in the read buffer (offsets from the buffer's base, so the head can be re-read in place).
struct RequestHead {
    // Widest fields first: a connection slot keeps one, so padding costs every slot.
    /// The Content-Length value, or -1 without one.
    var contentLength: Int = -1
    /// Where the method token lies; it names an ``HTTPMethod/other`` method.
    var methodStart: Int32 = 0
    var methodLength: Int32 = 0
    var targetStart: Int32 = 0
    var targetLength: Int32 = 0
    var pathStart: Int32 = 0
    var pathLength: Int32 = 0
    var queryStart: Int32 = 0
    var queryLength: Int32 = 0
    /// The number of header fields written to the field table.
    var fieldCount: Int32 = 0
    var method: HTTPMethod = .get
    var version: HTTPVersion = .http1_1
    var hasQuery = false
    var isAsteriskForm = false
    /// Transfer-Encoding: chunked (final and only coding).
    var isChunked = false
    /// Whether the connection may stay open after this request (RFC 9112 §9.3).
    var keepAlive = true
    /// `Expect: 100-continue` (RFC 9110 §10.1.1).
    var expectsContinue = false

    /// Whether a body follows the head (RFC 9112 §6.3: chunked, or Content-Length > 0).
    var hasBody: Bool { isChunked || contentLength > 0 }
}

/// The limits a head is checked against.
struct RequestLimits {
    var maxRequestLineLength = 8 * 1024
    var maxHeaderSectionLength = 16 * 1024
    var maxHeaderFields = 100
}
