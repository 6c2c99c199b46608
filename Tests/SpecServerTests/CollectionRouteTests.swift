import SpecAPI
import SpecMCP
import SpecStore
import Testing

@testable import SpecFormats
@testable import SpecServer

/// A collection's two routes come from its declaration alone: a case added to ``SpecCollection``
/// (with its ``ServedCollection`` entry) is routed, listed on the index, described in the OpenAPI
/// document, offered as an MCP tool and served as pages with no other edit, and the routes keep
/// the order every table of routes is indexed by.
@Suite struct CollectionRouteTests {
    let app = ApplicationHarness.shared

    /// ``Route/position`` is the index in ``Route/allCases``, which lists each route once: the
    /// endpoint table, the parameter names, the metric slots and the layouts rely on it.
    @Test func positionsAreTheOrder() {
        for (offset, route) in Route.allCases.enumerated() {
            #expect(route.position == offset, "\(route.name) at \(offset) says \(route.position)")
        }
        #expect(Set(Route.allCases).count == Route.allCases.count)
    }

    /// Each collection's route is followed by its record route, the collections in the store's
    /// order, right after the index.
    @Test func everyCollectionHasItsTwoRoutesInTheStoresOrder() throws {
        let collections = Route.allCases.compactMap { route -> SpecCollection? in
            guard case .collection(let collection) = route else { return nil }
            return collection
        }
        #expect(collections == SpecCollection.allCases)
        #expect(Route.allCases[1] == .collection(SpecCollection.allCases[0]))
        for collection in SpecCollection.allCases {
            let list = try #require(Route.allCases.firstIndex(of: .collection(collection)))
            #expect(Route.allCases[list + 1] == .record(collection), "\(collection)")
            #expect(Route.collection(collection).collection == collection)
            #expect(Route.record(collection).collection == collection)
        }
    }

    /// Every surface that lists routes lists both of each collection's: routing, the index, the
    /// OpenAPI paths (in the routes' order), the MCP tools and the pages.
    @Test(arguments: SpecCollection.allCases)
    func aCollectionIsServedWhole(collection: SpecCollection) throws {
        let served = ServedCollection.of(collection)
        let list = Route.collection(collection)
        let record = Route.record(collection)
        #expect(list.template == "/v1/\(served.segment)")
        #expect(record.template == "/v1/\(served.segment)/{id}")
        #expect(Route.match(path: list.template)?.route == list)
        #expect(list.endpoint.recordType?.rawValue == collection.recordType)
        #expect(list.formats == served.formats)
        // A device's record is declared whole (``ServedCollection/customRecord``): it is drawn too.
        #expect(record.formats == list.formats || served.customRecord != nil)

        let index = try #require(app.request(.get, "/").json)
        let indexed = index["routes"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
        #expect(indexed.contains(list.template), "the index lists \(list.template): \(indexed)")

        let document = try #require(app.request(.get, "/openapi.json").json)
        let paths = document["paths"]?.objectValue?.keys ?? []
        let listAt = try #require(paths.firstIndex(of: list.template), "OpenAPI lacks \(list.template)")
        let recordAt = try #require(paths.firstIndex(of: record.template), "OpenAPI lacks \(record.template)")
        #expect(recordAt == listAt + 1 || collection == .devices)
        #expect(document["paths"]?[record.template]?["get"]?["operationId"]?.stringValue == "get" + upper(record.name))

        let tool = try #require(list.endpoint.tool)
        #expect(tool.name == "list_" + served.segment.replacing("-", with: "_"))
        #expect(MCPCatalogue.isRecordRoute(record))

        let id = try #require(
            app.request(.get, list.template + "?limit=1").json?["items"]?.arrayValue?.first?["id"]?.stringValue)
        for path in [list.template, list.template + "/" + id] {
            let page = app.request(.get, path + "?format=html")
            #expect(page.status == 200 && page[header: "Content-Type"] == Format.html.contentType, "\(path)")
            #expect(page.text.contains("<h1"), "\(path)")
        }
        let missing = app.request(.get, list.template + "/no-such-id")
        #expect(missing.status == 404)
        #expect(missing.text.contains("No \(served.record.noun) 'no-such-id'"), "\(missing.text)")
    }

    private func upper(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }
}
