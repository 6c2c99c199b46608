import Foundation
import JSON
import Testing

// Every asset size in `Data/specs.json` against Apple's tables as `Fixtures/reference/` copies
// them, read with Foundation alone (as ReferenceFigureTests reads the other tables), so a loader
// bug cannot hide a data bug: each row's sizes, Apple's printed cell, the 2023 values Game
// Center's history keeps, and the page each citation names.

/// The asset-size reference tables against the data file's `assetSizes`.
@Suite("Asset sizes against Apple's tables")
struct AssetSizeReferenceTests {
    let records: [JSONObject]

    init() throws { records = try ReferenceFiles.spec().records("assetSizes") }

    func record(_ id: String) throws -> JSONObject {
        try #require(records.first { $0.string("id") == id }, "no record \(id)")
    }

    static func size(_ pair: Any?) -> Size? {
        guard let pair = pair as? [Any], pair.count == 2, let width = JSONObject.number(pair[0]),
            let height = JSONObject.number(pair[1])
        else { return nil }
        return Size(width: width, height: height)
    }

    static func slug(_ text: String) -> String {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: "-")
    }

    /// The record cites Apple's page the reference row is on (its URL without the anchor), with
    /// a section.
    func expectCitesPage(_ record: JSONObject, of row: JSONObject) throws {
        let citation = try #require((record["citations"] as? [JSONObject])?.first, "\(record.string("id") ?? "")")
        let page = try #require(row.string("page")).split(separator: "#").first.map(String.init)
        #expect(citation.string("url")?.split(separator: "#").first.map(String.init) == page)
        #expect(!(citation.string("section") ?? "").isEmpty)
        #expect(record.string("status") == "published")
    }

    @Test("Top Shelf: 13 rows, pt and px at @1x and @2x, the image size marked as the whole file")
    func topShelf() throws {
        let rows = try ReferenceFiles.rows("top-shelf-tvos.json")
        #expect(rows.count == 13)
        let shapes = ["Poster (2:3)": "poster", "Square (1:1)": "square", "16:9": "16-9"]
        let aspects = [
            "Actual size": "actual-size", "Focused/Safe zone size": "focused-size", "Unfocused size": "unfocused-size",
        ]
        for row in rows {
            let id: String
            if row.string("layout") == "static image (fallback)" {
                id = "asset.top-shelf.static-image"
            } else {
                let shape = try #require(row.string("image_shape"))
                id = "asset.top-shelf.\(shapes[shape] ?? Self.slug(shape)).\(aspects[row.string("aspect") ?? ""] ?? "")"
            }
            let record = try record(id)
            #expect(record.size("sizePt") == Self.size(row["size_pt"]), "\(id)")
            #expect(record.size("px1x") == Self.size(row["size_px_1x"]), "\(id)")
            #expect(record.size("px2x") == Self.size(row["size_px_2x"]), "\(id)")
            #expect(record.string("asPublished") == row.string("asPublished"), "\(id)")
            #expect(record.string("attribute") == row.string("aspect"))
            #expect(record["wholeAsset"] as? Bool == ["Actual size", "Image size"].contains(row.string("aspect")))
            #expect(record.strings("platforms") == ["tvos"])
            #expect(record.string("since") == "2023", "same in the 2023 copy")
            try expectCitesPage(record, of: row)
        }
    }

    @Test("Wallet: 10 rows in points, maximums kept as maximums, no pixel size invented")
    func wallet() throws {
        let rows = try ReferenceFiles.rows("wallet-pass-images.json")
        #expect(rows.count == 10)
        for row in rows {
            let image = try #require(row.string("image"))
            let id = "asset.wallet.\(Self.slug(image))" + (row.string("applies_to").map { "." + Self.slug($0) } ?? "")
            let record = try record(id)
            let maximum = Self.size(row["max_size_pt"])
            #expect(record.size("sizePt") == (maximum ?? Self.size(row["size_pt"])), "\(id)")
            #expect(record.string("bound") == (maximum == nil ? "exact" : "maximum"), "\(id)")
            #expect(record.string("variant") == row.string("applies_to"))
            #expect(record.string("asPublished") == row.string("asPublished"))
            #expect(record.string("filename") == row.string("filename_asPublished"))
            #expect(record["px1x"] == nil && record["px2x"] == nil && record["px3x"] == nil, "Apple gives points only")
            #expect(record.string("since") == "2025-01-17", "the change log dates the table")
            try expectCitesPage(record, of: row)
            let citation = try #require((record["citations"] as? [JSONObject])?.first)
            #expect(citation.string("section") == "Specifications › Pass image dimensions")
        }
    }

    @Test("iMessage: icon sizes at @2x and @3x (Apple's '-' empty), sticker sizes at @3x, empty Usage cells empty")
    func iMessage() throws {
        let rows = try ReferenceFiles.rows("imessage-apps-and-stickers.json")
        #expect(rows.count == 10)
        for row in rows {
            let record: JSONObject
            if row.string("table") == "Icon sizes" {
                let twice = try #require(Self.size(row["size_2x_px"]))
                let id =
                    "asset.imessage.icon."
                    + (row.string("usage").map(Self.slug) ?? "\(Int(twice.width))x\(Int(twice.height))")
                record = try self.record(id)
                #expect(record.size("px2x") == twice, "\(id)")
                if let thrice = Self.size(row["size_3x_px"]) {
                    #expect(record.size("px3x") == thrice, "\(id)")
                } else {
                    #expect(record["px3x"] is NSNull, "\(id): Apple's @3x cell is '-'")
                    #expect((record.string("notes") ?? "").contains("'-'"))
                }
                if row.string("usage") == nil {
                    #expect(record["variant"] is NSNull, "\(id): Apple's Usage cell is empty")
                    #expect((record.string("notes") ?? "").contains("empty"))
                } else {
                    #expect(record.string("variant") == row.string("usage"))
                }
                #expect(record["asPublished"] as? [String: String] == row["asPublished"] as? [String: String])
            } else {
                let size = try #require(row.string("sticker_size"))
                record = try self.record("asset.imessage.sticker.\(Self.slug(size))")
                #expect(record.size("px3x") == Self.size(row["size_3x_px"]))
                #expect(record.string("variant") == size)
                #expect(record.string("asPublished") == row.string("asPublished"))
            }
            #expect(record.strings("platforms") == ["ios", "ipados"])
            try expectCitesPage(record, of: row)
        }
    }

    @Test("CarPlay: four display resolutions with their aspect ratios, and the app icon at @2x and @3x")
    func carPlay() throws {
        let rows = try ReferenceFiles.rows("carplay.json")
        #expect(rows.count == 5)
        for row in rows {
            let record: JSONObject
            if let display = Self.size(row["dimensions_px"]) {
                record = try self.record("asset.carplay.display.\(Int(display.width))x\(Int(display.height))")
                #expect(record.size("px") == display)
                #expect(record.string("aspectRatio") == row.string("aspect_ratio"))
                #expect(record["wholeAsset"] as? Bool == false, "a screen, not an image")
            } else {
                record = try self.record("asset.carplay.app-icon")
                #expect(record.size("px2x") == Self.size(row["size_2x_px"]))
                #expect(record.size("px3x") == Self.size(row["size_3x_px"]))
            }
            #expect(record["asPublished"] as? [String: String] == row["asPublished"] as? [String: String])
            #expect(record.strings("platforms") == ["carplay"])
            try expectCitesPage(record, of: row)
        }
    }

    @Test("Game Center: every attribute cell of the seven tables, and the 2023 value where it differs")
    func gameCenter() throws {
        let rows = try ReferenceFiles.rows("game-center-artwork.json")
        #expect(rows.count == 35)
        let artwork = [
            "achievement image": "achievement", "leaderboard image": "leaderboard", "challenge image": "challenge",
            "multiplayer activity preview image": "multiplayer-activity", "dashboard image (optional)": "dashboard",
        ]
        var withHistory = 0
        for row in rows {
            let art = try #require(artwork[row.string("artwork") ?? ""])
            let tab = row.string("tab")
            let tabPart = tab == "all" || art == "dashboard" ? "" : tab == "tvOS" ? ".tvos" : ".ios"
            let id = "asset.game-center.\(art)\(tabPart).\(Self.slug(row.string("attribute") ?? ""))"
            let record = try record(id)
            #expect(record.string("asPublished") == row.string("asPublished"), "\(id)")
            #expect(record.string("attribute") == row.string("attribute"))
            #expect(record.size("sizePt") == Self.size(row["size_pt"]), "\(id)")
            #expect(record.size("px2x") == Self.size(row["size_px_2x"]), "\(id)")
            #expect(record.number("diameterPt") == row.number("diameter_pt"))
            #expect(record.number("diameterPx2x") == row.number("diameter_px_2x"))
            #expect(record.number("minimumDpi") == row.number("minimum_dpi"))
            #expect(record["wholeAsset"] as? Bool == (row.string("attribute") == "Image size"))
            if tab == "tvOS" { #expect(record.strings("platforms") == ["tvos"]) }
            if tab == "iOS, iPadOS, macOS" { #expect(record.strings("platforms") == ["ios", "ipados", "macos"]) }
            try expectCitesPage(record, of: row)
            let old = row.string("value_in_2023")
            if old == "table not on the 2023 page" {
                #expect(record.string("since") == "2025-06-09", "\(id): a table of the June 9, 2025 revision")
                #expect(record["valueIn2023"] == nil)
            } else if let old {
                withHistory += 1
                #expect(record.string("valueIn2023") == old, "\(id)")
                let earlier = try #require(record.historyValues(until: "2025-06-09"), "\(id) has no history")
                #expect(earlier.string("asPublished") == old)
                #expect(earlier["valueIn2023"] is NSNull)
                if row.string("attribute") == "Cropped area" {
                    #expect(earlier.size("sizePt") == Size(width: 512, height: 320))
                    #expect(earlier.size("px2x") == Size(width: 1024, height: 640))
                } else {
                    #expect(earlier.strings("formats") == ["PNG", "JPG"])
                    #expect(record.strings("formats") == ["JPEG", "JPG", "PNG"])
                }
            } else {
                #expect(record.string("since") == "2023", "\(id): same in the 2023 copy")
                #expect(record["history"] == nil && record["valueIn2023"] == nil)
            }
        }
        #expect(withHistory == 2, "the leaderboard's Format and Cropped area")
        // The 2023 tvOS leaderboard table's Aspect ratio row, which the reference's notes record.
        let notes = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: ReferenceFiles.fixtures.appendingPathComponent("game-center-artwork.json")))
                as? JSONObject
        ).string("notes")
        #expect(notes?.contains("'Aspect ratio | 16:9' row that is gone") == true)
        let aspect = try record("asset.game-center.leaderboard.tvos.aspect-ratio")
        #expect(aspect.string("aspectRatio") == "16:9" && aspect.string("until") == "2025-06-09")
    }

    @Test("App Clip Codes: three minimums, the printed ones in inches with no pixel size")
    func appClipCodes() throws {
        let rows = try ReferenceFiles.rows("app-clips.json")
        #expect(rows.count == 3)
        let ids = [
            "Printed communications": "printed", "Digital communications": "digital",
            "NFC-integrated App Clip Code": "nfc-integrated",
        ]
        for row in rows {
            let record = try record("asset.app-clip-code.\(ids[row.string("type") ?? ""] ?? "")")
            #expect(record.string("asPublished") == row.string("asPublished"))
            #expect(record.string("bound") == "minimum")
            #expect(record.string("variant") == row.string("type"))
            #expect(record.size("px") == Self.size(row["minimum_size_px"]))
            #expect(record.strings("formats") == row.strings("file_formats"))
            #expect(
                record.number("diameterIn")
                    == (row.number("minimum_diameter_in") ?? row.number("example_code_minimum_diameter_in")))
            #expect(
                record.number("diameterCm")
                    == (row.number("minimum_diameter_cm") ?? row.number("example_code_minimum_diameter_cm")))
            #expect(record.number("nfcTagDiameterMm") == row.number("nfc_tag_minimum_diameter_mm"))
            #expect(record["wholeAsset"] as? Bool == (row["minimum_size_px"] != nil))
            try expectCitesPage(record, of: row)
        }
    }

    @Test("the Apple Pay website icon: 60x60 pt, 120 px at @2x and 180 px at @3x")
    func applePay() throws {
        let rows = try ReferenceFiles.rows("apple-pay-website-icon.json")
        #expect(rows.count == 2)
        let record = try record("asset.apple-pay.website-icon")
        for row in rows {
            #expect(record.size("sizePt") == Self.size(row["size_pt"]))
            let field = row.string("scale") == "@2x" ? "px2x" : "px3x"
            #expect(record.size(field) == Self.size(row["size_px"]))
            #expect((record["asPublished"] as? [String])?.contains(row.string("asPublished") ?? "") == true)
            try expectCitesPage(record, of: row)
        }
    }

    @Test("watchOS video: the five encoding attributes, the two resolutions as pixel sizes")
    func watchVideo() throws {
        let rows = try ReferenceFiles.rows("playing-video-watchos.json")
        #expect(rows.count == 5)
        for row in rows {
            let attribute = try #require(row.string("attribute"))
            let record = try #require(
                records.first { $0.string("table") == "watchos-video" && $0.string("attribute") == attribute },
                "\(attribute)")
            #expect(record.string("asPublished") == row.string("asPublished"))
            #expect(record.size("px") == Self.size(row["resolution_px"]))
            #expect(record.string("orientation") == row.string("orientation"))
            #expect(record.number("bitRateKbps") == row.number("bit_rate_kbps"))
            #expect(record.number("maxFrameRateFps") == row.number("max_frame_rate_fps"))
            #expect(record.number("audioBitRateKbps") == row.number("audio_bit_rate_kbps"))
            #expect(record.string("text") == (row.string("codec") ?? row.string("audio_codec")))
            #expect(record.strings("platforms") == ["watchos"])
            try expectCitesPage(record, of: row)
        }
    }

    @Test("every asset record is one of the reference rows above (none without a source)")
    func noRecordWithoutARow() throws {
        let perTable = Dictionary(grouping: records, by: { $0.string("table") ?? "" }).mapValues(\.count)
        #expect(
            perTable == [
                "top-shelf": 13, "wallet-pass": 10, "imessage-icon": 7, "imessage-sticker": 3, "carplay-display": 4,
                "carplay-app-icon": 1, "game-center": 36, "app-clip-code": 3, "apple-pay-website-icon": 1,
                "watchos-video": 5,
            ])
    }
}
