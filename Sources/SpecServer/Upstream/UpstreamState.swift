import HTTPCore
import SystemSupport

/// What a mirror knows about its upstream, for `/readyz`, `/metrics` and the log.
///
/// Written by the mirror's thread, read by the event loops under a lock held only to copy it.
final class UpstreamState: Sendable {
    /// How the last attempts went.
    enum Phase: String, Sendable {
        /// No fetch has finished yet.
        case starting
        /// The last fetch succeeded: the store is the upstream's current file.
        case current
        /// The last fetch failed; the store served is the last good one.
        case failing
    }

    /// Where the store being served came from.
    enum Origin: String, Sendable {
        /// The embedded data or `--data`: no upstream copy has been had yet.
        case local
        /// The `--cache` copy, read at start.
        case cache
        /// A fetch from the upstream.
        case upstream
    }

    struct Snapshot: Sendable, Equatable {
        var url: String
        var phase = Phase.starting
        var origin = Origin.local
        var entityTag: String?
        /// Wall-clock milliseconds of the last fetch that succeeded (a 200 or a 304).
        var lastSuccessMilliseconds: Int?
        var lastError: String?
        var consecutiveFailures = 0
        var updated = 0
        var unchanged = 0
        var failed = 0
    }

    private let snapshot: Locked<Snapshot>

    /// The state of a mirror of `url`, which is kept with its credentials and query values
    /// redacted: `/readyz` is public and answers any origin.
    init(url: String) {
        snapshot = Locked(Snapshot(url: RedactedURL(url).description))
    }

    var current: Snapshot { snapshot.withLock { $0 } }

    func update(_ change: (inout Snapshot) -> Void) {
        snapshot.withLock { change(&$0) }
    }

    /// The `upstream` member of `/readyz`.
    func readinessJSON() -> String {
        let now = current
        var json = "{\"url\":\(ServerLog.quoted(now.url)),\"state\":\"\(now.phase.rawValue)\""
        json += ",\"serving\":\"\(now.origin.rawValue)\""
        if let success = now.lastSuccessMilliseconds {
            json +=
                ",\"lastSuccess\":\"\(ServerLog.rfc3339(seconds: success / 1000, nanoseconds: success % 1000 * 1_000_000))\""
        }
        if let error = now.lastError { json += ",\"lastError\":\(ServerLog.quoted(error))" }
        json += ",\"consecutiveFailures\":\(now.consecutiveFailures)}"
        return json
    }

    /// The exposition lines for the upstream.
    func exposition() -> String {
        let now = current
        var text = "# HELP spec_server_upstream_fetches_total Fetches from the upstream, by result.\n"
        text += "# TYPE spec_server_upstream_fetches_total counter\n"
        text += "spec_server_upstream_fetches_total{result=\"updated\"} \(now.updated)\n"
        text += "spec_server_upstream_fetches_total{result=\"unchanged\"} \(now.unchanged)\n"
        text += "spec_server_upstream_fetches_total{result=\"failed\"} \(now.failed)\n"
        text += "# HELP spec_server_upstream_up Whether the last fetch from the upstream succeeded.\n"
        text += "# TYPE spec_server_upstream_up gauge\n"
        text += "spec_server_upstream_up \(now.phase == .current ? 1 : 0)\n"
        text += "# HELP spec_server_upstream_consecutive_failures Failed fetches since the last success.\n"
        text += "# TYPE spec_server_upstream_consecutive_failures gauge\n"
        text += "spec_server_upstream_consecutive_failures \(now.consecutiveFailures)\n"
        text += "# HELP spec_server_upstream_last_success_timestamp_seconds When a fetch last succeeded (0: never).\n"
        text += "# TYPE spec_server_upstream_last_success_timestamp_seconds gauge\n"
        text += "spec_server_upstream_last_success_timestamp_seconds "
        text += "\(ReloadMetrics.seconds(milliseconds: now.lastSuccessMilliseconds ?? 0))\n"
        return text
    }
}
