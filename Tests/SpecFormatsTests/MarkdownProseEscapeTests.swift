import Testing

@testable import SpecFormats

/// A heading's and a caption's escape (`MarkdownRenderer.escapeProse`) reads ASCII text by bytes
/// and other text by characters: both must write what the characters decide.
@Suite struct MarkdownProseEscapeTests {
    /// The escape by characters, as Markdown's rules state it: the reference.
    static func byCharacters(_ text: String, atLineStart: Bool) -> String {
        var result = ""
        for (index, character) in text.enumerated() {
            switch character {
            case "\\", "*", "_", "`", "[", "]", "<", ">", "&", "~": result += "\\" + String(character)
            case "#", "+", "-", "=": result += (index == 0 && atLineStart ? "\\" : "") + String(character)
            case "\n", "\r", "\t": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// Every ASCII byte, a CR LF (one character, kept), a combining mark after a marker (one
    /// character, kept) and plain words, in many mixtures.
    @Test func bytesDecideAsCharactersDo() {
        let pieces = [
            "Width (pt)", "#", "+", "-", "=", "*", "_", "`", "[", "]", "<", ">", "&", "~", "\\", "|", "\n", "\r",
            "\r\n", "\t", " ", "font = sf pro", "-\u{301}", "×", "HIG › Buttons", "a",
        ]
        var generator = SystemRandomNumberGenerator()
        var texts = pieces + (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement()! }.joined())
        }
        var wrong: [String] = []
        for text in texts {
            for atLineStart in [true, false]
            where MarkdownRenderer.escapeProse(text, atLineStart: atLineStart)
                != Self.byCharacters(text, atLineStart: atLineStart)
            {
                wrong.append(text.debugDescription)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func aHeadingsBarIsEscapedInTheTable() {
        let table = FlatTable(
            title: "T", version: "1", columns: ["a|b"], rows: [FlatTable.Row(cells: ["x"], citations: [])], notes: [])
        let header = MarkdownRenderer.render(table).split(separator: "\n").first { $0.hasPrefix("| ") }
        #expect(header?.contains("\\|") == true, "\(header ?? "")")
    }
}
