import SpecStore

/// The answers of data routes that are more than one store query (each route's query is in its
/// declaration, `Endpoints.swift`), and the store's errors as the client sees them.
enum Answers {
    /// The platforms that have a Dynamic Type table, and so a token file per category.
    static let tokenPlatforms = ["ios", "ipados", "watchos"]

    /// Answers a GET on a data route; returns the content and the store version that answered.
    static func content(
        store: SpecStore, route: Route, parameter: String?, filters: [String: String], options: RequestOptions
    ) throws(APIError) -> (Content, String) {
        guard case .query(let query) = route.endpoint.answer else {
            return (.document([:], rows: []), store.versions.last?.id ?? "")
        }
        do {
            let snapshot = try store.snapshot(version: options.version)
            let request = AnswerRequest(
                store: store, snapshot: snapshot, pathValue: parameter, filters: filters, options: options)
            return (try paged(query(request), store: store, route: route, options: options), snapshot.version.id)
        } catch let error as QueryError {
            if let (empty, version) = emptyAnswerForOlderVersion(error, store: store, route: route, options: options) {
                return (try paged(empty, store: store, route: route, options: options), version)
            }
            throw APIError(error, route: route)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(status: 400, code: "bad_request", message: "\(error)", hint: "See /openapi.json.")
        }
    }

    /// A collection route's rows as the page `limit`, `offset`, `sort` and `fields` ask for, with
    /// the total; other routes' content as it is.
    private static func paged(_ content: Content, store: SpecStore, route: Route, options: RequestOptions)
        throws(APIError) -> Content
    {
        guard route.endpoint.selectsRows, case .collection(let result) = content else { return content }
        return .page(
            try options.rows.apply(
                to: result, catalogue: { FieldCatalogue.of(route, store: store) },
                defaultLimit: route.endpoint.defaultLimit))
    }

    /// `GET /v1/search?q=`: without paging or order, the best ``SpecSnapshot/searchLimit`` hits
    /// (and the note saying how many matched) as before, with the true total; with them, every
    /// hit, for the selection to order and page.
    @Sendable static func search(_ request: AnswerRequest) throws -> Content {
        let query = try SearchQuery(parameters: request.filters)
        guard request.options.rows.isEmpty else {
            return .collection(try request.snapshot.search(query, limit: .max).result)
        }
        let (result, total) = try request.snapshot.search(query, limit: SpecSnapshot.searchLimit)
        return .page(Page(result: result, total: total, offset: 0, limit: SpecSnapshot.searchLimit))
    }

    /// `GET /v1/{collection}/{id}`: the row of `collection` with that id, as the collection lists
    /// it. The id may also be given without its collection's prefix (`rules/tab-bars.…`), and a
    /// record the collection lists in parts (a size class, one row per orientation) answers with
    /// the record whole.
    static func record(_ request: AnswerRequest, of collection: Route, noun: String) throws -> Content {
        let id = request.pathValue ?? ""
        let rows = try unfilteredRows(of: collection, in: request.snapshot)
        let prefix = rows.first?["id"]?.stringValue.flatMap { $0.split(separator: ".").first }.map { $0 + "." } ?? ""
        let candidates = id.hasPrefix(prefix) ? [id] : [id, prefix + id]
        for candidate in candidates {
            if let row = rows.first(where: { $0["id"]?.stringValue == candidate }) {
                return .record(RecordResult(item: row))
            }
        }
        for candidate in candidates where !prefix.isEmpty && candidate.hasPrefix(prefix) {
            if let record = request.snapshot.record(id: candidate) { return .record(RecordResult(item: record)) }
        }
        throw QueryError(
            code: .notFound, parameter: "id", value: id, message: "No \(noun) '\(id)' in version \(request.version).")
    }

    /// The ids of `collection`'s unfiltered rows in `snapshot`: the values of its record route.
    static func recordIDs(of collection: Route, in snapshot: SpecSnapshot) -> [String] {
        ((try? unfilteredRows(of: collection, in: snapshot)) ?? []).compactMap { $0["id"]?.stringValue }
    }

    /// Every row of a collection in `snapshot`, as its route lists them unfiltered.
    private static func unfilteredRows(of collection: Route, in snapshot: SpecSnapshot) throws(QueryError)
        -> [JSONValue]
    {
        switch collection {
        case .devices: try snapshot.devices(matching: DeviceFilter()).items
        case .sizeClasses: try snapshot.sizeClasses(matching: SizeClassFilter()).items
        case .widgets: try snapshot.widgets(matching: WidgetFilter()).items
        case .widgetFamilies: try snapshot.widgetFamilies(matching: WidgetFamilyFilter()).items
        case .dynamicType: try snapshot.dynamicType(matching: DynamicTypeFilter()).items
        case .textStyles: try snapshot.textStyles(matching: TextStyleFilter()).items
        case .tracking: try snapshot.tracking(matching: TrackingFilter()).items
        case .metrics: try snapshot.metrics(matching: MetricFilter()).items
        case .rules: try snapshot.rules(matching: RuleFilter()).items
        case .myths: try snapshot.myths(matching: MythFilter()).items
        default: []
        }
    }

    /// `GET /v1/diff?from=&to=`.
    @Sendable static func diff(_ request: AnswerRequest) throws -> Content {
        let store = request.store
        guard let from = request.filters["from"], let to = request.filters["to"] else {
            throw APIError(
                status: 400, code: "missing_parameter", message: "diff needs both from= and to=.",
                hint: "Known versions: \(store.versions.map(\.id).joined(separator: ", ")).")
        }
        return .diff(try store.diff(from: from, to: to))
    }

    /// `GET /v1/tokens/metrics`.
    @Sendable static func metricTokens(_ request: AnswerRequest) throws -> Content {
        let rows = try request.snapshot.metrics(matching: MetricFilter()).items
        let document = DesignTokens.metrics(rows: rows, version: request.version, flat: request.options.flat)
        return .document(document, rows: rows)
    }

    /// `GET /v1/tokens/dynamic-type/{category}`.
    @Sendable static func dynamicTypeTokens(_ request: AnswerRequest) throws -> Content {
        let category = try canonical(request.pathValue ?? "", among: FilterVocabulary.categories, name: "category")
        let platform = try canonical(request.filters["platform"] ?? "ios", among: tokenPlatforms, name: "platform")
        let rows = try request.snapshot.dynamicType(matching: DynamicTypeFilter(platform: Platform(rawValue: platform)))
            .items
        let document = DesignTokens.dynamicType(
            rows: rows, category: category, platform: platform, version: request.version, flat: request.options.flat)
        return .document(document, rows: rows.filter { $0["category"]?.stringValue == category })
    }

    /// A value drawn from the data (a topic, a style, a device) that the latest version knows but a
    /// pinned older version lacks matches nothing there: an empty answer that says so, not a 400,
    /// so one URL stays valid across versions.
    private static func emptyAnswerForOlderVersion(
        _ error: QueryError, store: SpecStore, route: Route, options: RequestOptions
    ) -> (Content, String)? {
        guard error.code == .unknownValue, let version = options.version, let name = error.parameter,
            let value = error.value, let snapshot = try? store.snapshot(version: version),
            let filter = route.endpoint.filters.first(where: { $0.name == name }),
            case .filter(.vocabulary(let kind)) = filter.value
        else { return nil }
        let key = FilterVocabulary.matchKey(value)
        guard store.latest.acceptedValues(for: kind).contains(where: { FilterVocabulary.matchKey($0) == key }) else {
            return nil
        }
        let note = "Version \(snapshot.version.id) has no record with \(name) '\(value)'; later versions do."
        return (.collection(QueryResult(items: [], notes: [note])), snapshot.version.id)
    }

    /// The most measurements one `POST /v1/check` judges.
    static let maxMeasurements = 1000

    /// Judges a POST body: a JSON array of measurements.
    static func check(store: SpecStore, body: [UInt8], version: String?) throws(APIError) -> Content {
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(body)
        } catch {
            throw APIError(
                status: 400, code: "bad_body", message: "The body is not JSON: \(error).",
                hint: "Send a JSON array of {\"figure\", \"value\"} or {\"figure\", \"width\", \"height\"} objects.")
        }
        guard let elements = parsed.arrayValue else {
            throw APIError(
                status: 400, code: "bad_body", message: "The body is a JSON \(parsed.typeName), not an array.",
                hint: "Send a JSON array of {\"figure\", \"value\"} or {\"figure\", \"width\", \"height\"} objects.")
        }
        // The bound the OpenAPI document states: a frame's measurements, not a bulk channel.
        guard elements.count <= maxMeasurements else {
            throw APIError(
                status: 400, code: "bad_body",
                message:
                    "The body holds \(elements.count) measurements; at most \(maxMeasurements) are judged at once.",
                hint: "Split the measurements into requests of \(maxMeasurements) or fewer.")
        }
        do {
            let snapshot = try store.snapshot(version: version)
            var measurements: [Measurement] = []
            for element in elements { measurements.append(try Measurement(json: element)) }
            return .collection(snapshot.check(all: measurements, describingErrorsWith: APIError.itemJSON))
        } catch {
            throw APIError(error)
        }
    }

    private static func canonical(_ raw: String, among values: [String], name: String) throws(APIError) -> String {
        let key = FilterVocabulary.matchKey(raw)
        if let value = values.first(where: { FilterVocabulary.matchKey($0) == key }) { return value }
        if name == "category", let value = FilterVocabulary.canonical(raw, in: .category) { return value }
        throw APIError.unknownValue(name, raw, accepted: values)
    }
}
