import Synchronization

/// Bytes of memory all loops together may hold for one purpose, and the share of them one client
/// may hold: request bodies as they arrive (``HTTPServer/Configuration/maxBufferedBodyBytes``),
/// or answers a client has not read (``HTTPServer/Configuration/maxUnreadAnswerBytes``).
final class ByteBudget: Sendable {
    private let available: Atomic<Int>
    /// Bytes each client bucket may still take; a client's bucket is a hash of its address.
    private let clients: InlineArray<1024, Atomic<Int>>

    /// The number of client buckets.
    static let clientBuckets = 1024

    init(bytes: Int, perClient: Int = .max) {
        available = Atomic(bytes)
        clients = InlineArray { _ in Atomic(perClient) }
    }

    /// Takes `count` bytes if that many are left (of the whole budget, and of `client`'s
    /// share when `client` is a bucket, `0..<clientBuckets`).
    func reserve(_ count: Int, client: Int = -1) -> Bool {
        guard count > 0 else { return true }
        guard Self.take(count, from: available) else { return false }
        if client >= 0 && !Self.take(count, from: clients[client & (Self.clientBuckets - 1)]) {
            available.wrappingAdd(count, ordering: .relaxed)
            return false
        }
        return true
    }

    /// Takes `count` bytes whether or not that many are left, for memory already in use (an
    /// answer built, then found unread): the budget may go below zero, and ``isSpent(client:)``
    /// then refuses what comes next.
    func charge(_ count: Int, client: Int = -1) {
        guard count > 0 else { return }
        available.wrappingSubtract(count, ordering: .relaxed)
        if client >= 0 { clients[client & (Self.clientBuckets - 1)].wrappingSubtract(count, ordering: .relaxed) }
    }

    /// Whether nothing is left of the whole budget, or of `client`'s share when `client` is a
    /// bucket.
    func isSpent(client: Int = -1) -> Bool {
        if available.load(ordering: .relaxed) <= 0 { return true }
        return client >= 0 && clients[client & (Self.clientBuckets - 1)].load(ordering: .relaxed) <= 0
    }

    /// Gives back bytes taken by ``reserve(_:client:)`` or ``charge(_:client:)``.
    func release(_ count: Int, client: Int = -1) {
        guard count > 0 else { return }
        available.wrappingAdd(count, ordering: .relaxed)
        if client >= 0 { clients[client & (Self.clientBuckets - 1)].wrappingAdd(count, ordering: .relaxed) }
    }

    /// Bytes `client` may still take.
    func remaining(client: Int) -> Int { clients[client & (Self.clientBuckets - 1)].load(ordering: .relaxed) }

    private static func take(_ count: Int, from counter: borrowing Atomic<Int>) -> Bool {
        var current = counter.load(ordering: .relaxed)
        while current >= count {
            let (exchanged, original) = counter.compareExchange(
                expected: current, desired: current - count, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Bytes not reserved.
    var remaining: Int { available.load(ordering: .relaxed) }
}

/// The state a running server shares between its loops and the outside: stop and reload
/// requests, and the counters behind ``HTTPServer/openConnections``.
///
/// Loops touch it per connection or per batch of events, never per byte.
final class ServerControl: Sendable {
    private let stopRequested = Atomic<Bool>(false)
    private let reloadRequested = Atomic<Bool>(false)
    private let reloading = Atomic<Bool>(false)
    /// The eventfd that wakes the supervising thread, or -1 before `run`.
    private let wakeDescriptor = Atomic<Int32>(-1)
    private let open = Atomic<Int>(0)
    /// Connections admitted by every loop together, against ``HTTPServer/Configuration/maxConnections``.
    private let admitted = Atomic<Int>(0)
    private let served = Atomic<Int>(0)
    private let port = Atomic<Int>(-1)
    /// Shared by every loop's connections.
    let bodyBudget: ByteBudget
    /// Shared by every loop's connections.
    let unreadBudget: ByteBudget

    init(configuration: HTTPServer.Configuration) {
        self.bodyBudget = ByteBudget(
            bytes: configuration.maxBufferedBodyBytes, perClient: configuration.maxBufferedBodyBytesPerClient)
        self.unreadBudget = ByteBudget(
            bytes: configuration.maxUnreadAnswerBytes, perClient: configuration.maxUnreadAnswerBytesPerClient)
    }

    var openConnections: Int { open.load(ordering: .relaxed) }
    var requestsServed: Int { served.load(ordering: .relaxed) }
    var boundPort: Int? {
        let value = port.load(ordering: .acquiring)
        return value < 0 ? nil : value
    }

    func setBoundPort(_ value: Int) { port.store(value, ordering: .releasing) }

    func adjustOpenConnections(by delta: Int) {
        if delta != 0 { open.wrappingAdd(delta, ordering: .relaxed) }
    }

    /// Takes one connection slot if fewer than `limit` are taken, by any loop.
    ///
    /// One count for the whole server, not a share per loop: `SO_REUSEPORT` hashes clients to
    /// loops unevenly, and a per-loop share left clients waiting in one loop's backlog while
    /// another loop had room.
    func admitConnection(limit: Int) -> Bool {
        var current = admitted.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = admitted.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives back a slot taken by ``admitConnection(limit:)``.
    func releaseConnection() {
        admitted.wrappingSubtract(1, ordering: .relaxed)
    }

    func addRequestsServed(_ count: Int) {
        if count != 0 { served.wrappingAdd(count, ordering: .relaxed) }
    }

    func requestStop() {
        stopRequested.store(true, ordering: .releasing)
        wake()
    }

    func requestReload() {
        reloadRequested.store(true, ordering: .releasing)
        wake()
    }

    var isStopRequested: Bool { stopRequested.load(ordering: .acquiring) }

    /// Returns whether a reload was requested since the last call, and clears the request.
    func takeReloadRequest() -> Bool {
        reloadRequested.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// Whether a reload was requested and not yet taken.
    var hasReloadRequest: Bool { reloadRequested.load(ordering: .acquiring) }

    /// Marks a reload thread as running; `false` if one already runs (it will take the request).
    func beginReloading() -> Bool {
        reloading.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }

    /// The reload thread is about to end.
    func endReloading() {
        reloading.store(false, ordering: .releasing)
    }

    func installWakeDescriptor(_ descriptor: Int32) {
        wakeDescriptor.store(descriptor, ordering: .releasing)
    }

    func removeWakeDescriptor() -> Int32 {
        wakeDescriptor.exchange(-1, ordering: .acquiringAndReleasing)
    }

    private func wake() {
        let descriptor = wakeDescriptor.load(ordering: .acquiring)
        if descriptor >= 0 { Syscall.signalEvent(descriptor) }
    }
}
