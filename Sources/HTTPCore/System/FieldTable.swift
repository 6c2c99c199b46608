// Unsafe: owns the field table's allocation and views it as spans.
// In HTTPCore, not SystemSupport: the engine's own parse memory, inlined into the loop's hot path.
/// Where the header fields of the request being parsed lie: one allocation per loop, reused by
/// every parse (a loop parses one request at a time), so a parse allocates nothing.
///
/// It cannot be copied: two copies would free one allocation twice.
struct FieldTable: ~Copyable {
    private let base: UnsafeMutablePointer<FieldRange>
    /// The number of fields the table holds.
    let capacity: Int

    /// A table with room for `capacity` fields (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
        base.initialize(
            repeating: FieldRange(nameStart: 0, nameLength: 0, valueStart: 0, valueLength: 0), count: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The whole table, for the parser to fill.
    var mutableSpan: MutableSpan<FieldRange> {
        @_lifetime(&self) @inline(__always) mutating get {
            let span = MutableSpan(_unsafeStart: base, count: capacity)
            return _overrideLifetime(span, mutating: &self)
        }
    }

    /// The whole table, for a request to read.
    var span: Span<FieldRange> {
        @_lifetime(borrow self) @inline(__always) get {
            let span = Span(_unsafeStart: base, count: capacity)
            return _overrideLifetime(span, borrowing: self)
        }
    }

    /// Calls `body` with the whole table to fill; for an owner that holds the table where a
    /// span cannot outlive one access (a class's stored property).
    @inline(__always) mutating func withMutableSpan<Result, Failure: Error>(
        _ body: (inout MutableSpan<FieldRange>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var fields = mutableSpan
        return try body(&fields)
    }

    /// Calls `body` with the first `count` fields.
    @inline(__always) func withSpan<Result, Failure: Error>(
        prefix count: Int, _ body: (Span<FieldRange>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(span.extracting(0..<count))
    }
}
