import SpecStore

/// `GET /`: the routes in a few lines, as JSON for programs and as a page for browsers.
enum IndexDocument {
    static let routes: [(path: String, summary: String)] = [
        ("/v1/devices", "screen sizes, scale and size classes per device"),
        ("/v1/devices/{id}", "one device, with the widget sizes for its screen"),
        ("/v1/size-classes", "one row per model × orientation"),
        ("/v1/widgets", "widget dimensions per screen and family"),
        ("/v1/dynamic-type", "Dynamic Type sizes per category and style"),
        ("/v1/text-styles", "the other platforms' text styles"),
        ("/v1/tracking", "tracking values per font and size"),
        ("/v1/metrics", "every other figure: controls, margins, bars, icons, …"),
        ("/v1/rules", "Apple's rules in Apple's words"),
        ("/v1/myths", "beliefs that produce false findings"),
        ("/v1/search?q=", "records of every kind matching words"),
        ("/v1/check?figure=&value=", "judges a measurement (POST takes a JSON array)"),
        ("/v1/versions", "the store versions"),
        ("/v1/diff?from=&to=", "what changed between two versions"),
        ("/v1/export", "the whole store in the data file's format"),
        ("/v1/tokens/dynamic-type/{category}", "DTCG design tokens per Dynamic Type category"),
        ("/v1/tokens/metrics", "the metrics as DTCG design tokens"),
        ("/v1/tokens/text-styles", "DTCG design tokens for the macOS and tvOS text styles"),
        ("/v1/tokens/tokens-studio", "every Dynamic Type category in the Tokens Studio single-file shape"),
        ("/openapi.json", "the OpenAPI 3.1 description of all of this"),
        ("/healthz", "liveness"),
        ("/readyz", "readiness"),
        ("/metrics", "Prometheus metrics"),
    ]

    static func content(store: SpecStore) -> Content {
        let rows: [JSONValue] = routes.map { ["path": .string($0.path), "summary": .string($0.summary)] }
        let document: JSONValue = [
            "name": "HIG spec service",
            "description": "Apple Human Interface Guidelines figures as data, each with its status and citations.",
            "version": .string(store.versions.last?.id ?? ""),
            "formats": ["json", "csv", "md", "html", "tokens"],
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
