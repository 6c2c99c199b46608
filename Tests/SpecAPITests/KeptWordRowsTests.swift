import SpecAPI
import SpecStore
import TestSupport
import Testing

/// A collection's rows narrowed by `q=` are kept for the search's other pages
/// (``FieldCatalogues/wordRows(for:_:)``): every answer must be the one a server that kept
/// nothing gives, whatever was asked before it, so the kept rows are never another version's,
/// filter's or search's.
@Suite struct KeptWordRowsTests {
    @Test func everyPageIsTheAnswerOfAServerThatKeptNothing() throws {
        let store = try SpecStore.load(contentsOf: ShippedStore.path)
        let keeping = APIHarness(store: store)
        let versions = store.versions.map(\.id)
        // Each search in an order that asks a kept one's neighbours next: another filter,
        // another version, other words, then its other pages.
        var targets: [String] = []
        for words in ["button", "tab%20bar", "Button"] {
            for version in [versions.last!, versions[versions.count / 2], versions[0]] {
                for filter in ["", "&platform=ios", "&platform=watchos", "&topic=buttons"] {
                    for page in ["&limit=3", "&offset=3&limit=3", "&sort=-id&limit=2", "&limit=1000"] {
                        targets.append("/v1/metrics?q=\(words)&version=\(version)\(filter)\(page)")
                    }
                }
            }
        }
        targets += ["/v1/rules?q=button&limit=5", "/v1/myths?q=button", "/v1/metrics?q=button&limit=5"]
        #expect(keeping.answersBesideAFreshServer(targets).count == targets.count)
    }
}
