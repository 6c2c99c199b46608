import SpecAPI
import SpecFormats
import SpecStore
import Testing

/// A page's filter form counts each choice from sets of rows where the route's filters combine as
/// intersections (``FacetLaw``): the counts must be those of one query per choice, on every route
/// with a form, for every field, over many filter combinations.
@Suite struct FacetCountTests {
    let store = APIHarness.shared.store

    /// The routes whose HTML page shows a filter form with counts.
    static let formRoutes = Route.allCases.filter { $0.endpoint.selectsRows && $0.endpoint.pathParameter == nil }

    /// The form's fields of `route` that get counts, as an HTML page lists them.
    func countedFields(of route: Route, in snapshot: SpecSnapshot) -> [PageContext.Field] {
        PageContext(route: route, parameter: nil, filters: [], pinnedVersion: nil, snapshot: snapshot).fields
            .filter { !$0.choices.isEmpty && $0.choices.count <= 64 }
    }

    /// Every combination of the fields' choices (a field left out counting as one choice) where
    /// they are at most `limit`; else the empty one, each choice alone, and `limit` more picked
    /// by a fixed sequence, so a failure repeats.
    static func combinations(of fields: [PageContext.Field], limit: Int) -> [[String: String]] {
        let axes = fields.map { [nil] + $0.choices.map { RouteParameters.normalise($0) } }
        let size = axes.reduce(1) { $0 * $1.count }
        func combination(_ number: Int) -> [String: String] {
            var rest = number
            var filters: [String: String] = [:]
            for (field, axis) in zip(fields, axes) {
                if let value = axis[rest % axis.count] { filters[field.name] = value }
                rest /= axis.count
            }
            return filters
        }
        if size <= limit { return (0..<size).map(combination) }
        var picked: [[String: String]] = [[:]]
        for (field, axis) in zip(fields, axes) {
            for case let value? in axis { picked.append([field.name: value]) }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<limit {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            picked.append(combination(Int((state >> 33) % UInt64(size))))
        }
        return picked
    }

    @Test(arguments: formRoutes)
    func countsFromSetsAreThoseOfOneQueryPerChoice(route: Route) throws {
        let catalogues = FieldCatalogues(store: store)
        let versions: [(id: String?, limit: Int)] = [(nil, 300), (store.versions[0].id, 40)]
        for (version, limit) in versions {
            let snapshot = try store.snapshot(version: version)
            let fields = countedFields(of: route, in: snapshot)
            for filters in Self.combinations(of: fields, limit: limit) {
                let bySets = RouteAnswer.countFacets(
                    store: store, snapshot: snapshot, route: route, filters: filters, fields: fields,
                    version: version, words: nil, catalogues: catalogues)
                let byQueries = RouteAnswer.countFacets(
                    store: store, snapshot: snapshot, route: route, filters: filters, fields: fields,
                    version: version, words: nil, catalogues: catalogues, byQueries: true)
                #expect(bySets == byQueries, "\(route.template) \(filters) in \(version ?? "latest")")
                if bySets != byQueries {
                    for (name, counts) in byQueries where bySets[name] != counts {
                        print("LAW \(route.template) \(name) \(filters.keys.sorted()) \(filters)")
                    }
                }
            }
        }
    }

    @Test func someRoutesCountFromSets() {
        #expect(FacetLaw.fields[.collection(.metrics)]?.contains("topic") == true)
    }
}
