import SpecAPI
import SpecStore
import Testing

/// The route declarations hold together: what one declaration says, the rest of the server can
/// rely on, so a new declaration that breaks a rule fails here rather than at a client.
@Suite struct EndpointRegistryTests {
    @Test func templatesAreUniqueAndMatchTheirOwnRoute() {
        let templates = Route.allCases.map(\.template)
        #expect(Set(templates).count == templates.count, "\(templates)")
        for route in Route.allCases where !route.template.contains("{") {
            #expect(Route.match(path: route.template)?.route == route, "\(route.template)")
        }
    }

    @Test(arguments: Route.allCases)
    func aPlaceholderHasItsPathParameterAndIsOneWholeSegment(route: Route) throws {
        let endpoint = route.endpoint
        guard let open = endpoint.template.firstIndex(of: "{") else {
            #expect(endpoint.pathParameter == nil, "\(route) declares a path parameter but has no placeholder")
            #expect(endpoint.prebuilt != .everyPathValue)
            return
        }
        let parameter = try #require(endpoint.pathParameter, "\(route) has a placeholder but no path parameter")
        let placeholder = "{\(parameter.name)}"
        #expect(endpoint.template[open...].hasPrefix(placeholder), "\(endpoint.template)")
        let suffix = String(endpoint.template[open...].dropFirst(placeholder.count))
        #expect(suffix.isEmpty || (suffix.hasPrefix("/") && !suffix.contains("{")), "\(endpoint.template)")
        let store = APIHarness.shared.store
        let value = try #require(parameter.values(store.latest).first, "\(route) has no values to prebuild")
        let prefix = String(endpoint.template[..<open])
        #expect(prefix.hasSuffix("/"), "\(endpoint.template)")
        let match = try #require(Route.match(path: prefix + value + suffix))
        #expect(match.route == route && match.parameter == value)
    }

    @Test(arguments: Route.allCases)
    func parametersAreDeclaredOnceAndFormatsAreKnown(route: Route) {
        let endpoint = route.endpoint
        let names = endpoint.parameterNames
        #expect(Set(names).count == names.count, "\(route): \(names)")
        // A filter never shadows a common parameter the route takes; `q` is common on a collection
        // of records and the search's own (required) filter on /v1/search, never both.
        #expect(!endpoint.filters.contains { filter in endpoint.common.contains { $0.rawValue == filter.name } })
        let commonOnly = CommonParameter.allCases.filter { $0 != .q }.map(\.rawValue)
        #expect(!endpoint.filters.contains { commonOnly.contains($0.name) }, "\(route)")
        #expect(endpoint.common.contains(.q) == (endpoint.recordType != nil), "\(route)")
        #expect(Set(endpoint.formats).count == endpoint.formats.count)
        #expect(!endpoint.summary.isEmpty && !endpoint.title.isEmpty)
        if endpoint.servesData { #expect(!endpoint.formats.isEmpty) }
        if endpoint.common.contains(.format) { #expect(!endpoint.formats.isEmpty) }
    }

    @Test func theIndexAndTheOpenAPIDocumentListEveryRoute() throws {
        let app = APIHarness.shared
        let index = try #require(app.request(.get, "/").json?["routes"]?.arrayValue)
        let listed = index.compactMap { $0["path"]?.stringValue }
        #expect(listed == Route.allCases.filter { $0 != .index }.map(\.endpoint.listedPath))
        let paths = try #require(app.request(.get, "/openapi.json").json?["paths"]?.objectValue)
        #expect(paths.keys == Route.allCases.map(\.template))
        for route in Route.allCases {
            let summary = paths[route.template]?["get"]?["summary"]?.stringValue
            #expect(summary == route.endpoint.summary, "\(route.template)")
        }
    }
}
