import SpecFormats
import SpecStore

/// Everything the server knows about one route, declared once (see `Endpoints.swift`).
///
/// Routing, parameter validation, the index page, the OpenAPI document, the prebuilt
/// representations, the metric labels and the tests' route lists all read these declarations;
/// nothing else lists routes. A new route is a ``Route`` case, its declaration, its query and
/// its tests (CONTRIBUTING.md).
package struct Endpoint: Sendable {
    /// The path as OpenAPI and the metrics write it: `/v1/devices/{id}`. At most one `{name}`
    /// placeholder, a whole segment (`/v1/devices/{id}/profile`).
    package var template: String
    /// A heading for the Markdown and HTML forms.
    package var title: String
    /// One line for the index page and the OpenAPI operation's summary.
    package var summary: String
    /// The path as the index page lists it, when it differs from the template (`/v1/search?q=`).
    package var listing: String?
    /// The formats the route produces, the default first; empty for a route that negotiates none.
    package var formats: [Format]
    /// What answers a GET (and HEAD).
    package var answer: Answer
    /// The route's own query parameters, besides the common ones.
    package var filters: [Parameter] = []
    /// The store filter those parameters decode into, when they are one: decoded once per
    /// request, before the answer cache is asked, which keys the answer by its canonical values
    /// (``DeclaredFilter/canonicalParameters``).
    package var filter: (any DeclaredFilter.Type)? = nil
    /// The common parameters the route accepts (API.md §1; a collection route adds
    /// ``CommonParameter/rows``, API.md §6).
    package var common: [CommonParameter] = CommonParameter.data
    /// The templated path segment, if the template has one.
    package var pathParameter: PathParameter?
    /// Whether a `POST` with a JSON body is answered too (``RouteQueries/check(store:body:version:)``).
    package var acceptsPost = false
    /// Which representations are built before any request asks for them.
    package var prebuilt = Prebuilt.none
    /// The JSON schema of the `200` JSON body in the OpenAPI document.
    package var schema = Schema.envelope
    /// A request that answers `200`, for the tests that walk every route.
    package var example: String?
    /// The fields of the route's rows when its unfiltered answer cannot list them (a search
    /// needs words): what `sort` and `fields` accept.
    package var rowFields: [String]? = nil
    /// The page size of a collection route when `limit` is absent; `nil` for every row.
    package var defaultLimit: Int? = nil
    /// The record type of a collection route's rows, which `q=` searches among (``CommonParameter/q``);
    /// `nil` for a route whose rows are no store records' (search results, versions, checks).
    package var recordType: RecordType? = nil
    /// The MCP tool that answers as this route does (`POST /mcp`, `spec-server mcp`), if any: its
    /// arguments are the route's parameters and its result the route's JSON (``MCPCatalogue``).
    package var tool: Tool? = nil

    /// An MCP tool mirroring a route: the name and words an agent chooses it by.
    package struct Tool: Sendable {
        /// The tool's name, `[a-z_]+` (`list_devices`).
        package var name: String
        /// A short human-readable title.
        package var title: String
        /// What the tool answers, for the model that picks it.
        package var description: String
        /// Where its arguments go.
        package var input = Input.query

        /// How a tool call becomes a request of the route.
        package enum Input: Sendable {
            /// Each argument is a query parameter of the route's `GET`.
            case query
            /// `items` is the `POST` body (a JSON array); the other arguments are query parameters.
            case postBody
        }

        /// The tool of a collection route: `list_` and the path's last segment (`/v1/size-classes`
        /// gives `list_size_classes`).
        package static func listing(template: String, title: String, summary: String, words: Bool = false) -> Tool {
            let segment = template.split(separator: "/").last.map(String.init) ?? template
            // What every list_ tool shares (search for one fact, what fields and detail do) is
            // said once, in the server's instructions.
            let narrow =
                words ? "Filters, q (words), fields and limit shrink it." : "Filters, fields and limit shrink it."
            return Tool(
                name: "list_" + segment.replacing("-", with: "_"), title: title,
                description: "\(title): \(summary). \(narrow)")
        }
    }

    /// What answers a GET.
    package enum Answer: Sendable {
        /// Store data: runs against the snapshot `version=` names; carries `Spec-Version`.
        case query(@Sendable (AnswerRequest) throws -> AnswerContent)
        /// The index page (`GET /`).
        case index
        /// The OpenAPI document.
        case openAPI
        /// Liveness and readiness probes, and the Prometheus exposition: answered by
        /// the server without the store's answers.
        case operations
        /// The last background check of Apple's pages (`--watch-sources`): answered by
        /// the server from its source watch, not from the store.
        case sourceReport
    }

    /// A query parameter of a route.
    package struct Parameter: Sendable {
        package var name: String
        package var summary: String
        package var value: Value
        package var isRequired = false

        /// What the parameter accepts, as OpenAPI states it.
        package enum Value: Sendable {
            /// As the filter parameter describes it (``FilterParameter``).
            case filter(FilterParameter.Value)
            /// One of these values.
            case oneOf([String])
            /// A store version id.
            case storeVersion
            /// A metric id.
            case metricID
        }

        /// A store filter's query parameter (a declared ``FilterField``).
        package init(_ filter: FilterParameter) {
            self.init(
                name: filter.name, summary: filter.summary,
                value: filter.name == "figure" && filter.value == .text ? .metricID : .filter(filter.value),
                isRequired: filter.isRequired)
        }

        package init(name: String, summary: String, value: Value, isRequired: Bool = false) {
            self.name = name
            self.summary = summary
            self.value = value
            self.isRequired = isRequired
        }
    }

    /// The one `{name}` segment of a templated path, and the values it takes in a store.
    package struct PathParameter: Sendable {
        package var name: String
        package var summary: String
        /// Every value the latest snapshot answers for: the OpenAPI enum and the prebuilt representations.
        package var values: @Sendable (SpecSnapshot) -> [String]
        /// The hint of a `404` for a value the store does not know: where the values are listed.
        package var listedBy: String? = nil
    }

    /// Which representations are prepared for the fast path (each built by its first request), in
    /// every format the route produces.
    package enum Prebuilt: Sendable, Equatable {
        /// None: every answer is built on demand and cached.
        case none
        /// The unfiltered answer of the latest version.
        case latest
        /// The unfiltered answer of the latest version, and of each pinned version on first use.
        case everyVersion
        /// The answer for each value of the path parameter, latest version.
        case everyPathValue
    }

    /// The shape of the JSON body, for the OpenAPI document.
    package enum Schema: Sendable {
        /// `{"version", "count", "items", "notes"}`, or the bare array.
        case envelope
        /// `{"version", "item", "notes"}`, or a one-element array.
        case record
        /// `{"from", "to", "counts", "added", "removed", "changed"}`, or the rows.
        case diff
        /// A DTCG design tokens file.
        case designTokens
        /// The Tokens Studio single file: one token set per category, `$themes`, `$metadata`.
        case tokensStudio
        /// Any JSON object.
        case object
        /// `{"status"}`.
        case status
        /// Prometheus text.
        case prometheus
        /// The source check's report (``SourceReport``).
        case sourceReport
    }

    /// The path as the index page lists it.
    package var listedPath: String { listing ?? template }

    /// Whether the route answers with store data (and so takes `version=` and carries
    /// `Spec-Version`).
    package var servesData: Bool {
        if case .query = answer { return true }
        return false
    }

    /// The `Allow` field value.
    package var allow: String { acceptsPost ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS" }

    /// Whether the route pages, orders and trims its rows (`limit`, `offset`, `sort`, `fields`).
    package var selectsRows: Bool { common.contains(.limit) }

    /// Every query parameter name the route accepts: its filters, then the common ones.
    package var parameterNames: [String] { filters.map(\.name) + common.map(\.rawValue) }
}

/// What a data route's query gets: the store, the snapshot asked for, the path segment, the
/// route's own query parameters (the common ones removed) and the common options.
package struct AnswerRequest {
    package var store: SpecStore
    package var snapshot: SpecSnapshot
    /// The decoded `{id}` or `{category}` segment.
    package var pathValue: String?
    /// The route's own parameters: in their canonical spelling when the route has a store filter
    /// (what notes and pages echo), else as sent, in lower case. Changing them forgets
    /// ``decoded``.
    package var filters: [String: String] {
        didSet { decoded = nil }
    }
    /// The route's store filter as the request decoded it, or the error decoding gave, thrown
    /// where the query reads the filter; `nil` when ``filters`` are to be decoded when read.
    package var decoded: Result<any DeclaredFilter, QueryError>?
    package var options: RequestOptions

    package init(
        store: SpecStore, snapshot: SpecSnapshot, pathValue: String?, filters: [String: String],
        decoded: Result<any DeclaredFilter, QueryError>? = nil, options: RequestOptions
    ) {
        self.store = store
        self.snapshot = snapshot
        self.pathValue = pathValue
        self.filters = filters
        self.decoded = decoded
        self.options = options
    }

    /// The store version answering.
    package var version: String { snapshot.version.id }

    /// The route's store filter: as decoded before the cache was asked, or decoded from
    /// ``filters`` now (a note's or a count's query that changes them).
    package func filter<Filter: DeclaredFilter>(_ type: Filter.Type) throws(QueryError) -> Filter {
        if let decoded, let filter = try decoded.get() as? Filter { return filter }
        return try Filter(parameters: filters)
    }
}

/// The parameters data routes share, in the order the OpenAPI document and the hints list them:
/// the one list of them.
package enum CommonParameter: String, CaseIterable, Sendable {
    case version, format, shape, pretty, fragment, flat
    case limit, offset, sort, fields
    case q

    /// What every data route takes (API.md §1).
    package static let data: [CommonParameter] = [.version, .format, .shape, .pretty, .fragment, .flat]

    /// What a collection route takes besides: paging, order and field selection (API.md §6).
    package static let rows: [CommonParameter] = [.limit, .offset, .sort, .fields]

    /// What a collection of one record type takes besides: words that narrow its rows.
    package static let words: [CommonParameter] = [.q]

    /// One sentence for the OpenAPI document.
    package var summary: String {
        switch self {
        case .version:
            "Pins the answer to a store version (then cacheable forever); the latest answers without it or with latest. An unknown version is a 404 listing the known ones."
        case .format: "The representation; overrides Accept."
        case .shape: "array returns the bare items array instead of the envelope."
        case .pretty: "Indented JSON."
        case .fragment: "With format=html, only the table element."
        case .flat: "With tokens, unitless numbers instead of {value, unit} dimensions."
        case .limit:
            "At most this many rows (1 to \(RowSelection.maximumLimit)); all rows by default, or the best \(RowSelection.maximumLimit) of a search. A Link header names the next and previous pages."
        case .offset: "Skips this many rows first (0 by default); total in the envelope counts them all."
        case .sort:
            "Orders the rows by a field before paging: sort=field ascending, sort=-field descending. A nested field is named as the JSON nests it (points.width; the CSV column name points_width is accepted too). Numbers sort as numbers, text without regard to case; rows without the field come last; ties keep the route's order."
        case .fields:
            "Keeps only these fields of each row, comma-separated, in this order (a nested field as points.width keeps only that member)."
        case .q:
            "Words that narrow the rows, matched as /v1/search matches them (a designer's synonyms, a size such as 44x44 as one term) but among this collection's rows only: the matching rows, best first, each with its score. The other filters, sort and paging apply as well."
        }
    }
}
