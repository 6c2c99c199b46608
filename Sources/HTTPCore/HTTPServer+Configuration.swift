import SystemSupport

extension HTTPServer {
    /// How a server listens, how many loops it runs, and every limit and timeout it enforces.
    public struct Configuration: Sendable {
        /// The IPv4 or IPv6 address to listen on, e.g. `"127.0.0.1"`, `"0.0.0.0"`, `"::"`.
        public var host: String = "127.0.0.1"

        /// The TCP port; `0` picks a free one, reported to `onReady` in ``HTTPServer/run(onReady:)``.
        public var port: Int = 8080

        /// Event-loop threads, each with its own epoll and `SO_REUSEPORT` listener.
        public var threads: Int = Configuration.defaultThreadCount

        /// Open connections allowed at once, counted over all loops together (not split between
        /// them, since clients hash to loops unevenly); beyond it the loops pause their
        /// listeners, and new clients wait in the kernel backlog.
        public var maxConnections: Int = 16_384

        /// Longest request line, CRLF included; longer gets `414` (RFC 9112 §3).
        public var maxRequestLineLength: Int = 8 * 1024

        /// Longest header section (request line and fields, through the blank line); longer
        /// gets `431` (RFC 6585 §5).
        public var maxHeaderSectionLength: Int = 16 * 1024

        /// Most header fields in one request; more gets `431`.
        public var maxHeaderFields: Int = 100

        /// Upper bound on any body, whatever ``HTTPApplication/bodyLimit(for:)`` says.
        public var maxBodyLength: Int = 1 << 20

        /// Bytes of request bodies all connections together may hold while they arrive. Each
        /// body holds what it has received plus one window
        /// (``maxBufferedBodyBytesPerConnection``), never more than its `Content-Length` (or
        /// its route's limit when chunked); a body that does not fit is refused with
        /// `503 Service Unavailable` and `Retry-After: 1`: the request is fine, the server is
        /// busy, so a client may retry. This bounds body memory whatever clients do, e.g. many
        /// slow uploads at once.
        public var maxBufferedBodyBytes: Int = 32 << 20

        /// Bytes of ``maxBufferedBodyBytes`` the connections of one client (one IPv4 address,
        /// or one IPv6 /64) may hold together; beyond it that client's next body gets `503`,
        /// so a handful of senders from one place cannot take the whole budget. Clients are
        /// counted in 1,024 buckets by a hash of the address, so two clients may share one.
        public var maxBufferedBodyBytesPerClient: Int = 8 << 20

        /// Bytes a connection may hold of the budget beyond what it has received: a body's
        /// reservation grows with its bytes as they arrive, rather than being its announced
        /// `Content-Length` from the start, so announcing a large body and sending one byte
        /// holds this much, not the whole length.
        public var maxBufferedBodyBytesPerConnection: Int = 64 << 10

        /// Bytes of answers all connections together may hold for clients that do not read them:
        /// what a connection has queued when its socket takes no more, and each large prepared
        /// answer such connections send from, counted once however many send it (the answer
        /// cache's copy of an answer it has evicted lives on while a connection sends it). While
        /// none is left, or none of the client's share, an answer of 4 KiB or more (or one queued
        /// behind others on its connection) is replaced by `503 Service Unavailable` with
        /// `Retry-After: 1`, and the connection closes; a small answer on a connection that holds
        /// nothing unread (a health probe) still goes out. Kernel send buffers are bounded apart,
        /// by ``sendBufferBytes``.
        public var maxUnreadAnswerBytes: Int = 32 << 20

        /// Bytes of ``maxUnreadAnswerBytes`` the connections of one client (bucketed as for
        /// ``maxBufferedBodyBytesPerClient``) may hold; a shared answer counts against the
        /// client whose connection first stopped on it.
        public var maxUnreadAnswerBytesPerClient: Int = 8 << 20

        /// The slowest a body may arrive, averaged from its first byte: after
        /// ``bodyRateGracePeriod`` a body below it gets `408` and a close, long before
        /// ``requestReadTimeout``. `0` turns the check off.
        public var minBodyBytesPerSecond: Int = 1024

        /// Threads that compute deferred answers (``HTTPResponse/deferred(holding:reserving:_:)``) off the
        /// event loops, shared by every loop; `0` computes them on the loop, as any other answer.
        public var answerThreads: Int = 2

        /// Deferred answers that may wait for a worker thread, all loops together; one more gets
        /// `503 Service Unavailable` with `Retry-After: 1` at once, rather than a wait no client
        /// asked for. What waiting answers hold counts in ``maxBufferedBodyBytes`` too, so a long
        /// queue is bounded by that budget as well as by this count.
        public var maxQueuedAnswers: Int = 1024

        /// The kernel send buffer of each connection (`SO_SNDBUF`, which the kernel doubles for
        /// its bookkeeping, and which turns its autotuning off); `0` leaves it to the kernel's
        /// autotuning, as nginx does, bounded by ``maxUnsentBytes``.
        public var sendBufferBytes: Int = 0

        /// Bytes of an answer the kernel holds for a connection beyond what the network has taken
        /// (`TCP_NOTSENT_LOWAT`): the socket takes no more, and is not reported writable, while
        /// this much is queued unsent. With an autotuned send buffer this is what bounds the
        /// kernel memory of a client that does not read: once its receive window is full, the
        /// server's kernel holds this, plus at most one segment a write added, and not the
        /// send buffer's autotuned maximum (`net.ipv4.tcp_wmem`, 4 MiB or more). `0` sets
        /// nothing (the system's `net.ipv4.tcp_notsent_lowat`, unbounded by default).
        public var maxUnsentBytes: Int = 128 << 10

        /// How long a body may arrive at any rate before ``minBodyBytesPerSecond`` applies.
        public var bodyRateGracePeriod: Duration = .seconds(2)

        /// Time allowed from a request's first byte to its last; exceeded gets `408` and a close.
        public var requestReadTimeout: Duration = .seconds(10)

        /// Time a keep-alive connection may sit between requests before it is closed silently.
        public var idleTimeout: Duration = .seconds(15)

        /// Time a response may wait for the client to read it before the connection is dropped.
        public var writeTimeout: Duration = .seconds(15)

        /// Time a graceful shutdown waits for in-flight requests before closing what is left.
        public var drainTimeout: Duration = .seconds(10)

        /// Requests served on one connection before the engine asks the client to reconnect.
        public var maxRequestsPerConnection: Int = 10_000

        /// The `Allow` value of the engine's answer to `OPTIONS *` (RFC 9110 §9.3.7).
        public var serverWideAllow: String = "GET, HEAD, POST, OPTIONS"

        /// One line per request, or nothing.
        public var accessLog: AccessLogFormat = .off

        /// The descriptor access-log lines go to (default: standard error).
        public var accessLogDescriptor: Int32 = 2

        /// Proxies whose `X-Forwarded-For` is believed: when a connection's peer lies in one of
        /// these ranges, each request's access-log line names the client the proxies forwarded
        /// for beside the peer (the right-most entry no range holds; see ``ForwardedFor``). Empty
        /// (the default): no header is read, and lines name the peer alone.
        public var trustedProxies: [AddressRange] = []

        /// Whether ``HTTPServer/run(onReady:)`` handles SIGTERM/SIGINT (graceful drain) and SIGHUP
        /// (``HTTPApplication/reload()``) through a signalfd. Turn off when embedding the server
        /// in a process that handles signals itself, e.g. tests; use ``HTTPServer/stop()`` then.
        public var handlesSignals: Bool = true

        /// A configuration with every default.
        public init() {}

        /// A configuration for `host`:`port` with every other default.
        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }

        /// The CPUs this process may run on: the affinity mask (cpusets), capped by the cgroup v2
        /// quota in `/sys/fs/cgroup/cpu.max`; at least 1.
        public static var defaultThreadCount: Int {
            var count = Syscall.affinityCPUCount()
            if count < 1 { count = 1 }
            if let quota = CgroupCPUQuota.read(), quota < count {
                count = max(1, quota)
            }
            return count
        }
    }

    /// The access-log format.
    public enum AccessLogFormat: Sendable, Hashable {
        /// No access log.
        case off
        /// `time method target version status bytes microseconds` per line.
        case text
        /// One JSON object per line: `time` (RFC 3339), `level`, `msg` (`request`, or `refused` for
        /// a request the engine answered itself), `method`, `target`, `version`, `status`, `bytes`, `us`.
        case json
    }

    /// Where a running server listens.
    public struct Endpoint: Sendable, Hashable {
        /// The address it listens on, as configured.
        public let host: String
        /// The port it is bound to (the real one when 0 was configured).
        public let port: Int
    }
}

/// The cgroup v2 CPU quota, rounded up to whole CPUs.
enum CgroupCPUQuota {
    static func read() -> Int? {
        guard let text = SystemFile.smallText(atPath: "/sys/fs/cgroup/cpu.max") else { return nil }
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count >= 2, let quota = Int(parts[0]), let period = Int(parts[1]), period > 0 else {
            return nil  // "max 100000": no quota
        }
        return (quota + period - 1) / period
    }
}
