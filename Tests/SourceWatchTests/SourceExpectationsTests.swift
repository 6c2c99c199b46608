import SourceWatchFixtures
import SpecStore
import Testing

@testable import SourceWatch

/// What the store says each HIG page should hold: the pages, quotes and tables it takes from
/// them, with Apple's cells merged from the records of one row.
@Suite struct SourceExpectationsTests {
    @Test func theStoreCitesPagesQuotesAndTables() throws {
        let fixtures = try SourcePageFixtures.latest()
        let pages = fixtures.expectations.pages
        #expect(pages.map(\.slug).contains("layout"))
        #expect(pages.map(\.slug).contains("typography"))
        #expect(pages.reduce(0) { $0 + $1.quotes.count } > 50)
        let layout = fixtures.page("layout")
        let dimensions = try #require(layout.tables.first { $0.name == "screen dimensions" })
        let pro = try #require(dimensions.rows.first { $0.key == "iPad Pro 12.9-inch" })
        #expect(pro.cells == ["1024x1366 pt (2048x2732 px @2x)"])
        #expect(pro.records == ["device.ipad-pro-12-9-inch"])
        let typography = fixtures.page("typography")
        #expect(typography.tables.contains { $0.tab == "xSmall" && $0.name == "ios dynamic type" })
    }

    @Test func theTablesHoldApplesCellsMergedFromTheirRecords() throws {
        let fixtures = try SourcePageFixtures.latest()
        func row(_ table: String, tab: String? = nil, _ key: String) -> SourceExpectations.Row? {
            fixtures.expectations.pages.lazy.flatMap(\.tables).first { $0.name == table && $0.tab == tab }?.rows
                .first { $0.key == key }
        }
        // Apple's cells as the reference transcriptions of its tables give them (widgets, tracking,
        // control sizes, app icons, tvOS grids, watch screens).
        let screen = try #require(row("ios widget dimensions", "430x932"))
        #expect(screen.cells == ["170x170", "364x170", "364x382", "76x76", "172x76", "257x26"])
        #expect(screen.records.count == 6)
        #expect(
            row("ipados widget dimensions", "768x1024 | Canvas")?.cells == [
                "141x141", "305.5x141", "305.5x305.5", "634.5x305.5",
            ])
        #expect(row("ipados widget dimensions", "768x1024 | Device")?.cells.first == "120x120")
        #expect(
            row("size classes", "iPad Pro 12.9-inch")?.cells == [
                "Regular width, regular height", "Regular width, regular height",
            ])
        #expect(row("watchos widget dimensions", "40mm")?.cells == ["152x69.5"])
        #expect(row("visionos widget dimensions", "Small")?.cells == ["158x158", "268x268"])
        #expect(row("SF Pro tracking", tab: "iOS, iPadOS, visionOS", "6")?.cells == ["+41", "+0.24"])
        #expect(row("SF Compact Rounded tracking", tab: "watchOS", "96")?.cells == ["-28", "-2.62"])
        #expect(row("control sizes", "iOS, iPadOS")?.cells == ["44x44 pt", "28x28 pt"])
        #expect(row("control sizes", "tvOS")?.cells == ["66x66 pt", "56x56 pt"])
        #expect(row("app icon specifications", "watchOS")?.cells == ["1088x1088 px"])
        #expect(row("tvOS grid", tab: "Two-column grid", "Unfocused content width")?.cells == ["860 pt"])
        #expect(row("watchOS screen dimensions", "Apple Watch Ultra (3rd generation) | 49mm")?.cells == ["422", "514"])
        #expect(
            row("ios live activity dimensions", "430x932")?.cells == [
                "62.33x36.67", "62.33x36.67", "36.67\u{2013}45x36.67", "408x84\u{2013}160", "408x84\u{2013}160",
            ])
        #expect(row("ios live activity dimensions", "430x932")?.records.count == 8)
        #expect(row("ipados live activity dimensions", "1366x1024")?.cells == ["500x84\u{2013}160"])
        #expect(row("dynamic island width", "Compact or minimal | iPhone 17 Pro Max")?.cells == ["250"])
        #expect(row("watchos live activity size", "40mm")?.cells == ["152x69.5"])
        #expect(row("carplay simulator configurations", "Widescreen")?.cells == ["1920x720"])
        #expect(row("carplay live activity size", "240x78")?.records == ["metric.live-activities.carplay.240x78"])
        #expect(
            PageComparisonTests.keyTables.allSatisfy { name in
                fixtures.expectations.pages.contains { $0.tables.contains { $0.name == name } }
            })
    }
}
