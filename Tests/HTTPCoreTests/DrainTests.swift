import Foundation
import Glibc
import TestSupport
import Testing

@testable import HTTPCore

// The limit guards against a hang, not a speed. On two cores, in the whole suite, these tests
// waited past a minute behind the others (all 16 loopback tests timed out in a 323 s run, though
// the suite alone takes 12 s), so the guard is five minutes.
/// What a stop must not lose, and how a client that stops reading is dropped, over loopback.
@Suite(.timeLimit(.minutes(5))) struct DrainTests {
    /// 300 clients whose requests wait in the accept queue when the stop comes are all answered:
    /// the loop accepts until the queue is empty before it closes its listener.
    @Test func everyRequestQueuedAtStopIsAnswered() throws {
        let server = try LoopbackServer { $0.threads = 1 }
        let holder = try RawClient(port: server.port)
        holder.send("GET /hold HTTP/1.1\r\nHost: x\r\n\r\n")
        try waitUntil("the loop is busy") { server.application.isHolding }
        var clients: [RawClient] = []
        for index in 0..<300 {
            let client = try RawClient(port: server.port)
            client.send("GET /queued/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            clients.append(client)
        }
        try waitUntil("300 connections wait in the accept queue") {
            SocketTable.acceptQueueLength(port: server.port) >= 300
        }
        server.server.stop()
        server.application.release()
        var answered = 0
        var closing = 0
        for (index, client) in clients.enumerated() {
            let responses = client.read { $0.count == 1 }
            if responses.first?.status == 200 && responses.first?.bodyText == "GET /queued/\(index) query=" {
                answered += 1
            }
            if responses.first?.header("Connection") == "close" { closing += 1 }
        }
        // Those accepted in the batch that was running when the stop came are answered as
        // usual (keep-alive, then an orderly close); every later one carries `Connection: close`.
        #expect(closing >= 300 - 64)
        #expect(answered == 300)
        #expect(holder.read { $0.count == 1 }.first?.status == 200)
        try waitUntil("run returned") { server.hasFinished }
    }

    /// A keep-alive connection that looked idle but already holds the next request in its
    /// socket gets that request answered, with `Connection: close`, and then an orderly end.
    @Test func aRequestWaitingOnAnIdleConnectionIsAnswered() throws {
        let server = try LoopbackServer { $0.threads = 1 }
        let idle = try RawClient(port: server.port)
        idle.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(idle.read { $0.count == 1 }.count == 1)
        let holder = try RawClient(port: server.port)
        holder.send("GET /hold HTTP/1.1\r\nHost: x\r\n\r\n")
        try waitUntil("the loop is busy") { server.application.isHolding }
        idle.send("GET /second HTTP/1.1\r\nHost: x\r\n\r\n")
        try waitUntil("the request sits in the server's socket") {
            SocketTable.receiveQueueLength(serverPort: server.port, clientPort: idle.localPort) > 0
        }
        server.server.stop()
        server.application.release()
        let responses = idle.read { $0.count == 2 }
        #expect(responses.map(\.status) == [200, 200])
        #expect(responses.last?.bodyText == "GET /second query=")
        #expect(responses.last?.header("Connection") == "close")
        #expect(idle.readToEnd())
        #expect(idle.endError == 0, "an orderly end, not a reset")
        try waitUntil("run returned") { server.hasFinished }
    }

    /// A reload that does not finish (a data file on a stuck disk) cannot stop SIGTERM: the
    /// reload runs on its own thread, and the server drains and returns while it waits.
    @Test func sigtermDrainsWhileAReloadIsStuck() throws {
        let server = try LoopbackServer { $0.handlesSignals = true }
        server.application.reloadsWait.store(true, ordering: .releasing)
        defer { server.application.release() }
        server.signalRunThread(SIGHUP)
        try waitUntil("the reload runs") { server.application.isReloading }
        let client = try RawClient(port: server.port)
        client.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(client.read { $0.count == 1 }.map(\.status) == [200], "requests are served during the reload")
        server.signalRunThread(SIGTERM)
        try waitUntil("SIGTERM drained the server") { server.hasFinished }
        #expect(server.application.isReloading, "the reload was still stuck when run returned")
    }

    /// SIGHUPs sent while a reload runs are not lost: one more reload follows it.
    @Test func aReloadRequestedDuringAReloadFollowsIt() throws {
        let server = try LoopbackServer()
        server.application.reloadsWait.store(true, ordering: .releasing)
        server.server.reload()
        try waitUntil("the first reload runs") { server.application.isReloading }
        server.server.reload()
        server.server.reload()
        server.application.release()
        try waitUntil("a second reload ran") { server.application.reloadCount == 2 }
        try server.stop()
        #expect(server.application.reloadCount == 2)
    }

    /// A client that stops reading is reset when the write timeout passes, so the kernel
    /// frees the unsent response instead of holding it for a FIN that cannot go out.
    @Test func aWriteTimeoutResetsTheConnection() throws {
        let server = try LoopbackServer { $0.writeTimeout = .milliseconds(200) }
        let reader = try RawClient(port: server.port, receiveBuffer: 4096)
        reader.send("GET /large HTTP/1.1\r\nHost: x\r\n\r\n")
        try waitUntil("the server took the connection") { server.server.openConnections == 1 }
        try waitUntil("the server dropped the connection") { server.server.openConnections == 0 }
        #expect(reader.readToEnd(seconds: 10))
        #expect(reader.endError == ECONNRESET)
        try server.stop()
    }
}

/// Reads the kernel's socket table (`/proc/net/tcp`): how many connections wait to be
/// accepted, how many bytes wait to be read.
enum SocketTable {
    private static func rows() -> [[Substring]] {
        // Read to the end: the kernel hands this file out a page at a time.
        let descriptor = open("/proc/net/tcp", O_RDONLY)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
    }

    private static func port(_ address: Substring) -> Int {
        Int(address.split(separator: ":").last ?? "", radix: 16) ?? -1
    }

    private static func receiveQueue(_ row: [Substring]) -> Int {
        Int(row[4].split(separator: ":").last ?? "", radix: 16) ?? 0
    }

    /// Connections waiting in the accept queues of the listeners on `port`.
    static func acceptQueueLength(port wanted: Int) -> Int {
        rows().filter { $0.count > 4 && port($0[1]) == wanted && $0[3] == "0A" }.map(receiveQueue).reduce(0, +)
    }

    /// Unread bytes in the server's end of the connection from `clientPort`.
    static func receiveQueueLength(serverPort: Int, clientPort: Int) -> Int {
        rows().filter { $0.count > 4 && port($0[1]) == serverPort && port($0[2]) == clientPort }
            .map(receiveQueue).reduce(0, +)
    }
}
