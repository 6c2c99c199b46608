import HTTPCore
import JSON
import SourceWatch
import SpecAPI
import SpecFormats
import SpecStore

extension SpecApplication {
    /// `GET /v1/sources` (``Route/sources``): the last background source check as JSON (the
    /// `sources check` report with its time), Markdown or an HTML page, chosen by `format=` or
    /// `Accept` as on every route. 404 without `--watch-sources`; 503 until the first check ends.
    /// The route dispatch has already refused other methods (405 with `Allow`).
    func sourcesResponse(to request: borrowing HTTPRequest, served: ServedStore?) -> HTTPResponse {
        let format: Format
        let options: RequestOptions
        do throws(APIError) {
            let query = try readQuery(request).droppingBlankFormFields()
            options = try RequestOptions(query: query, route: .sources)
            format = try negotiate(options.format, route: .sources, request: request)
        } catch {
            return errorResponse(error, served: served)
        }
        guard let sourceWatch else {
            return errorResponse(
                APIError(
                    status: 404, code: "not_watching", message: "This server does not watch Apple's pages.",
                    hint:
                        "Start it with --watch-sources SECONDS (a build with the UpstreamFetch trait), or run spec-server sources check."
                ), served: served)
        }
        guard let report = sourceWatch.report else {
            return errorResponse(
                APIError(
                    status: 503, code: "not_checked_yet", message: "The first source check has not finished.",
                    hint: "Retry shortly; the check fetches one page at a time."), served: served)
        }
        let headers: [(name: String, value: String)] =
            [("Cache-Control", "no-store"), ("Vary", "Accept")] + ResponseHeaders.cors
        switch format {
        case .md:
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "text/markdown; charset=utf-8")] + headers,
                body: report.markdown)
        case .html:
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "text/html; charset=utf-8")] + headers,
                body: SourcesPage.html(report))
        default:
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "application/json")] + headers,
                body: report.json.serialized(pretty: options.pretty) + "\n")
        }
    }
}
