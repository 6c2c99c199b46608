/// One header field of a request: a name and its value with surrounding whitespace removed.
///
/// Like every view of a request, it cannot outlive the request (`~Escapable`).
public struct HTTPHeaderField: ~Escapable {
    /// The field name as sent (compare it with ``HTTPBytes/equalsIgnoringCase(_:)-(StaticString)``).
    public let name: HTTPBytes
    /// The field value, without leading or trailing whitespace (RFC 9112 §5).
    public let value: HTTPBytes

    @_lifetime(copy name, copy value)
    init(name: HTTPBytes, value: HTTPBytes) {
        self.name = name
        self.value = value
    }
}

/// The header fields of a request, in the order received: a borrowed view that cannot outlive
/// the request (`~Escapable`).
///
/// Lookup is a linear, case-insensitive scan: requests carry a handful of fields, and a scan
/// allocates nothing.
public struct HTTPHeaders: ~Escapable {
    /// The buffer the fields lie in.
    @usableFromInline let base: Span<UInt8>
    /// Where each field lies in `base`.
    @usableFromInline let fields: Span<FieldRange>

    @_lifetime(copy base, copy fields)
    init(base: Span<UInt8>, fields: Span<FieldRange>) {
        self.base = base
        self.fields = fields
    }

    /// An empty header list.
    @_lifetime(immortal)
    public init() {
        self.base = Span()
        self.fields = Span()
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The valid positions, `0..<count`.
    public var indices: Range<Int> { 0..<fields.count }

    /// The field at `position`.
    public subscript(position: Int) -> HTTPHeaderField {
        @_lifetime(copy self) get {
            let range = fields[position]
            return HTTPHeaderField(
                name: HTTPBytes(base.extracting(Int(range.nameStart)..<Int(range.nameStart + range.nameLength))),
                value: HTTPBytes(base.extracting(Int(range.valueStart)..<Int(range.valueStart + range.valueLength)))
            )
        }
    }

    /// The value of the first field called `name` (any case), or `nil`.
    ///
    /// For a field that may repeat and is a list (`Accept`, `Cache-Control`), use
    /// ``forEachValue(named:_:)``.
    public subscript(name: StaticString) -> HTTPBytes? {
        @_lifetime(copy self) get {
            for position in indices {
                let field = self[position]
                if field.name.equalsIgnoringCase(name) { return field.value }
            }
            return nil
        }
    }

    /// The value of the first field called `name` (any case), or `nil`.
    public subscript(name: String) -> HTTPBytes? {
        @_lifetime(copy self) get {
            for position in indices {
                let field = self[position]
                if field.name.equalsIgnoringCase(name) { return field.value }
            }
            return nil
        }
    }

    /// Calls `body` with the value of every field called `name` (any case), in order.
    public func forEachValue<E: Error>(named name: StaticString, _ body: (HTTPBytes) throws(E) -> Void) throws(E) {
        for position in indices {
            let field = self[position]
            if field.name.equalsIgnoringCase(name) { try body(field.value) }
        }
    }

    /// A copy of the value of every field called `name` (any case), in order.
    public func strings(named name: StaticString) -> [String] {
        var values: [String] = []
        forEachValue(named: name) { values.append($0.string) }
        return values
    }
}

/// Where one header field lies in the read buffer: offsets from the buffer's base.
@usableFromInline struct FieldRange {
    var nameStart: UInt32
    var nameLength: UInt32
    var valueStart: UInt32
    var valueLength: UInt32
}
