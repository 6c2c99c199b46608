import Testing

@testable import SpecFormats

/// A comment's text: each control character a space and, for a block comment, each `*/` split,
/// whether the text needs neither (given back as it is) or either.
@Suite struct CommentTextTests {
    /// What the text should become, a character at a time.
    static func expected(_ text: String, splittingStarSlash: Bool) -> String {
        var result = ""
        var afterStar = false
        for scalar in text.unicodeScalars {
            let kept: Unicode.Scalar = scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar
            if afterStar, kept == "/" { result.unicodeScalars.append(" ") }
            result.unicodeScalars.append(kept)
            afterStar = splittingStarSlash && kept == "*"
        }
        return result
    }

    @Test func controlsBecomeSpacesAndStarSlashIsSplit() {
        #expect(CommentText.cleaned("a\nb\u{7F}c") == "a b c")
        #expect(CommentText.cleaned("x */ y", splittingStarSlash: true) == "x * / y")
        #expect(CommentText.cleaned("x */ y") == "x */ y")
        #expect(CommentText.cleaned("**//", splittingStarSlash: true) == "** //")
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "*", "/", "\n", "\t", "\u{7F}", "é", "😀", " ", "\u{301}"]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            for split in [false, true] {
                #expect(
                    CommentText.cleaned(text, splittingStarSlash: split)
                        == Self.expected(text, splittingStarSlash: split),
                    "\(Array(text.unicodeScalars)) \(split)")
            }
        }
    }
}
