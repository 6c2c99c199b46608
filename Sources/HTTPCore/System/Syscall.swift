// Unsafe: the system calls take buffers and structures by address.
// In HTTPCore, not SystemSupport: the engine's own socket and epoll calls, inlined into the loop's hot path.
import CLinuxSupport
import Glibc
import SystemSupport

/// Socket, epoll, eventfd and signalfd calls on raw descriptors, all through
/// ``retryingSyscall(_:_:)``. The event loop owns every descriptor it passes here.
enum Syscall {
    /// Closes `descriptor`. `EINTR` is not retried: on Linux the descriptor is gone either way.
    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// Reads into `buffer`; `.done(0)` is end of stream.
    @inline(__always)
    static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError)
        -> IOResult<Int>
    {
        try retryingSyscall("recv") { Glibc.recv(descriptor, buffer.baseAddress, buffer.count, 0) }
    }

    /// Writes `buffer`, never raising SIGPIPE.
    @inline(__always)
    static func send(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try retryingSyscall("send") { Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Writes `first` then `second` in one `sendmsg`, never raising SIGPIPE; with `more`, marked
    /// `MSG_MORE`.
    static func send(
        _ descriptor: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, more: Bool = false
    ) throws(SystemError) -> IOResult<Int> {
        let flags = Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0)
        var vectors = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count)
        )
        return try withUnsafeMutableBytes(of: &vectors) { raw throws(SystemError) -> IOResult<Int> in
            let skip = first.isEmpty ? 1 : 0
            var message = msghdr()
            message.msg_iov = raw.baseAddress!.assumingMemoryBound(to: iovec.self) + skip
            message.msg_iovlen = 2 - skip
            return try retryingSyscall("sendmsg") { Glibc.sendmsg(descriptor, &message, flags) }
        }
    }

    /// Writes `buffer` with `MSG_MORE`: the kernel holds a partial segment for what follows.
    @inline(__always)
    static func sendMore(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> IOResult<Int> {
        try retryingSyscall("send") {
            Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL) | Int32(MSG_MORE))
        }
    }

    /// Sends `count` bytes of the file `source` from `offset` with `sendfile` (SIGPIPE is
    /// ignored process-wide, so a reset socket gives `EPIPE`).
    @inline(__always)
    static func sendFile(_ descriptor: Int32, from source: Int32, offset: Int64, count: Int) throws(SystemError)
        -> IOResult<Int>
    {
        try retryingSyscall("sendfile") { clinux_sendfile(descriptor, source, offset, count) }
    }

    /// Half-closes the sending side, so the client sees the end of the last response while we
    /// still read what it sends (RFC 9112 §9.6).
    static func shutdownWrite(_ descriptor: Int32) {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Makes the next `close` send a reset and drop unsent data (`SO_LINGER` with 0 seconds).
    static func setResetOnClose(_ descriptor: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Accepts one connection, non-blocking and close-on-exec.
    @inline(__always)
    static func accept(_ listener: Int32) throws(SystemError) -> IOResult<Int32> {
        try retryingSyscall("accept4") {
            clinux_accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
        }
    }

    /// A new epoll instance.
    static func makeEpoll() throws(SystemError) -> Int32 {
        try blockingSyscall("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    /// Registers, changes or removes interest in `descriptor`.
    static func epollControl(_ epoll: Int32, _ operation: Int32, _ descriptor: Int32, events: UInt32, data: UInt64)
        throws(SystemError)
    {
        var event = epoll_event()
        event.events = events
        event.data.u64 = data
        _ = try blockingSyscall("epoll_ctl") { epoll_ctl(epoll, operation, descriptor, &event) }
    }

    /// Waits up to `timeout` milliseconds (-1: forever); `EINTR` counts as zero events.
    static func epollWait(_ epoll: Int32, _ events: UnsafeMutableBufferPointer<epoll_event>, timeout: Int32) -> Int {
        let count = epoll_wait(epoll, events.baseAddress, Int32(events.count), timeout)
        if count >= 0 { return Int(count) }
        let code = clinux_errno()
        precondition(code == EINTR, "epoll_wait failed with \(code)")
        return 0
    }

    /// A non-blocking eventfd.
    static func makeEventFD() throws(SystemError) -> Int32 {
        try blockingSyscall("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
    }

    /// Adds one to an eventfd's counter, waking whoever polls it.
    static func signalEvent(_ descriptor: Int32) {
        var one: UInt64 = 1
        _ = Glibc.write(descriptor, &one, 8)
    }

    /// Resets an eventfd's counter.
    static func drainEvent(_ descriptor: Int32) {
        var value: UInt64 = 0
        _ = Glibc.read(descriptor, &value, 8)
    }

    /// Writes `text` to standard error in one call: a message for the operator when no logger
    /// is at hand.
    static func writeToStandardError(_ text: String) {
        let bytes = text.utf8.span
        bytes.withUnsafeBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    /// Sets an integer socket option.
    /// A hash of the peer's address that is the same for every connection from one client: an
    /// IPv4 address (an IPv4-mapped IPv6 one included), or an IPv6 /64, since one host may
    /// hold a whole /64. `0` for a socket without an IP peer.
    static func peerAddressHash(_ descriptor: Int32) -> UInt64 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        guard result == 0 else { return 0 }
        let family = Int32(storage.ss_family)
        // FNV-1a: cheap, no allocation, and enough to spread addresses over the buckets.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ raw: UnsafeRawBufferPointer, _ range: Range<Int>) {
            for index in range { hash = (hash ^ UInt64(raw[index])) &* 0x0100_0000_01b3 }
        }
        withUnsafeBytes(of: storage) { raw in
            switch family {
            case AF_INET:
                // sockaddr_in: family (2), port (2), address (4).
                mix(raw, 4..<8)
            case AF_INET6:
                // sockaddr_in6: family (2), port (2), flow info (4), address (16 from 8).
                let isMapped = (8..<18).allSatisfy { raw[$0] == 0 } && raw[18] == 0xFF && raw[19] == 0xFF
                mix(raw, isMapped ? 20..<24 : 8..<16)
            default:
                break
            }
        }
        return hash
    }

    /// Writes the peer's IP address as text into `buffer` (`192.0.2.1`, `2001:db8::1`; an
    /// IPv4-mapped IPv6 address as the IPv4 one), or `-` for a socket without an IP peer.
    /// No allocation: the text is made in a stack buffer.
    static func writePeerAddress(_ descriptor: Int32, into buffer: inout ByteBuffer) {
        let peer = IPAddress.peer(of: descriptor)
        if peer.isNone {
            buffer.write(byte: UInt8(ascii: "-"))
        } else {
            peer.write(into: &buffer)
        }
    }

    /// The CPUs this process may run on, by its affinity mask (cpusets).
    static func affinityCPUCount() -> Int {
        Int(clinux_affinity_cpu_count())
    }

    static func setOption(_ descriptor: Int32, _ level: Int32, _ name: Int32, _ value: Int32) throws(SystemError) {
        var value = value
        _ = try blockingSyscall("setsockopt") {
            setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }
}

extension SystemError {
    /// Whether the call failed for want of descriptors or memory (`EMFILE`, `ENFILE`, `ENOBUFS`,
    /// `ENOMEM`), which no single client causes.
    var isOutOfDescriptorsOrMemory: Bool {
        errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM
    }
}
