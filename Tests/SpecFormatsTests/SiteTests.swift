import SpecFormats
import SpecStore
import Synchronization
import Testing

/// Where a page links a record: by the id's prefix, and only where the site answers the path.
@Suite struct SiteTests {
    static let devices = PageRoute(kind: .collection(.devices), template: "/v1/devices", title: "Devices")
    static let site = Site(
        navigation: [("Devices", "/v1/devices")],
        collections: [
            ("device.", "devices", devices), ("rule.", "rules", PageRoute(kind: .other, template: "/x", title: "X")),
        ],
        answers: { $0.hasPrefix("/v1/devices/") })

    @Test func aRecordLinksToItsCollectionsPath() {
        #expect(Self.site.recordPath(for: "device.iphone-16") == "/v1/devices/device.iphone-16")
        #expect(Self.site.collectionRoute(for: "device.iphone-16")?.template == "/v1/devices")
    }

    @Test func anIdTheSiteDoesNotAnswerHasNoLink() {
        // A known prefix whose path the application does not answer, an unknown prefix, a bare prefix.
        #expect(Self.site.recordPath(for: "rule.tabs") == nil)
        #expect(Self.site.recordPath(for: "widget.small") == nil)
        #expect(Self.site.recordPath(for: "device.") == nil)
        #expect(HTMLRenderer.recordLink("rule.<b>", site: Self.site) == "rule.&lt;b&gt;")
    }

    /// A path once worked out is kept: the application is asked once per id, and the kept
    /// answer (a path, or none) is the same as the first.
    @Test func eachIdsPathIsWorkedOutOnce() {
        final class Asked: Sendable {
            let paths = Mutex<[String]>([])
        }
        let asked = Asked()
        let site = Site(
            navigation: [], collections: [("device.", "devices", Self.devices)],
            answers: { path in
                asked.paths.withLock { $0.append(path) }
                return !path.hasSuffix("gone")
            })
        for _ in 0..<3 {
            #expect(site.recordPath(for: "device.a b") == "/v1/devices/device.a%20b")
            #expect(site.recordPath(for: "device.gone") == nil)
        }
        #expect(asked.paths.withLock { $0 } == ["/v1/devices/device.a%20b", "/v1/devices/device.gone"])
    }

    @Test func anIdIsPercentEncodedInItsPath() {
        #expect(Self.site.recordPath(for: "device.a b") == "/v1/devices/device.a%20b")
    }

    @Test func theHeaderMarksTheCurrentCollection() {
        let page = SitePage.render(
            title: "T", crumbs: [("Home", "/")], current: "/v1/devices", version: "1", body: "", site: Self.site)
        #expect(page.contains("<a href=\"/v1/devices\" aria-current=\"page\">Devices</a>"))
        #expect(Self.site.links("/v1/devices") && !Self.site.links("/v1/rules"))
    }

    /// The header's links are written once for each page that can be current and kept: asked
    /// in any order, each current page gets the items a site that kept nothing writes, with
    /// that page's link, and only it, marked.
    @Test func theHeadersLinksAreKeptForEachCurrentPage() {
        let navigation = [("Devices", "/v1/devices"), ("Rules & <notes>", "/v1/rules"), ("Search", "/v1/search")]
        let kept = Site(navigation: navigation, collections: [], answers: { _ in false })
        var asked: [String?] = navigation.map(\.1) + [nil, "/v1/other", "/v1/devices", nil, "/v1/rules"]
        asked += asked.reversed()
        for current in asked {
            let fresh = Site(navigation: navigation, collections: [], answers: { _ in false })
            let items = String(decoding: kept.navigationItems(current: current), as: UTF8.self)
            #expect(items == String(decoding: fresh.navigationItems(current: current), as: UTF8.self))
            let marked = items.split(separator: "<li>").filter { $0.contains("aria-current") }
            if let current, navigation.contains(where: { $0.1 == current }) {
                #expect(marked.count == 1 && marked[0].contains("href=\"\(current)\""), "\(items)")
            } else {
                #expect(marked.isEmpty, "\(items)")
            }
            #expect(items.contains("Rules &amp; &lt;notes&gt;"))
        }
    }
}
