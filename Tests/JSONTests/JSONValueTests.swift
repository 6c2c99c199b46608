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
