import Foundation
import JSON
import SpecAPI
import SpecStore
import Testing

@testable import HTTPCore
@testable import SpecFormats
@testable import SpecServer

/// The v1 contract, request by request, through the application as the engine calls it.
@Suite struct ApplicationTests {
    let app = ApplicationHarness.shared
    /// The version that answers when a request pins none: the data file's last.
    let latest = ApplicationHarness.shared.application.current!.store.latestVersion.id

    /// A request per data route that answers in every table format, from the route declarations.
    static let dataRoutes: [String] = Route.allCases.compactMap { route in
        let endpoint = route.endpoint
        guard endpoint.servesData, Set(Format.tables).isSubset(of: endpoint.formats) else { return nil }
        return endpoint.example
    }

    @Test func theRouteListCoversTheDataRoutesAClientKnows() {
        // The declarations feed the list above; these are the routes the API has always had.
        for path in [
            "/v1/devices", "/v1/devices/device.ipad-pro-11-inch", "/v1/size-classes", "/v1/widgets",
            "/v1/dynamic-type", "/v1/text-styles", "/v1/tracking", "/v1/metrics", "/v1/rules", "/v1/myths",
            "/v1/search?q=iphone", "/v1/check?figure=metric.controls.ios.minimum-size&width=20&height=20",
            "/v1/versions", "/v1/diff?from=2023&to=2025-03-07",
        ] {
            #expect(Self.dataRoutes.contains(path), "\(path)")
        }
    }

    @Test(arguments: Route.allCases)
    func everyRouteAnswersItsExample(route: Route) throws {
        let example = try #require(route.endpoint.example, "\(route) declares no example request")
        #expect(Route.match(path: String(example.prefix { $0 != "?" }))?.route == route)
        // The source report is served only by a server that watches Apple's pages.
        let harness = route == .sources ? ApplicationHarness.watchingSources : app
        #expect(harness.request(.get, example).status == 200, "\(example)")
    }

    @Test(arguments: dataRoutes, Format.allCases.filter { ![.tokens, .svg, .swift, .css].contains($0) })
    func everyDataRouteAnswersInEveryFormat(path: String, format: Format) {
        let separator = path.contains("?") ? "&" : "?"
        let answer = app.request(.get, path + separator + "format=" + format.rawValue)
        #expect(answer.status == 200, "\(path) \(format): \(answer.text.prefix(300))")
        #expect(answer[header: "Content-Type"] == format.contentType)
        #expect(answer[header: "Content-Length"] == String(answer.body.count))
        // The tag hashes the bytes, and the Spec-Note fields with them when there are any.
        let notes = answer.values(header: "Spec-Note").flatMap { Array("\r\nSpec-Note: \($0)".utf8) }
        #expect(answer[header: "ETag"] == EntityTag(of: answer.body + notes).fieldValue)
        #expect(answer[header: "Cache-Control"] == "public, max-age=300")
        // A body worth compressing also varies by Accept-Encoding (it has a gzip form).
        let vary = answer.body.count >= Representation.gzipThreshold ? "Accept, Accept-Encoding" : "Accept"
        #expect(answer[header: "Vary"] == vary)
        #expect(answer[header: "Spec-Version"] == latest)
        #expect(answer[header: "Access-Control-Allow-Origin"] == "*")
        #expect(answer[header: "Access-Control-Expose-Headers"] == "ETag, Spec-Version, Link, Spec-Note")
        if format == .json { #expect(answer.json != nil) }
        if format == .html { #expect(answer.text.hasPrefix("<!doctype html>")) }
    }

    @Test func theEnvelopeCountsItsItemsAndShapeArrayDropsIt() throws {
        let envelope = try #require(app.request(.get, "/v1/devices?family=iphone").json)
        let items = try #require(envelope["items"]?.arrayValue)
        #expect(envelope["version"]?.stringValue == latest)
        #expect(envelope["count"]?.doubleValue == Double(items.count))
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { $0["family"]?.stringValue == "iphone" })
        let bare = try #require(app.request(.get, "/v1/devices?family=iphone&shape=array").json?.arrayValue)
        #expect(bare == items)
    }

    @Test func prettyIndentsAndCompactDoesNot() {
        #expect(app.request(.get, "/v1/versions?pretty=true").text.contains("\n  \"version\": "))
        #expect(!app.request(.get, "/v1/versions").text.dropLast().contains("\n"))
    }

    @Test func aMatchingIfNoneMatchGetsA304WithTheSameValidators() {
        let first = app.request(.get, "/v1/metrics")
        let tag = try! #require(first[header: "ETag"])
        let again = app.request(.get, "/v1/metrics", headers: [("If-None-Match", tag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again[header: "ETag"] == tag)
        #expect(again[header: "Cache-Control"] == first[header: "Cache-Control"])
        #expect(again[header: "Vary"] == first[header: "Vary"])
        let filtered = app.request(.get, "/v1/metrics?topic=controls")
        let filteredAgain = app.request(
            .get, "/v1/metrics?topic=controls", headers: [("If-None-Match", "\"nope\", " + filtered[header: "ETag"]!)])
        #expect(filteredAgain.status == 304)
        #expect(app.request(.get, "/v1/metrics", headers: [("If-None-Match", "\"other\"")]).status == 200)
    }

    @Test func headCarriesTheHeadersOfGetWithoutTheBody() {
        let get = app.request(.get, "/v1/devices?format=csv")
        let head = app.request(.head, "/v1/devices?format=csv")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head[header: "Content-Length"] == get[header: "Content-Length"])
        #expect(head[header: "ETag"] == get[header: "ETag"])
    }

    @Test func pinningAVersionMakesTheAnswerImmutableAndOlder() throws {
        let pinned = app.request(.get, "/v1/devices?version=2023")
        #expect(pinned.status == 200)
        #expect(pinned[header: "Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(pinned[header: "Spec-Version"] == "2023")
        let old = try #require(pinned.json?["count"]?.doubleValue)
        let new = try #require(app.request(.get, "/v1/devices").json?["count"]?.doubleValue)
        #expect(old < new)
        let unknown = app.request(.get, "/v1/devices?version=1999")
        #expect(unknown.status == 404)
        #expect(unknown.json?["error"]?["hint"]?.stringValue?.contains("2025-03-07") == true)
    }

    @Test(
        arguments: [
            ("/v1/devices?colour=red", 400, "unknown_parameter"),
            ("/v1/devices?family=toaster", 400, "unknown_value"),
            ("/v1/devices?format=xml", 400, "unknown_value"),
            ("/v1/devices?pretty=maybe", 400, "unknown_value"),
            ("/v1/devices?shape=list", 400, "unknown_value"),
            ("/v1/devices?family=%zz", 400, "bad_query"),
            ("/v1/devices?family=iphone&family=ipad", 400, "bad_query"),
            ("/v1/devices/device.toaster", 404, "not_found"),
            ("/v1/widgets?device=device.toaster", 404, "not_found"),
            ("/v1/size-classes?device=toaster", 404, "not_found"),
            ("/v1/export?format=csv", 406, "not_acceptable"),
            ("/v1/search", 400, "missing_parameter"),
            ("/v1/nothing", 404, "not_found"),
            ("/healthz?x=1", 400, "unknown_parameter"),
        ] as [(String, Int, String)])
    func badRequestsGetJSONErrorsThatSayWhy(path: String, status: Int, code: String) throws {
        let answer = app.request(.get, path, headers: [("Accept", "text/html")])
        #expect(answer.status == status, "\(path): \(answer.text)")
        #expect(answer[header: "Content-Type"] == "application/json")
        let error = try #require(answer.json?["error"], "\(path): \(answer.text)")
        #expect(error["status"]?.doubleValue == Double(status))
        #expect(error["code"]?.stringValue == code)
        #expect((error["message"]?.stringValue ?? "").isEmpty == false)
        #expect((error["hint"]?.stringValue ?? "").isEmpty == false)
    }

    @Test func aBadValueNamesTheParameterAndListsTheAcceptedValues() throws {
        let error = try #require(app.request(.get, "/v1/devices?family=toaster").json?["error"])
        let text = (error["message"]?.stringValue ?? "") + (error["hint"]?.stringValue ?? "")
        #expect(text.contains("family"))
        #expect(text.contains("iphone") && text.contains("ipad"))
    }

    @Test func aliasesAndCaseDoNotMatter() throws {
        let canonical = app.request(.get, "/v1/dynamic-type?category=accessibility5&style=subheadline").json
        for spelling in [
            "category=AX5&style=Subhead", "category=ax5&style=subheadline", "category=Accessibility5&style=SUBHEADLINE",
        ] {
            let answer = app.request(.get, "/v1/dynamic-type?" + spelling)
            #expect(answer.status == 200)
            #expect(answer.json?["items"] == canonical?["items"], "\(spelling)")
        }
        #expect((canonical?["count"]?.doubleValue ?? 0) > 0)
    }

    @Test(
        arguments: [
            (HTTPMethod.put, "/v1/devices", "GET, HEAD, OPTIONS"),
            (.delete, "/v1/devices/device.ipad-pro-11-inch", "GET, HEAD, OPTIONS"),
            (.post, "/v1/metrics", "GET, HEAD, OPTIONS"), (.patch, "/v1/check", "GET, HEAD, POST, OPTIONS"),
            (.trace, "/", "GET, HEAD, OPTIONS"),
        ] as [(HTTPMethod, String, String)])
    func otherMethodsOnKnownPathsAre405WithAllow(method: HTTPMethod, path: String, allow: String) {
        let answer = app.request(method, path)
        #expect(answer.status == 405)
        #expect(answer[header: "Allow"] == allow)
        #expect(answer.json?["error"]?["code"]?.stringValue == "method_not_allowed")
    }

    @Test(arguments: ["QUERY", "PURGE", "get", "M-SEARCH"])
    func methodsTheEngineDoesNotNameAre405OnKnownPathsAnd404Elsewhere(method: String) throws {
        let known = try app.request(raw: "\(method) /v1/devices?format=csv HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(known.status == 405)
        #expect(known[header: "Allow"] == "GET, HEAD, OPTIONS")
        #expect(known.json?["error"]?["code"]?.stringValue == "method_not_allowed")
        #expect(known.json?["error"]?["message"]?.stringValue?.contains(method) == true)
        let check = try app.request(raw: "\(method) /v1/check HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(check[header: "Allow"] == "GET, HEAD, POST, OPTIONS")
        let unknown = try app.request(raw: "\(method) /v1/nowhere HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(unknown.status == 404)
        #expect(unknown[header: "Allow"] == nil)
    }

    @Test func preflightFromANullOriginIsAllowed() {
        let answer = app.request(
            .options, "/v1/tokens/dynamic-type/large",
            headers: [
                ("Origin", "null"), ("Access-Control-Request-Method", "GET"),
                ("Access-Control-Request-Headers", "x-token, accept"),
            ])
        #expect(answer.status == 204)
        #expect(answer.body.isEmpty)
        #expect(answer[header: "Access-Control-Allow-Origin"] == "*")
        #expect(answer[header: "Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS")
        #expect(answer[header: "Access-Control-Allow-Headers"] == "x-token, accept")
        #expect(
            app.request(.get, "/v1/devices", headers: [("Origin", "null")])[header: "Access-Control-Allow-Origin"]
                == "*")
    }

    @Test func acceptChoosesTheFormatAnd406ListsWhatCanBeMade() throws {
        #expect(
            app.request(.get, "/v1/widgets", headers: [("Accept", "text/csv")])[header: "Content-Type"]
                == Format.csv.contentType)
        #expect(
            app.request(.get, "/v1/widgets", headers: [("Accept", "text/markdown;q=0.9, text/html;q=0.8")])[
                header: "Content-Type"] == Format.md.contentType)
        let refused = app.request(.get, "/v1/widgets", headers: [("Accept", "image/png")])
        #expect(refused.status == 406)
        let hint = try #require(refused.json?["error"]?["hint"]?.stringValue)
        for format in ["json", "csv", "md", "html"] { #expect(hint.contains(format)) }
    }

    @Test func theIndexIsHTMLForBrowsersAndJSONOtherwise() {
        let browser = app.request(.get, "/", headers: [("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")])
        #expect(browser[header: "Content-Type"] == Format.html.contentType)
        #expect(browser.text.contains("/v1/devices"))
        let curl = app.request(.get, "/", headers: [("Accept", "*/*")])
        #expect(curl[header: "Content-Type"] == "application/json")
        #expect(curl.json?["routes"]?.arrayValue?.isEmpty == false)
    }

    @Test func htmlFragmentIsOnlyTheTable() {
        let fragment = app.request(.get, "/v1/size-classes?format=html&fragment=true").text
        #expect(fragment.hasPrefix("<table class=\"hig-table\">"))
        #expect(fragment.hasSuffix("</table>"))
    }

    @Test func dynamicTypeTokensHaveTheSameTokenSetInEveryCategory() throws {
        var shapes: Set<[String]> = []
        for category in FilterVocabulary.categories {
            let answer = app.request(.get, "/v1/tokens/dynamic-type/\(category)")
            #expect(answer.status == 200)
            #expect(answer[header: "Content-Type"] == "application/design-tokens+json")
            let typography = try #require(answer.json?["typography"]?.objectValue)
            shapes.insert(
                typography.flatMap { style in (style.value.objectValue?.keys ?? []).map { style.key + "/" + $0 } })
            let body = try #require(typography["body"])
            #expect(body["fontSize"]?["$type"]?.stringValue == "dimension")
            #expect(body["fontSize"]?["$value"]?["unit"]?.stringValue == "px")
            #expect(body["fontFamily"]?["$value"]?.stringValue == "SF Pro")
            #expect(body["fontSize"]?["$extensions"]?["org.hig-spec"]?["status"]?.stringValue == "published")
        }
        #expect(shapes.count == 1)
        let large = try #require(app.request(.get, "/v1/tokens/dynamic-type/large?flat=true").json)
        #expect(large["typography"]?["body"]?["fontSize"]?["$value"]?.doubleValue == 17)
    }

    @Test func metricTokensCarryProvenance() throws {
        let tokens = try #require(app.request(.get, "/v1/tokens/metrics").json)
        let size = try #require(tokens["controls"]?["ios"]?["minimum-size"]?["width"])
        #expect(size["$type"]?.stringValue == "dimension")
        #expect(size["$value"]?["value"]?.doubleValue == 28)
        #expect(
            size["$extensions"]?["org.hig-spec"]?["citation"]?.stringValue?.hasPrefix("https://developer.apple.com/")
                == true)
    }

    @Test func postCheckJudgesAFrame() throws {
        let body = Array(
            #"[{"figure":"metric.controls.ios.minimum-size","width":20,"height":20},{"figure":"metric.controls.ios.minimum-size","width":44,"height":44}]"#
                .utf8)
        let answer = app.request(.post, "/v1/check", body: body)
        #expect(answer.status == 200, "\(answer.text)")
        let items = try #require(answer.json?["items"]?.arrayValue)
        #expect(items.count == 2)
        #expect(items[0]["result"]?.stringValue == "below-published")
        #expect(items[1]["result"]?.stringValue == "ok")
        #expect(app.request(.post, "/v1/check", body: Array("{}".utf8)).status == 400)
        // The document's maxItems is held to.
        let item = #"{"figure":"metric.controls.ios.minimum-size","width":44,"height":44}"#
        let tooMany = "[" + Array(repeating: item, count: RouteQueries.maxMeasurements + 1).joined(separator: ",") + "]"
        #expect(app.request(.post, "/v1/check", body: Array(tooMany.utf8)).status == 400)
        let most = "[" + Array(repeating: item, count: RouteQueries.maxMeasurements).joined(separator: ",") + "]"
        #expect(app.request(.post, "/v1/check", body: Array(most.utf8)).status == 200)
        // A number in a string is not a JSON number: that item is refused, in its own row.
        let quoted = #"[{"figure":"metric.controls.ios.minimum-size","width":"44","height":44}]"#
        let refused = app.request(.post, "/v1/check", body: Array(quoted.utf8))
        #expect(refused.status == 200)
        #expect(refused.json?["items"]?.arrayValue?.first?["error"]?["parameter"]?.stringValue == "width")
        #expect(app.request(.post, "/v1/check", body: Array("[".utf8)).status == 400)
    }

    @Test func checkRefusesAValueForAWidthByHeightFigureNamingTheParameter() throws {
        // The measurement is refused in its row, as one item of a batch is: the request itself
        // is well formed (and valid against the document), so it is not a 400.
        let answer = app.request(.get, "/v1/check?figure=metric.controls.ios.minimum-size&value=44")
        #expect(answer.status == 200)
        #expect(answer[header: "Content-Type"] == "application/json")
        let error = try #require(answer.json?["items"]?.arrayValue?.first?["error"])
        #expect(error["code"]?.stringValue == "invalid_value")
        #expect(error["parameter"]?.stringValue == "value")
        let hint = try #require(error["hint"]?.stringValue)
        #expect(hint.contains("width=") && hint.contains("height="), "\(hint)")
        // The document says so, where a client reads about the parameter and the operation.
        let document = try #require(app.request(.get, "/openapi.json").json)
        let operation = document["paths"]?["/v1/check"]?["get"]
        #expect(operation?["description"]?.stringValue?.contains("width × height") == true)
        let value = operation?["parameters"]?.arrayValue?.first { $0["name"]?.stringValue == "value" }
        #expect(value?["description"]?.stringValue?.contains("error") == true)
    }

    @Test func theOpenAPIDocumentDescribesEveryRoute() throws {
        let document = try #require(app.request(.get, "/openapi.json").json)
        #expect(document["openapi"]?.stringValue == "3.1.0")
        let paths = try #require(document["paths"]?.objectValue)
        for route in Route.allCases { #expect(paths.contains(key: route.template), "\(route.template)") }
        let family = paths["/v1/devices"]?["get"]?["parameters"]?.arrayValue?.first {
            $0["name"]?.stringValue == "family"
        }
        #expect(family?["schema"]?["enum"]?.arrayValue?.contains("iphone") == true)
    }

    @Test func healthReadinessAndMetrics() {
        #expect(app.request(.get, "/healthz").status == 200)
        #expect(app.request(.get, "/readyz").status == 200)
        _ = app.request(.get, "/v1/devices")
        let metrics = app.request(.get, "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.text.contains("spec_server_requests_total{route=\"/v1/devices\",status=\"200\"}"))
        #expect(metrics.text.contains("spec_server_request_duration_seconds_bucket{route=\"/v1/devices\",le=\"+Inf\"}"))
        #expect(metrics.text.contains("spec_server_store_info{version=\"\(latest)\"} 1"))
        let empty = SpecApplication(configuration: ServerConfiguration()) { _ in }
        let notReady = ApplicationHarness(application: empty)
        #expect(notReady.request(.get, "/readyz").status == 503)
        #expect(notReady.request(.get, "/healthz").status == 200)
        #expect(notReady.request(.get, "/v1/devices").status == 503)
    }

    @Test func reloadSwapsInAValidFileAndKeepsServingOnAnInvalidOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spec-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("specs.json")
        try Data(EmbeddedSpecData.json.utf8).write(to: file)
        var configuration = ServerConfiguration()
        configuration.dataPath = file.path
        let lines = LogLines()
        let application = SpecApplication(configuration: configuration) { lines.append($0) }
        try application.load()
        let harness = ApplicationHarness(application: application)
        let before = harness.request(.get, "/v1/versions")

        // A store whose latest version is retitled: valid, and visibly different.
        let edited = EmbeddedSpecData.json.replacingOccurrences(
            of: "\"title\": \"HIG spec store\"", with: "\"title\": \"HIG spec store, edited\"")
        try Data(edited.utf8).write(to: file)
        application.reload()
        #expect(lines.all.last?.contains("reloaded") == true)
        #expect(harness.request(.get, "/v1/versions").status == 200)

        try Data("{\"schemaVersion\": 99}".utf8).write(to: file)
        application.reload()
        #expect(lines.all.last?.contains("reload refused") == true)
        #expect(lines.all.last?.contains("schema") == true)
        let after = harness.request(.get, "/v1/versions")
        #expect(after.status == 200)
        #expect(after.body == before.body)
    }
}

final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// A data file's size, not the code, sets how many records a route has: the first
/// ``ServedStore/maximumPrebuiltRecords`` are built at start, the rest when asked for.
@Suite struct LargeStoreTests {
    @Test func recordsPastThePrebuiltOnesAreServedWhenAskedFor() throws {
        // The embedded store with 300 more devices, each a copy of the first under its own id.
        var root = try JSONValue.parse(Array(EmbeddedSpecData.json.utf8))
        guard case .object(var top) = root, case .array(var devices)? = top["devices"],
            case .object(let first)? = devices.first
        else { throw SpecStoreError(code: .wrongType, file: "embedded", jsonPath: "$.devices", message: "no devices") }
        let extra = ServedStore.maximumPrebuiltRecords + 44
        for n in 0..<extra {
            var copy = first
            copy["id"] = .string("device.large-store-copy-\(n)")
            copy["name"] = .string("Large store copy \(n)")
            devices.append(.object(copy))
        }
        top["devices"] = .array(devices)
        root = .object(top)
        let store = try SpecStore.load(bytes: root.serializedBytes(), sourceName: "large.json")
        // The first devices' pages are prepared at load; the last one's are not.
        let served = ServedStore(store: store, cacheBudget: 1 << 20)
        let prepared = { (id: String) in
            try ServedStoreTests.responseBytes(served, "GET /v1/devices/\(id) HTTP/1.1\r\nHost: x\r\n\r\n") != nil
        }
        #expect(try prepared("device.large-store-copy-0"))
        #expect(try !prepared("device.large-store-copy-\(extra - 1)"))

        let application = SpecApplication(configuration: ServerConfiguration()) { _ in }
        application.install(store)
        let harness = ApplicationHarness(application: application)

        let last = "/v1/devices/device.large-store-copy-\(extra - 1)"
        let json = harness.request(.get, last)
        #expect(json.status == 200)
        #expect(json.json?["item"]?["name"] == .string("Large store copy \(extra - 1)"))
        let page = harness.request(.get, last + "?format=html")
        #expect(page.status == 200)
        #expect(page.text.contains("Large store copy \(extra - 1)"))
        // Asked again, the same bytes and tag: built once, then kept in the answer cache.
        let again = harness.request(.get, last)
        #expect(again.body == json.body)
        #expect(again[header: "ETag"] == json[header: "ETag"])
        #expect(harness.request(.get, "/v1/devices").json?["total"] == .number(JSONNumber(devices.count)))
    }
}
