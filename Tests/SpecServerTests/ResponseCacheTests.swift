import SpecAPI
import Testing

@testable import HTTPCore
@testable import SpecServer

/// The answer cache: what it counts, how close to its budget it stays, and that a shared
/// entry gives every caller the same words.
@Suite struct ResponseCacheTests {
    static func representation(bytes: Int) -> Representation {
        Representation(
            body: [UInt8](repeating: 0x7B, count: bytes), contentType: "application/json", specVersion: "2025",
            pinned: false)
    }

    /// The cost counts the `200`, the `304` and the key, not just the body.
    @Test func costCountsBothResponsesAndTheKey() {
        let representation = Self.representation(bytes: 1000)
        let shortKey = ResponseCache.cost(of: representation, key: "k")
        let longKey = ResponseCache.cost(of: representation, key: String(repeating: "k", count: 5001))
        #expect(longKey - shortKey == 5000)
        #expect(shortKey >= 1000 + representation.ok.headCount + representation.notModified.storage.count)
    }

    /// Filled with far more than it can hold, the cache keeps between 90 % and 100 % of its
    /// budget, by its own count.
    @Test func staysWithinItsBudget() {
        let budget = 1 << 20
        let cache = ResponseCache(budget: budget)
        for index in 0..<5000 {
            cache.insert(Self.representation(bytes: 200 + index % 700), for: "dynamic-type|q=\(index)")
            #expect(cache.usage.bytes <= budget)
        }
        #expect(cache.usage.bytes >= budget * 9 / 10 - 4096)
    }

    /// An evicted answer that a connection still sends to a client that has not read it stays
    /// findable, so a request for it is served those bytes rather than a second copy; once the
    /// client lets go, the next eviction forgets it.
    @Test func anEvictedAnswerStillBeingSentIsServedAgain() {
        let cache = ResponseCache(budget: 1 << 20)
        let held = Self.representation(bytes: 20_000)
        let read = Self.representation(bytes: 20_000)
        cache.insert(held, for: "held")
        cache.insert(read, for: "read")
        let unread = ByteBudget(bytes: 1 << 20)
        held.ok.beginUnread(budget: unread, client: 0)
        for index in 0..<200 {
            cache.insert(Self.representation(bytes: 20_000), for: "filler-\(index)")
        }
        #expect(cache.representation(for: "read") == nil)
        #expect(cache.representation(for: "held") === held)
        #expect(cache.lingeringCount == 1)
        #expect(cache.usage.bytes <= 1 << 20)

        held.ok.endUnread(budget: unread)
        #expect(unread.remaining == 1 << 20)
        #expect(cache.representation(for: "held") == nil)
        #expect(cache.lingeringCount == 0)
    }

    /// One answer kept under two keys (its normalised key and its raw bytes) is counted once,
    /// and its cost leaves the count only with the last key that holds it.
    @Test func anAnswerHeldUnderTwoKeysIsCountedOnce() {
        let cache = ResponseCache(budget: 1 << 20)
        let shared = Self.representation(bytes: 5000)
        cache.insert(shared, for: "devices|limit=3")
        let one = cache.usage.bytes
        #expect(one == ResponseCache.cost(of: shared, key: "devices|limit=3"))
        cache.insert(shared, for: "\u{1}/v1/devices?limit=3")
        #expect(cache.usage.bytes == one + ResponseCache.cost(of: "\u{1}/v1/devices?limit=3"))
        cache.insert(shared, for: "devices|limit=3")  // the same key again changes nothing
        #expect(cache.usage.bytes == one + ResponseCache.cost(of: "\u{1}/v1/devices?limit=3"))
        // Filling the cache evicts both keys; nothing of the shared answer stays counted.
        let fillers = (0..<400).map { _ in Self.representation(bytes: 5000) }
        for (index, filler) in fillers.enumerated() {
            cache.insert(filler, for: "filler-\(index)")
        }
        #expect(cache.representation(for: "devices|limit=3") == nil)
        let expected = fillers.indices.reduce(0) { total, index in
            cache.representation(for: "filler-\(index)") == nil
                ? total : total + ResponseCache.cost(of: fillers[index], key: "filler-\(index)")
        }
        #expect(cache.usage.bytes == expected)
    }

    /// A key offered once is only remembered by its hash; offered again, its answer is kept.
    @Test func anAnswerIsKeptTheSecondTimeItsKeyIsOffered() {
        let cache = ResponseCache(budget: 1 << 20)
        let answer = Self.representation(bytes: 100)
        #expect(!cache.offer(answer, for: "devices|limit=3"))
        #expect(cache.representation(for: "devices|limit=3") == nil)
        #expect(cache.usage.entries == 0)
        #expect(!cache.offer(answer, for: "devices|limit=4"), "another key is another first time")
        #expect(cache.offer(answer, for: "devices|limit=3"))
        #expect(cache.representation(for: "devices|limit=3") === answer)
        #expect(cache.hits == 1)
    }

    /// The most recently used entries survive an eviction.
    @Test func evictsTheLeastRecentlyUsed() {
        let cache = ResponseCache(budget: 64 * 1024)
        cache.insert(Self.representation(bytes: 100), for: "kept")
        for index in 0..<400 {
            _ = cache.representation(for: "kept")
            cache.insert(Self.representation(bytes: 100), for: "filler-\(index)")
        }
        #expect(cache.representation(for: "kept") != nil)
        #expect(cache.representation(for: "filler-0") == nil)
    }

    /// Values that share a cache entry get the same answer, whichever came first: the wording
    /// is built from the normalised value, like the key.
    @Test func aSharedEntryGivesEveryCallerTheSameWords() throws {
        let store = ApplicationHarness.shared.application.current!.store
        func answer(_ served: ServedStore, _ query: String) throws -> String {
            let parameters = try QueryParameters(parsing: Array(query.utf8))
            let representation = try served.representation(
                route: .search, parameter: nil, query: parameters, options: RequestOptions(), format: .json)
            let ok = representation.ok
            return String(decodingUTF8: ok.body)
        }
        let served = ServedStore(store: store, cacheBudget: 1 << 20)
        let mixed = try answer(served, "q=QwErTyXyZ")
        let lower = try answer(served, "q=qwertyxyz")
        let alone = try answer(ServedStore(store: store, cacheBudget: 1 << 20), "q=qwertyxyz")
        #expect(mixed == lower)
        #expect(lower == alone, "the cached answer equals the one a fresh server gives")
        #expect(!lower.contains("QwErTyXyZ"))
    }
}

/// Filtered queries answered again by their exact bytes, without parsing.
@Suite struct LearnedResponseTests {
    static func fresh() -> ApplicationHarness {
        let application = SpecApplication(configuration: ServerConfiguration()) { _ in }
        application.install(ApplicationHarness.shared.application.current!.store)
        return ApplicationHarness(application: application)
    }

    @Test func aRepeatedFilteredQueryIsServedFromItsRawBytes() throws {
        let harness = Self.fresh()
        let served = try #require(harness.application.current)
        let target = "/v1/dynamic-type?category=large&style=body"
        let first = harness.request(.get, target)
        #expect(first.status == 200)
        #expect(served.cacheUsage.entries == 0, "a query asked once is not kept")
        let second = harness.request(.get, target)
        let afterSecond = served.cacheUsage.entries
        #expect(afterSecond == 2, "asked again: the normalised key and the raw key")
        let third = harness.request(.get, target)
        #expect(served.cacheUsage.entries == afterSecond, "answered without building or caching again")
        #expect(served.cacheHits == 0, "found by its raw bytes, not by its normalised key")
        #expect(second.body == first.body)
        #expect(third.body == first.body)
        #expect(third[header: "ETag"] == first[header: "ETag"])
        let notModified = harness.request(.get, target, headers: [("If-None-Match", first[header: "ETag"] ?? "")])
        #expect(notModified.status == 304)
    }

    /// A never-seen answer keeps its large body in memory, where one send copies it; asked
    /// again, the copy learned under its raw bytes has the body in the engine's body file, sent
    /// with `sendfile` from then on, and every answer is the same bytes.
    @Test func aLargeAnswerMovesToTheBodyFileWhenAskedAgain() throws {
        let harness = Self.fresh()
        let served = try #require(harness.application.current)
        let target = "/v1/metrics?topic=buttons&platform=ios&format=html"
        let first = harness.request(.get, target)
        #expect(first.status == 200)
        #expect(first.body.count >= PreparedResponse.fileBackedBodyThreshold)
        #expect(try RawKeyTests.withRequest(target) { served.learnedResponse(for: $0) } == nil)
        let second = harness.request(.get, target)
        let learned = try #require(try RawKeyTests.withRequest(target) { served.learnedResponse(for: $0) })
        #expect(learned.response.bodyFileOffset != nil)
        let third = harness.request(.get, target)
        #expect(second.body == first.body)
        #expect(third.body == first.body)
        #expect(third[header: "ETag"] == first[header: "ETag"])
        // The entry kept under the normalised key still holds the body in memory, where the
        // never-seen answer put it.
        let query = QueryParameters(pairs: [("topic", "buttons"), ("platform", "ios"), ("format", "html")])
        let route = Route.collection(.metrics)
        let lookup = served.lookUp(
            route: route, parameter: nil, query: query, options: try RequestOptions(query: query, route: route),
            format: .html)
        guard case .kept(let canonical) = lookup else {
            Issue.record("the normalised key holds no entry")
            return
        }
        #expect(canonical.ok.bodyFileOffset == nil)
        // Another spelling finds that entry.
        let hits = served.cacheHits
        let spelled = harness.request(.get, "/v1/metrics?platform=iOS&topic=buttons&format=html")
        #expect(served.cacheHits == hits + 1)
        #expect(spelled.body == first.body)
    }

    @Test func theAcceptFieldIsPartOfTheRawKey() throws {
        let harness = Self.fresh()
        let target = "/v1/dynamic-type?category=large&style=body"
        let json = harness.request(.get, target)
        let markdown = harness.request(.get, target, headers: [("Accept", "text/markdown")])
        let jsonAgain = harness.request(.get, target)
        let markdownAgain = harness.request(.get, target, headers: [("Accept", "text/markdown")])
        #expect(json[header: "Content-Type"] == "application/json")
        #expect(markdown[header: "Content-Type"] == "text/markdown; charset=utf-8")
        #expect(jsonAgain.body == json.body)
        #expect(markdownAgain.body == markdown.body)
        #expect(markdownAgain[header: "Content-Type"] == "text/markdown; charset=utf-8")
    }

    /// Two spellings of one query are one key, as the route's filter decodes them: a screen size
    /// however it is spelled (`x`, `X`, `×` or its percent-encoding, `430.0`), a number as the
    /// store reads it (`17.0` is `17`), a term in any case or with an alias (`iOS`, `mac`,
    /// `system-small`) and the parameters in any order. The second spelling is answered from the
    /// entry the first made, with the same bytes.
    @Test(arguments: [
        ("/v1/widgets?screen=430x932", "/v1/widgets?screen=430%C3%97932"),
        ("/v1/widgets?screen=430x932", "/v1/widgets?screen=430X932"),
        ("/v1/widgets?screen=430x932", "/v1/widgets?screen=430.0x932"),
        ("/v1/tracking?font=sf%20pro&size=17", "/v1/tracking?size=17.0&font=SF%20Pro"),
        ("/v1/widget-families?platform=ios&family=systemSmall", "/v1/widget-families?family=system-small&platform=iOS"),
        ("/v1/text-styles?platform=macos", "/v1/text-styles?platform=mac"),
        ("/v1/devices?width=430&format=csv", "/v1/devices?format=csv&width=4.3e2"),
    ])
    func twoSpellingsOfOneQueryAreOneKey(_ first: String, _ other: String) throws {
        let harness = Self.fresh()
        let served = try #require(harness.application.current)
        let canonical = harness.request(.get, first)
        #expect(canonical.status == 200)
        _ = harness.request(.get, first)  // asked twice, so kept
        #expect(served.cacheHits == 0)
        let spelled = harness.request(.get, other)
        #expect(served.cacheHits == 1, "answered from the entry of \(first)")
        #expect(spelled.body == canonical.body)
        #expect(spelled[header: "ETag"] == canonical[header: "ETag"])
    }

    /// Values that decode to different filters are different keys: `17.5` is not `175`.
    @Test func differentValuesAreDifferentKeys() throws {
        let harness = Self.fresh()
        let served = try #require(harness.application.current)
        let first = harness.request(.get, "/v1/tracking?size=17.5")
        _ = harness.request(.get, "/v1/tracking?size=17.5")  // asked twice, so kept
        let other = harness.request(.get, "/v1/tracking?size=175")
        #expect(first.status == 200)
        #expect(other.status == 200)
        #expect(served.cacheHits == 0)
        #expect(other.body != first.body)
    }

    @Test func errorsAreNotLearned() throws {
        let harness = Self.fresh()
        let served = try #require(harness.application.current)
        let bad = harness.request(.get, "/v1/dynamic-type?category=huge")
        #expect(bad.status == 400)
        #expect(served.cacheUsage.entries == 0)
        #expect(harness.request(.get, "/v1/dynamic-type?category=huge").status == 400)
    }
}

/// A request's raw key, found by its hash and checked against the request's bytes in place.
@Suite struct RawKeyTests {
    static func withRequest<Result>(
        _ target: String, accept: [String] = [], _ body: (borrowing HTTPRequest) throws -> Result
    ) throws -> Result {
        let fields = accept.map { "Accept: \($0)\r\n" }.joined()
        return try HTTPRequest.withParsed(Array("GET \(target) HTTP/1.1\r\nHost: x\r\n\(fields)\r\n".utf8), body)
    }

    @Test(arguments: [
        ("/v1/devices?limit=3", []),
        ("/v1/devices?limit=3", ["text/csv"]),
        ("/v1/devices?limit=3", ["text/csv", "application/json;q=0.5"]),
        ("/v1/search?q=%C3%A9", ["*/*"]),
    ])
    func theHashIsTheHashOfTheKey(_ target: String, _ accept: [String]) throws {
        try Self.withRequest(target, accept: accept) { request in
            let key = ResponseCache.rawKey(for: request)
            let hash = ResponseCache.rawKeyHash(for: request)
            let recognised = key.map { ResponseCache.isRawKey($0, of: request) }
            #expect(key != nil)
            #expect(hash == key.map { EntityTag.fnv1a64($0.utf8) })
            #expect(recognised == true)
        }
    }

    /// A byte that is not ASCII (obs-text in a field value) gives no key and no hash.
    @Test func aRequestWithANonASCIIByteHasNoKey() throws {
        try HTTPRequest.withParsed(
            Array("GET /v1/devices?limit=3 HTTP/1.1\r\nHost: x\r\nAccept: a".utf8) + [0xE9] + Array("\r\n\r\n".utf8)
        ) {
            request in
            let key = ResponseCache.rawKey(for: request)
            let hash = ResponseCache.rawKeyHash(for: request)
            #expect(key == nil)
            #expect(hash == nil)
        }
    }

    @Test(arguments: [
        ("/v1/devices?limit=3", ["text/csv"]),  // a field more
        ("/v1/devices?limit=33", []),  // a longer target
        ("/v1/devices?limit=", []),  // a shorter target
    ])
    func aKeyIsNotAnotherRequests(_ target: String, _ accept: [String]) throws {
        let key = try #require(try Self.withRequest("/v1/devices?limit=3") { ResponseCache.rawKey(for: $0) })
        let recognised = try Self.withRequest(target, accept: accept) { ResponseCache.isRawKey(key, of: $0) }
        #expect(!recognised)
    }

    @Test func fieldsInAnotherOrderAreAnotherKey() throws {
        let key = try #require(
            try Self.withRequest("/v1/devices", accept: ["text/csv", "text/markdown"]) { ResponseCache.rawKey(for: $0) }
        )
        let recognised = try Self.withRequest("/v1/devices", accept: ["text/markdown", "text/csv"]) {
            ResponseCache.isRawKey(key, of: $0)
        }
        #expect(!recognised)
    }

    /// The entry a request's raw key holds is found from the request; once evicted, its key
    /// leaves the index by hash too, so the index never outgrows the entries.
    @Test func anEvictedRawKeyLeavesTheIndex() throws {
        let cache = ResponseCache(budget: 64 * 1024)
        let learned = ResponseCacheTests.representation(bytes: 100)
        let key = try #require(try Self.withRequest("/v1/devices?limit=3") { ResponseCache.rawKey(for: $0) })
        cache.insert(learned, for: key, route: .collection(.devices))
        #expect(cache.rawKeyCount == 1)
        let entry = try #require(try Self.withRequest("/v1/devices?limit=3") { cache.learnedEntry(for: $0) })
        #expect(entry.representation === learned)
        #expect(entry.route == .collection(.devices))
        for index in 0..<400 {
            cache.insert(ResponseCacheTests.representation(bytes: 100), for: "filler-\(index)")
        }
        #expect(cache.representation(for: key) == nil)
        #expect(cache.rawKeyCount == 0)
        let afterEviction = try Self.withRequest("/v1/devices?limit=3") { cache.learnedEntry(for: $0) }
        #expect(afterEviction == nil)
    }
}
