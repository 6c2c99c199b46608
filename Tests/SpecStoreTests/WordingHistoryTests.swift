import Testing

@testable import SpecStore

/// A pinned version quotes Apple's wording of its time, and figures no copy shows are uncertain.
@Suite("History of wording")
struct WordingHistoryTests {
    @Test(
        "the 2023 contrast rows say 'points', as Apple then wrote",
        arguments: [
            ("metric.accessibility.all.contrast-text-up-to-17pt", "Up to 17 points", "Up to 17 pts"),
            ("metric.accessibility.all.contrast-text-18pt", "18 points and larger", "18 pts"),
        ])
    func contrastWording(id: String, then: String, now: String) throws {
        let early = try #require(RealDataTests.store.snapshot(version: "2023").record(id: id))
        #expect(early["name"]?.stringValue?.contains(then) == true)
        #expect(early["citations"]?.arrayValue?.first?["quote"]?.stringValue == then)
        let latest = try #require(RealDataTests.store.latest.record(id: id))
        #expect(latest["name"]?.stringValue?.contains(now) == true)
    }

    @Test("the watchOS Live Activity sizes are uncertain until a copy shows them")
    func watchLiveActivitiesUncertain() throws {
        let id = "metric.live-activities.watchos.40mm.smart-stack-size"
        let early = try #require(RealDataTests.store.snapshot(version: "2024-09-09").record(id: id))
        #expect(early["presence"] == "uncertain")
        let shown = try #require(RealDataTests.store.snapshot(version: "2025-12-16").record(id: id))
        #expect(shown["presence"] == nil)
    }
}
