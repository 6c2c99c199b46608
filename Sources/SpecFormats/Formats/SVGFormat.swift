extension Format {
    /// A device's screen drawn to scale with its widget sizes (``DeviceFigure``); nothing for an
    /// answer that is not one record.
    package static let svg = Format(
        "svg", contentType: "image/svg+xml", mediaType: ("image", "svg+xml"), pageLink: nil, disposition: .inline,
        schema: .text,
        body: .text { RenderedText($0.record.map { DeviceFigure.svg($0, standalone: true) + "\n" } ?? "") },
        onEveryTable: false, costlyPerRow: true, readsTable: false)
}
