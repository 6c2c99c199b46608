import Testing

@testable import SourceWatch

/// `--watch-sources` writes a log line when a check's outcome changes: drift found (or a
/// different number of findings), pages unreadable, or everything matching again.
@Suite struct SourceWatcherLogEventTests {
    static func report(findings: Int = 0, unreadable: [String] = []) -> SourceReport {
        let finding = SourceFinding(
            kind: .valueChanged, page: "layout", anchor: "specifications", tab: nil, records: ["device.x"],
            before: "430x932", after: "440x956", message: "A cell changed.")
        let pages =
            [SourceReport.PageStatus(page: "layout", url: "https://example/layout", status: .compared)]
            + unreadable.map { SourceReport.PageStatus(page: $0, url: "https://example/\($0)", status: .unreadable) }
        return SourceReport(
            checkedAt: "2026-12-05T10:00:00Z", version: "2026-06-08", versionDate: "2026-06-08",
            base: "https://example", pages: pages, findings: Array(repeating: finding, count: findings))
    }

    @Test func aChangeOfOutcomeIsAnEvent() {
        typealias Event = SourceWatcher.LogEvent
        let clean = Self.report()
        let drift = Self.report(findings: 2)
        let unreadable = Self.report(unreadable: ["typography"])
        #expect(Event(previous: nil, current: clean) == nil, "a first clean check says nothing")
        #expect(Event(previous: nil, current: drift) == .drift)
        #expect(Event(previous: clean, current: drift) == .drift)
        #expect(Event(previous: drift, current: drift) == nil, "the same drift again")
        #expect(Event(previous: drift, current: Self.report(findings: 3)) == .drift, "more drift")
        #expect(Event(previous: clean, current: unreadable) == .unreadable)
        #expect(Event(previous: unreadable, current: unreadable) == nil)
        #expect(Event(previous: drift, current: clean) == .recovered(was: "drift"))
        #expect(Event(previous: unreadable, current: clean) == .recovered(was: "unreadable"))
        #expect(Event(previous: clean, current: clean) == nil)
    }

    @Test func theLinesSayWhatHappenedAndWhereToLook() {
        let drift = SourceWatcher.LogEvent.drift.line(report: Self.report(findings: 2))
        let unreadable = SourceWatcher.LogEvent.unreadable.line(report: Self.report(unreadable: ["typography"]))
        let recovered = SourceWatcher.LogEvent.recovered(was: "drift").line(report: Self.report())
        #expect(drift.level == .warn && drift.message == "source drift")
        #expect(drift.fields.map(\.key) == ["version", "findings", "kinds"])
        #expect(drift.fields.map(\.value) == [.string("2026-06-08"), .int(2), .string("value-changed 2")])
        #expect(
            drift.text
                == "spec-server: Apple's pages differ from store version 2026-06-08: 2 findings (value-changed 2); "
                + "GET /v1/sources lists them")
        #expect(unreadable.level == .warn && unreadable.message == "source pages unreadable")
        #expect(unreadable.fields.map(\.key) == ["version", "pages"])
        #expect(unreadable.fields.map(\.value) == [.string("2026-06-08"), .string("typography")])
        #expect(unreadable.text == "spec-server: the source check could not read typography; GET /v1/sources says why")
        #expect(recovered.level == .info && recovered.message == "sources match")
        #expect(recovered.fields.map(\.value) == [.string("2026-06-08"), .string("drift")])
        #expect(recovered.text == "spec-server: Apple's pages match store version 2026-06-08 again (was drift)")
    }
}
