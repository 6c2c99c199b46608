import Foundation
import Glibc
import HTTPCore
import SystemSupport
import Testing

@testable import SpecServer

@Suite struct ServerLogTests {
    @Test(arguments: [
        (0, 0, "1970-01-01T00:00:00.000Z"),
        (1_741_339_805, 123_456_789, "2025-03-07T09:30:05.123Z"),
        (951_782_400, 5_000_000, "2000-02-29T00:00:00.005Z"),
    ])
    func formatsRFC3339InUTC(seconds: Int, nanoseconds: Int, expected: String) {
        #expect(ServerLog.rfc3339(seconds: seconds, nanoseconds: nanoseconds) == expected)
    }

    @Test func jsonLineIsOneObjectWithTimeLevelMessageAndFields() throws {
        let line = ServerLog.jsonLine(
            .warn, "reload refused", ["file": .string("a \"b\"\n\u{1}"), "count": .int(3)], time: (0, 0))
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["time"] as? String == "1970-01-01T00:00:00.000Z")
        #expect(object["level"] as? String == "warn")
        #expect(object["msg"] as? String == "reload refused")
        #expect(object["file"] as? String == "a \"b\"\n\u{1}")
        #expect(object["count"] as? Int == 3)
    }

    @Test func textModeWritesTheSentence() {
        let lines = Locked<[String]>([])
        let log = ServerLog(format: .text) { line in lines.withLock { $0.append(line) } }
        log.write(.info, "stopped", text: "spec-server: stopped")
        #expect(lines.withLock { $0 } == ["spec-server: stopped"])
    }
}

@Suite struct SubcommandTests {
    @Test func healthCheckIsDispatchedByName() {
        #expect(Subcommand.named("health-check")?.name == "health-check")
        #expect(Subcommand.named("--port") == nil)
        #expect(Subcommand.named(nil) == nil)
        #expect(ServerConfiguration.helpText.contains("spec-server health-check [options]"))
    }

    @Test(arguments: [("0.0.0.0", "127.0.0.1"), ("::", "::1"), ("10.1.2.3", "10.1.2.3"), ("::1", "::1")])
    func healthCheckAsksWildcardListenersOnLoopback(host: String, probe: String) {
        #expect(HealthCheck.probeAddress(for: host) == probe)
    }

    @Test func reloadTimestampsAreDecimalSeconds() {
        #expect(ReloadMetrics.seconds(milliseconds: 0) == "0")
        #expect(ReloadMetrics.seconds(milliseconds: 1_764_539_832_500) == "1764539832.5")
        #expect(ReloadMetrics.seconds(milliseconds: 1_764_539_832_007) == "1764539832.007")
    }
}
