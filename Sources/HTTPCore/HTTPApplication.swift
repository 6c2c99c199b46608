/// The routes a ``HTTPServer`` serves: the one place the engine hands a request to the program.
///
/// The engine calls every method on one of its event-loop threads (``reload()`` excepted), so
/// each must return quickly and must never block: a slow handler stalls every connection that
/// loop owns.
public protocol HTTPApplication: Sendable {
    /// Answers one complete request.
    ///
    /// `request` and every byte view reached through it are valid only during this call; they
    /// are `~Escapable`, so the compiler rejects keeping one beyond it (copy with
    /// ``HTTPBytes/string`` or `Array(view)`).
    /// The engine adds `Date`, `Content-Length` and `Connection` itself, and drops the body
    /// of a `HEAD` response.
    func respond(to request: borrowing HTTPRequest) -> HTTPResponse

    /// The largest body, in bytes, this request may carry; `0` refuses any body.
    ///
    /// Called once the head is parsed and before any body byte is read, so a route that takes
    /// no body never buffers one: a request announcing more than this gets `413` and the
    /// connection closes. The engine caps the answer at
    /// ``HTTPServer/Configuration/maxBodyLength``. `request.body` is empty here.
    func bodyLimit(for request: borrowing HTTPRequest) -> Int

    /// Reloads whatever the application serves (called on SIGHUP).
    ///
    /// Runs on a thread of its own, never on an event loop nor on the thread reading signals,
    /// so it may take its time without delaying a stop: SIGTERM drains and ``HTTPServer/run(onReady:)``
    /// returns even while a reload is still running. Reloads never overlap; one requested while
    /// another runs follows it. It must publish its new state safely for the loops to read.
    func reload()

    /// The answer to a request the engine refuses itself (`400`, `408`, `413`, `414`, `431`,
    /// `501`, `503`, `505`, …), rendered as the application wants its errors to read.
    ///
    /// Called once per kind of error when each event loop starts, never per request. The
    /// answer must carry `error.status` and `error.headers`; one with another status is
    /// replaced by ``HTTPEngineError/defaultResponse``.
    func response(for error: HTTPEngineError) -> PreparedResponse
}

extension HTTPApplication {
    /// By default no route takes a body.
    public func bodyLimit(for request: borrowing HTTPRequest) -> Int { 0 }

    /// By default there is nothing to reload.
    public func reload() {}

    /// By default the engine's JSON rendering, ``HTTPEngineError/defaultResponse``.
    public func response(for error: HTTPEngineError) -> PreparedResponse { error.defaultResponse }
}
