import Synchronization
import Testing

@testable import SpecServer

/// `--watch-sources` writes a log line when a check's outcome changes: drift found (or a
/// different number of findings), pages unreadable, or everything matching again.
@Suite struct SourceWatchLogTests {
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

    @Test(arguments: [ServerConfiguration.LogFormat.text, .json])
    func theLinesSayWhatHappenedAndWhereToLook(format: ServerConfiguration.LogFormat) {
        let lines = Mutex<[String]>([])
        let log = ServerLog(format: format) { line in lines.withLock { $0.append(line) } }
        SourceWatcher.LogEvent.drift.write(to: log, report: Self.report(findings: 2))
        SourceWatcher.LogEvent.unreadable.write(to: log, report: Self.report(unreadable: ["typography"]))
        SourceWatcher.LogEvent.recovered(was: "drift").write(to: log, report: Self.report())
        let written = lines.withLock { $0 }
        #expect(written.count == 3)
        if format == .json {
            #expect(written[0].contains(#""level":"warn","msg":"source drift""#), "\(written[0])")
            #expect(written[0].contains(#""findings":2,"kinds":"value-changed 2""#), "\(written[0])")
            #expect(
                written[1].contains(#""msg":"source pages unreadable""#)
                    && written[1].contains(#""pages":"typography""#))
            #expect(
                written[2].contains(#""level":"info","msg":"sources match""#) && written[2].contains(#""was":"drift""#))
        } else {
            #expect(
                written[0]
                    == "spec-server: Apple's pages differ from store version 2026-06-08: 2 findings (value-changed 2); "
                    + "GET /v1/sources lists them")
            #expect(written[1] == "spec-server: the source check could not read typography; GET /v1/sources says why")
            #expect(written[2] == "spec-server: Apple's pages match store version 2026-06-08 again (was drift)")
        }
    }
}
