import Foundation
import Glibc
import TestSupport
import Testing

@testable import HTTPCore

// The limit guards against a hang, not a speed. On two cores, in the whole suite, these tests
// waited past a minute behind the others (all 16 loopback tests timed out in a 323 s run, though
// the suite alone takes 12 s), so the guard is five minutes.
/// The engine over real sockets on 127.0.0.1, each test with its own server on port 0.
@Suite(.timeLimit(.minutes(5))) struct LoopbackTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let server = try LoopbackServer()
        let client = try RawClient(port: server.port)
        client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        client.read { $0.count == 1 }
        client.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        let responses = client.read { $0.count == 2 }
        #expect(responses.map(\.bodyText) == ["GET /a query=", "fixed body\n"])
        #expect(server.server.openConnections == 1)
        try server.stop()
    }

    @Test func pipelinedRequestsComeBackInOrder() throws {
        let server = try LoopbackServer()
        let client = try RawClient(port: server.port)
        let batch = (0..<50).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()
        client.send(batch)
        let responses = client.read { $0.count == 50 }
        #expect(responses.map(\.bodyText) == (0..<50).map { "GET /\($0) query=" })
        try server.stop()
    }

    @Test func headCarriesNoBody() throws {
        let server = try LoopbackServer()
        let client = try RawClient(port: server.port)
        client.send("HEAD /fixed HTTP/1.1\r\nHost: x\r\n\r\nGET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        client.read { _ in client.responses(headRequests: [0]).count == 2 }
        let responses = client.responses(headRequests: [0])
        #expect(responses.count == 2)
        #expect(responses.first?.header("Content-Length") == "11")
        #expect(responses.first?.body.isEmpty == true)
        #expect(responses.last?.bodyText == "fixed body\n")
        try server.stop()
    }

    @Test func expectContinueThenBody() throws {
        let server = try LoopbackServer()
        let client = try RawClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        #expect(client.read { $0.count == 1 }.map(\.status) == [100])
        client.send("hello")
        let responses = client.read { $0.count == 2 }
        #expect(responses.map(\.status) == [100, 200])
        #expect(responses.last?.bodyText == "hello")
        try server.stop()
    }

    @Test func incompleteRequestGets408ThenClose() throws {
        let server = try LoopbackServer { $0.requestReadTimeout = .milliseconds(200) }
        let client = try RawClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost:")
        #expect(client.readToEnd())
        #expect(client.responses().map(\.status) == [408])
        try server.stop()
    }

    @Test func idleConnectionIsClosed() throws {
        let server = try LoopbackServer { $0.idleTimeout = .milliseconds(200) }
        let client = try RawClient(port: server.port)
        client.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.readToEnd())
        #expect(client.responses().map(\.status) == [200])
        try waitUntil("the connection is counted closed") { server.server.openConnections == 0 }
        try server.stop()
    }

    @Test func oversizedRequestLineGets414AndTheResponseArrivesWhole() throws {
        let server = try LoopbackServer()
        let client = try RawClient(port: server.port)
        // More than the limit, and more keeps coming: the staged close must still deliver 414.
        client.send("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
        client.send(String(repeating: "b", count: 100_000))
        #expect(client.readToEnd())
        let responses = client.responses()
        #expect(responses.map(\.status) == [414])
        #expect(responses.first?.bodyText.contains("\"code\":\"uri_too_long\"") == true)
        try server.stop()
    }

    @Test func connectionsBeyondTheLimitWaitForAFreeSlot() throws {
        let server = try LoopbackServer {
            $0.threads = 1
            $0.maxConnections = 1
        }
        let first = try RawClient(port: server.port)
        first.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(first.read { $0.count == 1 }.count == 1)
        let second = try RawClient(port: server.port)
        second.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(second.read(seconds: 0.3) { $0.count == 1 }.isEmpty)
        first.shutdownWrite()
        #expect(first.readToEnd())
        #expect(second.read { $0.count == 1 }.map(\.bodyText) == ["GET /2 query="])
        try server.stop()
    }

    @Test func drainFinishesInFlightRequestsAndClosesIdleOnes() throws {
        let server = try LoopbackServer()
        let idle = try RawClient(port: server.port)
        idle.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        idle.read { $0.count == 1 }
        let busy = try RawClient(port: server.port)
        busy.send("GET /late HTTP/1.1\r\nHost: x\r\n")
        try waitUntil("both connections are open") { server.server.openConnections == 2 }
        server.server.stop()
        #expect(idle.readToEnd())
        #expect(!server.hasFinished)
        busy.send("\r\n")
        let responses = busy.read { $0.count == 1 }
        #expect(responses.first?.bodyText == "GET /late query=")
        #expect(responses.first?.header("Connection") == "close")
        #expect(busy.readToEnd())
        try waitUntil("run returned") { server.hasFinished }
    }

    @Test func drainGivesUpAfterTheDeadline() throws {
        let server = try LoopbackServer { $0.drainTimeout = .milliseconds(300) }
        let stuck = try RawClient(port: server.port)
        stuck.send("GET / HTTP/1.1\r\n")
        try waitUntil("the connection is open") { server.server.openConnections == 1 }
        try server.stop(within: 5)
        #expect(stuck.readToEnd())
    }

    @Test func reloadRunsTheApplicationHook() throws {
        let server = try LoopbackServer()
        server.server.reload()
        try waitUntil("reload ran") { server.application.reloadCount == 1 }
        try server.stop()
    }

    @Test func sighupReloadsAndSigtermDrains() throws {
        let server = try LoopbackServer { $0.handlesSignals = true }
        let client = try RawClient(port: server.port)
        client.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        client.read { $0.count == 1 }
        server.signalRunThread(SIGHUP)
        try waitUntil("SIGHUP reached reload") { server.application.reloadCount == 1 }
        #expect(!server.hasFinished)
        server.signalRunThread(SIGTERM)
        try waitUntil("SIGTERM drained the server") { server.hasFinished }
        #expect(client.readToEnd())
    }

    @Test func aPortInUseIsAClearError() throws {
        let first = try LoopbackServer()
        #expect(throws: HTTPServerError.self) {
            _ = try LoopbackServer { $0.port = first.port }
        }
        do {
            _ = try LoopbackServer { $0.port = first.port }
        } catch let error as HTTPServerError {
            #expect(error.code == .addressInUse)
            #expect(error.message.contains("\(first.port)"))
        }
        try first.stop()
    }

    @Test func accessLogWritesJSONLines() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]) }
        let server = try LoopbackServer {
            $0.accessLog = .json
            $0.accessLogDescriptor = pipeEnds[1]
        }
        let client = try RawClient(port: server.port)
        client.send("GET /fixed?a=%22 HTTP/1.1\r\nHost: x\r\n\r\n")
        client.read { $0.count == 1 }
        try server.stop()
        close(pipeEnds[1])
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(pipeEnds[0], $0.baseAddress, $0.count) }
        let line = String(decoding: bytes[0..<max(0, count)], as: UTF8.self)
        let object = try JSONSerialization.jsonObject(with: Data(line.split(separator: "\n")[0].utf8)) as? [String: Any]
        #expect(object?["method"] as? String == "GET")
        #expect(object?["target"] as? String == "/fixed?a=%22")
        #expect(object?["status"] as? Int == 200)
        // The client's address, and one time unit: the time to the millisecond, durations in ms.
        #expect(object?["client"] as? String == "127.0.0.1")
        let time = object?["time"] as? String ?? ""
        #expect(
            time.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#, options: .regularExpression) != nil,
            "\(time)")
        let duration = object?["durationMilliseconds"] as? Double ?? -1
        #expect(duration >= 0 && duration < 10_000, "\(line)")
        #expect(object?["us"] == nil)
    }

    @Test func accessLogTextLinesNameTheClient() throws {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]) }
        let server = try LoopbackServer {
            $0.accessLog = .text
            $0.accessLogDescriptor = pipeEnds[1]
        }
        let client = try RawClient(port: server.port)
        client.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        client.read { $0.count == 1 }
        try server.stop()
        close(pipeEnds[1])
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(pipeEnds[0], $0.baseAddress, $0.count) }
        let line = String(decoding: bytes[0..<max(0, count)], as: UTF8.self)
        // date client method target version status bytes duration
        #expect(
            line.range(of: #" GMT 127\.0\.0\.1 GET /fixed HTTP/1\.1 200 \d+ \d+us\n"#, options: .regularExpression)
                != nil, "\(line)")
    }

    @Test func millisecondsAreWrittenWithThreeDecimals() {
        for (microseconds, text) in [(0, "0.000"), (42, "0.042"), (1234, "1.234"), (60_000_001, "60000.001")] {
            let storage = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
            defer { storage.deallocate() }
            var buffer = ByteBuffer(base: storage, capacity: 64)
            AccessLog.writeMilliseconds(microseconds, into: &buffer)
            let written = UnsafeRawBufferPointer(start: storage, count: buffer.readableCount)
            #expect(String(decoding: written, as: UTF8.self) == text)
        }
    }
}
