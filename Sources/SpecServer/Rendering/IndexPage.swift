import SpecStore

/// `GET /` for browsers: a search form, the collections with what each holds, and the API's
/// other routes.
enum IndexPage {
    static func html(store: SpecStore) -> String {
        let version = store.versions.last?.id ?? ""
        var body = """
            <h1>HIG spec service</h1>
            <p class="lead">Apple Human Interface Guidelines figures as data. Every figure says whether Apple \
            publishes it (with the page and section) or whether it is a working convention, and why.</p>
            \(SitePage.searchForm)<h2>Collections</h2>
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
}
