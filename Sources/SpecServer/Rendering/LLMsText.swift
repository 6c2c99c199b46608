import SpecAPI
import SpecFormats
import SpecMCP
import SpecStore

/// `GET /llms.txt`: the service described for agents in the llms.txt format — an H1, a one-line
/// summary, then sections of links — built from the route declarations once per store.
enum LLMsText {
    /// The path it answers on.
    static let path = "/llms.txt"

    /// The text for a store whose latest version is `version`.
    static func text(version: String) -> String {
        var text = """
            # HIG spec service

            > Apple Human Interface Guidelines figures as data, not prose: every figure with its unit, its status (published: Apple publishes it, cited by page and section; convention: a working default not on Apple's pages, never a HIG violation) and its citations, in store versions that follow Apple's dated changes (latest: \(version)).

            Every route below answers JSON by default; add format=md for Markdown (the links below), format=csv for CSV, version=V to answer as the HIG stood then. Errors are JSON and name the parameter at fault. Agents can call the same answers as MCP tools: POST /mcp (Streamable HTTP, JSON responses, both protocol eras) or `spec-server mcp` over stdio.

            ## Collections

            """
        // A collection whose MCP tool is still to come (complications) is a collection all the same.
        for route in Route.allCases
        where MCPCatalogue.isCollectionResource(route)
            || (ServedCollection.of(route) != nil && route.endpoint.tool == nil)
        {
            text += link(
                route.title, route.template, summary: route.endpoint.summary, markdown: route.formats.contains(.md))
        }
        text += "\n## Records and questions\n\n"
        for route in Route.allCases where MCPCatalogue.isRecordRoute(route) {
            text += "- \(route.title): \(route.template) (\(route.endpoint.summary)); add format=md for Markdown\n"
        }
        for route in [Route.search, .check, .diff] {
            let example = route.endpoint.example ?? route.template
            text += link(route.title, example, summary: route.endpoint.summary, markdown: route.formats.contains(.md))
        }
        text += """

            ## For agents and programs

            - [MCP endpoint](\(MCPHTTPTransport.path)): POST only; tools mirror the routes above (each tool's result is the route's JSON) and every record is a resource (hig://v1/devices/{id})
            - [OpenAPI](/openapi.json): every route, parameter and record schema
            - [Index](/): the routes in a few lines

            ## Optional

            - [Export](/v1/export): the whole store in the data file's format
            - [Design tokens](/v1/tokens/dynamic-type/large): Dynamic Type as W3C design tokens

            """
        return text
    }

    private static func link(_ title: String, _ target: String, summary: String, markdown: Bool) -> String {
        let twin = markdown ? target + (target.contains("?") ? "&" : "?") + "format=md" : target
        return "- [\(title)](\(twin)): \(summary); JSON at \(target)\n"
    }
}
