import SpecStore

/// `GET /`: the routes in a few lines, as JSON for programs and as a page for browsers.
enum IndexDocument {
    /// Every route but the index itself, as the route declarations give them.
    static let routes: [(path: String, summary: String)] = Route.allCases.filter { $0 != .index }.map {
        ($0.endpoint.listedPath, $0.endpoint.summary)
    }

    static func content(store: SpecStore) -> Content {
        let rows: [JSONValue] = routes.map { ["path": .string($0.path), "summary": .string($0.summary)] }
        let document: JSONValue = [
            "name": "HIG spec service",
            "description": "Apple Human Interface Guidelines figures as data, each with its status and citations.",
            "version": .string(store.versions.last?.id ?? ""),
            "formats": .array(Format.allCases.map { .string($0.rawValue) }),
            "routes": .array(rows),
        ]
        return .document(document, rows: rows)
    }

    static func html(store: SpecStore) -> String {
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>HIG spec service</title>
            <style>body{font:15px/1.5 -apple-system,system-ui,sans-serif;margin:2rem;max-width:48rem;color:#1d1d1f}code{font-size:14px}</style>
            </head>
            <body>
            <h1>HIG spec service</h1>
            <p>Apple Human Interface Guidelines figures as data. Every figure says whether Apple publishes it
            (with page and section) or whether it is a working convention. Store version
            <code>\(HTMLRenderer.escape(store.versions.last?.id ?? ""))</code>.</p>
            <p>Formats: <code>?format=json|csv|md|html</code>, or ask with <code>Accept</code>.</p>
            <ul>

            """
        for route in routes {
            let path = HTMLRenderer.escape(route.path)
            let link =
                route.path.contains("{") || route.path.hasSuffix("=")
                ? "<code>\(path)</code>" : "<a href=\"\(path)\"><code>\(path)</code></a>"
            page += "<li>\(link) — \(HTMLRenderer.escape(route.summary))</li>\n"
        }
        page += "</ul>\n</body>\n</html>\n"
        return page
    }
}
