import SpecStore
import Testing

@testable import SpecServer

/// Every collection of the store reaches every surface derived from ``ServedCollection``: a
/// collection left out of one of them fails here, named.
@Suite struct ServedCollectionTests {
    let app = ApplicationHarness.shared

    static let collections = ServedCollection.all.map(\.collection.key)

    @Test func everyCollectionOfTheStoreHasItsEntryInOrder() {
        #expect(ServedCollection.all.map(\.collection) == SpecCollection.allCases)
        #expect(Set(ServedCollection.all.map(\.route)).count == SpecCollection.allCases.count)
        let prefixes = ServedCollection.all.flatMap(\.idPrefixes)
        #expect(Set(prefixes).count == prefixes.count)
    }

    @Test(arguments: collections)
    func routesAndLinksAnswerTheCollection(key: String) throws {
        let served = try #require(ServedCollection.all.first { $0.collection.key == key })
        #expect(Route.match(path: "/v1/\(served.segment)")?.route == served.route)
        for prefix in served.idPrefixes {
            #expect(Route.match(path: "/v1/\(served.segment)/\(prefix)x")?.route == served.recordRoute)
            #expect(RecordLink.route(for: prefix + "x") == served.route)
            #expect(RecordLink.path(for: prefix + "x") == "/v1/\(served.segment)/\(prefix)x")
        }
        #expect(SitePage.collections.contains(served.route), "the site's navigation")
        #expect(PageLayout.layout(for: served.route) != nil, "a table layout")
        // Every record the collection holds has a declared prefix, and its link answers.
        let page = try #require(app.request(.get, "/v1/\(served.segment)?limit=1000").json)
        let ids = (page["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(!ids.isEmpty)
        for id in ids {
            #expect(served.idPrefixes.contains { id.hasPrefix($0) }, "\(id)")
            let path = RecordLink.path(for: id)
            #expect(path.map { app.request(.get, $0).status } == 200, "\(id) links to \(path ?? "nothing")")
        }
    }

    /// The versions table counts every collection, in JSON, CSV, Markdown and HTML.
    @Test(arguments: collections)
    func theVersionsTableCountsTheCollection(key: String) throws {
        let served = try #require(ServedCollection.all.first { $0.collection.key == key })
        let versions = try #require(app.request(.get, "/v1/versions").json)
        let latest = try #require(versions["items"]?.arrayValue?.last)
        let count = try #require(latest["counts"]?[key]?.doubleValue)
        let rows = DocsSiteTests.csvRows(app.request(.get, "/v1/versions?format=csv").text)
        let header = rows.first ?? []
        #expect(header.contains(served.countCSVName), "CSV column \(served.countCSVName)")
        #expect(app.request(.get, "/v1/versions?format=md").text.contains("| \(served.countHeading) "))
        #expect(app.request(.get, "/v1/versions?format=html").text.contains(">\(served.countHeading)<"))
        // The CSV's latest row carries the same count in that column.
        let column = try #require(header.firstIndex(of: served.countCSVName))
        let latestRow = try #require(rows.dropFirst().first { $0.first == latest["id"]?.stringValue })
        #expect(Double(latestRow[column]) == count)
    }

    /// The OpenAPI document types the collection's envelope and record, and documents `shape`.
    @Test(arguments: collections)
    func theOpenAPIDocumentTypesTheCollection(key: String) throws {
        let served = try #require(ServedCollection.all.first { $0.collection.key == key })
        let document = try #require(app.request(.get, "/openapi.json").json)
        let schemas = try #require(document["components"]?["schemas"])
        #expect(schemas[served.listSchema] != nil, "\(served.listSchema)")
        #expect(schemas[served.itemSchema]?["properties"] != nil, "\(served.itemSchema)")
        let operation = try #require(document["paths"]?["/v1/\(served.segment)"]?["get"])
        let names = (operation["parameters"]?.arrayValue ?? []).compactMap { parameter -> String? in
            parameter["name"]?.stringValue
                ?? parameter["$ref"]?.stringValue?.split(separator: "/").last.map(String.init)
        }
        #expect(names.contains { $0.lowercased().contains("shape") }, "shape on /v1/\(served.segment): \(names)")
    }
}
