import SpecStore
import Testing

@testable import SpecFormats
@testable import SpecServer

@Suite struct RenderingTests {
    static let hostile = FlatTable(
        title: "T <b>", version: "v1",
        columns: ["name", "note"],
        rows: [
            .init(
                cells: ["a|b *c* _d_ `e` <script>alert(1)</script> \\ [x](y)", "line\nbreak, \"quoted\""],
                citations: [
                    .init(
                        page: "HIG › Layout", section: "Specs", url: "https://developer.apple.com/x?a=1&b=(2)",
                        quote: "say \"hi\""),
                    .init(page: "Evil", section: nil, url: "javascript:alert(1)", quote: nil),
                ])
        ])

    @Test func csvQuotesAsRFC4180Requires() {
        let csv = CSVRenderer.render(Self.hostile)
        #expect(csv.hasPrefix("name,note\r\n"))
        #expect(csv.contains("\"line\nbreak, \"\"quoted\"\"\"\r\n"))
        #expect(CSVRenderer.field("plain") == "plain")
        #expect(CSVRenderer.field(" edge") == "\" edge\"")
        #expect(CSVRenderer.field("a,b") == "\"a,b\"")
    }

    @Test func markdownEscapesEveryActiveCharacter() {
        let markdown = MarkdownRenderer.render(Self.hostile)
        #expect(
            markdown.contains("a\\|b \\*c\\* \\_d\\_ \\`e\\` \\<script\\>alert(1)\\</script\\> \\\\ \\[x\\](y)")
        )
        #expect(markdown.contains("line break, \"quoted\""))  // a line break would end the row
        #expect(markdown.contains("| Name | Note | Status and source |"))
        #expect(markdown.contains("1. [HIG › Layout — Specs](https://developer.apple.com/x?a=1&b=%282%29)"))
        #expect(!markdown.contains("](javascript:"))
        #expect(markdown.contains("2. Evil (javascript:alert(1))"))
    }

    @Test func htmlEscapesEveryValueAndLinksOnlyWebURLs() {
        let page = HTMLRenderer.render(Self.hostile, page: PageContext(route: .diff), fragment: false)
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(page.contains("<title>T &lt;b&gt; · HIG spec service</title>"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("<script>"))
        #expect(page.contains("<a href=\"https://developer.apple.com/x?a=1&amp;b=(2)\" title=\"say &quot;hi&quot;\">"))
        #expect(!page.contains("href=\"javascript"))
        let fragment = HTMLRenderer.render(Self.hostile, page: PageContext(route: .diff), fragment: true)
        #expect(fragment.hasPrefix("<table class=\"hig-table\">"))
        #expect(fragment.hasSuffix("</table>"))
    }

    /// The escapes work on UTF-8 bytes; text around and between the bytes they change must come
    /// through whole, whatever it is.
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

    @Test func flatteningJoinsNestedFieldsWithUnderscores() throws {
        let record = try JSONValueFixture.parse(
            #"{"id":"d","points":{"width":402,"height":874},"platforms":["ios","ipados"],"citations":[{"page":"P","url":"https://a"},{"page":"Q","url":"https://b"}]}"#
        )
        let table = FlatTable(title: "t", version: "v", records: [record])
        #expect(table.columns == ["id", "points_width", "points_height", "platforms", "citation_page", "citation_url"])
        #expect(table.rows[0].cells == ["d", "402", "874", "ios; ipados", "P; Q", "https://a; https://b"])
        #expect(table.rows[0].citations.count == 2)
    }
}

enum JSONValueFixture {
    static func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(text) }
}
