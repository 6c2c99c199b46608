import JSON
import SpecAPI
import SpecStore

/// The Model Context Protocol revisions this server speaks, and the names both eras share.
///
/// One endpoint serves both eras, chosen as the reference SDK chooses: the 2026-07-28 revision
/// (no handshake; every request carries its version and the client's capabilities in
/// `params._meta`) and the handshake revisions 2024-11-05 … 2025-11-25 (`initialize`, `ping`).
package enum MCPProtocol {
    /// The revision without a handshake.
    package static let modernVersion = "2026-07-28"

    /// The handshake revisions, newest first: the first is what `initialize` offers when the
    /// client asks for one this server does not know.
    package static let handshakeVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// Every revision, newest first, as `server/discover` and `-32022` list them.
    package static let supportedVersions = [modernVersion] + handshakeVersions

    /// The `_meta` keys of a 2026-07-28 request.
    package enum MetaKey {
        package static let protocolVersion = "io.modelcontextprotocol/protocolVersion"
        static let clientCapabilities = "io.modelcontextprotocol/clientCapabilities"
        static let clientInfo = "io.modelcontextprotocol/clientInfo"
        static let serverInfo = "io.modelcontextprotocol/serverInfo"
    }

    /// How long a client may keep a list or a read (`ttlMs`): the REST routes' `max-age=300`.
    package static let cacheMilliseconds = 300_000

    /// The server as `serverInfo` names it.
    package static let serverInfo: JSONValue = [
        "name": "hig-spec-service", "title": "HIG spec service", "version": .string(Release.version),
    ]

    /// What `initialize` and `server/discover` tell the model about the server.
    package static let instructions =
        "Apple Human Interface Guidelines figures as data, never prose. Every figure carries status: published (Apple publishes it; its citations name the HIG page, section and URL) or convention (a working default not on Apple's pages, never to be reported as a HIG violation). For one fact, call search first (each hit has value, unit, status and citation); list_ tools give tables (filters, q, fields and limit shrink them; each row leads with its figure, unit, status and citations; notes, provenance and every platform of a figure come with detail=true); get_record reads one id; check_measurements judges sizes and contrast (never report a convention as a HIG violation). Every tool takes version (an id from list_versions, or latest) to answer as the HIG stood then; fields (a comma-separated list or an array) keeps only the named fields of each row; sort takes a field or -field; limit and offset page."

    /// Which rules a request is held to.
    package enum Era: Sendable, Equatable {
        /// 2026-07-28: `_meta` on every request, the `Mcp-*` headers, statuses per error code.
        case modern
        /// 2024-11-05 … 2025-11-25: `initialize` and `ping`, every JSON-RPC error with `200`.
        case handshake
    }
}

/// A JSON-RPC error an MCP request is answered with, and the HTTP status it carries in each era.
package struct MCPError: Error, Sendable, Equatable {
    package var code: Int
    package var message: String
    package var data: JSONValue?

    package static let parseErrorCode = -32700
    package static let invalidRequestCode = -32600
    package static let methodNotFoundCode = -32601
    package static let invalidParamsCode = -32602
    package static let internalErrorCode = -32603
    /// 2025-11-25's "resource not found".
    package static let resourceNotFoundCode = -32002
    /// 2026-07-28: a header disagrees with the body, is missing or repeats.
    package static let headerMismatchCode = -32020
    /// 2026-07-28: the `_meta` protocol version is not one this server speaks.
    package static let unsupportedVersionCode = -32022

    package static let unparsable = MCPError(code: parseErrorCode, message: "Parse error")

    package static func invalidRequest(_ detail: String) -> MCPError {
        MCPError(code: invalidRequestCode, message: "Invalid Request: \(detail)")
    }

    package static func methodNotFound(_ method: String) -> MCPError {
        MCPError(code: methodNotFoundCode, message: "Method not found: \(method)")
    }

    package static func invalidParams(_ message: String, data: JSONValue? = nil) -> MCPError {
        MCPError(code: invalidParamsCode, message: message, data: data)
    }

    package static func headerMismatch(_ detail: String) -> MCPError {
        MCPError(code: headerMismatchCode, message: "Header mismatch: \(detail)")
    }

    /// A resource URI no route answers: `-32602` in 2026-07-28, `-32002` before.
    package static func resourceNotFound(_ uri: String, era: MCPProtocol.Era) -> MCPError {
        MCPError(
            code: era == .modern ? invalidParamsCode : resourceNotFoundCode, message: "Resource not found",
            data: ["uri": .string(uri)])
    }

    /// The HTTP status of the error: 2026-07-28 maps codes to statuses; the handshake revisions
    /// answer every JSON-RPC error with `200` (a `404` would mean "session expired" to them).
    package func status(era: MCPProtocol.Era) -> Int {
        guard era == .modern else { return 200 }
        switch code {
        case Self.methodNotFoundCode: return 404
        case Self.internalErrorCode: return 500
        default: return 400
        }
    }

    /// The `error` member of the response.
    package var json: JSONValue {
        var object = JSONObject([("code", .number(JSONNumber(code))), ("message", .string(message))])
        if let data { object.append("data", data) }
        return .object(object)
    }
}
