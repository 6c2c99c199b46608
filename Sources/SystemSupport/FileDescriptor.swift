import Glibc

/// An open descriptor with exactly one owner, closed exactly once: when its owner calls
/// ``close()`` or lets it go. It cannot be copied, so no second owner can close it again or use
/// it after the close (swift-system's `FileDescriptor` is a copyable number; this one owns).
///
/// System calls take ``rawValue``, which is valid while the owner holds this value.
package struct FileDescriptor: ~Copyable, Sendable {
    /// The descriptor number.
    package let rawValue: Int32

    /// Takes ownership of `rawValue`, an open descriptor no one else closes.
    package init(taking rawValue: Int32) {
        precondition(rawValue >= 0, "not an open descriptor: \(rawValue)")
        self.rawValue = rawValue
    }

    deinit {
        // EINTR is not retried: on Linux the descriptor is gone either way.
        _ = Glibc.close(rawValue)
    }

    /// Closes the descriptor now.
    package consuming func close() {
        _ = Glibc.close(rawValue)
        discard self
    }

    /// Ends this owner without closing the descriptor, handing its number to a new owner
    /// (a ``FileDescriptorGroup``).
    package consuming func release() -> Int32 {
        let rawValue = rawValue
        discard self
        return rawValue
    }
}
