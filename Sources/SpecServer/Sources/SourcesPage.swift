import SourceWatch
import SpecAPI
import SpecFormats

/// The docs site's page for the last source check (`GET /v1/sources` as HTML): the result and its
/// counts, the pages read grouped by what became of them, then the findings grouped by kind, in
/// the site's frame.
///
/// It stays a few screens long whatever the report holds: the pages are one line per status, and
/// a kind with more than ``foldedAfter`` findings waits behind a disclosure that names its count.
enum SourcesPage {
    /// The most findings of one kind shown open.
    static let foldedAfter = 5

    /// The report as a page of the docs site.
    static func html(_ report: SourceReport) -> String {
        func escape(_ text: String) -> String { HTMLRenderer.escape(text) }
        let counts = report.counts.filter { $0.1 > 0 }
        var html = """
            <h1>Source check: \(escape(report.result))</h1>
            <p class="lead">Store version \(escape(report.version)) (\(escape(report.versionDate))), checked \
            <time datetime="\(escape(report.checkedAt))">\(escape(report.checkedAt))</time> against \
            \(escape(report.base)): \(report.pages.count) pages read, \(report.findings.count) findings\
            \(counts.isEmpty ? "" : " (" + counts.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ") + ")").</p>
            <p class="formats">The same report as <a href="/v1/sources?format=json">JSON</a> or \
            <a href="/v1/sources?format=md">Markdown</a>. Text is compared with \(escape(SourceText.convention)).</p>
            <h2 id="pages">Pages</h2>
            <ul>

            """
        let statuses = SourceReport.PageStatus.Status.allCases
        for status in statuses {
            let pages = report.pages.filter { $0.status == status }
            guard !pages.isEmpty else { continue }
            let counted = ["\(pages.count)"] + Set(pages.compactMap(\.httpStatus)).sorted().map { "HTTP \($0)" }
            html += "<li><strong>\(status.rawValue)</strong> (\(counted.joined(separator: ", "))): "
            html +=
                pages.map { page in
                    var item = "<a href=\"\(escape(page.url))\">\(escape(page.page))</a>"
                    if let error = page.error { item += " (\(escape(error)))" }
                    return item
                }.joined(separator: ", ")
            html += "</li>\n"
        }
        html += "</ul>\n<h2 id=\"findings\">Findings</h2>\n"
        if report.findings.isEmpty { html += "<p>None: the store matches every page read.</p>\n" }
        for (kind, count) in counts {
            let findings = report.findings.filter { $0.kind == kind }
            var list = "<ul>\n"
            for finding in findings {
                list += "<li>\(escape(finding.page))"
                if let anchor = finding.anchor { list += "#\(escape(anchor))" }
                if let tab = finding.tab { list += " (tab \(escape(tab)))" }
                list += ": \(escape(finding.message))"
                if !finding.records.isEmpty {
                    list += "; records " + finding.records.map { HTMLRenderer.recordLink($0) }.joined(separator: ", ")
                }
                if let before = finding.before { list += "<br>before: <q>\(escape(before))</q>" }
                if let after = finding.after { list += "<br>after: <q>\(escape(after))</q>" }
                list += "</li>\n"
            }
            list += "</ul>\n"
            let title = "\(kind.rawValue) (\(count))"
            if count > foldedAfter {
                html += "<details><summary><strong>\(title)</strong></summary>\n\(list)</details>\n"
            } else {
                html += "<h3>\(title)</h3>\n\(list)"
            }
        }
        return SitePage.render(
            title: "Source check", crumbs: [("Home", "/"), ("Source check", nil)], current: nil,
            version: report.version, body: html)
    }
}
