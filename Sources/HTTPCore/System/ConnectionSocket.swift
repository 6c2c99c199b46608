// Unsafe: hands the memory of the spans it sends to send and sendmsg by address.
// In HTTPCore, not SystemSupport: the engine's own sockets, inlined into the loop's hot path.
import CLinuxSupport
import Glibc
import SystemSupport

/// The socket of a connection slot, with a single owner: the slot it was accepted into.
///
/// It stores the descriptor plus one, so its zero bit pattern means "no socket": a slot of the
/// `calloc`ed connection table holds none until a socket is accepted into it, and an untouched
/// slot costs nothing. It cannot be copied. The one way to close it is to ``take()`` it out of
/// the slot, which leaves the slot empty, and ``close(reset:)`` the taken value, which consumes
/// it: a descriptor cannot be closed twice, and the slot has no descriptor to use after the close.
/// It has no `deinit`, so a slot stays plain data that the table can zero and overwrite; the
/// slot closes its socket before it lets go of it (``Connection/close(context:)``).
///
/// The system calls on the socket are its methods, made while the slot lends it: nothing else
/// turns a slot into a descriptor number.
struct ConnectionSocket: ~Copyable {
    /// The descriptor plus one; 0 when there is no socket.
    private var descriptorPlusOne: Int32

    /// No socket.
    init() {
        descriptorPlusOne = 0
    }

    /// Takes ownership of `descriptor`, a socket no one else closes.
    init(taking descriptor: Int32) {
        precondition(descriptor >= 0 && descriptor < .max, "not an open descriptor: \(descriptor)")
        descriptorPlusOne = descriptor + 1
    }

    /// Accepts one connection from the listening socket `listener`, non-blocking and
    /// close-on-exec; `nil` when none is waiting.
    static func accept(from listener: Int32) throws(SystemError) -> ConnectionSocket? {
        switch try Syscall.accept(listener) {
        case .done(let descriptor): return ConnectionSocket(taking: descriptor)
        case .wouldBlock: return nil
        }
    }

    /// The budget bucket of the client at the other end (``ByteBudget/clientBuckets``).
    var clientBucket: Int {
        guard let descriptor else { return 0 }
        return Int(truncatingIfNeeded: Syscall.peerAddressHash(descriptor) % UInt64(ByteBudget.clientBuckets))
    }

    /// Whether a socket is held.
    var isOpen: Bool { descriptorPlusOne != 0 }

    /// The descriptor, for tests and diagnostics; `nil` when there is none.
    var descriptor: Int32? { descriptorPlusOne == 0 ? nil : descriptorPlusOne - 1 }

    /// The socket's slot in a table indexed by descriptor: descriptors are small and reused
    /// lowest first, so the table stays dense.
    @inline(__always) var tableIndex: Int {
        precondition(descriptorPlusOne != 0, "no socket")
        return Int(descriptorPlusOne - 1)
    }

    /// The descriptor, for a system call on a held socket.
    @inline(__always) private var held: Int32 {
        precondition(descriptorPlusOne != 0, "no socket")
        return descriptorPlusOne - 1
    }

    /// Reads into `buffer`'s free space and marks what arrived as written; `.done(0)` is end of
    /// stream.
    @inline(__always)
    func receive(into buffer: inout ByteBuffer) throws(SystemError) -> IOResult<Int> {
        try buffer.receive(from: held)
    }

    /// Writes `bytes`, never raising SIGPIPE.
    @inline(__always)
    func send(_ bytes: Span<UInt8>) throws(SystemError) -> IOResult<Int> {
        try bytes.withUnsafeBytes { buffer throws(SystemError) in try Syscall.send(held, buffer) }
    }

    /// Writes `first` then `second` in one `sendmsg`, never raising SIGPIPE; with `more`, marked
    /// `MSG_MORE` (the kernel holds a partial segment for what follows, or for the FIN).
    func send(_ first: Span<UInt8>, _ second: Span<UInt8>, more: Bool = false) throws(SystemError) -> IOResult<Int> {
        try first.withUnsafeBytes { first throws(SystemError) in
            try second.withUnsafeBytes { second throws(SystemError) in
                try Syscall.send(held, first, second, more: more)
            }
        }
    }

    /// Writes `bytes` with `MSG_MORE`: the kernel holds a partial segment for what follows.
    @inline(__always)
    func sendMore(_ bytes: Span<UInt8>) throws(SystemError) -> IOResult<Int> {
        try bytes.withUnsafeBytes { buffer throws(SystemError) in try Syscall.sendMore(held, buffer) }
    }

    /// Sends `count` bytes of `file` from `offset` with `sendfile`.
    @inline(__always)
    func sendFile(_ file: BodyFile, offset: Int64, count: Int) throws(SystemError) -> IOResult<Int> {
        try Syscall.sendFile(held, from: file.descriptor, offset: offset, count: count)
    }

    /// Half-closes the sending side (RFC 9112 §9.6).
    func shutdownOutput() {
        Syscall.shutdownWrite(held)
    }

    /// Registers the socket with `epoll` for `events` (changes the registration when
    /// `isRegistered`), with `data` as the events' tag.
    func watch(with epoll: borrowing FileDescriptor, events: UInt32, data: UInt64, isRegistered: Bool)
        throws(SystemError)
    {
        try Syscall.epollControl(
            epoll.rawValue, isRegistered ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, held, events: events, data: data)
    }

    /// Moves the socket out, leaving none behind.
    mutating func take() -> ConnectionSocket {
        var taken = ConnectionSocket()
        swap(&self, &taken)
        return taken
    }

    /// Closes the socket, with a reset (`SO_LINGER` 0: unsent data dropped) when `reset`.
    /// Closing removes it from any epoll set. Closing "no socket" does nothing.
    consuming func close(reset: Bool = false) {
        let plusOne = descriptorPlusOne
        guard plusOne != 0 else { return }
        if reset { Syscall.setResetOnClose(plusOne - 1) }
        Syscall.close(plusOne - 1)
    }
}
