import Foundation
import SpecAPI
import SpecStore
import TestSupport
import Testing

/// A sort of a route's every row takes its order from the store's, made once per field and
/// direction: each page must be the page a sort of those rows gives, for every sortable field.
@Suite struct SortOrderTests {
    let app = APIHarness.shared

    @Test(arguments: [
        Route.collection(.tracking), .collection(.devices), .collection(.metrics), .collection(.widgets),
        .collection(.dynamicType), .collection(.rules),
    ])
    func everyPageOfEveryOrderIsTheSortedRowsPage(route: Route) throws {
        let store = app.store
        let rows = try #require(FieldCatalogue.unfilteredRows(of: route, store: store))
        let catalogue = FieldCatalogue.of(route, store: store)
        #expect(!catalogue.sortable.isEmpty)
        for field in catalogue.sortable {
            let path = field.split(separator: ".").map(String.init)
            for descending in [false, true] {
                let expected = RowSelection.sorted(rows, by: path, descending: descending).dropFirst(3).prefix(4)
                let answer = app.request(
                    .get, "\(route.template)?sort=\(descending ? "-" : "")\(field)&offset=3&limit=4&fields=id")
                #expect(answer.status == 200, "\(field): \(answer.text)")
                let ids = answer.json?["items"]?.arrayValue?.map { $0["id"] }
                #expect(ids == expected.map { $0["id"] }, "\(route.template) sort=\(descending ? "-" : "")\(field)")
            }
        }
    }

    /// Words that every row matches still reorder the rows (best first): a sort of them must not
    /// take the order made for the route's own.
    @Test func rowsNarrowedByWordsThatMatchEveryRowAreSortedThemselves() throws {
        let all = app.request(.get, "/v1/widget-families?fields=id").json?["total"]
        let words = app.request(.get, "/v1/widget-families?q=widget%20accessory&fields=id")
        #expect(words.json?["total"] == all, "the words match every row")
        let sorted = app.request(.get, "/v1/widget-families?q=widget%20accessory&sort=id&limit=3&fields=id")
        let plain = app.request(.get, "/v1/widget-families?sort=id&limit=3&fields=id")
        #expect(sorted.json?["items"] == plain.json?["items"], "\(sorted.text)")
    }

    /// A filtered sort sorts the rows the filter kept: every order of every sortable field must
    /// give what a stable sort of the kept rows gives, ties in the kept rows' own order.
    @Test(arguments: [
        ("/v1/tracking", "font=sf%20pro"), ("/v1/devices", "family=iphone"), ("/v1/metrics", "platform=ios"),
        ("/v1/widgets", "platform=ios"), ("/v1/rules", "platform=watchos"),
    ])
    func aFilteredSortIsTheStableSortOfTheKeptRows(path: String, filter: String) throws {
        let store = app.store
        let route = try #require(Route.match(path: path)?.route)
        let kept = try #require(app.request(.get, "\(path)?\(filter)&limit=1000").json?["items"]?.arrayValue)
        #expect(!kept.isEmpty)
        for field in FieldCatalogue.of(route, store: store).sortable {
            let fieldPath = field.split(separator: ".").map(String.init)
            for descending in [false, true] {
                let expected = RowSelection.sorted(kept, by: fieldPath, descending: descending).dropFirst(2).prefix(6)
                let sort = "\(descending ? "-" : "")\(field)"
                let answer = app.request(.get, "\(path)?\(filter)&sort=\(sort)&offset=2&limit=6&fields=id")
                #expect(answer.status == 200, "\(field): \(answer.text)")
                let ids = answer.json?["items"]?.arrayValue?.map { $0["id"] }
                #expect(ids == expected.map { $0["id"] }, "\(path)?\(filter)&sort=\(sort)")
            }
        }
    }

    /// Each store version keeps its own orders: a page of an older version, filtered or not,
    /// is the page a stable sort of that version's rows gives, never the latest version's order.
    @Test(arguments: [
        ("/v1/devices", "family=iphone"), ("/v1/tracking", "font=sf%20pro"), ("/v1/metrics", "platform=ios"),
    ])
    func everyVersionsPagesAreItsOwnRowsSorted(path: String, filter: String) throws {
        let versions = try #require(
            app.request(.get, "/v1/versions").json?["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue })
        #expect(versions.count > 1)
        let route = try #require(Route.match(path: path)?.route)
        let fields = FieldCatalogue.of(route, store: app.store).sortable
        for version in versions {
            for query in ["version=\(version)", "version=\(version)&\(filter)"] {
                let answer = app.request(.get, "\(path)?\(query)&limit=1000")
                guard answer.status == 200, let rows = answer.json?["items"]?.arrayValue, !rows.isEmpty else {
                    continue
                }
                for field in fields {
                    let fieldPath = field.split(separator: ".").map(String.init)
                    for descending in [false, true] {
                        let expected = RowSelection.sorted(rows, by: fieldPath, descending: descending).dropFirst(1)
                            .prefix(5)
                        let sort = "\(descending ? "-" : "")\(field)"
                        let page = app.request(.get, "\(path)?\(query)&sort=\(sort)&offset=1&limit=5&fields=id")
                        let ids = page.json?["items"]?.arrayValue?.map { $0["id"] }
                        #expect(ids == expected.map { $0["id"] }, "\(path)?\(query)&sort=\(sort)")
                    }
                }
            }
        }
    }

    /// Two versions with as many rows in another order: each is sorted in its own. The first
    /// tracking row's value is made the smallest until the latest version, so an order kept for
    /// one version and given to the other would put the wrong row first.
    @Test func versionsWithAsManyRowsKeepTheirOwnOrders() throws {
        var data = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ShippedStore.path)))
                as? [String: Any])
        var tracking = try #require(data["tracking"] as? [[String: Any]])
        let smallest = tracking.compactMap { $0["trackingEm"] as? Double }.min() ?? 0
        tracking[0]["history"] = [["until": "2026-06-08", "values": ["trackingEm": smallest - 1]]]
        data["tracking"] = tracking
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: data))
        let app = APIHarness(store: try SpecStore.load(bytes: bytes, sourceName: "history.json"))
        let older = "2026-03"
        let firstID = tracking[0]["id"] as? String
        for (version, firstIsChanged) in [("2026-06-08", false), (older, true), ("2026-06-08", false), (older, true)] {
            let rows = try #require(
                app.request(.get, "/v1/tracking?version=\(version)&limit=1000").json?["items"]?.arrayValue)
            let olderRows = try #require(
                app.request(.get, "/v1/tracking?version=\(older)&limit=1000").json?["items"]?.arrayValue)
            #expect(rows.count == olderRows.count)
            let page = app.request(.get, "/v1/tracking?version=\(version)&sort=trackingEm&limit=3&fields=id")
            let ids = page.json?["items"]?.arrayValue?.map { $0["id"] }
            let expected = RowSelection.sorted(rows, by: ["trackingEm"], descending: false).prefix(3)
            #expect(ids == expected.map { $0["id"] }, "version \(version)")
            #expect((ids?.first??.stringValue == firstID) == firstIsChanged, "version \(version)")
        }
    }

    @Test func aFilteredOrPinnedSortStillSortsItsOwnRows() throws {
        // Filtered: the order of the rows the filter keeps.
        let filtered = app.request(.get, "/v1/tracking?font=sf%20pro&sort=-size&limit=3&fields=id,size")
        let sizes = filtered.json?["items"]?.arrayValue?.compactMap { $0["size"]?.doubleValue } ?? []
        #expect(sizes.count == 3)
        #expect(sizes == sizes.sorted(by: >))
        // Pinned to an older version, whose rows differ: sorted from those rows.
        let pinned = app.request(.get, "/v1/devices?version=2023&sort=-points.width&limit=50&fields=id,points")
        let widths = pinned.json?["items"]?.arrayValue?.compactMap { $0["points"]?["width"]?.doubleValue } ?? []
        #expect(!widths.isEmpty)
        #expect(widths == widths.sorted(by: >))
        #expect(pinned.json?["total"] != app.request(.get, "/v1/devices?sort=-points.width").json?["total"])
    }
}
