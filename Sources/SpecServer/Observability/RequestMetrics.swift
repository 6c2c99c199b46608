import HTTPCore
import SpecAPI
import SpecFormats
import Synchronization

/// Counters for `/metrics`: requests by route and status, and a latency histogram by route.
///
/// Every counter is a relaxed atomic, so the event loops record without locking; a scrape reads
/// each counter once, which is as consistent as Prometheus needs.
final class RequestMetrics: Sendable {
    /// The status codes counted one by one; any other lands in `other`.
    static let statuses = [200, 204, 304, 400, 404, 405, 406, 413, 500, 503]
    /// Upper bounds of the latency buckets, in microseconds.
    static let bucketBounds = [25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 100_000]

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
        func add(_ amount: Int) { value.wrappingAdd(amount, ordering: .relaxed) }
        var current: Int { value.load(ordering: .relaxed) }
    }

    /// One counter per route (plus "no route") × status slot (plus "other").
    private let requests: [Counter]
    /// One row of `bucketBounds.count + 1` counters per route slot.
    private let buckets: [Counter]
    /// Microseconds spent, per route slot.
    private let latencySums: [Counter]
    private static let routeSlots = Route.allCases.count + 1
    private static let statusSlots = statuses.count + 1

    init() {
        requests = (0..<(Self.routeSlots * Self.statusSlots)).map { _ in Counter() }
        buckets = (0..<(Self.routeSlots * (Self.bucketBounds.count + 1))).map { _ in Counter() }
        latencySums = (0..<Self.routeSlots).map { _ in Counter() }
    }

    /// Records one answered request; `route` is `nil` for a path no route matches.
    func record(route: Route?, status: Int, microseconds: Int) {
        let routeSlot = route?.position ?? Route.allCases.count
        let statusSlot = Self.statuses.firstIndex(of: status) ?? Self.statuses.count
        requests[routeSlot * Self.statusSlots + statusSlot].add(1)
        let bucket = Self.bucketBounds.firstIndex { microseconds <= $0 } ?? Self.bucketBounds.count
        buckets[routeSlot * (Self.bucketBounds.count + 1) + bucket].add(1)
        latencySums[routeSlot].add(microseconds)
    }

    /// The Prometheus text exposition (format 0.0.4).
    func exposition(openConnections: Int, engineRequests: Int, storeVersion: String?, storeLoads: Int) -> String {
        var text = "# HELP spec_server_requests_total Requests answered by the application, by route and status.\n"
        text += "# TYPE spec_server_requests_total counter\n"
        for routeSlot in 0..<Self.routeSlots {
            let route = Self.routeLabel(routeSlot)
            for statusSlot in 0..<Self.statusSlots {
                let count = requests[routeSlot * Self.statusSlots + statusSlot].current
                guard count > 0 else { continue }
                let status = statusSlot < Self.statuses.count ? String(Self.statuses[statusSlot]) : "other"
                text += "spec_server_requests_total{route=\"\(route)\",status=\"\(status)\"} \(count)\n"
            }
        }
        text += "# HELP spec_server_request_duration_seconds Time the application took to answer, by route.\n"
        text += "# TYPE spec_server_request_duration_seconds histogram\n"
        let row = Self.bucketBounds.count + 1
        for routeSlot in 0..<Self.routeSlots {
            let counts = (0..<row).map { buckets[routeSlot * row + $0].current }
            // A route never asked has no series, as with the request counter.
            guard counts.contains(where: { $0 > 0 }) else { continue }
            let route = "route=\"\(Self.routeLabel(routeSlot))\""
            var cumulative = 0
            for (index, bound) in Self.bucketBounds.enumerated() {
                cumulative += counts[index]
                text +=
                    "spec_server_request_duration_seconds_bucket{\(route),le=\"\(Self.seconds(bound))\"} \(cumulative)\n"
            }
            cumulative += counts[Self.bucketBounds.count]
            text += "spec_server_request_duration_seconds_bucket{\(route),le=\"+Inf\"} \(cumulative)\n"
            text +=
                "spec_server_request_duration_seconds_sum{\(route)} \(Self.seconds(latencySums[routeSlot].current))\n"
            text += "spec_server_request_duration_seconds_count{\(route)} \(cumulative)\n"
        }
        text += "# HELP spec_server_open_connections Connections open now.\n"
        text += "# TYPE spec_server_open_connections gauge\n"
        text += "spec_server_open_connections \(openConnections)\n"
        text += "# HELP spec_server_engine_requests_total Requests the engine answered, its own errors included.\n"
        text += "# TYPE spec_server_engine_requests_total counter\n"
        text += "spec_server_engine_requests_total \(engineRequests)\n"
        text += "# HELP spec_server_store_loads_total Data files loaded successfully, the first included.\n"
        text += "# TYPE spec_server_store_loads_total counter\n"
        text += "spec_server_store_loads_total \(storeLoads)\n"
        text += "# HELP spec_server_store_info The store version being served (latest).\n"
        text += "# TYPE spec_server_store_info gauge\n"
        if let storeVersion {
            text += "spec_server_store_info{version=\"\(Self.labelEscaped(storeVersion))\"} 1\n"
        }
        return text
    }

    /// The engine's memory budgets as gauges: what request bodies (and check batches waiting or
    /// being judged) hold, and what answers clients have not read hold, each against its limit.
    static func budgetExposition(server: HTTPServer?) -> String {
        var text = "# HELP spec_server_buffered_body_bytes Bytes of request bodies and check batches held now.\n"
        text += "# TYPE spec_server_buffered_body_bytes gauge\n"
        text += "spec_server_buffered_body_bytes \(server?.bufferedBodyBytes ?? 0)\n"
        text += "# HELP spec_server_buffered_body_limit_bytes The most they may hold (--max-buffered-body-bytes).\n"
        text += "# TYPE spec_server_buffered_body_limit_bytes gauge\n"
        text += "spec_server_buffered_body_limit_bytes \(server?.configuration.maxBufferedBodyBytes ?? 0)\n"
        text += "# HELP spec_server_unread_answer_bytes Bytes of answers held for clients that have not read them.\n"
        text += "# TYPE spec_server_unread_answer_bytes gauge\n"
        text += "spec_server_unread_answer_bytes \(server?.unreadAnswerBytes ?? 0)\n"
        text += "# HELP spec_server_unread_answer_limit_bytes The most they may hold (--max-unread-bytes).\n"
        text += "# TYPE spec_server_unread_answer_limit_bytes gauge\n"
        text += "spec_server_unread_answer_limit_bytes \(server?.configuration.maxUnreadAnswerBytes ?? 0)\n"
        return text
    }

    /// The `route` label of a slot: the route's path template, or `unmatched`.
    private static func routeLabel(_ slot: Int) -> String {
        slot < Route.allCases.count ? labelEscaped(Route.allCases[slot].template) : "unmatched"
    }

    /// Microseconds as seconds, in decimal without exponent.
    static func seconds(_ microseconds: Int) -> String {
        let whole = microseconds / 1_000_000
        let fraction = String(microseconds % 1_000_000).leftPadded(to: 6)
        var text = "\(whole).\(fraction)"
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func labelEscaped(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }
}
