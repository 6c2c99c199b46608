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
//   gzip      the gzip encoder: any bytes round-trip through an independent inflater written
//             from RFC 1951 below, with the CRC-32 and length the trailer names

import Glibc
import JSON
import SourceWatch
import SpecAPI
import SpecFormats
import SpecMCP
import SpecStore

private enum FuzzTarget: String {
    case query, check, loader, escaping, mcp, pages, gzip
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
            fatalError("set FUZZ_TARGET to query, check, loader, escaping, mcp, pages or gzip")
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
    case .gzip: fuzzGzip(bytes)
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
        _ = try RouteQueries.check(store: checkStore!, body: bytes, version: nil, embed: false)
    } catch {
        precondition((400..<500).contains(error.status), "a body refused with \(error.status)")
        precondition(!error.body.isEmpty, "a refusal without a message")
    }
}

private func fuzzEscaping(_ text: String) {
    // Control characters are shown as their pictures; unescaping restores that visible text.
    let shown = ControlCharacters.visible(text)
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
    precondition(restored == Array(shown.utf8), "HTML unescaping does not restore the text")

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
    for byte in shown.utf8 {
        if byte == 0x0D || byte == 0x0A || byte == 0x09 {
            if !(byte == 0x0A && previous == 0x0D) { expected.append(0x20) }
        } else {
            expected.append(byte)
        }
        previous = byte
    }
    precondition(unescaped == expected, "Markdown unescaping does not restore the text")
}

/// The ASCII punctuation Markdown (CommonMark and GitHub tables) gives a meaning to wherever it
/// stands inline. `(`, `)` and `!` mean something only beside a `[` or `]`, which are escaped, and
/// `#`, `{` and `}` nothing inside a line, so the escape leaves them as written.
private func isMarkdownPunctuation(_ byte: UInt8) -> Bool {
    "\\|*_`<>[]~&$".utf8.contains(byte)
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

// MARK: - gzip

/// The input, and the input repeated with a twist (so long matches and several blocks are
/// reached from short inputs), compressed at each level (the standard one, and the fast one a
/// never-seen answer gets) and inflated back.
private func fuzzGzip(_ bytes: [UInt8]) {
    var stretched = bytes
    if let first = bytes.first, bytes.count > 1 {
        for round in 0..<Int(first % 64) { stretched += bytes.map { $0 &+ UInt8(truncatingIfNeeded: round % 3) } }
    }
    for input in [bytes, stretched] {
        for level in [DeflateEncoder.Level.standard, .fast] { fuzzGzip(input, level: level) }
    }
}

private func fuzzGzip(_ input: [UInt8], level: DeflateEncoder.Level) {
    let compressed = Gzip.compress(input, level: level)
    precondition(compressed.count >= 18 && compressed[0] == 0x1F && compressed[1] == 0x8B, "no gzip header")
    var inflater = Inflater(compressed[10..<(compressed.count - 8)])
    guard let output = inflater.inflate() else { preconditionFailure("the DEFLATE stream does not decode") }
    precondition(output == input, "round trip changed \(input.count) bytes")
    let trailer = Array(compressed.suffix(8))
    let crc = trailer[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    let size = trailer[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    precondition(crc == CRC32.checksum(input), "the trailer's CRC-32 is wrong")
    precondition(size == UInt32(truncatingIfNeeded: input.count), "the trailer's length is wrong")
    // Deterministic: the same bytes compress the same.
    precondition(Gzip.compress(input, level: level) == compressed, "compressing is not a function of the input")
}

/// A DEFLATE decoder written from RFC 1951 alone, for checking the encoder: stored, fixed and
/// dynamic blocks; `nil` for any malformed stream.
private struct Inflater {
    let input: [UInt8]
    var position = 0
    var bitBuffer: UInt32 = 0
    var bitCount = 0

    init(_ bytes: ArraySlice<UInt8>) { input = Array(bytes) }

    mutating func bits(_ count: Int) -> Int? {
        while bitCount < count {
            guard position < input.count else { return nil }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
        bitBuffer >>= UInt32(count)
        bitCount -= count
        return value
    }

    /// A canonical code as (length, code) → symbol, read bit by bit (slow, and plainly right).
    struct Code {
        var symbols: [Int: Int] = [:]
        init?(_ lengths: [Int]) {
            var count = [Int](repeating: 0, count: 16)
            for length in lengths where length > 0 { count[length] += 1 }
            var next = [Int](repeating: 0, count: 16)
            var code = 0
            for bits in 1..<16 {
                code = (code + count[bits - 1]) << 1
                next[bits] = code
            }
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[length << 16 | next[length]] = symbol
                next[length] += 1
            }
            if symbols.isEmpty { return nil }
        }
    }

    mutating func decode(_ code: Code) -> Int? {
        var value = 0
        for length in 1..<16 {
            guard let bit = bits(1) else { return nil }
            value = value << 1 | bit
            if let symbol = code.symbols[length << 16 | value] { return symbol }
        }
        return nil
    }

    mutating func inflate() -> [UInt8]? {
        var output: [UInt8] = []
        var isFinal = false
        while !isFinal {
            guard let final = bits(1), let type = bits(2) else { return nil }
            isFinal = final == 1
            switch type {
            case 0:
                bitBuffer = 0
                bitCount = 0
                guard position + 4 <= input.count else { return nil }
                let length = Int(input[position]) | Int(input[position + 1]) << 8
                position += 4
                guard position + length <= input.count else { return nil }
                output += input[position..<(position + length)]
                position += length
            case 1:
                let literal = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
                guard let literals = Code(literal), let distances = Code([Int](repeating: 5, count: 30)),
                    inflateBlock(literals, distances, into: &output)
                else { return nil }
            case 2:
                guard let literalCount = bits(5), let distanceCount = bits(5), let lengthCount = bits(4) else {
                    return nil
                }
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var lengthLengths = [Int](repeating: 0, count: 19)
                for index in 0..<(lengthCount + 4) {
                    guard let length = bits(3) else { return nil }
                    lengthLengths[order[index]] = length
                }
                guard let lengthCode = Code(lengthLengths) else { return nil }
                var lengths: [Int] = []
                let total = literalCount + 257 + distanceCount + 1
                while lengths.count < total {
                    guard let symbol = decode(lengthCode) else { return nil }
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let last = lengths.last, let repeats = bits(2) else { return nil }
                        lengths += [Int](repeating: last, count: repeats + 3)
                    case 17:
                        guard let repeats = bits(3) else { return nil }
                        lengths += [Int](repeating: 0, count: repeats + 3)
                    default:
                        guard let repeats = bits(7) else { return nil }
                        lengths += [Int](repeating: 0, count: repeats + 11)
                    }
                }
                guard lengths.count == total, let literals = Code(Array(lengths[0..<(literalCount + 257)])),
                    let distances = Code(Array(lengths[(literalCount + 257)...])),
                    inflateBlock(literals, distances, into: &output)
                else { return nil }
            default:
                return nil
            }
        }
        return output
    }

    // RFC 1951 §3.2.5's tables, copied here rather than shared with the encoder, so a mistake
    // in one is not repeated in the other.
    static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtraBits = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    mutating func inflateBlock(_ literals: Code, _ distances: Code, into output: inout [UInt8]) -> Bool {
        while true {
            guard let symbol = decode(literals) else { return false }
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return true }
            let index = symbol - 257
            guard index < 29, let extra = bits(Self.lengthExtraBits[index]) else { return false }
            let length = Self.lengthBases[index] + extra
            guard let distanceSymbol = decode(distances), distanceSymbol < 30,
                let distanceExtra = bits(Self.distanceExtraBits[distanceSymbol])
            else { return false }
            let distance = Self.distanceBases[distanceSymbol] + distanceExtra
            guard distance <= output.count else { return false }
            for _ in 0..<length { output.append(output[output.count - distance]) }
        }
    }
}
