import JSON
import SourceWatchFixtures
import SpecStore
import Testing

@testable import HTTPCore
@testable import SourceWatch
@testable import SpecServer

extension ApplicationHarness {
    /// An application that watches Apple's pages (`--watch-sources`) and holds one finished
    /// check: the unchanged fixture pages but for the layout page, which answers 404.
    static let watchingSources: ApplicationHarness = {
        var configuration = ServerConfiguration()
        configuration.watchSourcesSeconds = 3600
        let application = SpecApplication(configuration: configuration) { _ in }
        try! application.load()
        application.sourceWatch!.record(SourcesRouteTests.driftReport, seconds: 1_796_300_000)
        return ApplicationHarness(application: application)
    }()
}

/// `GET /v1/sources` as a declared route: its answers with and without a watch, its formats and
/// errors, and its place in the index, the OpenAPI document and the request metrics.
@Suite struct SourcesRouteTests {
    /// A check of the fixture pages in which the layout page is gone.
    static let driftReport: SourceReport = {
        try! SourcePageFixtures.latest().check(answers: ["layout": .status(404)])
    }()

    let watching = ApplicationHarness.watchingSources

    @Test func aServerThatDoesNotWatchSaysHowTo() throws {
        let answer = ApplicationHarness.shared.request(.get, "/v1/sources")
        #expect(answer.status == 404)
        let error = try #require(answer.json?["error"])
        #expect(error["code"] == "not_watching")
        #expect(error["hint"]?.stringValue?.contains("--watch-sources SECONDS") == true)
        #expect(error["status"] == 404)
    }

    @Test func beforeTheFirstCheckItIsUnavailable() throws {
        var configuration = ServerConfiguration()
        configuration.watchSourcesSeconds = 60
        let application = SpecApplication(configuration: configuration) { _ in }
        try application.load()
        let answer = ApplicationHarness(application: application).request(.get, "/v1/sources")
        #expect(answer.status == 503)
        #expect(answer.json?["error"]?["code"] == "not_checked_yet")
        #expect(answer[header: "Retry-After"] != nil)
        // The probes are not the source's to fail.
        #expect(ApplicationHarness(application: application).request(.get, "/readyz").status == 200)
    }

    @Test func theLastReportIsServedAsJSON() throws {
        let answer = watching.request(.get, "/v1/sources")
        #expect(answer.status == 200)
        #expect(answer[header: "Content-Type"] == "application/json")
        #expect(answer[header: "Cache-Control"] == "no-store")
        let json = try #require(answer.json)
        #expect(json == Self.driftReport.json)
        #expect(json["result"] == "drift")
        #expect(json["findings"]?.arrayValue?.map { $0["kind"] } == ["page-missing"])
        #expect(watching.request(.get, "/v1/sources?pretty=true").text.contains("\n  \"checkedAt\": "))
    }

    @Test func markdownAndTheDocsSitePageAreNegotiated() {
        let markdown = watching.request(.get, "/v1/sources", headers: [("Accept", "text/markdown")])
        #expect(markdown[header: "Content-Type"] == "text/markdown; charset=utf-8")
        #expect(markdown.text.hasPrefix("# Source check: drift\n"))
        let page = watching.request(.get, "/v1/sources", headers: [("Accept", "text/html,*/*;q=0.8")])
        #expect(page[header: "Content-Type"] == "text/html; charset=utf-8")
        #expect(page.text.hasPrefix("<!doctype html>"))
        #expect(page.text.contains("<header class=\"site\">"), "the page wears the docs site's frame")
        #expect(page.text.contains("<h3>page-missing (1)</h3>\n<ul>\n<li>layout: "))
        #expect(page.text.contains("<li><strong>missing</strong> (1, HTTP 404): <a href="))
        #expect(page.text.contains("<a href=\"/v1/sources?format=md\">Markdown</a>"))
        #expect(watching.request(.get, "/v1/sources?format=html").text == page.text)
    }

    /// A report with many findings of one kind stays a few screens long: that kind is folded
    /// behind a disclosure naming its count, the pages one line per status.
    @Test func manyFindingsOfOneKindAreFolded() throws {
        let fixtures = try SourcePageFixtures.latest()
        let slugs = fixtures.expectations.pages.map(\.slug)
        let everyPageGone = fixtures.check(
            answers: Dictionary(uniqueKeysWithValues: slugs.map { ($0, .status(404)) }))
        #expect(slugs.count > SourcesPage.foldedAfter)
        let page = SourcesPage.html(everyPageGone)
        #expect(page.contains("<details><summary><strong>page-missing (\(slugs.count))</strong></summary>"))
        #expect(page.contains("<li><strong>missing</strong> (\(slugs.count), HTTP 404): "))
        #expect(!page.contains("<h3>page-missing"))
    }

    @Test(arguments: [
        ("/v1/sources?format=csv", 406, "not_acceptable"),
        ("/v1/sources?format=xml", 400, "unknown_value"),
        ("/v1/sources?version=2023", 400, "unknown_parameter"),
        ("/v1/sources?format=", 400, "empty_value"),
    ])
    func aBadQueryIsAClearError(target: String, status: Int, code: String) {
        let answer = watching.request(.get, target)
        #expect(answer.status == status, "\(answer.text)")
        #expect(answer.json?["error"]?["code"]?.stringValue == code, "\(answer.text)")
    }

    @Test func otherMethodsAreRefusedWithAllow() {
        let post = watching.request(.post, "/v1/sources", body: Array("{}".utf8))
        #expect(post.status == 405)
        #expect(post[header: "Allow"] == "GET, HEAD, OPTIONS")
        #expect(watching.request(.options, "/v1/sources").status == 204)
        let head = watching.request(.head, "/v1/sources")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
    }

    @Test func theIndexAndTheOpenAPIDocumentListTheRoute() throws {
        let app = ApplicationHarness.shared
        let routes = try #require(app.request(.get, "/").json?["routes"]?.arrayValue)
        #expect(routes.contains { $0["path"] == "/v1/sources" })
        let home = app.request(.get, "/", headers: [("Accept", "text/html")]).text
        #expect(home.contains("<a href=\"/v1/sources\"><code>/v1/sources</code></a>"))
        let document = try #require(app.request(.get, "/openapi.json").json)
        let get = try #require(document["paths"]?["/v1/sources"]?["get"])
        #expect(get["responses"]?["404"] != nil && get["responses"]?["503"] != nil)
        let schema = try #require(get["responses"]?["200"]?["content"]?["application/json"]?["schema"])
        #expect(schema == SourceReport.schema)
        #expect(get["responses"]?["200"]?["content"]?["text/markdown"] != nil)
        let parameters = get["parameters"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(parameters == ["format", "pretty"])
    }

    /// Every member the schema requires is in a report with findings, and no report member is
    /// left out of the schema.
    @Test func theReportMatchesItsSchema() throws {
        let report = Self.driftReport.json
        let schema = SourceReport.schema
        func check(_ object: JSONValue?, against schema: JSONValue?) throws {
            let object = try #require(object?.objectValue)
            let required = schema?["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let properties = try #require(schema?["properties"]?.objectValue)
            #expect(required.allSatisfy { object[$0] != nil }, "\(object.keys)")
            #expect(object.keys.allSatisfy { properties[$0] != nil }, "\(object.keys)")
        }
        try check(report, against: schema)
        let pages = try #require(report["pages"]?.arrayValue)
        let findings = try #require(report["findings"]?.arrayValue)
        #expect(!pages.isEmpty && !findings.isEmpty)
        for page in pages { try check(page, against: schema["properties"]?["pages"]?["items"]) }
        for finding in findings { try check(finding, against: schema["properties"]?["findings"]?["items"]) }
        let kinds = schema["properties"]?["findings"]?["items"]?["properties"]?["kind"]?["enum"]?.arrayValue
        #expect(kinds?.count == SourceFinding.Kind.allCases.count)
    }

    @Test func requestsAreCountedUnderTheRoute() {
        _ = watching.request(.get, "/v1/sources")
        let exposition = watching.request(.get, "/metrics").text
        #expect(exposition.contains("spec_server_requests_total{route=\"/v1/sources\",status=\"200\"}"))
        #expect(exposition.contains("spec_server_source_findings{kind=\"page-missing\"} 1"))
    }
}
