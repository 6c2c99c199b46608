import Glibc
import SystemSupport
import TestSupport
import Testing

@testable import HTTPCore

// The limit guards against a hang, not a speed. On two cores, in the whole suite, these tests
// waited past a minute behind the others (all 16 loopback tests timed out in a 323 s run, though
// the suite alone takes 12 s), so the guard is five minutes.
/// The kernel send buffer of accepted connections: bounded when configured, else autotuned with
/// what waits unsent bounded.
@Suite(.timeLimit(.minutes(5))) struct SendBufferTests {
    /// The `SO_SNDBUF` of the connection the listener accepts, for a listener bound with `bytes`.
    func acceptedSendBuffer(listenerSetting bytes: Int) throws -> Int32 {
        try acceptedOption(SOL_SOCKET, SO_SNDBUF, sendBufferBytes: bytes)
    }

    /// The value of the option `name` at `level` on the connection the listener accepts, for a
    /// listener bound with these settings.
    func acceptedOption(_ level: Int32, _ name: Int32, sendBufferBytes: Int = 0, maxUnsentBytes: Int = 0) throws
        -> Int32
    {
        var listeners = FileDescriptorGroup()
        let port = try Listener.bind(
            host: "127.0.0.1", port: 0, count: 1, sendBufferBytes: sendBufferBytes, maxUnsentBytes: maxUnsentBytes,
            into: &listeners)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        let connected = try SocketAddress(host: "127.0.0.1", port: port).withSocketAddress {
            connect(client, $0, $1)
        }
        try #require(connected == 0)
        // TCP_DEFER_ACCEPT: the connection is accepted once its first byte is in.
        var byte: UInt8 = 0x47
        _ = send(client, &byte, 1, 0)
        var accepted: Int32 = -1
        try waitUntil("the connection is accepted", seconds: 10) {
            if case .done(let descriptor)? = try? Syscall.accept(listeners[0]) { accepted = descriptor }
            return accepted >= 0
        }
        defer { close(accepted) }
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        try #require(getsockopt(accepted, level, name, &value, &length) == 0)
        return value
    }

    @Test func acceptedConnectionsInheritTheBoundedSendBuffer() throws {
        // The kernel doubles the value for its bookkeeping.
        #expect(try acceptedSendBuffer(listenerSetting: 65536) == 131072)
        #expect(try acceptedSendBuffer(listenerSetting: 131072) == 262144)
    }

    @Test func acceptedConnectionsInheritTheBoundOnUnsentBytes() throws {
        let level = Int32(IPPROTO_TCP)
        #expect(try acceptedOption(level, TCP_NOTSENT_LOWAT, maxUnsentBytes: 131072) == 131072)
        #expect(try acceptedOption(level, TCP_NOTSENT_LOWAT, maxUnsentBytes: 16384) == 16384)
    }
}
