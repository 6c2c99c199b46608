/// What an epoll event's 64-bit user data names: the loop's listener, its wake eventfd, or a
/// connection slot. A slot's token packs the slot's index (low 32 bits) with the slot's
/// generation (high 32), so an event for a socket closed earlier in the same batch, its slot
/// since reused, is told apart from one for the new socket.
struct EpollToken: Equatable {
    /// The user data as epoll stores it.
    let rawValue: UInt64

    @inline(__always) init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The listening socket. It and ``wake`` lie above every slot's token while the slot's
    /// generation stays below 2^29 (half a billion reuses of one slot; slot 0 then collides).
    static let listener = EpollToken(rawValue: 1 << 62)
    /// The eventfd other threads write to wake the loop.
    static let wake = EpollToken(rawValue: 1 << 61)

    /// The token of connection slot `slot` in its `generation`.
    @inline(__always) init(slot: Int, generation: UInt32) {
        rawValue = UInt64(UInt32(truncatingIfNeeded: slot)) | UInt64(generation) << 32
    }

    /// The connection slot's index.
    @inline(__always) var slot: Int { Int(UInt32(truncatingIfNeeded: rawValue)) }

    /// The generation of the slot when the token was made.
    @inline(__always) var generation: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 32) }
}
