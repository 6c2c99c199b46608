import HTTPCore
import JSON
import SpecAPI
import SpecFormats
import SpecMCP
import SpecStore

/// MCP reads the served store's answers: a tool asked what a GET was asked reads the very answer
/// the GET keeps.
extension ServedStore: MCPAnswerSource {
    /// ``check(body:format:options:embed:)`` of `items`, in JSON: a batch check is never kept,
    /// but its tool result is made once from its representation.
    func checkAnswer(items: [UInt8], options: RequestOptions, embed: Bool) throws(APIError) -> MCPAnswer {
        .kept(try check(body: items, format: .json, options: options, embed: embed))
    }

    /// The body of ``representation(route:parameter:query:options:format:)`` in JSON.
    func jsonBody(route: Route, parameter: String?, query: QueryParameters, options: RequestOptions)
        throws(APIError) -> [UInt8]
    {
        var body: [UInt8] = []
        try representation(route: route, parameter: parameter, query: query, options: options, format: .json).ok
            .appendBody(to: &body)
        return body
    }
}

/// A kept answer keeps its tool result.
extension Representation: MCPKeptAnswer {}
