import JSON
import SpecFormats
import SpecStore

/// The answers of data routes that are more than one store query (each route's query is in its
/// declaration, `Endpoints.swift`), and the store's errors as the client sees them.
package enum RouteQueries {
    /// The platforms that have a Dynamic Type table, and so a token file per category.
    package static let tokenPlatforms = ["ios", "ipados", "watchos"]

    /// Answers a GET on a data route; returns the content and the snapshot that answered, read
    /// once for the request (a page around the table reads the same one).
    ///
    /// - Parameters:
    ///   - decoded: the route's store filter decoded from `filters`, or the error decoding gave
    ///     (thrown where the route's query reads the filter); `nil` to decode `filters` there.
    ///   - snapshot: the snapshot `options.version` names, when the caller holds it already (a
    ///     page's counts, asking the store once per choice); read from the store otherwise.
    ///   - catalogues: the store's field catalogues, made once (``FieldCatalogues``).
    ///   - explainsEmpty: whether an empty collection answer gets its note (the filters' near
    ///     misses); a page's counts read only how many rows there are, and leave it out.
    package static func content(
        store: SpecStore, route: Route, parameter: String?, filters: [String: String],
        decoded: Result<any DeclaredFilter, QueryError>? = nil, options: RequestOptions,
        snapshot held: SpecSnapshot? = nil, catalogues: FieldCatalogues? = nil, explainsEmpty: Bool = true
    ) throws(APIError) -> (content: AnswerContent, snapshot: SpecSnapshot) {
        let catalogues = catalogues ?? FieldCatalogues(store: store)
        guard case .query(let query) = route.endpoint.answer else {
            return (.document([:], rows: []), store.latest)
        }
        let snapshot: SpecSnapshot
        if let held {
            snapshot = held
        } else {
            snapshot = try resolved(store, version: options.version, route: route)
        }
        do {
            let request = AnswerRequest(
                store: store, snapshot: snapshot, pathValue: parameter, filters: filters, decoded: decoded,
                options: options)
            // Unfiltered rows of the latest version, in the route's own order, are made once per
            // store; a search's answer depends on its paging, so it is always asked.
            let unfiltered = filters.isEmpty && options.words == nil && parameter == nil && snapshot.isLatest
            var content: AnswerContent
            if unfiltered, route.endpoint.selectsRows, route != .search,
                let result = catalogues.unfilteredResult(of: route)
            {
                content = .collection(result)
            } else {
                content = try query(request)
            }
            // `q=` narrows a collection's rows to those whose records match the words, best first.
            // The narrowed rows are kept for the search's other pages.
            if let words = options.words, let type = route.endpoint.recordType, case .collection(let result) = content {
                let key = FieldCatalogues.key(
                    route: route, version: snapshot.version.id, parameter: parameter, words: words, filters: filters)
                content = .collection(
                    catalogues.wordRows(for: key) { snapshot.rows(of: result, type: type, matching: words) })
            }
            // An empty collection answer always says why: where the store's query
            // gave no reason, the filters and their near misses do.
            if explainsEmpty, route.endpoint.selectsRows, case .collection(let result) = content, result.isEmpty,
                result.notes.isEmpty,
                let note = EmptyAnswerNote.note(route: route, request: request, query: query)
            {
                content = .collection(QueryResult(items: [], notes: [note]))
            }
            // Rows of a version's query, filtered or not, take their order by a field from the
            // version's, made once; `q=` rows come best first, so they are sorted.
            let keptOrder = options.words == nil && parameter == nil
            return (
                try paged(
                    content, route: route, options: options, catalogues: catalogues,
                    orderFrom: keptOrder ? snapshot : nil, unfiltered: unfiltered),
                snapshot
            )
        } catch let error as QueryError {
            if let empty = emptyAnswerForOlderVersion(
                error, store: store, route: route, options: options, snapshot: snapshot)
            {
                return (try paged(empty, route: route, options: options, catalogues: catalogues), snapshot)
            }
            throw APIError(unknownRecord(error, route: route), route: route)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(status: 400, code: "bad_request", message: "\(error)", hint: "See /openapi.json.")
        }
    }

    /// The snapshot `version` names (the latest when `nil`); an unknown version is the `404`
    /// listing the known ones.
    private static func resolved(_ store: SpecStore, version: String?, route: Route) throws(APIError) -> SpecSnapshot {
        do {
            return try store.snapshot(version: version)
        } catch {
            throw APIError(error, route: route)
        }
    }

    /// A collection route's rows as the page `limit`, `offset`, `sort` and `fields` ask for, with
    /// the total; a record trimmed to `fields`; other routes' content as it is.
    private static func paged(
        _ content: AnswerContent, route: Route, options: RequestOptions, catalogues: FieldCatalogues,
        orderFrom snapshot: SpecSnapshot? = nil, unfiltered: Bool = false
    ) throws(APIError) -> AnswerContent {
        if case .record(let result) = content, options.rows.fields != nil {
            return .record(
                try options.rows.trim(result, catalogue: { catalogues[route] }))
        }
        guard route.endpoint.selectsRows, case .collection(let result) = content else { return content }
        return .page(
            try options.rows.apply(
                to: result, catalogue: { catalogues[route] }, defaultLimit: route.endpoint.defaultLimit,
                order: snapshot.map { snapshot in
                    { catalogues.order(of: route, in: snapshot, by: $0, descending: $1) }
                },
                unfiltered: unfiltered))
    }

    /// `GET /v1/search?q=`: without paging or order, the best ``SpecSnapshot/searchLimit`` hits
    /// (and the note saying how many matched) as before, with the true total; with an order or
    /// fields, every hit, for the selection to order, page and trim; with a page alone, only
    /// that page's hits, as a never-seen search should not pay for snippets it does not show.
    @Sendable package static func search(_ request: AnswerRequest) throws -> AnswerContent {
        let query = try request.filter(SearchQuery.self)
        let rows = request.options.rows
        if rows.sort == nil, rows.fields == nil, !rows.isEmpty {
            let limit = rows.limit ?? SpecSnapshot.searchLimit
            let (result, total) = try request.snapshot.search(
                query, limit: limit, offset: rows.offset, notingMore: false)
            return .page(Page(result: result, total: total, offset: rows.offset, limit: limit))
        }
        guard rows.isEmpty else {
            return .collection(try request.snapshot.search(query, limit: .max).result)
        }
        let (result, total) = try request.snapshot.search(query, limit: SpecSnapshot.searchLimit)
        return .page(Page(result: result, total: total, offset: 0, limit: SpecSnapshot.searchLimit))
    }

    /// `GET /v1/{collection}/{id}`: the row of `collection` with that id, as the collection lists
    /// it. The id may also be given without its collection's prefix (`rules/tab-bars.…`), and a
    /// record the collection lists in parts (a size class, one row per orientation) answers with
    /// the record whole.
    package static func record(_ request: AnswerRequest, of collection: SpecCollection, noun: String) throws
        -> AnswerContent
    {
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
            code: .notFound, parameter: "id", value: id, accepted: rows.compactMap { $0["id"]?.stringValue },
            message: "No \(noun) '\(id)' in version \(request.version).")
    }

    /// `GET /v1/devices/{id}/profile`: everything the store holds for one device in one answer.
    ///
    /// The device's row as `/v1/devices/{id}` answers it (screen points and pixels, scale), then
    /// `widgets` (Apple's widget rows for its screen or case size; where the table has none, the
    /// rows of the nearest published screen or case size, named in `nearest` and in a note saying
    /// they are not the device's own), `sizeClassRows` (its rows of `/v1/size-classes`, one per
    /// orientation) and `layout` (the `layout` and `controls` metrics of its platforms). Every row
    /// keeps its status and citations; the embedded rows and the device leave out their notes and
    /// provenance (``RowLead/lead(_:)``), which each row's id reads whole. Each embedded
    /// list is `{"count", "items", "notes"}`, its notes saying why it is empty.
    @Sendable package static func deviceProfile(_ request: AnswerRequest) throws -> AnswerContent {
        let snapshot = request.snapshot
        let device = try snapshot.device(id: request.pathValue ?? "")
        let id = device.item["id"]?.stringValue ?? ""
        let sizeClasses = try snapshot.sizeClasses(matching: SizeClassFilter(device: id))
        // The union of the device's platforms' layout and control figures, each once, in the
        // store's order.
        var layoutRows: [JSONValue] = []
        var seen: Set<String> = []
        for name in device.item["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            guard let platform = Platform(rawValue: name) else { continue }
            for topic in ["layout", "controls"] {
                let rows = try snapshot.metrics(matching: MetricFilter(platform: platform, topic: topic))
                for row in rows.items where seen.insert(row["id"]?.stringValue ?? "").inserted {
                    layoutRows.append(row)
                }
            }
        }
        let layoutNotes: [Note] =
            layoutRows.isEmpty
            ? [
                Note(
                    "The store holds no layout or control figure for this device's platforms in version \(snapshot.version.id)."
                )
            ] : []
        // What an embedded row repeats of the profile (its device, its screen, its topic's list)
        // is left out with the detail.
        func envelope(_ rows: [JSONValue], _ notes: [Note], nearest: String? = nil, repeating: Set<String>)
            -> JSONValue
        {
            var object = JSONObject([("count", JSONValue(integerLiteral: rows.count))])
            if let nearest { object.append("nearest", .string(nearest)) }
            let items = rows.map { row -> JSONValue in
                guard case .object(var lead) = RowLead.lead(row) else { return row }
                for key in repeating { lead[key] = nil }
                return .object(lead)
            }
            object.append("items", .array(items))
            object.append("notes", .array(notes.map { .string(NoteWording.text($0)) }))
            return .object(object)
        }
        var widgets = envelope(device.widgets.items, device.widgets.notes, repeating: ["screen", "caseSize"])
        if device.widgets.items.isEmpty, let (rows, nearest) = snapshot.nearestWidgets(deviceID: id) {
            let note = Note(
                "These rows are the nearest published \(nearest.hasSuffix("mm") ? "case size" : "screen")'s (\(nearest)), not this device's own."
            )
            widgets = envelope(
                rows, device.widgets.notes + [note], nearest: nearest, repeating: ["screen", "caseSize"])
        }
        let record = device.record
        guard case .object(var object) = RowLead.lead(record.item) else { return .record(record) }
        // The device's own widgets member is replaced by the profile's.
        object["widgets"] = nil
        object.append("widgets", widgets)
        object.append(
            "sizeClassRows", envelope(sizeClasses.items, sizeClasses.notes, repeating: ["device", "devices"]))
        object.append("layout", envelope(layoutRows, layoutNotes, repeating: []))
        // The widget notes are said once, in widgets.
        let notes = record.notes.filter { !device.widgets.notes.contains($0) }
        return .record(RecordResult(item: .object(object), notes: notes))
    }

    /// The ids of `collection`'s unfiltered rows in `snapshot`: the values of its record route.
    package static func recordIDs(of collection: SpecCollection, in snapshot: SpecSnapshot) -> [String] {
        ((try? unfilteredRows(of: collection, in: snapshot)) ?? []).compactMap { $0["id"]?.stringValue }
    }

    /// Every row of a collection in `snapshot`, as its route lists them unfiltered (its entry's
    /// query, ``ServedCollection/everyRow``).
    private static func unfilteredRows(of collection: SpecCollection, in snapshot: SpecSnapshot) throws -> [JSONValue] {
        try ServedCollection.of(collection).everyRow(snapshot).items
    }

    /// `GET /v1/diff?from=&to=&type=&kind=`: `to` defaults to the latest version, and `latest`
    /// names it in either place; `type` keeps one record type's rows, `kind` one kind of change.
    /// An empty answer says why: no change at all between the two versions, or how many rows
    /// the filters left out.
    @Sendable package static func diff(_ request: AnswerRequest) throws -> AnswerContent {
        let store = request.store
        let latest = store.versions.last?.id ?? ""
        guard let from = request.filters["from"] else {
            throw APIError(
                status: 400, code: "missing_parameter",
                message: "diff needs from= (without to= it compares with the latest version).",
                hint: "Known versions: \(store.versions.map(\.id).joined(separator: ", ")), or latest.",
                parameter: "from")
        }
        func resolved(_ name: String) -> String {
            name.lowercased() == RequestOptions.latestVersionName ? latest : name
        }
        let whole = try store.diff(from: resolved(from), to: resolved(request.filters["to"] ?? latest))
        let type = try request.filters["type"].map { try canonical($0, among: diffTypes(store), name: "type") }
        let changesOnly = request.filters["kind"].map { FilterVocabulary.matchKey($0) == DiffKind.changesOnly } ?? false
        let kind = try request.filters["kind"].flatMap { raw -> DiffKind? in
            if changesOnly { return nil }
            guard let kind = DiffKind(spelling: raw) else {
                throw APIError.unknownValue(
                    "kind", raw, accepted: DiffKind.allCases.map(\.rawValue) + [DiffKind.changesOnly])
            }
            return kind
        }
        var kept = DiffKind.filter(whole, type: type, kind: kind)
        if changesOnly {
            kept = DiffResult(
                from: kept.from, to: kept.to, added: kept.added, removed: kept.removed, changed: kept.changed,
                firstSeen: [])
        }
        return .diff(kept, notes: DiffKind.notes(whole: whole, kept: kept, type: type, kind: kind))
    }

    /// The record types a diff row can have, as the store names them.
    package static func diffTypes(_ store: SpecStore) -> [String] {
        RecordType.spellings
    }

    /// `GET /v1/tokens/metrics`, filtered as `/v1/metrics` is.
    @Sendable package static func metricTokens(_ request: AnswerRequest) throws -> AnswerContent {
        let rows = try request.snapshot.metrics(matching: request.filter(MetricFilter.self)).items
        var document = DesignTokens.metrics(
            rows: rows, version: request.version, flat: request.options.flat, filters: request.filters)
        // An empty token file says why, as the metrics route would: in the file's provenance
        // and in the Spec-Note fields.
        guard rows.isEmpty, case .query(let metrics) = Route.collection(.metrics).endpoint.answer,
            let note = EmptyAnswerNote.note(route: .collection(.metrics), request: request, query: metrics)
        else { return .document(document, rows: rows) }
        let text = NoteWording.text(note)
        if case .object(var root) = document, case .object(var extensions)? = root["$extensions"],
            case .object(var provenance)? = extensions["org.hig-spec"]
        {
            provenance["notes"] = [.string(text)]
            extensions["org.hig-spec"] = .object(provenance)
            root["$extensions"] = .object(extensions)
            document = .object(root)
        }
        return .document(document, rows: rows, notes: [text])
    }

    /// `GET /v1/tokens/dynamic-type/{category}`: `404 not_published` for a category the platform
    /// has no published sizes for, never an empty file (an empty Figma mode).
    @Sendable package static func dynamicTypeTokens(_ request: AnswerRequest) throws -> AnswerContent {
        let category = try canonical(request.pathValue ?? "", among: FilterVocabulary.categories, name: "category")
        let platform = try canonical(request.filters["platform"] ?? "ios", among: tokenPlatforms, name: "platform")
        let rows = try dynamicTypeRows(request.snapshot, platform: platform)
        let published = publishedCategories(rows)
        guard published.contains(category) else {
            throw APIError(
                status: 404, code: "not_published",
                message:
                    "Apple publishes no \(platform) Dynamic Type sizes for category \(category), so there is no token file (no mode) for it.",
                hint: "The \(platform) categories with published sizes: \(published.joined(separator: ", ")).",
                parameter: "category")
        }
        let document = DesignTokens.dynamicType(
            rows: rows, tracking: trackingRows(request.snapshot, platform: platform), category: category,
            platform: platform, version: request.version, flat: request.options.flat)
        return .document(document, rows: rows.filter { $0["category"]?.stringValue == category })
    }

    /// `GET /v1/tokens/tokens-studio`: every category with published sizes as a Tokens Studio set.
    @Sendable package static func tokensStudio(_ request: AnswerRequest) throws -> AnswerContent {
        let platform = try canonical(request.filters["platform"] ?? "ios", among: tokenPlatforms, name: "platform")
        let rows = try dynamicTypeRows(request.snapshot, platform: platform)
        let tracking = trackingRows(request.snapshot, platform: platform)
        let published = publishedCategories(rows)
        let files = published.map { category in
            (
                category,
                DesignTokens.dynamicType(
                    rows: rows, tracking: tracking, category: category, platform: platform,
                    version: request.version, flat: request.options.flat)
            )
        }
        let platformTerm = Platform(matching: platform)
        let colorRows = try request.snapshot.colors(matching: ColorFilter(platform: platformTerm)).items
        let colors = ColorAppearance.allCases.map { appearance in
            (
                appearance.rawValue,
                ColorTokens.file(rows: colorRows, appearance: appearance, platform: platform, version: request.version)
            )
        }
        let document = TokensStudio.document(
            files: files, absent: FilterVocabulary.categories.filter { !published.contains($0) }, platform: platform,
            version: request.version, colors: colors)
        return .document(document, rows: rows)
    }

    /// `GET /v1/tokens/colors/{appearance}`: the colors of one version (and platform) in one
    /// appearance; every file of a version has the same tokens.
    @Sendable package static func colorTokens(_ request: AnswerRequest) throws -> AnswerContent {
        let raw = request.pathValue ?? ""
        guard let appearance = ColorAppearance(matching: raw) else {
            throw APIError.unknownValue("appearance", raw, accepted: FilterVocabulary.appearances)
        }
        let platform = try request.filters["platform"].map { raw throws(APIError) -> Platform in
            guard let platform = Platform(matching: raw) else {
                throw APIError.unknownValue("platform", raw, accepted: FilterVocabulary.platforms)
            }
            return platform
        }
        let rows = try request.snapshot.colors(matching: ColorFilter(platform: platform)).items
        let document = ColorTokens.file(
            rows: rows, appearance: appearance, platform: platform?.rawValue, version: request.version)
        return .document(document, rows: ColorTokens.partition(rows).kept)
    }

    /// `GET /v1/tokens/text-styles`: the platforms without Dynamic Type.
    @Sendable package static func textStyleTokens(_ request: AnswerRequest) throws -> AnswerContent {
        let available = textStylePlatforms(request.snapshot)
        let platforms =
            try request.filters["platform"].map { raw throws(APIError) in
                [try canonical(raw, among: available, name: "platform")]
            } ?? available
        let rows = try request.snapshot.textStyles(matching: TextStyleFilter()).items
        let tracking = platforms.flatMap { trackingRows(request.snapshot, platform: $0) }
        let document = DesignTokens.textStyles(
            rows: rows, tracking: tracking, platforms: platforms, version: request.version, flat: request.options.flat)
        return .document(document, rows: rows)
    }

    /// `GET /v1/check`: one measurement, answered as one item of a batch (``CheckBatch``).
    @Sendable package static func check(_ request: AnswerRequest) throws -> AnswerContent {
        var parameters = request.filters
        let embed = try CheckBatch.embedsFigure(parameters.removeValue(forKey: CheckBatch.embedParameter))
        if ComplicationCheck.isComplication(parameters) {
            let row = try ComplicationCheck.judge(parameters: parameters, snapshot: request.snapshot, embed: embed)
            return .collection(QueryResult(items: [row]))
        }
        if ContrastCheck.isContrast(parameters) {
            let row = try ContrastCheck.judge(parameters: parameters, snapshot: request.snapshot, embed: embed)
            return .collection(QueryResult(items: [row]))
        }
        let row = try CheckBatch.judge(parameters: parameters, snapshot: request.snapshot, embed: embed)
        return .collection(QueryResult(items: [row]))
    }

    /// The platforms with a text-style table (and no Dynamic Type table), in the latest version.
    package static let textStylePlatforms = ["macos", "tvos"]

    /// The platforms with text-style rows in `snapshot`, in ``textStylePlatforms`` order.
    private static func textStylePlatforms(_ snapshot: SpecSnapshot) -> [String] {
        let rows = (try? snapshot.textStyles(matching: TextStyleFilter()).items) ?? []
        let present = Set(rows.flatMap { $0["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? [] })
        return textStylePlatforms.filter(present.contains)
    }

    private static func dynamicTypeRows(_ snapshot: SpecSnapshot, platform: String) throws -> [JSONValue] {
        try snapshot.dynamicType(matching: DynamicTypeFilter(platform: Platform(rawValue: platform))).items
    }

    /// The categories, in Apple's order, that have at least one published row.
    private static func publishedCategories(_ rows: [JSONValue]) -> [String] {
        let present = Set(rows.compactMap { $0["category"]?.stringValue })
        return FilterVocabulary.categories.filter(present.contains)
    }

    /// Apple's tracking rows for a platform; none in a version before the table entered the store.
    private static func trackingRows(_ snapshot: SpecSnapshot, platform: String) -> [JSONValue] {
        (try? snapshot.tracking(matching: TrackingFilter(platform: Platform(rawValue: platform))).items) ?? []
    }

    /// A value drawn from the data (a topic, a style, a device) that the latest version knows but a
    /// pinned older version lacks matches nothing there: an empty answer that says so, not a 400,
    /// so one URL stays valid across versions.
    private static func emptyAnswerForOlderVersion(
        _ error: QueryError, store: SpecStore, route: Route, options: RequestOptions, snapshot: SpecSnapshot
    ) -> AnswerContent? {
        guard error.code == .unknownValue, options.version != nil, let name = error.parameter, let value = error.value,
            let filter = route.endpoint.filters.first(where: { $0.name == name }),
            case .filter(.vocabulary(let kind)) = filter.value
        else { return nil }
        let key = FilterVocabulary.matchKey(value)
        guard store.latest.acceptedValues(for: kind).contains(where: { FilterVocabulary.matchKey($0) == key }) else {
            return nil
        }
        let note: Note = "Version \(snapshot.version.id) has no record with \(name) '\(value)'; later versions do."
        return .collection(QueryResult(items: [], notes: [note]))
    }

    /// A filter that names a record (`device`) takes a pattern, not today's ids (issue 12), so a
    /// well-formed name the store lacks is a request that finds nothing: a `404` like an unknown
    /// version or record id, still naming the parameter and listing the known ids.
    private static func unknownRecord(_ error: QueryError, route: Route) -> QueryError {
        guard error.code == .unknownValue, let name = error.parameter,
            let filter = route.endpoint.filters.first(where: { $0.name == name }),
            case .filter(.vocabulary(.device)) = filter.value
        else { return error }
        return QueryError(
            code: .notFound, parameter: name, value: error.value, accepted: error.accepted, message: error.message,
            hint: error.hint)
    }

    /// The most measurements one `POST /v1/check` judges.
    package static let maxMeasurements = 1000

    /// Judges a POST body: a JSON array of measurements (``CheckBatch``).
    package static func check(store: SpecStore, body: [UInt8], version: String?, embed: Bool) throws(APIError)
        -> AnswerContent
    {
        let snapshot: SpecSnapshot
        do {
            snapshot = try store.snapshot(version: version)
        } catch {
            throw APIError(error)
        }
        return .collection(try CheckBatch.judge(body: body, snapshot: snapshot, embed: embed, limit: maxMeasurements))
    }

    private static func canonical(_ raw: String, among values: [String], name: String) throws(APIError) -> String {
        let key = FilterVocabulary.matchKey(raw)
        if let value = values.first(where: { FilterVocabulary.matchKey($0) == key }) { return value }
        if name == "category", let value = FilterVocabulary.canonical(raw, in: .category) { return value }
        throw APIError.unknownValue(name, raw, accepted: values)
    }
}
