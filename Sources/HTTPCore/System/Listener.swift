// Unsafe: socket addresses are C structures passed by address.
// In HTTPCore, not SystemSupport: the engine's listening sockets, whose failures are HTTPServerErrors.
import CLinuxSupport
import Glibc
import SystemSupport

/// Opens the listening sockets: one per loop, all bound to the same address with
/// `SO_REUSEPORT`, so the kernel spreads new connections evenly over the loops.
enum Listener {
    /// Binds `count` listeners to `host`:`port`, adds them to `listeners`, and returns the
    /// bound port. On failure the listeners opened so far are in `listeners`, whose owner closes
    /// them.
    ///
    /// A probe socket without `SO_REUSEPORT` binds first: every socket of a reuseport group
    /// must set the option, so the probe fails with `EADDRINUSE` when another process (even
    /// another copy of this server) already listens there, instead of silently sharing the port.
    ///
    /// A `sendBufferBytes` above 0 sets `SO_SNDBUF` on the listeners, which accepted sockets
    /// inherit: the kernel then holds at most about twice that (its bookkeeping doubles it) for
    /// a client that does not read, instead of autotuning up to `tcp_wmem`'s maximum. A
    /// `maxUnsentBytes` above 0 sets `TCP_NOTSENT_LOWAT`, inherited likewise: the kernel takes
    /// no more of an answer while that much waits unsent, whatever the send buffer's size.
    static func bind(
        host: String, port: Int, count: Int, sendBufferBytes: Int = 0, maxUnsentBytes: Int = 0,
        into listeners: inout FileDescriptorGroup
    ) throws(HTTPServerError) -> Int {
        var address: SocketAddress
        do {
            address = try SocketAddress(host: host, port: port)
        } catch {
            throw HTTPServerError(.invalidAddress, error.message)
        }
        let probe = try openSocket(address: address, reusePort: false, host: host, port: port)
        let boundPort = localPort(probe.rawValue)
        address.setPort(boundPort)
        for _ in 0..<count {
            listeners.append(
                try openSocket(
                    address: address, reusePort: true, sendBufferBytes: sendBufferBytes,
                    maxUnsentBytes: maxUnsentBytes, host: host, port: boundPort))
        }
        let backlog = Int32(
            SystemFile.smallText(atPath: "/proc/sys/net/core/somaxconn").flatMap { Int($0.filter(\.isNumber)) } ?? 4096)
        for index in 0..<listeners.count where Glibc.listen(listeners[index], backlog) != 0 {
            throw failure(clinux_errno(), call: "listen", host: host, port: boundPort)
        }
        probe.close()
        return boundPort
    }

    private static func openSocket(
        address: SocketAddress, reusePort: Bool, sendBufferBytes: Int = 0, maxUnsentBytes: Int = 0, host: String,
        port: Int
    ) throws(HTTPServerError) -> FileDescriptor {
        let rawValue = socket(
            address.family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard rawValue >= 0 else { throw failure(clinux_errno(), call: "socket", host: host, port: port) }
        // Owned from here: every failure below closes it.
        let descriptor = FileDescriptor(taking: rawValue)
        do {
            try Syscall.setOption(rawValue, SOL_SOCKET, SO_REUSEADDR, 1)
            if reusePort {
                try Syscall.setOption(rawValue, SOL_SOCKET, SO_REUSEPORT, 1)
                // Inherited by accepted sockets on Linux: responses go out without Nagle delay.
                try Syscall.setOption(rawValue, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
                // Accept only once the request's first bytes arrived: one wakeup, and usually the
                // whole request is readable right after accept.
                try Syscall.setOption(rawValue, Int32(IPPROTO_TCP), TCP_DEFER_ACCEPT, 1)
                if sendBufferBytes > 0 {
                    try Syscall.setOption(rawValue, SOL_SOCKET, SO_SNDBUF, Int32(clamping: sendBufferBytes))
                }
                if maxUnsentBytes > 0 {
                    try Syscall.setOption(
                        rawValue, Int32(IPPROTO_TCP), TCP_NOTSENT_LOWAT, Int32(clamping: maxUnsentBytes))
                }
            }
        } catch {
            throw HTTPServerError(
                .system, "\(error.call) failed on \(host):\(port): \(error.reason)", errno: error.errno)
        }
        let result = address.withSocketAddress { Glibc.bind(rawValue, $0, $1) }
        if result != 0 { throw failure(clinux_errno(), call: "bind", host: host, port: port) }
        return descriptor
    }

    private static func failure(_ code: Int32, call: String, host: String, port: Int) -> HTTPServerError {
        let reason = String(cString: strerror(code))
        switch code {
        case EADDRINUSE:
            return HTTPServerError(.addressInUse, "\(host):\(port) is already in use by another process", errno: code)
        case EACCES, EPERM:
            return HTTPServerError(.permissionDenied, "not permitted to listen on \(host):\(port)", errno: code)
        case EADDRNOTAVAIL:
            return HTTPServerError(.invalidAddress, "\(host) is not an address of this machine", errno: code)
        default:
            return HTTPServerError(.system, "\(call) failed on \(host):\(port): \(reason)", errno: code)
        }
    }

    private static func localPort(_ descriptor: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return withUnsafeBytes(of: storage) { raw in
            // sin_port and sin6_port both sit at offset 2, in network order.
            Int(UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: 2, as: UInt16.self)))
        }
    }

    /// Raises the soft descriptor limit to the hard one, so `maxConnections` is reachable.
    static func raiseDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(clamping: limit.rlim_cur)
    }
}
