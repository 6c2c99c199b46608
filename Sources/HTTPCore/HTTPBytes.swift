// Unsafe: a view of bytes in the connection's input buffer, valid while the request is answered.
/// A borrowed view of bytes inside the engine's buffers: a request target, a header value, a
/// body.
///
/// A view is valid only while the ``HTTPApplication/respond(to:)`` call that produced it runs;
/// copy what must outlive it (``string``, `Array(view)`). Comparisons never allocate.
public struct HTTPBytes: RandomAccessCollection {
    @usableFromInline let buffer: UnsafeRawBufferPointer

    @inlinable init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    /// An empty view.
    public init() {
        self.buffer = UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// The first index, always 0.
    @inlinable public var startIndex: Int { 0 }

    /// One past the last byte.
    @inlinable public var endIndex: Int { buffer.count }

    /// The byte at `position`.
    @inlinable public subscript(position: Int) -> UInt8 { buffer[position] }

    /// A copy of the bytes as a `String` (invalid UTF-8 is repaired with U+FFFD).
    public var string: String {
        String(decoding: buffer, as: UTF8.self)
    }

    /// Calls `body` with the raw bytes; the pointer must not escape the call.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(buffer)
    }

    /// Whether these bytes equal `text` exactly.
    public func equals(_ text: StaticString) -> Bool {
        guard text.utf8CodeUnitCount == buffer.count else { return false }
        let other = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return buffer.elementsEqual(other)
    }

    /// Whether these bytes equal `text` exactly.
    public func equals(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.elementsEqual(buffer) }
    }

    /// Whether these bytes equal `text` ignoring ASCII case, as header names and many header
    /// values compare (RFC 9110 §5.1).
    public func equalsIgnoringCase(_ text: StaticString) -> Bool {
        guard text.utf8CodeUnitCount == buffer.count else { return false }
        let other = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return ASCII.equalIgnoringCase(buffer, other)
    }

    /// Whether these bytes equal `text` ignoring ASCII case.
    public func equalsIgnoringCase(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { ASCII.equalIgnoringCase(buffer, UnsafeRawBufferPointer($0)) }
    }
}

/// ASCII helpers shared by the parser and the byte views.
enum ASCII {
    /// Folds `A`-`Z` to lower case; every other byte is returned as is.
    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    static func equalIgnoringCase(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where lower(a[index]) != lower(b[index]) {
            return false
        }
        return true
    }
}
