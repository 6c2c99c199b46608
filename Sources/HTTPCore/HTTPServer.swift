import Synchronization

/// An HTTP/1.1 server: one epoll event loop per thread, each with its own `SO_REUSEPORT`
/// listener, serving one ``HTTPApplication``.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 8080), application: app)
/// try server.run()   // returns after SIGTERM/SIGINT and a graceful drain
/// ```
///
/// Call ``run(onReady:)`` from the main thread before starting other threads: SIGTERM, SIGINT
/// and SIGHUP are blocked in the calling thread (the loops inherit the mask) and read from a
/// signalfd, so a thread started earlier with those signals unblocked could take them instead.
public final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    public let configuration: Configuration

    let application: any HTTPApplication
    let control: ServerControl

    /// A server for `application`; nothing happens until ``run(onReady:)``.
    public init(configuration: Configuration, application: some HTTPApplication) {
        self.configuration = configuration
        self.application = application
        self.control = ServerControl(configuration: configuration)
    }

    /// Binds, serves until SIGTERM/SIGINT or ``stop()``, drains gracefully, and returns.
    ///
    /// Binding happens before any thread starts, so an address in use or a bad host throws
    /// here. After a stop request the listeners close, idle connections close, in-flight
    /// requests finish within ``Configuration/drainTimeout``, and what is left is closed.
    ///
    /// - Parameter onReady: called once on the calling thread when every listener is bound and
    ///   the loops run, with the real port (useful with port 0).
    public func run(onReady: ((Endpoint) -> Void)? = nil) throws(HTTPServerError) {
        try ServerRuntime(server: self).run(onReady: onReady)
    }

    /// Starts a graceful drain, as SIGTERM would; safe from any thread, at any time.
    public func stop() {
        control.requestStop()
    }

    /// Asks the application to reload, as SIGHUP would: ``HTTPApplication/reload()`` runs on a
    /// thread of its own.
    public func reload() {
        control.requestReload()
    }

    /// Connections open right now, across all loops (a gauge for metrics).
    public var openConnections: Int {
        control.openConnections
    }

    /// Requests answered since start, across all loops, engine errors included.
    public var requestsServed: Int {
        control.requestsServed
    }

    /// Bytes of ``Configuration/maxBufferedBodyBytes`` held right now: bodies arriving, and
    /// what deferred answers hold while they wait and are computed (a gauge for metrics).
    public var bufferedBodyBytes: Int {
        configuration.maxBufferedBodyBytes - control.bodyBudget.remaining
    }

    /// Bytes of answers clients have not read, held right now, against
    /// ``Configuration/maxUnreadAnswerBytes`` (a gauge for metrics; above it while spent).
    public var unreadAnswerBytes: Int {
        configuration.maxUnreadAnswerBytes - control.unreadBudget.remaining
    }

    /// The bound port once listening, else `nil`.
    public var boundPort: Int? {
        control.boundPort
    }
}
