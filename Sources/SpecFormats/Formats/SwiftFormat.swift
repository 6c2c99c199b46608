extension Format {
    /// Swift source (``SwiftSource``): the rows as constants a project compiles in, in the form
    /// the route's collection declares.
    package static let swift = Format(
        "swift", contentType: "text/x-swift; charset=utf-8", mediaType: ("text", "x-swift"), pageLink: nil,
        disposition: .inline, schema: .text,
        body: .text { input in
            RenderedText(
                SwiftSource.render(
                    route: input.page.route, rows: input.rows, version: input.table.version, notes: input.notes,
                    request: input.page.link(format: "swift")))
        }, onEveryTable: false, costlyPerRow: true, readsTable: false)
}
