import Synchronization

/// A complete response built once — status line, headers, `Content-Length`, body — and served
/// many times: the head is copied and its `Date` patched; a large body is never copied, every
/// connection sending it holds a reference to these bytes.
///
/// Build these when the data they serve is loaded, not per request. The engine serves the same
/// object for `HEAD` (identical headers, no body, RFC 9110 §9.3.2) and adds `Connection: close`
/// or `Connection: keep-alive` when the connection needs it.
// @unchecked: the storage is written once in `init` and only read afterwards, from any thread.
public final class PreparedResponse: @unchecked Sendable {
    /// The status the response carries.
    public let status: HTTPStatus

    /// The number of content bytes (0 for a status that forbids content).
    public let bodyCount: Int

    /// Status line, `Date` slot and header fields, each line ending in CRLF, followed by the
    /// blank line and the body: one block this object owns (`malloc`ed, or a range of the
    /// ``BodyFile`` for a large body), so its address is stable while a connection sends from it.
    let storage: ResponseStorage

    /// Bodies at least this long are kept in the ``BodyFile`` and sent with `sendfile`.
    static let fileBackedBodyThreshold = 16 * 1024

    /// The length of everything before the blank line that ends the header section.
    let headCount: Int

    /// Where the body starts in ``bytes``: after the head and its blank line, or at 0 in a copy
    /// from ``datedCopy(date:arena:)``, whose "body" is the whole message.
    let bodyStart: Int

    /// Where the 29 bytes of the `Date` value start.
    let dateOffset: Int

    /// The connections that stopped sending this response at a client that does not read it
    /// (low 32 bits), and the client bucket its unread-answer charge was taken from (the bits
    /// above): one value, so the last connection to let go gives the charge back to the bucket
    /// that paid it, whatever other loops do meanwhile.
    private let unreadHolders = Atomic<Int>(0)

    /// Builds the bytes of a response.
    ///
    /// - Parameters:
    ///   - status: the status; a 1xx, 204 or 304 response must have an empty body and gets no
    ///     `Content-Length` (RFC 9110 §8.6, §15.3.5, §15.4.5).
    ///   - headers: name–value pairs, in order. Do not pass `Date`, `Content-Length`,
    ///     `Connection` or `Transfer-Encoding`: the engine writes those.
    ///   - body: the content.
    ///   - arena: where to place a large body beside others that live as long (see
    ///     ``BodyArena``); without one it gets a range of its own.
    ///   - keptInMemory: keeps a large body in ordinary memory, sent by copying, instead of the
    ///     ``BodyFile``: for an answer likely sent once, whose file range (a mapping, its pages
    ///     faulted in, then unmapped and punched out) would cost more than one copy into a socket.
    ///     ``inBodyFile()`` moves it there once it is sent again.
    /// - Precondition: no name or value contains CR, LF or NUL, names are non-empty tokens, and
    ///   the reserved fields above are absent.
    public init(
        status: HTTPStatus, headers: [(name: String, value: String)], body: [UInt8], arena: BodyArena? = nil,
        keptInMemory: Bool = false
    ) {
        precondition(!status.forbidsContent || body.isEmpty, "a \(status.code) response carries no content")
        var head: [UInt8] = []
        head.reserveCapacity(128 + headers.count * 48)
        let dateOffset = ResponseHead.appendStatusLineAndDate(status, to: &head)
        for (name, value) in headers {
            precondition(!ResponseHead.isReservedFieldName(name), "the engine writes \(name) itself")
            // Checked on each string's UTF-8 in place and copied whole from the same view, not
            // walked index by index (or appended as a sequence, several times the cost).
            let nameBytes = name.utf8.span
            precondition(ResponseHead.isValidFieldName(nameBytes), "invalid header name \(name)")
            head.append(copying: nameBytes)
            ResponseHead.append(": ", to: &head)
            let valueBytes = value.utf8.span
            precondition(ResponseHead.isValidFieldValue(valueBytes), "invalid value for \(name)")
            head.append(copying: valueBytes)
            ResponseHead.append("\r\n", to: &head)
        }
        if !status.forbidsContent {
            ResponseHead.append("Content-Length: ", to: &head)
            ResponseHead.appendDecimal(body.count, to: &head)
            ResponseHead.append("\r\n", to: &head)
        }
        self.status = status
        self.bodyCount = body.count
        self.headCount = head.count
        self.bodyStart = head.count + 2
        self.dateOffset = dateOffset
        var storage = ResponseStorage(
            count: head.count + 2 + body.count, inBodyFile: !keptInMemory && body.count >= Self.fileBackedBodyThreshold,
            arena: arena)
        ResponseHead.append("\r\n", to: &head)
        storage.store(head.span, at: 0)
        storage.store(body.span, at: head.count)
        self.storage = storage
    }

    /// Status line, `Date` slot, header fields, blank line and body.
    var bytes: Span<UInt8> {
        @_lifetime(borrow self) @inline(__always) get { storage.span(heldBy: self) }
    }

    /// Where the body starts in the ``BodyFile``, when it lives there.
    var bodyFileOffset: Int64? {
        storage.fileOffset.map { $0 + Int64(bodyStart) }
    }

    /// The content bytes.
    var body: Span<UInt8> {
        @_lifetime(borrow self) @inline(__always) get { bytes.extracting(bodyStart...) }
    }

    /// Appends a copy of the content bytes to `bytes`: for an application that carries a prepared
    /// answer inside another message (an MCP tool result carries a route's JSON).
    public func appendBody(to bytes: inout [UInt8]) {
        bytes.append(copying: body)
    }

    /// Bytes of memory this response holds (its block, as `malloc` or the page size rounds it,
    /// and the object), for caches that budget memory.
    public var memoryCost: Int {
        storage.memoryCost + 64
    }

    /// Whether a connection holds this response for a client that has not read it: a cache
    /// that evicts it keeps it findable until then, so the same answer is not built twice.
    public var isHeldUnread: Bool {
        unreadHolders.load(ordering: .acquiring) & 0xFFFF_FFFF > 0
    }

    /// A connection sending this response stopped at a full socket: the first such connection
    /// charges ``memoryCost`` to `budget` (for `client`), so an answer many clients fail to
    /// read is counted once.
    func beginUnread(budget: ByteBudget, client: Int) {
        var current = unreadHolders.load(ordering: .relaxed)
        while true {
            let count = current & 0xFFFF_FFFF
            let desired = count == 0 ? (client << 32) | 1 : current + 1
            let (exchanged, original) = unreadHolders.compareExchange(
                expected: current, desired: desired, ordering: .acquiringAndReleasing)
            if exchanged {
                if count == 0 { budget.charge(memoryCost, client: client) }
                return
            }
            current = original
        }
    }

    /// A connection counted by ``beginUnread(budget:client:)`` sent the response or gave it up;
    /// the last one gives the charge back.
    func endUnread(budget: ByteBudget) {
        let previous = unreadHolders.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue
        if previous & 0xFFFF_FFFF == 1 { budget.release(memoryCost, client: previous >> 32) }
    }

    /// A copy of this whole response — head with `date` in its `Date` slot, blank line, body —
    /// placed in `arena`, as one body to send from the file: a connection then sends head and
    /// body with one `sendfile` instead of a copy of the head and a `sendfile`. `nil` unless this
    /// response's body is in the ``BodyFile`` and `arena` has room.
    func datedCopy(date: Span<UInt8>, arena: BodyArena) -> PreparedResponse? {
        guard bodyStart > 0, storage.fileOffset != nil, var copy = ResponseStorage(count: storage.count, in: arena)
        else { return nil }
        copy.store(bytes, at: 0)
        copy.store(date, at: dateOffset)
        return PreparedResponse(status: status, wholeMessage: copy)
    }

    /// This response with its body in the ``BodyFile``, for an answer built with `keptInMemory`
    /// that turns out to be asked for again: the same bytes, sent with `sendfile` from then on.
    /// `self` when the body is there already, is shorter than the file's threshold, or the file
    /// cannot take it.
    public func inBodyFile() -> PreparedResponse {
        guard storage.fileOffset == nil, bodyStart > 0, bodyCount >= Self.fileBackedBodyThreshold else { return self }
        var copy = ResponseStorage(count: storage.count, inBodyFile: true)
        guard copy.fileOffset != nil else { return self }
        copy.store(bytes, at: 0)
        return PreparedResponse(copying: self, storage: copy)
    }

    private init(copying original: PreparedResponse, storage: consuming ResponseStorage) {
        self.status = original.status
        self.bodyCount = original.bodyCount
        self.headCount = original.headCount
        self.bodyStart = original.bodyStart
        self.dateOffset = original.dateOffset
        self.storage = storage
    }

    private init(status: HTTPStatus, wholeMessage: consuming ResponseStorage) {
        self.status = status
        self.bodyCount = wholeMessage.count
        self.headCount = 0
        self.bodyStart = 0
        self.dateOffset = 0
        self.storage = wholeMessage
    }

    /// Builds a response whose body is the UTF-8 of `body`.
    public convenience init(status: HTTPStatus, headers: [(name: String, value: String)], body: String) {
        self.init(status: status, headers: headers, body: Array(body.utf8))
    }
}
