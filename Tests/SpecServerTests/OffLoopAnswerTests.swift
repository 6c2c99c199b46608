import Testing

@testable import SpecServer

/// Answers whose building is large are built on an answer thread, not on the event loop; once
/// built and kept, they are answered on the loop, with the same bytes.
@Suite struct OffLoopAnswerTests {
    /// An application of its own, so no other test has built or cached what these ask.
    func freshHarness() throws -> ApplicationHarness {
        let application = SpecApplication(configuration: ServerConfiguration()) { _ in }
        try application.load()
        return ApplicationHarness(application: application)
    }

    @Test func aNeverSeenLargePageIsBuiltOffTheLoopUntilTheCacheKeepsIt() throws {
        let harness = try freshHarness()
        let page = "/v1/tracking?format=html&limit=1000"
        let first = harness.request(.get, page)
        let second = harness.request(.get, page)
        let third = harness.request(.get, page)
        #expect(first.status == 200)
        #expect(first.body.count > 100_000)
        // The cache keeps an answer the second time it is built; from then on the loop answers.
        #expect([first.wasDeferred, second.wasDeferred, third.wasDeferred] == [true, true, false])
        #expect(second.body == first.body && third.body == first.body)
        #expect(third.headers == first.headers)
    }

    @Test func theFirstSearchBuildsTheIndexOffTheLoop() throws {
        let harness = try freshHarness()
        let store = try #require(harness.application.current?.store)
        #expect(!store.isSearchPrepared, "the index was built at load")
        let first = harness.request(.get, "/v1/metrics?q=button&limit=3")
        #expect(first.status == 200 && first.wasDeferred)
        #expect(store.isSearchPrepared)
        // Built once, later searches are small queries on the loop again.
        let search = harness.request(.get, "/v1/search?q=button&limit=3&offset=1")
        #expect(search.status == 200 && !search.wasDeferred)
        #expect(!harness.request(.get, "/v1/metrics?q=tab%20bar&limit=3").wasDeferred)
    }

    @Test func aFirstSearchPageOrMCPCallBeforeTheIndexIsBuiltIsDeferred() throws {
        let page = try freshHarness()
        #expect(page.request(.get, "/v1/search?q=button&format=html").wasDeferred)
        let mcp = try freshHarness()
        let call = mcp.request(
            .post, "/mcp",
            headers: [
                ("Host", "127.0.0.1:8080"), ("Content-Type", "application/json"), ("Accept", "application/json"),
                ("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", "tools/call"), ("Mcp-Name", "search"),
            ],
            body: Array(
                #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"q":"button"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#
                    .utf8))
        #expect(call.status == 200 && call.wasDeferred, "\(String(decoding: call.body, as: UTF8.self))")
    }

    @Test func aSmallNeverSeenQueryIsAnsweredOnTheLoop() throws {
        let harness = try freshHarness()
        let answer = harness.request(.get, "/v1/metrics?limit=3&offset=2")
        #expect(answer.status == 200)
        #expect(!answer.wasDeferred)
        #expect(!harness.request(.get, "/v1/devices?format=html&limit=5").wasDeferred)
    }

    @Test func aFixedAnswerIsBuiltOffTheLoopOnceAndItsGzipFormOnce() throws {
        let harness = try freshHarness()
        let first = harness.request(.get, "/v1/export")
        let again = harness.request(.get, "/v1/export")
        #expect(first.status == 200 && first.wasDeferred)
        #expect(!again.wasDeferred)
        #expect(again.body == first.body)
        let gzip = [("Accept-Encoding", "gzip")]
        let compressed = harness.request(.get, "/v1/export", headers: gzip)
        let compressedAgain = harness.request(.get, "/v1/export", headers: gzip)
        #expect(compressed.wasDeferred && !compressedAgain.wasDeferred)
        #expect(compressed[header: "Content-Encoding"] == "gzip")
        #expect(compressed.body == compressedAgain.body && compressed.body.count < first.body.count)
        #expect(compressed[header: "ETag"] == compressedAgain[header: "ETag"])
    }

    @Test func anAnswerBuiltOffTheLoopHonoursIfNoneMatch() throws {
        let harness = try freshHarness()
        let tag = try #require(harness.request(.get, "/v1/export")[header: "ETag"])
        // A fresh application: its first answer to this is built off the loop again.
        let other = try freshHarness()
        let revalidated = other.request(.get, "/v1/export", headers: [("If-None-Match", tag)])
        #expect(revalidated.wasDeferred)
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
    }

    @Test func anErrorFoundWhileBuildingOffTheLoopIsAnsweredAsOnTheLoop() throws {
        let harness = try freshHarness()
        let target = "/v1/tracking?format=html&limit=1000&sort=no-such-field"
        let offLoop = harness.request(.get, target)
        let onLoop = harness.request(.get, "/v1/tracking?limit=5&sort=no-such-field")
        #expect(offLoop.status == 400)
        #expect(offLoop.wasDeferred)
        #expect(!onLoop.wasDeferred)
        #expect(offLoop[header: "Content-Type"] == "application/json")
        #expect(onLoop.status == 400)
    }
}
