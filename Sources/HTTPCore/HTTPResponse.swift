/// What ``HTTPApplication/respond(to:)`` returns: a ``PreparedResponse`` served as is, a
/// response the engine serialises now, or an answer computed later, off the event loop
/// (``deferred(holding:reserving:_:)``).
public struct HTTPResponse: Sendable {
    enum Storage: Sendable {
        case prepared(PreparedResponse)
        case dynamic(status: HTTPStatus, headers: [(name: String, value: String)], body: [UInt8])
        case deferred(DeferredAnswer)
    }

    let storage: Storage

    /// Serves prebuilt bytes: the fast path, with no allocation in the engine.
    public static func prepared(_ response: PreparedResponse) -> HTTPResponse {
        HTTPResponse(storage: .prepared(response))
    }

    /// An answer too costly for the event loop, computed on one of the engine's worker threads
    /// (``HTTPServer/Configuration/answerThreads``) while the loop serves its other connections.
    ///
    /// `answer` runs later, after ``HTTPApplication/respond(to:)`` has returned, so it must hold
    /// copies of what it needs from the request (`Array(request.body)`, `request.query.string`),
    /// never the request. The connection reads no further request until the answer is written
    /// (pipelined ones wait in its buffer), with the `Connection` field, `HEAD` handling and
    /// access-log line of any other answer.
    ///
    /// Two amounts of the server's body budget (``HTTPServer/Configuration/maxBufferedBodyBytes``)
    /// bound what waiting answers hold: `held` bytes (the copies `answer` keeps of the request)
    /// from when it is queued until it is computed, and `memory` bytes (what computing it is
    /// expected to allocate) while it runs, so a long queue holds only its copies. When the
    /// budget has no room for `held`, or ``HTTPServer/Configuration/maxQueuedAnswers`` answers
    /// already wait, the engine answers `503 Service Unavailable` with `Retry-After` at once;
    /// when it has no room for `memory` once a thread takes the answer, the same `503` follows
    /// and `answer` never runs. Both are rendered by ``HTTPApplication/response(for:)``. With no
    /// worker threads configured, `answer` runs on the loop, at once.
    public static func deferred(
        holding held: Int = 0, reserving memory: Int = 0, _ answer: @escaping @Sendable () -> HTTPResponse
    ) -> HTTPResponse {
        HTTPResponse(storage: .deferred(DeferredAnswer(held: max(0, held), memory: max(0, memory), compute: answer)))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// A response serialised for this request, with an exact `Content-Length`.
    ///
    /// `Date`, `Content-Length`, `Connection` and `Transfer-Encoding` fields in `headers` are
    /// ignored (the engine writes its own), as is a body on a status that forbids one. Fields
    /// whose name or value contains CR, LF or NUL are dropped, so no value can split the
    /// response.
    public init(status: HTTPStatus, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.storage = .dynamic(status: status, headers: headers, body: body)
    }

    /// A dynamic response whose body is the UTF-8 of `body`.
    public init(status: HTTPStatus, headers: [(name: String, value: String)] = [], body: String) {
        self.init(status: status, headers: headers, body: Array(body.utf8))
    }

    /// The number of content bytes; 0 for a deferred answer, not yet computed.
    var bodyCount: Int {
        switch storage {
        case .prepared(let response): response.bodyCount
        case .dynamic(_, _, let body): body.count
        case .deferred: 0
        }
    }

    /// The status the response carries; `202 Accepted` for a deferred answer, whose status is
    /// known once it is computed.
    public var status: HTTPStatus {
        switch storage {
        case .prepared(let response): response.status
        case .dynamic(let status, _, _): status
        case .deferred: 202
        }
    }

    /// Whether the answer is computed later, off the event loop (``deferred(holding:reserving:_:)``).
    public var isDeferred: Bool {
        if case .deferred = storage { return true }
        return false
    }
}

/// The work behind ``HTTPResponse/deferred(holding:reserving:_:)``: what computing it may allocate, and
/// the closure that computes it.
struct DeferredAnswer: Sendable {
    /// Bytes of the body budget held from when the answer is queued until it is computed.
    let held: Int
    /// Bytes of the body budget held while the answer is computed.
    let memory: Int
    let compute: @Sendable () -> HTTPResponse

    /// Computes the answer; one that defers again is computed in turn, here.
    func resolve() -> HTTPResponse {
        var response = compute()
        while case .deferred(let next) = response.storage { response = next.compute() }
        return response
    }
}
