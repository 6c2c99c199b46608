import SpecFormats
import SpecStore

/// A route of the v1 API, by name. What a route is (its path, formats, parameters, query) is
/// declared once: a collection's two routes by its entry (``ServedCollection``), every other
/// route in `Endpoints.swift`; the properties here read that declaration.
///
/// ``allCases`` is the order of the index page, the OpenAPI paths and the metrics, and
/// ``position`` a route's place in it: what the tables of routes are indexed by.
package enum Route: Hashable, CaseIterable, Sendable {
    case index
    /// A collection of the store: its rows, `/v1/{segment}`.
    case collection(SpecCollection)
    /// One record of a collection: `/v1/{segment}/{id}`.
    case record(SpecCollection)
    case deviceProfile
    case search, check, versions, coverage, diff, export, sources
    case dynamicTypeTokens, metricTokens, colorTokens
    case textStyleTokens, tokensStudio
    case openAPI, healthz, readyz, prometheus

    /// Every route in order: the index, each collection's route and its record route (the
    /// collections in the store's order; a device's profile after the device), then the rest.
    package static let allCases: [Route] =
        [.index]
        + SpecCollection.allCases.flatMap { collection in
            [.collection(collection), .record(collection)] + (collection == .devices ? [.deviceProfile] : [])
        } + [
            .search, .check, .versions, .coverage, .diff, .export, .sources, .dynamicTypeTokens, .metricTokens,
            .colorTokens, .textStyleTokens, .tokensStudio, .openAPI, .healthz, .readyz, .prometheus,
        ]

    /// The route's index in ``allCases``, found without a search: what the tables of routes
    /// (declarations, parameter names, metric slots, layouts) are indexed by, on every request.
    /// `CollectionRouteTests.positionsAreTheOrder` checks the two agree.
    package var position: Int {
        switch self {
        case .index: 0
        case .collection(let collection): Self.collectionPositions[collection.rawValue]
        case .record(let collection): Self.collectionPositions[collection.rawValue] + 1
        case .deviceProfile: Self.collectionPositions[SpecCollection.devices.rawValue] + 2
        case .search: Self.firstOther
        case .check: Self.firstOther + 1
        case .versions: Self.firstOther + 2
        case .coverage: Self.firstOther + 3
        case .diff: Self.firstOther + 4
        case .export: Self.firstOther + 5
        case .sources: Self.firstOther + 6
        case .dynamicTypeTokens: Self.firstOther + 7
        case .metricTokens: Self.firstOther + 8
        case .colorTokens: Self.firstOther + 9
        case .textStyleTokens: Self.firstOther + 10
        case .tokensStudio: Self.firstOther + 11
        case .openAPI: Self.firstOther + 12
        case .healthz: Self.firstOther + 13
        case .readyz: Self.firstOther + 14
        case .prometheus: Self.firstOther + 15
        }
    }

    /// The position of each collection's route, by the collection's raw value.
    private static let collectionPositions: [Int] = SpecCollection.allCases.map { collection in
        allCases.firstIndex(of: .collection(collection)) ?? 0
    }

    /// The position of the first route after the collections' (`search`).
    private static let firstOther = allCases.firstIndex(of: .search) ?? 0

    /// The route's name in identifiers (the OpenAPI `operationId` `getSizeClasses`): the case's
    /// name, and for a collection's two routes the collection's name and its record's.
    package var name: String {
        switch self {
        case .collection(let collection): String(describing: collection)
        case .record(let collection): ServedCollection.of(collection).record.name
        default: String(describing: self)
        }
    }

    /// The collection whose list or record route this is.
    package var collection: SpecCollection? {
        switch self {
        case .collection(let collection), .record(let collection): collection
        default: nil
        }
    }

    /// The path as OpenAPI and the metrics write it: `/v1/devices/{id}`.
    package var template: String { endpoint.template }

    /// A heading for the Markdown and HTML forms.
    package var title: String { endpoint.title }

    /// The formats the route can produce, the default first.
    package var formats: [Format] { endpoint.formats }

    /// Whether the route answers with store data (and so takes `version=` and the format
    /// parameters, and carries `Spec-Version`).
    package var servesData: Bool { endpoint.servesData }

    /// Whether the route is a probe or the Prometheus exposition, answered without the store's
    /// answers and taking no query.
    package var isOperations: Bool {
        if case .operations = endpoint.answer { return true }
        return false
    }

    /// The `Allow` field value.
    package var allow: String { endpoint.allow }

    /// The route's own filters (besides the common parameters).
    package var filters: [String] { endpoint.filters.map(\.name) }

    /// Every parameter the route accepts.
    package var parameters: [String] { endpoint.parameterNames }

    /// The parameters every data route accepts besides its own filters (API.md §1).
    package static let commonParameters = CommonParameter.data.map(\.rawValue)

    /// Finds the route for a percent-encoded path, with the decoded path segment of a templated
    /// route (`{id}`, `{category}`).
    package static func match(path: String) -> (route: Route, parameter: String?)? {
        if let route = fixedPaths[path] { return (route, nil) }
        // Compared as bytes: `hasPrefix` and `contains` on characters weigh Unicode equivalence,
        // which a path of ASCII bytes never needs.
        for (prefix, suffix, route) in templatedPaths
        where path.utf8.starts(with: prefix.utf8) && path.utf8.count > prefix.utf8.count + suffix.utf8.count
            && path.utf8.reversed().starts(with: suffix.utf8.reversed())
        {
            let segment = path.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
            // `/v1/devices/x/profile` is not a device: the next template may take it.
            guard !segment.contains(UInt8(ascii: "/")) else { continue }
            guard let decoded = try? QueryParameters.decodePathSegment(segment) else { return nil }
            return (route, decoded)
        }
        return nil
    }

    private static let fixedPaths: [String: Route] = Dictionary(
        uniqueKeysWithValues: allCases.filter { !$0.template.contains("{") }.map { ($0.template, $0) }
    )

    /// `/v1/devices/` and `` for `/v1/devices/{id}`, `/v1/devices/` and `/profile` for
    /// `/v1/devices/{id}/profile`: the parts of each templated path around its one placeholder,
    /// which is one whole segment.
    private static let templatedPaths: [(prefix: String, suffix: String, route: Route)] = allCases.compactMap {
        route in
        guard let open = route.template.firstIndex(of: "{"), let close = route.template.firstIndex(of: "}") else {
            return nil
        }
        let suffix = String(route.template[close...].dropFirst())
        precondition(
            route.template[..<open].hasSuffix("/") && (suffix.isEmpty || suffix.hasPrefix("/")),
            "\(route.template): a placeholder is one whole segment")
        return (String(route.template[..<open]), suffix, route)
    }
}

extension QueryParameters {
    /// Decodes one path segment: `%XX` only (a `+` in a path is a plus).
    package static func decodePathSegment(_ segment: Substring) throws(Problem) -> String {
        try decodePathSegment(segment.utf8)
    }

    /// Decodes one path segment's bytes: `%XX` only (a `+` in a path is a plus).
    package static func decodePathSegment(_ segment: Substring.UTF8View) throws(Problem) -> String {
        // Visible ASCII with nothing to decode is its own decoding.
        if segment.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") }) {
            return String(Substring(segment))
        }
        // `+` is literal in a path: protect it from form decoding by encoding it first.
        var protected: [UInt8] = []
        for byte in segment {
            if byte == UInt8(ascii: "+") { protected += Array("%2B".utf8) } else { protected.append(byte) }
        }
        return try decode(protected.span)
    }
}
