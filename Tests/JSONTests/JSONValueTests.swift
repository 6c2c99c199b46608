import Testing

@testable import JSON

@Suite("JSON parsing and serialization")
struct JSONValueTests {
    @Test(
        "numbers keep their literal through parse and serialize",
        arguments: ["0", "44", "-3", "305.5", "0.24", "-0.43", "1e3", "2.5E-7", "12345678901234567890"])
    func numberLiteralRoundTrips(literal: String) throws {
        let value = try JSONValue.parse("[\(literal)]")
        #expect(value.serialized() == "[\(literal)]")
        #expect(value.arrayValue?.first?.doubleValue == Double(literal))
    }

    @Test("object keys keep their written order")
    func keyOrder() throws {
        let text = #"{"z":1,"a":2,"m":{"y":true,"b":null}}"#
        #expect(try JSONValue.parse(text).serialized() == text)
    }

    @Test(
        "strings escape quotes, backslashes and control characters; non-ASCII passes through",
        arguments: [
            ("a\"b", #""a\"b""#), ("back\\slash", #""back\\slash""#), ("line\nbreak\ttab", #""line\nbreak\ttab""#),
            ("\u{01}\u{1F}", #""\u0001\u001f""#), ("Größe › 44×44 🎯", "\"Größe › 44×44 🎯\""), ("a/b", #""a/b""#),
        ])
    func stringEscaping(input: String, expected: String) throws {
        let serialized = JSONValue.string(input).serialized()
        #expect(serialized == expected)
        #expect(try JSONValue.parse(serialized) == .string(input))
    }

    @Test(
        "escapes decode, including surrogate pairs",
        arguments: [
            (#""\u00e9\u2028""#, "é\u{2028}"), (#""\ud83c\udfaf""#, "🎯"), (#""\/\b\f\r""#, "/\u{8}\u{C}\r"),
        ])
    func escapesDecode(text: String, expected: String) throws {
        #expect(try JSONValue.parse(text) == .string(expected))
    }

    @Test("a string with escapes is written as escaping one character at a time writes it, and reads back")
    func escapedStringsMatchACharacterAtATimeWriter() throws {
        // RFC 8259 §7 one scalar at a time: the specification the one-pass writer must match.
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                case let control where control.value < 0x20:
                    let hex = String(control.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let pieces: [String] = [
            "a", "Größe", "🎯", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1F}", "\u{7F}", "/",
            #"{"id":"metric.x","value":44}"#, " ", "é\u{301}",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                pieces.randomElement(using: &random)!
            }.joined()
            let written = JSONValue.string(text).serialized()
            #expect(written == reference(text), "\(Array(text.utf8))")
            #expect(try JSONValue.parse(written) == .string(text))
        }
    }

    @Test("the eight-byte test finds the first byte to escape wherever it is, as one byte at a time does")
    func escapePositionMatchesAByteScan() {
        let plain = Array("abcdefghijklmnopqrstuvwxyz0123".utf8)
        // Every byte value a string may hold in each place of strings of every length to 30,
        // between bytes that need no escape, non-ASCII ones included.
        for length in 0...plain.count {
            for place in 0..<max(length, 1) {
                for byte in [0x00, 0x08, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF] {
                    var bytes = Array(plain.prefix(length))
                    if length > 0 { bytes[place] = UInt8(byte) }
                    if length > 2 { bytes[length - 1] = 0xC3 }
                    let expected = bytes.firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } ?? bytes.count
                    #expect(JSONValue.escapePosition(in: bytes.span, from: 0) == expected, "\(bytes)")
                    let later = min(place + 1, bytes.count)
                    let expectedLater =
                        bytes[later...].firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } ?? bytes.count
                    #expect(JSONValue.escapePosition(in: bytes.span, from: later) == expectedLater, "\(bytes)")
                }
            }
        }
    }

    @Test("pretty output indents two spaces and keeps empty containers compact")
    func pretty() throws {
        let value: JSONValue = ["a": [1, 2], "b": [:], "c": [], "d": ["e": "f"]]
        let expected = """
            {
              "a": [
                1,
                2
              ],
              "b": {},
              "c": [],
              "d": {
                "e": "f"
              }
            }
            """
        #expect(value.serialized(pretty: true) == expected)
        #expect(try JSONValue.parse(expected) == value)
    }

    @Test(
        "malformed text is refused with line and column",
        arguments: [
            ("[1,]", 1, 4), ("{\"a\" 1}", 1, 6), ("[01]", 1, 3), ("[1.]", 1, 4), ("\n\n  tru", 3, 6),
            ("{\"a\":1,\"a\":2}", 1, 8), ("[\"x\ny\"]", 1, 4), ("[\"é\\x\"]", 1, 4), ("[1] [2]", 1, 5), ("", 1, 1),
            ("[\"\\ud83c\"]", 1, 3), ("{\"a\":1", 1, 7), ("[-]", 1, 3), ("[1e]", 1, 4),
            ("[{\"a\":1,\"b\":2},{\"a\":1,\"a\":2}]", 1, 23),
            ("[{\"a\":1,\"b\":2},{\"a\":1,\"b\":2,\"a\":3}]", 1, 29),
        ])
    func syntaxErrors(text: String, line: Int, column: Int) {
        #expect {
            try JSONValue.parse(text)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == line && error.column == column
        }
    }

    @Test("invalid UTF-8 inside a string is refused")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse([0x5B, 0x22, 0xFF, 0x22, 0x5D]) }
    }

    @Test("nesting beyond the limit is refused, not a crash")
    func deepNesting() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(text) }
    }

    @Test("a number from a Double is written in its shortest form")
    func doubleLiterals() {
        #expect(JSONNumber(44.0).literal == "44")
        #expect(JSONNumber(81.5).literal == "81.5")
        #expect(JSONNumber(-0.43).literal == "-0.43")
        #expect(JSONNumber(literal: "01") == nil)
        #expect(JSONNumber(literal: "1.5e3")?.double == 1500)
    }
}
