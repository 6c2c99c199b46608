// libFuzzer entry point over SpecServer's and SpecStore's decoders, built by Fuzz/run.sh into
// the SpecServer module (so it reaches internal types). FUZZ_TARGET picks what it fuzzes:
//
//   query     the query-string decoder: never traps; a decoded query, re-encoded, decodes equal
//   check     the POST /v1/check body decoder: never traps; a refusal is a 4xx with a message
//   loader    the data-file loader (JSON parser and schema checks): never traps
//   escaping  the HTML and Markdown escapes: nothing active survives, and unescaping restores
//             the text (line breaks become one space in Markdown)
//   mcp       a JSON-RPC message to the MCP responder, as a stdio line: never traps; every answer
//             is one line of JSON that parses, with a result or an error
//   pages     a HIG page's DocC render JSON to the source watch's reader and comparison: never
//             traps; a page that reads compares with the store's Layout expectations, and every
//             finding names that page

import Glibc
import SpecStore

private enum FuzzTarget: String {
    case query, check, loader, escaping, mcp, pages
}

nonisolated(unsafe) private var target: FuzzTarget? = nil
nonisolated(unsafe) private var checkStore: SpecStore? = nil
nonisolated(unsafe) private var mcpResponder: MCPResponder? = nil
nonisolated(unsafe) private var layoutExpectations: SourceExpectations.Page? = nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if target == nil {
        let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let chosen = FuzzTarget(rawValue: name) else {
            fatalError("set FUZZ_TARGET to query, check, loader, escaping, mcp or pages")
        }
        target = chosen
    }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch target! {
    case .query: fuzzQuery(bytes)
    case .check: fuzzCheck(bytes)
    case .loader: _ = try? SpecStore.load(bytes: bytes, sourceName: "fuzz")
    case .escaping: fuzzEscaping(String(decoding: bytes, as: UTF8.self))
    case .mcp: fuzzMCP(bytes)
    case .pages: fuzzPage(bytes)
    }
    return 0
}

private func fuzzQuery(_ bytes: [UInt8]) {
    guard let query = try? QueryParameters(parsing: bytes) else { return }
    precondition(Set(query.pairs.map(\.name)).count == query.pairs.count, "a repeated name was accepted")
    var encoded: [UInt8] = []
    for (index, pair) in query.pairs.enumerated() {
        if index > 0 { encoded.append(UInt8(ascii: "&")) }
        for byte in pair.name.utf8 { percentEncode(byte, into: &encoded) }
        encoded.append(UInt8(ascii: "="))
        for byte in pair.value.utf8 { percentEncode(byte, into: &encoded) }
    }
    // A pair with an empty name is dropped by neither side, so the round trip is exact.
    guard let again = try? QueryParameters(parsing: encoded) else {
        preconditionFailure("a re-encoded query does not decode")
    }
    precondition(again == query, "a re-encoded query decodes differently")
}

private func percentEncode(_ byte: UInt8, into output: inout [UInt8]) {
    let hex = Array("0123456789ABCDEF".utf8)
    output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
}

/// The store FUZZ_DATA names, loaded once.
private func fuzzStore() -> SpecStore {
    if checkStore == nil {
        guard let path = getenv("FUZZ_DATA").map({ String(cString: $0) }),
            let store = try? SpecStore.load(bytes: DataFile.read(path, limit: 64 << 20), sourceName: path)
        else { fatalError("set FUZZ_DATA to a valid data file") }
        checkStore = store
    }
    return checkStore!
}

private func fuzzMCP(_ bytes: [UInt8]) {
    if mcpResponder == nil {
        mcpResponder = MCPResponder(served: ServedStore(store: fuzzStore(), cacheBudget: 1 << 20))
    }
    guard let answer = MCPStdioCommand.answer(bytes, responder: mcpResponder!) else { return }
    precondition(answer.last == UInt8(ascii: "\n"), "an answer that does not end its line")
    precondition(!answer.dropLast().contains(UInt8(ascii: "\n")), "an answer of more than one line")
    guard let message = try? JSONValue.parse(answer.dropLast()) else {
        preconditionFailure("an answer that is not JSON")
    }
    precondition(message["jsonrpc"] == "2.0", "an answer without jsonrpc 2.0")
    precondition((message["result"] == nil) != (message["error"] == nil), "not one of result and error")
}

private func fuzzCheck(_ bytes: [UInt8]) {
    _ = fuzzStore()
    do {
        _ = try Answers.check(store: checkStore!, body: bytes, version: nil, embed: false)
    } catch {
        precondition((400..<500).contains(error.status), "a body refused with \(error.status)")
        precondition(!error.body.isEmpty, "a refusal without a message")
    }
}

private func fuzzEscaping(_ text: String) {
    let html = HTMLRenderer.escape(text)
    precondition(!html.utf8.contains { "<>\"'".utf8.contains($0) }, "an HTML-active character survived")
    // Unescaped on bytes: on Characters, an entity's ';' followed by a combining mark would
    // be one grapheme and not match.
    let entities: [([UInt8], UInt8)] = [
        (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
        (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&#39;".utf8), UInt8(ascii: "'")),
        (Array("&amp;".utf8), UInt8(ascii: "&")),
    ]
    let escapedBytes = Array(html.utf8)
    var restored: [UInt8] = []
    var index = 0
    while index < escapedBytes.count {
        if escapedBytes[index] == UInt8(ascii: "&") {
            guard let (entity, byte) = entities.first(where: { escapedBytes[index...].starts(with: $0.0) }) else {
                preconditionFailure("a bare '&' in escaped HTML")
            }
            restored.append(byte)
            index += entity.count
        } else {
            restored.append(escapedBytes[index])
            index += 1
        }
    }
    precondition(restored == Array(text.utf8), "HTML unescaping does not restore the text")

    let markdown = MarkdownRenderer.escape(text)
    precondition(
        !markdown.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }, "a line break or tab survived in Markdown")
    var unescaped: [UInt8] = []
    var escaped = false
    for byte in markdown.utf8 {
        if !escaped && byte == UInt8(ascii: "\\") {
            escaped = true
            continue
        }
        precondition(escaped || !isMarkdownPunctuation(byte), "unescaped Markdown punctuation")
        unescaped.append(byte)
        escaped = false
    }
    precondition(!escaped, "a dangling backslash")
    var expected: [UInt8] = []
    var previous: UInt8 = 0
    for byte in text.utf8 {
        if byte == 0x0D || byte == 0x0A || byte == 0x09 {
            if !(byte == 0x0A && previous == 0x0D) { expected.append(0x20) }
        } else {
            expected.append(byte)
        }
        previous = byte
    }
    precondition(unescaped == expected, "Markdown unescaping does not restore the text")
}

/// The ASCII punctuation Markdown (CommonMark and GitHub tables) gives a meaning to inline.
private func isMarkdownPunctuation(_ byte: UInt8) -> Bool {
    "\\|*_`<>[]()#~&$!{}".utf8.contains(byte)
}

private func fuzzPage(_ bytes: [UInt8]) {
    if layoutExpectations == nil {
        let store = fuzzStore()
        layoutExpectations = SourceExpectations(snapshot: store.latest).pages.first { $0.slug == "layout" }
        precondition(layoutExpectations != nil, "the store cites no Layout page")
    }
    guard let document = try? PageDocument.read(bytes) else { return }
    let findings = PageComparison.findings(layoutExpectations!, document: document, versionDate: "2025-12-16")
    precondition(findings.allSatisfy { $0.page == "layout" }, "a finding names another page")
    let report = SourceReport(
        checkedAt: "", version: "", versionDate: "2025-12-16", base: "", pages: [], findings: findings)
    precondition(SourceReport(json: report.json) == report, "a report does not read back as itself")
    _ = report.markdown
}
