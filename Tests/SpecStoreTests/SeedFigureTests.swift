import Testing

@testable import SpecStore

/// The figures the seed documents state are answerable, each with the status its seed supports.
@Suite("The seeds' figures")
struct SeedFigureTests {
    @Test(
        "each figure the seeds state is a record with its value and status",
        arguments: [
            ("metric.buttons.ios.prominent-buttons-per-view", 2.0, "published", "maximum"),
            ("metric.menus.ios.small-layout-items", 4, "published", "exact"),
            ("metric.menus.ios.medium-layout-items", 3, "published", "exact"),
            // The guide's own words, not Apple's: served as a convention whose basis says so.
            ("metric.app-icons.all.maximum-layer-groups", 4, "convention", "maximum"),
            ("metric.layout.visionos.button-center-spacing", 60, "published", "minimum"),
            // Apple's (Alerts › Content), not the source's one line: two lines.
            ("metric.alerts.all.title-lines", 2, "published", "maximum"),
        ])
    func figureIsAnswered(id: String, value: Double, status: String, bound: String) throws {
        let record = try #require(RealDataTests.store.latest.record(id: id))
        #expect(record["value"]?.doubleValue == value)
        #expect(record["status"]?.stringValue == status)
        #expect(record["bound"]?.stringValue == bound)
        // A figure the seeds give only in a summary carries no borrowed force; one with Apple's
        // sentence carries that sentence's force, quoted from it.
        if let force = record["force"]?.stringValue {
            let quotes = (record["citations"]?.arrayValue ?? []).compactMap { $0["quote"]?.stringValue }
            #expect(quotes.contains { $0.contains(force) }, "\(id)")
        }
    }

    @Test("the 28×28 pt 'absolute floor' is a myth corrected with Apple's advisory wording")
    func absoluteFloorIsAMyth() throws {
        let myth = try #require(RealDataTests.store.latest.record(id: "myth.minimum-control-size-absolute-floor"))
        #expect(myth["verdict"] == "misleading")
        let quotes = (myth["citations"]?.arrayValue ?? []).compactMap { $0["quote"]?.stringValue }
        #expect(quotes == ["Strive to meet the recommended minimum control size for each platform"])
        #expect(
            try RealDataTests.store.snapshot(version: "2025-01-17").record(
                id: "myth.minimum-control-size-absolute-floor") == nil)
    }

    @Test("the layered icon's groups are not older than layered icons")
    func iconGroupsStartWithLayeredIcons() throws {
        #expect(
            try RealDataTests.store.snapshot(version: "2025-03-07").record(
                id: "metric.app-icons.all.maximum-layer-groups") == nil)
        #expect(
            try RealDataTests.store.snapshot(version: "2025-06-09").record(
                id: "metric.app-icons.all.maximum-layer-groups") != nil)
    }
}
