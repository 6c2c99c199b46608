// Unsafe: header fields are views of the connection's input buffer, not copies.
/// One header field of a request: a name and its value with surrounding whitespace removed.
public struct HTTPHeaderField {
    /// The field name as sent (compare it with ``HTTPBytes/equalsIgnoringCase(_:)-(StaticString)``).
    public let name: HTTPBytes
    /// The field value, without leading or trailing whitespace (RFC 9112 §5).
    public let value: HTTPBytes
}

/// The header fields of a request, in the order received: a borrowed view, valid only during
/// ``HTTPApplication/respond(to:)``.
///
/// Lookup is a linear, case-insensitive scan: requests carry a handful of fields, and a scan
/// allocates nothing.
public struct HTTPHeaders: RandomAccessCollection {
    @usableFromInline let base: UnsafeRawPointer?
    @usableFromInline let fields: UnsafeBufferPointer<FieldRange>

    init(base: UnsafeRawPointer?, fields: UnsafeBufferPointer<FieldRange>) {
        self.base = base
        self.fields = fields
    }

    /// An empty header list.
    public init() {
        self.base = nil
        self.fields = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The first index, always 0.
    public var startIndex: Int { 0 }

    /// The number of fields.
    public var endIndex: Int { fields.count }

    /// The field at `position`.
    public subscript(position: Int) -> HTTPHeaderField {
        let range = fields[position]
        return HTTPHeaderField(
            name: HTTPBytes(UnsafeRawBufferPointer(start: base! + Int(range.nameStart), count: Int(range.nameLength))),
            value: HTTPBytes(
                UnsafeRawBufferPointer(start: base! + Int(range.valueStart), count: Int(range.valueLength)))
        )
    }

    /// The value of the first field called `name` (any case), or `nil`.
    ///
    /// For a field that may repeat and is a list (`Accept`, `Cache-Control`), iterate the
    /// fields instead, or use ``values(named:)``.
    public subscript(name: StaticString) -> HTTPBytes? {
        for field in self where field.name.equalsIgnoringCase(name) {
            return field.value
        }
        return nil
    }

    /// The value of the first field called `name` (any case), or `nil`.
    public subscript(name: String) -> HTTPBytes? {
        for field in self where field.name.equalsIgnoringCase(name) {
            return field.value
        }
        return nil
    }

    /// Every value of the fields called `name` (any case), in order.
    public func values(named name: StaticString) -> [HTTPBytes] {
        self.lazy.filter { $0.name.equalsIgnoringCase(name) }.map(\.value)
    }
}

/// Where one header field lies in the read buffer: offsets from the buffer's base.
@usableFromInline struct FieldRange {
    var nameStart: UInt32
    var nameLength: UInt32
    var valueStart: UInt32
    var valueLength: UInt32
}
