/// The socket of a connection slot, with a single owner: the slot it was accepted into.
///
/// It stores the descriptor plus one, so its zero bit pattern means "no socket": a slot of the
/// `calloc`ed connection table holds none until a socket is accepted into it, and an untouched
/// slot costs nothing. It cannot be copied. The one way to close it is to ``take()`` it out of
/// the slot, which leaves the slot empty, and ``close(reset:)`` the taken value, which consumes
/// it: a descriptor cannot be closed twice, and the slot has no descriptor to use after the close.
/// It has no `deinit`, so a slot stays plain data that the table can zero and overwrite; the
/// slot closes its socket before it lets go of it (``Connection/close(context:)``).
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

    /// Whether a socket is held.
    var isOpen: Bool { descriptorPlusOne != 0 }

    /// The descriptor, for system calls while the socket is held; `nil` when there is none.
    var descriptor: Int32? { descriptorPlusOne == 0 ? nil : descriptorPlusOne - 1 }

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
        if reset { Descriptor.setResetOnClose(plusOne - 1) }
        Descriptor.close(plusOne - 1)
    }
}
