/// One GET of a page's JSON, as the source watch asks for it.
package struct PageRequest: Sendable {
    package var url: String
    /// A previous answer's `ETag`, sent as `If-None-Match`.
    package var entityTag: String?
    /// A previous answer's `Last-Modified`, sent as `If-Modified-Since`.
    package var lastModified: String?
    package var timeoutSeconds: Int
    package var maxBytes: Int
    /// Whether to abandon the transfer (the server is stopping).
    package var isCancelled: @Sendable () -> Bool = { false }
}

/// What a GET of a page's JSON came to. Redirects are answers, never followed.
package enum PageResponse: Sendable, Equatable {
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
package typealias PageFetch = @Sendable (PageRequest) -> PageResponse
