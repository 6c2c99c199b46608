import Synchronization

/// Store swaps after the first load — by SIGHUP or from an upstream — for `/metrics`.
final class ReloadMetrics: Sendable {
    private let successes = Atomic<Int>(0)
    private let failures = Atomic<Int>(0)
    /// Wall-clock milliseconds of the last successful reload; 0 before the first.
    private let lastSuccess = Atomic<Int>(0)

    /// Counts a new store served from now on.
    func recordSuccess(atMilliseconds now: Int = ReloadMetrics.wallMilliseconds()) {
        successes.wrappingAdd(1, ordering: .relaxed)
        lastSuccess.store(now, ordering: .relaxed)
    }

    /// Counts a candidate store refused; the old one serves on.
    func recordFailure() {
        failures.wrappingAdd(1, ordering: .relaxed)
    }

    var successCount: Int { successes.load(ordering: .relaxed) }
    var failureCount: Int { failures.load(ordering: .relaxed) }

    /// The exposition lines: reloads by result and the time of the last success (0 if none).
    func exposition() -> String {
        var text =
            "# HELP spec_server_reloads_total Store reloads after start, by result (a failure keeps the old store).\n"
        text += "# TYPE spec_server_reloads_total counter\n"
        text += "spec_server_reloads_total{result=\"success\"} \(successCount)\n"
        text += "spec_server_reloads_total{result=\"failure\"} \(failureCount)\n"
        text += "# HELP spec_server_last_reload_success_timestamp_seconds When the last reload succeeded (0: never).\n"
        text += "# TYPE spec_server_last_reload_success_timestamp_seconds gauge\n"
        let milliseconds = lastSuccess.load(ordering: .relaxed)
        text += "spec_server_last_reload_success_timestamp_seconds \(Self.seconds(milliseconds: milliseconds))\n"
        return text
    }

    /// Milliseconds as decimal seconds, e.g. `1764539832.5`.
    static func seconds(milliseconds: Int) -> String {
        let fraction = milliseconds % 1000
        guard fraction != 0 else { return String(milliseconds / 1000) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(milliseconds / 1000).\(digits)"
    }

    static func wallMilliseconds() -> Int {
        let now = ServerLog.now()
        return now.seconds * 1000 + now.nanoseconds / 1_000_000
    }
}
