@testable import SpecFormats

/// A table whose every value tries to break out of its format: markup, Markdown punctuation,
/// line breaks, quotes, and a citation with a script URL.
enum HostileTable {
    static let table = FlatTable(
        title: "T <b>", version: "v1",
        columns: ["name", "note"],
        rows: [
            .init(
                cells: ["a|b *c* _d_ `e` <script>alert(1)</script> \\ [x](y)", "line\nbreak, \"quoted\""],
                citations: [
                    .init(
                        page: "HIG › Layout", section: "Specs", url: "https://developer.apple.com/x?a=1&b=(2)",
                        quote: "say \"hi\""),
                    .init(page: "Evil", section: nil, url: "javascript:alert(1)", quote: nil),
                ])
        ])

    /// A page for the table on its own: a route with no layout, in a site with no other pages.
    static let page = PageContext(route: PageRoute(kind: .other, template: "/v1/t", title: "T"), site: .empty)
}
