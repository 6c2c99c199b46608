import HTTPCore
import JSON
import SpecAPI
import SpecFormats
import SpecMCP
import SpecStore

/// One loaded store and every answer prepared from it.
///
/// Built once per load: the fixed representations (each route × format × version without
/// filters) become complete responses, and their canonical URLs are indexed by a hash of the
/// request target, so serving them costs one hash, one lookup and the engine's one write. Each
/// is built by its first request (``LazyRepresentation``), once per store version, which keeps
/// start-up and reload short and the resident set at start small. Other
/// queries are answered on demand and kept in a byte-bounded cache that dies with this object.
final class ServedStore: Sendable {
    let store: SpecStore
    let latestVersion: String
    let versionIDs: [String]
    private let fixed: [String: LazyRepresentation]
    private let fastPath: FastTable<FastEntry>
    private let cache: ResponseCache
    /// The OpenAPI document (``OpenAPIDocument``), built by its first reader: `/openapi.json`
    /// or the MCP catalogue.
    var openAPI: JSONValue { openAPIDocument.value }
    private let openAPIDocument: BuiltOnFirstUse<JSONValue>
    /// Each route's fields, for `sort=` and `fields=`, made once.
    let catalogues: FieldCatalogues
    /// The MCP tools and resources of this store (``MCPCatalogue``), built by the first MCP
    /// request (on an answer thread, as every MCP request is).
    var mcp: MCPCatalogue { mcpCatalogue.value }
    private let mcpCatalogue: BuiltOnFirstUse<MCPCatalogue>
    /// `GET /llms.txt` (``LLMsText``).
    let llmsText: PreparedResponse

    /// A request target answered from memory without parsing. A class, so finding one costs a
    /// single reference, not a copy of each field.
    final class FastEntry: Sendable {
        let target: [UInt8]
        let route: Route
        /// The representation when the target names its format.
        let fixedFormat: LazyRepresentation?
        /// One representation per format the route produces, when `Accept` decides.
        let byFormat: [Format: LazyRepresentation]

        init(_ draft: Draft) {
            (target, route, fixedFormat, byFormat) = (draft.target, draft.route, draft.fixedFormat, draft.byFormat)
        }

        /// An entry while the store's targets are registered.
        struct Draft {
            var target: [UInt8]
            var route: Route
            var fixedFormat: LazyRepresentation?
            var byFormat: [Format: LazyRepresentation]
        }
    }

    init(store: SpecStore, cacheBudget: Int) {
        self.store = store
        self.versionIDs = store.versions.map(\.id)
        self.latestVersion = versionIDs.last ?? ""
        self.cache = ResponseCache(budget: cacheBudget)
        // Where the fixed representations' large bodies live: they last as long as this object,
        // so they can share chunks of memory (the cache's entries, which come and go, do not).
        let arena = BodyArena()
        // The search index is not built here: it is about 2 MiB that a server never asked to
        // search need not hold. The first request that reads it is answered on an answer thread,
        // which builds it (``SpecApplication/readsUnbuiltSearchIndex(route:options:store:)``).
        let catalogues = FieldCatalogues(store: store)
        self.catalogues = catalogues
        // Not built here either: together about 0.5 MiB that a server no client asks for its
        // API description or over MCP need not hold.
        let openAPI = BuiltOnFirstUse {
            OpenAPIDocument.make(store: store, bodyLimit: ServerConfiguration.defaultBodyLimit)
        }
        self.openAPIDocument = openAPI
        self.mcpCatalogue = BuiltOnFirstUse { MCPCatalogue(store: store, openAPI: openAPI.value) }
        self.llmsText =
            Representation(
                body: Array(LLMsText.text(version: latestVersion).utf8), contentType: "text/plain; charset=utf-8",
                specVersion: latestVersion, pinned: false
            ).ok

        var fixed: [String: LazyRepresentation] = [:]
        var fast: [UInt64: FastEntry.Draft] = [:]
        func register(target: String, route: Route, format: Format?, _ representation: LazyRepresentation) {
            let bytes = Array(target.utf8)
            let hash = EntityTag.fnv1a64(bytes)
            var entry = fast[hash] ?? FastEntry.Draft(target: bytes, route: route, fixedFormat: nil, byFormat: [:])
            guard entry.target == bytes else { return }  // a hash collision: leave it to the slow path
            if let format { entry.byFormat[format] = representation } else { entry.fixedFormat = representation }
            fast[hash] = entry
        }
        func prepare(_ route: Route, parameter: String? = nil, path: String, versions: [String?]) {
            for version in versions {
                for format in route.formats {
                    var options = RequestOptions()
                    options.version = version
                    // Registered now, built by its first request: most of them are never read,
                    // and built at load they were most of the resident set at start.
                    let representation = LazyRepresentation { [options] in
                        try? Self.build(
                            store: store, openAPI: openAPI.value, route: route, parameter: parameter, filters: [:],
                            options: options, format: format, arena: arena, catalogues: catalogues)
                    }
                    fixed[
                        RouteParameters.key(
                            route: route, parameter: parameter, filters: [], options: options, format: format)] =
                        representation
                    let versionQuery = version.map { "version=\($0)" }
                    register(
                        target: path + (versionQuery.map { "?" + $0 } ?? ""), route: route, format: format,
                        representation)
                    let formatQuery = "format=\(format.rawValue)"
                    let explicit = [formatQuery, versionQuery].compactMap { $0 }
                    register(
                        target: path + "?" + explicit.joined(separator: "&"), route: route, format: nil, representation)
                    if explicit.count == 2 {
                        register(
                            target: path + "?" + explicit.reversed().joined(separator: "&"), route: route, format: nil,
                            representation)
                    }
                }
            }
        }
        let everyVersion: [String?] = [nil] + versionIDs.map { Optional($0) }
        for route in Route.allCases {
            let endpoint = route.endpoint
            switch endpoint.prebuilt {
            case .none:
                break
            case .latest:
                prepare(route, path: route.template, versions: [nil])
            case .everyVersion:
                prepare(route, path: route.template, versions: everyVersion)
            case .everyPathValue:
                guard let parameter = endpoint.pathParameter,
                    let brace = endpoint.template.firstIndex(of: "{")
                else { break }
                let prefix = endpoint.template[..<brace]
                // A data file's size, not the code, sets how many records a route has: past the
                // first few hundred, a record is built when asked for and kept in the answer cache,
                // whose budget bounds it, so a large file costs neither start-up time nor memory
                // for pages nobody reads.
                for value in parameter.values(store.latest).prefix(Self.maximumPrebuiltRecords) {
                    prepare(route, parameter: value, path: prefix + value, versions: [nil])
                }
            }
        }
        self.fixed = fixed
        self.fastPath = FastTable(fast.mapValues(FastEntry.init))
    }

    /// The most records of one route (``Endpoint/Prebuilt/everyPathValue``) built at start-up.
    static let maximumPrebuiltRecords = 256

    // MARK: - Serving

    /// The prepared answer to a request whose target is one of the canonical URLs, or `nil`; without
    /// `building`, `nil` too when answering would build a representation or a large gzip form.
    func fastResponse(for request: borrowing HTTPRequest, building: Bool = true) -> (
        route: Route, response: PreparedResponse
    )? {
        guard request.method == .get || request.method == .head else { return nil }
        let hash = EntityTag.fnv1a64(request.target.span)
        guard let entry = fastPath[hash], request.target.elementsEqual(entry.target) else { return nil }
        let chosen: LazyRepresentation
        if let fixed = entry.fixedFormat {
            chosen = fixed
        } else {
            let accept = request.headers["Accept"]
            let format: Format?
            if accept == nil || accept!.equals("*/*") {
                format = entry.route.formats.first
            } else {
                let fields = request.headers.strings(named: "Accept").joined(separator: ",")
                format = AcceptHeader(fields).preferredFormat(among: entry.route.formats)
            }
            guard let format, let byFormat = entry.byFormat[format] else { return nil }
            chosen = byFormat
        }
        // A representation that cannot be built goes to the slow path, which says why. Without
        // `building`, so does one not built yet, or a large gzip form not compressed yet: the
        // slow path builds them off the event loop.
        guard building else {
            guard chosen.isBuilt, let representation = chosen.representation,
                let response = representation.builtResponse(to: request)
            else { return nil }
            return (entry.route, response)
        }
        guard let representation = chosen.representation else { return nil }
        return (entry.route, representation.response(to: request))
    }

    /// The answer to a filtered GET or HEAD seen before with the very same target and `Accept`
    /// fields, without parsing the query: the cache keeps it under the request's raw bytes too.
    func learnedResponse(for request: borrowing HTTPRequest) -> (route: Route, response: PreparedResponse)? {
        guard request.method == .get || request.method == .head, request.hasQuery,
            let (representation, route) = cache.learnedEntry(for: request), let route,
            let response = representation.builtResponse(to: request)
        else { return nil }
        return (route, response)
    }

    /// Remembers `representation` as the answer to this request's exact bytes, the second time
    /// they are asked (``ResponseCache/offer(_:for:route:)``), and returns the representation to
    /// send: once learned, the copy whose large body is sent from the body file.
    func learn(_ representation: Representation, route: Route, for request: borrowing HTTPRequest)
        -> Representation
    {
        guard let key = learningKey(for: request) else { return representation }
        return learn(representation, route: route, key: key)
    }

    /// The raw key under which ``learn(_:route:for:)`` would keep this request's answer, when it
    /// would (the second time its bytes are asked), for an answer built off the loop.
    func learningKey(for request: borrowing HTTPRequest) -> String? {
        guard request.method == .get || request.method == .head, request.hasQuery,
            let hash = ResponseCache.rawKeyHash(for: request), cache.wasOffered(rawKeyHash: hash)
        else { return nil }
        return ResponseCache.rawKey(for: request)
    }

    /// Keeps `representation` under the raw `key` ``learningKey(for:)`` gave, its large body moved
    /// to the body file (an answer asked for twice is likely asked for again), and returns what
    /// it kept.
    func learn(_ representation: Representation, route: Route, key: String) -> Representation {
        let repeated = representation.inBodyFile()
        cache.insert(repeated, for: key, route: route)
        return repeated
    }

    /// The JSON-RPC answer this store gave to an MCP request with the same routing headers and
    /// body bytes, from the answer cache.
    func mcpAnswer(for key: String) -> [UInt8]? {
        guard let representation = cache.representation(for: key) else { return nil }
        var body: [UInt8] = []
        representation.ok.appendBody(to: &body)
        return body
    }

    /// Keeps a successful MCP answer in the answer cache (it counts against the same budget).
    func keepMCPAnswer(_ answer: [UInt8], for key: String) {
        cache.offer(
            Representation(
                body: answer, contentType: "application/json", specVersion: nil, pinned: false, keptInMemory: true),
            for: key)
    }

    /// Entries and bytes the answer cache holds (its budget is tested through this).
    var cacheUsage: (entries: Int, bytes: Int) { cache.usage }

    /// Answers the cache gave by a normalised key: a query that reaches one by other bytes
    /// than those it was kept under (tested through this).
    var cacheHits: Int { cache.hits }

    /// The representation of a GET, from the fixed set, the cache, or built now.
    func representation(
        route: Route, parameter: String?, query: QueryParameters, options: RequestOptions, format: Format
    ) throws(APIError) -> Representation {
        switch lookUp(route: route, parameter: parameter, query: query, options: options, format: format) {
        case .kept(let representation): return representation
        case .unbuilt(let build): return try build.run()
        }
    }

    /// Where the representation of a GET is: kept (built in the fixed set, or in the cache), or
    /// still to build.
    enum Lookup {
        case kept(Representation)
        case unbuilt(PendingBuild)
    }

    /// A representation to build, with everything building it reads: run now, or on an answer
    /// thread.
    // @unchecked: the decoded filter is an immutable value (an `any DeclaredFilter` does not say
    // Sendable), and the store and its caches are Sendable.
    struct PendingBuild: @unchecked Sendable {
        let served: ServedStore
        let asked: RouteParameters
        let route: Route
        let parameter: String?
        let query: QueryParameters
        let options: RequestOptions
        let format: Format

        /// Builds the representation (or has the fixed set build it) and offers it to the cache.
        func run() throws(APIError) -> Representation {
            if let representation = served.fixed[asked.key]?.representation { return representation }
            if let representation = served.cache.representation(for: asked.key) { return representation }
            // Built from the same canonical values as the key: two queries that share an entry
            // must get the same answer, wording included. Its gzip form, if asked for, is
            // compressed while the client waits, so at zlib's level 1; kept with it, a repeated
            // request gets the same bytes, and building it again makes the same bytes again.
            let representation = try ServedStore.build(
                store: served.store, openAPI: served.openAPI, route: route, parameter: parameter,
                filters: asked.filters, decoded: asked.decoded, options: options, format: format, query: query.pairs,
                catalogues: served.catalogues, gzipLevel: .fast, keptInMemory: true)
            served.cache.offer(representation, for: asked.key)
            return representation
        }
    }

    /// Finds the representation of a GET without building it.
    func lookUp(
        route: Route, parameter: String?, query: QueryParameters, options: RequestOptions, format: Format
    ) -> Lookup {
        let asked = RouteParameters(route: route, parameter: parameter, query: query, options: options, format: format)
        if let fixed = fixed[asked.key], fixed.isBuilt, let representation = fixed.representation {
            return .kept(representation)
        }
        if let representation = cache.representation(for: asked.key) { return .kept(representation) }
        return .unbuilt(
            PendingBuild(
                served: self, asked: asked, route: route, parameter: parameter, query: query, options: options,
                format: format))
    }

    /// A GET's JSON answer as an MCP tool result carries it: the representation when one is
    /// kept (the fixed set or the cache), else only its body, built now. A tool result reads
    /// nothing else of a representation (not its head, tag or links), and the whole reply is
    /// kept by the MCP answer cache when it is asked again.
    func jsonAnswer(route: Route, parameter: String?, query: QueryParameters, options: RequestOptions)
        throws(APIError) -> MCPAnswer
    {
        guard route != .openAPI, route != .index else {
            return .kept(
                try representation(route: route, parameter: parameter, query: query, options: options, format: .json))
        }
        let asked = RouteParameters(route: route, parameter: parameter, query: query, options: options, format: .json)
        if let representation = fixed[asked.key]?.representation ?? cache.representation(for: asked.key) {
            return .kept(representation)
        }
        let (content, snapshot) = try RouteQueries.content(
            store: store, route: route, parameter: parameter, filters: asked.filters, decoded: asked.decoded,
            options: options, catalogues: catalogues)
        return .built(content.encoded(as: .json, options: options, route: route, version: snapshot.version.id))
    }

    /// Judges the measurements of a POST body; never cached.
    func check(body: HTTPBytes, format: Format, options: RequestOptions, embed: Bool = false) throws(APIError)
        -> Representation
    {
        try check(body: Array(body), format: format, options: options, embed: embed)
    }

    /// Judges the measurements of a JSON array (a POST body, or an MCP tool's `items`); never cached.
    func check(body: [UInt8], format: Format, options: RequestOptions, embed: Bool = false) throws(APIError)
        -> Representation
    {
        let answer = try RouteAnswer.check(store: store, body: body, format: format, options: options, embed: embed)
        return Representation(
            body: answer.body, contentType: answer.contentType, specVersion: answer.specVersion, pinned: false,
            cacheControl: "no-store", notes: answer.notes, keptInMemory: true)
    }

    /// How many fixed representations exist, and how many are built.
    var fixedUsage: (count: Int, built: Int) { (fixed.count, fixed.values.count { $0.isBuilt }) }

    // MARK: - Building

    /// The representation of ``RouteAnswer/make(store:openAPI:route:parameter:filters:decoded:options:format:query:catalogues:)``'s
    /// answer.
    ///
    /// - Parameters:
    ///   - arena: where a fixed representation's body lives (``BodyArena``).
    ///   - gzipLevel: how hard the answer's gzip form is compressed (``Representation``). The
    ///     OpenAPI document and the index are always compressed at the standard level: they are
    ///     the same bytes however they were asked for.
    static func build(
        store: SpecStore, openAPI: @autoclosure () -> JSONValue, route: Route, parameter: String?,
        filters: [String: String],
        decoded: Result<any DeclaredFilter, QueryError>? = nil, options: RequestOptions, format: Format,
        query: [(name: String, value: String)] = [],
        arena: BodyArena? = nil, catalogues: FieldCatalogues? = nil, gzipLevel: DeflateEncoder.Level = .standard,
        keptInMemory: Bool = false
    ) throws(APIError) -> Representation {
        let answer = try RouteAnswer.make(
            store: store, openAPI: openAPI(), route: route, parameter: parameter, filters: filters, decoded: decoded,
            options: options, format: format, query: query, catalogues: catalogues)
        return Representation(
            body: answer.body, contentType: answer.contentType, specVersion: answer.specVersion, pinned: answer.pinned,
            disposition: answer.disposition, notes: answer.notes, extraHeaders: answer.links, arena: arena,
            gzipLevel: route == .openAPI || route == .index ? .standard : gzipLevel, keptInMemory: keptInMemory)
    }
}
