/// Whether this process can fetch over HTTP(S), and the mirror it makes.
///
/// Only a build with the `UpstreamFetch` package trait can fetch, and it opens libcurl at run time,
/// on the first fetch asked for: a server that never fetches neither needs libcurl installed nor
/// holds it in memory. Without either, `--upstream`, `--watch-sources` and `sources check` are
/// refused at start with a sentence saying what is missing.
enum UpstreamFetching {
    /// Why this process cannot fetch, worded to follow the name of what asked (`--upstream …`), or
    /// `nil` when it can. In a build with the trait, the first call opens libcurl.
    static func unavailableReason() -> String? {
        #if UpstreamFetch
            CurlTransfer.load().map { "needs libcurl at run time (Debian: apt-get install libcurl4): \($0)" }
        #else
            "needs a build with the UpstreamFetch trait (swift build --traits UpstreamFetch)"
        #endif
    }

    /// The mirror `--upstream` asks for, polling with libcurl; `nil` without `--upstream`, or
    /// where ``unavailableReason()`` has a reason.
    ///
    /// SIGHUP then polls the upstream at once instead of reloading a data file.
    static func makeMirror(configuration: ServerConfiguration, application: SpecApplication) -> UpstreamMirror? {
        #if UpstreamFetch
            guard let url = configuration.upstream, let state = application.upstream, CurlTransfer.load() == nil
            else { return nil }
            let mirror = UpstreamMirror(
                settings: UpstreamMirror.Settings(
                    url: url, intervalSeconds: configuration.upstreamIntervalSeconds,
                    cachePath: configuration.cachePath,
                    maxBytes: configuration.upstreamMaxBytes, timeoutSeconds: configuration.upstreamTimeoutSeconds),
                application: application, state: state, transfer: CurlTransfer.fetch)
            application.onReload { [weak mirror] in mirror?.pollNow() }
            return mirror
        #else
            return nil
        #endif
    }
}
