extension Format {
    /// A page for people (``HTMLRenderer``): a collection's table or a record's fields, or with
    /// `fragment=true` the table alone. Pages do not link it: it is the page itself, and its table
    /// alone is the "to embed" link.
    package static let html = Format(
        "html", contentType: "text/html; charset=utf-8", mediaType: ("text", "html"), pageLink: nil,
        disposition: nil, schema: .text,
        body: .text { input in
            // The page's bytes as written, never made a string.
            if let record = input.record {
                return RenderedText(
                    utf8: HTMLRenderer.renderRecordUTF8(
                        record, table: input.table, page: input.page, fragment: input.fragment))
            }
            return RenderedText(
                utf8: HTMLRenderer.renderUTF8(
                    input.table, page: input.page, fragment: input.fragment, keptTexts: input.keptTexts))
        }, onEveryTable: true, costlyPerRow: true)
}
