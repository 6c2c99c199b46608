import JSON
import SpecAPI
import SpecFormats
import SpecStore
import SystemSupport
import TestSupport
import Testing

/// A CSV page of a collection is written from each row's line kept with the snapshot
/// (``RowLines``): every page must be what the CSV renderer writes from the page's table under
/// the route's columns, whichever pages, versions and orders asked before it.
@Suite struct KeptLinesTests {
    @Test func everyCSVPageIsTheRenderersTableOfItsRows() throws {
        let store = try SpecStore.load(contentsOf: ShippedStore.path)
        let api = APIHarness(store: store)
        let versions = store.versions.map(\.id)
        var compared = 0
        for served in ServedCollection.all {
            for version in [versions.last!, versions[0]] {
                // Overlapping pages and another order, so later pages read lines kept by earlier ones.
                for page in ["&limit=4", "&offset=2&limit=5", "&sort=-id&limit=3", "&offset=1", ""] {
                    let query = "/v1/\(served.segment)?version=\(version)\(page)"
                    let json = api.request(.get, query)
                    guard json.status == 200 else { continue }
                    let items = try #require(json.json?["items"]?.arrayValue, "\(query)")
                    let table = FlatTable(title: served.title, version: version, records: items)
                    let csv = api.request(.get, query + "&format=csv")
                    #expect(csv.status == 200, "\(query)")
                    // A route with no fixed columns (its rows' own fields) is written from the table.
                    let columns = served.route.page.columns ?? TableLayout.fieldColumns(table)
                    #expect(csv.body == CSVRenderer.renderUTF8(table, columns: columns), "\(query)")
                    compared += 1
                }
            }
        }
        #expect(compared >= 10 * ServedCollection.all.count)
        #expect(ServedCollection.all.filter { $0.route.page.columns != nil }.count >= 10)
    }

    /// A line depends on its row and the columns alone: of two cells with one name the later one
    /// counts and a column the record lacks is empty, as in a table holding the record.
    @Test func aRowsLineIsItsLineInAnyTable() {
        let record = FlatRecord(names: ["id", "size", "size", "note"], values: ["a", "1", "2", "x, y"], citations: [])
        let other = FlatRecord(names: ["id", "extra"], values: ["b", "=1+1"], citations: [])
        let columns = ["id", "size", "missing", "note", "extra"].map { TableColumn($0, $0) }
        let table = FlatTable(title: "T", version: "v", flattened: [other, record])
        let lines =
            CSVRenderer.header(columns) + CSVRenderer.row(other, keys: columns.map(\.key))
            + CSVRenderer.row(record, keys: columns.map(\.key))
        #expect(lines == CSVRenderer.renderUTF8(table, columns: columns))
        #expect(
            String(decoding: CSVRenderer.row(record, keys: columns.map(\.key)), as: UTF8.self) == "a,2,,\"x, y\",\r\n")
    }

    /// Choices among collections' rows with more than a dozen rows each, under fixed columns:
    /// a filtered collection, whole ones, and one filtered to rows of one topic.
    private static func choices(in snapshot: SpecSnapshot) throws -> [(Route, QueryResult)] {
        [
            (.collection(.tracking), try snapshot.tracking(matching: TrackingFilter(font: "SF Pro"))),
            (.collection(.metrics), try snapshot.metrics(matching: MetricFilter())),
            (.collection(.metrics), try snapshot.metrics(matching: MetricFilter(topic: "buttons"))),
            (.collection(.colors), try snapshot.colors(matching: ColorFilter())),
            (.collection(.rules), try snapshot.rules(matching: RuleFilter())),
        ]
    }

    /// A Markdown page of a choice among a collection's rows writes each row's cells from the
    /// text kept (``FormatInput/keptTexts``): the same page as the renderer writes from the table
    /// alone, fragment or not, for overlapping pages asked one after another.
    @Test func aMarkdownPageFromKeptCellsIsThePageFromTheTable() throws {
        let snapshot = try SpecStore.load(contentsOf: ShippedStore.path).latest
        for (route, all) in try Self.choices(in: snapshot) {
            #expect(all.count > 12)
            for range in [0..<5, 3..<9, 2..<12, 0..<all.count] {
                let page = all.slice(range)
                let table = FlatTable(title: route.title, version: snapshot.version.id, records: page.items)
                let context = PageContext(route: route)
                #expect(context.route.columnsKey != nil)
                for fragment in [false, true] {
                    let kept = MarkdownRenderer.render(
                        table, page: context, fragment: fragment,
                        keptTexts: { layout, make in page.rowTexts(layout: layout, make: make) })
                    #expect(
                        kept == MarkdownRenderer.render(table, page: context, fragment: fragment), "\(route) \(range)")
                }
            }
        }
    }

    /// An HTML page of a choice among a collection's rows writes each row from the text kept
    /// under its arrangement: the same page as the renderer writes from the table alone, for a
    /// page and its fragment, whole tables (whose same-valued columns leave the rows) and pages
    /// of them, asked one after another so each reads rows kept by the others.
    @Test func anHTMLPageFromKeptRowsIsThePageFromTheTable() throws {
        let snapshot = try SpecStore.load(contentsOf: ShippedStore.path).latest
        var layouts = 0
        for (route, all) in try Self.choices(in: snapshot) {
            #expect(all.count > 12)
            for range in [0..<5, 3..<9, 0..<all.count, 2..<12] {
                let page = all.slice(range)
                let table = FlatTable(title: route.title, version: snapshot.version.id, records: page.items)
                var context = PageContext(route: route)
                context.offset = range.lowerBound
                context.total = all.count
                for fragment in [false, true] {
                    let asked = Locked<Set<String>>([])
                    let kept = HTMLRenderer.renderUTF8(
                        table, page: context, fragment: fragment,
                        keptTexts: { layout, make in
                            asked.withLock { _ = $0.insert(layout) }
                            return page.rowTexts(layout: layout, make: make)
                        })
                    let count = asked.withLock { $0.count }
                    #expect(count == 1, "\(route) \(range)")
                    layouts += count
                    // Compared whole, so a difference names the page rather than printing it.
                    let same = kept == HTMLRenderer.renderUTF8(table, page: context, fragment: fragment)
                    #expect(same, "\(route) \(range) fragment: \(fragment)")
                }
            }
        }
        #expect(layouts == 40)
    }
}
