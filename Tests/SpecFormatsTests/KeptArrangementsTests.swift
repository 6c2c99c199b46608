import SpecFormats
import SpecStore
import Testing

/// A route keeps its pages' arrangements by their columns and which hold values: a page takes a
/// kept one only where it would have made the same.
@Suite struct KeptArrangementsTests {
    static func route() -> PageRoute {
        var route = PageRoute(kind: .other, template: "/v1/t", title: "T")
        route.columns = [
            TableColumn("id", "Id", .id), TableColumn("name", "Name"), TableColumn("size", "Size", .number),
            TableColumn("note", "Note"), TableColumn("platform", "Platform"),
        ]
        route.layout = PageLayout(lead: ["name"], figures: ["size"], trailing: ["platform"])
        route.picksFields = true
        route.canPage = true
        return route
    }

    static func table(notes: [String]) -> FlatTable {
        let records = notes.enumerated().map { index, note in
            FlatRecord(
                names: ["id", "name", "size", "note", "platform"],
                values: ["r\(index)", "Row \(index)", "\(index)", note, index.isMultiple(of: 2) ? "ios" : "macos"],
                citations: [])
        }
        return FlatTable(title: "T", version: "v", flattened: records)
    }

    /// One page of several (not the whole list), offset and total as a paged page has them.
    static func page(_ route: PageRoute) -> PageContext {
        var page = PageContext(route: route, site: .empty)
        page.offset = 2
        page.limit = 2
        page.total = 9
        return page
    }

    /// A page whose rows hold a column no earlier page filled is arranged for its own rows, and
    /// every page matches one arranged with nothing kept.
    @Test func aKeptArrangementIsTakenOnlyForTheSameColumnsFilledAlike() {
        let route = Self.route()
        let empty = Self.table(notes: ["", ""])
        let filled = Self.table(notes: ["a note", ""])
        let first = HTMLRenderer.arrangement(empty, page: Self.page(route), fragment: false)
        let second = HTMLRenderer.arrangement(filled, page: Self.page(route), fragment: false)
        #expect(first.hidden.map(\.key) == ["id"])
        #expect(second.hidden.map(\.key) == ["id", "note"])
        // Asked again, after both were kept, each gets its own; and a fresh route (nothing kept)
        // makes the same pages byte for byte.
        #expect(HTMLRenderer.arrangement(empty, page: Self.page(route), fragment: false).hidden.map(\.key) == ["id"])
        for table in [empty, filled, empty] {
            #expect(
                HTMLRenderer.render(table, page: Self.page(route), fragment: false)
                    == HTMLRenderer.render(table, page: Self.page(Self.route()), fragment: false))
        }
    }

    /// A route changed after its pages were arranged (here its layout) keeps nothing of before.
    @Test func aRouteChangedAfterwardsArrangesAnew() {
        var route = Self.route()
        let table = Self.table(notes: ["a", "b"])
        #expect(
            HTMLRenderer.arrangement(table, page: Self.page(route), fragment: false).hidden.map(\.key) == [
                "id", "note",
            ])
        route.layout = PageLayout(lead: ["name"], figures: ["size"], trailing: ["note"])
        let changed = HTMLRenderer.arrangement(table, page: Self.page(route), fragment: false)
        #expect(changed.hidden.map(\.key) == ["id", "platform"])
        route.picksFields = false
        #expect(HTMLRenderer.arrangement(table, page: Self.page(route), fragment: false).fields == nil)
    }

    /// The whole list is arranged from its values (a column the same in every row is said once
    /// above the table), so it is never taken from another page's arrangement.
    @Test func theWholeListSaysItsConstantColumnsOnce() {
        let route = Self.route()
        let table = Self.table(notes: ["same", "same"])
        _ = HTMLRenderer.arrangement(table, page: Self.page(route), fragment: false)
        var whole = PageContext(route: route, site: .empty)
        whole.total = 2
        let arrangement = HTMLRenderer.arrangement(table, page: whole, fragment: false)
        #expect(arrangement.constant.isEmpty)
        let oneValue = Self.table(notes: ["x", "y"])
        var same = oneValue
        for index in same.rows.indices { same.rows[index].cells[4] = "ios" }
        #expect(HTMLRenderer.arrangement(same, page: whole, fragment: false).constant.map(\.1) == ["ios"])
        #expect(HTMLRenderer.arrangement(same, page: Self.page(route), fragment: false).constant.isEmpty)
    }
}
