import JSON
import SpecAPI
import SpecStore
import Testing

/// A JSON page of a collection's rows is written from the bytes a snapshot keeps of each row
/// (``QueryResult/appendEnvelope(version:total:to:)``): its text must be the compact
/// serialization of the answer it stands for, the first time a row is written and every time after.
@Suite struct CompactPageTests {
    let app = APIHarness.shared

    @Test(arguments: Route.allCases.filter { $0.endpoint.selectsRows && !$0.template.contains("{") })
    func everyCollectionPageIsItsAnswersCompactSerialization(route: Route) throws {
        let versions = try #require(app.request(.get, "/v1/versions").json?["items"]?.arrayValue)
        let oldest = try #require(versions.first?["id"]?.stringValue)
        for query in ["", "?limit=3", "?offset=2&limit=4", "?offset=1&limit=2&version=\(oldest)", "?offset=100000"] {
            let first = app.request(.get, route.template + query)
            guard first.status == 200 else { continue }
            let again = app.request(.get, route.template + query)
            let value = try #require(first.json, "\(route.template)\(query): \(first.text)")
            #expect(first.text == value.serialized() + "\n", "\(route.template)\(query)")
            #expect(again.body == first.body, "\(route.template)\(query) written again from its kept rows")
        }
    }

    @Test func aFilteredPageMatchesTheSameRowsPagedThemselves() throws {
        let all = try #require(app.request(.get, "/v1/tracking?font=sf%20pro&limit=1000").json?["items"]?.arrayValue)
        let page = app.request(.get, "/v1/tracking?font=sf%20pro&offset=5&limit=3")
        #expect(page.json?["items"]?.arrayValue == Array(all[5..<8]))
        #expect(page.json?["total"] == JSONValue(integerLiteral: all.count))
    }
}
