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

/// What a Markdown page keeps between pages (its route's heading lines, each citation's link and
/// quote) is the page's own: two routes, or two citations alike but for a word, never share.
@Suite struct MarkdownKeptPartsTests {
    static func page(template: String, header: String) -> PageContext {
        var route = PageRoute(kind: .other, template: template, title: "T")
        route.columns = [TableColumn("id", "Id", .id), TableColumn("size", header, .number)]
        return PageContext(route: route, site: .empty)
    }

    @Test func eachRouteHasItsOwnHeadings() {
        let table = FlatTable(
            title: "T", version: "v",
            flattened: [FlatRecord(names: ["id", "size"], values: ["a", "1"], citations: [])])
        let first = MarkdownRenderer.render(
            table, page: Self.page(template: "/v1/a", header: "Size (pt)"), fragment: true)
        let second = MarkdownRenderer.render(
            table, page: Self.page(template: "/v1/b", header: "Width | pt"), fragment: true)
        #expect(first.hasPrefix("| Id | Size (pt) |\n| --- | ---: |\n"))
        #expect(second.hasPrefix("| Id | Width \\| pt |\n| --- | ---: |\n"))
        // Asked again, each route gets its own.
        #expect(
            MarkdownRenderer.render(table, page: Self.page(template: "/v1/a", header: "Size (pt)"), fragment: true)
                == first)
    }

    /// Two citations of one URL whose quotes have the same length hash alike; each keeps its own
    /// words.
    @Test func citationsAlikeButForAWordKeepTheirOwnQuotes() {
        let url = "https://developer.apple.com/design/human-interface-guidelines/layout"
        let one = FlatTable.Citation(page: "HIG › Layout", section: nil, url: url, quote: "at least 44 pt")
        let other = FlatTable.Citation(page: "HIG › Layout", section: nil, url: url, quote: "at least 28 pt")
        let table = FlatTable(
            title: "T", version: "v",
            flattened: [
                FlatRecord(names: ["id"], values: ["a"], citations: [one]),
                FlatRecord(names: ["id"], values: ["b"], citations: [other]),
            ])
        let markdown = MarkdownRenderer.render(table)
        #expect(markdown.contains("1. [HIG › Layout](\(url)): “at least 44 pt”\n"))
        #expect(markdown.contains("2. [HIG › Layout](\(url)): “at least 28 pt”\n"))
        #expect(MarkdownRenderer.render(table) == markdown)
    }
}
