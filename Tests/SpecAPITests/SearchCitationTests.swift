import JSON
import SpecStore
import Testing

/// `/v1/search` hits carry what an answer cites (value, unit, status, citation), and
/// `history=true` searches every store version: a figure Apple removed comes back with the
/// versions that held it.
@Suite struct SearchCitationTests {
    let app = APIHarness.shared

    @Test func aHitCarriesItsValueUnitStatusAndCitation() throws {
        let answer = app.request(.get, "/v1/search?q=grabber&limit=1")
        #expect(answer.status == 200)
        let hit = try #require(answer.json?["items"]?.arrayValue?.first)
        #expect(hit["id"] == "metric.convention.sheets.grabber-size")
        #expect(hit["value"] == "36x5" && hit["unit"] == "pt" && hit["status"] == "convention")
        // A convention cites no Apple page.
        #expect(hit["citation"] == JSONValue.null)
        let published = try #require(
            app.request(.get, "/v1/search?q=hit+region&type=rule&limit=1").json?["items"]?.arrayValue?.first)
        let citation = try #require(published["citation"])
        #expect(citation["url"]?.stringValue?.hasPrefix("https://developer.apple.com/design/") == true)
        #expect(citation["page"]?.stringValue?.hasPrefix("HIG › ") == true)
        #expect(citation["quote"] == nil)
        // Without history a hit says nothing of versions.
        #expect(published["versions"] == nil)
    }

    @Test func historyFindsARemovedFigureWithTheVersionsThatHeldIt() throws {
        let id = "metric.app-icons.ios.home-screen-iphone.3x"
        let latest = try #require(app.request(.get, "/v1/search?q=180x180+app+icon").json)
        #expect(latest["items"]?.arrayValue?.contains { $0["id"]?.stringValue == id } == false)
        let every = try #require(app.request(.get, "/v1/search?q=180x180+app+icon&history=true&limit=3").json)
        let hit = try #require(every["items"]?.arrayValue?.first { $0["id"]?.stringValue == id })
        #expect(hit["value"] == "180x180" && hit["since"] == "2023" && hit["until"] == "2025-06-09")
        let versions = hit["versions"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(versions.first == "2023" && versions.last == "2025-03-07")
        // One hit per record, however many of its states match.
        let ids = every["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(Set(ids).count == ids.count)
        // A record that still holds has no until.
        let current = try #require(
            app.request(.get, "/v1/search?q=grabber&history=true&limit=1").json?["items"]?.arrayValue?.first)
        #expect(current["until"] == JSONValue.null && current["versions"]?.arrayValue?.last == "2026-06-08")
    }

    @Test func historyTakesTrueOrFalse() throws {
        let bad = app.request(.get, "/v1/search?q=grabber&history=maybe")
        #expect(bad.status == 400)
        #expect(bad.json?["error"]?["parameter"] == "history")
        #expect(
            app.request(.get, "/v1/search?q=grabber&history=false").json
                == app.request(.get, "/v1/search?q=grabber").json)
    }
}
