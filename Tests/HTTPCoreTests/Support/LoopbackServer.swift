import Foundation
import Glibc
import Synchronization
import SystemSupport
import TestSupport
import Testing

@testable import HTTPCore

/// Runs an ``HTTPServer`` on 127.0.0.1 port 0 on its own thread for one test.
final class LoopbackServer: Sendable {
    let server: HTTPServer
    let application: EchoApplication
    private let finished = Atomic<Bool>(false)
    private let ready = Atomic<Bool>(false)
    private let runThread = Atomic<UInt>(0)
    private let failure = Locked<HTTPServerError?>(nil)

    init(configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.threads = 2
        configuration.handlesSignals = false
        configure(&configuration)
        application = EchoApplication()
        server = HTTPServer(configuration: configuration, application: application)
        let thread = Thread { [server, self] in
            self.runThread.store(UInt(pthread_self()), ordering: .releasing)
            do {
                try server.run { _ in self.ready.store(true, ordering: .releasing) }
            } catch {
                self.failure.withLock { $0 = error as? HTTPServerError }
            }
            self.finished.store(true, ordering: .releasing)
        }
        thread.start()
        try waitUntil("the server is listening") {
            ready.load(ordering: .acquiring) || failure.withLock { $0 != nil }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    var port: Int { server.boundPort ?? 0 }

    var hasFinished: Bool { finished.load(ordering: .acquiring) }

    /// Sends `signal` to the thread inside `run`, which blocks it and reads it from its
    /// signalfd (with `handlesSignals`); never to the process, whose other threads do not block it.
    func signalRunThread(_ signal: Int32) {
        pthread_kill(pthread_t(runThread.load(ordering: .acquiring)), signal)
    }

    /// Stops the server and waits for `run` to return.
    func stop(within seconds: Double = 15) throws {
        server.stop()
        try waitUntil("the server drained", seconds: seconds) { hasFinished }
    }

    deinit {
        server.stop()
    }
}

/// A blocking loopback client with a receive timeout, for raw HTTP bytes.
final class RawClient {
    let descriptor: Int32
    private(set) var received: [UInt8] = []
    private(set) var sawEnd = false
    /// The `errno` that ended the stream (`ECONNRESET` for a reset), or 0 for an orderly end.
    private(set) var endError: Int32 = 0

    /// Connects; `receiveBuffer` shrinks `SO_RCVBUF` (a slow reader).
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let result = try SocketAddress(host: "127.0.0.1", port: port).withSocketAddress {
            connect(descriptor, $0, $1)
        }
        guard result == 0 else { throw TimedOut(description: "connect failed: \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 50_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return }
            offset += written
        }
    }

    /// The client's own port.
    var localPort: Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func shutdownWrite() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads until `condition` holds on what was received, or the end of stream, or `seconds`.
    @discardableResult
    func read(seconds: Double = 5, until condition: ([ParsedResponse]) -> Bool) -> [ParsedResponse] {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !condition(responses()) && !sawEnd && Date() < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 {
                sawEnd = true
            } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
                endError = errno
                sawEnd = true
            }
        }
        return responses()
    }

    /// Reads until the server closes (or `seconds` pass); returns whether it closed.
    func readToEnd(seconds: Double = 5) -> Bool {
        read(seconds: seconds) { _ in false }
        return sawEnd
    }

    func responses(headRequests: Set<Int> = []) -> [ParsedResponse] {
        ParsedResponse.split(received, headRequests: headRequests)
    }
}
