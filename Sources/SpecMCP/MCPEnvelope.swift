import JSON
import SpecStore

/// One JSON-RPC message as MCP reads it: a request, a notification, or what is wrong with it.
///
/// Every transport reads a message this way: a batch, a response, a malformed `id`, `jsonrpc`,
/// `method` or `params` is `-32600`; text that is not JSON is `-32700`.
package enum MCPEnvelope {
    /// A request: answered with a result or an error carrying its `id`.
    case request(id: JSONValue, method: String, params: JSONValue?)
    /// A notification (`notifications/initialized`, …): nothing is answered.
    case notification(method: String)
    /// A message that cannot be answered but with this error (`id` null where none was readable).
    case invalid(MCPError, id: JSONValue)

    /// Reads the UTF-8 JSON of one message with the project's JSON parser.
    package static func read(_ bytes: [UInt8]) -> MCPEnvelope {
        let message: JSONValue
        do {
            message = try JSONValue.parse(bytes)
        } catch {
            return .invalid(.unparsable, id: .null)
        }
        guard case .object(let object) = message else {
            let detail = message.arrayValue != nil ? "batches are not supported" : "the message is not a JSON object"
            return .invalid(.invalidRequest(detail), id: .null)
        }
        let id = object["id"]
        if let id, !isValidID(id) {
            return .invalid(.invalidRequest("id must be a string or a number"), id: .null)
        }
        guard object["jsonrpc"]?.stringValue == "2.0" else {
            return .invalid(.invalidRequest("jsonrpc must be \"2.0\""), id: id ?? .null)
        }
        guard let method = object["method"]?.stringValue else {
            let detail =
                object["result"] != nil || object["error"] != nil
                ? "this server sends no requests, so it takes no responses" : "method must be a string"
            return .invalid(.invalidRequest(detail), id: id ?? .null)
        }
        if let params = object["params"], params.objectValue == nil {
            return .invalid(.invalidRequest("params must be an object"), id: id ?? .null)
        }
        guard let id else { return .notification(method: method) }
        return .request(id: id, method: method, params: object["params"])
    }

    /// JSON-RPC 2.0 ids are strings or numbers (MCP refuses `null`).
    package static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .number: true
        default: false
        }
    }

    /// `{"jsonrpc":"2.0","id":…,"result":…}` around a result's JSON, with a closing newline.
    package static func response(id: JSONValue, result: [UInt8]) -> [UInt8] {
        var bytes = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
        id.serialize(into: &bytes)
        bytes.append(contentsOf: #","result":"#.utf8)
        bytes.append(contentsOf: result)
        bytes.append(contentsOf: "}\n".utf8)
        return bytes
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{…}}`, with a closing newline.
    package static func response(id: JSONValue, error: MCPError) -> [UInt8] {
        var bytes = JSONValue.object(JSONObject([("jsonrpc", "2.0"), ("id", id), ("error", error.json)]))
            .serializedBytes()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
