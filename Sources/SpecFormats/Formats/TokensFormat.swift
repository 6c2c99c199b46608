extension Format {
    /// A design-token file (``DesignTokens``, ``ColorTokens``): the answer's document, served as
    /// the token format's media type. Files a project takes whole: the route's documentation names
    /// them, and pages do not link them.
    package static let tokens = Format(
        "tokens", contentType: "application/design-tokens+json", mediaType: ("application", "design-tokens+json"),
        pageLink: nil, disposition: nil, schema: .component("DesignTokens"), body: .json, onEveryTable: false,
        costlyPerRow: true)
}
