extension Format {
    /// JSON: the answer's document, the default of every data route.
    package static let json = Format(
        "json", contentType: "application/json", mediaType: ("application", "json"), pageLink: "JSON",
        disposition: nil, schema: .route, body: .json, onEveryTable: true, costlyPerRow: false)
}
