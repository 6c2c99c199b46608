/// Whether this build can mirror an upstream, and the mirror it makes.
///
/// Only a build with the `UpstreamFetch` package trait links libcurl; without it, `--upstream`
/// is refused at start with a sentence saying how to build one that has it.
enum UpstreamFetching {
    #if UpstreamFetch
        static let isAvailable = true
    #else
        static let isAvailable = false
    #endif

    /// The mirror `--upstream` asks for, polling with libcurl; `nil` without `--upstream`.
    ///
    /// SIGHUP then polls the upstream at once instead of reloading a data file.
    static func makeMirror(configuration: ServerConfiguration, application: SpecApplication) -> UpstreamMirror? {
        #if UpstreamFetch
            guard let url = configuration.upstream, let state = application.upstream else { return nil }
            CurlTransfer.initialize()
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
