import SpecAPI
import SpecStore
import Testing

/// `/v1/asset-sizes` through the API: what derives from the collection (record URLs,
/// paging, sort, fields, formats, search, OpenAPI, versions counts, the page), and the
/// asset check on `GET` and in a `POST` batch.
@Suite struct AssetSizeRouteTests {
    let app = APIHarness.shared

    @Test func theRoutesAreDeclaredAndDescribed() throws {
        #expect(Route.match(path: "/v1/asset-sizes")?.route == .collection(.assetSizes))
        #expect(Route.match(path: "/v1/asset-sizes/asset.imessage.sticker.large")?.route == .record(.assetSizes))
        #expect(Route.collection(.assetSizes).filters == ["platform", "table", "asset", "scale"])
        #expect(Route.collection(.assetSizes).endpoint.tool?.name == "list_asset_sizes")
        let openAPI = try #require(app.request(.get, "/openapi.json").json)
        let parameters = openAPI["paths"]?["/v1/asset-sizes"]?["get"]?["parameters"]?.arrayValue ?? []
        let table = parameters.first { $0["name"] == "table" }
        let accepted = table?["schema"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Array(accepted.prefix(AssetTable.allCases.count)) == AssetTable.spellings)
        let schema = openAPI["components"]?["schemas"]?["AssetSize"]?["properties"]
        #expect(schema?["px3x"] != nil && schema?["wholeAsset"] != nil && schema?["valueIn2023"] != nil)
        let check = openAPI["paths"]?["/v1/check"]?["get"]?["parameters"]?.arrayValue?.compactMap {
            $0["name"]?.stringValue
        }
        #expect(check?.contains("asset") == true && check?.contains("variant") == true)
    }

    @Test func recordsPagingSortAndFields() throws {
        let record = app.request(.get, "/v1/asset-sizes/asset.wallet.strip.event-ticket")
        #expect(record.status == 200)
        #expect(record.json?["item"]?["sizePt"] == ["width": 375, "height": 98])
        #expect(app.request(.get, "/v1/asset-sizes/asset.nope").status == 404)
        let page = try #require(app.request(.get, "/v1/asset-sizes?limit=5&offset=5").json)
        #expect(page["count"] == 5 && page["total"] == 82)
        let sorted = try #require(
            app.request(.get, "/v1/asset-sizes?table=imessage-sticker&sort=-id&fields=id,px3x").json)
        let ids = sorted["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(
            ids == ["asset.imessage.sticker.small", "asset.imessage.sticker.regular", "asset.imessage.sticker.large"])
        #expect(sorted["items"]?.arrayValue?.first?.objectValue?.keys.sorted() == ["id", "px3x"])
        let badTable = app.request(.get, "/v1/asset-sizes?table=posters")
        #expect(badTable.status == 400 && badTable.json?["error"]?["parameter"] == "table")
    }

    @Test func everyFormatAndThePage() throws {
        let csv = app.request(.get, "/v1/asset-sizes?table=imessage-sticker&format=csv").text
        #expect(csv.contains("asset.imessage.sticker.large") && csv.contains("618"))
        let markdown = app.request(.get, "/v1/asset-sizes?table=wallet-pass&format=md").text
        #expect(markdown.contains("Wallet strip"))
        let page = app.request(.get, "/v1/asset-sizes?format=html&limit=100")
        #expect(page.status == 200)
        // Rows come in Apple's table order, one table after another, each named in its row.
        let text = page.text
        let topShelf = try #require(text.range(of: "Top Shelf image"))
        let sticker = try #require(text.range(of: "iMessage sticker"))
        let leaderboard = try #require(text.range(of: "Game Center leaderboard image"))
        #expect(topShelf.lowerBound < sticker.lowerBound && sticker.lowerBound < leaderboard.lowerBound)
        #expect(text.contains("Specifications › Sticker sizes"))
        // One heading row per table, in Apple's order, before its rows.
        #expect(text.components(separatedBy: "<th scope=\"rowgroup\"").count - 1 == AssetTable.allCases.count)
        let positions = AssetTable.allCases.compactMap { table in
            text.range(of: ">\(table.phrase) (\(table.rawValue))</th>")?.lowerBound
        }
        #expect(positions.count == AssetTable.allCases.count && positions == positions.sorted())
        let walletHeading = try #require(text.range(of: "Wallet pass image dimensions (wallet-pass)"))
        let walletRow = try #require(text.range(of: ">Wallet strip<"))
        #expect(topShelf.lowerBound < walletHeading.lowerBound && walletHeading.lowerBound < walletRow.lowerBound)
    }

    @Test func searchAndVersions() throws {
        let hits = try #require(app.request(.get, "/v1/search?q=sticker&type=asset").json)
        #expect(hits["items"]?.arrayValue?.first?["id"]?.stringValue?.hasPrefix("asset.imessage.sticker.") == true)
        let versions = try #require(app.request(.get, "/v1/versions").json?["items"]?.arrayValue)
        #expect(versions.last?["counts"]?["assetSizes"] == 82)
        #expect(versions.first?["counts"]?["assetSizes"] != nil)
        let earlier = try #require(app.request(.get, "/v1/asset-sizes?version=2025-03-07&asset=leaderboard").json)
        let cropped = earlier["items"]?.arrayValue?.first {
            $0["id"] == "asset.game-center.leaderboard.ios.cropped-area"
        }
        #expect(cropped?["sizePt"] == ["width": 512, "height": 320])
    }

    @Test func theCheckJudgesAnAssetOnGet() throws {
        let ok = try #require(
            app.request(.get, "/v1/check?asset=sticker&variant=large&width=618&height=618").json?["items"]?.arrayValue?
                .first)
        #expect(ok["result"] == "ok" && ok["figure"] == "asset.imessage.sticker.large")
        #expect(ok["citation"]?["url"]?.stringValue?.hasSuffix("#Sticker-sizes") == true)
        let unknown = app.request(.get, "/v1/check?asset=banana&width=1&height=1")
        #expect(unknown.status == 400)
        #expect(unknown.json?["error"]?["parameter"] == "asset")
        #expect(unknown.json?["error"]?["hint"]?.stringValue?.contains("iMessage sticker") == true)
    }

    @Test func theCheckJudgesAssetsInABatch() throws {
        let body = """
            [{"id": "a", "asset": "top shelf", "variant": "square", "width": 1216, "height": 1216},
             {"id": "b", "asset": "wallet strip", "variant": "coupon", "width": 750, "height": 200},
             {"id": "c", "asset": "banana", "width": 1, "height": 1},
             {"id": "d", "asset": 3, "width": 1, "height": 1}]
            """
        let answer = app.request(
            .post, "/v1/check", body: Array(body.utf8))
        #expect(answer.status == 200)
        let items = try #require(answer.json?["items"]?.arrayValue)
        #expect(items.count == 4)
        #expect(items[0]["result"] == "ok" && items[0]["id"] == "a")
        #expect(items[1]["result"] == "below-published" && items[1]["computed"] == .bool(true))
        #expect(items[2]["error"]?["parameter"] == "asset")
        #expect(items[3]["error"]?["parameter"] == "asset")
    }
}
