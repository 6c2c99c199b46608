import SpecAPI
import SpecStore
import Testing

@testable import SpecFormats
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
            #expect(Site.application.collectionRoute(for: prefix + "x")?.template == served.template)
            #expect(Site.application.recordPath(for: prefix + "x") == "/v1/\(served.segment)/\(prefix)x")
        }
        #expect(Site.application.links(served.template), "the site's navigation")
        #expect(PageLayout.layout(for: served.route) != nil, "a table layout")
        // Every record the collection holds has a declared prefix, and its link answers.
        let page = try #require(app.request(.get, "/v1/\(served.segment)?limit=1000").json)
        let ids = (page["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(!ids.isEmpty)
        for id in ids {
            #expect(served.idPrefixes.contains { id.hasPrefix($0) }, "\(id)")
            let path = Site.application.recordPath(for: id)
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

    /// Fields a collection's API rows reshape, so no property or column is named after them: a
    /// size-class record's two orientations are two rows (`orientation`, `horizontal`, `vertical`).
    static let reshaped: Set<String> = ["sizeClasses.portrait", "sizeClasses.landscape"]

    /// The collection's OpenAPI record schema has a property for every declared field, described
    /// in the declaration's words wherever it is described.
    @Test(arguments: collections)
    func theRecordSchemaHoldsEveryDeclaredField(key: String) throws {
        let served = try #require(ServedCollection.all.first { $0.collection.key == key })
        let document = try #require(app.request(.get, "/openapi.json").json)
        let properties = try #require(document["components"]?["schemas"]?[served.itemSchema]?["properties"])
        for field in served.collection.fields where !Self.reshaped.contains("\(key).\(field.name)") {
            let property = try #require(properties[field.name], "\(served.itemSchema) lacks \(field.name)")
            if let description = property["description"]?.stringValue {
                #expect(description == field.meaning, "\(served.itemSchema).\(field.name)")
            }
        }
    }

    /// The columns of the collection's CSV and Markdown: its layout's, or without one
    /// (``TableLayout`` lists none) the rows' own flattened fields, as the CSV heads them.
    func columns(of served: ServedCollection) -> [TableColumn] {
        if let layout = TableLayout.columns(for: served.route) { return layout }
        let header = DocsSiteTests.csvRows(app.request(.get, "/v1/\(served.segment)?format=csv").text).first ?? []
        return header.map { TableColumn($0, $0) }
    }

    /// The collection's CSV and Markdown layout has a column for every declared field (a
    /// `{width, height}` field one per member), and a number's heading carries its declared unit.
    @Test(arguments: collections)
    func theTableLayoutHoldsEveryDeclaredField(key: String) throws {
        let served = try #require(ServedCollection.all.first { $0.collection.key == key })
        let columns = columns(of: served)
        for field in served.collection.fields where !Self.reshaped.contains("\(key).\(field.name)") {
            let held = columns.filter { column in
                column.key == field.name || column.key.hasPrefix(field.name + "_")
                    || (field.name == "citations" && column.key.hasPrefix("citation_"))
            }
            #expect(!held.isEmpty, "/v1/\(served.segment) has no column of \(field.name)")
            guard case .fixed(let unit)? = field.unit else { continue }
            for column in held where column.kind == .number {
                #expect(column.header.hasSuffix("(\(unit))"), "\(column.key): \(column.header)")
            }
        }
    }

    /// Every column the collection's page shows first is a column of its table layout, so a
    /// page entry naming a field the rows do not have fails here rather than showing nothing.
    @Test(arguments: collections)
    func thePageShowsColumnsOfTheLayout(key: String) throws {
        let served = try #require(ServedCollection.all.first { $0.collection.key == key })
        let keys = Set(columns(of: served).map(\.key))
        for column in served.page.lead + served.page.figures + served.page.trailing {
            #expect(keys.contains(column), "/v1/\(served.segment)'s page shows \(column), which no column holds")
        }
    }

    /// The collection's page and its first record's page offer the data in every format the route
    /// declares that pages link (``Format/pageLink``), and no other; each link answers in it.
    @Test(arguments: collections)
    func thePagesOfferTheRoutesFormats(key: String) throws {
        let served = try #require(ServedCollection.all.first { $0.collection.key == key })
        let list = try #require(app.request(.get, "/v1/\(served.segment)?limit=1").json)
        let id = try #require(list["items"]?.arrayValue?.first?["id"]?.stringValue)
        for (route, path) in [
            (served.route, "/v1/\(served.segment)"), (served.recordRoute, "/v1/\(served.segment)/\(id)"),
        ] {
            let html = app.request(.get, path + "?format=html").text
            let start = try #require(html.range(of: "<p class=\"formats\">"), "\(path) offers no formats")
            let paragraph = html[start.upperBound...].prefix { $0 != "\n" }
            let offered = route.endpoint.formats.filter { $0.pageLink != nil }
            #expect(offered.count >= 3, "\(path): \(offered)")
            for format in Format.allCases {
                let linked = paragraph.contains("?format=\(format.rawValue)\"")
                #expect(linked == offered.contains(format), "\(path): the link to \(format) on the page")
                if let words = format.pageLink { #expect(paragraph.contains(">\(words)</a>") == linked) }
            }
            for format in offered {
                let answer = app.request(.get, path + "?format=" + format.rawValue)
                #expect(
                    answer.status == 200 && answer[header: "Content-Type"] == format.contentType, "\(path) \(format)")
            }
        }
    }
}
