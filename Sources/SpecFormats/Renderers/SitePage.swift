/// The frame every HTML page shares: the site header linking the collections, breadcrumbs, the
/// main content and a footer.
package enum SitePage {
    /// The search form of the home page: a plain GET to the search results page.
    package static let searchForm = """
        <form class="hig-search" method="get" action="/v1/search" role="search">
        <input type="hidden" name="format" value="html">
        <label for="q">Search every record</label>
        <input id="q" name="q" type="search" required placeholder="hit target, body, 430x932">
        <button type="submit">Search</button>
        </form>

        """

    /// A complete page.
    ///
    /// - Parameters:
    ///   - crumbs: the trail above the heading, each with its link; the last is the page itself.
    ///   - current: the path of the collection the page belongs to, marked in the header.
    ///   - site: the header's links.
    package static func render(
        title: String, crumbs: [(String, String?)], current: String?, version: String, body: String, site: Site
    ) -> String {
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(HTMLRenderer.escape(title)) · HIG spec service</title>
            <style>
            \(SiteStyle.css)
            </style>
            </head>
            <body>
            <a class="skip" href="#main">Skip to content</a>
            <header class="site">
            <a class="site-name" href="/">HIG spec service</a>
            <nav aria-label="Collections"><ul>

            """
        for link in site.navigation {
            let marked = link.template == current ? " aria-current=\"page\"" : ""
            page += "<li><a href=\"\(link.template)\"\(marked)>\(HTMLRenderer.escape(link.label))</a></li>"
        }
        page += "\n</ul></nav>\n</header>\n<main id=\"main\">\n"
        if crumbs.count > 1 {
            page += "<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><ol>"
            for (index, crumb) in crumbs.enumerated() {
                let label = HTMLRenderer.escape(crumb.0)
                if index == crumbs.count - 1 {
                    page += "<li><span aria-current=\"page\">\(label)</span></li>"
                } else if let link = crumb.1 {
                    page += "<li><a href=\"\(HTMLRenderer.escape(link))\">\(label)</a></li>"
                } else {
                    page += "<li>\(label)</li>"
                }
            }
            page += "</ol></nav>\n"
        }
        page += body
        page += """
            </main>
            <footer>Store version \(HTMLRenderer.escape(version)). Figures marked Published are Apple's, \
            with the page and section they come from; figures marked Convention are working defaults no \
            Apple page publishes. <a href="/openapi.json">OpenAPI description</a>.</footer>
            </body>
            </html>

            """
        return page
    }
}
