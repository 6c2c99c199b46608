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

@Suite struct UpstreamScheduleTests {
    @Test func successWaitsTheIntervalLessUpToATenth() {
        let schedule = UpstreamSchedule(interval: 300)
        #expect(schedule.delayAfterSuccess(random: 0) == 270)
        #expect(schedule.delayAfterSuccess(random: 0.999) <= 300)
    }

    @Test func failuresBackOffExponentiallyWithinTheUpperHalf() {
        let schedule = UpstreamSchedule(interval: 300)
        for failures in 1...12 {
            let ceiling = min(300, Double(1 << (failures - 1)))
            let low = schedule.delayAfterFailure(failures, random: 0)
            let high = schedule.delayAfterFailure(failures, random: 0.999_999)
            #expect(low == ceiling / 2, "failure \(failures)")
            #expect(high <= ceiling && high > ceiling * 0.99, "failure \(failures)")
        }
        #expect(schedule.delayAfterFailure(1000, random: 0.5) <= 300)
    }

    @Test func jitterSpreadsReplicas() {
        let schedule = UpstreamSchedule(interval: 60)
        let delays = Set((0..<50).map { _ in schedule.delayAfterFailure(4, random: Double.random(in: 0..<1)) })
        #expect(delays.count > 40, "random draws give distinct delays")
        #expect(delays.allSatisfy { (4...8).contains($0) })
    }

    @Test func aShortIntervalStillBacksOffToAMinute() {
        #expect(UpstreamSchedule(interval: 1).delayAfterFailure(10, random: 0.999_999) > 59)
    }
}

@Suite struct AtomicFileTests {
    private func scratch() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }

    @Test func replacesTheFileAndLeavesNoTemporary() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/cache.json"
        try AtomicFile.write(Array("old".utf8), to: path)
        try AtomicFile.write(Array("new contents".utf8), to: path)
        #expect(AtomicFile.read(path, limit: 100) == .bytes(Array("new contents".utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["cache.json"])
    }

    @Test func readRefusesAFileOverTheLimit() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try AtomicFile.write([UInt8](repeating: 1, count: 70_000), to: directory + "/big")
        #expect(
            AtomicFile.read(directory + "/big", limit: 69_999)
                == .refused("\(directory)/big is larger than 69999 bytes"))
        #expect(AtomicFile.read(directory + "/big", limit: 70_000) == .bytes([UInt8](repeating: 1, count: 70_000)))
    }

    @Test func aWriteIntoAMissingDirectoryThrowsAndNamesIt() {
        #expect {
            try AtomicFile.write([1], to: "/nonexistent-directory/cache.json")
        } throws: { error in
            "\(error)".contains("/nonexistent-directory/cache.json")
        }
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
