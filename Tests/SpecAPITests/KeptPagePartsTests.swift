import SpecAPI
import SpecStore
import TestSupport
import Testing

/// A collection page's filter form is kept for the other pages of its filter
/// (``FieldCatalogues/pagePart(for:_:)``): every page must be the one a server that kept nothing
/// gives, whatever was asked before it, so a kept part is never another version's, order's,
/// filter's or search's, nor another page size's or arrangement's.
@Suite struct KeptPagePartsTests {
    @Test func everyPageIsThePageOfAServerThatKeptNothing() throws {
        let store = try SpecStore.load(contentsOf: ShippedStore.path)
        let keeping = APIHarness(store: store)
        let versions = store.versions.map(\.id)
        // Each filter's pages next to its neighbours: no version and the latest pinned, another
        // version, no order, an empty one (a 400) and two orders, other words, then its other pages.
        var targets: [String] = []
        for filter in ["", "topic=buttons&", "platform=ios&topic=buttons&", "topic=buttons&platform=ios&", "q=tab&"] {
            for version in ["", "version=\(versions.last!)&", "version=\(versions[0])&"] {
                for order in ["", "sort=&", "sort=value&", "sort=-value&"] {
                    for page in ["limit=5", "offset=5&limit=5"] {
                        targets.append("/v1/metrics?\(filter)\(version)\(order)\(page)&format=html")
                    }
                }
            }
        }
        targets += [
            "/v1/tracking?font=sf%20pro&format=html", "/v1/tracking?font=sf%20pro&offset=25&format=html",
            "/v1/tracking?font=SF%20Pro&format=html", "/v1/colors?format=html&_form=filters&platform=",
            "/v1/colors?format=html", "/v1/metrics?topic=buttons&format=html&fragment=true",
            // A whole table says its same-valued columns once; a page of it and its picked columns.
            "/v1/metrics?topic=buttons&format=html", "/v1/metrics?topic=buttons&offset=5&format=html",
            "/v1/metrics?topic=buttons&fields=id,value&format=html", "/v1/metrics?topic=buttons&offset=3&format=html",
            "/v1/tracking?font=sf%20pro&limit=4&format=html", "/v1/tracking?font=sf%20pro&limit=4&offset=4&format=html",
            "/v1/tracking?font=sf%20pro&limit=4&offset=4&fields=id,size&format=html",
        ]
        let answers = keeping.answersBesideAFreshServer(targets)
        let forms = answers.filter { $0.text.contains("<form class=\"hig-filters\"") }.count
        let pickers = answers.filter { $0.text.contains("<details class=\"hig-columns\">") }.count
        #expect(forms >= 90)
        #expect(pickers >= 80)
    }
}
