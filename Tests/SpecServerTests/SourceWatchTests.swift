import Foundation
import HTTPCore
import JSON
import SpecStore
import SystemSupport
import Testing

@testable import SpecServer

/// The source watch's reader and comparison, against page JSON made from the store's own
/// citations and tables (``SourcePageFixtures``) and served from memory: unchanged pages give
/// no finding, and each changed copy gives its one finding.
@Suite struct SourceWatchTests {
    /// Runs the check with every page served from `pages` (by slug); a slug missing from `pages`
    /// is served unchanged, and `answers` overrides the whole answer for a slug.
    static func check(
        _ fixtures: SourcePageFixtures, pages: [String: JSONValue] = [:], answers: [String: PageResponse] = [:],
        bodies: [String: [UInt8]] = [:]
    ) -> SourceReport {
        let byURL = Dictionary(
            uniqueKeysWithValues: fixtures.expectations.pages.map { page in
                (SourceCheck(fetch: { _ in .notModified }).jsonURL(slug: page.slug), page)
            })
        let check = SourceCheck(fetch: { request in
            guard let page = byURL[request.url] else { return .status(404) }
            if let answer = answers[page.slug] { return answer }
            let bytes =
                bodies[page.slug]
                ?? pages[page.slug]?.serializedBytes()
                ?? fixtures.pageBytes[page.slug] ?? SourcePageFixtures.json(page).serializedBytes()
            return .body(status: 200, bytes: bytes, entityTag: nil, lastModified: nil)
        })
        return check.run(snapshot: fixtures.snapshot, now: "2026-12-03T00:00:00Z")
    }

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

    @Test func unchangedPagesGiveNoFinding() throws {
        let report = Self.check(try SourcePageFixtures.latest())
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
        let report = Self.check(fixtures, pages: [page.slug: SourcePageFixtures.json(page)])
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
        let report = Self.check(fixtures, pages: [slug: SourcePageFixtures.json(page)])
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
        let report = Self.check(fixtures, pages: pages)
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
        let report = Self.check(fixtures, pages: pages)
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
        let report = Self.check(fixtures, pages: ["typography": SourcePageFixtures.json(page)])
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
            Self.keyTables.allSatisfy { name in
                fixtures.expectations.pages.contains { $0.tables.contains { $0.name == name } }
            })
    }

    @Test(arguments: comparedTables)
    func aChangedCellInEveryTableIsAValueChange(name: String) throws {
        let fixtures = try SourcePageFixtures.latest()
        var (page, index) = try Self.table(fixtures, named: name)
        let row = page.tables[index].rows.count - 1
        let original = page.tables[index].rows[row]
        let column = try #require(original.cells.firstIndex { $0 != nil })
        page.tables[index].rows[row].cells[column] = original.cells[column]! + "9"
        let report = Self.check(fixtures, pages: [page.slug: SourcePageFixtures.json(page)])
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
        let report = Self.check(fixtures, pages: [page.slug: SourcePageFixtures.json(page)])
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
        let report = Self.check(fixtures, pages: [page.slug: SourcePageFixtures.json(page)])
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
        let report = Self.check(fixtures, pages: ["widgets": SourcePageFixtures.json(page)])
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    @Test(arguments: [
        ("170x170", "170x170", true), ("170 \u{D7} 170 pt", "170x170", true), ("171x170", "170x170", false),
        ("+41", "+41", true), ("-41", "+41", false), ("41", "+41", false), ("Semibold", "Bold", false),
        ("36.67\u{2013}45x36.67", "36.67-45x36.67", false), ("1024x1024 px", "1024x1024 px", true),
    ])
    func cellsOfSizesCompareByTheirNumbers(page: String, expected: String, same: Bool) {
        #expect(SourceText.sameCell(page, expected) == same)
    }

    @Test func aChangeLogEntryAfterTheStoreVersionIsNew() throws {
        let fixtures = try SourcePageFixtures.latest()
        let page = fixtures.page("layout")
        let json = SourcePageFixtures.json(
            page,
            changeLog: [("December 1, 2099", "Added specifications for iPhone 99."), ("June 5, 2023", "New page.")])
        let report = Self.check(fixtures, pages: ["layout": json])
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
        let oldReport = Self.check(old, pages: ["layout": json])
        #expect(oldReport.version == "2023")
        #expect(oldReport.findings.contains { $0.kind == .newChangeLogEntry })
        #expect(oldReport.findings.contains { $0.kind == .rowNew && $0.after?.hasPrefix("iPhone 16 ") == true })
        let latestReport = Self.check(latest, pages: ["layout": json])
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
        let report = Self.check(fixtures, pages: ["layout": SourcePageFixtures.json(page, schemaVersion: (1, 0, 0))])
        #expect(report.findings.map(\.kind) == [.formatChanged])
        #expect(report.findings.first?.after == "1.0.0")
        #expect(report.pages.first { $0.page == "layout" }?.status == .formatChanged)
        #expect(report.exitCode == 1)
    }

    @Test func aPageNamingAnotherSlugHasMoved() throws {
        let fixtures = try SourcePageFixtures.latest()
        let json = SourcePageFixtures.json(fixtures.page("layout"), identifierSlug: "Layout-and-spacing")
        let report = Self.check(fixtures, pages: ["layout": json])
        #expect(report.findings.map(\.kind) == [.pageMoved])
        #expect(report.findings.first?.after == "layout-and-spacing")
    }

    @Test func goneAndRedirectedPagesAreFindings() throws {
        let fixtures = try SourcePageFixtures.latest()
        let report = Self.check(
            fixtures,
            answers: ["layout": .status(404), "typography": .redirect(status: 301, location: "/elsewhere.json")])
        #expect(report.findings.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.pageMissing, .pageMoved])
        #expect(report.findings.first { $0.kind == .pageMoved }?.after == "/elsewhere.json")
        #expect(report.findings.first { $0.kind == .pageMissing }?.records.isEmpty == false)
        #expect(report.exitCode == 1)
    }

    @Test(arguments: [
        ("not json", "the body is not valid JSON"),
        ("[1, 2]", "not an object"),
        ("{\"schemaVersion\": {\"major\": 0, \"minor\": 3}}", "no primaryContentSections"),
        ("{}", "no schemaVersion"),
    ])
    func anUnreadableBodyIsAnErrorNotAFinding(body: String, reason: String) throws {
        let fixtures = try SourcePageFixtures.latest()
        let report = Self.check(fixtures, bodies: ["layout": Array(body.utf8)])
        let layout = try #require(report.pages.first { $0.page == "layout" })
        #expect(layout.status == .unreadable)
        #expect(layout.error?.contains(reason) == true, "\(layout.error ?? "")")
        #expect(report.findings.isEmpty)
        #expect(report.exitCode == 2)
    }

    @Test func aTransferFailureIsExitTwo() throws {
        let report = Self.check(try SourcePageFixtures.latest(), answers: ["widgets": .failed("timed out")])
        #expect(report.result == "unreadable")
        #expect(report.pages.first { $0.page == "widgets" }?.error == "timed out")
    }

    @Test func notModifiedCarriesThePreviousFindingsOver() throws {
        let fixtures = try SourcePageFixtures.latest()
        let first = Self.check(fixtures, answers: ["layout": .status(404)])
        let previous = try #require(SourceReport(json: try JSONValue.parse(first.json.serialized())))
        #expect(previous == first)
        let check = SourceCheck(fetch: { request in
            request.url.hasSuffix("/layout.json") ? .notModified : .status(500)
        })
        let second = check.run(snapshot: fixtures.snapshot, previous: previous)
        #expect(second.pages.first { $0.page == "layout" }?.status == .notModified)
        #expect(second.findings.map(\.kind) == [.pageMissing])
    }

    @Test func aPreviousReportOfAnotherVersionLendsNothing() throws {
        let fixtures = try SourcePageFixtures.latest()
        var previous = Self.check(fixtures, answers: ["layout": .status(404)])
        previous.version = "another-version"
        previous.pages = previous.pages.map {
            var page = $0
            page.entityTag = "\"x\""
            return page
        }
        let asked = Locked<[String?]>([])
        let check = SourceCheck(fetch: { request in
            asked.withLock { $0.append(request.entityTag) }
            return .notModified
        })
        let report = check.run(snapshot: fixtures.snapshot, previous: previous)
        #expect(asked.withLock { $0 }.allSatisfy { $0 == nil })
        #expect(report.findings.isEmpty, "no finding of another version is carried over")
    }

    @Test func theMarkdownReportNamesEachFinding() throws {
        let report = Self.check(try SourcePageFixtures.latest(), answers: ["layout": .status(404)])
        let markdown = report.markdown
        #expect(markdown.hasPrefix("# Source check: drift\n"))
        #expect(markdown.contains("- **page-missing** layout: the page answers HTTP 404"))
        #expect(markdown.contains("| layout | missing | 404 |"))
        #expect(markdown.contains(SourceText.convention))
    }

    // MARK: - The reader

    @Test func theReaderWalksTabsColumnsAndAsidesAndJoinsRuns() throws {
        let page = """
            {"schemaVersion":{"major":0,"minor":3,"patch":0},
             "identifier":{"url":"doc://com.apple.HIG/design/Human-Interface-Guidelines/Layout"},
             "primaryContentSections":[{"kind":"content","content":[
               {"type":"heading","level":2,"text":"Specs","anchor":"Specs"},
               {"type":"row","numberOfColumns":2,"columns":[{"size":1,"content":[
                 {"type":"paragraph","inlineContent":[{"type":"strong","inlineContent":[{"type":"text","text":"Use a"}]},
                   {"type":"text","text":" "},{"type":"codeVoice","code":"Text"},{"type":"text","text":" view."}]}]}]},
               {"type":"aside","style":"note","content":[{"type":"paragraph","inlineContent":[{"type":"text","text":"Aside."}]}]},
               {"type":"tabNavigator","tabs":[{"title":"xSmall","content":[
                 {"type":"heading","level":4,"text":"xSmall","anchor":"xSmall"},
                 {"type":"table","header":"row","rows":[
                   [[{"type":"paragraph","inlineContent":[{"type":"text","text":"Style"}]}]],
                   [[{"type":"paragraph","inlineContent":[{"type":"reference","identifier":"x","overridingTitle":"Body"}]}]]]}]}]},
               {"type":"paragraph","inlineContent":[{"type":"text","text":"After."}]}]}]}
            """
        let document = try PageDocument.read(Array(page.utf8))
        #expect(document.slug == "layout")
        #expect(document.passages.map(\.text) == ["Use a Text view.", "Aside.", "After."])
        #expect(document.passages.map(\.anchors) == [["Specs"], ["Specs"], ["Specs"]])
        #expect(document.tables.count == 1)
        #expect(document.tables.first?.tab == "xSmall")
        #expect(document.tables.first?.anchors == ["Specs", "xSmall"])
        #expect(document.tables.first?.header == ["Style"])
        #expect(document.tables.first?.rows == [["Body"]])
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        var block = "{\"type\":\"paragraph\",\"inlineContent\":[]}"
        for _ in 0..<100 { block = "{\"type\":\"aside\",\"content\":[\(block)]}" }
        let page = "{\"schemaVersion\":{\"major\":0,\"minor\":3},\"primaryContentSections\":[{\"content\":[\(block)]}]}"
        #expect(throws: PageReadError.self) { try PageDocument.read(Array(page.utf8)) }
    }

    @Test(arguments: [
        ("Don\u{2019}t  use\u{00A0}it", "Don't use it"),
        ("\u{201C}Done\u{201D}\n", "'Done'"),
        ("  a\t b ", "a b"),
    ])
    func textIsNormalisedByTheQuotationConvention(text: String, normalised: String) {
        #expect(SourceText.normalised(text) == normalised)
    }

    @Test func canonicallyEquivalentSpellingsMatch() {
        #expect(SourceText.contains("Caf\u{E9} menus", quote: "Cafe\u{301}"))
    }

    @Test(arguments: [
        ("September 9, 2025", "2025-09-09"), ("Dec 16, 2025", "2025-12-16"), ("June 10, 2024", "2024-06-10"),
        ("Smarch 1, 2025", nil), ("September 32, 2025", nil), ("", nil),
    ])
    func changeLogDatesReadAsDays(text: String, iso: String?) {
        #expect(ChangeLogDate.iso(text) == iso)
    }

    @Test func aMonthOrYearVersionCoversItsWholePeriod() {
        #expect(!ChangeLogDate.isAfter("2026-03-31", versionDate: "2026-03"))
        #expect(ChangeLogDate.isAfter("2026-04-01", versionDate: "2026-03"))
        #expect(!ChangeLogDate.isAfter("2023-12-31", versionDate: "2023"))
        #expect(ChangeLogDate.isAfter("2025-03-08", versionDate: "2025-03-07"))
    }

    @Test(arguments: [
        (["check", "--base", "ftp://x"], "--base must be an http or https URL"),
        (["check", "--timeout", "0"], "--timeout is 1 to 600 seconds"),
        (["check", "--format", "xml"], "--format is json or md"),
        (["check", "--base"], "--base needs a value"),
        (["lint"], "expected `sources check`"),
    ])
    func badCommandLinesSaySo(arguments: [String], message: String) {
        #expect(SourcesCommand.parse(arguments) == .failure(SourcesCommand.UsageError(message)))
    }

    #if !UpstreamFetch
        /// The exit status and standard error of the executable run with `arguments`.
        static func run(_ arguments: [String]) throws -> (status: Int32, error: String) {
            let process = Process()
            process.executableURL = ServerProcess.executable
            process.arguments = arguments
            let error = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = error
            try process.run()
            let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }

        /// The default build has no libcurl, and says which build has.
        @Test(arguments: [["sources", "check"], ["--port", "0", "--watch-sources", "60"]])
        func theDefaultBuildSaysItNeedsTheTrait(arguments: [String]) throws {
            let outcome = try Self.run(arguments)
            #expect(outcome.status == 64)
            #expect(
                outcome.error.contains(
                    "needs a build with the UpstreamFetch trait (swift build --traits UpstreamFetch)"),
                "\(outcome.error)")
        }
    #endif
}
