/// One GET of a page's JSON, as the source watch asks for it.
struct PageRequest: Sendable {
    var url: String
    /// A previous answer's `ETag`, sent as `If-None-Match`.
    var entityTag: String?
    /// A previous answer's `Last-Modified`, sent as `If-Modified-Since`.
    var lastModified: String?
    var timeoutSeconds: Int
    var maxBytes: Int
    /// Whether to abandon the transfer (the server is stopping).
    var isCancelled: @Sendable () -> Bool = { false }
}

/// What a GET of a page's JSON came to. Redirects are answers, never followed.
enum PageResponse: Sendable, Equatable {
    /// A 2xx answer with its body and validators.
    case body(status: Int, bytes: [UInt8], entityTag: String?, lastModified: String?)
    /// 304: unchanged since the validators sent.
    case notModified
    /// A 3xx answer and where it points.
    case redirect(status: Int, location: String?)
    /// Any other status.
    case status(Int)
    /// No answer: a timeout, a refused connection, a truncated or oversized body.
    case failed(String)
}

/// Fetches one page; libcurl's in the `UpstreamFetch` build, a closure in tests.
typealias PageFetch = @Sendable (PageRequest) -> PageResponse
