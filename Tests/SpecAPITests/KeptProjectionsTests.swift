import SpecAPI
import SpecStore
import TestSupport
import Testing

/// A page of rows trimmed by `fields=` writes each trimmed row's JSON once per snapshot and set of
/// fields, and keeps it (``QueryResult/projecting(fields:notes:_:)``): every answer must be the
/// one a server with a store of its own that kept nothing gives, whatever was asked before it,
/// so a kept row is never another set of fields', order's, filter's or version's.
@Suite struct KeptProjectionsTests {
    @Test func everyTrimmedPageIsTheAnswerOfAServerThatKeptNothing() throws {
        let store = try SpecStore.load(contentsOf: ShippedStore.path)
        let keeping = APIHarness(store: store)
        let versions = store.versions.map(\.id)
        // Each set of fields beside a near one (the same fields in another order, one more, a
        // nested path), then the same rows sorted, filtered, in another version and format.
        var targets: [String] = []
        for (path, sets) in [
            ("/v1/metrics", ["id", "id,value", "value,id", "id,value,platforms", "id,bound,unit"]),
            ("/v1/devices", ["id", "points", "points.width,id", "id,points.width"]),
            ("/v1/tracking", ["size,trackingPt", "trackingPt,size", "size"]),
        ] {
            for fields in sets {
                for version in [versions.last!, versions[0]] {
                    for page in ["&limit=4", "&offset=2&limit=4", "&sort=-id&limit=3", "&limit=1000"] {
                        targets.append("\(path)?fields=\(fields)&version=\(version)\(page)")
                    }
                    targets.append("\(path)?fields=\(fields)&version=\(version)&limit=4&format=csv")
                    targets.append("\(path)?fields=\(fields)&version=\(version)&limit=4&pretty=true")
                }
            }
        }
        targets += [
            "/v1/metrics?fields=id,value&topic=buttons&limit=5", "/v1/metrics?fields=id,value&q=button&limit=5",
            "/v1/tracking?fields=size&font=sf%20pro&limit=5", "/v1/tracking?fields=size,trackingEm&font=new%20york",
        ]
        // The rows are kept with the store's snapshots, which every server of one store shares:
        // the servers to compare with have a store of their own for each set of fields, which
        // keeps that set's rows alone (the same rows, rightly shared by its pages and versions).
        var fresh: [String: APIHarness] = [:]
        let answers = try keeping.answersBesideAFreshServer(targets) { target in
            let fields = String(target.split(separator: "&")[0])
            if fresh[fields] == nil {
                fresh[fields] = APIHarness(store: try SpecStore.load(contentsOf: ShippedStore.path))
            }
            return fresh[fields]!
        }
        let succeeded = answers.filter { $0.status == 200 }.count
        #expect(succeeded > targets.count * 9 / 10)
    }
}
