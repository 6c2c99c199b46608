/// An error as a page, for a browser that asked for HTML (`format=html`, or an `Accept` that
/// prefers `text/html` to JSON): the status, what went wrong and what would work, inside the
/// site's frame so the reader can go on from its header. Programs get the JSON error as before.
enum ErrorPage {
    /// The reason phrase a reader sees as the heading.
    static func heading(status: Int) -> String {
        switch status {
        case 400: "Bad request"
        case 404: "Not found"
        case 405: "Method not allowed"
        case 406: "Not acceptable"
        case 503: "Not ready yet"
        default: "Error"
        }
    }

    /// The whole page; `version` is the store version the footer names (empty before a store loads).
    static func html(status: Int, message: String, hint: String, version: String) -> String {
        let heading = heading(status: status)
        var body = "<h1>\(HTMLRenderer.escape(heading)) <span class=\"hig-status-code\">(\(status))</span></h1>\n"
        body += "<p class=\"lead\">\(HTMLRenderer.escape(message))</p>\n"
        if !hint.isEmpty { body += "<p>\(HTMLRenderer.escape(hint))</p>\n" }
        body += SitePage.searchForm + "<p><a href=\"/\">All collections and routes</a></p>\n"
        return SitePage.render(
            title: heading, crumbs: [("Home", "/"), (heading, nil)], current: nil, version: version, body: body)
    }
}
