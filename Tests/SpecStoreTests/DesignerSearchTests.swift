import Testing

@testable import SpecStore

/// Search answers the questions a designer asks in a designer's words: each query of the set
/// names the records that must rank at its top, and the ones that must not.
@Suite("Search in a designer's words")
struct DesignerSearchTests {
    /// One question and what its first results must hold.
    struct Case: Sendable, CustomStringConvertible {
        let query: String
        /// The first result's id starts with one of these.
        var first: [String] = []
        /// Each of these ids is among the first `within` results.
        var within: Int = 3
        var expected: [String] = []
        /// No id among the first `within` results contains one of these.
        var absent: [String] = []

        var description: String { query }
    }

    static let cases: [Case] = [
        Case(
            query: "button size", first: ["metric.controls.", "metric.buttons."], within: 5,
            // The Buttons page's own 44×44 pt hit region, beside the Accessibility page's sizes.
            expected: ["metric.controls.ios.default-size", "metric.buttons.ios.minimum-hit-region"],
            absent: ["sign-in-with-apple", "apple-pay"]),
        Case(query: "minimum font size", expected: ["metric.typography.ios.minimum-text-size"]),
        Case(query: "body font size", expected: ["type.ios.large.body"]),
        Case(
            query: "tap target", first: ["metric.buttons.", "metric.controls."],
            expected: ["metric.buttons.ios.minimum-hit-region"], absent: ["device.ipod-touch"]),
        Case(
            query: "corner radius", first: ["metric."],
            expected: ["metric.alerts.visionos.accessory-view-corner-radius"]),
        Case(query: "app icon size", first: ["metric.app-icons."], within: 5),
        Case(
            query: "tab bar height",
            first: ["metric.bars.tvos.tab-bar-height", "metric.convention.bars.tab-bar-height"]),
        Case(query: "44 pt", expected: ["metric.controls.ios.default-size"], absent: ["device.iphone-x"]),
        Case(query: "141x141", first: ["widget.ios.320x568.system-small"], absent: ["device.iphone-x"]),
        Case(query: "iPad Pro 13", first: ["device.ipad-pro-12-9-inch"]),
    ]

    @Test("each designer's question ranks its figures first", arguments: cases)
    func ranks(_ question: Case) throws {
        let items = try RealDataTests.store.latest.search(SearchQuery(q: question.query)).items
        let ids = items.prefix(question.within).compactMap { $0["id"]?.stringValue }
        if !question.first.isEmpty {
            let first = ids.first ?? ""
            #expect(question.first.contains { first.hasPrefix($0) }, "\(question.query): \(ids)")
        }
        for id in question.expected { #expect(ids.contains(id), "\(question.query): \(ids)") }
        for part in question.absent {
            #expect(!ids.contains { $0.contains(part) }, "\(question.query): \(ids)")
        }
    }

    @Test("a result shows its record's figure, unit and status")
    func resultsCarryTheFigure() throws {
        let items = try RealDataTests.store.latest.search(SearchQuery(q: "minimum font size")).items
        let row = try #require(items.first { $0["id"]?.stringValue == "metric.typography.ios.minimum-text-size" })
        #expect(row["value"]?.stringValue == "11")
        #expect(row["unit"]?.stringValue == "pt")
        #expect(row["status"]?.stringValue == "published")
        let body = try #require(
            try RealDataTests.store.latest.search(SearchQuery(q: "body font size")).items.first {
                $0["id"]?.stringValue == "type.ios.large.body"
            })
        #expect(body["value"]?.stringValue == "17")
        let hit = try #require(
            try RealDataTests.store.latest.search(SearchQuery(q: "button hit region")).items.first {
                $0["id"]?.stringValue == "metric.buttons.ios.minimum-hit-region"
            })
        #expect(hit["value"]?.stringValue == "44x44")
        let myth = try #require(
            try RealDataTests.store.latest.search(SearchQuery(q: "localized", type: .myth)).items.first)
        #expect(myth["status"] == .null)
        // A myth's value is its verdict, what an answer leads with.
        #expect(myth["value"]?.stringValue == "false")
    }

    @Test("type, status and platform narrow the records searched")
    func filtersNarrow() throws {
        let store = RealDataTests.store.latest
        let conventions = try store.search(SearchQuery(q: "tab bar", status: .convention), limit: .max).result.items
        #expect(!conventions.isEmpty)
        #expect(conventions.allSatisfy { $0["status"]?.stringValue == "convention" })
        let tvos = try store.search(SearchQuery(q: "tab bar height", platform: .tvos), limit: .max).result.items
        #expect(tvos.first?["id"]?.stringValue == "metric.bars.tvos.tab-bar-height")
        #expect(!tvos.contains { $0["id"]?.stringValue == "metric.convention.bars.tab-bar-height-legacy" })
        let readings = try store.search(SearchQuery(q: "tab bar", type: .rule, status: .reading), limit: .max)
            .result.items
        #expect(readings.allSatisfy { $0["type"]?.stringValue == "rule" && $0["status"]?.stringValue == "reading" })
        // A record for every platform counts for each one.
        let widgetText = try store.search(SearchQuery(q: "minimum widget text size", platform: .carplay)).items
        #expect(widgetText.first?["id"]?.stringValue == "metric.widgets.all.minimum-text-size")
    }

    @Test("an answer the filters empty says how many match without them")
    func emptyFilteredAnswerSaysWhy() throws {
        let result = try RealDataTests.store.latest.search(SearchQuery(q: "1088x1088", type: .rule))
        #expect(result.items.isEmpty)
        let note = try #require(result.notes.first?.text { _ in "" })
        #expect(note.contains("type rule"), "\(note)")
        #expect(note.contains("without those filters"), "\(note)")
    }

    @Test("a synonym matches for the word, below the word itself")
    func synonymsMatch() {
        let synonyms = SearchSynonyms(groups: [["font", "text"], ["tap", "hit"]])
        #expect(synonyms.alternatives(of: "font") == ["text"])
        #expect(synonyms.alternatives(of: "hit") == ["tap"])
        #expect(synonyms.alternatives(of: "size").isEmpty)
        #expect(SearchSynonyms.weight < 1)
    }

    @Test("the default page is short; the note says how many more match")
    func defaultPageIsShort() throws {
        let result = try RealDataTests.store.latest.search(SearchQuery(q: "icon"))
        #expect(result.items.count == SpecSnapshot.searchLimit)
        #expect(SpecSnapshot.searchLimit == 10)
        #expect(result.notes.contains { $0.text { _ in "" }.contains("offset") })
    }

    /// A page is ranked from the best few candidates only; every page of every size must still be
    /// the same slice of the whole ranking, ties included.
    @Test("each page is a slice of the whole ranking", arguments: ["icon", "button size", "a", "tap target"])
    func pagesAreSlicesOfTheRanking(_ words: String) {
        let snapshot = RealDataTests.store.latest
        let all = snapshot.searchHits(words, filter: SearchIndex.Filter())
        #expect(all.hits.count == all.total)
        #expect(all.total > 8, "\(words) matches too little to page")
        let ids = all.hits.map(\.id)
        for limit in [1, 2, 3, 10] {
            for offset in stride(from: 0, through: all.total + 1, by: max(1, all.total / 7)) {
                let page = snapshot.searchHits(words, filter: SearchIndex.Filter(), limit: limit, offset: offset)
                #expect(page.total == all.total)
                let expected = Array(ids[min(offset, ids.count)..<min(offset + limit, ids.count)])
                #expect(page.hits.map(\.id) == expected, "\(words) limit \(limit) offset \(offset)")
            }
        }
    }
}
