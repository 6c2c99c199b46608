import JSON
import SpecStore
import Testing

@testable import SpecFormats

/// `/v1/complications`, the one `case=` filter on every collection with watch rows, the
/// complication check and the complications page.
@Suite struct ComplicationRouteTests {
    let app = APIHarness.shared

    /// The ids an answer lists.
    func ids(_ path: String) throws -> [String] {
        let answer = app.request(.get, path)
        try #require(answer.status == 200, "\(path): \(answer.text.prefix(300))")
        return (answer.json?["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    @Test(
        "case= takes 45mm, 45, 45 mm and 45MM alike on every watch collection",
        arguments: [
            "/v1/complications", "/v1/devices", "/v1/widgets", "/v1/dynamic-type", "/v1/metrics",
        ])
    func caseAliases(_ route: String) throws {
        let canonical = try ids("\(route)?case=45mm&limit=500")
        #expect(!canonical.isEmpty, "\(route) has rows for 45mm")
        for alias in ["45", "45%20mm", "45MM", "%2045mm%20"] {
            #expect(try ids("\(route)?case=\(alias)&limit=500") == canonical, "\(route) case=\(alias)")
        }
        if route == "/v1/dynamic-type" {
            // Apple's watchOS Dynamic Type table has no case-size column: every case has its rows.
            #expect(try ids("\(route)?case=41mm&limit=500") == ids("\(route)?platform=watchos&limit=500"))
        } else {
            #expect(try ids("\(route)?case=41mm&limit=500") != canonical, "\(route): another case answers otherwise")
        }
        // An unknown case size is a 400 that lists the accepted ones.
        let wrong = app.request(.get, "\(route)?case=47mm")
        #expect(wrong.status == 400)
        #expect(wrong.json?["error"]?["parameter"] == "case")
        #expect(wrong.text.contains("38mm, 40mm, 41mm, 42mm, 44mm, 45mm, 46mm, 49mm"))
    }

    @Test func caseNarrowsEachCollectionToItsWatchRows() throws {
        #expect(try ids("/v1/metrics?case=45mm") == ["metric.images.watchos.image-scale-45mm"])
        #expect(try ids("/v1/devices?case=45mm") == ["device.apple-watch-series-7-8-and-9-45mm"])
        #expect(try ids("/v1/widgets?case=49mm") == ["widget.watchos.49mm.smart-stack"])
        // Apple's watchOS Dynamic Type table applies to every case size; no iOS row comes back.
        let type = try ids("/v1/dynamic-type?case=41mm&limit=500")
        #expect(!type.isEmpty && type.allSatisfy { $0.hasPrefix("type.watchos.") })
        // Apple's 45mm/49mm column answers for either size.
        let complications = try ids("/v1/complications?case=49&family=circular&kind=image")
        #expect(complications.contains("complication.circular.image.45mm-49mm"))
        #expect(complications.allSatisfy { $0.hasSuffix(".45mm-49mm") })
        // A case size Apple's complication tables have no column for: empty, with a note.
        let none = app.request(.get, "/v1/complications?case=46mm")
        #expect(none.json?["count"] == 0)
        #expect(none.text.contains("no column for 46mm"))
    }

    @Test func theRecordKeepsApplesCellAndTheFlag() throws {
        let answer = app.request(.get, "/v1/complications/complication.inline.utilitarian-small.flat.41mm")
        #expect(answer.status == 200)
        let item = try #require(answer.json?["item"])
        #expect(item["asPublished"] == "10.5-23.5x21 pt (21-47x21 @2x)")
        #expect(item["minWidth"]?.doubleValue == 10.5 && item["maxWidth"]?.doubleValue == 23.5)
        #expect(item["height"]?.doubleValue == 21)
        #expect(item["inconsistency"]?.stringValue?.contains("10.5") == true)
        #expect(item["citations"]?.arrayValue?.first?["section"] == "Inline")
        let empty = try #require(
            app.request(.get, "/v1/complications/complication.corner.placeholder.38mm").json?["item"])
        #expect(empty["width"] == .null && empty["asPublished"] == "–")
    }

    @Test(arguments: Format.tables)
    func everyFormatAnswers(_ format: Format) {
        for path in ["/v1/complications?case=45mm", "/v1/complications/complication.circular.image.41mm"] {
            let answer = app.request(.get, path + (path.contains("?") ? "&" : "?") + "format=\(format.rawValue)")
            #expect(answer.status == 200, "\(path) \(format): \(answer.text.prefix(200))")
            #expect(answer.text.contains("41mm") || answer.text.contains("45mm"), "\(path) \(format)")
        }
    }

    @Test func searchFindsAComplicationByFamilyAndCase() throws {
        let hits = try ids("/v1/search?q=circular%2045mm&limit=3")
        #expect(hits.first == "complication.circular.image.45mm-49mm", "\(hits)")
        let type = try ids("/v1/search?q=modular%20small%2041mm&type=complication&limit=1")
        #expect(type.first?.hasPrefix("complication.modular-small.") == true && type.first?.hasSuffix(".41mm") == true)
    }

    @Test func thePageReadsOneCaseSizeAtATime() throws {
        let page = app.request(.get, "/v1/complications?format=html&limit=500")
        #expect(page.status == 200)
        let text = page.text
        // The case size is the first column, and the rows run 38mm first, 45mm/49mm last.
        let first = try #require(text.range(of: "38mm"))
        let last = try #require(text.range(of: "45mm/49mm"))
        #expect(first.lowerBound < last.lowerBound)
        #expect(text.contains("Case size"))
        let one = app.request(.get, "/v1/complications?case=41mm&format=html").text
        #expect(!one.contains("44mm</td>"))
    }

    @Test func theVersionsCountThemAndTheAPIDescriptionHasTheirSchema() throws {
        let versions = app.request(.get, "/v1/versions").json
        let latest = try #require(versions?["items"]?.arrayValue?.last)
        #expect(latest["counts"]?["complications"] == 191)
        let api = app.request(.get, "/openapi.json").json
        #expect(api?["components"]?["schemas"]?["Complication"]?["properties"]?["caseSize"] != nil)
        #expect(api?["paths"]?["/v1/complications"] != nil)
    }

    @Test func theCheckJudgesAComplicationImage() throws {
        func row(_ query: String) throws -> JSONValue {
            let answer = app.request(.get, "/v1/check?" + query)
            try #require(answer.status == 200, "\(query): \(answer.text.prefix(300))")
            return try #require(answer.json?["items"]?.arrayValue?.first)
        }
        let ok = try row("element=complication&family=circular&case=45mm&width=50&height=50")
        #expect(ok["result"] == "ok" && ok["figure"] == "complication.circular.image.45mm-49mm")
        #expect(ok["citation"]?["section"] == "Circular")
        let px = try row("family=circular&case=49&measure=closed%20gauge&unit=px&width=60&height=64")
        #expect(px["result"] == "below-published" && px["severity"] == "advisory")
        #expect(px["published"]?["width"] == 64 && px["published"]?["unit"] == "px")
        let range = try row("family=inline&case=41mm&measure=utilitarian-large-flat&width=20&height=10.5")
        #expect(range["result"] == "ok", "a width inside Apple's range")
        let flagged = try row("family=inline&case=41mm&measure=utilitarian-small-flat&width=20&height=21")
        #expect(flagged["message"]?.stringValue?.contains("inconsistent") == true)
        let missing = try row("family=corner&case=45mm&width=1&height=1")
        #expect(missing["error"]?["parameter"] == "measure")
        #expect(missing["error"]?["hint"]?.stringValue?.contains("circular, gauge, text, placeholder") == true)
        // Wrong family, case or element: 400, naming the accepted values.
        for (query, parameter, accepted) in [
            ("family=squircle&case=45mm&width=1&height=1", "family", "circular, corner, inline"),
            ("family=circular&case=47mm&width=1&height=1", "case", "45mm"),
            ("family=rectangular&case=38mm&width=1&height=1", "case", "40mm, 41mm, 44mm, 45mm/49mm"),
            ("family=circular&case=45mm&measure=bogus&width=1&height=1", "measure", "closed-gauge"),
            ("family=corner&case=38mm&measure=placeholder&width=20&height=20", "case", "reads '–'"),
        ] {
            let answer = app.request(.get, "/v1/check?" + query)
            #expect(answer.status == 400, "\(query)")
            #expect(answer.json?["error"]?["parameter"]?.stringValue == parameter, "\(query)")
            #expect(answer.text.contains(accepted), "\(query)")
        }
    }

    @Test func anotherCheckKindsParameterIsTheItemsError() throws {
        // The route takes appearance (a contrast check's), so the request is valid: its one item
        // cannot be judged, as a contrast check answers a measurement's value.
        let answer = app.request(.get, "/v1/check?family=circular&case=45mm&width=50&height=50&appearance=dark")
        #expect(answer.status == 200)
        #expect(answer.json?["items"]?.arrayValue?.first?["error"]?["parameter"] == "appearance")
        let api = try #require(app.request(.get, "/openapi.json").json)
        let parameters = api["paths"]?["/v1/check"]?["get"]?["parameters"]?.arrayValue ?? []
        let asset = parameters.first { $0["name"] == "asset" }?["schema"]?["enum"]?.arrayValue ?? []
        #expect(asset.contains("iMessage sticker"), "the check's asset names are the data's")
    }

    @Test func theBatchJudgesComplicationsBesideMeasurements() throws {
        let body = """
            [{"id": "a", "family": "rectangular", "case": "45", "measure": "large image with title", "width": 178.5, "height": 56},
             {"figure": "metric.controls.ios.minimum-size", "width": 20, "height": 20},
             {"id": "c", "family": "circular-small", "case": "38mm", "measure": "ring", "width": "wide", "height": 1},
             {"family": "circular", "case": "47mm", "width": 1, "height": 1}]
            """
        let answer = app.request(.post, "/v1/check", body: Array(body.utf8))
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        let rows = try #require(answer.json?["items"]?.arrayValue)
        #expect(rows.count == 4)
        #expect(rows[0]["id"] == "a" && rows[0]["result"] == "ok" && rows[0]["index"] == 0)
        #expect(rows[1]["result"] == "below-published")
        #expect(rows[2]["error"]?["parameter"] == "width")
        #expect(rows[3]["error"]?["parameter"] == "case" && rows[3]["index"] == 3)
    }
}
