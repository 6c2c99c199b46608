import HTTPCore
import SpecStore

extension SpecApplication {
    /// Where the last source check is served.
    static let sourcesPath = "/v1/sources"

    /// `GET /v1/sources`: the last background source check as JSON (the `sources check` report
    /// with its time), Markdown (`format=md` or `Accept: text/markdown`) or an HTML page
    /// (`format=html` or `Accept: text/html`). 404 without `--watch-sources`; 503 until the
    /// first check ends.
    func sourcesResponse(to request: borrowing HTTPRequest) -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            return Self.sourcesAnswer(
                .methodNotAllowed, code: "method-not-allowed", message: "\(Self.sourcesPath) answers GET and HEAD",
                extra: [("Allow", "GET, HEAD")])
        }
        var format: String?
        if request.hasQuery {
            let query = request.query.string
            switch query {
            case "format=json": format = "json"
            case "format=md": format = "md"
            case "format=html": format = "html"
            default:
                return Self.sourcesAnswer(
                    .badRequest, code: "bad-query",
                    message: "\(Self.sourcesPath) takes only format=json, format=md or format=html")
            }
        }
        if format == nil {
            let accept = request.headers.strings(named: "Accept").joined(separator: ",")
            format = accept.contains("text/html") ? "html" : accept.contains("text/markdown") ? "md" : "json"
        }
        guard let sourceWatch else {
            return Self.sourcesAnswer(
                .notFound, code: "not-watching",
                message:
                    "this server does not watch Apple's pages; start it with --watch-sources SECONDS (a build with the UpstreamFetch trait), or run spec-server sources check"
            )
        }
        guard let report = sourceWatch.report else {
            return Self.sourcesAnswer(
                .serviceUnavailable, code: "not-checked-yet", message: "the first source check has not finished",
                extra: [("Retry-After", "5")])
        }
        let headers: [(name: String, value: String)] = [("Cache-Control", "no-store")] + ResponseHeaders.cors
        switch format {
        case "md":
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "text/markdown; charset=utf-8")] + headers,
                body: report.markdown)
        case "html":
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "text/html; charset=utf-8")] + headers,
                body: SourcesPage.html(report))
        default:
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "application/json")] + headers,
                body: report.json.serialized() + "\n")
        }
    }

    private static func sourcesAnswer(
        _ status: HTTPStatus, code: String, message: String, extra: [(name: String, value: String)] = []
    ) -> HTTPResponse {
        let body: JSONValue = ["error": ["code": .string(code), "message": .string(message)]]
        return HTTPResponse(
            status: status,
            headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")] + extra
                + ResponseHeaders.cors,
            body: body.serialized() + "\n")
    }
}
