/// An API error as a page, for a request that asked for HTML (`format=html`, or a browser's
/// `Accept`): the same status, message and hint as the JSON error, inside the site's frame,
/// with the way back to pages that answer.
enum ErrorPage {
    static func html(_ error: APIError, version: String) -> String {
        let title = heading(error.status)
        var body = "<h1>\(HTMLRenderer.escape(title))</h1>\n"
        body += "<p class=\"lead\">\(HTMLRenderer.escape(error.message))</p>\n"
        if !error.hint.isEmpty { body += "<p>\(HTMLRenderer.escape(error.hint))</p>\n" }
        body += "<p class=\"hig-error-code\">Status \(error.status), <code>\(HTMLRenderer.escape(error.code))</code>"
        if let parameter = error.parameter {
            body += ", parameter <code>\(HTMLRenderer.escape(parameter))</code>"
        }
        body += ".</p>\n"
        body += "<p><a href=\"/\">Start again from the home page</a>, or search every record:</p>\n"
        body += SitePage.searchForm
        let crumbs: [(String, String?)] = [("Home", "/"), (title, nil)]
        return SitePage.render(title: title, crumbs: crumbs, current: nil, version: version, body: body)
    }

    /// A heading in words for a status.
    static func heading(_ status: Int) -> String {
        switch status {
        case 400: "That request cannot be answered as written"
        case 404: "Nothing here"
        case 405: "That method is not allowed here"
        case 406: "That format is not available here"
        case 503: "Not ready yet"
        default: "Something went wrong"
        }
    }
}
