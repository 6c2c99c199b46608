import Testing

@testable import SpecFormats

/// The escapes of HTML, Markdown and CSV work on UTF-8 bytes.
@Suite struct EscapingTests {
    /// Text around and between the bytes an escape changes must come through whole, whatever it is.
    @Test(arguments: [
        ("café <é>", "café &lt;é&gt;", "café \\<é\\>", "café <é>"),
        ("a\r\nb\tc\rd", "a\r\nb\tc\rd", "a b c d", "\"a\r\nb\tc\rd\""),
        ("«»‹› 👩‍💻 \"'&", "«»‹› 👩‍💻 &quot;&#39;&amp;", "«»‹› 👩‍💻 \"'\\&", "\"«»‹› 👩‍💻 \"\"'&\""),
        ("*\u{301}|", "*\u{301}|", "\\*\u{301}\\|", "*\u{301}|"),
        ("plain ✓", "plain ✓", "plain ✓", "plain ✓"),
    ])
    func escapesKeepEverythingTheyDoNotChange(text: String, html: String, markdown: String, csv: String) {
        #expect(HTMLRenderer.escape(text) == html)
        #expect(MarkdownRenderer.escape(text) == markdown)
        #expect(CSVRenderer.field(text) == csv)
    }

    /// Every character below U+0100 (the C0 and C1 controls, DEL, the five HTML replaces,
    /// tab, line feed and carriage return), alone and between other text, is escaped as the
    /// control pictures and then the five replacements, written plainly, make it.
    @Test func theHTMLEscapeIsTheControlPicturesThenTheFiveReplacements() {
        func reference(_ text: String) -> String {
            var result = ""
            for character in ControlCharacters.visible(text) {
                switch character {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                case "'": result += "&#39;"
                default: result.append(character)
                }
            }
            return result
        }
        var wrong: [String] = []
        for value in 0..<0x100 {
            let character = String(Unicode.Scalar(UInt8(value)))
            for text in [character, "ab" + character + "cd é", "«" + character + "»&"]
            where HTMLRenderer.escape(text) != reference(text) {
                wrong.append(text.debugDescription)
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        let plain = "Plain words, nothing to replace: 44 × 44 pt."
        #expect(HTMLRenderer.escape(plain) == plain)
    }
}
