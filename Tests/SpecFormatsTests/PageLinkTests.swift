import Testing

@testable import SpecFormats

/// A page's links: the text `link` writes, and the HTML attribute form `escapedLink` writes
/// straight away, which must be exactly what escaping that text makes.
@Suite struct PageLinkTests {
    /// Pages with and without filters, order, columns, paging, a default page size, a pinned
    /// version and a record id, with values holding characters HTML and URLs both escape.
    static let pages: [PageContext] = {
        var plain = PageContext(
            route: PageRoute(kind: .other, template: "/v1/tracking", title: "Tracking"), site: .empty)
        var filtered = plain
        filtered.applied = [("font", "SF Pro"), ("q", "a&b <c> \"d\" 'e' é\u{1}")]
        filtered.sort = "-size"
        filtered.projection = ["id", "size", "tracking"]
        filtered.limit = 5
        filtered.offset = 10
        filtered.pinnedVersion = "2026-06-08"
        var paged = filtered
        paged.limit = nil
        paged.defaultLimit = 25
        plain.offset = 3
        let record = PageContext(
            route: PageRoute(kind: .other, template: "/v1/devices/{id}", title: "Device"), parameter: "ipad <pro> & é",
            site: .empty)
        return [plain, filtered, paged, record]
    }()

    static let changes: [(format: String?, changes: [(String, String?)])] = [
        (nil, []), ("csv", []), ("html", [("fragment", "true")]), (nil, [("sort", "size"), ("offset", nil)]),
        (nil, [("fields", "id,a&b"), ("offset", nil)]), (nil, [("offset", "15")]), ("md", [("font", nil), ("q", nil)]),
    ]

    @Test func theEscapedLinkIsTheLinkEscaped() {
        for (index, page) in Self.pages.enumerated() {
            for (format, changes) in Self.changes {
                let link = page.link(format: format, changing: changes)
                #expect(
                    page.escapedLink(format: format, changing: changes) == HTMLRenderer.escape(link),
                    "page \(index), \(format ?? "-"), \(changes): \(link)")
            }
        }
    }

    @Test func aLinkKeepsThePageAndChangesWhatItIsAsked() {
        let filtered = Self.pages[1]
        #expect(
            filtered.link(changing: [("offset", "15")])
                == "/v1/tracking?font=SF%20Pro&q=a%26b%20%3Cc%3E%20%22d%22%20%27e%27%20%C3%A9%01&sort=-size"
                + "&fields=id%2Csize%2Ctracking&limit=5&version=2026-06-08&offset=15")
        #expect(Self.pages[0].link() == "/v1/tracking?offset=3")
        #expect(Self.pages[0].link(changing: [("offset", nil)]) == "/v1/tracking")
        #expect(Self.pages[3].escapedLink(format: "svg") == "/v1/devices/ipad%20%3Cpro%3E%20%26%20%C3%A9?format=svg")
    }
}

/// A page encodes the pairs its links keep once (``PageContext/keepLinkPairs()``); a value set
/// afterwards is in every later link, as on a page that kept nothing.
@Suite struct KeptLinkPairsTests {
    static func page() -> PageContext {
        var page = PageContext(
            route: PageRoute(kind: .other, template: "/v1/tracking/{id}", title: "Tracking"), parameter: "a",
            site: .empty)
        page.applied = [("font", "SF Pro")]
        page.limit = 5
        return page
    }

    /// Each value a link keeps, set alone after the pairs were kept.
    static let changes: [(String, @Sendable (inout PageContext) -> Void)] = [
        ("offset", { $0.offset = 10 }), ("sort", { $0.sort = "-size" }),
        ("fields", { $0.projection = ["id", "size"] }),
        ("version", { $0.pinnedVersion = "2026-06-08" }), ("filter", { $0.applied.append(("platform", "ios")) }),
        ("limit", { $0.limit = 7 }), ("default limit", { $0.defaultLimit = 25 }),
        ("record", { $0.parameter = "x y" }),
        ("route", { $0.route = PageRoute(kind: .other, template: "/v1/metrics", title: "Metrics") }),
    ]

    @Test(arguments: changes.map(\.0))
    func aValueSetAfterTheyAreKeptIsInTheLinks(change name: String) throws {
        let change = try #require(Self.changes.first { $0.0 == name }?.1)
        var kept = Self.page()
        kept.keepLinkPairs()
        #expect(kept.link() == "/v1/tracking/a?font=SF%20Pro&limit=5")
        var fresh = Self.page()
        change(&kept)
        change(&fresh)
        #expect(kept.link() != "/v1/tracking/a?font=SF%20Pro&limit=5")
        for format in [nil, "csv"] {
            #expect(kept.link(format: format) == fresh.link(format: format))
            #expect(kept.escapedLink(format: format) == fresh.escapedLink(format: format))
        }
    }
}
