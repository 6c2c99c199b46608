extension Format {
    /// Markdown (``MarkdownRenderer``): a heading, the table and its citations, or the table alone.
    package static let md = Format(
        "md", contentType: "text/markdown; charset=utf-8", mediaType: ("text", "markdown"), pageLink: "Markdown",
        disposition: .inline, schema: .text,
        body: .text {
            RenderedText(
                MarkdownRenderer.render($0.table, page: $0.page, fragment: $0.fragment, keptTexts: $0.keptTexts))
        },
        onEveryTable: true, costlyPerRow: false)
}
