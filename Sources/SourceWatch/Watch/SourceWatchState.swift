import SystemSupport

/// The last background source check (`--watch-sources`), for `/v1/sources` and `/metrics`.
package final class SourceWatchState: Sendable {
    private struct Counts {
        var report: SourceReport?
        var checks: [String: Int] = [:]
        var lastSeconds = 0
    }

    private let counts = Locked(Counts())

    /// A state before any check.
    package init() {}

    /// The results a check can have, in exposition order.
    package static let results = ["no-drift", "drift", "unreadable"]

    /// Keeps `report` as the last one, counted; `seconds` is the wall-clock time it ended.
    package func record(_ report: SourceReport, seconds: Int) {
        counts.withLock {
            $0.report = report
            $0.checks[report.result, default: 0] += 1
            $0.lastSeconds = seconds
        }
    }

    /// The last report, or `nil` before the first check ends.
    package var report: SourceReport? { counts.withLock { $0.report } }

    /// The Prometheus lines: findings by kind, checks by result, the last check's time and exit status.
    package func exposition() -> String {
        let counts = self.counts.withLock { $0 }
        var text = "# HELP spec_server_source_findings Findings of the last source check, by kind.\n"
        text += "# TYPE spec_server_source_findings gauge\n"
        for kind in SourceFinding.Kind.allCases {
            let count = counts.report?.findings.count { $0.kind == kind } ?? 0
            text += "spec_server_source_findings{kind=\"\(kind.rawValue)\"} \(count)\n"
        }
        text += "# HELP spec_server_source_checks_total Source checks run, by result.\n"
        text += "# TYPE spec_server_source_checks_total counter\n"
        for result in Self.results {
            text += "spec_server_source_checks_total{result=\"\(result)\"} \(counts.checks[result] ?? 0)\n"
        }
        text +=
            "# HELP spec_server_source_last_check_timestamp_seconds When the last source check ended (0: none yet).\n"
        text += "# TYPE spec_server_source_last_check_timestamp_seconds gauge\n"
        text += "spec_server_source_last_check_timestamp_seconds \(counts.lastSeconds)\n"
        text +=
            "# HELP spec_server_source_last_check_status The last source check's exit status: 0 no drift, 1 drift, 2 a page unreadable, -1 none yet.\n"
        text += "# TYPE spec_server_source_last_check_status gauge\n"
        text += "spec_server_source_last_check_status \(counts.report.map { Int($0.exitCode) } ?? -1)\n"
        return text
    }
}
