import SourceWatch
import SpecStore

extension SpecApplication {
    /// What a mirror of this application changes: the store it serves, its reload counts and its
    /// log.
    var mirrorServing: UpstreamMirror.Serving {
        let reloads = reloads
        let logger = logger
        return UpstreamMirror.Serving(
            install: { [self] store in install(store) },
            countReload: { succeeded in succeeded ? reloads.recordSuccess() : reloads.recordFailure() },
            log: { line in logger.write(line) })
    }

    /// The mirror `--upstream` asks for, polling with libcurl; `nil` without `--upstream`, or
    /// where ``UpstreamFetching/unavailableReason()`` has a reason.
    ///
    /// SIGHUP then polls the upstream at once instead of reloading a data file.
    func makeMirror(configuration: ServerConfiguration) -> UpstreamMirror? {
        #if UpstreamFetch
            guard let url = configuration.upstream, let state = upstream, CurlTransfer.load() == nil
            else { return nil }
            let mirror = UpstreamMirror(
                settings: UpstreamMirror.Settings(
                    url: url, intervalSeconds: configuration.upstreamIntervalSeconds,
                    cachePath: configuration.cachePath,
                    maxBytes: configuration.upstreamMaxBytes, timeoutSeconds: configuration.upstreamTimeoutSeconds),
                serving: mirrorServing, state: state,
                transfer: { request in CurlTransfer.fetch(request, product: SpecServerCommand.product) })
            onReload { [weak mirror] in mirror?.pollNow() }
            return mirror
        #else
            return nil
        #endif
    }
}
