/// A route of the v1 API: its path template, the methods and formats it answers, and the query
/// parameters it defines.
enum Route: Int, CaseIterable, Sendable {
    case index
    case devices, device, sizeClasses, widgets, dynamicType, textStyles, tracking, metrics, rules, myths
    case search, check, versions, diff, export
    case dynamicTypeTokens, metricTokens
    case textStyleTokens, tokensStudio
    case openAPI, healthz, readyz, prometheus

    /// The path as OpenAPI and the metrics write it: `/v1/devices/{id}`.
    var template: String {
        switch self {
        case .index: "/"
        case .devices: "/v1/devices"
        case .device: "/v1/devices/{id}"
        case .sizeClasses: "/v1/size-classes"
        case .widgets: "/v1/widgets"
        case .dynamicType: "/v1/dynamic-type"
        case .textStyles: "/v1/text-styles"
        case .tracking: "/v1/tracking"
        case .metrics: "/v1/metrics"
        case .rules: "/v1/rules"
        case .myths: "/v1/myths"
        case .search: "/v1/search"
        case .check: "/v1/check"
        case .versions: "/v1/versions"
        case .diff: "/v1/diff"
        case .export: "/v1/export"
        case .dynamicTypeTokens: "/v1/tokens/dynamic-type/{category}"
        case .metricTokens: "/v1/tokens/metrics"
        case .textStyleTokens: "/v1/tokens/text-styles"
        case .tokensStudio: "/v1/tokens/tokens-studio"
        case .openAPI: "/openapi.json"
        case .healthz: "/healthz"
        case .readyz: "/readyz"
        case .prometheus: "/metrics"
        }
    }

    /// Finds the route for a percent-encoded path, with the decoded path segment of a templated
    /// route (`{id}`, `{category}`).
    static func match(path: String) -> (route: Route, parameter: String?)? {
        if let route = fixedPaths[path] { return (route, nil) }
        for (prefix, route) in [("/v1/devices/", Route.device), ("/v1/tokens/dynamic-type/", .dynamicTypeTokens)]
        where path.hasPrefix(prefix) {
            let segment = path.dropFirst(prefix.count)
            guard !segment.isEmpty, !segment.contains("/"),
                let decoded = try? QueryParameters.decodePathSegment(segment)
            else { return nil }
            return (route, decoded)
        }
        return nil
    }

    private static let fixedPaths: [String: Route] = Dictionary(
        uniqueKeysWithValues: allCases.filter { !$0.template.contains("{") }.map { ($0.template, $0) }
    )

    /// Whether the route answers with store data (and so takes `version=` and the format
    /// parameters, and carries `Spec-Version`).
    var servesData: Bool {
        switch self {
        case .index, .openAPI, .healthz, .readyz, .prometheus: false
        default: true
        }
    }

    /// The formats the route can produce, the default first.
    var formats: [Format] {
        switch self {
        case .index: [.json, .html]
        case .export, .openAPI, .healthz, .readyz: [.json]
        case .prometheus: []
        case .dynamicTypeTokens, .metricTokens, .textStyleTokens: [.tokens, .json]
        case .tokensStudio: [.json]
        default: [.json, .csv, .md, .html]
        }
    }

    /// The `Allow` field value.
    var allow: String {
        self == .check ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS"
    }

    /// The route's own filters (besides the common parameters), as the store defines them.
    var filters: [String] {
        Answers.filterParameters(self).map(\.name)
    }

    /// The parameters every data route accepts besides its own filters (API.md §1).
    static let commonParameters = ["version", "format", "shape", "pretty", "fragment", "flat"]

    /// Every parameter the route accepts.
    var parameters: [String] {
        if servesData { return filters + Route.commonParameters }
        switch self {
        case .index: return ["format", "pretty"]
        case .openAPI: return ["pretty"]
        default: return []
        }
    }

    /// A heading for the Markdown and HTML forms.
    var title: String {
        switch self {
        case .devices: "Devices"
        case .device: "Device"
        case .sizeClasses: "Size classes"
        case .widgets: "Widget sizes"
        case .dynamicType: "Dynamic Type"
        case .textStyles: "Text styles"
        case .tracking: "Tracking"
        case .metrics: "Metrics"
        case .rules: "Rules"
        case .myths: "Myths"
        case .search: "Search results"
        case .check: "Check results"
        case .versions: "Store versions"
        case .diff: "Changes"
        case .export: "Export"
        case .dynamicTypeTokens: "Dynamic Type tokens"
        case .metricTokens: "Metric tokens"
        case .textStyleTokens: "Text style tokens"
        case .tokensStudio: "Tokens Studio tokens"
        case .index: "HIG spec service"
        case .openAPI: "OpenAPI"
        case .healthz: "Health"
        case .readyz: "Readiness"
        case .prometheus: "Metrics"
        }
    }
}

extension QueryParameters {
    /// Decodes one path segment: `%XX` only (a `+` in a path is a plus).
    static func decodePathSegment(_ segment: Substring) throws(Problem) -> String {
        // `+` is literal in a path: protect it from form decoding by encoding it first.
        var protected: [UInt8] = []
        for byte in segment.utf8 {
            if byte == UInt8(ascii: "+") { protected += Array("%2B".utf8) } else { protected.append(byte) }
        }
        return try decode(protected)
    }
}
