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
}
