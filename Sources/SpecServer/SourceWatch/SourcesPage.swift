/// The docs site's page for the last source check (`GET /v1/sources` as HTML): the result, the
/// pages and the findings, in the site's frame.
enum SourcesPage {
    /// The report as a page of the docs site.
    static func html(_ report: SourceReport) -> String {
        func escape(_ text: String) -> String { HTMLRenderer.escape(text) }
        var html = """
            <h1>Source check: \(escape(report.result))</h1>
            <p>Store version \(escape(report.version)) (\(escape(report.versionDate))), checked \
            <time datetime="\(escape(report.checkedAt))">\(escape(report.checkedAt))</time> against \
            \(escape(report.base)). Text compared with \(escape(SourceText.convention)). The same report as \
            <a href="/v1/sources?format=json">JSON</a> or <a href="/v1/sources?format=md">Markdown</a>.</p>
            <h2>Pages</h2>
            <table><thead><tr><th scope="col">Page</th><th scope="col">Status</th><th scope="col">HTTP</th>\
            <th scope="col">Schema</th><th scope="col">Findings</th><th scope="col">Error</th></tr></thead><tbody>

            """
        for page in report.pages {
            html +=
                "<tr><td>\(escape(page.page))</td><td>\(page.status.rawValue)</td><td>\(page.httpStatus.map(String.init) ?? "")</td><td>\(escape(page.schemaVersion ?? ""))</td><td>\(page.findings)</td><td>\(escape(page.error ?? ""))</td></tr>\n"
        }
        html += "</tbody></table>\n<h2>Findings</h2>\n"
        if report.findings.isEmpty { html += "<p>None: the store matches every page read.</p>\n" }
        html += "<ul>\n"
        for finding in report.findings {
            html += "<li><strong>\(finding.kind.rawValue)</strong> \(escape(finding.page))"
            if let anchor = finding.anchor { html += "#\(escape(anchor))" }
            if let tab = finding.tab { html += " (tab \(escape(tab)))" }
            html += ": \(escape(finding.message))"
            if !finding.records.isEmpty { html += "; records \(escape(finding.records.joined(separator: ", ")))" }
            if let before = finding.before { html += "<br>before: \(escape(before))" }
            if let after = finding.after { html += "<br>after: \(escape(after))" }
            html += "</li>\n"
        }
        html += "</ul>\n"
        return SitePage.render(
            title: "Source check", crumbs: [("Home", "/"), ("Source check", nil)], current: nil,
            version: report.version, body: html)
    }
}
