import Foundation
import SpecAPI
import SpecStore
import SystemSupport
import Testing

@testable import HTTPCore
@testable import SpecFormats
@testable import SpecServer

/// What a load builds at once and what waits for its first request.
@Suite struct ServedStoreTests {
    let store = ApplicationHarness.shared.application.current!.store

    /// The complete response bytes (head without Date, and body) a fresh store gives `raw`.
    static func responseBytes(_ served: ServedStore, _ raw: String) throws -> [UInt8]? {
        try HTTPRequest.withParsed(Array(raw.utf8)) { request in
            served.fastResponse(for: request).map { Array(copying: $0.response.bytes) }
        }
    }

    @Test func theSearchIndexIsNotBuiltAtLoadButByTheFirstSearch() throws {
        let fresh = try SpecStore.load(bytes: Array(EmbeddedSpecData.json.utf8), sourceName: "embedded")
        #expect(!fresh.isSearchPrepared, "a store alone (check-data) builds no index")
        let served = ServedStore(store: fresh, cacheBudget: 1 << 20)
        #expect(!fresh.isSearchPrepared, "a served store holds no index until it is asked to search")
        var options = RequestOptions()
        options.words = "button"
        #expect(SpecApplication.readsUnbuiltSearchIndex(route: .collection(.metrics), options: options, store: fresh))
        #expect(SpecApplication.readsUnbuiltSearchIndex(route: .search, options: RequestOptions(), store: fresh))
        #expect(
            !SpecApplication.readsUnbuiltSearchIndex(
                route: .collection(.metrics), options: RequestOptions(), store: fresh))
        _ = served
        fresh.prepareSearch()
        #expect(fresh.isSearchPrepared)
        #expect(!SpecApplication.readsUnbuiltSearchIndex(route: .search, options: RequestOptions(), store: fresh))
    }

    @Test func theEmbeddedFilesPagesAreGivenBackAndReadTheSameAfter() throws {
        let before = Array(EmbeddedSpecData.json.utf8)
        #expect(EmbeddedSpecData.releasePages() > 0, "no whole page of the embedded text was released")
        #expect(Array(EmbeddedSpecData.json.utf8) == before, "the text reads differently once released")
    }

    @Test func everyRepresentationIsBuiltByItsFirstRequestOnce() throws {
        let served = ServedStore(store: store, cacheBudget: 1 << 20)
        let before = served.fixedUsage
        #expect(before.count > 0)
        #expect(before.built == 0, "a representation was built at load")
        // The latest answer is built by its first request, then served as built.
        let latest = try Self.responseBytes(served, "GET /v1/devices HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(latest != nil)
        #expect(served.fixedUsage.built == 1)
        let latestAgain = try Self.responseBytes(served, "GET /v1/devices?format=json HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(served.fixedUsage.built == 1)
        #expect(latestAgain == latest)
        // A pinned one likewise, once.
        let pinned = try Self.responseBytes(served, "GET /v1/devices?version=2023 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(served.fixedUsage.built == 2)
        let again = try Self.responseBytes(
            served, "GET /v1/devices?format=json&version=2023 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(served.fixedUsage.built == 2)
        #expect(pinned != nil && pinned == again)
    }

    @Test func pinnedBytesEqualWhatALoadThatBuiltThemAllWouldServe() throws {
        var options = RequestOptions()
        options.version = "2023"
        let direct = try ServedStore.build(
            store: store, openAPI: OpenAPIDocument.make(store: store, bodyLimit: ServerConfiguration.defaultBodyLimit),
            route: .collection(.metrics), parameter: nil,
            filters: [:],
            options: options, format: .csv)
        let served = ServedStore(store: store, cacheBudget: 1 << 20)
        let lazy = try #require(
            try Self.responseBytes(served, "GET /v1/metrics?version=2023&format=csv HTTP/1.1\r\nHost: x\r\n\r\n"))
        let ok = direct.ok
        #expect(lazy == Array(copying: ok.bytes))
        #expect(String(decoding: lazy, as: UTF8.self).contains("Cache-Control: public, max-age=31536000, immutable"))
    }

    @Test func requestsRacingForOnePinnedRepresentationGetTheSameBytes() throws {
        let served = ServedStore(store: store, cacheBudget: 1 << 20)
        let before = served.fixedUsage.built
        let version = served.versionIDs[1]
        let results = Locked<[[UInt8]]>([])
        let threads = 8
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            Thread {
                let bytes = try? Self.responseBytes(
                    served, "GET /v1/rules?version=\(version)&format=md HTTP/1.1\r\nHost: x\r\n\r\n")
                results.withLock { $0.append(bytes ?? []) }
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 30) == .success)
        let all = results.withLock { $0 }
        #expect(all.count == threads)
        #expect(Set(all).count == 1)
        #expect(all.first?.isEmpty == false)
        #expect(served.fixedUsage.built == before + 1)
    }

    /// A page's filter counts are kept by route, version, words and filters: a second page of the
    /// same filters shows the counts a store that never counted them shows, other filters get
    /// their own, and the kept counts stay within their bound.
    @Test func aPagesFilterCountsAreKeptByItsFiltersAndBounded() {
        let catalogues = FieldCatalogues(store: store)
        let snapshot = store.latest
        let fields = PageContext(
            route: .collection(.metrics), parameter: nil, filters: [], pinnedVersion: nil, snapshot: snapshot
        ).fields
        func counts(_ filters: [String: String], _ catalogues: FieldCatalogues?) -> [String: [String: Int]] {
            RouteAnswer.facetCounts(
                store: store, snapshot: snapshot, route: .collection(.metrics), filters: filters, fields: fields,
                version: nil,
                catalogues: catalogues)
        }
        let ios = counts(["platform": "ios"], catalogues)
        #expect(ios["topic"]?.isEmpty == false)
        #expect(counts(["platform": "ios"], catalogues) == ios)
        #expect(counts(["platform": "ios"], nil) == ios)
        let tvOS = counts(["platform": "tvos"], catalogues)
        #expect(tvOS == counts(["platform": "tvos"], nil))
        #expect(tvOS != ios)

        var made = 0
        for index in 0...FieldCatalogues.keptPageCounts {
            _ = catalogues.pageCounts(for: "key \(index)") {
                made += 1
                return ["n": ["\(index)": index]]
            }
        }
        #expect(made == FieldCatalogues.keptPageCounts + 1)
        // Kept: not made again.
        let last = catalogues.pageCounts(for: "key \(FieldCatalogues.keptPageCounts)") { [:] }
        #expect(last == ["n": ["\(FieldCatalogues.keptPageCounts)": FieldCatalogues.keptPageCounts]])
        // Dropped past the bound: made again, with what it makes now.
        let first = catalogues.pageCounts(for: "key 0") { ["again": [:]] }
        #expect(first == ["again": [:]])
    }

    /// Each choice's count is kept by its query: pages of other filters that ask the same choices
    /// show what counting them afresh shows, a failed count stays none, and the bound holds.
    @Test func aChoicesCountIsKeptAcrossPagesAndBounded() {
        let catalogues = FieldCatalogues(store: store)
        let snapshot = store.latest
        let fields = PageContext(
            route: .collection(.metrics), parameter: nil, filters: [], pinnedVersion: nil, snapshot: snapshot
        ).fields
        let topics = snapshot.acceptedValues(for: .topic)
        // Pages that share most of their choices' queries, each against a store that never counted.
        for filters in [
            ["platform": "ios"], ["platform": "ios", "status": "published"], ["platform": "ios", "topic": topics[0]],
            ["platform": "ios", "topic": topics[1]], ["platform": "tvos", "topic": topics[1]], ["status": "convention"],
        ] {
            let kept = RouteAnswer.facetCounts(
                store: store, snapshot: snapshot, route: .collection(.metrics), filters: filters, fields: fields,
                version: nil,
                catalogues: catalogues)
            let fresh = RouteAnswer.facetCounts(
                store: store, snapshot: snapshot, route: .collection(.metrics), filters: filters, fields: fields,
                version: nil,
                catalogues: nil)
            #expect(kept == fresh, "\(filters)")
        }
        var counted = 0
        for index in 0...FieldCatalogues.keptChoiceCounts {
            _ = catalogues.choiceCount(for: "choice \(index)") {
                counted += 1
                return index.isMultiple(of: 2) ? index : nil
            }
        }
        #expect(counted == FieldCatalogues.keptChoiceCounts + 1)
        let last = FieldCatalogues.keptChoiceCounts
        #expect(catalogues.choiceCount(for: "choice \(last)") { -5 } == (last.isMultiple(of: 2) ? last : nil))
        #expect(catalogues.choiceCount(for: "choice 1") { 7 } == 7, "dropped past the bound: counted again")
    }
}
