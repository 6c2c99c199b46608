import JSON

/// Apple's statement that scopes a page's figures on one platform, such as "Use the provided iOS
/// dimensions" for Live Activities on macOS.
///
/// Declared under a source's `qualifiers` (Docs/schema.md, "Platforms follow the citation"): a
/// record that cites the source for the platform quotes the statement, and an answer for the
/// platform that holds such a record carries the statement as a note.
struct PlatformStatement: Sendable {
    /// The platform the statement is about.
    let platform: String
    /// Apple's words, as the citation quotes them.
    let quote: String
    /// Where Apple says it: page, section, URL and the quote.
    let citation: JSONObject
}
