import Testing

@testable import SpecFormats

/// A page's buffer writes what the strings it replaced wrote.
@Suite struct HTMLWriterTests {
    /// Every character below U+0100, alone and between other text, is escaped into the buffer
    /// as `HTMLRenderer.escape` makes it, after what was written before it.
    @Test func escapingIntoTheBufferIsTheEscape() {
        var wrong: [String] = []
        for value in 0..<0x100 {
            let character = String(Unicode.Scalar(UInt8(value)))
            for text in [character, "ab" + character + "cd é", "«" + character + "»&", "<" + character + "\u{85}"] {
                var html = HTMLWriter()
                html.write("<p>")
                html.write(escaping: text)
                if html.text != "<p>" + HTMLRenderer.escape(text) { wrong.append(text.debugDescription) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test(arguments: [0, 7, 10, 25, 1234, -1, -250, Int.max, Int.min])
    func numbersAreWrittenInDecimal(_ number: Int) {
        var html = HTMLWriter()
        html.write("n=")
        html.write(number)
        #expect(html.text == "n=\(number)")
    }

    /// A page's link is its kept pairs less those a change names, then the changes, then the
    /// format: the list of pairs it was once made from, here as the reference. Written into a
    /// page's buffer it is the escaped link.
    @Test func linksAreThePairsTheyWereMadeFrom() {
        func reference(_ page: PageContext, format: String?, changes: [(String, String?)]) -> String {
            var pairs: [(String, String)] = page.applied.map { ($0.name, $0.value) }
            if let sort = page.sort { pairs.append(("sort", sort)) }
            if let projection = page.projection { pairs.append(("fields", projection.joined(separator: ","))) }
            if let limit = page.limit, page.defaultLimit == nil { pairs.append(("limit", String(limit))) }
            if page.offset > 0, !(page.defaultLimit != nil && format != nil) {
                pairs.append(("offset", String(page.offset)))
            }
            if let version = page.pinnedVersion { pairs.append(("version", version)) }
            for (name, value) in changes {
                pairs.removeAll { $0.0 == name }
                if let value { pairs.append((name, value)) }
            }
            if let format { pairs.append(("format", format)) }
            let query = pairs.map { PercentEncoding.encoded($0.0) + "=" + PercentEncoding.encoded($0.1) }
            return page.path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        }
        let changes =
            PageLinkTests.changes + [
                (nil, [("offset", "5"), ("offset", nil)]), (nil, [("sort", "a"), ("sort", "b")]),
                ("csv", [("format", "x"), ("limit", "7")]), (nil, [("fields", nil), ("version", "2023")]),
            ]
        for (index, page) in PageLinkTests.pages.enumerated() {
            for (format, changes) in changes {
                let link = page.link(format: format, changing: changes)
                #expect(link == reference(page, format: format, changes: changes), "page \(index), \(changes)")
                var html = HTMLWriter()
                html.write("href=\"")
                html.writeLink(page, format: format, changing: changes)
                #expect(html.text == "href=\"" + HTMLRenderer.escape(link))
            }
        }
    }

    @Test(arguments: [
        ("points_width", "points.width"), ("name", "name"), ("a__b", "a.b"), ("_a_", "a"), ("__", ""), ("", ""),
        ("größe_wert", "größe.wert"), ("citation_page_title", "citation.page.title"),
    ])
    func sortKeysAreTheDottedPath(_ key: String, _ path: String) {
        #expect(TableColumn(key, "Heading").sortKey == path)
    }

    @Test(arguments: [
        ("a-b-c", "-", " ", "a b c"), ("x", "-", " ", "x"), ("aaa", "aa", "b", "ba"), ("a\r\nb", "b", "c", "a\r\nc"),
        ("é-é", "-", "×", "é×é"), ("430x932", "x", "×", "430×932"), ("", "a", "b", ""),
        ("a{id}b{id}", "{id}", "", "ab"),
    ])
    func replacingFindsEveryOccurrenceLeftToRight(
        _ text: String, _ target: String, _ replacement: String, _ result: String
    ) {
        #expect(text.replacingOccurrences(of: target, with: replacement) == result)
    }

    /// Field names are worded among their bytes when they are ASCII, and by characters otherwise.
    @Test(arguments: [
        ("measured_width", "Measured width"), ("categoryLabel", "Category label"), ("metric_id", "Metric ID"),
        ("id", "ID"), ("Id", "Id"), ("points.width", "Points width"), ("_lead__trail_", "Lead trail"),
        ("URLPath", "Urlpath"), ("minCategoryID", "Min category id"), ("x1Y", "X1y"), ("", ""),
        ("größe_Wert", "Größe wert"), ("éclatWidth", "Éclat width"),
    ])
    func fieldNamesInWords(_ key: String, _ words: String) {
        #expect(TableColumn.words(key) == words)
    }
}
