import SpecAPI

/// What MCP reads of a served store: its tools and resources, and the API's JSON answers. A
/// server supplies it over what it keeps between requests (its prebuilt answers and its answer
/// cache), so a tool asked what a GET was asked reads the same kept answer.
package protocol MCPAnswerSource: Sendable {
    /// The store's tools, resources and resource templates.
    var mcp: MCPCatalogue { get }

    /// The JSON answer to a GET of `route` with `query`: kept, or its body built now.
    func jsonAnswer(route: Route, parameter: String?, query: QueryParameters, options: RequestOptions)
        throws(APIError) -> MCPAnswer

    /// The JSON judgement of the measurements in `items` (a JSON array), as `POST /v1/check`
    /// gives it.
    func checkAnswer(items: [UInt8], options: RequestOptions, embed: Bool) throws(APIError) -> MCPAnswer

    /// The JSON body of a GET of `route` with `query` (a resource read).
    func jsonBody(route: Route, parameter: String?, query: QueryParameters, options: RequestOptions)
        throws(APIError) -> [UInt8]

    /// The JSON-RPC answer kept for an MCP request with the same routing headers and body, if any.
    func mcpAnswer(for key: String) -> [UInt8]?

    /// Keeps a successful JSON-RPC answer under `key` for the next identical request.
    func keepMCPAnswer(_ answer: [UInt8], for key: String)
}

/// A JSON answer a tool result is made from.
package enum MCPAnswer {
    /// An answer the server keeps, which keeps its tool result too.
    case kept(any MCPKeptAnswer)
    /// The body of an answer nothing keeps.
    case built([UInt8])
}

/// An answer a server keeps: its tool result is made once, from its body, and kept with it.
package protocol MCPKeptAnswer: AnyObject, Sendable {
    /// The body as a tool result, which `make` builds from the body the first time it is asked.
    func toolResult(_ make: ([UInt8]) -> [UInt8]) -> [UInt8]
}
