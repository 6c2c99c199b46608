import Testing

@testable import SpecFormats

/// A page or a fragment with every value escaped and only web URLs linked.
@Suite struct HTMLRendererTests {
    @Test func htmlEscapesEveryValueAndLinksOnlyWebURLs() {
        let page = HTMLRenderer.render(HostileTable.table, page: HostileTable.page, fragment: false)
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(page.contains("<title>T &lt;b&gt; · HIG spec service</title>"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!page.contains("<script>"))
        #expect(page.contains("<a href=\"https://developer.apple.com/x?a=1&amp;b=(2)\" title=\"say &quot;hi&quot;\">"))
        #expect(!page.contains("href=\"javascript"))
        let fragment = HTMLRenderer.render(HostileTable.table, page: HostileTable.page, fragment: true)
        #expect(fragment.hasPrefix("<table class=\"hig-table\">"))
        #expect(fragment.hasSuffix("</table>"))
    }

    /// Only `#` and six hex digits reach a swatch's style attribute.
    @Test func aColorCellThatIsNotAHexColorHasNoSwatch() {
        let column = TableColumn("light_hex", "Hex", .color)
        #expect(HTMLRenderer.cellContent("red;x", column: column, fragment: false, site: .empty) == "red;x")
        #expect(
            HTMLRenderer.cellContent("#6D7CFF", column: column, fragment: false, site: .empty)
                .hasSuffix("background:#6D7CFF\"></span>#6D7CFF"))
    }

    /// "This data as …" links each of the route's formats that pages offer, in the route's order.
    @Test func aPageLinksTheFormatsItsRouteDeclares() {
        var route = PageRoute(kind: .other, template: "/v1/t", title: "T")
        route.formats = [.json, .csv, .md, .html, .swift]
        let links = HTMLRenderer.formatLinks(PageContext(route: route, site: .empty))
        #expect(
            links
                == "<p class=\"formats\">This data as <a href=\"/v1/t?format=json\">JSON</a> · "
                + "<a href=\"/v1/t?format=csv\">CSV</a> · <a href=\"/v1/t?format=md\">Markdown</a> · "
                + "<a href=\"/v1/t?fragment=true&amp;format=html\">table only, to embed</a></p>\n")
    }
}
