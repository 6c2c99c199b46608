import JSON
import SpecAPI
import SpecFormats
import SpecStore

/// Answers one MCP request against a loaded store: the methods both eras share, and a tool's
/// result as the very JSON its route returns for the same query.
///
/// Transport-free: ``MCPHTTPTransport`` and the server's stdio command check what their transport
/// requires, then hand the request here.
package struct MCPResponder {
    package let served: any MCPAnswerSource

    package init(served: any MCPAnswerSource) {
        self.served = served
    }

    /// What a request carries besides its method and params.
    package struct Context {
        package var era: MCPProtocol.Era
        /// The `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` values, over HTTP; `nil` over
        /// stdio, which has no headers.
        package var headers: RoutingHeaders?

        package init(era: MCPProtocol.Era, headers: RoutingHeaders?) {
            self.era = era
            self.headers = headers
        }
    }

    /// The routing headers of a 2026-07-28 request, every value of each as sent.
    package struct RoutingHeaders {
        package var protocolVersion: [String]
        package var method: [String]
        package var name: [String]

        package init(protocolVersion: [String], method: [String], name: [String]) {
            self.protocolVersion = protocolVersion
            self.method = method
            self.name = name
        }
    }

    /// The `result` member's JSON, or the error.
    package func respond(method: String, params: JSONValue?, context: Context) -> Result<[UInt8], MCPError> {
        if context.era == .modern, let rejected = Self.modernRejection(method: method, params: params, context: context)
        {
            return .failure(rejected)
        }
        do throws(MCPError) {
            switch method {
            case "server/discover":
                return .success(discover())
            case "initialize" where context.era == .handshake:
                return .success(initialize(params: params))
            case "ping" where context.era == .handshake:
                return .success(Self.result([], cacheable: false))
            case "tools/list":
                try Self.refuseCursor(params)
                return .success(Self.result(rawMembers: [("tools", served.mcp.toolsJSON)], cacheable: true))
            case "tools/call":
                return .success(try callTool(params: params))
            case "resources/list":
                try Self.refuseCursor(params)
                return .success(Self.result([("resources", served.mcp.resources)], cacheable: true))
            case "resources/templates/list":
                try Self.refuseCursor(params)
                return .success(Self.result([("resourceTemplates", served.mcp.resourceTemplates)], cacheable: true))
            case "resources/read":
                return .success(try readResource(params: params, era: context.era))
            default:
                return .failure(.methodNotFound(method))
            }
        } catch {
            return .failure(error)
        }
    }

    // MARK: - 2026-07-28 envelope

    /// The first rung of the 2026-07-28 ladder a request fails: the `_meta` envelope, then the
    /// headers against the body, then the version (the order of the reference SDK's classifier).
    package static func modernRejection(method: String, params: JSONValue?, context: Context) -> MCPError? {
        guard let meta = params?["_meta"]?.objectValue else {
            return .invalidParams(
                "params._meta must be an object carrying the required \(MCPProtocol.MetaKey.protocolVersion) and \(MCPProtocol.MetaKey.clientCapabilities) envelope keys"
            )
        }
        let missing = [MCPProtocol.MetaKey.protocolVersion, MCPProtocol.MetaKey.clientCapabilities].filter {
            meta[$0] == nil
        }
        if !missing.isEmpty {
            return .invalidParams(
                "params._meta is missing the required envelope key(s): \(missing.joined(separator: ", "))")
        }
        let version = meta[MCPProtocol.MetaKey.protocolVersion]
        if let headers = context.headers {
            for (name, values) in [
                ("MCP-Protocol-Version", headers.protocolVersion), ("Mcp-Method", headers.method),
                ("Mcp-Name", headers.name),
            ] where values.count > 1 {
                return .headerMismatch("\(name) is given \(values.count) times; give it once")
            }
            guard let sent = headers.protocolVersion.first, version?.stringValue == sent else {
                return .headerMismatch(
                    "MCP-Protocol-Version header does not match the request envelope's protocol version")
            }
            guard headers.method.first == method else {
                return .headerMismatch("Mcp-Method header does not match the request body's method")
            }
            if let key = nameBearingMethods[method], let bodyValue = params?[key]?.stringValue {
                let header = headers.name.first.flatMap(decodeHeaderValue)
                guard header == bodyValue else {
                    return .headerMismatch(
                        "Mcp-Name header '\(headers.name.first ?? "")' does not match the request body's '\(key)' parameter '\(bodyValue)'"
                    )
                }
            }
        }
        guard let requested = version?.stringValue else {
            return .invalidParams("the protocol-version envelope value must be a string")
        }
        guard requested == MCPProtocol.modernVersion else {
            return MCPError(
                code: MCPError.unsupportedVersionCode, message: "Unsupported protocol version",
                data: [
                    "supported": .array(MCPProtocol.supportedVersions.map { .string($0) }),
                    "requested": .string(requested),
                ])
        }
        return nil
    }

    /// The methods whose `Mcp-Name` header repeats a member of params.
    package static let nameBearingMethods = ["tools/call": "name", "resources/read": "uri", "prompts/get": "name"]

    /// A header value as sent, or the UTF-8 inside `=?base64?…?=`; `nil` for a broken sentinel.
    package static func decodeHeaderValue(_ value: String) -> String? {
        guard value.hasPrefix("=?base64?"), value.hasSuffix("?="), value.count >= 11 else { return value }
        let payload = value.dropFirst(9).dropLast(2)
        guard let bytes = Base64.decode(payload) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    // MARK: - Discovery

    private static let capabilities: JSONValue = ["tools": [:], "resources": [:]]

    private func discover() -> [UInt8] {
        Self.result(
            [
                ("supportedVersions", .array(MCPProtocol.supportedVersions.map { .string($0) })),
                ("capabilities", Self.capabilities), ("serverInfo", MCPProtocol.serverInfo),
                ("instructions", .string(MCPProtocol.instructions)),
            ], cacheable: true)
    }

    private func initialize(params: JSONValue?) -> [UInt8] {
        let asked = params?["protocolVersion"]?.stringValue ?? ""
        let version =
            MCPProtocol.handshakeVersions.contains(asked) ? asked : MCPProtocol.handshakeVersions[0]
        return Self.result(
            [
                ("protocolVersion", .string(version)), ("capabilities", Self.capabilities),
                ("serverInfo", MCPProtocol.serverInfo), ("instructions", .string(MCPProtocol.instructions)),
            ], cacheable: false)
    }

    /// No list is paged, so no cursor was ever handed out.
    private static func refuseCursor(_ params: JSONValue?) throws(MCPError) {
        if let cursor = params?["cursor"], !cursor.isNull {
            throw .invalidParams("Invalid cursor: this server never pages its lists")
        }
    }

    // MARK: - Tools

    private func callTool(params: JSONValue?) throws(MCPError) -> [UInt8] {
        guard let name = params?["name"]?.stringValue else {
            throw .invalidParams("tools/call needs params.name, the tool's name")
        }
        guard let tool = served.mcp.tool(named: name) else {
            // The names it could have meant, so the next call is right.
            let names = served.mcp.tools.map(\.name)
            throw .invalidParams(
                "Unknown tool: \(name). The tools: \(names.joined(separator: ", ")).",
                data: ["name": .string(name), "tools": .array(names.map { .string($0) })])
        }
        let arguments: JSONObject
        switch params?["arguments"] {
        case nil, .null?: arguments = JSONObject()
        case .object(let object)?: arguments = object
        case let other?: throw .invalidParams("params.arguments must be an object, not \(other.typeName)")
        }
        func result(_ body: [UInt8]) -> [UInt8] {
            Self.toolResult(json: body.last == UInt8(ascii: "\n") ? body.dropLast() : body[...], isError: false)
        }
        do throws(APIError) {
            switch try run(tool, arguments: arguments) {
            case .kept(let representation): return representation.toolResult(result)
            case .built(let body): return result(body)
            }
        } catch {
            let body = error.body
            return Self.toolResult(json: body.last == UInt8(ascii: "\n") ? body.dropLast() : body[...], isError: true)
        }
    }

    /// Runs the tool's route with the arguments as its query (and `items` as a POST body).
    private func run(_ tool: MCPCatalogue.Tool, arguments: JSONObject) throws(APIError) -> MCPAnswer {
        var pairs: [(name: String, value: String)] = []
        var items: [UInt8]?
        var detail = false
        for (name, value) in arguments {
            guard tool.arguments.contains(name) else {
                throw APIError(
                    status: 400, code: "unknown_parameter", message: "Unknown argument '\(name)' of \(tool.name).",
                    hint: "\(tool.name) takes: \(tool.arguments.sorted().joined(separator: ", ")).", parameter: name)
            }
            if name == MCPCatalogue.detailArgument {
                guard case .bool(let flag) = value else { throw Self.badArgument(name, "true or false", value) }
                detail = flag
                continue
            }
            if tool.input == .postBody, name == "items" {
                guard case .array = value else {
                    throw Self.badArgument(name, "a JSON array of measurements", value)
                }
                items = value.serializedBytes()
                continue
            }
            if let kind = tool.fieldKinds[name] {
                if let text = try Self.queryValue(name, value, kind: kind) { pairs.append((name, text)) }
                continue
            }
            if let text = try Self.queryValue(name, value) { pairs.append((name, text)) }
        }
        let route: Route
        var parameter: String?
        if let declared = tool.route {
            route = declared
            // A templated route's segment comes as the argument of its name, not a query parameter.
            if let name = declared.endpoint.pathParameter?.name {
                guard let index = pairs.firstIndex(where: { $0.name == name }) else {
                    throw APIError(
                        status: 400, code: "missing_parameter", message: "\(tool.name) needs \(name).",
                        hint: declared.endpoint.pathParameter?.listedBy ?? "", parameter: name)
                }
                parameter = pairs.remove(at: index).value
            }
        } else {
            guard let index = pairs.firstIndex(where: { $0.name == "id" }) else {
                throw APIError(
                    status: 400, code: "missing_parameter", message: "\(tool.name) needs id.",
                    hint: "Pass a record id as search or a list_ tool returns it.", parameter: "id")
            }
            let id = pairs.remove(at: index).value
            guard let recordRoute = served.mcp.recordRoute(for: id) else {
                throw APIError(
                    status: 404, code: "not_found", message: "No record '\(id)': its kind is not known.",
                    hint:
                        "A record id starts with its kind: \(served.mcp.recordRoutes.keys.sorted().joined(separator: ", ")).",
                    parameter: "id")
            }
            (route, parameter) = (recordRoute, id)
        }
        // A collection answers with the fields that answer a question unless every field is
        // asked for (detail) or the fields are named.
        if !detail, let lead = tool.leadFields, !lead.isEmpty, !pairs.contains(where: { $0.name == "fields" }) {
            pairs.append(("fields", lead))
        }
        let query = QueryParameters(pairs: pairs)
        let options = try RequestOptions(query: query, route: route)
        if tool.input == .postBody {
            let embed = try CheckBatch.embedsFigure(query[CheckBatch.embedParameter])
            return try served.checkAnswer(items: items ?? [], options: options, embed: embed)
        }
        return try served.jsonAnswer(route: route, parameter: parameter, query: query, options: options)
    }

    /// An argument that is a field of the route's store filter, read as the JSON value its kind
    /// is (a number as a JSON number, a flag as a JSON boolean, anything else as a string), as
    /// its query parameter's text; `nil` for `null` (the argument is left out). The route decodes
    /// the text through the same fields as a query string's.
    private static func queryValue(_ name: String, _ value: JSONValue, kind: FilterKind) throws(APIError) -> String? {
        switch (kind, value) {
        case (_, .null): return nil
        case (.number, .number(let number)): return number.literal
        case (.number, _): throw badArgument(name, "a number", value)
        case (.flag, .bool(let flag)): return flag ? "true" : "false"
        case (.flag, _): throw badArgument(name, "true or false", value)
        case (.text, .string(let text)), (.screen, .string(let text)), (.vocabulary, .string(let text)): return text
        case (.text, _), (.screen, _), (.vocabulary, _): throw badArgument(name, "a string", value)
        }
    }

    /// An argument as its query parameter's text: numbers as written, booleans as words, a list
    /// of words joined by commas; `nil` for `null` (the argument is left out).
    private static func queryValue(_ name: String, _ value: JSONValue) throws(APIError) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        case .number(let number): return number.literal
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let elements):
            var words: [String] = []
            for element in elements {
                switch element {
                case .string(let text): words.append(text)
                case .number(let number): words.append(number.literal)
                default: throw badArgument(name, "a string, a number or a list of strings", value)
                }
            }
            return words.joined(separator: ",")
        case .object: throw badArgument(name, "a string, a number or a list of strings", value)
        }
    }

    private static func badArgument(_ name: String, _ expected: String, _ value: JSONValue) -> APIError {
        APIError(
            status: 400, code: "bad_argument",
            message: "Argument '\(name)' is \(value.typeName); it takes \(expected).",
            hint: "tools/list gives each tool's inputSchema.", parameter: name)
    }

    /// A `CallToolResult`: the route's JSON as `structuredContent` (on success) and, for clients
    /// that show nothing else, the same JSON as text.
    package static func toolResult(json: ArraySlice<UInt8>, isError: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.count * 2 + 256)
        bytes.append(contentsOf: #"{"resultType":"complete","content":[{"type":"text","text":"#.utf8)
        // The route's JSON is valid UTF-8 (the serializer writes strings' own bytes), so it is
        // escaped as it is, not made a string and checked first.
        JSONValue.writeString(utf8: json.span, into: &bytes)
        bytes.append(contentsOf: "}]".utf8)
        if isError {
            bytes.append(contentsOf: #","isError":true"#.utf8)
        } else {
            bytes.append(contentsOf: #","structuredContent":"#.utf8)
            bytes.append(contentsOf: json)
            bytes.append(contentsOf: #","isError":false"#.utf8)
        }
        bytes.append(contentsOf: metaMember)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    // MARK: - Resources

    private func readResource(params: JSONValue?, era: MCPProtocol.Era) throws(MCPError) -> [UInt8] {
        guard let uri = params?["uri"]?.stringValue else {
            throw .invalidParams("resources/read needs params.uri, e.g. hig://v1/devices")
        }
        guard uri.hasPrefix(MCPCatalogue.scheme + "/") else { throw .resourceNotFound(uri, era: era) }
        let target = uri.dropFirst(MCPCatalogue.scheme.count)
        let path = target.prefix { $0 != "?" }
        let queryText = target.dropFirst(path.count + 1)
        guard let (route, parameter) = Route.match(path: String(path)), route.servesData,
            route.formats.contains(.json)
        else { throw .resourceNotFound(uri, era: era) }
        let body: [UInt8]
        do throws(APIError) {
            let query: QueryParameters
            do {
                query = try QueryParameters(parsing: Array(queryText.utf8))
            } catch {
                throw APIError.badQuery("\(error)")
            }
            let options = try RequestOptions(query: query, route: route)
            body = try served.jsonBody(route: route, parameter: parameter, query: query, options: options)
        } catch {
            if error.status == 404 { throw .resourceNotFound(uri, era: era) }
            throw .invalidParams(error.message, data: (try? JSONValue.parse(error.body)) ?? .null)
        }
        let contents: JSONValue = [
            [
                "uri": .string(uri), "mimeType": "application/json",
                "text": .string(String(decoding: body, as: UTF8.self)),
            ]
        ]
        return Self.result([("contents", contents)], cacheable: true)
    }

    // MARK: - Results

    /// `"_meta":{"io.modelcontextprotocol/serverInfo":{…}}`, with its leading comma.
    private static let metaMember: [UInt8] = {
        var bytes = Array(",\"_meta\":".utf8)
        JSONValue.object(JSONObject([(MCPProtocol.MetaKey.serverInfo, MCPProtocol.serverInfo)])).serialize(
            into: &bytes)
        return bytes
    }()

    /// A result object: `resultType`, the members, the caching hints of a list or a read, and
    /// `_meta` (the handshake revisions' results are open, so one shape serves both eras).
    package static func result(_ members: [(String, JSONValue)], cacheable: Bool) -> [UInt8] {
        result(rawMembers: members.map { ($0.0, $0.1.serializedBytes()) }, cacheable: cacheable)
    }

    package static func result(rawMembers: [(String, [UInt8])], cacheable: Bool) -> [UInt8] {
        var bytes = Array(#"{"resultType":"complete""#.utf8)
        for (name, value) in rawMembers {
            bytes.append(UInt8(ascii: ","))
            JSONValue.string(name).serialize(into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: value)
        }
        if cacheable {
            bytes.append(contentsOf: #","ttlMs":\#(MCPProtocol.cacheMilliseconds),"cacheScope":"public""#.utf8)
        }
        bytes.append(contentsOf: metaMember)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
