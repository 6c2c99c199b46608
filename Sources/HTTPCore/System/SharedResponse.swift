// Unsafe: keeps a PreparedResponse retained as a plain pointer, and lends its body past the retain.
// In HTTPCore, not SystemSupport: the engine's own response references, inlined into the loop's hot path.
/// The prepared response a connection sends a large body from, retained while held.
///
/// It is a plain pointer whose zero bit pattern means "none", so a connection slot stays plain
/// data that the `calloc`ed table can zero and overwrite, as ``ConnectionSocket`` is. It cannot
/// be copied: two copies would release one retain twice. The holder calls ``release()``
/// when the body is sent or abandoned.
struct SharedResponse: ~Copyable {
    private var reference: Unmanaged<PreparedResponse>?

    /// None held.
    init() {
        reference = nil
    }

    /// Whether a response is held.
    @inline(__always) var isHeld: Bool { reference != nil }

    /// Retains `response` and holds it; none may be held already.
    @inline(__always) mutating func hold(_ response: PreparedResponse) {
        precondition(reference == nil, "a shared response is held already")
        reference = .passRetained(response)
    }

    /// Releases the response held, if any.
    @inline(__always) mutating func release() {
        reference?.release()
        reference = nil
    }

    /// Counts this holder among the held response's unread ones
    /// (``PreparedResponse/beginUnread(budget:client:)``); a response must be held.
    @inline(__always) func beginUnread(budget: ByteBudget, client: Int) {
        reference?._withUnsafeGuaranteedRef { $0.beginUnread(budget: budget, client: client) }
    }

    /// Takes this holder off the held response's unread ones (``PreparedResponse/endUnread(budget:)``).
    @inline(__always) func endUnread(budget: ByteBudget) {
        reference?._withUnsafeGuaranteedRef { $0.endUnread(budget: budget) }
    }

    /// The held response's body length; 0 when none is held.
    @inline(__always) var bodyCount: Int {
        reference?._withUnsafeGuaranteedRef(\.bodyCount) ?? 0
    }

    /// Where the held response's body starts in the ``BodyFile``, when it lives there.
    @inline(__always) var bodyFileOffset: Int64? {
        reference?._withUnsafeGuaranteedRef(\.bodyFileOffset)
    }

    /// The held response's body from `offset` on; empty when none is held. The bytes stay valid
    /// while this holds the response: it keeps the response, and so its storage, alive.
    @_lifetime(borrow self)
    @inline(__always) func body(from offset: Int) -> Span<UInt8> {
        guard let reference else { return _overrideLifetime(Span(), borrowing: self) }
        let (bytes, bodyStart) = reference._withUnsafeGuaranteedRef { ($0.storage.unsafeBytes, $0.bodyStart) }
        precondition(offset >= 0 && bodyStart + offset <= bytes.count, "an offset past the body")
        let span = Span<UInt8>(_unsafeBytes: UnsafeRawBufferPointer(rebasing: bytes[(bodyStart + offset)...]))
        return _overrideLifetime(span, borrowing: self)
    }
}
