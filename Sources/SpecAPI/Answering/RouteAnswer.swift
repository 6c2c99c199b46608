import JSON
import SpecFormats
import SpecStore

/// One GET's answer as the API makes it: the body in the format asked, and what a carrier of it
/// says beside it (its media type, the store version, its notes and links). The server wraps it
/// in HTTP responses and keeps it; MCP reads its body.
package struct RouteAnswer {
    /// The answer in the format asked.
    package var body: [UInt8]
    /// Its media type, as `Content-Type` carries it.
    package var contentType: String
    /// The store version that answered.
    package var specVersion: String
    /// Whether the request named its version, which makes the bytes immutable.
    package var pinned: Bool
    /// A `Content-Disposition` value: a file name for CSV, Markdown and SVG.
    package var disposition: String? = nil
    /// What the answer says about itself (an empty answer's reason, a nearest row), as sentences.
    package var notes: [String] = []
    /// `Link` fields: the next page, the Markdown alternate of a page.
    package var links: [(name: String, value: String)] = []

    /// An answer of `body`, with what is said beside it.
    package init(
        body: [UInt8], contentType: String, specVersion: String, pinned: Bool, disposition: String? = nil,
        notes: [String] = [], links: [(name: String, value: String)] = []
    ) {
        self.body = body
        self.contentType = contentType
        self.specVersion = specVersion
        self.pinned = pinned
        self.disposition = disposition
        self.notes = notes
        self.links = links
    }
}

/// Making the answer to a GET.
extension RouteAnswer {
    /// The answer to a GET of `route`.
    ///
    /// - Parameters:
    ///   - openAPI: the OpenAPI document, read only to answer `/openapi.json`.
    ///   - filters: the route's own parameters in their canonical spelling
    ///     (``RouteParameters/filters``), with the filter they decode to (`decoded`) when known.
    ///   - query: the request's query, for the `Link` field of a page (API.md §6).
    ///   - catalogues: the store's field catalogues, kept by the caller across requests.
    package static func make(
        store: SpecStore, openAPI: @autoclosure () -> JSONValue, route: Route, parameter: String?,
        filters: [String: String],
        decoded: Result<any DeclaredFilter, QueryError>? = nil, options: RequestOptions, format: Format,
        query: [(name: String, value: String)] = [], catalogues: FieldCatalogues? = nil
    ) throws(APIError) -> RouteAnswer {
        let latest = store.versions.last?.id ?? ""
        switch route {
        case .openAPI:
            return RouteAnswer(
                body: AnswerContent.document(openAPI(), rows: []).encoded(
                    as: .json, options: options, route: route, version: latest),
                contentType: "application/json", specVersion: latest, pinned: false)
        case .index:
            let content = IndexDocument.content(store: store)
            let body: [UInt8] =
                format == .html
                ? Array(IndexPage.html(store: store).utf8)
                : content.encoded(as: .json, options: options, route: route, version: latest)
            return RouteAnswer(body: body, contentType: format.contentType, specVersion: latest, pinned: false)
        default:
            var options = options
            var pagedByDefault = false
            // A page for people shows a screenful or so of rows at a time, with links to the
            // next; a program asking for HTML with `limit` still gets what it asks for.
            // Dynamic Type is the exception: its page charts every row and sets them out as Apple
            // does, styles down and categories across (``TypeSizeTable``).
            if format == .html, !options.fragment, options.rows.limit == nil, route.endpoint.selectsRows,
                route.endpoint.defaultLimit == nil, route != .collection(.dynamicType)
            {
                options.rows.limit = HTMLRenderer.pageSize
                pagedByDefault = true
            }
            let (content, snapshot) = try RouteQueries.content(
                store: store, route: route, parameter: parameter, filters: filters, decoded: decoded,
                options: options, catalogues: catalogues)
            let version = snapshot.version.id
            var link: [(name: String, value: String)] = []
            if case .page(let rows) = content, let value = rows.link(path: route.template, query: query) {
                link.append(("Link", value))
            }
            // JSON (and a token file) is written from the content alone: what a page around a
            // table needs is made only for the formats that read it.
            guard format != .json, format != .tokens else {
                return RouteAnswer(
                    body: content.encoded(as: format, options: options, route: route, version: version),
                    contentType: format.contentType, specVersion: version, pinned: options.version != nil,
                    notes: content.notes, links: link)
            }
            let page = pageContext(
                content: content, store: store, snapshot: snapshot, route: route, parameter: parameter,
                filters: filters, query: query, options: options, format: format, pagedByDefault: pagedByDefault,
                catalogues: catalogues)
            if format == .html, route.formats.contains(.md) {
                // The same answer in Markdown, for an agent that lands on the page.
                link.insert(
                    ("Link", "<\(page.link(format: Format.md.rawValue))>; rel=\"alternate\"; type=\"text/markdown\""),
                    at: 0)
            }
            return RouteAnswer(
                body: content.encoded(as: format, options: options, route: route, version: version, page: page),
                contentType: format.contentType, specVersion: version, pinned: options.version != nil,
                disposition: format.disposition(for: page), notes: content.notes, links: link)
        }
    }
}

/// Judging a batch of measurements.
extension RouteAnswer {
    /// The judgement of the measurements in `body` (a JSON array) in `format`: the answer to
    /// `POST /v1/check`, and to MCP's check tool. Never pinned: it answers the body, not a URL.
    package static func check(
        store: SpecStore, body: [UInt8], format: Format, options: RequestOptions, embed: Bool
    ) throws(APIError) -> RouteAnswer {
        let content = try RouteQueries.check(store: store, body: body, version: options.version, embed: embed)
        let version = options.version ?? store.versions.last?.id ?? ""
        return RouteAnswer(
            body: content.encoded(as: format, options: options, route: .check, version: version),
            contentType: format.contentType, specVersion: version, pinned: false, notes: content.notes)
    }
}
