import HTTPCore

/// The fixed files a browser or a crawler asks any site for, and the stylesheet an embedded
/// table links: `/favicon.ico`, `/robots.txt` and `/hig-table.css`. Each is made once.
enum SiteFiles {
    /// The stylesheet for a `fragment=true` table on another site, light and dark: the same look
    /// as the service's own pages, under the `hig-` classes the README lists.
    static let tableStyle = """
        .hig-table{--hig-fg:#1d1d1f;--hig-muted:#555559;--hig-panel:#f5f5f7;--hig-line:#c7c7cc;--hig-link:#0050b3;\
        --hig-pub:#1b6b2f;--hig-conv:#8a4b00;border-collapse:collapse;font-size:.875rem;color:var(--hig-fg)}
        @media (prefers-color-scheme:dark){.hig-table{--hig-fg:#f2f2f7;--hig-muted:#b4b4bb;--hig-panel:#242428;\
        --hig-line:#48484f;--hig-link:#7cb8ff;--hig-pub:#6fd68a;--hig-conv:#ffb35c}}
        .hig-table caption{caption-side:top;text-align:left;padding:.5rem .75rem;color:var(--hig-muted)}
        .hig-table th,.hig-table td{border-top:1px solid var(--hig-line);padding:.35rem .6rem;text-align:left;\
        vertical-align:top}
        .hig-table thead th{background:var(--hig-panel)}
        .hig-table a{color:var(--hig-link)}
        .hig-table .hig-num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        .hig-table .hig-id{font-size:.8rem}
        .hig-table .hig-long{min-width:14rem;max-width:36rem}
        .hig-table .hig-source{min-width:12rem}
        .hig-status{font-weight:700;white-space:nowrap}
        .hig-status-published{color:var(--hig-pub)}.hig-status-convention{color:var(--hig-conv)}
        .hig-status-published::before{content:"✓ "}.hig-status-convention::before{content:"◇ "}
        .hig-cite{display:inline}
        .hig-basis{display:block;color:var(--hig-muted)}

        """

    /// The site's mark: the letters of a spec sheet on the link colour, as SVG (every current
    /// browser takes an SVG icon at this path; its type says what it is).
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" \
        fill="#0050b3"/><path d="M8 10h16M8 16h16M8 22h10" stroke="#fff" stroke-width="3" \
        stroke-linecap="round"/></svg>

        """

    /// Crawlers may read the pages; the protocol endpoints and the metrics are not pages.
    static let robots = """
        User-agent: *
        Disallow: /mcp
        Disallow: /metrics
        Allow: /

        """

    /// The path of the fragment stylesheet, as the README names it.
    static let stylePath = "/hig-table.css"

    /// The response for one of the files, or `nil` for any other path.
    static func response(for path: String) -> PreparedResponse? {
        switch path {
        case stylePath: style
        case "/favicon.ico": favicon
        case "/robots.txt": robotsFile
        default: nil
        }
    }

    private static func file(_ body: String, type: String) -> PreparedResponse {
        var headers: [(name: String, value: String)] = [
            ("Content-Type", type), ("Cache-Control", "public, max-age=86400"), ("X-Content-Type-Options", "nosniff"),
        ]
        // Another site's pages link the stylesheet.
        headers += ResponseHeaders.cors
        if type.hasPrefix("image/svg+xml") {
            headers.append(("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"))
        }
        return PreparedResponse(status: .ok, headers: headers, body: body)
    }

    private static let style = file(tableStyle, type: "text/css; charset=utf-8")
    private static let favicon = file(icon, type: "image/svg+xml")
    private static let robotsFile = file(robots, type: "text/plain; charset=utf-8")
}
