import JSON
import SpecAPI
import SpecStore

/// `POST /mcp`: MCP over Streamable HTTP, stateless, every answer `application/json` (no SSE
/// stream, no `Mcp-Session-Id`), in both protocol eras.
///
/// The transport rules run in the reference SDK's order, the first failure answering: the method
/// (`405`), `Origin` (`403`, `null` included: unlike the REST routes, `/mcp` is not open to every
/// page a browser runs), `Host` (`421`, against DNS rebinding), `Content-Type` (`415`), `Accept`
/// (`406`), the JSON (`-32700`), the envelope (`-32600`, batches included), notifications
/// (`202`); then the request goes to ``MCPResponder`` in the era its `MCP-Protocol-Version`
/// names (none, or a handshake revision: 2025-11-25 and earlier; anything else: 2026-07-28).
package struct MCPHTTPTransport: Sendable {
    /// The path the endpoint answers on.
    package static let path = "/mcp"

    /// Host names (without port) allowed besides the loopback names; `*` allows any.
    package var allowedHosts: [String]
    /// Origins (`scheme://host[:port]`) allowed besides loopback ones.
    package var allowedOrigins: [String]

    package init(allowedHosts: [String], allowedOrigins: [String]) {
        self.allowedHosts = allowedHosts
        self.allowedOrigins = allowedOrigins
    }

    /// What the transport reads of a request, copied out of the engine's buffers.
    package struct Request: Sendable {
        package var method: String
        package var origin: [String] = []
        package var host: String?
        package var contentType: String?
        package var accept: [String] = []
        package var protocolVersion: [String] = []
        package var mcpMethod: [String] = []
        package var mcpName: [String] = []
        package var body: [UInt8] = []

        package init(
            method: String, origin: [String] = [], host: String? = nil, contentType: String? = nil,
            accept: [String] = [], protocolVersion: [String] = [], mcpMethod: [String] = [], mcpName: [String] = [],
            body: [UInt8] = []
        ) {
            self.method = method
            self.origin = origin
            self.host = host
            self.contentType = contentType
            self.accept = accept
            self.protocolVersion = protocolVersion
            self.mcpMethod = mcpMethod
            self.mcpName = mcpName
            self.body = body
        }
    }

    /// The answer, for the engine to send.
    package struct Reply: Equatable {
        package var status: Int
        package var headers: [Field]
        package var body: [UInt8]

        package struct Field: Equatable {
            package var name: String
            package var value: String
        }
    }

    /// The loopback names a local client's `Host` carries.
    package static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "[::1]", "::1"]

    /// Answers one request; `served` is the store being served, `nil` before the first load.
    package func respond(to request: Request, served: (any MCPAnswerSource)?) -> Reply {
        let origin = request.origin.first
        if request.origin.count > 1 || (origin != nil && !isAllowed(origin: origin!)) {
            return plain(
                403,
                request.origin.count > 1 ? "Origin is given more than once." : "Origin '\(origin!)' is not allowed.",
                origin: nil)
        }
        switch request.method {
        case "POST":
            break
        case "OPTIONS":
            return preflight(origin: origin)
        default:
            return Reply(
                status: 405,
                headers: baseHeaders(origin: origin) + [Reply.Field(name: "Allow", value: "POST, OPTIONS")],
                body: MCPEnvelope.response(
                    id: .null,
                    error: MCPError.invalidRequest(
                        "\(Self.path) answers POST only (MCP over Streamable HTTP, JSON responses, no SSE stream)")))
        }
        guard let host = request.host, isAllowed(host: host) else {
            return plain(
                421,
                "Host '\(request.host ?? "")' is not one this server answers MCP for; start it with --mcp-allowed-hosts.",
                origin: origin)
        }
        guard let contentType = request.contentType, Self.mediaType(contentType) == "application/json" else {
            return plain(415, "Content-Type must be application/json.", origin: origin)
        }
        guard request.accept.isEmpty || Self.acceptsJSON(request.accept) else {
            return plain(406, "Accept must admit application/json: this server never streams.", origin: origin)
        }
        // An answer is a function of the store, the routing headers and the body alone (the
        // JSON-RPC id is in the body), so a repeated request is answered as a repeated GET is.
        let answerKey = Self.answerKey(request)
        if let served, let answerKey, let answer = served.mcpAnswer(for: answerKey) {
            return Reply(status: 200, headers: baseHeaders(origin: origin), body: answer)
        }
        let id: JSONValue
        let method: String
        let params: JSONValue?
        switch MCPEnvelope.read(request.body) {
        case .invalid(let error, let errorID):
            return jsonRPC(400, id: errorID, error: error, origin: origin)
        case .notification:
            // notifications/initialized, notifications/cancelled, …: nothing to say.
            return Reply(status: 202, headers: baseHeaders(origin: origin, json: false), body: [])
        case .request(let requestID, let requestMethod, let requestParams):
            (id, method, params) = (requestID, requestMethod, requestParams)
        }
        let era = Self.era(protocolVersion: request.protocolVersion.first)
        guard let served else {
            return jsonRPC(
                503, id: id,
                error: MCPError(
                    code: MCPError.internalErrorCode, message: "The spec store is not loaded yet; retry shortly."),
                origin: origin, extra: [Reply.Field(name: "Retry-After", value: "1")])
        }
        let context = MCPResponder.Context(
            era: era,
            headers: MCPResponder.RoutingHeaders(
                protocolVersion: request.protocolVersion, method: request.mcpMethod, name: request.mcpName))
        switch MCPResponder(served: served).respond(method: method, params: params, context: context) {
        case .success(let result):
            let answer = MCPEnvelope.response(id: id, result: result)
            if let answerKey { served.keepMCPAnswer(answer, for: answerKey) }
            return Reply(status: 200, headers: baseHeaders(origin: origin), body: answer)
        case .failure(let error):
            return jsonRPC(error.status(era: era), id: id, error: error, origin: origin)
        }
    }

    /// The answer cache's key for a request: its routing headers and its body, for a body small
    /// enough to be worth keeping (a batch check's large body is not).
    package static func answerKey(_ request: Request) -> String? {
        // Valid UTF-8 only: decoding would make two different bodies one key.
        guard request.body.count <= 4096, let body = String(validating: request.body, as: UTF8.self) else {
            return nil
        }
        var key = "\u{2}mcp"
        for values in [request.protocolVersion, request.mcpMethod, request.mcpName] {
            key += "\u{0}" + values.joined(separator: "\u{1}")
        }
        return key + "\u{0}" + body
    }

    /// The era a request's `MCP-Protocol-Version` selects: none or a handshake revision keeps the
    /// handshake rules; any other value (2026-07-28, or one to refuse) gets the 2026-07-28 ladder.
    package static func era(protocolVersion: String?) -> MCPProtocol.Era {
        guard let protocolVersion, !MCPProtocol.handshakeVersions.contains(protocolVersion) else { return .handshake }
        return .modern
    }

    // MARK: - Checks

    package func isAllowed(origin: String) -> Bool {
        if allowedOrigins.contains(origin) { return true }
        // `null` (a sandboxed frame, a file) is foreign: it names no one to trust.
        for scheme in ["http://", "https://"] where origin.hasPrefix(scheme) {
            return Self.loopbackHosts.contains(Self.hostName(String(origin.dropFirst(scheme.count))).lowercased())
        }
        return false
    }

    package func isAllowed(host: String) -> Bool {
        if allowedHosts.contains("*") { return true }
        let name = Self.hostName(host).lowercased()
        return Self.loopbackHosts.contains(name) || allowedHosts.contains { $0.lowercased() == name }
            || allowedHosts.contains { $0.lowercased() == host.lowercased() }
    }

    /// `example.com` of `example.com:8080`, `[::1]` of `[::1]:8080`.
    package static func hostName(_ authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        return String(authority.prefix { $0 != ":" && $0 != "/" })
    }

    package static func mediaType(_ value: String) -> String {
        if value == "application/json" { return value }  // what nearly every client sends
        return String(value.prefix { $0 != ";" }.trimmingSpaces).lowercased()
    }

    /// Whether some `Accept` range admits `application/json` with a non-zero weight.
    package static func acceptsJSON(_ fields: [String]) -> Bool {
        if fields.contains("application/json") { return true }  // what nearly every client sends
        // Or beside the event stream (`application/json, text/event-stream`): a range that is
        // `application/json` alone, found among the bytes; anything else is read in full below.
        if fields.contains(where: hasBareJSONRange) { return true }
        for field in fields {
            for range in field.split(separator: ",") {
                let parts = range.split(separator: ";").map { String($0.trimmingSpaces).lowercased() }
                guard let type = parts.first, ["application/json", "application/*", "*/*"].contains(type) else {
                    continue
                }
                let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
                if (weight ?? 1) > 0 { return true }
            }
        }
        return false
    }

    /// Whether one of the comma-separated ranges of `field` is `application/json` with no
    /// parameters, in any case, between spaces or tabs.
    private static func hasBareJSONRange(_ field: String) -> Bool {
        let json = "application/json".utf8
        let bytes = field.utf8.span
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            var first = start
            var last = end
            while first < last, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
            while last > first, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") {
                last -= 1
            }
            if last - first == json.count,
                zip(first..<last, json).allSatisfy({ index, wanted in
                    let byte = bytes[index]
                    return byte == wanted
                        || (wanted >= UInt8(ascii: "a") && wanted <= UInt8(ascii: "z") && byte | 0x20 == wanted)
                })
            {
                return true
            }
            start = end + 1
        }
        return false
    }

    // MARK: - Replies

    private func preflight(origin: String?) -> Reply {
        Reply(
            status: 204,
            headers: baseHeaders(origin: origin, json: false) + [
                Reply.Field(name: "Allow", value: "POST, OPTIONS"),
                Reply.Field(name: "Access-Control-Allow-Methods", value: "POST, OPTIONS"),
                Reply.Field(
                    name: "Access-Control-Allow-Headers",
                    value:
                        "Content-Type, Accept, Authorization, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID"
                ),
                Reply.Field(name: "Access-Control-Max-Age", value: "86400"),
            ], body: [])
    }

    /// The fields every answer carries: JSON, never cached, and CORS for an allowed origin only
    /// (never `*`).
    private func baseHeaders(origin: String?, json: Bool = true) -> [Reply.Field] {
        var fields: [Reply.Field] = []
        if json { fields.append(Reply.Field(name: "Content-Type", value: "application/json")) }
        fields.append(Reply.Field(name: "Cache-Control", value: "no-store"))
        fields.append(Reply.Field(name: "X-Content-Type-Options", value: "nosniff"))
        if let origin {
            fields.append(Reply.Field(name: "Access-Control-Allow-Origin", value: origin))
            fields.append(Reply.Field(name: "Vary", value: "Origin"))
        }
        return fields
    }

    /// A transport refusal: the status, and a JSON-RPC error without an id saying why.
    private func plain(_ status: Int, _ message: String, origin: String?) -> Reply {
        Reply(
            status: status, headers: baseHeaders(origin: origin),
            body: MCPEnvelope.response(id: .null, error: MCPError(code: MCPError.invalidRequestCode, message: message)))
    }

    private func jsonRPC(
        _ status: Int, id: JSONValue, error: MCPError, origin: String?, extra: [Reply.Field] = []
    ) -> Reply {
        Reply(
            status: status, headers: baseHeaders(origin: origin) + extra,
            body: MCPEnvelope.response(id: id, error: error))
    }
}
