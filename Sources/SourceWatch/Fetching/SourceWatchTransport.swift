/// The page fetch this process has: libcurl's in a build with the `UpstreamFetch` trait that
/// could open libcurl, none otherwise.
package enum SourceWatchTransport {
    /// `nil` when ``UpstreamFetching/unavailableReason()`` has a reason; `sources check` and
    /// `--watch-sources` then give it. Its User-Agent starts with `product` (`spec-server/1.0.0`).
    package static func fetch(product: String) -> PageFetch? {
        #if UpstreamFetch
            guard CurlTransfer.load() == nil else { return nil }
            return { @Sendable request in CurlTransfer.fetchPage(request, product: product) }
        #else
            nil
        #endif
    }
}
