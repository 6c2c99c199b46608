import Glibc

/// Descriptors opened together, with one owner: the group closes every descriptor it still
/// holds when it ends, so a failure halfway through opening them leaks none. A descriptor
/// leaves the group only as a ``FileDescriptor`` with an owner of its own (``removeLast()``).
package struct FileDescriptorGroup: ~Copyable {
    private var rawValues: [Int32] = []

    package init() {}

    deinit {
        for rawValue in rawValues { _ = Glibc.close(rawValue) }
    }

    /// How many descriptors the group holds.
    package var count: Int { rawValues.count }

    /// The descriptor number at `index`, valid while the group holds it.
    package subscript(index: Int) -> Int32 { rawValues[index] }

    /// Takes ownership of `descriptor`.
    package mutating func append(_ descriptor: consuming FileDescriptor) {
        rawValues.append(descriptor.release())
    }

    /// Hands the most recently added descriptor to an owner of its own.
    package mutating func removeLast() -> FileDescriptor? {
        rawValues.popLast().map { FileDescriptor(taking: $0) }
    }
}
