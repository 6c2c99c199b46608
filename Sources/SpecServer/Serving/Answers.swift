import SpecStore

/// Where each data route meets the store: which filter type reads its parameters and which
/// query answers it.
enum Answers {
    /// The platforms that have a Dynamic Type table, and so a token file per category.
    static let tokenPlatforms = ["ios", "ipados", "watchos"]

    /// The filters a route defines, as the store describes them.
    static func filterParameters(_ route: Route) -> [FilterParameter] {
        switch route {
        case .devices: DeviceFilter.parameters
        case .sizeClasses: SizeClassFilter.parameters
        case .widgets: WidgetFilter.parameters
        case .dynamicType: DynamicTypeFilter.parameters
        case .textStyles: TextStyleFilter.parameters
        case .tracking: TrackingFilter.parameters
        case .metrics: MetricFilter.parameters
        case .rules: RuleFilter.parameters
        case .myths: MythFilter.parameters
        case .search: SearchQuery.parameters
        case .check: Measurement.parameters + [CheckBatch.embedParameter]
        case .diff:
            [
                FilterParameter(name: "from", summary: "The older store version.", value: .text, isRequired: true),
                FilterParameter(name: "to", summary: "The newer store version.", value: .text, isRequired: true),
            ]
        case .dynamicTypeTokens, .tokensStudio:
            [
                FilterParameter(
                    name: "platform", summary: tokenPlatforms.joined(separator: ", ") + "; ios by default.",
                    value: .vocabulary(.platform))
            ]
        case .metricTokens: MetricFilter.parameters
        case .textStyleTokens:
            [
                FilterParameter(
                    name: "platform",
                    summary:
                        "A platform with a text-style table (\(textStylePlatforms.joined(separator: ", "))); all of them by default.",
                    value: .vocabulary(.platform))
            ]
        default: []
        }
    }

    /// Answers a GET on a data route; returns the content and the store version that answered.
    static func content(
        store: SpecStore, route: Route, parameter: String?, filters: [String: String], options: RequestOptions
    ) throws(APIError) -> (Content, String) {
        do {
            let snapshot = try store.snapshot(version: options.version)
            let version = snapshot.version.id
            let content: Content
            switch route {
            case .devices: content = .collection(try snapshot.devices(matching: DeviceFilter(parameters: filters)))
            case .device: content = .record(try snapshot.device(id: parameter ?? ""))
            case .sizeClasses:
                content = .collection(try snapshot.sizeClasses(matching: SizeClassFilter(parameters: filters)))
            case .widgets: content = .collection(try snapshot.widgets(matching: WidgetFilter(parameters: filters)))
            case .dynamicType:
                content = .collection(try snapshot.dynamicType(matching: DynamicTypeFilter(parameters: filters)))
            case .textStyles:
                content = .collection(try snapshot.textStyles(matching: TextStyleFilter(parameters: filters)))
            case .tracking: content = .collection(try snapshot.tracking(matching: TrackingFilter(parameters: filters)))
            case .metrics: content = .collection(try snapshot.metrics(matching: MetricFilter(parameters: filters)))
            case .rules: content = .collection(try snapshot.rules(matching: RuleFilter(parameters: filters)))
            case .myths: content = .collection(try snapshot.myths(matching: MythFilter(parameters: filters)))
            case .search: content = .collection(try snapshot.search(SearchQuery(parameters: filters)))
            case .check:
                var parameters = filters
                let embed = try CheckBatch.embedsFigure(parameters.removeValue(forKey: "embed"))
                let row = try CheckBatch.judge(parameters: parameters, snapshot: snapshot, embed: embed)
                content = .collection(QueryResult(items: [row]))
            case .versions: content = .collection(store.versionRows())
            case .diff:
                try requireOnly(["from", "to"], in: filters)
                guard let from = filters["from"], let to = filters["to"] else {
                    throw APIError(
                        status: 400, code: "missing_parameter", message: "diff needs both from= and to=.",
                        hint: "Known versions: \(store.versions.map(\.id).joined(separator: ", ")).")
                }
                content = .diff(try store.diff(from: from, to: to))
            case .export:
                content = .document(store.export(), rows: [])
            case .metricTokens:
                let rows = try snapshot.metrics(matching: MetricFilter(parameters: filters)).items
                let document = DesignTokens.metrics(
                    rows: rows, version: version, flat: options.flat, filters: filters)
                content = .document(document, rows: rows)
            case .dynamicTypeTokens:
                try requireOnly(["platform"], in: filters)
                let category = try canonical(parameter ?? "", among: FilterVocabulary.categories, name: "category")
                let platform = try canonical(
                    filters["platform"] ?? "ios", among: tokenPlatforms, name: "platform")
                let rows = try snapshot.dynamicType(matching: DynamicTypeFilter(parameters: ["platform": platform]))
                    .items
                let published = publishedCategories(rows)
                guard published.contains(category) else {
                    // An empty file would become an empty Figma mode: say why there is none.
                    throw APIError(
                        status: 404, code: "not_published",
                        message:
                            "Apple publishes no \(platform) Dynamic Type sizes for category \(category), so there is no token file (no mode) for it.",
                        hint: "The \(platform) categories with published sizes: \(published.joined(separator: ", ")).",
                        parameter: "category")
                }
                let document = DesignTokens.dynamicType(
                    rows: rows, tracking: trackingRows(snapshot, platform: platform), category: category,
                    platform: platform, version: version, flat: options.flat)
                content = .document(document, rows: rows.filter { $0["category"]?.stringValue == category })
            case .tokensStudio:
                try requireOnly(["platform"], in: filters)
                let platform = try canonical(filters["platform"] ?? "ios", among: tokenPlatforms, name: "platform")
                let rows = try snapshot.dynamicType(matching: DynamicTypeFilter(parameters: ["platform": platform]))
                    .items
                let tracking = trackingRows(snapshot, platform: platform)
                let published = publishedCategories(rows)
                let files = published.map { category in
                    (
                        category,
                        DesignTokens.dynamicType(
                            rows: rows, tracking: tracking, category: category, platform: platform, version: version,
                            flat: options.flat)
                    )
                }
                let document = TokensStudio.document(
                    files: files, absent: FilterVocabulary.categories.filter { !published.contains($0) },
                    platform: platform, version: version)
                content = .document(document, rows: rows)
            case .textStyleTokens:
                try requireOnly(["platform"], in: filters)
                let available = textStylePlatforms(snapshot)
                let platforms =
                    try filters["platform"].map { raw throws(APIError) in
                        [try canonical(raw, among: available, name: "platform")]
                    } ?? available
                let rows = try snapshot.textStyles(matching: TextStyleFilter()).items
                let tracking = platforms.flatMap { trackingRows(snapshot, platform: $0) }
                let document = DesignTokens.textStyles(
                    rows: rows, tracking: tracking, platforms: platforms, version: version, flat: options.flat)
                content = .document(document, rows: rows)
            case .index, .openAPI, .healthz, .readyz, .prometheus:
                content = .document([:], rows: [])
            }
            return (content, version)
        } catch let error as QueryError {
            if let empty = emptyAnswerForOlderVersion(error, store: store, route: route, options: options) {
                return empty
            }
            throw APIError(error)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(status: 400, code: "bad_request", message: "\(error)", hint: "See /openapi.json.")
        }
    }

    /// A value drawn from the data (a topic, a style, a device) that the latest version knows but a
    /// pinned older version lacks matches nothing there: an empty answer that says so, not a 400,
    /// so one URL stays valid across versions.
    private static func emptyAnswerForOlderVersion(
        _ error: QueryError, store: SpecStore, route: Route, options: RequestOptions
    ) -> (Content, String)? {
        guard error.code == QueryError.unknownValue, let version = options.version, let name = error.parameter,
            let value = error.value, let snapshot = try? store.snapshot(version: version),
            let filter = filterParameters(route).first(where: { $0.name == name }),
            case .vocabulary(let kind) = filter.value
        else { return nil }
        let key = FilterVocabulary.matchKey(value)
        guard store.latest.acceptedValues(for: kind).contains(where: { FilterVocabulary.matchKey($0) == key }) else {
            return nil
        }
        let note = "Version \(snapshot.version.id) has no record with \(name) '\(value)'; later versions do."
        return (.collection(QueryResult(items: [], notes: [note])), snapshot.version.id)
    }

    /// The platforms with a text-style table (and no Dynamic Type table), in the latest version.
    static let textStylePlatforms = ["macos", "tvos"]

    /// The platforms with text-style rows in `snapshot`, in ``textStylePlatforms`` order.
    private static func textStylePlatforms(_ snapshot: SpecSnapshot) -> [String] {
        let rows = (try? snapshot.textStyles(matching: TextStyleFilter()).items) ?? []
        let present = Set(rows.flatMap { $0["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? [] })
        return textStylePlatforms.filter(present.contains)
    }

    /// The categories, in Apple's order, that have at least one published row.
    private static func publishedCategories(_ rows: [JSONValue]) -> [String] {
        let present = Set(rows.compactMap { $0["category"]?.stringValue })
        return FilterVocabulary.categories.filter(present.contains)
    }

    /// Apple's tracking rows for a platform; none in a version before the table entered the store.
    private static func trackingRows(_ snapshot: SpecSnapshot, platform: String) -> [JSONValue] {
        (try? snapshot.tracking(matching: TrackingFilter(platform: platform)).items) ?? []
    }

    /// The most measurements one `POST /v1/check` judges.
    static let maxMeasurements = 1000

    /// Judges a POST body: a JSON array of measurements (``CheckBatch``).
    static func check(store: SpecStore, body: [UInt8], version: String?, embed: Bool) throws(APIError) -> Content {
        let snapshot: SpecSnapshot
        do {
            snapshot = try store.snapshot(version: version)
        } catch {
            throw APIError(error)
        }
        return .collection(try CheckBatch.judge(body: body, snapshot: snapshot, embed: embed, limit: maxMeasurements))
    }

    private static func requireOnly(_ names: [String], in filters: [String: String]) throws(APIError) {
        for name in filters.keys.sorted() where !names.contains(name) {
            throw APIError.unknownParameter(name, accepted: names + Route.commonParameters)
        }
    }

    private static func canonical(_ raw: String, among values: [String], name: String) throws(APIError) -> String {
        let key = FilterVocabulary.matchKey(raw)
        if let value = values.first(where: { FilterVocabulary.matchKey($0) == key }) { return value }
        if name == "category", let value = FilterVocabulary.canonical(raw, in: .category) { return value }
        throw APIError.unknownValue(name, raw, accepted: values)
    }
}

extension APIError {
    /// The store's error as the client sees it: same status, code, message; a hint that lists
    /// the accepted values.
    init(_ error: QueryError) {
        var hint = error.hint ?? ""
        if hint.isEmpty, !error.accepted.isEmpty { hint = "Accepted: \(error.accepted.joined(separator: ", "))." }
        if hint.isEmpty { hint = "See /openapi.json for every parameter and its accepted values." }
        self.init(
            status: error.status, code: error.code, message: error.message, hint: hint, parameter: error.parameter)
    }
}
