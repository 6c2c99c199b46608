import SpecStore
import Testing

@testable import SpecFormats

/// The columns a table of a route shows, from the route's fixed layout or the rows' own fields.
@Suite struct PageRouteTests {
    static let table = FlatTable(
        title: "t", version: "v", columns: ["id", "name", "extra", "citation_url"],
        rows: [.init(cells: ["a", "A", "x", "https://a"], citations: [])])

    @Test func aRouteWithoutALayoutShowsItsRowsFields() {
        let route = PageRoute(kind: .search, template: "/v1/search", title: "Search")
        let columns = route.columns(table: Self.table)
        #expect(columns.map(\.key) == ["id", "name", "extra", "citation_url"])
        #expect(columns.map(\.kind) == [.references, .text, .text, .source])
        #expect(columns[2].header == "Extra")
    }

    @Test func aLayoutIsFixedWhateverTheRowsHoldUnlessFieldsPickThem() {
        var route = PageRoute(kind: .collection(.devices), template: "/v1/devices", title: "Devices")
        route.columns = [TableLayout.id, TableColumn("name", "Device"), TableColumn("family", "Family")]
        #expect(route.columns(table: Self.table, projection: nil).map(\.key) == ["id", "name", "family"])
        // A pick keeps the layout's columns the table holds, in the layout's order, then the rest.
        #expect(
            route.columns(table: Self.table, projection: ["extra", "name"]).map(\.key)
                == ["id", "name", "extra", "citation_url"])
    }
}
