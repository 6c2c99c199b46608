import JSON
import SpecFormats
import SpecStore

/// The declaration of every route: the one place that says what a route is.
///
/// ``Route/allCases`` is the order of the index page, the OpenAPI paths and the metrics; the
/// switch below is exhaustive, so the compiler points at the one place a new route needs its
/// declaration. A collection's two routes are its entry's (``ServedCollection``).
extension Route {
    /// The route's declaration (computed once per process; read ``endpoint``).
    private var declaration: Endpoint {
        switch self {
        case .index:
            Endpoint(
                template: "/", title: "HIG spec service", summary: "the routes in a few lines",
                formats: [.json, .html], answer: .index,
                common: [.format, .pretty], prebuilt: .latest, schema: .object, example: "/")
        case .collection(let collection): .collection(ServedCollection.of(collection))
        case .record(let collection): .record(of: ServedCollection.of(collection))
        case .deviceProfile:
            Endpoint(
                template: "/v1/devices/{id}/profile", title: "Device profile",
                summary: "one device's screen, scale, size classes, widget sizes, layout and control figures",
                formats: [.json], answer: .query(RouteQueries.deviceProfile),
                pathParameter: Endpoint.PathParameter(
                    name: "id", summary: "A device id or name.",
                    values: { latest in
                        (try? latest.devices(matching: DeviceFilter()).items.compactMap { $0["id"]?.stringValue })
                            ?? []
                    }, listedBy: "GET /v1/devices lists the devices and their ids."),
                schema: .record, example: "/v1/devices/device.iphone-16-pro/profile",
                tool: Endpoint.Tool(
                    name: "device_profile", title: "Device profile",
                    description:
                        "One device in one call: screen pt/px, scale, size classes, widget sizes (or the nearest screen's, so marked), layout and control figures; each cited."
                ))
        case .search:
            .collection(
                "/v1/search", title: "Search results", summary: "records of every kind matching words",
                listing: "/v1/search?q=", filter: SearchQuery.self, prebuilt: .none, example: "/v1/search?q=iphone",
                rowFields: [
                    "type", "id", "title", "snippet", "score", "value", "unit", "status", "citation", "versions",
                    "since",
                    "until",
                ],
                defaultLimit: SpecSnapshot.searchLimit,
                tool: Endpoint.Tool(
                    name: "search", title: "Search the HIG facts",
                    description:
                        "Start here for one fact: records of every kind by words ('tab bar height', '44x44'), best first, each hit with its value, unit, status and citation. type and platform narrow it; history=true searches every version (a removed figure comes back with the versions that held it)."
                ), answer: RouteQueries.search)
        case .check:
            Endpoint(
                template: "/v1/check", title: "Check results",
                summary: "judges a measurement (POST takes a JSON array)", listing: "/v1/check?figure=&value=",
                formats: Format.tables,
                answer: .query(RouteQueries.check),
                filters: Measurement.parameters.map(Endpoint.Parameter.init) + [
                    .init(
                        name: CheckBatch.embedParameter, summary: CheckBatch.embedSummary,
                        value: .oneOf(CheckBatch.embedValues))
                ] + ContrastCheck.parameters.map(Endpoint.Parameter.init)
                    + ComplicationCheck.parameters.map(Endpoint.Parameter.init), acceptsPost: true,
                example: "/v1/check?figure=metric.controls.ios.minimum-size&width=20&height=20",
                tool: Endpoint.Tool(
                    name: "check_measurements", title: "Check measurements",
                    description:
                        "Judges sizes and contrast; use it, not your own arithmetic. Each item: figure (metric id), element and platform (measure if several), or asset (px; variant if several), with value or width and height; or foreground and background (textSize, bold). Results in order: result, severity, figure, status, message; a bad item gets its own error.",
                    input: .postBody))
        case .versions:
            Endpoint(
                template: "/v1/versions", title: "Store versions", summary: "the store versions",
                formats: Format.tables, answer: .query { .collection($0.store.versionRows()) }, prebuilt: .latest,
                example: "/v1/versions",
                tool: Endpoint.Tool(
                    name: "list_versions", title: "Store versions",
                    description:
                        "The store versions, oldest first, each a dated change to Apple's pages. Pass an id as version to any tool to answer as the HIG stood then."
                ))
        case .coverage:
            Endpoint(
                template: "/v1/coverage", title: "Coverage",
                summary: "what the store holds of each HIG page that publishes figures", formats: Format.tables,
                answer: .query { request in
                    let rows = request.store.coverageRows(of: request.snapshot)
                    guard let status = request.filters["status"] else { return .collection(rows) }
                    guard CoverageStatus(rawValue: status) != nil else {
                        throw APIError.unknownValue("status", status, accepted: CoverageStatus.spellings)
                    }
                    return .collection(
                        QueryResult(items: rows.items.filter { $0["status"]?.stringValue == status }, notes: rows.notes)
                    )
                },
                filters: [
                    .init(
                        name: "status",
                        summary: "Keep the pages whose figures are held, not held here, or that publish none.",
                        value: .oneOf(CoverageStatus.spellings))
                ], prebuilt: .everyVersion,
                example: "/v1/coverage",
                tool: Endpoint.Tool(
                    name: "hig_coverage", title: "Coverage",
                    description:
                        "Each HIG page that publishes figures and what the store holds of it: held, not held here, or Apple publishes none. Use it to tell a figure Apple never gave from one this store lacks."
                ))
        case .diff:
            Endpoint(
                template: "/v1/diff", title: "Changes", summary: "what changed between two versions",
                listing: "/v1/diff?from=&to=", formats: Format.tables, answer: .query(RouteQueries.diff),
                filters: [
                    .init(
                        name: "from", summary: "The older store version (latest names the newest).",
                        value: .storeVersion, isRequired: true),
                    .init(
                        name: "to", summary: "The newer store version; the latest when left out.",
                        value: .storeVersion),
                    .init(
                        name: "type", summary: "Keep the rows of one record type.",
                        value: .oneOf(RecordType.spellings)),
                    .init(
                        name: "kind",
                        summary: "Keep one kind of row; changes keeps added, removed and changed (no first-seen).",
                        value: .oneOf(DiffKind.allCases.map(\.rawValue) + [DiffKind.changesOnly])),
                ],
                schema: .diff, example: "/v1/diff?from=2023&to=2025-03-07",
                tool: Endpoint.Tool(
                    name: "diff_versions", title: "What changed between two versions",
                    description:
                        "What changed on Apple's pages between two versions (list_versions; to is the latest by default): records added, removed and changed, with before and after. kind=changes drops the firstSeen rows (not changes); type shrinks it further."
                ))
        case .export:
            Endpoint(
                template: "/v1/export", title: "Export", summary: "the whole store in the data file's format",
                formats: [.json], answer: .query { .document($0.store.export(), rows: []) }, prebuilt: .latest,
                schema: .object, example: "/v1/export")
        case .sources:
            // Not an MCP tool: it reports on the store's sources, not on the HIG, and a server
            // that does not watch answers 404.
            Endpoint(
                template: "/v1/sources", title: "Source check",
                summary: "the last check of Apple's pages against the store (--watch-sources)",
                formats: [.json, .md, .html], answer: .sourceReport, common: [.format, .pretty],
                schema: .sourceReport, example: "/v1/sources")
        case .dynamicTypeTokens:
            Endpoint(
                template: "/v1/tokens/dynamic-type/{category}", title: "Dynamic Type tokens",
                summary: "DTCG design tokens per Dynamic Type category", formats: [.tokens, .json],
                answer: .query(RouteQueries.dynamicTypeTokens),
                filters: [
                    .init(
                        name: "platform",
                        summary: RouteQueries.tokenPlatforms.joined(separator: ", ") + "; ios by default.",
                        value: .oneOf(RouteQueries.tokenPlatforms))
                ],
                pathParameter: Endpoint.PathParameter(
                    name: "category", summary: "A Dynamic Type category.", values: { _ in FilterVocabulary.categories }),
                prebuilt: .everyPathValue, schema: .designTokens, example: "/v1/tokens/dynamic-type/large")
        case .metricTokens:
            Endpoint(
                template: "/v1/tokens/metrics", title: "Metric tokens", summary: "the metrics as DTCG design tokens",
                formats: [.tokens, .json], answer: .query(RouteQueries.metricTokens),
                filters: MetricFilter.parameters.map(Endpoint.Parameter.init), filter: MetricFilter.self,
                prebuilt: .everyVersion,
                schema: .designTokens, example: "/v1/tokens/metrics")
        case .colorTokens:
            Endpoint(
                template: "/v1/tokens/colors/{appearance}", title: "Color tokens",
                summary: "the system colors as DTCG color tokens, one file per appearance", formats: [.tokens, .json],
                answer: .query(RouteQueries.colorTokens),
                filters: ColorFilter.parameters.filter { $0.name == "platform" }.map(Endpoint.Parameter.init),
                pathParameter: Endpoint.PathParameter(
                    name: "appearance",
                    summary: "An appearance: light, dark, increased-contrast-light, increased-contrast-dark.",
                    values: { _ in FilterVocabulary.appearances }),
                prebuilt: .everyPathValue, schema: .designTokens, example: "/v1/tokens/colors/dark")
        case .textStyleTokens:
            Endpoint(
                template: "/v1/tokens/text-styles", title: "Text style tokens",
                summary: "DTCG design tokens for the macOS and tvOS text styles", formats: [.tokens, .json],
                answer: .query(RouteQueries.textStyleTokens),
                filters: [
                    .init(
                        name: "platform",
                        summary: RouteQueries.textStylePlatforms.joined(separator: ", ") + "; all of them by default.",
                        value: .oneOf(RouteQueries.textStylePlatforms))
                ],
                schema: .designTokens, example: "/v1/tokens/text-styles")
        case .tokensStudio:
            Endpoint(
                template: "/v1/tokens/tokens-studio", title: "Tokens Studio tokens",
                summary: "every Dynamic Type category and color appearance in the Tokens Studio single-file shape",
                formats: [.json],
                answer: .query(RouteQueries.tokensStudio),
                filters: [
                    .init(
                        name: "platform",
                        summary: RouteQueries.tokenPlatforms.joined(separator: ", ") + "; ios by default.",
                        value: .oneOf(RouteQueries.tokenPlatforms))
                ],
                schema: .tokensStudio, example: "/v1/tokens/tokens-studio")
        case .openAPI:
            Endpoint(
                template: "/openapi.json", title: "OpenAPI", summary: "the OpenAPI 3.1 description of all of this",
                formats: [.json], answer: .openAPI, common: [.pretty], prebuilt: .latest, schema: .object,
                example: "/openapi.json")
        case .healthz:
            .operations("/healthz", title: "Health", summary: "liveness", formats: [.json], schema: .status)
        case .readyz:
            .operations("/readyz", title: "Readiness", summary: "readiness", formats: [.json], schema: .status)
        case .prometheus:
            .operations("/metrics", title: "Metrics", summary: "Prometheus metrics", formats: [], schema: .prometheus)
        }
    }

    /// Every declaration, indexed by ``position``.
    private static let endpoints: [Endpoint] = allCases.map(\.declaration)

    /// The route's declaration, lent rather than copied: reading one of its parts
    /// (`route.endpoint.common`) copies that part alone, where a copy of the whole declaration
    /// retained and released each of its many fields, several times for every never-seen answer.
    package var endpoint: Endpoint {
        _read { yield Route.endpoints[position] }
    }
}

extension Format {
    /// The tables and Swift source (``SwiftSource``): the figures a project compiles in.
    package static let code: [Format] = tables + [.swift]
}

extension Endpoint {
    /// A collection route: rows in the envelope, in every table format, filtered by a store
    /// filter whose parameters it accepts; its unfiltered answers prebuilt for every version.
    /// A collection of `records` takes `q` too (``CommonParameter/words``).
    package static func collection(
        _ template: String, title: String, summary: String, listing: String? = nil, filter: any DeclaredFilter.Type,
        records: RecordType? = nil, formats: [Format] = Format.tables, prebuilt: Prebuilt = .everyVersion,
        example: String? = nil,
        rowFields: [String]? = nil,
        defaultLimit: Int? = nil, tool: Tool? = nil, answer: @escaping @Sendable (AnswerRequest) throws -> AnswerContent
    ) -> Endpoint {
        Endpoint(
            template: template, title: title, summary: summary, listing: listing, formats: formats,
            answer: .query(answer), filters: filter.parameters.map(Parameter.init), filter: filter,
            common: CommonParameter.data + CommonParameter.rows + (records == nil ? [] : CommonParameter.words),
            prebuilt: prebuilt, example: example ?? template, rowFields: rowFields, defaultLimit: defaultLimit,
            recordType: records,
            tool: tool ?? .listing(template: template, title: title, summary: summary, words: records != nil))
    }

    /// A collection's route, `/v1/{segment}`, as its entry declares it: the rows of one store
    /// query, filtered by the collection's filter, narrowed by `q`.
    package static func collection(_ served: ServedCollection) -> Endpoint {
        collection(
            served.template, title: served.title, summary: served.summary, filter: served.filter,
            records: RecordType(rawValue: served.collection.recordType), formats: served.formats,
            answer: served.answer)
    }

    /// A collection's record route, `/v1/{segment}/{id}`: the row of the collection with that id
    /// (or a record the collection lists in parts, as a size class per orientation), in the
    /// collection's formats, trimmed to `fields` when asked; answered on demand and cached. An
    /// entry with a record of its own (a device) declares it whole.
    package static func record(of served: ServedCollection) -> Endpoint {
        if let custom = served.customRecord { return custom }
        let path = served.template
        let collection = served.collection
        let noun = served.record.noun
        return Endpoint(
            template: path + "/{id}", title: served.record.title, summary: served.record.summary,
            formats: served.formats,
            answer: .query { try RouteQueries.record($0, of: collection, noun: noun) },
            common: CommonParameter.data + [.fields],
            pathParameter: PathParameter(
                name: "id", summary: "A record id as \(path) lists it, e.g. \(served.record.example).",
                values: { RouteQueries.recordIDs(of: collection, in: $0) },
                listedBy: "GET \(path) lists the records and their ids; GET /v1/search?q= finds them by words."),
            schema: .record, example: path + "/" + served.record.example)
    }

    /// An operations route: no store data, no query parameters, no negotiation.
    package static func operations(
        _ template: String, title: String, summary: String, formats: [Format], schema: Schema
    ) -> Endpoint {
        Endpoint(
            template: template, title: title, summary: summary, formats: formats, answer: .operations, common: [],
            schema: schema, example: template)
    }
}
