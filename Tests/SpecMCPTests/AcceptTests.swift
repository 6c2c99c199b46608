import Testing

@testable import SpecMCP

/// Which `Accept` fields admit the JSON replies: a range of `application/json` (or a wildcard
/// over it) with a weight above zero, in any case, however the ranges are spaced.
@Suite struct AcceptTests {
    @Test(arguments: [
        (["application/json, text/event-stream"], true),
        (["text/event-stream,application/json"], true),
        (["APPLICATION/Json ,\ttext/event-stream"], true),
        (["text/event-stream", "application/json"], true),
        (["application/json;q=0.5"], true),
        (["*/*"], true),
        (["application/*; q=1"], true),
        (["application/json;q=0, text/event-stream"], false),
        (["text/event-stream"], false),
        (["application/jsonx, text/html"], false),
        (["application\u{0F}json"], false),
        (["application/json\u{0F}"], false),
        (["", ",", " , "], false),
        ([], false),
    ])
    func acceptsJSON(fields: [String], accepts: Bool) {
        #expect(MCPHTTPTransport.acceptsJSON(fields) == accepts)
    }
}
