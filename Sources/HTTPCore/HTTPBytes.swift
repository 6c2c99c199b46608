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
        self.span = Span(text)
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
        String(decodingUTF8: span)
    }

    /// Whether these bytes equal `text` exactly.
    public func equals(_ text: StaticString) -> Bool {
        ASCII.equal(span, text)
    }

    /// Whether these bytes equal `text` exactly.
    public func equals(_ text: String) -> Bool {
        span.elementsEqual(text.utf8.span)
    }

    /// Whether these bytes equal `other`: one comparison of two buffers, never a walk through
    /// a generic sequence (this is how a cached target is recognised on every request).
    public func elementsEqual(_ other: [UInt8]) -> Bool {
        span.elementsEqual(other.span)
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
        span.elementsEqualIgnoringASCIICase(text.utf8.span)
    }
}

extension Array where Element == UInt8 {
    /// A copy of the bytes `view` shows, to keep after the request is answered.
    public init(_ view: HTTPBytes) {
        self.init(copying: view.span)
    }

    /// Appends a copy of the bytes `view` shows.
    public mutating func append(contentsOf view: HTTPBytes) {
        append(copying: view.span)
    }
}

/// ASCII helpers shared by the parser and the byte views.
enum ASCII {
    /// Folds `A`-`Z` to lower case; every other byte is returned as is.
    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Whether `a` equals the literal `text` exactly (the parser's methods).
    @inline(__always) static func equal(_ a: Span<UInt8>, _ text: StaticString) -> Bool {
        a.elementsEqual(Span(text))
    }

    /// Whether `a` equals the literal `text` ignoring ASCII case (the parser's field names, the
    /// reserved field names a response may not carry).
    @inline(__always) static func equalIgnoringCase(_ a: Span<UInt8>, _ text: StaticString) -> Bool {
        a.elementsEqualIgnoringASCIICase(Span(text))
    }
}
