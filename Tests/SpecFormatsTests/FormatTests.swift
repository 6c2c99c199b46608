import SpecFormats
import SpecStore
import Testing

/// Each format's declaration: registered once, its facts agreeing with each other.
@Suite struct FormatTests {
    @Test func everyFormatIsRegisteredOnceAndFoundByItsName() {
        let names = Format.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for format in Format.allCases {
            #expect(Format.named(format.rawValue) === format)
        }
        #expect(Format.named("JSON") == nil, "format= is matched in lower case, after the caller lowers it")
        #expect(Format.named("xml") == nil)
    }

    /// The Content-Type a format is served with is its media type, with parameters at most.
    @Test(arguments: Format.allCases)
    func theContentTypeIsTheMediaType(_ format: Format) {
        let mediaType = format.mediaType.type + "/" + format.mediaType.subtype
        #expect(format.contentType == mediaType || format.contentType.hasPrefix(mediaType + ";"))
    }

    /// A table route answers JSON first (the default), then every format declared for tables,
    /// in the registered order.
    @Test func tableRoutesAnswerJSONFirstThenTheTables() {
        #expect(Format.tables.first === Format.json)
        #expect(Format.tables == Format.allCases.filter(\.onEveryTable))
        for format in [Format.csv, .md, .html] { #expect(Format.tables.contains(format)) }
        for format in [Format.tokens, .svg, .swift, .css] { #expect(!Format.tables.contains(format)) }
    }

    @Test func aSavedFileIsNamedAfterThePageAndTheFormat() {
        var page = PageContext(route: PageRoute(kind: .other, template: "/v1/devices", title: "Devices"), site: .empty)
        page.applied = [("family", "iphone")]
        #expect(Format.csv.disposition(for: page) == "attachment; filename=\"devices-family-iphone.csv\"")
        #expect(Format.md.disposition(for: page) == "inline; filename=\"devices-family-iphone.md\"")
        #expect(Format.json.disposition(for: page) == nil)
        // Each character a file system may not take, ASCII or not, becomes one `-`, never two.
        page.applied = [("name", "Größe / SF Pro"), ("q", "ü")]
        #expect(page.fileName(extension: "csv") == "devices-name-Gr-e-SF-Pro-q-.csv")
        page.applied = [("q", String(repeating: "é", count: 3))]
        #expect(page.fileName(extension: "md") == "devices-q-.md")
        var hidden = PageContext(route: PageRoute(kind: .other, template: "/v1/.x", title: "X"), site: .empty)
        #expect(hidden.fileName(extension: "csv") == "hig.x.csv")
        hidden.applied = [("q", String(repeating: "a", count: 200))]
        #expect(hidden.fileName(extension: "csv") == "hig.x-q-" + String(repeating: "a", count: 115) + ".csv")
        // A record's id names it; a pinned version follows the filters; the route's last
        // non-empty segment names the others, and a route of none is the index.
        var record = PageContext(
            route: PageRoute(kind: .other, template: "/v1/devices/{id}", title: "Device"), parameter: "iphone 16/pro",
            site: .empty)
        record.pinnedVersion = "2025-06-09"
        #expect(record.fileName(extension: "svg") == "iphone-16-pro-version-2025-06-09.svg")
        for (template, name) in [("/", "index"), ("", "index"), ("/v1/colors/", "colors"), ("tokens", "tokens")] {
            let page = PageContext(route: PageRoute(kind: .other, template: template, title: "T"), site: .empty)
            #expect(page.fileName(extension: "csv") == name + ".csv", "\(template)")
        }
    }

    /// A text format renders from a table and a page alone; the JSON formats serialize the
    /// answer's document instead.
    @Test func textFormatsRenderFromATableAndAPage() {
        let input = FormatInput(
            table: HostileTable.table, page: HostileTable.page, fragment: false, record: nil, rows: [], notes: [])
        for format in Format.allCases {
            switch format.body {
            case .json:
                #expect(format === Format.json || format === Format.tokens)
            case .text(let render):
                let text = render(input)
                // Only the drawing of a device needs its record to draw anything.
                #expect(text.isEmpty == (format === Format.svg), "\(format)")
            }
        }
    }
}
