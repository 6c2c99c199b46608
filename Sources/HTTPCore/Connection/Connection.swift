/// One client connection as a state machine: the loop feeds it events (bytes received, bytes
/// sent, readiness, time) and performs the ``Action`` it asks for next. It does no I/O itself,
/// calls no application and writes no log: the loop asks the application (``Action/limitBody``,
/// ``Action/answer``), logs, and chooses how to send; so tests drive it without sockets.
///
/// All fields are trivial values, so a zeroed `Connection` is a valid closed slot: the loop's
/// table is `calloc`ed and costs memory only for slots in use.
import SystemSupport

struct Connection: ~Copyable {
    /// What the loop should do next for this connection. Actions carry no buffers: the loop
    /// borrows them from the connection when it makes the call, so no view can outlive a
    /// buffer's growth.
    enum Action {
        /// Read from the socket into the input's free space (``withInputAndSocket(_:)``), then
        /// call ``didReceive(_:requested:context:)`` or ``didReceiveEnd()``.
        case receive
        /// Write ``unsentOutput``, then ``unsentBody`` (a shared response body, often empty);
        /// then call ``didSend(_:context:)`` with the total written. How is the loop's choice: a
        /// body held in the ``BodyFile`` (``unsentBodyFileOffset``) can go with `sendfile`,
        /// which passes its pages to the socket instead of copying them.
        case send
        /// An error response was queued for a request the connection refused (or a deadline
        /// passed): log it, then ask again.
        case logRefusal(RequestError)
        /// A request's head announces a body: ask the application how large a body it takes
        /// (``withHead(context:_:)``), then call ``didLimitBody(_:context:)``.
        /// `EventLoop.limitBody(_:context:)` does both.
        case limitBody
        /// A complete request is at the front of the input: ask the application for its answer
        /// (``withRequest(context:_:)``), then write it (``write(_:context:)``), log it
        /// (``withAnsweredRequest(_:)``) and go on (``didAnswerRequest(context:)``); or, for an
        /// answer computed off the loop, ``awaitAnswer(startedAt:)``. `EventLoop.answer(_:context:)`
        /// does all that.
        case answer
        /// Wait until the socket is readable, then call ``markReadable()``.
        case waitForInput
        /// Wait until the socket is writable.
        case waitForOutput
        /// Watch nothing: the request's answer is computed off the loop, and pipelined requests
        /// wait until it is written (``didComputeAnswer()``).
        case waitForAnswer
        /// Half-close the socket (`shutdown(SHUT_WR)`), then call ``didShutdownOutput()``.
        case shutdownOutput
        /// Close the socket and free the slot (call ``close(context:)``).
        case close
    }

    /// Where the connection is in its life: one value, so no combination of flags can say two
    /// things at once. Raw values keep a zeroed slot `.closed`.
    enum State: UInt8 {
        /// A free slot.
        case closed = 0
        /// Reading requests and answering them.
        case open
        /// The last response is queued: close once it is out.
        case closeAfterFlush
        /// The last response is queued: once it is out, half-close and linger (bytes the client
        /// sent after it would make a plain close a reset, RFC 9112 §9.6).
        case lingerAfterFlush
        /// The client stopped reading: close with a reset (`SO_LINGER` 0), so the kernel drops
        /// the unsent bytes, as nginx's `reset_timedout_connection`.
        case reset
        /// The last response is out and the write side shut; discarding input until the
        /// client closes, so our close cannot reset the response away (RFC 9112 §9.6).
        case lingering

        /// Open, or finishing its last response.
        var isOpen: Bool { self == .open || self == .closeAfterFlush || self == .lingerAfterFlush || self == .reset }
    }

    enum Timer: UInt8 {
        case none = 0
        case idle, request, write, linger
    }

    var state: State = .closed
    var timer: Timer = .none
    /// A refusal queued and not yet logged (``Action/logRefusal(_:)``), as its raw value plus
    /// one (0: none, so a zeroed slot has none); only with the log on. Beside the two bytes
    /// above, in the padding before the socket, so the slot does not grow.
    private var unloggedRefusalPlusOne: UInt8 = 0
    /// The slot's socket: none while ``state`` is ``State/closed``.
    private(set) var socket = ConnectionSocket()
    /// Bumped per use of the slot, so stale epoll events for a reused descriptor are ignored.
    var generation: UInt32 = 0
    /// The events currently registered with epoll (0 when not registered).
    var registeredEvents: UInt32 = 0
    var isRegistered = false
    var deadline: Int64 = 0

    var input = ByteBuffer()
    var output = ByteBuffer()
    /// A prepared response whose body goes out after `output`, from its own shared bytes;
    /// retained while held, released by ``dropSharedBody(context:)``.
    private var sharedBody = SharedResponse()
    private var sharedBodySent = 0
    /// Bytes of the unread-answer budget the output holds: taken when a send blocks, given
    /// back as the client reads.
    private var unreadOutputCharge = 0
    /// Whether this connection counts among the shared body's unread holders.
    private var sharedBodyCharged = false

    // The request in progress; offsets are from `input.readerIndex`, the request's first byte.
    /// Its head as parsed once: what the write and the access log need (method, version, where
    /// the method and target lie), kept until the request is answered.
    private var head = RequestHead()
    private var scanner = HeadScanner()
    private var headLength: Int32 = 0
    private var bodyLimit = 0
    private var chunkedDecoder = ChunkedDecoder()
    private var chunkRaw = 0
    private var chunkDecoded = 0
    private var keepAliveRequested = true
    /// Bytes of the server's body budget this request holds.
    private var bodyReservation = 0
    /// The body's whole size as far as the budget knows (its length, or the route's limit when
    /// chunked); the reservation grows towards it as bytes arrive. 0: no body in progress.
    private var bodyExpected = 0
    /// When the body's reservation was first taken, for the minimum body rate.
    private var bodyStartedAt: Int64 = 0
    /// The client's budget bucket plus one (0: none yet), looked up once per connection.
    private var clientBucketPlusOne: UInt16 = 0
    /// Whether the peer is a trusted proxy (``LoopContext/trustedProxies``), looked up once per
    /// connection: 0 not yet, 1 yes, 2 no.
    private var peerTrust: UInt8 = 0
    /// The client a trusted proxy forwarded the request in progress for, read when its head is
    /// parsed (none without trusted proxies, from an untrusted peer, or without a well-formed
    /// `X-Forwarded-For`). Kept here because the loop's field table may describe another
    /// connection's request by the time this one's answer is logged.
    private(set) var forwardedFor = IPAddress()

    /// The socket may have bytes we have not read.
    private(set) var mayHaveInput = false
    /// Received bytes not yet run through the parser.
    private var hasUnparsedInput = false
    /// The client closed its side.
    private(set) var peerClosed = false
    private var requestsServed: Int32 = 0
    private var lingerDiscarded = 0
    /// The server is draining: answer what the client already sent, then close politely.
    private var draining = false
    /// The request at the front of the input is answered off the loop (``Action/waitForAnswer``).
    private(set) var isAwaitingAnswer = false
    /// When that answer was asked for, for the access log (0 with the log off).
    private var answerStartedAt: Int64 = 0
    /// Close with `SO_LINGER` 0 (a reset), discarding unsent output: the client stopped reading.
    var resetOnClose: Bool { state == .reset }

    /// Stops queueing responses past this much unsent output; the rest of a pipelined batch
    /// waits until the client reads.
    static let outputHighWater: Int32 = 64 * 1024
    /// A lingering close reads at most this much before giving up on a polite end.
    static let lingerLimit = 64 * 1024
    /// Prepared bodies at least this long are sent from the shared response, not copied.
    static let sharedBodyThreshold = 4096

    init() {}

    /// Starts serving a freshly accepted socket. With `TCP_DEFER_ACCEPT` its request is usually
    /// already readable, so the first action is a read.
    mutating func open(socket: consuming ConnectionSocket, now: Int64, idleTimeout: Int64) {
        assert(!self.socket.isOpen, "the slot still holds a socket")
        let nextGeneration = generation &+ 1
        self = Connection()
        self.generation = nextGeneration
        self.socket = socket
        self.state = .open
        self.mayHaveInput = true
        self.timer = .idle
        self.deadline = now + idleTimeout
    }

    /// Closes the socket (with a reset when the client stopped reading, ``resetOnClose``),
    /// then frees the slot as ``reset(context:)`` does.
    mutating func close(context: LoopContext) {
        socket.take().close(reset: resetOnClose)
        reset(context: context)
    }

    /// Releases the buffers and the body reservation, and marks the slot closed; the socket
    /// is already closed.
    private mutating func reset(context: LoopContext) {
        dropSharedBody(context: context)
        context.bodyBudget.release(bodyReservation, client: Int(clientBucketPlusOne) - 1)
        releaseUnreadOutput(keeping: 0, context: context)
        context.pool.recycle(&input)
        context.pool.recycle(&output)
        let keptGeneration = generation
        self = Connection()
        self.generation = keptGeneration
    }

    // MARK: Events

    /// The socket reported readable (or hung up).
    mutating func markReadable() {
        mayHaveInput = true
    }

    /// The last ``Action/receive`` added `count` bytes to the input, of the `requested` its free
    /// space had room for.
    mutating func didReceive(_ count: Int, requested: Int, context: LoopContext) {
        if count < requested { mayHaveInput = false }
        if state == .lingering {
            lingerDiscarded += count
            input.clear()
            return
        }
        hasUnparsedInput = true
    }

    /// The read would block: nothing more until the next readiness event.
    mutating func didExhaustInput() {
        mayHaveInput = false
    }

    /// The client closed its sending side (read returned 0) or the read failed.
    mutating func didReceiveEnd() {
        peerClosed = true
        mayHaveInput = false
    }

    /// `count` bytes of the last ``Action/send(_:)`` went out.
    mutating func didSend(_ count: Int, context: LoopContext) {
        let fromOutput = min(count, output.readableCount)
        if fromOutput > 0 { output.consume(fromOutput) }
        if output.readableCount == 0 {
            context.pool.recycle(&output)
        }
        releaseUnreadOutput(keeping: output.readableCount, context: context)
        if sharedBody.isHeld {
            sharedBodySent += count - fromOutput
            if sharedBodySent >= sharedBody.bodyCount { dropSharedBody(context: context) }
        }
        if timer == .write { timer = .none }
    }

    /// The write side is shut; linger until the client closes or the linger time runs out.
    mutating func didShutdownOutput(context: LoopContext) {
        state = .lingering
        input.clear()
        timer = .linger
        deadline = context.now + context.lingerTimeout
    }

    /// Applies the deadline; returns whether it passed (then ask for ``nextAction(context:)``).
    mutating func checkDeadline(now: Int64, context: LoopContext) -> Bool {
        if isBodyTooSlow(now: now, context: context) {
            // RFC 9110 §15.5.9: the body did not arrive in time, judged by its rate so far.
            timer = .none
            fail(.timeout, context: context)
            return true
        }
        guard timer != .none, now >= deadline else { return false }
        switch timer {
        case .request:
            // RFC 9110 §15.5.9: 408 for a request that did not complete in time.
            timer = .none
            fail(.timeout, context: context)
        case .idle, .write, .linger, .none:
            // A client that does not read its response gets a reset, so the kernel does not
            // keep the unsent bytes for it (as nginx's `reset_timedout_connection`).
            if state == .lingering {
                // Give up on a polite end: a lingering close stops waiting for the client's FIN.
                lingerDiscarded = Self.lingerLimit
            } else {
                state = timer == .write ? .reset : .closeAfterFlush
            }
            timer = .none
            output.clear()
            releaseUnreadOutput(keeping: 0, context: context)
            dropSharedBody(context: context)
            hasUnparsedInput = false
        }
        return true
    }

    /// Whether a body is arriving slower than the minimum rate, past the grace period: a
    /// client sending a byte now and then would otherwise hold its share of the budget until
    /// the request timeout.
    private func isBodyTooSlow(now: Int64, context: LoopContext) -> Bool {
        guard bodyExpected > 0, state == .open, !isAwaitingAnswer, context.minBodyRate > 0 else { return false }
        let elapsed = now - bodyStartedAt
        guard elapsed >= context.bodyRateGrace, elapsed > 0 else { return false }
        let received = input.readableCount - Int(headLength)
        guard received < bodyExpected else { return false }
        return Int64(received) * 1000 < Int64(context.minBodyRate) * elapsed
    }

    /// Grows the body's reservation to cover what it holds plus one window
    /// (``HTTPServer/Configuration/maxBufferedBodyBytesPerConnection``), never past its
    /// expected size; `false` when the budget, or the client's share of it, has no room.
    private mutating func reserveBodyWindow(context: LoopContext) -> Bool {
        let held = max(0, input.readableCount - Int(headLength))
        let target = min(bodyExpected, held + context.bodyWindow)
        guard target > bodyReservation else { return true }
        guard context.bodyBudget.reserve(target - bodyReservation, client: clientBucket) else {
            return false
        }
        bodyReservation = target
        return true
    }

    /// The server is draining: read what the client already sent (an idle keep-alive
    /// connection may hold a request in its socket), answer it with `Connection: close`, then
    /// half-close and linger, so no request that reached the server is reset.
    mutating func beginDrain() {
        keepAliveRequested = false
        draining = true
        if state.isOpen { mayHaveInput = true }
    }

    /// Whether the connection closes, or half-closes, once its output is out.
    var closesAfterOutput: Bool { state == .closeAfterFlush || state == .lingerAfterFlush }

    /// Whether the connection holds no request and no unsent bytes.
    var isIdle: Bool {
        state == .open && input.readableCount == 0 && output.readableCount == 0 && !sharedBody.isHeld
    }

    // MARK: Next action

    /// Decides what the loop does next, parsing and answering buffered requests on the way.
    mutating func nextAction(context: LoopContext) -> Action {
        if unloggedRefusalPlusOne != 0, let refusal = RequestError(rawValue: unloggedRefusalPlusOne - 1) {
            unloggedRefusalPlusOne = 0
            return .logRefusal(refusal)
        }
        switch state {
        case .closed:
            return .close
        case .lingering:
            if peerClosed || lingerDiscarded >= Self.lingerLimit { return .close }
            if mayHaveInput {
                context.pool.attach(to: &input)
                input.clear()
                return .receive
            }
            return .waitForInput
        case .open, .closeAfterFlush, .lingerAfterFlush, .reset:
            break
        }
        while true {
            if hasUnparsedInput && canQueueAnswer {
                // Pipelined requests are answered into one output before it is sent, up to the
                // high-water mark.
                if let action = requestAction(context: context) { return action }
                continue
            }
            if sharedBody.isHeld || output.readableCount > 0 {
                return .send
            }
            switch state {
            case .lingerAfterFlush: return peerClosed ? .close : .shutdownOutput
            case .closeAfterFlush, .reset, .closed: return .close
            case .open, .lingering: break
            }
            if isAwaitingAnswer {
                return .waitForAnswer
            }
            if peerClosed {
                // Nothing to answer (a partial request cannot be completed now).
                return .close
            }
            if mayHaveInput {
                if bodyExpected > 0 && !reserveBodyWindow(context: context) {
                    fail(.bodiesOverBudget, context: context)
                    continue
                }
                context.pool.attach(to: &input)
                input.reserve(readReservation(context: context))
                return .receive
            }
            if draining && input.readableCount == 0 && headLength == 0 {
                // Drained and nothing more was sent: half-close, then read until the client
                // closes, so a request it sends meanwhile is discarded rather than reset.
                state = .lingerAfterFlush
                continue
            }
            if input.readableCount == 0 {
                context.pool.recycle(&input)
                if timer != .idle {
                    timer = .idle
                    deadline = context.now + context.idleTimeout
                }
            } else if timer != .request {
                // Part of a request waits while a response was being written: the request
                // deadline applies again, or a client could hold the slot forever.
                timer = .request
                deadline = context.now + context.requestReadTimeout
            }
            return .waitForInput
        }
    }

    /// Lends the input and the socket for a ``Action/receive``: the loop reads from the socket
    /// into the input's free space (``ConnectionSocket/receive(into:)``).
    @inline(__always) mutating func withInputAndSocket<Result, Failure: Error>(
        _ body: (inout ByteBuffer, borrowing ConnectionSocket) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(&input, socket)
    }

    /// The output not yet sent, for a ``Action/send``; valid
    /// while the connection is not changed.
    var unsentOutput: Span<UInt8> {
        @_lifetime(borrow self) @inline(__always) get { output.readableSpan }
    }

    /// Where in the ``BodyFile`` the unsent part of the shared body starts, when the body is
    /// held there (`nil` otherwise): the loop may send it from the file.
    var unsentBodyFileOffset: Int64? {
        sharedBody.bodyFileOffset.map { $0 + Int64(sharedBodySent) }
    }

    /// The part of the shared body not yet sent (empty when there is none), which goes out
    /// after ``unsentOutput``; valid while the connection is not changed.
    var unsentBody: Span<UInt8> {
        @_lifetime(borrow self) @inline(__always) get { sharedBody.body(from: sharedBodySent) }
    }

    /// Releases the shared body, sent or abandoned.
    private mutating func dropSharedBody(context: LoopContext) {
        if sharedBodyCharged {
            sharedBody.endUnread(budget: context.unreadBudget)
            sharedBodyCharged = false
        }
        sharedBody.release()
        sharedBodySent = 0
    }

    /// The loop could not write everything: wait for the client to read, within the write
    /// timeout, and count what waits against the unread-answer budget.
    mutating func didBlockOnOutput(context: LoopContext) {
        if timer != .write {
            timer = .write
            deadline = context.now + context.writeTimeout
        }
        let client = clientBucket
        if output.readableCount > unreadOutputCharge {
            context.unreadBudget.charge(output.readableCount - unreadOutputCharge, client: client)
            unreadOutputCharge = output.readableCount
        }
        if sharedBody.isHeld && !sharedBodyCharged {
            sharedBody.beginUnread(budget: context.unreadBudget, client: client)
            sharedBodyCharged = true
        }
    }

    /// Gives back the output's unread-answer charge beyond `kept` bytes: what the client read,
    /// or everything when the output is dropped.
    private mutating func releaseUnreadOutput(keeping kept: Int, context: LoopContext) {
        guard unreadOutputCharge > kept else { return }
        // A charge is only ever taken after the client's bucket was looked up.
        context.unreadBudget.release(unreadOutputCharge - kept, client: Int(clientBucketPlusOne) - 1)
        unreadOutputCharge = kept
    }

    /// The client's budget bucket, looked up once per connection.
    private var clientBucket: Int {
        mutating get {
            if clientBucketPlusOne == 0 { clientBucketPlusOne = UInt16(socket.clientBucket + 1) }
            return Int(clientBucketPlusOne) - 1
        }
    }

    /// Whether the answers clients have not read fill the budget, or this client's share of it:
    /// the next request is refused before it is answered. The client's share is looked up only
    /// once the whole budget is short by at least a share.
    private mutating func isOverUnreadBudget(context: LoopContext) -> Bool {
        let budget = context.unreadBudget
        if budget.isSpent() { return true }
        guard budget.remaining <= context.unreadClientCheckThreshold else { return false }
        return budget.isSpent(client: clientBucket)
    }

    /// How much free space to offer the next read.
    private func readReservation(context: LoopContext) -> Int {
        if headLength > 0 && !head.isChunked {
            // Room for the rest of the body the reservation covers, in one go.
            let wanted = Int(headLength) + min(head.contentLength, max(bodyReservation, 0)) - input.readableCount
            if wanted > 0 { return max(wanted, 2048) }
        }
        return 2048
    }

    // MARK: Parsing and answering

    /// Whether another answer may be queued now: the connection is open, waits for no answer,
    /// and its output is below the high-water mark with no shared body in it (the rest of a
    /// pipelined batch waits until the output drains).
    private var canQueueAnswer: Bool {
        state == .open && !isAwaitingAnswer && output.writerIndex < Self.outputHighWater && !sharedBody.isHeld
    }

    /// Parses what the input holds: ``Action/limitBody`` once a head that announces a body is
    /// parsed, ``Action/answer`` once a whole request is at the front, its head in the loop's
    /// field table; `nil` when more bytes are needed or the request was refused (then the error
    /// response is queued).
    private mutating func requestAction(context: LoopContext) -> Action? {
        if headLength == 0 {
            guard scanHead(context: context) else { return nil }
            if head.hasBody { return .limitBody }
        }
        guard bodyIsComplete(context: context) != nil else { return nil }
        if context.fieldsTag != fieldTableTag {
            // The field table is shared by the loop's connections, and another one parsed a
            // head while this request's body arrived: its fields are indexed again.
            do {
                head = try parseHead(context: context)
            } catch {
                fail(error, context: context)
                return nil
            }
        }
        return .answer
    }

    /// Scans for the end of the head; once it is complete, parses it into ``head`` and sets up
    /// the body. `false` when the head is incomplete or was refused (then the error response is
    /// queued).
    private mutating func scanHead(context: LoopContext) -> Bool {
        if scanner.lines == 0 && scanner.lineStart == 0 {
            // RFC 9112 §2.2: ignore empty lines before the request-line.
            var skip = 0
            do {
                let bytes = input.readableSpan
                while skip + 1 < bytes.count && bytes[skip] == 0x0D && bytes[skip + 1] == 0x0A { skip += 2 }
            }
            if skip > 0 { input.consume(skip) }
            if input.readableCount == 0 {
                hasUnparsedInput = false
                return false
            }
            if timer != .request {
                timer = .request
                deadline = context.now + context.requestReadTimeout
            }
        }
        // Scanned in a local: the scanner and the input it reads are parts of this one slot.
        var scanner = self.scanner
        let scanned = scanner.scan(input.readableSpan, limits: context.limits)
        self.scanner = scanner
        switch scanned {
        case .incomplete:
            hasUnparsedInput = false
            return false
        case .failed(let error):
            fail(error, context: context)
            return false
        case .complete(let length):
            headLength = Int32(length)
        }
        do {
            head = try parseHead(context: context)
        } catch {
            fail(error, context: context)
            return false
        }
        keepAliveRequested = head.keepAlive && keepAliveRequested
        bodyLimit = 0
        if !context.trustedProxies.isEmpty { forwardedFor = forwardedClient(context: context) }
        return true
    }

    /// The client the head just parsed was forwarded for, when the peer is a trusted proxy.
    private mutating func forwardedClient(context: LoopContext) -> IPAddress {
        if peerTrust == 0 {
            let peer = socket.descriptor.map(IPAddress.peer(of:)) ?? IPAddress()
            peerTrust = !peer.isNone && context.trustedProxies.contains { $0.contains(peer) } ? 1 : 2
        }
        guard peerTrust == 1 else { return IPAddress() }
        return withHead(context: context) { request in
            ForwardedFor.client(in: request.headers, trusting: context.trustedProxies)
        }
    }

    /// The head at the front of the input, its body not yet read (``Action/limitBody``), for
    /// the application.
    func withHead<Result>(context: LoopContext, _ body: (borrowing HTTPRequest) -> Result) -> Result {
        withRequest(head, bodyEnd: Int(headLength), context: context, body)
    }

    /// The application takes bodies of up to `allowed` bytes for this request
    /// (``Action/limitBody``): refuses a larger one it announces, takes the body's share of the
    /// budget, and sets up its reading.
    mutating func didLimitBody(_ allowed: Int, context: LoopContext) {
        bodyLimit = max(0, min(allowed, context.maxBodyLength))
        // RFC 9110 §15.5.14: refuse an announced body over the limit before reading it.
        if !head.isChunked && head.contentLength > bodyLimit {
            fail(.contentTooLarge, context: context)
            return
        }
        if head.isChunked && bodyLimit == 0 {
            fail(.contentTooLarge, context: context)
            return
        }
        // One budget for every body being received, taken as the body arrives (one window
        // ahead of it): past the budget or the client's share, refuse.
        bodyExpected = head.isChunked ? bodyLimit : head.contentLength
        if bodyExpected > 0 {
            bodyStartedAt = context.now
            guard reserveBodyWindow(context: context) else {
                fail(.bodiesOverBudget, context: context)
                return
            }
        }
        chunkRaw = Int(headLength)
        chunkDecoded = Int(headLength)
        chunkedDecoder = ChunkedDecoder()
        let haveWholeBody = !head.isChunked && input.readableCount >= Int(headLength) + head.contentLength
        if head.expectsContinue && head.version == .http1_1 && !haveWholeBody
            && input.readableCount == Int(headLength)
        {
            // RFC 9110 §10.1.1: tell the client to go ahead before it sends the body.
            context.pool.attach(to: &output, forOutput: true)
            ResponseWriter.writeContinue(to: &output)
        }
    }

    /// Returns the end of the body (offset from the request start) once it is all here.
    private mutating func bodyIsComplete(context: LoopContext) -> Int? {
        if head.isChunked {
            // Decoded with locals: the decoder, its positions and the input it rewrites are all
            // parts of this one slot, and the input's span holds the slot while it is in use.
            var decoder = chunkedDecoder
            var raw = chunkRaw
            var decoded = chunkDecoded
            let bodyStart = Int(headLength)
            let limit = bodyLimit
            let done: Bool
            do {
                var bytes = input.mutableReadableSpan
                done = try decoder.decode(&bytes, raw: &raw, decoded: &decoded, bodyStart: bodyStart, limit: limit)
                if !done && raw > decoded {
                    // Move the undecoded tail down over the consumed framing, so the buffer
                    // holds the decoded body and one partial chunk, whatever the chunk sizes.
                    bytes.moveBytes(from: raw, to: decoded, count: bytes.count - raw)
                }
            } catch {
                fail(error, context: context)
                return nil
            }
            chunkedDecoder = decoder
            chunkDecoded = decoded
            if done {
                chunkRaw = raw
                return chunkDecoded
            }
            input.writerIndex -= Int32(raw - decoded)
            chunkRaw = decoded
            hasUnparsedInput = false
            return nil
        }
        let end = Int(headLength) + head.contentLength
        if input.readableCount < end {
            hasUnparsedInput = false
            return nil
        }
        return end
    }

    /// Whether the request at the front of the input asks about the server as a whole
    /// (`OPTIONS *`, RFC 9110 §9.3.7): the loop answers it without the application.
    var asksAboutTheServer: Bool { head.isAsteriskForm }

    /// The request at the front of the input, complete (``Action/answer``), for the application.
    func withRequest<Result>(context: LoopContext, _ body: (borrowing HTTPRequest) -> Result) -> Result {
        withRequest(head, bodyEnd: requestBodyEnd, context: context, body)
    }

    /// The end of the complete request's body, as an offset from the request's first byte.
    private var requestBodyEnd: Int { head.isChunked ? chunkDecoded : Int(headLength) + head.contentLength }

    /// The answer to the request at the front of the input is computed off the loop: the
    /// request stays there (and its body's reservation with it) until ``didComputeAnswer()``,
    /// and no timer runs meanwhile. `startedAt` is kept for the access log.
    mutating func awaitAnswer(startedAt: Int64) {
        isAwaitingAnswer = true
        answerStartedAt = startedAt
        timer = .none
    }

    /// A worker finished the answer ``awaitAnswer(startedAt:)`` waited for: the loop writes it
    /// next, with ``write(_:context:)``. Returns when it was asked for, or `nil` when nothing was
    /// awaited.
    mutating func didComputeAnswer() -> Int64? {
        guard isAwaitingAnswer else { return nil }
        isAwaitingAnswer = false
        return answerStartedAt
    }

    /// Queues `response` to the request at the front of the input (its ``head`` as parsed) and
    /// returns the bytes it takes, for the access log; the request stays at the front until
    /// ``didAnswerRequest(context:)``. `nil`: refused instead (then a `503` is queued), because
    /// the answers clients have not read fill their budget, or this client's share, and this
    /// one is ``sharedBodyThreshold`` bytes or more, or queued behind others on this connection:
    /// memory stays bounded, while a probe's or a small query's answer on a fresh connection
    /// still goes out.
    mutating func write(_ response: HTTPResponse, context: LoopContext) -> Int? {
        context.pool.attach(to: &output, forOutput: true)
        if isOverUnreadBudget(context: context)
            && (response.bodyCount >= Self.sharedBodyThreshold || output.readableCount > 0 || sharedBody.isHeld)
        {
            fail(.answersOverBudget, context: context)
            return nil
        }
        requestsServed += 1
        let keepAlive =
            keepAliveRequested && !context.isDraining && Int(requestsServed) < context.maxRequestsPerConnection
        let connectionField: ResponseWriter.ConnectionField =
            !keepAlive ? .close : (head.version == .http1_0 ? .keepAlive : .none)
        let includeBody = head.method != .head
        let written: Int
        switch response.storage {
        case .prepared(let prepared):
            // A large body is referenced, not copied: memory does not grow with the
            // number of clients reading it.
            let share = includeBody && prepared.bodyCount >= Self.sharedBodyThreshold
            if share, connectionField == .none, let copy = context.datedCopy(of: prepared) {
                // Head and body in one `sendfile`, from this second's copy.
                written = copy.bodyCount
                sharedBody.hold(copy)
                sharedBodySent = 0
            } else {
                written =
                    ResponseWriter.write(
                        prepared, date: context.dateCache.bytes, connection: connectionField,
                        includeBody: includeBody && !share, to: &output
                    ) + (share ? prepared.bodyCount : 0)
                if share {
                    sharedBody.hold(prepared)
                    sharedBodySent = 0
                }
            }
        case .dynamic(let status, let headers, let body):
            written = ResponseWriter.write(
                status: status, headers: headers, body: body, date: context.dateCache.bytes,
                connection: connectionField, includeBody: includeBody, to: &output
            )
        case .deferred:
            // The loop computes a deferred answer (or hands it to a worker) before writing it.
            preconditionFailure("a deferred answer is resolved before it is written")
        }
        context.requestsAnswered += 1
        return written
    }

    /// The request just written, for the access log: its head and its bytes.
    func withAnsweredRequest<Result>(_ body: (borrowing RequestHead, Span<UInt8>) -> Result) -> Result {
        body(head, input.readableSpan)
    }

    /// The request written is done: consumes it and goes on with the next, or closes after the
    /// output when it was the last.
    mutating func didAnswerRequest(context: LoopContext) {
        let keepAlive =
            keepAliveRequested && !context.isDraining && Int(requestsServed) < context.maxRequestsPerConnection
        input.consume(head.isChunked ? chunkRaw : requestBodyEnd)
        if output.readableCount == 0 { context.pool.recycle(&output) }
        startNextRequest(context: context)
        if !keepAlive {
            // Bytes after the last answered request would make our close a reset (RFC 9112 §9.6);
            // while draining, the client may have sent more than was read so far.
            state = input.readableCount > 0 || draining ? .lingerAfterFlush : .closeAfterFlush
            hasUnparsedInput = false
        } else if input.readableCount == 0 {
            hasUnparsedInput = false
        }
    }

    private mutating func startNextRequest(context: LoopContext) {
        context.bodyBudget.release(bodyReservation, client: Int(clientBucketPlusOne) - 1)
        bodyReservation = 0
        bodyExpected = 0
        scanner = HeadScanner()
        headLength = 0
        chunkRaw = 0
        chunkDecoded = 0
        bodyLimit = 0
        timer = .none
    }

    /// Queues the error response for `error`, drops the rest of the input, and closes after it
    /// with a lingering close; nothing after a framing error is processed (RFC 9112 §9.6).
    mutating func fail(_ error: RequestError, context: LoopContext) {
        context.pool.attach(to: &output, forOutput: true)
        _ = ResponseWriter.write(
            context.errorResponses[Int(error.rawValue)], date: context.dateCache.bytes, connection: .close,
            includeBody: true, to: &output
        )
        context.requestsAnswered += 1
        if context.accessLog != .off { unloggedRefusalPlusOne = error.rawValue + 1 }
        input.clear()
        startNextRequest(context: context)
        hasUnparsedInput = false
        state = .lingerAfterFlush
    }

    /// Parses the head at the front of the input into the loop's field table, and marks the
    /// table as this connection's.
    private func parseHead(context: LoopContext) throws(RequestError) -> RequestHead {
        context.fieldsTag = 0
        let head = try context.fields.withMutableSpan { fields throws(RequestError) in
            try RequestHeadParser.parse(
                input.readableSpan, start: 0, length: Int(headLength), fields: &fields, limits: context.limits)
        }
        context.fieldsTag = fieldTableTag
        return head
    }

    /// This use of the slot, as ``LoopContext/fieldsTag`` records it: never 0.
    private var fieldTableTag: UInt64 {
        UInt64(UInt32(truncatingIfNeeded: socket.tableIndex + 1)) << 32 | UInt64(generation)
    }

    /// Builds the request view over the input buffer and the loop's field table.
    private func withRequest<Result>(
        _ head: RequestHead,
        bodyEnd: Int,
        context: LoopContext,
        _ body: (borrowing HTTPRequest) -> Result
    ) -> Result {
        context.fields.withSpan(prefix: Int(head.fieldCount)) { fields in
            let request = HTTPRequest(
                head, in: input.readableSpan, fields: fields, bodyStart: Int(headLength), bodyEnd: bodyEnd)
            return body(request)
        }
    }
}
