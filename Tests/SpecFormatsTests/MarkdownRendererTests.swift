import Testing

@testable import SpecFormats

/// Markdown with every active character escaped and only web links linked.
@Suite struct MarkdownRendererTests {
    @Test func markdownEscapesEveryActiveCharacter() {
        let markdown = MarkdownRenderer.render(HostileTable.table)
        #expect(
            markdown.contains("a\\|b \\*c\\* \\_d\\_ \\`e\\` \\<script\\>alert(1)\\</script\\> \\\\ \\[x\\](y)")
        )
        #expect(markdown.contains("line break, \"quoted\""))  // a line break would end the row
        #expect(markdown.contains("| Name | Note | Status and source |"))
        #expect(markdown.contains("1. [HIG › Layout — Specs](https://developer.apple.com/x?a=1&b=%282%29)"))
        #expect(!markdown.contains("](javascript:"))
        #expect(markdown.contains("2. Evil (javascript:alert(1))"))
    }
}
