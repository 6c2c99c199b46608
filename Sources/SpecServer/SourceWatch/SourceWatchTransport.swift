/// The page fetch this process has: libcurl's in a build with the `UpstreamFetch` trait that
/// could open libcurl, none otherwise.
enum SourceWatchTransport {
    /// `nil` when ``UpstreamFetching/unavailableReason()`` has a reason; `sources check` and
    /// `--watch-sources` then give it.
    static var fetch: PageFetch? {
        #if UpstreamFetch
            CurlTransfer.load() == nil ? CurlTransfer.fetchPage : nil
        #else
            nil
        #endif
    }
}
