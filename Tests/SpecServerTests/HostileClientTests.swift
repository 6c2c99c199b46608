import Foundation
import Glibc
import HTTPCore
import SystemSupport
import TestSupport
import Testing

/// A loopback connection kept open across requests, read with a deadline.
final class KeptConnection {
    let descriptor: Int32

    /// Connects to `port` on 127.0.0.1, from `source` (another loopback address, so the
    /// server sees another client) when given.
    /// With `receiveBuffer`, the socket's receive buffer is that small (`SO_RCVBUF`), so a
    /// client that does not read stops the server's sending soon.
    init(port: Int, source: String? = nil, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TimedOut(description: "socket failed: \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            let bound = try SocketAddress(host: source, port: 0).withSocketAddress { bind(descriptor, $0, $1) }
            guard bound == 0 else {
                close(descriptor)
                throw TimedOut(description: "bind to \(source) failed: \(errno)")
            }
        }
        let connected = try SocketAddress(host: "127.0.0.1", port: port).withSocketAddress {
            connect(descriptor, $0, $1)
        }
        guard connected == 0 else {
            close(descriptor)
            throw TimedOut(description: "connect to \(port) failed: \(errno)")
        }
        var timeout = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    func send(_ raw: String) {
        let bytes = Array(raw.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// One whole response (its `Content-Length` read), within `seconds`.
    func response(seconds: Double = 10) throws -> WireResponse {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let response = try? LoopbackClient.parse(received),
                let length = response[header: "Content-Length"].flatMap(Int.init), response.body.count >= length
            {
                return response
            }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 {
                throw TimedOut(description: "the server closed the connection after \(received.count) bytes")
            }
            if Date() > deadline { throw TimedOut(description: "no whole response within \(seconds) s") }
        }
    }

    func get(_ target: String) throws -> WireResponse {
        send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return try response()
    }
}

/// What the server keeps doing when clients or the system push it to a limit.
@Suite struct HostileClientTests {
    /// Open descriptors of process `pid`, counted from outside it.
    func openDescriptors(of pid: Int32) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }

    @Test func metricsKeepDescriptorsAndMemoryWhileDescriptorsAreExhausted() throws {
        let server = try ServerProcess()
        let scraper = try KeptConnection(port: server.boundPort)
        let before = try scraper.get("/metrics")
        #expect(before.status == 200)
        #expect(before.text.contains("\nprocess_open_fds "))
        // Not one descriptor more: the soft limit is what is open now.
        let pid = server.processIdentifier
        let open = try openDescriptors(of: pid)
        let limit = Process()
        limit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        limit.arguments = ["--pid", "\(pid)", "--nofile=\(open):"]
        try limit.run()
        limit.waitUntilExit()
        try #require(limit.terminationStatus == 0)
        // Clients the server cannot accept wait in its backlog; the kept connection still asks.
        let refused = try (0..<4).map { _ in try KeptConnection(port: server.boundPort) }
        for client in refused { client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
        let during = try scraper.get("/metrics")
        #expect(during.status == 200)
        for name in ["process_open_fds", "process_resident_memory_bytes", "process_virtual_memory_bytes"] {
            #expect(during.text.contains("\n\(name) "), "\(name) missing while descriptors are exhausted")
        }
        let reported = during.text.split(separator: "\n").first { $0.hasPrefix("process_open_fds ") }
            .flatMap { Int($0.split(separator: " ")[1]) }
        // The limit bounds descriptor numbers, so a gap below it may have taken one client; the
        // figure is what is open now, counted from outside.
        let now = try openDescriptors(of: pid)
        #expect(reported == now, "process_open_fds counts what is open")
        #expect(now >= open, "every descriptor below the limit is in use")
        withExtendedLifetime(refused) {}
    }

    /// `SO_REUSEPORT` hashes clients to loops unevenly; the limit is the server's, not a share
    /// per loop, so as many clients as `--max-connections` are served at once.
    @Test func asManyClientsAsTheLimitAreServedAtOnceWhateverLoopTheyHashTo() throws {
        let server = try ServerProcess(["--threads", "8", "--max-connections", "8"])
        // Each client, once answered, keeps its connection open, holding its slot.
        var clients: [KeptConnection] = []
        for number in 0..<8 {
            let client = try KeptConnection(port: server.boundPort)
            let answer = try client.get("/healthz")
            #expect(answer.status == 200, "client \(number)")
            clients.append(client)
        }
        // The ninth waits in the backlog until a slot is free, then is served.
        let ninth = try KeptConnection(port: server.boundPort)
        ninth.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(throws: TimedOut.self) { try ninth.response(seconds: 0.3) }
        clients.removeFirst()
        #expect(try ninth.response(seconds: 10).status == 200)
        withExtendedLifetime(clients) {}
    }

    static let checkBody = #"[{"id": "a", "figure": "metric.controls.ios.minimum-size", "width": 44, "height": 44}]"#

    /// A `POST /v1/check` announcing `length` body bytes and sending `sent` of them.
    static func announce(_ length: Int, sending sent: String) -> String {
        "POST /v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(length)\r\n\r\n" + sent
    }

    /// Thirty-two connections announce 1 MiB and send one byte: they hold one window each,
    /// not the 8 MiB budget, and the minimum body rate drops them long before the request
    /// timeout.
    @Test func oneByteSendersCannotCornerTheBodyBudget() throws {
        let server = try ServerProcess([
            "--max-buffered-body-bytes", "8388608", "--max-body-bytes", "1048576", "--request-timeout", "30",
        ])
        let started = Date()
        let senders = try (0..<32).map { _ in try KeptConnection(port: server.boundPort) }
        for sender in senders { sender.send(Self.announce(1 << 20, sending: "[")) }
        // Every sender's head is read (the server answers a probe on each loop after them).
        let probe = try KeptConnection(port: server.boundPort)
        #expect(try probe.get("/healthz").status == 200)
        let honest = try KeptConnection(port: server.boundPort)
        honest.send(Self.announce(Self.checkBody.utf8.count, sending: Self.checkBody))
        let answer = try honest.response()
        #expect(answer.status == 200, "an honest check while 32 senders stall: \(answer.status) \(answer.text)")
        // The stalled senders are dropped with 408 by the rate check, well before 30 s.
        for sender in senders {
            #expect(try sender.response(seconds: 15).status == 408)
        }
        #expect(Date().timeIntervalSince(started) < 10, "dropped by rate, not by the request timeout")
    }

    /// One client's connections hold at most its share; another client still gets its bodies in.
    @Test func oneClientHoldsAtMostItsShareOfTheBudget() throws {
        let server = try ServerProcess([
            "--max-buffered-body-bytes-per-client", "131072", "--max-buffered-body-bytes-per-connection", "65536",
            "--min-body-rate", "0",
        ])
        // Two stalled bodies from 127.0.0.1 (heads only) take one 64 KiB window each, its
        // whole 128 KiB share; its third body is refused.
        let stalled = try (0..<2).map { _ in try KeptConnection(port: server.boundPort) }
        for sender in stalled { sender.send(Self.announce(1 << 20, sending: "")) }
        let probe = try KeptConnection(port: server.boundPort)
        #expect(try probe.get("/healthz").status == 200)
        let third = try KeptConnection(port: server.boundPort)
        third.send(Self.announce(Self.checkBody.utf8.count, sending: Self.checkBody))
        let refused = try third.response()
        #expect(refused.status == 503)
        #expect(refused[header: "Retry-After"] == "1")
        // 127.0.0.2 is another client, with a share of its own.
        let other = try KeptConnection(port: server.boundPort, source: "127.0.0.2")
        other.send(Self.announce(Self.checkBody.utf8.count, sending: Self.checkBody))
        #expect(try other.response().status == 200)
        withExtendedLifetime(stalled) {}
    }

    /// Answers one client does not read spend its share of the unread-answer budget: its next
    /// large answer is refused with 503 and Retry-After, while its health probe, and another
    /// client's large answer, are served; once it lets go, it is served again.
    @Test func unreadAnswersSpendOnlyTheirClientsShare() throws {
        let server = try ServerProcess([
            "--threads", "1", "--max-unread-bytes-per-client", "131072", "--send-buffer-bytes", "4096",
        ])
        let page = "/v1/metrics?limit=200"
        // Two clients that never read pages of over 100 KB each: more than the share unread.
        var readers = try (0..<2).map { index in
            let reader = try KeptConnection(port: server.boundPort, receiveBuffer: 4096)
            reader.send("GET \(page)&offset=\(index) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return reader
        }
        // Asked again until the server has sent (and stalled on) both readers' answers.
        var refused: WireResponse?
        let deadline = Date().addingTimeInterval(10)
        while refused == nil && Date() < deadline {
            let answer = try KeptConnection(port: server.boundPort).get(page + "&offset=5")
            if answer.status == 503 { refused = answer } else { #expect(answer.status == 200) }
        }
        let refusal = try #require(refused, "no 503 while two answers stay unread")
        #expect(refusal[header: "Retry-After"] == "1")
        #expect(refusal.text.contains("unread answers"))
        #expect(try KeptConnection(port: server.boundPort).get("/healthz").status == 200)
        let other = try KeptConnection(port: server.boundPort, source: "127.0.0.2")
        #expect(try other.get(page + "&offset=6").status == 200)
        // /metrics shows what the two readers hold.
        let gauge = try other.get("/metrics").text.split(separator: "\n")
            .first { $0.hasPrefix("spec_server_unread_answer_bytes ") }
            .flatMap { Int($0.split(separator: " ")[1]) }
        #expect((gauge ?? 0) > 131_072, "unread answer bytes on /metrics: \(gauge ?? -1)")
        // The readers go away: their answers are given back, and the client is served again.
        readers.removeAll()
        var served = false
        let again = Date().addingTimeInterval(10)
        while !served && Date() < again {
            served = try KeptConnection(port: server.boundPort).get(page + "&offset=7").status == 200
        }
        #expect(served, "the client is served again once its unread answers are gone")
    }
}
