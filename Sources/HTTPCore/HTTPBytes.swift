// Unsafe: views static strings and Strings' UTF-8 as spans, and compares without bounds checks.
/// A borrowed view of bytes inside the engine's buffers: a request target, a header value, a
/// body.
///
/// A view cannot outlive the buffer it views: it is `~Escapable`, so the compiler rejects
/// storing it, returning it from ``HTTPApplication/respond(to:)`` or capturing it in an escaping
/// closure. Copy what must outlive the request (``string``, `Array(view)`). Comparisons never
/// allocate.
public struct HTTPBytes: ~Escapable {
    /// The bytes viewed.
    public let span: Span<UInt8>

    /// A view of `span`'s bytes.
    @_lifetime(copy span)
    @inlinable public init(_ span: Span<UInt8>) {
        self.span = span
    }

    /// An empty view.
    @_lifetime(immortal)
    public init() {
        self.span = Span()
    }

    /// A view of the bytes of a string literal, which live as long as the program.
    @_lifetime(immortal)
    public init(_ text: StaticString) {
        let span = Span(_unsafeStart: text.utf8Start, count: text.utf8CodeUnitCount)
        self.span = _overrideLifetime(span, borrowing: ())
    }

    /// The bytes as a `RawSpan`.
    public var bytes: RawSpan {
        @_lifetime(copy self) get { span.bytes }
    }

    /// The number of bytes.
    @inlinable public var count: Int { span.count }

    /// Whether there are no bytes.
    @inlinable public var isEmpty: Bool { span.isEmpty }

    /// The valid positions, `0..<count`.
    @inlinable public var indices: Range<Int> { 0..<span.count }

    /// The byte at `position`.
    @inlinable public subscript(position: Int) -> UInt8 { span[position] }

    /// The bytes in `range`, as a view with the same lifetime.
    @_lifetime(copy self)
    public func extracting(_ range: Range<Int>) -> HTTPBytes {
        HTTPBytes(span.extracting(range))
    }

    /// A copy of the bytes as a `String` (invalid UTF-8 is repaired with U+FFFD).
    public var string: String {
        span.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether these bytes equal `text` exactly.
    public func equals(_ text: StaticString) -> Bool {
        ASCII.equal(span, text)
    }

    /// Whether these bytes equal `text` exactly.
    public func equals(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { other in
            span.withUnsafeBufferPointer { ASCII.equal(UnsafeRawBufferPointer($0), UnsafeRawBufferPointer(other)) }
        }
    }

    /// Whether these bytes equal `other`: one comparison of two buffers, never a walk through
    /// a generic sequence (this is how a cached target is recognised on every request).
    public func elementsEqual(_ other: [UInt8]) -> Bool {
        guard other.count == span.count else { return false }
        return other.withUnsafeBytes { other in
            span.withUnsafeBufferPointer { ASCII.equal(UnsafeRawBufferPointer($0), other) }
        }
    }

    /// Whether these bytes equal `other`, in the same order.
    @inlinable public func elementsEqual(_ other: some Sequence<UInt8>) -> Bool {
        var position = 0
        for byte in other {
            guard position < span.count, span[position] == byte else { return false }
            position += 1
        }
        return position == span.count
    }

    /// Whether these bytes equal `text` ignoring ASCII case, as header names and many header
    /// values compare (RFC 9110 §5.1).
    public func equalsIgnoringCase(_ text: StaticString) -> Bool {
        ASCII.equalIgnoringCase(span, text)
    }

    /// Whether these bytes equal `text` ignoring ASCII case.
    public func equalsIgnoringCase(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { other in
            span.withUnsafeBufferPointer {
                ASCII.equalIgnoringCase(UnsafeRawBufferPointer($0), UnsafeRawBufferPointer(other))
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// A copy of the bytes `view` shows, to keep after the request is answered.
    public init(_ view: HTTPBytes) {
        self = view.span.withUnsafeBufferPointer { Array($0) }
    }

    /// Appends a copy of the bytes `view` shows.
    public mutating func append(contentsOf view: HTTPBytes) {
        view.span.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}

/// ASCII helpers shared by the parser and the byte views.
enum ASCII {
    /// Folds `A`-`Z` to lower case; every other byte is returned as is.
    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        return a.elementsEqual(b)
    }

    static func equalIgnoringCase(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where lower(a[index]) != lower(b[index]) {
            return false
        }
        return true
    }

    /// Whether `a` equals the literal `text` ignoring ASCII case (the reserved field names a
    /// response may not carry).
    static func equalIgnoringCase(_ a: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        equalIgnoringCase(a, UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Whether `a` equals the literal `text` exactly (the parser's methods).
    @inline(__always) static func equal(_ a: Span<UInt8>, _ text: StaticString) -> Bool {
        guard a.count == text.utf8CodeUnitCount else { return false }
        let literal = text.utf8Start
        for index in a.indices where a[index] != literal[index] {
            return false
        }
        return true
    }

    /// Whether `a` equals the literal `text` ignoring ASCII case (the parser's field names).
    static func equalIgnoringCase(_ a: Span<UInt8>, _ text: StaticString) -> Bool {
        guard a.count == text.utf8CodeUnitCount else { return false }
        let literal = text.utf8Start
        for index in a.indices where lower(a[index]) != lower(literal[index]) {
            return false
        }
        return true
    }
}
