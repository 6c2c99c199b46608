import Foundation
import SpecStore
import SystemSupport
import Testing

@testable import HTTPCore
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

    @Test func theSearchIndexIsBuiltAtLoadNotByTheFirstSearch() throws {
        let fresh = try SpecStore.load(bytes: Array(EmbeddedSpecData.json.utf8), sourceName: "embedded")
        #expect(!fresh.isSearchPrepared, "a store alone (check-data) builds no index")
        _ = ServedStore(store: fresh, cacheBudget: 1 << 20)
        #expect(fresh.isSearchPrepared)
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
            store: store, openAPI: OpenAPIDocument.make(store: store), route: .metrics, parameter: nil, filters: [:],
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
}
