import HTTPCore
import SourceWatch
import SpecAPI
import SpecStore
import SystemSupport

/// The composition `main` runs: read the configuration, load the store, serve.
enum SpecServerCommand {
    /// The version `--version` prints (``Release/version``).
    static let version = Release.version
    /// The product token the fetches' User-Agent starts with.
    static let product = "spec-server/\(version)"

    /// Runs the command line; returns the process exit status.
    ///
    /// Every startup failure (a bad flag, a data file the store refuses, a port in use) prints
    /// one line on standard error and returns non-zero.
    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        if let command = Subcommand.named(arguments.first) {
            return command.run(Array(arguments.dropFirst()), environment)
        }
        let configuration: ServerConfiguration
        do {
            switch try ServerConfiguration.parse(arguments: arguments, environment: environment) {
            case .printHelp:
                StandardStream.output.write(ServerConfiguration.helpText)
                return 0
            case .printVersion:
                StandardStream.output.write("spec-server \(version)\n")
                return 0
            case .serve(let parsed):
                configuration = parsed
            }
        } catch {
            StandardStream.error.write("spec-server: \(error)\n")
            return 64
        }
        let log = ServerLog(format: configuration.log) { StandardStream.error.write($0 + "\n") }
        if configuration.upstream != nil, let reason = UpstreamFetching.unavailableReason() {
            StandardStream.error.write("spec-server: --upstream \(reason)\n")
            return 64
        }
        if configuration.watchSourcesSeconds > 0, let reason = UpstreamFetching.unavailableReason() {
            StandardStream.error.write("spec-server: --watch-sources \(reason)\n")
            return 64
        }
        let server: HTTPServer
        let application: SpecApplication
        do {
            (server, application) = try makeServer(configuration: configuration)
        } catch {
            log.write(
                .error, "cannot load the data", ["error": .string("\(error)")],
                text: "spec-server: cannot load the data: \(error)")
            return 1
        }
        // Before any client can take the last descriptor: /metrics reads these without a new one.
        ProcessMetrics.holdFiles()
        let mirror = application.makeMirror(configuration: configuration)
        mirror?.serveCachedCopy()
        mirror?.start()
        defer { mirror?.stop() }
        let watcher = makeSourceWatcher(configuration: configuration, application: application, log: log)
        watcher?.start()
        defer { watcher?.stop() }
        do {
            try server.run { endpoint in
                // Always, whatever --log says (that is the request log): with --port 0 this line is
                // the only way to learn the port, and scripts and tests wait for it.
                let version = application.current?.latestVersion ?? "?"
                let threads = server.configuration.threads
                log.write(
                    .info, "serving",
                    [
                        "version": .string(version), "url": .string(url(host: endpoint.host, port: endpoint.port)),
                        "threads": .int(threads),
                    ],
                    text: readyLine(version: version, host: endpoint.host, port: endpoint.port, threads: threads)
                        .dropLastNewline())
            }
        } catch {
            log.write(.error, "cannot serve", ["error": .string("\(error)")], text: "spec-server: \(error)")
            return 1
        }
        log.write(.info, "stopped", text: "spec-server: stopped")
        return 0
    }

    /// The background source check `--watch-sources` asks for; `nil` without it.
    static func makeSourceWatcher(
        configuration: ServerConfiguration, application: SpecApplication, log: ServerLog? = nil
    ) -> SourceWatcher? {
        guard let state = application.sourceWatch, let fetch = SourceWatchTransport.fetch(product: product)
        else { return nil }
        let check = SourceCheck(
            base: configuration.sourcesBase, timeoutSeconds: 30, maxBytes: 4 * 1024 * 1024, fetch: fetch)
        var write: LogWriter?
        if let log { write = { line in log.write(line) } }
        return SourceWatcher(
            intervalSeconds: configuration.watchSourcesSeconds, check: check, state: state, log: write,
            snapshot: { [weak application] in application?.current?.store.latest })
    }

    /// `http://host:port/`, with brackets around an IPv6 address.
    static func url(host: String, port: Int) -> String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }

    /// The line written once the server listens, e.g.
    /// `spec-server: serving version 2026-03 on http://127.0.0.1:8080 with 2 threads`.
    static func readyLine(version: String, host: String, port: Int, threads: Int) -> String {
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return "spec-server: serving version \(version) on http://\(authority) with \(threads) threads\n"
    }

    /// Builds the application, loads its store and wraps it in a server that has not started.
    static func makeServer(configuration: ServerConfiguration, handlesSignals: Bool = true) throws(SpecStoreError)
        -> (HTTPServer, SpecApplication)
    {
        let application = SpecApplication(configuration: configuration) { line in
            StandardStream.error.write(line + "\n")
        }
        try application.load()
        let server = HTTPServer(
            configuration: engineConfiguration(configuration, handlesSignals: handlesSignals), application: application)
        application.attach(server)
        return (server, application)
    }

    /// The engine's settings from ours.
    static func engineConfiguration(_ configuration: ServerConfiguration, handlesSignals: Bool)
        -> HTTPServer.Configuration
    {
        var engine = HTTPServer.Configuration(host: configuration.host, port: configuration.port)
        if let threads = configuration.threads { engine.threads = threads }
        engine.maxConnections = configuration.maxConnections
        engine.maxRequestLineLength = configuration.maxRequestLineBytes
        engine.maxHeaderSectionLength = configuration.maxHeaderBytes
        engine.maxHeaderFields = configuration.maxHeaderFields
        engine.maxBodyLength = configuration.maxBodyBytes
        engine.maxBufferedBodyBytes = configuration.maxBufferedBodyBytes
        engine.maxBufferedBodyBytesPerClient = configuration.maxBufferedBodyBytesPerClient
        engine.maxBufferedBodyBytesPerConnection = configuration.maxBufferedBodyBytesPerConnection
        engine.maxUnreadAnswerBytes = configuration.maxUnreadBytes
        engine.maxUnreadAnswerBytesPerClient = configuration.maxUnreadBytesPerClient
        engine.minBodyBytesPerSecond = configuration.minBodyBytesPerSecond
        engine.sendBufferBytes = configuration.sendBufferBytes
        engine.answerThreads = configuration.answerThreads
        engine.maxQueuedAnswers = configuration.maxQueuedAnswers
        engine.requestReadTimeout = .seconds(configuration.requestTimeoutSeconds)
        engine.idleTimeout = .seconds(configuration.idleTimeoutSeconds)
        engine.writeTimeout = .seconds(configuration.writeTimeoutSeconds)
        engine.handlesSignals = handlesSignals
        engine.trustedProxies = configuration.trustedProxies
        engine.accessLog =
            switch configuration.log {
            case .off: .off
            case .text: .text
            case .json: .json
            }
        return engine
    }
}

extension String {
    fileprivate func dropLastNewline() -> String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}

/// Unbuffered writes to standard output or standard error.
struct StandardStream: Sendable {
    static let output = StandardStream(descriptor: 1)
    static let error = StandardStream(descriptor: 2)
    let descriptor: Int32

    func write(_ text: String) {
        // A failed write (standard output closed) is dropped: there is nowhere to report it.
        try? SystemFile.write(descriptor, text.utf8)
    }
}
