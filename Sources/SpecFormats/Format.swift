/// A representation a route can answer in: `format=` names it, `Accept` asks for its media type.
package enum Format: String, CaseIterable, Sendable {
    case json, csv, md, html, tokens, svg, swift, css

    /// The `Content-Type` the representation is served with.
    package var contentType: String {
        switch self {
        case .json: "application/json"
        case .csv: "text/csv; charset=utf-8; header=present"
        case .md: "text/markdown; charset=utf-8"
        case .html: "text/html; charset=utf-8"
        case .tokens: "application/design-tokens+json"
        case .svg: "image/svg+xml"
        case .swift: "text/x-swift; charset=utf-8"
        case .css: "text/css; charset=utf-8"
        }
    }

    /// The link's words when an HTML page offers its data in this format ("This data as …"), or
    /// `nil` when pages do not link it. The switch is exhaustive, so a new format does not compile
    /// until it says whether pages offer it; a page links the formats its route declares.
    package var pageLink: String? {
        switch self {
        case .json: "JSON"
        case .csv: "CSV"
        case .md: "Markdown"
        // The page itself; its table alone is the "to embed" link.
        case .html: nil
        // Files a project takes whole rather than data to read on: the route's documentation
        // names them.
        case .tokens, .svg, .swift, .css: nil
        }
    }

    /// The media type `Accept` ranges are matched against.
    package var mediaType: (type: String, subtype: String) {
        switch self {
        case .json: ("application", "json")
        case .csv: ("text", "csv")
        case .md: ("text", "markdown")
        case .html: ("text", "html")
        case .tokens: ("application", "design-tokens+json")
        case .svg: ("image", "svg+xml")
        case .swift: ("text", "x-swift")
        case .css: ("text", "css")
        }
    }
}
