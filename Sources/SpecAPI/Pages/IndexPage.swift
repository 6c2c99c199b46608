import SpecFormats
import SpecStore

/// `GET /` for browsers: a search form, the collections with what each holds, and the API's
/// other routes.
package enum IndexPage {
    package static func html(store: SpecStore) -> String {
        let version = store.versions.last?.id ?? ""
        var body = """
            <h1>HIG spec service</h1>
            <p class="lead">Apple Human Interface Guidelines figures as data. Every figure says whether Apple \
            publishes it (with the page and section) or whether it is a working convention, and why.</p>
            \(SitePage.searchForm)\(commonAnswers(store: store))<h2>Collections</h2>
            <ul class="routes">

            """
        for (path, summary) in IndexDocument.routes {
            let escaped = HTMLRenderer.escape(path)
            let link =
                path.contains("{") || path.hasSuffix("=")
                ? "<code>\(escaped)</code>" : "<a href=\"\(escaped)\"><code>\(escaped)</code></a>"
            body += "<li>\(link) — \(HTMLRenderer.escape(summary))</li>\n"
        }
        body += """
            </ul>
            <p>Every page is also data: <code>?format=json|csv|md|html</code>, or ask with <code>Accept</code>; \
            <code>fragment=true</code> gives a table to embed in another site.</p>

            """
        return SitePage.render(title: "Home", crumbs: [("Home", nil)], current: nil, version: version, body: body)
    }

    /// The questions most visits start with, each one link to its answer; the latest change is
    /// the diff between the two newest store versions.
    package static func commonAnswers(store: SpecStore) -> String {
        var answers: [(String, String)] = [
            ("iPhone screen sizes", "/v1/devices?family=iphone&limit=100"),
            ("Dynamic Type at Large, the default", "/v1/dynamic-type?category=large"),
            ("Control sizes and their minimums", "/v1/metrics?topic=controls"),
            ("Widget sizes for a 430×932 pt iPhone screen", "/v1/widgets?screen=430x932"),
        ]
        let versions = store.versions.suffix(2).map(\.id)
        if versions.count == 2 {
            answers.append(
                (
                    "What changed in the latest version (\(versions[1]))",
                    "/v1/diff?from=\(versions[0])&to=\(versions[1])"
                ))
        }
        let items = answers.map { "<li><a href=\"\(HTMLRenderer.escape($0.1))\">\(HTMLRenderer.escape($0.0))</a></li>" }
        return "<h2>Common answers</h2>\n<ul class=\"routes\">\n" + items.joined(separator: "\n") + "\n</ul>\n"
    }
}
