import Foundation
import Glibc
import JSON
import TestSupport
import Testing

/// Runs `spec-server ARGUMENTS` to its end (within `seconds`); returns its status and stderr.
func runSpecServer(_ arguments: [String], environment: [String: String] = [:], seconds: Double = 20) throws -> (
    status: Int32, standardError: String
) {
    let process = Process()
    process.executableURL = ServerProcess.executable
    process.arguments = arguments
    process.environment = environment
    let pipe = Pipe()
    process.standardError = pipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    try waitUntil("spec-server \(arguments.joined(separator: " ")) exits", seconds: seconds) { !process.isRunning }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}

/// `spec-server health-check`: what a container HEALTHCHECK runs, with the server's own settings.
@Suite struct HealthCheckTests {
    @Test func answersZeroForARunningServerFromFlagsOrEnvironment() throws {
        let server = try ServerProcess()
        let port = String(server.boundPort)
        #expect(try runSpecServer(["health-check", "--host", "127.0.0.1", "--port", port]).status == 0)
        #expect(try runSpecServer(["health-check"], environment: ["SPEC_SERVER_PORT": port]).status == 0)
        // As in the image: SPEC_SERVER_HOST=0.0.0.0 is asked on loopback.
        #expect(
            try runSpecServer(["health-check"], environment: ["SPEC_SERVER_HOST": "0.0.0.0", "SPEC_SERVER_PORT": port])
                .status == 0)
    }

    @Test func reachesAServerOnIPv6Loopback() throws {
        let server = try ServerProcess(["--host", "::1"])
        let port = String(server.boundPort)
        #expect(try runSpecServer(["health-check", "--host", "::1", "--port", port]).status == 0)
        // A server listening on every IPv6 address is asked on ::1.
        #expect(try runSpecServer(["health-check", "--host", "::", "--port", port]).status == 0)
        let refused = try runSpecServer(["health-check", "--host", "127.0.0.1", "--port", port])
        #expect(refused.status == 1, "nothing listens on IPv4 there")
    }

    @Test func answersOneWithAReasonWhenNothingListens() throws {
        // A port that was just free: bind, read it, close.
        let server = try ServerProcess()
        let port = server.boundPort
        server.send(SIGTERM)
        #expect(try server.waitForExit(seconds: 60) == 0)
        let result = try runSpecServer(["health-check", "--port", String(port)])
        #expect(result.status == 1)
        #expect(result.standardError.contains("http://127.0.0.1:\(port)/readyz"), "\(result.standardError)")
    }

    @Test func answersOneWhenTheOptionsDoNotParse() throws {
        let result = try runSpecServer(["health-check"], environment: ["SPEC_SERVER_PORT": "eighty"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("SPEC_SERVER_PORT"))
    }
}

/// `--log json`: every line the server writes is one JSON object with time, level and msg.
@Suite struct JSONLogTests {
    @Test func everyLineIsAJSONObjectFromStartToShutdown() throws {
        let data = try ReplacedDataFile(directoryPrefix: "json-log")
        defer { data.remove() }
        try data.install("minimal.json")
        let server = try ServerProcess(["--data", data.path, "--log", "json"])
        #expect(server.startVersion == "2025-03-07")
        #expect(try LoopbackClient.request(port: server.boundPort, "/v1/devices").status == 200)
        // Refused by the engine itself (a request line that is not HTTP).
        _ = try? LoopbackClient.exchange(port: server.boundPort, "NOT-HTTP\r\n\r\n")
        try data.install("valid.json")
        server.send(SIGHUP)
        try server.waitForLog(containing: "\"msg\":\"reloaded\"", seconds: 60)
        try data.install("broken/syntax-truncated.json")
        server.send(SIGHUP)
        try server.waitForLog(containing: "\"msg\":\"reload refused\"", seconds: 60)
        server.send(SIGTERM)
        #expect(try server.waitForExit(seconds: 60) == 0)

        let lines = server.standardError.split(separator: "\n")
        var messages: [String] = []
        for line in lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                "not one JSON object: \(line)")
            let time = try #require(object["time"] as? String, "\(line)")
            #expect(
                time.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$"#, options: .regularExpression) != nil,
                "RFC 3339 time: \(time)")
            #expect(["info", "warn", "error"].contains(object["level"] as? String ?? ""), "\(line)")
            messages.append(try #require(object["msg"] as? String, "\(line)"))
        }
        #expect(messages.first == "serving")
        #expect(messages.contains("request"))
        #expect(messages.contains("refused"), "the engine's refusal: \(messages)")
        #expect(messages.contains("reloaded"))
        #expect(messages.contains("reload refused"))
        #expect(messages.last == "stopped")
        let request = try #require(lines.first { $0.contains("\"target\":\"/v1/devices\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(request.utf8)) as? [String: Any])
        #expect(object["status"] as? Int == 200)
        #expect(object["method"] as? String == "GET")
    }
}

#if !UpstreamFetch
    /// The default build links no libcurl, so it has no mirror to offer.
    @Suite struct DefaultBuildUpstreamTests {
        @Test func refusesUpstreamNamingTheTrait() throws {
            let result = try runSpecServer(["--port", "0", "--upstream", "http://127.0.0.1:9/v1/export"])
            #expect(result.status == 64)
            #expect(result.standardError.contains("--traits UpstreamFetch"), "\(result.standardError)")
        }
    }
#endif
