import SourceWatch

/// How the application shows a mirror's state: in `/readyz` and in `/metrics`.
extension UpstreamState {
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
