// Unsafe: setsockopt(2), send(2) and recv(2) take structures and bytes by address.
import Glibc

/// A blocking TCP connection a client opens, with one owner that closes it; connecting,
/// sending and receiving each give up after a timeout (on Linux `connect` honours
/// `SO_SNDTIMEO` too).
package struct ClientSocket: ~Copyable {
    private let descriptor: FileDescriptor

    /// Connects to `address`, waiting at most `timeoutSeconds` for each step.
    ///
    /// - Throws: ``SystemError`` whose `call` is `socket` or `connect`.
    package init(connectingTo address: SocketAddress, timeoutSeconds: Int) throws(SystemError) {
        let number = try blockingSyscall("socket") {
            socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        let file = FileDescriptor(taking: number)
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(number, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(number, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // EINTR is not retried: a connect interrupted goes on in the background, and a second
        // call would fail with EALREADY.
        let connected = address.withSocketAddress { connect(number, $0, $1) }
        if connected != 0 { throw SystemError(call: "connect", errno: errno) }
        descriptor = file
    }

    /// Sends every byte of `bytes`.
    package func send(_ bytes: [UInt8]) throws(SystemError) {
        var sent = 0
        while sent < bytes.count {
            sent += try blockingSyscall("send") {
                bytes[sent...].withUnsafeBytes {
                    Glibc.send(descriptor.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
            }
        }
    }

    /// Receives at most `maximum` bytes onto the end of `bytes` and returns how many came: 0
    /// when the peer has closed.
    ///
    /// - Throws: ``SystemError`` with `EAGAIN` when nothing came within the timeout.
    package func receive(appendingTo bytes: inout [UInt8], maximum: Int) throws(SystemError) -> Int {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: maximum))
        var count = 0
        defer { bytes.removeSubrange((start + count)...) }
        count = try blockingSyscall("recv") {
            bytes.withUnsafeMutableBytes { recv(descriptor.rawValue, $0.baseAddress! + start, maximum, 0) }
        }
        return count
    }
}
