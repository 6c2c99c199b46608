/// The page fetch this build has: libcurl's with the `UpstreamFetch` trait, none without.
enum SourceWatchTransport {
    /// `nil` in a build without libcurl; `sources check` and `--watch-sources` then say how to get one.
    static var fetch: PageFetch? {
        #if UpstreamFetch
            CurlTransfer.initialize()
            return CurlTransfer.fetchPage
        #else
            return nil
        #endif
    }
}
