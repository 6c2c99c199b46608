extension Format {
    /// CSV (``CSVRenderer``), saved as a file: the route's fixed columns, or those `fields=` picks.
    package static let csv = Format(
        "csv", contentType: "text/csv; charset=utf-8; header=present", mediaType: ("text", "csv"),
        pageLink: "CSV", disposition: .attachment, schema: .text,
        body: .text { input in
            RenderedText(
                utf8: CSVRenderer.renderUTF8(
                    input.table,
                    columns: input.page.route.columns(table: input.table, projection: input.page.projection)))
        }, onEveryTable: true, costlyPerRow: false,
        rowLines: RowLines(head: { CSVRenderer.header($0) }, line: CSVRenderer.row(_:keys:)))
}
