import HTTPCore
import SourceWatch
import SpecAPI
import SpecFormats
import SpecMCP
import SpecStore
import Synchronization
import SystemSupport

/// The v1 API as an ``HTTPApplication``: routes, negotiation, caching and reload.
///
/// Every answer for the current store lives in a ``ServedStore``, swapped whole on reload, so a
/// request sees one store from start to end and a reload never fails a request.
final class SpecApplication: HTTPApplication {
    let configuration: ServerConfiguration
    let metrics = RequestMetrics()
    private let served = Locked<ServedStore?>(nil)
    /// Weak: the server holds this application, so a strong reference back would be a cycle
    /// that keeps both (and every store) alive forever.
    private let engine = Locked(WeakServer())
    private let loads = Atomic<Int>(0)
    /// Where reload messages go.
    let log: @Sendable (String) -> Void
    /// The same, as text or JSON lines as `--log` says.
    let logger: ServerLog
    /// Reloads after the first load, for `/metrics`.
    let reloads = ReloadMetrics()
    /// The upstream being mirrored (`--upstream`), for `/readyz` and `/metrics`.
    let upstream: UpstreamState?
    /// What SIGHUP does instead of reloading the data file (a mirror polls its upstream).
    private let reloadAction = Locked<(@Sendable () -> Void)?>(nil)
    /// `POST /mcp`.
    let mcp: MCPHTTPTransport
    /// The last background source check (`--watch-sources`), for `/v1/sources` and `/metrics`.
    let sourceWatch: SourceWatchState?

    init(configuration: ServerConfiguration, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.mcp = MCPHTTPTransport(
            allowedHosts: configuration.mcpAllowedHosts, allowedOrigins: configuration.mcpAllowedOrigins)
        self.log = log
        self.logger = ServerLog(format: configuration.log, sink: log)
        self.upstream = configuration.upstream.map { UpstreamState(url: $0) }
        self.sourceWatch = configuration.watchSourcesSeconds > 0 ? SourceWatchState() : nil
    }

    /// The store being served, or `nil` before the first load.
    var current: ServedStore? { served.withLock { $0 } }

    /// Lets `/metrics` read the engine's gauges.
    func attach(_ server: HTTPServer) {
        engine.withLock { $0.server = server }
    }

    // MARK: - Loading

    /// Loads the configured data file (or the embedded data) and serves it.
    func load() throws(SpecStoreError) {
        let store: SpecStore
        if let path = configuration.dataPath {
            store = try SpecStore.load(
                bytes: DataFile.read(path, limit: configuration.maxDataBytes), sourceName: path)
        } else {
            store = try SpecStore.load(bytes: Array(EmbeddedSpecData.json.utf8), sourceName: "embedded Data/specs.json")
            EmbeddedSpecData.releasePages()
        }
        install(store)
    }

    /// Serves `store` from now on.
    func install(_ store: SpecStore) {
        let next = ServedStore(store: store, cacheBudget: configuration.cacheBytes)
        served.withLock { $0 = next }
        loads.wrappingAdd(1, ordering: .relaxed)
    }

    /// Makes SIGHUP run `action` instead of reloading the data file.
    func onReload(_ action: @escaping @Sendable () -> Void) {
        reloadAction.withLock { $0 = action }
    }

    func reload() {
        if let action = reloadAction.withLock({ $0 }) { return action() }
        let file = configuration.dataPath ?? "the embedded data"
        do {
            try load()
            reloads.recordSuccess()
            let version = current?.latestVersion ?? "?"
            logger.write(
                .info, "reloaded", ["file": .string(file), "version": .string(version)],
                text: "spec-server: reloaded \(file); serving version \(version)")
        } catch {
            reloads.recordFailure()
            let version = current?.latestVersion ?? "?"
            logger.write(
                .warn, "reload refused",
                ["file": .string(file), "version": .string(version), "error": .string("\(error)")],
                text: "spec-server: reload refused, still serving version \(version): \(error)")
        }
    }

    // MARK: - Answering

    func bodyLimit(for request: borrowing HTTPRequest) -> Int {
        switch request.method {
        case .post where Self.bodyPaths.contains(where: { request.path.equals($0) }):
            return configuration.maxBodyBytes
        case .get, .head, .options:
            return 0
        default:
            // Read (and drop) a small body of a method the path refuses, so the client learns
            // the method is wrong (405 with Allow), not that its body is too large.
            return min(64 * 1024, configuration.maxBodyBytes)
        }
    }

    /// The paths that read a body: the routes whose declarations answer a `POST`, and MCP's.
    private static let bodyPaths =
        Route.allCases.filter(\.endpoint.acceptsPost).map(\.template) + [MCPHTTPTransport.path]

    func respond(to request: borrowing HTTPRequest) -> HTTPResponse {
        let start = Self.monotonicMicroseconds()
        let served = self.served.withLock { $0 }
        var route: Route?
        let response: HTTPResponse
        if let served,
            let fast = served.fastResponse(for: request, building: false) ?? served.learnedResponse(for: request)
        {
            route = fast.route
            response = .prepared(fast.response)
        } else {
            (route, response) = slowResponse(to: request, served: served)
        }
        // A deferred answer is recorded by its job, once its status is known.
        if !response.isDeferred {
            metrics.record(
                route: route, status: response.status.code, microseconds: Self.monotonicMicroseconds() - start)
        }
        return response
    }

    private func slowResponse(to request: borrowing HTTPRequest, served: ServedStore?) -> (Route?, HTTPResponse) {
        let path = request.path.string
        if let file = SiteFiles.response(for: path), request.method == .get || request.method == .head,
            !request.hasQuery
        {
            return (nil, .prepared(file))
        }
        if path == MCPHTTPTransport.path { return (nil, mcpResponse(to: request, served: served)) }
        if path == LLMsText.path, let served, request.method == .get || request.method == .head, !request.hasQuery {
            return (nil, .prepared(served.llmsText))
        }
        guard let (route, parameter) = Route.match(path: path) else {
            return (nil, errorResponse(.notFound(path: path), served: served))
        }
        switch request.method {
        case .get, .head:
            break
        case .options:
            return (route, preflight(route: route, request: request))
        case .post where route.endpoint.acceptsPost:
            break
        default:
            // Every other method, including tokens the engine does not know (QUERY, PURGE, ...),
            // gets 405 with Allow on a path that exists. RFC 9110 §15.6.2 says 501 SHOULD answer
            // a method the server does not recognise, but §15.5.6 makes 405 the answer for a
            // method the target resource does not support, and here the resource is known:
            // 405 with Allow tells the client what would work, which 501 cannot.
            let method = request.methodName.string
            return (route, errorResponse(.methodNotAllowed(method, path: path, allow: route.allow), served: served))
        }
        if route.isOperations, request.hasQuery {
            return (route, errorResponse(.unknownParameter(request.query.string, accepted: []), served: served))
        }
        switch route {
        case .healthz:
            return (route, .prepared(Self.healthy))
        case .readyz:
            if served != nil, let upstream {
                return (route, Self.readyWithUpstream(upstream))
            }
            return (route, .prepared(served == nil ? Self.notReady : Self.ready))
        case .prometheus:
            return (route, prometheus(request: request, served: served))
        case .sources:
            return (route, sourcesResponse(to: request, served: served))
        default:
            break
        }
        guard let served else { return (route, errorResponse(.unavailable(), served: nil)) }
        do throws(APIError) {
            let query = try readQuery(request).droppingBlankFormFields()
            let options = try RequestOptions(query: query, route: route)
            let format = try negotiate(options.format, route: route, request: request)
            if request.method == .post {
                let embed = try CheckBatch.embedsFigure(query["embed"])
                if request.body.count > Self.largestCheckOnLoop {
                    let body = Array(request.body)
                    return (
                        route, deferredCheck(body: body, format: format, options: options, embed: embed, served: served)
                    )
                }
                let representation = try served.check(
                    body: request.body, format: format, options: options, embed: embed)
                return (route, .prepared(representation.ok))
            }
            let lookup = served.lookUp(
                route: route, parameter: parameter, query: query, options: options, format: format)
            switch lookup {
            case .kept(let kept):
                let representation = served.learn(kept, route: route, for: request)
                if let response = representation.builtResponse(to: request) { return (route, .prepared(response)) }
                // Its large gzip form is compressed off the loop, once.
                return (route, deferredAnswer(route: route, choice: .init(request)) { representation })
            case .unbuilt(let build):
                guard
                    Self.buildsOffLoop(route: route, options: options, format: format)
                        || Self.readsUnbuiltSearchIndex(route: route, options: options, store: served.store)
                else {
                    let representation = served.learn(try build.run(), route: route, for: request)
                    return (route, .prepared(representation.response(to: request)))
                }
                let key = served.learningKey(for: request)
                return (
                    route,
                    deferredAnswer(route: route, choice: .init(request)) { () throws(APIError) in
                        let representation = try build.run()
                        guard let key else { return representation }
                        return served.learn(representation, route: route, key: key)
                    }
                )
            }
        } catch {
            return (route, errorResponse(error, served: served))
        }
    }

    /// Whether a representation not built yet is built on an answer thread
    /// (``HTTPServer/Configuration/answerThreads``) rather than on the event loop, so no loop
    /// is busy for more than about a millisecond: a whole collection, or a page of more than
    /// ``largestPageOnLoop`` rows, in any format; a page for people (HTML, with its figures),
    /// an SVG, a token file or Swift source of more than a few rows; the export, the OpenAPI
    /// document, a diff. Measured on a never-seen answer: JSON about 1 µs a row plus tens of
    /// µs of fixed cost; HTML about 23 µs a row (a 441-row page, 10 ms) plus 240–480 µs. A
    /// small page stays on the loop: handing it to a thread and back costs tens of µs.
    static func buildsOffLoop(route: Route, options: RequestOptions, format: Format) -> Bool {
        switch route {
        case .export, .openAPI, .diff, .versions, .dynamicTypeTokens, .metricTokens, .textStyleTokens, .colorTokens,
            .tokensStudio:
            return true
        default:
            break
        }
        // A collection's page (a record's answer is a few rows at most).
        guard route.endpoint.recordType != nil || route == .search else { return false }
        let rows = options.rows.limit ?? route.endpoint.defaultLimit ?? Int.max
        return rows > (format.costlyPerRow ? Self.largestPageForPeopleOnLoop : Self.largestPageOnLoop)
    }

    /// Whether answering reads the search index (a search, or `q=` on a collection) while it
    /// is not built yet: building it takes tens of milliseconds, so that answer is built on an
    /// answer thread, which builds the index once for every later search.
    static func readsUnbuiltSearchIndex(route: Route, options: RequestOptions, store: SpecStore) -> Bool {
        (route == .search || options.words != nil) && !store.isSearchPrepared
    }

    /// The most rows of a never-seen data page built on the loop.
    static let largestPageOnLoop = 100
    /// The most rows of a never-seen page for people (HTML, SVG, tokens, Swift) built on the loop.
    static let largestPageForPeopleOnLoop = 20

    /// What building one answer off the loop may allocate, held in the body budget while it
    /// runs (``HTTPResponse/deferred(holding:reserving:_:)``): the export, the largest answer,
    /// is 0.5 MB of JSON built from about as much again of rows.
    static let offLoopBuildMemory = 4 << 20

    /// An answer whose representation `make` finds or builds on an answer thread, chosen for the
    /// request by what `choice` copied of it; an error `make` throws is answered as on the loop.
    private func deferredAnswer(
        route: Route, choice: Representation.ResponseChoice,
        _ make: @escaping @Sendable () throws(APIError) -> Representation
    ) -> HTTPResponse {
        let served = self.served.withLock { $0 }
        return .deferred(holding: choice.ifNoneMatch?.count ?? 0, reserving: Self.offLoopBuildMemory) { [self] in
            let start = Self.monotonicMicroseconds()
            let response: HTTPResponse
            do throws(APIError) {
                response = .prepared(try make().response(for: choice))
            } catch {
                response = errorResponse(error, served: served)
            }
            metrics.record(
                route: route, status: response.status.code, microseconds: Self.monotonicMicroseconds() - start)
            return response
        }
    }

    /// The largest body a check judges on the event loop; a larger one is judged on a worker
    /// thread (``HTTPResponse/deferred(holding:reserving:_:)``). About 11 measurements: 0.3 ms as JSON,
    /// 1 ms as HTML with figures, on the loop; handing a batch to a worker and back costs tens
    /// of microseconds, so only a batch this small is cheaper judged where it arrived.
    static let largestCheckOnLoop = 1024

    /// The memory judging a batch takes, as a multiple of its body: the parsed JSON, the
    /// results and the rendered answer. Held in the body budget while the batch waits and runs.
    /// Measured (`Benchmarks/checks/run.sh`, peak resident growth): 8–14× for 1 MiB batches of
    /// 1,000 measurements, more (up to 70×) for a dense 69 KB batch rendered as HTML with
    /// figures. 24× keeps the largest batch (1 MiB, plus its body) within the default 32 MiB
    /// budget, which a larger factor would refuse for ever. Held only while the batch is judged
    /// (a waiting batch holds its body alone), so a burst of batches waits in the queue rather
    /// than being refused for memory only two threads use at once.
    static let checkMemoryPerBodyByte = 24

    /// `POST /v1/check` of a batch larger than ``largestCheckOnLoop``: judged off the loop, with
    /// the same bytes as an answer judged on it.
    private func deferredCheck(
        body: [UInt8], format: Format, options: RequestOptions, embed: Bool, served: ServedStore
    ) -> HTTPResponse {
        .deferred(holding: body.count, reserving: body.count * Self.checkMemoryPerBodyByte) { [self] in
            let start = Self.monotonicMicroseconds()
            let response: HTTPResponse
            do throws(APIError) {
                response = .prepared(try served.check(body: body, format: format, options: options, embed: embed).ok)
            } catch {
                response = errorResponse(error, served: served)
            }
            metrics.record(
                route: .check, status: response.status.code, microseconds: Self.monotonicMicroseconds() - start)
            return response
        }
    }

    func readQuery(_ request: borrowing HTTPRequest) throws(APIError) -> QueryParameters {
        do {
            return try QueryParameters(parsing: request.query.span)
        } catch {
            throw APIError.badQuery(error)
        }
    }

    /// The format to answer in: `format=` if given, else the best `Accept` match.
    func negotiate(_ explicit: Format?, route: Route, request: borrowing HTTPRequest) throws(APIError) -> Format {
        if let explicit { return explicit }
        let fields = request.headers.strings(named: "Accept")
        guard !fields.isEmpty else { return route.formats.first ?? .json }
        let accept = AcceptHeader(fields.joined(separator: ","))
        guard let format = accept.preferredFormat(among: route.formats) else {
            throw APIError.notAcceptable(producible: route.formats)
        }
        return format
    }

    /// `POST /mcp`: the request's fields copied out of the engine's buffers for
    /// ``MCPHTTPTransport``, and its reply as a response.
    private func mcpResponse(to request: borrowing HTTPRequest, served: ServedStore?) -> HTTPResponse {
        let headers = request.headers
        var copied = MCPHTTPTransport.Request(method: request.methodName.string)
        copied.origin = headers.strings(named: "Origin")
        copied.host = headers["Host"]?.string
        copied.contentType = headers["Content-Type"]?.string
        copied.accept = headers.strings(named: "Accept")
        copied.protocolVersion = headers.strings(named: "MCP-Protocol-Version")
        copied.mcpMethod = headers.strings(named: "Mcp-Method")
        copied.mcpName = headers.strings(named: "Mcp-Name")
        copied.body = Array(request.body)
        // Any tool may search; until the search index is built, a call may build it, so it is
        // answered off the loop.
        let indexBuilt = served?.store.isSearchPrepared ?? true
        guard copied.body.count > Self.largestCheckOnLoop || !indexBuilt else {
            return Self.response(mcp.respond(to: copied, served: served))
        }
        // A large call (a `check` tool's batch, most likely) is answered off the loop, as a
        // large POST /v1/check is.
        return .deferred(holding: copied.body.count, reserving: copied.body.count * Self.checkMemoryPerBodyByte) {
            [self, copied] in
            let start = Self.monotonicMicroseconds()
            let response = Self.response(mcp.respond(to: copied, served: served))
            metrics.record(route: nil, status: response.status.code, microseconds: Self.monotonicMicroseconds() - start)
            return response
        }
    }

    private static func response(_ reply: MCPHTTPTransport.Reply) -> HTTPResponse {
        HTTPResponse(
            status: HTTPStatus(reply.status), headers: reply.headers.map { ($0.name, $0.value) }, body: reply.body)
    }

    // MARK: - Fixed answers

    /// The answer to a CORS preflight (and to a plain `OPTIONS`): `204` with what may be asked.
    private func preflight(route: Route, request: borrowing HTTPRequest) -> HTTPResponse {
        var headers: [(name: String, value: String)] = [
            ("Allow", route.allow),
            ("Access-Control-Allow-Origin", "*"),
            ("Access-Control-Allow-Methods", route.allow),
            ("Access-Control-Max-Age", "86400"),
            ("Cache-Control", "public, max-age=86400"),
        ]
        // Design-tool plugins send headers their users configure; allow whatever the preflight
        // names, as long as it is a list of field names.
        if let asked = request.headers["Access-Control-Request-Headers"]?.string,
            asked.utf8.allSatisfy({ Self.isFieldNameListByte($0) })
        {
            headers.append(("Access-Control-Allow-Headers", asked))
            headers.append(("Vary", "Access-Control-Request-Headers"))
        } else {
            headers.append(("Access-Control-Allow-Headers", "Accept, Content-Type, If-None-Match"))
        }
        return HTTPResponse(status: .noContent, headers: headers)
    }

    private static func isFieldNameListByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "."): true
        default: false
        }
    }

    private func prometheus(request: borrowing HTTPRequest, served: ServedStore?) -> HTTPResponse {
        guard !request.hasQuery else {
            return errorResponse(.unknownParameter(request.query.string, accepted: []), served: served)
        }
        let server = engine.withLock { $0.server }
        var text = metrics.exposition(
            openConnections: server?.openConnections ?? 0, engineRequests: server?.requestsServed ?? 0,
            storeVersion: served?.latestVersion, storeLoads: loads.load(ordering: .relaxed))
        text += RequestMetrics.budgetExposition(server: server)
        text +=
            reloads.exposition()
            + "# HELP spec_server_build_info The server's version and the store version it serves.\n"
            + "# TYPE spec_server_build_info gauge\n"
            + "spec_server_build_info{version=\"\(SpecServerCommand.version)\",store_version=\""
            + RequestMetrics.labelEscaped(served?.latestVersion ?? "") + "\"} 1\n"
            + (upstream?.exposition() ?? "") + (sourceWatch?.exposition() ?? "") + ProcessMetrics.exposition()
        return HTTPResponse(
            status: .ok,
            headers: [
                ("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), ("Cache-Control", "no-store"),
            ] + ResponseHeaders.cors,
            body: text)
    }

    static let healthy = PreparedResponse(
        status: .ok,
        headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + ResponseHeaders.cors,
        body: "{\"status\":\"ok\"}\n")
    static let ready = PreparedResponse(
        status: .ok,
        headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + ResponseHeaders.cors,
        body: "{\"status\":\"ready\"}\n")
    static let notReady = PreparedResponse(
        status: .serviceUnavailable,
        headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store"), ("Retry-After", "1")]
            + ResponseHeaders.cors,
        body: APIError.unavailable().body)

    /// `/readyz` of a mirror: ready, with the upstream's state as detail.
    static func readyWithUpstream(_ upstream: UpstreamState) -> HTTPResponse {
        HTTPResponse(
            status: .ok,
            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + ResponseHeaders.cors,
            body: "{\"status\":\"ready\",\"upstream\":\(upstream.readinessJSON())}\n")
    }

    /// A request the engine refused, in the API's error shape; a body too large names the
    /// routes that take a body and its configured limit.
    func response(for error: HTTPEngineError) -> PreparedResponse {
        var hint = error.hint
        if error.status.code == 413 {
            let routes = Self.bodyPaths.map { "POST \($0)" }.joined(separator: " and ")
            hint = "Only \(routes) take a body, each up to \(ByteCount(configuration.maxBodyBytes))."
        }
        let body = APIError(status: error.status.code, code: error.code, message: error.message, hint: hint).body
        return PreparedResponse(
            status: error.status,
            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + ResponseHeaders.cors
                + error.headers,
            body: body)
    }

    /// An error as JSON, whatever format was asked for.
    func errorResponse(_ error: APIError, served: ServedStore?) -> HTTPResponse {
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "application/json"),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
        ]
        if let version = served?.latestVersion { headers.append(("Spec-Version", version)) }
        headers += ResponseHeaders.cors
        headers += error.headers.map { ($0.name, $0.value) }
        if error.status == 503 { headers.append(("Retry-After", "1")) }
        return HTTPResponse(status: HTTPStatus(error.status), headers: headers, body: error.body)
    }

    private struct WeakServer {
        weak var server: HTTPServer?
    }

    static func monotonicMicroseconds() -> Int {
        Int(SystemClock.monotonicMicroseconds())
    }
}
