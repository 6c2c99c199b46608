extension Format {
    /// A CSS style sheet of the colors (``ColorStyleSheet``).
    package static let css = Format(
        "css", contentType: "text/css; charset=utf-8", mediaType: ("text", "css"), pageLink: nil,
        disposition: .inline, schema: .text,
        body: .text { input in
            RenderedText(
                ColorStyleSheet.render(
                    rows: input.rows, version: input.table.version, notes: input.notes,
                    request: input.page.link(format: "css")))
        }, onEveryTable: false, costlyPerRow: false, readsTable: false)
}
