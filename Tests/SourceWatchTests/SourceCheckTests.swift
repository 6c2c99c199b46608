import JSON
import SourceWatchFixtures
import SpecStore
import SystemSupport
import Testing

@testable import SourceWatch

/// The check over every page: what each answer of a page's fetch comes to, and what a previous
/// report lends the next check.
@Suite struct SourceCheckTests {
    @Test func goneAndRedirectedPagesAreFindings() throws {
        let fixtures = try SourcePageFixtures.latest()
        let report = fixtures.check(
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
        let report = fixtures.check(bodies: ["layout": Array(body.utf8)])
        let layout = try #require(report.pages.first { $0.page == "layout" })
        #expect(layout.status == .unreadable)
        #expect(layout.error?.contains(reason) == true, "\(layout.error ?? "")")
        #expect(report.findings.isEmpty)
        #expect(report.exitCode == 2)
    }

    @Test func aTransferFailureIsExitTwo() throws {
        let report = try SourcePageFixtures.latest().check(answers: ["widgets": .failed("timed out")])
        #expect(report.result == "unreadable")
        #expect(report.pages.first { $0.page == "widgets" }?.error == "timed out")
    }

    @Test func notModifiedCarriesThePreviousFindingsOver() throws {
        let fixtures = try SourcePageFixtures.latest()
        let first = fixtures.check(answers: ["layout": .status(404)])
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
        var previous = fixtures.check(answers: ["layout": .status(404)])
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
}
