import JSON
import Testing

@testable import SpecStore

/// `/v1/asset-sizes` and the asset check through the store: the filters, Game Center's 2023 values
/// in earlier versions, search by asset name, and judging an image's pixel size.
@Suite("Asset sizes")
struct AssetSizeQueryTests {
    static var store: SpecStore { RealDataTests.store }

    func ids(_ filter: AssetSizeFilter, version: String? = nil) throws -> [String] {
        let snapshot = try version.map { try Self.store.snapshot(version: $0) } ?? Self.store.latest
        return try snapshot.assetSizes(matching: filter).items.compactMap { $0["id"]?.stringValue }
    }

    @Test("the filters: platform, table (with its aliases), asset by part of its name, scale")
    func filters() throws {
        #expect(try ids(AssetSizeFilter()).count == 82)
        #expect(try ids(AssetSizeFilter(table: .imessageSticker)).count == 3)
        #expect(AssetTable(matching: "Wallet") == .walletPass)
        #expect(AssetTable(matching: "stickers") == .imessageSticker)
        #expect(AssetTable(matching: "game center") == .gameCenter)
        #expect(try ids(AssetSizeFilter(table: .walletPass)).count == 10)
        #expect(
            try ids(AssetSizeFilter(asset: "wallet strip")) == [
                "asset.wallet.strip.coupon-store-card", "asset.wallet.strip.event-ticket",
            ])
        #expect(try ids(AssetSizeFilter(asset: "Sticker")).count == 3)
        #expect(try ids(AssetSizeFilter(asset: "top shelf")).count == 13)
        // tvOS has the Top Shelf, its Game Center tabs and nothing of Wallet (not supported there).
        let tvos = try ids(AssetSizeFilter(platform: .tvos))
        #expect(tvos.allSatisfy { $0.hasPrefix("asset.top-shelf.") || $0.hasPrefix("asset.game-center.") })
        #expect(try ids(AssetSizeFilter(platform: .tvos, table: .walletPass)).isEmpty)
        #expect(try ids(AssetSizeFilter(platform: .carplay)).count == 5)
        // @3x: the iMessage icons that have one, the stickers, the CarPlay and Apple Pay icons.
        let thrice = try ids(AssetSizeFilter(scale: .x3))
        #expect(thrice.count == 5 + 3 + 1 + 1)
        #expect(!thrice.contains("asset.imessage.icon.messages-notifications"), "Apple's @3x cell is '-'")
        #expect(try ids(AssetSizeFilter(table: .topShelf, scale: .x1)).count == 13)
    }

    @Test(
        "an unknown asset is an empty answer listing the names, an unknown scale is refused; an empty answer says why")
    func unknownValues() throws {
        let banana = try Self.store.latest.assetSizes(matching: AssetSizeFilter(asset: "banana"))
        #expect(banana.items.isEmpty)
        #expect(banana.notes.first?.text { _ in "" }.contains("iMessage sticker") == true)
        #expect(
            AssetScale(matching: "@2x") == .x2 && AssetScale(matching: "3") == .x3 && AssetScale(matching: "4") == nil)
        let empty = try Self.store.snapshot(version: "2024-09-09").assetSizes(
            matching: AssetSizeFilter(table: .walletPass))
        #expect(empty.items.isEmpty)
        #expect(
            empty.notes.first?.text { _ in "" }.contains("holds no row of Apple's Wallet pass image dimensions table")
                == true)
    }

    @Test("before Apple's June 9, 2025 revision, Game Center answers its 2023 values")
    func gameCenterIn2023() throws {
        let earlier = try Self.store.snapshot(version: "2025-03-07")
        let cropped = try #require(earlier.record(id: "asset.game-center.leaderboard.ios.cropped-area"))
        #expect(cropped["sizePt"] == ["width": 512, "height": 320])
        #expect(cropped["px2x"] == ["width": 1024, "height": 640])
        #expect(cropped["asPublished"] == "512x320 pt (1024x640 px @2x)")
        let format = try #require(earlier.record(id: "asset.game-center.leaderboard.ios.format"))
        #expect(format["formats"] == ["PNG", "JPG"])
        #expect(earlier.record(id: "asset.game-center.challenge.image-size") == nil, "the challenge table is new")
        #expect(earlier.record(id: "asset.game-center.leaderboard.tvos.aspect-ratio")?["aspectRatio"] == "16:9")

        let latest = try #require(Self.store.latest.record(id: "asset.game-center.leaderboard.ios.cropped-area"))
        #expect(latest["sizePt"] == ["width": 512, "height": 312])
        #expect(latest["valueIn2023"] == "512x320 pt (1024x640 px @2x)")
        #expect(Self.store.latest.record(id: "asset.game-center.leaderboard.tvos.aspect-ratio") == nil)

        let diff = try Self.store.diff(from: "2025-03-07", to: "2025-06-09")
        let changed = diff.changed.filter { $0["id"] == "asset.game-center.leaderboard.ios.cropped-area" }
        #expect(changed.contains { $0["field"] == "sizePt.height" })
    }

    @Test(
        "search finds an asset by its name",
        arguments: [
            ("sticker", "asset.imessage.sticker."), ("top shelf", "asset.top-shelf."),
            ("wallet strip", "asset.wallet.strip."), ("leaderboard image", "asset.game-center.leaderboard."),
        ])
    func search(query: String, prefix: String) throws {
        // Among the first three: a prose figure that names the asset (a sticker's file size) may
        // rank beside its size rows.
        let hits = try Self.store.latest.search(SearchQuery(q: query)).items.prefix(3)
        let ids = hits.compactMap { $0["id"]?.stringValue }
        #expect(ids.contains { $0.hasPrefix(prefix) }, "\(query): first hits \(ids)")
    }

    func check(_ measurement: Measurement) throws -> JSONValue {
        try Self.store.latest.checkElement(measurement)
    }

    @Test("a sticker by its size: Apple's size is ok, another is judged against it")
    func sticker() throws {
        let large = try check(Measurement(figure: "", width: 618, height: 618, asset: "sticker", variant: "large"))
        #expect(large["result"] == "ok" && large["figure"] == "asset.imessage.sticker.large")
        #expect(large["scale"] == "@3x" && large["computed"] == false)
        #expect(large["citation"]?["section"] == "Specifications › Sticker sizes")
        let small = try check(Measurement(figure: "", width: 300, height: 300, asset: "sticker", variant: "large"))
        #expect(small["result"] == "below-published" && small["severity"] == "warning")
        #expect(small["message"]?.stringValue?.contains("618×618 px") == true)
        // Without a variant, a size equal to one of the three is that size.
        let regular = try check(Measurement(figure: "", width: 408, height: 408, asset: "iMessage sticker"))
        #expect(regular["result"] == "ok" && regular["variant"] == "Regular")
    }

    @Test("a Top Shelf image by kind: judged against its actual size at @1x or @2x, never its safe zone")
    func topShelf() throws {
        let poster = try check(Measurement(figure: "", width: 808, height: 1216, asset: "top shelf", variant: "poster"))
        #expect(poster["result"] == "ok" && poster["scale"] == "@2x")
        #expect(poster["figure"] == "asset.top-shelf.poster.actual-size")
        // The focused (safe zone) size is a region of the image, not a size for its file.
        let focused = try check(
            Measurement(figure: "", width: 760, height: 1140, asset: "top shelf", variant: "poster"))
        #expect(focused["result"] == "below-published")
        let wide = try check(Measurement(figure: "", width: 1920, height: 1080, asset: "top shelf", variant: "16:9"))
        #expect(wide["result"] == "above-published" && wide["figure"] == "asset.top-shelf.16-9.actual-size")
    }

    @Test("a Wallet strip by pass style: Apple's points times the scale, said to be computed")
    func walletStrip() throws {
        let ticket = try check(
            Measurement(figure: "", width: 1125, height: 294, asset: "wallet strip", variant: "event ticket"))
        #expect(ticket["result"] == "ok" && ticket["scale"] == "@3x" && ticket["computed"] == true)
        #expect(ticket["message"]?.stringValue?.contains("computed") == true)
        let card = try check(Measurement(figure: "", width: 1125, height: 294, asset: "strip", variant: "store card"))
        #expect(card["result"] == "below-published" && card["figure"] == "asset.wallet.strip.coupon-store-card")
        // A logo is any size up to Apple's maximum.
        let logo = try check(Measurement(figure: "", width: 300, height: 90, asset: "wallet logo"))
        #expect(logo["result"] == "ok")
        let tooWide = try check(Measurement(figure: "", width: 500, height: 90, asset: "wallet logo"))
        #expect(tooWide["result"] == "above-published")
    }

    @Test("single-size assets, per-platform sizes, and an asset with no published pixel size")
    func otherAssets() throws {
        #expect(
            try check(Measurement(figure: "", width: 180, height: 180, asset: "CarPlay app icon"))["result"] == "ok")
        #expect(try check(Measurement(figure: "", width: 120, height: 120, asset: "apple pay"))["result"] == "ok")
        let achievement = try check(
            Measurement(figure: "", width: 640, height: 640, platform: .tvos, asset: "achievement"))
        #expect(
            achievement["result"] == "ok" && achievement["figure"] == "asset.game-center.achievement.tvos.image-size")
        let onIOS = try check(Measurement(figure: "", width: 640, height: 640, platform: .ios, asset: "achievement"))
        #expect(onIOS["result"] == "below-published")
        let code = try check(
            Measurement(figure: "", width: 512, height: 512, asset: "App Clip Code", variant: "digital"))
        #expect(code["result"] == "ok", "over the 256×256 px minimum")
        let printed = try check(
            Measurement(figure: "", width: 512, height: 512, asset: "App Clip Code", variant: "printed"))
        #expect(printed["result"] == "no-applicable-figure" && printed["figure"] == .null)
        #expect(printed["message"]?.stringValue?.contains("3/4 inch") == true)
        let watch = try check(
            Measurement(figure: "", width: 640, height: 640, platform: .watchos, asset: "achievement"))
        #expect(watch["result"] == "no-applicable-figure")
    }

    @Test("an unknown asset or variant names the accepted values; a wrong shape is refused")
    func refusals() throws {
        func error(_ measurement: Measurement) -> QueryError? {
            do {
                _ = try check(measurement)
                return nil
            } catch {
                return error as? QueryError
            }
        }
        let unknown = error(Measurement(figure: "", width: 1, height: 1, asset: "banana"))
        #expect(unknown?.code == .unknownValue && unknown?.accepted.contains("Wallet strip") == true)
        let several = error(Measurement(figure: "", width: 1, height: 1, asset: "icon"))
        #expect(
            several?.accepted.contains("CarPlay app icon") == true
                && several?.accepted.contains("Wallet strip") == false)
        let variant = error(Measurement(figure: "", width: 1, height: 1, asset: "sticker", variant: "huge"))
        #expect(variant?.parameter == "variant" && variant?.accepted == ["Small", "Regular", "Large"])
        #expect(error(Measurement(figure: "", value: 3, asset: "sticker"))?.parameter == "value")
        #expect(error(Measurement(figure: "", width: 3, asset: "sticker"))?.code == .missingParameter)
        #expect(error(Measurement(figure: "", width: 1, height: 1, variant: "large"))?.parameter == "variant")
        #expect(
            error(Measurement(figure: "", width: 1, height: 1, element: "button", asset: "sticker"))?.parameter
                == "element")
    }
}
