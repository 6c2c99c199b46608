/// Whether this process can fetch over HTTP(S).
///
/// Only a build with the `UpstreamFetch` package trait can fetch, and it opens libcurl at run time,
/// on the first fetch asked for: a server that never fetches neither needs libcurl installed nor
/// holds it in memory. Without either, `--upstream`, `--watch-sources` and `sources check` are
/// refused at start with a sentence saying what is missing.
package enum UpstreamFetching {
    /// Why this process cannot fetch, worded to follow the name of what asked (`--upstream …`), or
    /// `nil` when it can. In a build with the trait, the first call opens libcurl.
    package static func unavailableReason() -> String? {
        #if UpstreamFetch
            CurlTransfer.load().map { "needs libcurl at run time (Debian: apt-get install libcurl4): \($0)" }
        #else
            "needs a build with the UpstreamFetch trait (swift build --traits UpstreamFetch)"
        #endif
    }
}
