import Testing

@testable import SpecStore

@Suite("Metrics, rules, myths and search")
struct GuidanceQueryTests {
    let latest = StoreFixtures.valid.latest

    @Test(
        "metric filters",
        arguments: [
            (MetricFilter(), 7), (MetricFilter(topic: "Controls"), 2), (MetricFilter(status: .convention), 2),
            (MetricFilter(status: FigureStatus(matching: "Published")), 5),
            (MetricFilter(platform: .ipados), 5), (MetricFilter(platform: .visionos), 1),
            (MetricFilter(topic: "sheets", status: .published), 0),
        ] as [(MetricFilter, Int)])
    func metricFilters(filter: MetricFilter, count: Int) throws {
        #expect(try latest.metrics(matching: filter).count == count)
    }

    @Test("an unknown topic lists the topics present")
    func unknownTopic() {
        #expect {
            try latest.metrics(matching: MetricFilter(topic: "colour"))
        } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.parameter == "topic" && error.accepted.contains("controls")
                && error.accepted.contains("sheets")
        }
    }

    @Test("a convention metric row carries its basis and no citation requirement")
    func conventionRow() throws {
        let row = try #require(latest.record(id: "metric.sheets.ios.grabber-size")?.objectValue)
        #expect(row["status"] == "convention")
        #expect(row["basis"]?["searched"] == ["HIG › Sheets"])
        #expect(
            Array(row.keys) == [
                "id", "name", "topic", "platform", "platforms", "width", "height", "bound", "status", "unit",
                "display", "citations", "basis", "since",
            ])
        // The figure as one text, built with the row: the width and height with the row's unit.
        #expect(row["display"] == "36×5 pt")
    }

    @Test(
        "rule filters",
        arguments: [
            (RuleFilter(), 3), (RuleFilter(topic: "sheets"), 2), (RuleFilter(kind: .requirement), 2),
            (RuleFilter(kind: RuleKind(matching: "should")), 1),
            (RuleFilter(platform: .macos), 1), (RuleFilter(topic: "sheets", platform: .ios), 2),
        ] as [(RuleFilter, Int)])
    func ruleFilters(filter: RuleFilter, count: Int) throws {
        #expect(try latest.rules(matching: filter).count == count)
    }

    @Test("rules?q= ranks by the words and adds a score")
    func ruleSearch() throws {
        let result = try latest.rules(matching: RuleFilter(q: "grabber resize"))
        #expect(result.items.first?["id"] == "rule.sheets.grabber")
        #expect(result.items.first?["score"]?.doubleValue ?? 0 > 0)
        let done = try latest.rules(matching: RuleFilter(q: "done cancel"))
        #expect(done.items.map { $0["id"] } == ["rule.sheets.done-cancel"])
        let none = try latest.rules(matching: RuleFilter(q: "zebra"))
        #expect(none.count == 0 && !none.notes.isEmpty)
    }

    @Test("myths by topic, with related ids")
    func myths() throws {
        let result = try latest.myths(matching: MythFilter(topic: "SHEETS"))
        #expect(result.count == 1)
        #expect(result.items[0]["verdict"] == "convention-not-rule")
        #expect(result.items[0]["related"]?.arrayValue?.count == 2)
        #expect(try StoreFixtures.valid.snapshot(version: "2023").myths(matching: MythFilter()).count == 0)
    }

    @Test(
        "search ranks across record types, best first",
        arguments: [
            ("grabber", "metric.sheets.ios.grabber-size"), ("minimum control size", "metric.controls.ios.minimum-size"),
            ("iPhone 16 Pro", "device.iphone-16-pro"), ("alert width", "metric.alerts.ios.width"),
            ("contrast", "metric.accessibility.all.contrast-ratio"), ("44 control", "metric.controls.ios.default-size"),
            ("Large Title", "type.ios.x-small.large-title"),
        ])
    func searchBestFirst(q: String, first: String) throws {
        let result = try latest.search(SearchQuery(q: q))
        #expect(result.items.first?["id"] == .string(first))
        let scores = result.items.compactMap { $0["score"]?.doubleValue }
        #expect(scores == scores.sorted(by: >))
    }

    @Test("search rows have type, id, title, snippet, score, value, unit, status, citation; type narrows")
    func searchRows() throws {
        let result = try latest.search(SearchQuery(q: "grabber", type: RecordType(matching: "myths")))
        #expect(result.count == 1)
        let row = try #require(result.items.first?.objectValue)
        #expect(
            Array(row.keys) == ["type", "id", "title", "snippet", "score", "value", "unit", "status", "citation"])
        #expect(row["type"] == "myth")
    }

    @Test("a long field's snippet is cut around the match")
    func snippet() {
        let text = String(repeating: "lorem ipsum ", count: 30) + "grabber" + String(repeating: " dolor", count: 40)
        let field = SearchIndex.Field(weight: 1, text: text)
        let snippet = SearchIndex.snippet(of: field, around: "grabber")
        #expect(snippet.contains("grabber"))
        #expect(snippet.hasPrefix("…") && snippet.hasSuffix("…"))
        #expect(snippet.count <= 162)
    }
}

@Suite("Search words")
struct SearchWordTests {
    @Test(
        "text splits into lower-cased words; digits and letters apart",
        arguments: [
            ("Minimum control size", ["minimum", "control", "size"]), ("44x44 pt", ["44", "x", "44", "pt"]),
            ("HIG › Typography", ["hig", "typography"]), ("Größe 12.5", ["größe", "12", "5"]), ("", []),
            ("title1", ["title", "1"]),
        ])
    func words(text: String, expected: [String]) {
        #expect(SearchIndex.words(of: text) == expected)
    }
}
