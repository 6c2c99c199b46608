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
        var page = HTMLWriter(capacity: SiteStyle.css.utf8.count + body.utf8.count + 4096)
        writeOpening(title: title, crumbs: crumbs, current: current, site: site, into: &page)
        page.write(body)
        writeClosing(version: version, into: &page)
        return page.text
    }

    /// A page's first part, up to where its content begins: the head with the style sheet, the
    /// site header and the breadcrumbs (see ``render(title:crumbs:current:version:body:site:)``).
    package static func writeOpening(
        title: String, crumbs: [(String, String?)], current: String?, site: Site, into page: inout HTMLWriter
    ) {
        page.write(
            """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>
            """)
        page.write(escaping: title)
        page.write(" · HIG spec service</title>\n<style>\n")
        page.write(SiteStyle.cssBytes)
        page.write(
            """

            </style>
            </head>
            <body>
            <a class="skip" href="#main">Skip to content</a>
            <header class="site">
            <a class="site-name" href="/">HIG spec service</a>
            <nav aria-label="Collections"><ul>

            """)
        page.write(site.navigationItems(current: current))
        page.write("\n</ul></nav>\n</header>\n<main id=\"main\">\n")
        guard crumbs.count > 1 else { return }
        page.write("<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><ol>")
        for (index, crumb) in crumbs.enumerated() {
            if index == crumbs.count - 1 {
                page.write("<li><span aria-current=\"page\">")
                page.write(escaping: crumb.0)
                page.write("</span></li>")
            } else if let link = crumb.1 {
                page.write("<li><a href=\"")
                page.write(escaping: link)
                page.write("\">")
                page.write(escaping: crumb.0)
                page.write("</a></li>")
            } else {
                page.write("<li>")
                page.write(escaping: crumb.0)
                page.write("</li>")
            }
        }
        page.write("</ol></nav>\n")
    }

    /// A page's last part, after its content: the footer with the store version.
    package static func writeClosing(version: String, into page: inout HTMLWriter) {
        page.write("</main>\n<footer>Store version ")
        page.write(escaping: version)
        page.write(
            """
            . Figures marked Published are Apple's, \
            with the page and section they come from; figures marked Convention are working defaults no \
            Apple page publishes. <a href="/openapi.json">OpenAPI description</a>.</footer>
            </body>
            </html>

            """)
    }
}
