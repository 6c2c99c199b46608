import Foundation
import Glibc
import TestSupport
import Testing

/// The `spec-server` executable end to end: a child process on a loopback port, real sockets.
@Suite(.timeLimit(.minutes(2)))
struct ExecutableTests {
    /// A route family, what it answers with, and whether it is a data route (ETag, Vary,
    /// Spec-Version, public caching).
    struct RouteCase: CustomTestStringConvertible, Sendable {
        let target: String
        let contentType: String
        let isData: Bool
        var testDescription: String { target }
    }

    static let routes: [RouteCase] = [
        .init(target: "/", contentType: "application/json", isData: true),
        .init(target: "/v1/devices", contentType: "application/json", isData: true),
        .init(target: "/v1/devices/device.iphone-16-pro", contentType: "application/json", isData: true),
        .init(
            target: "/v1/size-classes?format=csv", contentType: "text/csv; charset=utf-8; header=present", isData: true),
        .init(target: "/v1/widgets?screen=430x932", contentType: "application/json", isData: true),
        .init(
            target: "/v1/dynamic-type?category=ax5&format=md", contentType: "text/markdown; charset=utf-8", isData: true
        ),
        .init(
            target: "/v1/text-styles?platform=macos&format=html", contentType: "text/html; charset=utf-8", isData: true),
        .init(target: "/v1/tracking", contentType: "application/json", isData: true),
        .init(target: "/v1/metrics?topic=controls", contentType: "application/json", isData: true),
        .init(target: "/v1/rules?kind=requirement", contentType: "application/json", isData: true),
        .init(target: "/v1/myths", contentType: "application/json", isData: true),
        .init(target: "/v1/search?q=tap%20target", contentType: "application/json", isData: true),
        .init(
            target: "/v1/check?figure=metric.controls.ios.minimum-size&width=30&height=30",
            contentType: "application/json", isData: true),
        .init(target: "/v1/versions", contentType: "application/json", isData: true),
        .init(target: "/v1/diff?from=2023&to=2025-03-07", contentType: "application/json", isData: true),
        .init(target: "/v1/export", contentType: "application/json", isData: true),
        .init(target: "/v1/tokens/dynamic-type/large", contentType: "application/design-tokens+json", isData: true),
        .init(target: "/v1/tokens/metrics?flat=true", contentType: "application/design-tokens+json", isData: true),
        .init(target: "/openapi.json", contentType: "application/json", isData: true),
        .init(target: "/healthz", contentType: "application/json", isData: false),
        .init(target: "/readyz", contentType: "application/json", isData: false),
        .init(target: "/metrics", contentType: "text/plain; version=0.0.4; charset=utf-8", isData: false),
    ]

    @Test func everyRouteFamilyAnswersWithItsStatusTypeAndHeaders() throws {
        let server = try ServerProcess()
        for route in Self.routes {
            let answer = try LoopbackClient.request(port: server.boundPort, route.target)
            #expect(answer.status == 200, "\(route.target): \(answer.text.prefix(200))")
            #expect(answer[header: "Content-Type"] == route.contentType, "\(route.target)")
            #expect(answer[header: "Content-Length"] == String(answer.body.count), "\(route.target)")
            #expect(answer[header: "Date"]?.hasSuffix(" GMT") == true, "\(route.target)")
            #expect(answer[header: "Access-Control-Allow-Origin"] == "*", "\(route.target)")
            if route.isData {
                #expect(answer[header: "ETag"]?.hasPrefix("\"") == true, "\(route.target): a strong tag")
                #expect(answer[header: "Cache-Control"] == "public, max-age=300", "\(route.target)")
                let vary = answer.body.count >= 1024 ? "Accept, Accept-Encoding" : "Accept"
                #expect(answer[header: "Vary"] == vary, "\(route.target)")
                #expect(answer[header: "Spec-Version"] == server.startVersion, "\(route.target)")
                #expect(
                    answer[header: "Access-Control-Expose-Headers"] == "ETag, Spec-Version, Link, Spec-Note",
                    "\(route.target)")
            }
        }
        // A pinned version is immutable and says which version answered.
        let pinned = try LoopbackClient.request(port: server.boundPort, "/v1/devices?version=2023")
        #expect(pinned.status == 200)
        #expect(pinned[header: "Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(pinned[header: "Spec-Version"] == "2023")
        // Unknown paths and methods, over the wire.
        #expect(try LoopbackClient.request(port: server.boundPort, "/nowhere").status == 404)
        let query = try LoopbackClient.request(port: server.boundPort, "/v1/devices", method: "QUERY")
        #expect(query.status == 405)
        #expect(query[header: "Allow"] == "GET, HEAD, OPTIONS")
        let preflight = try LoopbackClient.request(
            port: server.boundPort, "/v1/devices", method: "OPTIONS",
            headers: [("Origin", "null"), ("Access-Control-Request-Method", "GET")])
        #expect(preflight.status == 204)
        #expect(preflight[header: "Access-Control-Allow-Origin"] == "*")
        server.send(SIGTERM)
        #expect(try server.waitForExit() == 0)
    }

    @Test func matchingIfNoneMatchIs304AndHEADHasNoBody() throws {
        let server = try ServerProcess()
        for target in ["/v1/devices", "/v1/metrics?topic=controls&format=csv"] {
            let full = try LoopbackClient.request(port: server.boundPort, target)
            let tag = try #require(full[header: "ETag"])
            #expect(!full.body.isEmpty)

            let notModified = try LoopbackClient.request(
                port: server.boundPort, target, headers: [("If-None-Match", tag)])
            #expect(notModified.status == 304, "\(target)")
            #expect(notModified.body.isEmpty)
            #expect(notModified[header: "ETag"] == tag)
            #expect(notModified[header: "Cache-Control"] == full[header: "Cache-Control"])
            #expect(notModified[header: "Vary"] == full[header: "Vary"])

            let other = try LoopbackClient.request(
                port: server.boundPort, target, headers: [("If-None-Match", "\"something-else\"")])
            #expect(other.status == 200)

            let head = try LoopbackClient.request(port: server.boundPort, target, method: "HEAD")
            #expect(head.status == 200)
            #expect(head.body.isEmpty, "HEAD sent \(head.body.count) body bytes")
            #expect(head[header: "Content-Length"] == String(full.body.count))
            #expect(head[header: "ETag"] == tag)
        }
        server.send(SIGTERM)
        #expect(try server.waitForExit() == 0)
    }

    @Test func malformedRequestGets400AndTheServerKeepsServing() throws {
        let server = try ServerProcess()
        // RFC 9112 §5.1: no whitespace between a field name and the colon.
        let refused = try LoopbackClient.exchange(
            port: server.boundPort, "GET /v1/devices HTTP/1.1\r\nHost : x\r\n\r\n")
        #expect(refused.status == 400)
        #expect(refused[header: "Connection"] == "close")
        #expect(refused[header: "Content-Type"] == "application/json")
        #expect(refused.text.contains("\"status\":400"))
        let garbage = try LoopbackClient.exchange(port: server.boundPort, "\u{1}\u{2}\u{3} nonsense\r\n\r\n")
        #expect(garbage.status == 400)
        let next = try LoopbackClient.request(port: server.boundPort, "/v1/devices")
        #expect(next.status == 200)
        server.send(SIGTERM)
        #expect(try server.waitForExit() == 0)
    }

    @Test func brokenDataFileExitsNonZeroWithOneClearLine() throws {
        let broken = ServerProcess.packageRoot.appendingPathComponent(
            "Tests/SpecStoreTests/Fixtures/store/broken/syntax-truncated.json")
        let server = try ServerProcess(["--data", broken.path], waitForReady: false)
        let status = try server.waitForExit()
        #expect(status != 0)
        let lines = server.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("spec-server: cannot load the data:") == true)
        #expect(lines.first?.contains("syntax-truncated.json") == true, "the line names the file")
    }

    @Test func sighupSwapsInAValidFileAndKeepsServingOnABrokenOne() throws {
        let data = try ReplacedDataFile(directoryPrefix: "spec-server-e2e")
        defer { data.remove() }
        try data.install("minimal.json")
        let server = try ServerProcess(["--data", data.path])
        #expect(server.startVersion == "2025-03-07")
        #expect(
            try LoopbackClient.request(port: server.boundPort, "/v1/devices")[header: "Spec-Version"] == "2025-03-07")

        try data.install("valid.json")
        server.send(SIGHUP)
        try server.waitForLog(containing: "spec-server: reloaded")
        let swapped = try LoopbackClient.request(port: server.boundPort, "/v1/devices")
        #expect(swapped.status == 200)
        #expect(swapped[header: "Spec-Version"] == "2025-12-16")

        try data.install("broken/syntax-truncated.json")
        server.send(SIGHUP)
        try server.waitForLog(containing: "spec-server: reload refused")
        let kept = try LoopbackClient.request(port: server.boundPort, "/v1/devices")
        #expect(kept.status == 200)
        #expect(kept[header: "Spec-Version"] == "2025-12-16")
        #expect(kept.body == swapped.body)

        server.send(SIGTERM)
        #expect(try server.waitForExit() == 0)
    }

    @Test func sigtermExitsZeroAndClosesTheListener() throws {
        let server = try ServerProcess()
        let port = server.boundPort
        #expect(try LoopbackClient.request(port: port, "/healthz").status == 200)
        server.send(SIGTERM)
        #expect(try server.waitForExit() == 0)
        #expect(throws: TimedOut.self) { try LoopbackClient.request(port: port, "/healthz") }
    }
}
