/// The docs site's page for the last source check: the result, the pages and the findings.
enum SourcesPage {
    /// The report as a standalone HTML page.
    static func html(_ report: SourceReport) -> String {
        func escape(_ text: String) -> String { HTMLRenderer.escape(text) }
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Source check: \(escape(report.result))</title>
            <style>body{font:16px/1.5 -apple-system,system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
            table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}</style>
            </head><body>
            <h1>Source check: \(escape(report.result))</h1>
            <p>Store version \(escape(report.version)) (\(escape(report.versionDate))), checked \
            <time datetime="\(escape(report.checkedAt))">\(escape(report.checkedAt))</time> against \
            \(escape(report.base)). Text compared with \(escape(SourceText.convention)).</p>
            <h2>Pages</h2>
            <table><thead><tr><th>Page</th><th>Status</th><th>HTTP</th><th>Schema</th><th>Findings</th><th>Error</th></tr></thead><tbody>

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
        return html + "</ul>\n</body></html>\n"
    }
}
