import JSON
import SourceWatchFixtures
import SpecStore
import Testing

@testable import SourceWatch

/// One page compared with the store, against page JSON made from the store's own citations and
/// tables (``SourcePageFixtures``) and served from memory: unchanged pages give no finding, and
/// each changed copy gives its one finding.
@Suite struct PageComparisonTests {
    @Test func unchangedPagesGiveNoFinding() throws {
        let report = try SourcePageFixtures.latest().check()
        #expect(report.findings == [])
        #expect(report.result == "no-drift")
        #expect(report.exitCode == 0)
        #expect(report.pages.allSatisfy { $0.status == .compared && $0.schemaVersion == "0.3.0" })
    }

    /// A quote of `page` whose words no other quote on the page repeats, so changing it leaves
    /// no copy behind.
    static func loneQuote(_ page: SourceExpectations.Page, anchored: Bool = false) -> Int? {
        page.quotes.indices.first { index in
            let text = page.quotes[index].text
            return (!anchored || page.quotes[index].anchor != nil)
                && !page.quotes.indices.contains { $0 != index && page.quotes[$0].text.contains(text) }
        }
    }

    @Test func aRewordedQuoteIsMissing() throws {
        let fixtures = try SourcePageFixtures.latest()
        var page = fixtures.page("tab-bars")
        let index = try #require(Self.loneQuote(page))
        let original = page.quotes[index]
        page.quotes[index].text = "Reworded: " + original.text.dropFirst(12)
        let report = fixtures.check(pages: [page.slug: SourcePageFixtures.json(page)])
        #expect(report.findings.count == 1)
        let finding = try #require(report.findings.first)
        #expect(finding.kind == .quoteMissing)
        #expect(finding.page == "tab-bars")
        #expect(finding.records == [original.record])
        #expect(finding.before == original.text)
        #expect(report.exitCode == 1)
    }

    @Test func aQuoteUnderAnotherAnchorHasMoved() throws {
        let fixtures = try SourcePageFixtures.latest()
        let slug = try #require(fixtures.expectations.pages.first { Self.loneQuote($0, anchored: true) != nil }?.slug)
        var page = fixtures.page(slug)
        let index = try #require(Self.loneQuote(page, anchored: true))
        let original = page.quotes[index]
        page.quotes[index].anchor = "Somewhere-else"
        let report = fixtures.check(pages: [slug: SourcePageFixtures.json(page)])
        let moved = report.findings.filter { $0.kind == .quoteMoved }
        #expect(moved.count == 1)
        #expect(moved.first?.anchor == original.anchor)
        #expect(moved.first?.after == "#Somewhere-else")
        #expect(moved.first?.records == [original.record])
        #expect(report.findings.allSatisfy { $0.kind == .quoteMoved })
    }

    /// The layout page with the screen-dimensions table edited by `edit`.
    static func editDimensions(
        _ fixtures: SourcePageFixtures, _ edit: (inout SourceExpectations.Table) -> Void
    ) -> [String: JSONValue] {
        var page = fixtures.page("layout")
        let index = page.tables.firstIndex { $0.name == "screen dimensions" }!
        edit(&page.tables[index])
        return ["layout": SourcePageFixtures.json(page)]
    }

    @Test func aChangedCellIsAValueChange() throws {
        let fixtures = try SourcePageFixtures.latest()
        let pages = Self.editDimensions(fixtures) { table in
            let row = table.rows.firstIndex { $0.key == "iPad Pro 12.9-inch" }!
            table.rows[row].cells = ["1024x1366 pt (2048x2732 px @3x)"]
        }
        let report = fixtures.check(pages: pages)
        #expect(report.findings.count == 1)
        let finding = try #require(report.findings.first)
        #expect(finding.kind == .valueChanged)
        #expect(finding.records == ["device.ipad-pro-12-9-inch"])
        #expect(finding.before == "iPad Pro 12.9-inch: Dimensions 1024x1366 pt (2048x2732 px @2x)")
        #expect(finding.after == "iPad Pro 12.9-inch: Dimensions 1024x1366 pt (2048x2732 px @3x)")
        #expect(finding.anchor == "Specifications")
    }

    @Test func aRemovedRowIsMissingAndAnAddedRowIsNew() throws {
        let fixtures = try SourcePageFixtures.latest()
        let pages = Self.editDimensions(fixtures) { table in
            table.rows.removeAll { $0.key == "iPad Pro 12.9-inch" }
            table.rows.append(
                SourceExpectations.Row(key: "iPhone 18", cells: ["402x874 pt (1206x2622 px @3x)"], records: []))
        }
        let report = fixtures.check(pages: pages)
        #expect(report.findings.map(\.kind) == [.rowMissing, .rowNew])
        #expect(report.findings[0].records == ["device.ipad-pro-12-9-inch"])
        #expect(report.findings[1].after == "iPhone 18 | 402x874 pt (1206x2622 px @3x)")
    }

    @Test func aChangedCellInsideATabNavigatorNamesTheTab() throws {
        let fixtures = try SourcePageFixtures.latest()
        var page = fixtures.page("typography")
        let index = try #require(page.tables.firstIndex { $0.name == "ios dynamic type" && $0.tab == "xSmall" })
        let row = try #require(page.tables[index].rows.firstIndex { $0.key == "Large Title" })
        let original = page.tables[index].rows[row]
        page.tables[index].rows[row].cells[1] = "32"
        let report = fixtures.check(pages: ["typography": SourcePageFixtures.json(page)])
        #expect(report.findings.count == 1)
        let finding = try #require(report.findings.first)
        #expect(finding.kind == .valueChanged)
        #expect(finding.tab == "xSmall")
        #expect(finding.records == original.records)
        #expect(finding.before == "Large Title: Size \(original.cells[1]!)")
        #expect(finding.after == "Large Title: Size 32")
    }

    // MARK: - Every compared table

    /// The name of every table the store compares cell by cell.
    static let comparedTables = [
        "screen dimensions", "size classes", "watchOS screen dimensions", "ios dynamic type", "watchos dynamic type",
        "macos text styles", "tvos text styles", "SF Pro tracking", "SF Pro Rounded tracking", "New York tracking",
        "SF Compact tracking", "SF Compact Rounded tracking", "ios widget dimensions", "ipados widget dimensions",
        "watchos widget dimensions", "visionos widget dimensions", "app icon specifications", "control sizes",
        "tvOS grid", "ios live activity dimensions", "ipados live activity dimensions", "dynamic island width",
        "watchos live activity size", "carplay simulator configurations",
    ]

    /// The tables whose rows are only keys (CarPlay's Live Activity sizes): rows go and come,
    /// with no cell to change.
    static let keyTables = comparedTables + ["carplay live activity size"]

    /// The first page and table named `name`.
    static func table(_ fixtures: SourcePageFixtures, named name: String) throws -> (
        page: SourceExpectations.Page, index: Int
    ) {
        let page = try #require(fixtures.expectations.pages.first { $0.tables.contains { $0.name == name } })
        return (page, page.tables.firstIndex { $0.name == name }!)
    }

    @Test(arguments: comparedTables)
    func aChangedCellInEveryTableIsAValueChange(name: String) throws {
        let fixtures = try SourcePageFixtures.latest()
        var (page, index) = try Self.table(fixtures, named: name)
        let row = page.tables[index].rows.count - 1
        let original = page.tables[index].rows[row]
        let column = try #require(original.cells.firstIndex { $0 != nil })
        page.tables[index].rows[row].cells[column] = original.cells[column]! + "9"
        let report = fixtures.check(pages: [page.slug: SourcePageFixtures.json(page)])
        #expect(report.findings.map(\.kind) == [.valueChanged], "\(report.findings)")
        #expect(report.findings.first?.records == original.records)
        #expect(report.findings.first?.tab == page.tables[index].tab)
        #expect(report.findings.first?.after?.hasSuffix(original.cells[column]! + "9") == true)
    }

    @Test(arguments: keyTables)
    func aRemovedRowInEveryTableIsMissing(name: String) throws {
        let fixtures = try SourcePageFixtures.latest()
        var (page, index) = try Self.table(fixtures, named: name)
        let removed = page.tables[index].rows.removeFirst()
        let report = fixtures.check(pages: [page.slug: SourcePageFixtures.json(page)])
        #expect(report.findings.map(\.kind) == [.rowMissing], "\(report.findings)")
        #expect(report.findings.first?.records == removed.records)
        #expect(report.findings.first?.tab == page.tables[index].tab)
    }

    @Test(arguments: keyTables)
    func anAddedRowInEveryTableIsNew(name: String) throws {
        let fixtures = try SourcePageFixtures.latest()
        var (page, index) = try Self.table(fixtures, named: name)
        let table = page.tables[index]
        let key = Array(repeating: "Added", count: table.keyColumns).joined(separator: SourceExpectations.keySeparator)
        page.tables[index].rows.append(SourceExpectations.Row(key: key, cells: table.rows[0].cells, records: []))
        let report = fixtures.check(pages: [page.slug: SourcePageFixtures.json(page)])
        #expect(report.findings.map(\.kind) == [.rowNew], "\(report.findings)")
        #expect(report.findings.first?.after?.hasPrefix("Added") == true)
        #expect(report.findings.first?.tab == table.tab)
    }

    @Test func applesMultiplicationSignAndAsteriskReadAsTheStoresKeys() throws {
        let fixtures = try SourcePageFixtures.latest()
        var page = fixtures.page("widgets")
        for index in page.tables.indices {
            for row in page.tables[index].rows.indices {
                let key = page.tables[index].rows[row].key
                if key.hasPrefix("430x932") || key.hasPrefix("954x1373") {
                    page.tables[index].rows[row].key = key.replacing("x", with: "\u{D7}", maxReplacements: 1)
                        .replacing(" |", with: " * |")
                }
            }
        }
        #expect(page != fixtures.page("widgets"))
        let report = fixtures.check(pages: ["widgets": SourcePageFixtures.json(page)])
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    @Test func aChangeLogEntryAfterTheStoreVersionIsNew() throws {
        let fixtures = try SourcePageFixtures.latest()
        let page = fixtures.page("layout")
        let json = SourcePageFixtures.json(
            page,
            changeLog: [("December 1, 2099", "Added specifications for iPhone 99."), ("June 5, 2023", "New page.")])
        let report = fixtures.check(pages: ["layout": json])
        #expect(report.findings.count == 1)
        #expect(report.findings.first?.kind == .newChangeLogEntry)
        #expect(report.findings.first?.after == "December 1, 2099: Added specifications for iPhone 99.")
    }

    @Test func anOlderVersionIsComparedAsItStood() throws {
        let latest = try SourcePageFixtures.latest()
        let old = try SourcePageFixtures(version: "2023")
        let layout = latest.page("layout")
        let entry = ("September 9, 2024", "Added specifications for iPhone 16.")
        // The iPhone 16 rows arrived in 2024-09-09: new to the 2023 version, known to the latest.
        let json = SourcePageFixtures.json(layout, changeLog: [entry])
        let oldReport = old.check(pages: ["layout": json])
        #expect(oldReport.version == "2023")
        #expect(oldReport.findings.contains { $0.kind == .newChangeLogEntry })
        #expect(oldReport.findings.contains { $0.kind == .rowNew && $0.after?.hasPrefix("iPhone 16 ") == true })
        let latestReport = latest.check(pages: ["layout": json])
        #expect(latestReport.findings.isEmpty)
    }

    @Test func anUnknownSchemaVersionIsComparedNoFurther() throws {
        let fixtures = try SourcePageFixtures.latest()
        var page = fixtures.page("layout")
        page.quotes = page.quotes.map {
            var quote = $0
            quote.text = "changed"
            return quote
        }
        let report = fixtures.check(pages: ["layout": SourcePageFixtures.json(page, schemaVersion: (1, 0, 0))])
        #expect(report.findings.map(\.kind) == [.formatChanged])
        #expect(report.findings.first?.after == "1.0.0")
        #expect(report.pages.first { $0.page == "layout" }?.status == .formatChanged)
        #expect(report.exitCode == 1)
    }

    @Test func aPageNamingAnotherSlugHasMoved() throws {
        let fixtures = try SourcePageFixtures.latest()
        let json = SourcePageFixtures.json(fixtures.page("layout"), identifierSlug: "Layout-and-spacing")
        let report = fixtures.check(pages: ["layout": json])
        #expect(report.findings.map(\.kind) == [.pageMoved])
        #expect(report.findings.first?.after == "layout-and-spacing")
    }
}
