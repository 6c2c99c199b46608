import Testing

@testable import SpecStore

/// `containsASCII(_:)` answers as the standard library's `contains(_:)` of a string does, on
/// bytes: the needle's characters among the text's characters. (A test target sees Foundation's
/// `contains`, which compares UTF-16 units, so the tests compare with a search of characters.)
@Suite struct ASCIISearchTests {
    /// Whether `needle`'s characters occur, in a row, among `text`'s.
    static func characters(_ text: String, contain needle: String) -> Bool {
        let text = Array(text)
        let needle = Array(needle)
        guard needle.count <= text.count else { return false }
        return (0...(text.count - needle.count)).contains { Array(text[$0..<($0 + needle.count)]) == needle }
    }

    @Test(arguments: [
        ("see https://developer.apple.com/design", "https://", true),
        ("no link here", "http://", false),
        ("", "http://", false),
        ("http:/", "http://", false),
        // A combining mark after the match joins its last character to the mark: no match
        // there, but a later whole one counts.
        ("http://\u{301}x", "http://", false),
        ("http://\u{301}x and http://y", "http://", true),
        // A mark before the match joins the character before it, not the match's first.
        ("e\u{301}http://x", "http://", true),
        ("größe_citation_wert", "_citation_", true),
        ("😀_basis_😀", "_basis_", true),
        ("a\r\nb", "\n", false),
        // A prepended mark joins the character after it.
        ("\u{600}http://x", "http://", false),
    ])
    func agreesWithContains(_ text: String, _ needle: String, _ expected: Bool) {
        #expect(text.containsASCII(needle) == expected)
        #expect(Self.characters(text, contain: needle) == expected)
    }

    /// Random texts of ASCII letters, marks and wide characters: the same answer as
    /// `contains(_:)` for every one.
    @Test func agreesOnRandomTexts() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "_", "/", ":", "\u{301}", "\u{308}", "\u{600}", "é", "😀", " ", "\r", "\n"]
        let needles = ["ab", "a_b", "b", "://", "_", "a", "\n", "\r", "b\r"]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            for needle in needles {
                #expect(
                    text.containsASCII(needle) == Self.characters(text, contain: needle),
                    "\(Array(text.unicodeScalars)) \(needle)")
            }
        }
    }

    /// Splitting at an ASCII character gives what the standard library's split gives: ids and
    /// keys, empty parts at either end and between, and texts a combining mark or an emoji
    /// makes non-ASCII (a mark after the separator joins it to another character).
    @Test func splittingAtAnASCIICharacterIsSplittingByCharacters() {
        let fixed = [
            "metric.buttons.ios.minimum-size", "", ".", "..a..b..", "a", "color.all.red", "é.e", ".\u{301}a.b",
            "a.\u{301}.b", "😀.😀",
        ]
        for text in fixed {
            #expect(
                text.splitASCII(".") == text.split(separator: ".").map(String.init), "\(Array(text.unicodeScalars))")
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", ".", "_", "\u{301}", "é", "😀"]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            for separator: Character in [".", "_"] {
                #expect(
                    text.splitASCII(separator) == text.split(separator: separator).map(String.init),
                    "\(Array(text.unicodeScalars)) \(separator)")
            }
        }
    }
}
