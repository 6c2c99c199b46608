import Glibc
import JSON
import SpecAPI
import SpecMCP
import SpecStore
import Testing

@testable import HTTPCore
@testable import SpecServer

/// The MCP layer: tools and resources derived from the route declarations, results that are the
/// routes' JSON, and the transport rules as the application answers them (the official SDK drives
/// the same over sockets and stdio in Tests/mcp).
@Suite struct MCPTests {
    let app = ApplicationHarness.shared
    var served: ServedStore { app.application.current! }

    static let meta: JSONValue = [
        "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": [:],
    ]

    /// A 2026-07-28 request with its routing headers, through the application.
    func modern(_ method: String, _ params: JSONValue = [:], headers extra: [(String, String)] = []) -> Answer {
        var params = params.objectValue ?? JSONObject()
        params["_meta"] = Self.meta
        var headers = [
            ("Host", "127.0.0.1:8080"), ("Content-Type", "application/json"), ("Accept", "application/json"),
            ("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", method),
        ]
        if let name = params["name"]?.stringValue ?? params["uri"]?.stringValue { headers.append(("Mcp-Name", name)) }
        let body: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": .object(params)]
        return app.request(.post, "/mcp", headers: headers + extra, body: body.serializedBytes())
    }

    // MARK: - Results are the routes' JSON

    static let toolCalls: [(String, JSONValue, String)] = [
        ("list_widgets", ["screen": "430x932", "detail": true], "/v1/widgets?screen=430x932"),
        ("list_tracking", ["font": "sf pro", "size": 17, "detail": true], "/v1/tracking?font=sf%20pro&size=17"),
        ("list_metrics", ["fields": ["id", "value"], "limit": 3], "/v1/metrics?fields=id,value&limit=3"),
        (
            "get_record", ["id": "device.iphone-16-pro", "version": "2025-03-07"],
            "/v1/devices/device.iphone-16-pro?version=2025-03-07"
        ),
        ("diff_versions", ["from": "2023", "to": "2025-03-07"], "/v1/diff?from=2023&to=2025-03-07"),
        (
            "device_profile", ["id": "device.apple-watch-series-10-11-46mm"],
            "/v1/devices/device.apple-watch-series-10-11-46mm/profile"
        ),
    ]

    @Test func aCollectionToolLeadsWithWhatAnswersUnlessDetailIsAsked() throws {
        let tool = try #require(served.mcp.tool(named: "list_tracking"))
        let lead = try #require(tool.leadFields)
        #expect(lead.contains("trackingPt") && lead.contains("citations") && !lead.contains("asPublished"))
        let answer = modern("tools/call", ["name": "list_tracking", "arguments": ["font": "sf pro", "size": 17]])
        let content = try #require(answer.json?["result"]?["structuredContent"])
        let rest = try #require(app.request(.get, "/v1/tracking?font=sf%20pro&size=17&fields=\(lead)").json)
        #expect(content == rest)
        #expect(content["items"]?.arrayValue?.first?["asPublished"] == nil)
        let bad = modern("tools/call", ["name": "list_tracking", "arguments": ["detail": "yes"]])
        #expect(bad.json?["result"]?["isError"] == true)
    }

    /// A filter's argument is read as the JSON value its field's kind is, not as text: a number
    /// as a JSON number, a vocabulary's value as a string; either in the other's type is refused
    /// with `bad_argument`, naming the argument.
    @Test(arguments: [
        ("list_tracking", "size", "17" as JSONValue, "Argument 'size' is string; it takes a number."),
        ("list_devices", "width", true, "Argument 'width' is boolean; it takes a number."),
        ("list_asset_sizes", "scale", 2, "Argument 'scale' is number; it takes a string."),
        ("search", "history", "true", "Argument 'history' is string; it takes true or false."),
    ])
    func aFilterArgumentIsReadAsItsKindsJSONValue(tool: String, name: String, value: JSONValue, message: String)
        throws
    {
        var arguments = JSONObject([(name, value)])
        if tool == "search" { arguments.append("q", "tap") }
        let answer = modern("tools/call", ["name": .string(tool), "arguments": .object(arguments)])
        #expect(answer.json?["result"]?["isError"] == true)
        let text = try #require(answer.json?["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue)
        let error = try #require(try JSONValue.parse(Array(text.utf8))["error"])
        #expect(error["code"] == "bad_argument")
        #expect(error["parameter"] == .string(name))
        #expect(error["message"] == .string(message))
    }

    @Test(arguments: toolCalls)
    func aToolCallReturnsTheRoutesBytes(tool: String, arguments: JSONValue, path: String) throws {
        let rest = app.request(.get, path)
        #expect(rest.status == 200)
        let answer = modern("tools/call", ["name": .string(tool), "arguments": arguments])
        #expect(answer.status == 200)
        let result = try #require(answer.json?["result"])
        #expect(result["isError"] == false)
        var restJSON = rest.body
        restJSON.removeLast()  // the newline that ends every JSON answer
        #expect(answer.text.contains("\"structuredContent\":" + String(decoding: restJSON, as: UTF8.self) + ","))
        #expect(result["content"]?[0]?["text"]?.stringValue == String(decoding: restJSON, as: UTF8.self))
    }

    @Test func aRepeatedRequestIsAnsweredFromTheCacheWithItsOwnID() throws {
        let params: JSONValue = ["name": "list_tracking", "arguments": ["font": "sf pro", "size": 13]]
        let first = modern("tools/call", params)
        #expect(first.status == 200)
        // Asked twice, the answer is kept: the key of that very request now finds the same bytes
        // in the answer cache.
        #expect(modern("tools/call", params).body == first.body)
        var request = MCPHTTPTransport.Request(method: "POST")
        (request.protocolVersion, request.mcpMethod, request.mcpName) = (
            ["2026-07-28"], ["tools/call"], ["list_tracking"]
        )
        var body = params.objectValue!
        body["_meta"] = Self.meta
        request.body = (["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": .object(body)] as JSONValue)
            .serializedBytes()
        let key = try #require(MCPHTTPTransport.answerKey(request))
        #expect(served.mcpAnswer(for: key) == first.body)
        #expect(modern("tools/call", params).body == first.body)
        // Another name in the header is another key; so is a body that is not UTF-8, which has none.
        request.mcpName = ["list_devices"]
        #expect(MCPHTTPTransport.answerKey(request) != key)
        request.body = [0x7B, 0xFF, 0x7D]
        #expect(MCPHTTPTransport.answerKey(request) == nil)
    }

    @Test func aBadArgumentIsAToolErrorWithTheAPIsError() throws {
        let answer = modern("tools/call", ["name": "list_devices", "arguments": ["family": "toaster", "limit": 2]])
        #expect(answer.status == 200)
        let result = try #require(answer.json?["result"])
        #expect(result["isError"] == true)
        #expect(result["structuredContent"] == nil)
        let error = try JSONValue.parse(result["content"]?[0]?["text"]?.stringValue ?? "")
        #expect(error["error"]?["parameter"] == "family")
        #expect(error == (try JSONValue.parse(app.request(.get, "/v1/devices?family=toaster&limit=2").body)))
    }

    @Test func aRepresentationParameterIsNotAnArgument() throws {
        let answer = modern("tools/call", ["name": "list_devices", "arguments": ["format": "csv"]])
        let result = try #require(answer.json?["result"])
        #expect(result["isError"] == true)
        #expect(result["content"]?[0]?["text"]?.stringValue?.contains("\"parameter\":\"format\"") == true)
    }

    @Test func theBatchCheckTakesItsItemsAsTheBody() throws {
        let items: JSONValue = [
            ["figure": "metric.controls.ios.minimum-size", "width": 20, "height": 20],
            ["foreground": "#767676", "background": "#FFFFFF", "textSize": 12, "bold": false],
        ]
        let answer = modern("tools/call", ["name": "check_measurements", "arguments": ["items": items]])
        let result = try #require(answer.json?["result"])
        let rest = app.request(
            .post, "/v1/check", headers: [("Content-Type", "application/json")], body: items.serializedBytes())
        #expect(result["structuredContent"] == rest.json)
        #expect(result["structuredContent"]?["items"]?[0]?["result"] == "below-published")
        #expect(result["structuredContent"]?["items"]?[1]?["contrast"]?["ratio"] == 4.54)
        // A contrast item's members are the items' own, not arguments of the tool.
        let tool = try #require(served.mcp.tool(named: "check_measurements"))
        let item = tool.declaration["inputSchema"]?["properties"]?["items"]?["items"]?["properties"]
        #expect(item?["bold"]?["type"] == "boolean" && item?["textSize"]?["type"] == "number")
        #expect(!tool.arguments.contains("foreground"))
        let notArray = modern("tools/call", ["name": "check_measurements", "arguments": ["items": "x"]])
        #expect(notArray.json?["result"]?["isError"] == true)
    }

    @Test func resourcesReadTheRoutesBytes() throws {
        let answer = modern("resources/read", ["uri": "hig://v1/myths"])
        let text = try #require(answer.json?["result"]?["contents"]?[0]?["text"]?.stringValue)
        #expect(Array(text.utf8) == app.request(.get, "/v1/myths").body)
        let missing = modern("resources/read", ["uri": "hig://v1/myths/myth.nope"])
        #expect(missing.status == 400)
        #expect(missing.json?["error"]?["code"] == -32602)
    }

    // MARK: - Transport rules

    @Test func aForeignOrNullOriginIsRefusedAndNoWildcardIsSent() {
        for origin in ["null", "http://evil.example", "http://localhost.evil.example"] {
            let answer = modern("tools/list", headers: [("Origin", origin)])
            #expect(answer.status == 403, "\(origin)")
            #expect(answer[header: "Access-Control-Allow-Origin"] == nil)
        }
        let local = modern("tools/list", headers: [("Origin", "http://[::1]:3000")])
        #expect(local.status == 200)
        #expect(local[header: "Access-Control-Allow-Origin"] == "http://[::1]:3000")
    }

    @Test func aConfiguredHostAndOriginAreServed() {
        var configuration = ServerConfiguration()
        configuration.mcpAllowedHosts = ["hig-spec"]
        configuration.mcpAllowedOrigins = ["https://docs.example"]
        let transport = MCPHTTPTransport(
            allowedHosts: configuration.mcpAllowedHosts, allowedOrigins: configuration.mcpAllowedOrigins)
        #expect(transport.isAllowed(host: "hig-spec:8080"))
        #expect(transport.isAllowed(host: "localhost:8080"))
        #expect(!transport.isAllowed(host: "evil.example"))
        #expect(transport.isAllowed(origin: "https://docs.example"))
        #expect(!transport.isAllowed(origin: "https://docs.example.evil"))
        #expect(!transport.isAllowed(origin: "null"))
    }

    @Test func getIsNotAllowedAndABatchIsRefused() {
        let get = app.request(.get, "/mcp", headers: [("Host", "localhost")])
        #expect(get.status == 405)
        #expect(get[header: "Allow"] == "POST, OPTIONS")
        let batch = app.request(
            .post, "/mcp", headers: [("Host", "localhost"), ("Content-Type", "application/json")],
            body: Array(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#.utf8))
        #expect(batch.status == 400)
        #expect(batch.json?["error"]?["code"] == -32600)
    }

    @Test func theEraFollowsTheProtocolVersionHeader() {
        #expect(MCPHTTPTransport.era(protocolVersion: nil) == .handshake)
        #expect(MCPHTTPTransport.era(protocolVersion: "2025-06-18") == .handshake)
        #expect(MCPHTTPTransport.era(protocolVersion: "2026-07-28") == .modern)
        #expect(MCPHTTPTransport.era(protocolVersion: "1900-01-01") == .modern)
    }

    // MARK: - stdio

    @Test func stdioAnswersRequestsLineByLineAndNotificationsNotAtAll() throws {
        let responder = MCPResponder(served: served)
        #expect(
            MCPStdioCommand.answer(
                Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8), responder: responder)
                == nil)
        let ping = try #require(
            MCPStdioCommand.answer(Array(#"{"jsonrpc":"2.0","id":"a","method":"ping"}"#.utf8), responder: responder))
        #expect(ping.last == UInt8(ascii: "\n"))
        #expect(!ping.dropLast().contains(UInt8(ascii: "\n")))
        #expect(try JSONValue.parse(ping)["id"] == "a")
        // With _meta naming 2026-07-28 the modern rules hold: ping is gone.
        let modernPing = try #require(
            MCPStdioCommand.answer(
                Array(
                    #"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#
                        .utf8), responder: responder))
        #expect(try JSONValue.parse(modernPing)["error"]?["code"] == -32601)
        let garbage = try #require(MCPStdioCommand.answer(Array("{nope".utf8), responder: responder))
        #expect(try JSONValue.parse(garbage)["error"]?["code"] == -32700)
    }

    /// A pipe's two ends, read and write.
    private static func pipeEnds() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    private static let pingLine = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x0A]

    @Test func stdioEndsWhenTheClientClosesItsEndOfOutput() throws {
        // The client hangs up the pipe it reads answers from, then sends a request: the answer's
        // write fails (EPIPE, SIGPIPE ignored as the command does), and the loop ends cleanly.
        signal(SIGPIPE, SIG_IGN)
        let input = try Self.pipeEnds()
        let output = try Self.pipeEnds()
        close(output.read)
        #expect(!MCPStdioCommand.write(Self.pingLine, to: output.write))
        #expect(MCPStdioCommand.write(Self.pingLine, to: input.write))
        close(input.write)
        let ending = MCPStdioCommand.serve(
            responder: MCPResponder(served: served), input: input.read, output: output.write, limit: 64 * 1024)
        #expect(ending == .outputClosed)
        close(input.read)
        close(output.write)
    }

    @Test func stdioEndsAtEndOfInputAfterAnsweringWhatCame() throws {
        let input = try Self.pipeEnds()
        let output = try Self.pipeEnds()
        #expect(MCPStdioCommand.write(Self.pingLine + Self.pingLine, to: input.write))
        close(input.write)
        let ending = MCPStdioCommand.serve(
            responder: MCPResponder(served: served), input: input.read, output: output.write, limit: 64 * 1024)
        #expect(ending == .endOfInput)
        close(output.write)
        var answers: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(output.read, &chunk, chunk.count), count > 0 {
            answers += chunk[..<count]
        }
        close(input.read)
        #expect(answers.split(separator: 0x0A).count == 2)
    }

    @Test func stdioEndsWhenItsDescriptorsAreClosed() throws {
        // A descriptor that is not open is an ending, never a trap (read and write report EBADF).
        // Int32.max is never open; a descriptor closed here could be reused by a test running
        // at the same time.
        let closed = Int32.max
        #expect(!MCPStdioCommand.isOpen(closed))
        #expect(!MCPStdioCommand.write(Self.pingLine, to: closed))
        let output = try Self.pipeEnds()
        let ending = MCPStdioCommand.serve(
            responder: MCPResponder(served: served), input: closed, output: output.write, limit: 64 * 1024)
        #expect(ending == .inputClosed)
        let input = try Self.pipeEnds()
        #expect(
            MCPStdioCommand.serve(
                responder: MCPResponder(served: served), input: input.read, output: closed, limit: 64 * 1024)
                == .outputClosed)
        for end in [output.read, output.write, input.read, input.write] { close(end) }
    }

    // MARK: - llms.txt

    @Test func llmsTextLinksTheCollectionsAndTheirMarkdownTwins() {
        let answer = app.request(.get, "/llms.txt")
        #expect(answer.status == 200)
        #expect(answer.text.hasPrefix("# HIG spec service\n\n> "))
        // A route without Markdown (the token files) is listed without a Markdown twin.
        for route in Route.allCases where MCPCatalogue.isCollectionResource(route) && route.formats.contains(.md) {
            #expect(answer.text.contains("(\(route.template)?format=md)"), "\(route.template)")
        }
        #expect(answer.text.contains("(/mcp)"))
        #expect(answer.text.contains("(/openapi.json)"))
        let page = app.request(.get, "/v1/devices?family=iphone&format=html")
        #expect(
            page.values(header: "Link").contains(
                "</v1/devices?family=iphone&format=md>; rel=\"alternate\"; type=\"text/markdown\""))
    }
}

extension JSONValue {
    /// The element at `index` of an array, or nil.
    fileprivate subscript(index: Int) -> JSONValue? {
        guard let elements = arrayValue, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
