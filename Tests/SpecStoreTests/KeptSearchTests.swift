import JSON
import SpecStore
import TestSupport
import Testing

/// A search's ranking and its snippets are kept for its other pages: every page must be the
/// slice of the whole answer a store that kept nothing gives, whichever searches, filters,
/// versions and pages were asked before it.
@Suite struct KeptSearchTests {
    @Test func everyPageIsASliceOfTheWholeAnswer() throws {
        let keeping = try SpecStore.load(contentsOf: ShippedStore.path)
        let fresh = try SpecStore.load(contentsOf: ShippedStore.path)
        let versions = [keeping.versions.last!.id, keeping.versions[0].id]
        // One word alone, then narrowed by each part of a search's key in turn: each must be
        // its own ranking.
        let metric = try #require(RecordType(rawValue: "metric"))
        let queries = [
            SearchQuery(q: "size"), SearchQuery(q: "Size "), SearchQuery(q: "size", type: metric),
            SearchQuery(q: "size", status: .convention), SearchQuery(q: "size", platform: .watchos),
            SearchQuery(q: "size", history: true), SearchQuery(q: "tab bar"), SearchQuery(q: "44 pt"),
        ]
        let totals = try queries[2...5].map { try fresh.latest.search($0, limit: 1, notingMore: false).total }
        let unfiltered = try fresh.latest.search(queries[0], limit: 1, notingMore: false).total
        #expect(totals.allSatisfy { $0 != unfiltered }, "each narrowing changes the answer: \(totals) \(unfiltered)")
        var pages = 0
        for query in queries {
            for version in versions {
                let whole = try fresh.snapshot(version: version).search(query, limit: .max, notingMore: false)
                #expect(whole.total == whole.result.count)
                #expect(whole.total > 3, "\(query.q)")
                let items = whole.result.items
                let snapshot = try keeping.snapshot(version: version)
                // Overlapping pages out of order, so a page reads snippets its neighbours made.
                for (offset, limit) in [(2, 3), (0, 4), (3, 5), (1, 1), (0, items.count), (items.count - 2, 10)] {
                    let page = try snapshot.search(query, limit: limit, offset: offset, notingMore: false)
                    #expect(page.total == whole.total)
                    let end = min(items.count, offset + limit)
                    #expect(page.result.items == Array(items[offset..<end]), "\(query.q) \(version) \(offset) \(limit)")
                    pages += 1
                }
            }
        }
        #expect(pages == queries.count * versions.count * 6)
    }

    /// More distinct searches than are kept: each is still answered as a store that kept
    /// nothing answers it.
    @Test func searchesPastTheLimitAreStillRight() throws {
        let keeping = try SpecStore.load(contentsOf: ShippedStore.path)
        let fresh = try SpecStore.load(contentsOf: ShippedStore.path)
        let words = ["button", "size", "tab", "bar", "widget", "font", "color", "icon", "text", "pt"]
        for round in 0..<2 {
            for version in keeping.versions.map(\.id) {
                for word in words {
                    let query = SearchQuery(q: word)
                    let kept = try keeping.snapshot(version: version).search(query, limit: 3, offset: round)
                    let made = try fresh.snapshot(version: version).search(query, limit: 3, offset: round)
                    #expect(kept.result == made.result && kept.total == made.total, "\(word) \(version)")
                }
            }
        }
        #expect(keeping.versions.count * words.count > 64, "more searches than the ranking limit")
    }
}
