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

    /// A page's link written into its buffer is the link as a string.
    @Test func linksAreWrittenAsTheyAreSpelled() {
        let route = PageRoute(kind: .record(.devices), template: "/v1/devices/{id}", title: "Devices")
        var page = PageContext(route: route, parameter: "device.iphone-16 pro", site: .empty)
        page.read([("family", "iphone & ipad"), ("sort", "-name"), ("limit", "5"), ("offset", "10")])
        for changes in [[], [("offset", nil)], [("sort", "name"), ("fields", "id,name")]] as [[(String, String?)]] {
            var html = HTMLWriter()
            html.write("href=\"")
            html.writeLink(page, format: "csv", changing: changes)
            #expect(html.text == "href=\"" + page.escapedLink(format: "csv", changing: changes))
            #expect(page.escapedLink(changing: changes) == HTMLRenderer.escape(page.link(changing: changes)))
        }
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
