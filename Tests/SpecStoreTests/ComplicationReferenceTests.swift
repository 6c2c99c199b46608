import Foundation
import JSON
import Testing

// Every complication cell and every image-scale figure in `Data/specs.json` against Apple's tables
// as `Fixtures/reference/complications-watchos.json` and `images.json` copy them, read with
// Foundation alone (as the other reference tests read theirs), so a loader bug cannot hide a data
// bug.

/// The complications and image-scale reference tables against the data file.
@Suite("Complications and image scale against Apple's tables")
struct ComplicationReferenceTests {
    let records: [JSONObject]
    let metrics: [JSONObject]

    init() throws {
        let spec = try ReferenceFiles.spec()
        records = spec.records("complications")
        metrics = spec.records("metrics")
    }

    /// The reference's sections per family, as Apple heads them, and the anchor each URL ends in.
    static let sections: [String: (section: String, anchor: String)] = [
        "circular": ("Circular", "Circular"), "corner": ("Corner", "Corner"), "inline": ("Inline", "Inline"),
        "rectangular": ("Rectangular", "Rectangular"),
        "circular-small": ("Legacy templates › Circular small", "Circular-small"),
        "modular-small": ("Legacy templates › Modular small", "Modular-small"),
        "modular-large": ("Legacy templates › Modular large", "Modular-large"),
        "extra-large": ("Legacy templates › Extra large", "Extra-large"),
    ]

    /// The reference's family names, as ours: family and layout.
    static let families: [String: (family: String, layout: String?)] = [
        "circular": ("circular", "regular size"), "circular (extra large)": ("circular", "extra large"),
        "circular family": ("circular", "no-content placeholder"), "corner": ("corner", nil),
        "corner family": ("corner", "no-content placeholder"),
        "inline: utilitarian small": ("inline", "utilitarian small"),
        "inline: utilitarian large": ("inline", "utilitarian large"), "rectangular": ("rectangular", nil),
        "legacy: circular small": ("circular-small", nil), "legacy: modular small": ("modular-small", nil),
        "legacy: modular large": ("modular-large", nil), "legacy: extra large": ("extra-large", nil),
    ]

    /// The record for a reference cell: same family, layout, element (or text layout) and column.
    func record(for row: JSONObject, text: Bool) throws -> JSONObject {
        let family: String
        let layout: String?
        if text {
            let layouts: [String: (String, String?)] = [
                "circular (regular size)": ("circular", "regular size"),
                "circular (extra large)": ("circular", "extra large"), "corner": ("corner", nil),
                "rectangular": ("rectangular", nil),
            ]
            (family, layout) = try #require(layouts[row.string("layout") ?? ""])
        } else {
            (family, layout) = try #require(Self.families[row.string("family") ?? ""])
        }
        let matches = records.filter { record in
            record.string("family") == family && record.string("layout") == layout
                && record.string("kind") == (text ? "text" : "image")
                && record.string("element") == (text ? nil : row.string("element"))
                && record.string("caseSize") == row.string("case_size")
        }
        #expect(matches.count == 1, "\(row): \(matches.count) records")
        return try #require(matches.first)
    }

    @Test("every size cell of the 12 tables: pt, px, ranges, Apple's string, typos, empty cells, citation")
    func everySizeCell() throws {
        let rows = try ReferenceFiles.rows("complications-watchos.json").filter {
            $0.string("kind") == nil && $0["text_size_pt"] == nil
        }
        #expect(rows.count == 175)
        let notes = try ReferenceFiles.rows("complications-watchos.json").filter { $0.string("kind") == "note" }
        for row in rows {
            let record = try record(for: row, text: false)
            let id = record.string("id") ?? ""
            #expect(record.string("asPublished") == row.string("asPublished"), "\(id)")
            #expect(record.string("normalised") == row.string("normalised"), "\(id)")
            #expect(record.string("typo") == row.string("typo"), "\(id)")
            #expect(record.string("inconsistency") == row.string("inconsistency"), "\(id)")
            #expect(record.string("elementAsPublished") == row.string("element_asPublished"), "\(id)")
            #expect(record.strings("caseSizes") == (row["case_sizes_mm"] as? [Int] ?? []).map { "\($0)mm" }, "\(id)")
            #expect(record.string("status") == "published" && record.string("since") == "2023", "\(id)")
            // Pt and px, each a number or a range, or empty where Apple prints none.
            let pairs: [(String, String)] = [
                ("width", "width_pt"), ("height", "height_pt"), ("pixelWidth", "width_px"),
                ("pixelHeight", "height_px"),
            ]
            for (ours, theirs) in pairs {
                #expect(record.number(ours) == row.number(theirs), "\(id) \(ours)")
            }
            for (low, high, theirs) in [
                ("minWidth", "maxWidth", "width_pt_range"), ("minPixelWidth", "maxPixelWidth", "width_px_range"),
            ] {
                let range = (row[theirs] as? [Any])?.compactMap(JSONObject.number)
                #expect(
                    range.map { [$0[0], $0[1]] }
                        == (record.number(low).flatMap { a in record.number(high).map { [a, $0] } }), "\(id) \(theirs)")
            }
            if row.string("asPublished") == "–" || row.string("asPublished") == "N/A" {
                #expect(record["width"] is NSNull && record["height"] is NSNull, "\(id): an empty cell stays empty")
                #expect((record.string("notes") ?? "").contains("left empty"), "\(id): the note says so")
            }
            // Cited at the family's heading, with Apple's note under the table where it has one.
            let family = try #require(record.string("family"))
            let citation = try #require((record["citations"] as? [JSONObject])?.first)
            #expect(citation.string("section") == Self.sections[family]?.section, "\(id)")
            #expect(citation.string("url")?.hasSuffix("#" + (Self.sections[family]?.anchor ?? "")) == true, "\(id)")
            #expect((row.string("page") ?? "").hasSuffix("#" + (Self.sections[family]?.anchor ?? "")), "\(id)")
            let quotes = notes.filter { $0.string("table") == row.string("table") }.compactMap {
                $0.string("apple_text")
            }
            #expect(
                Set((record["citations"] as? [JSONObject] ?? []).compactMap { $0.string("quote") }) == Set(quotes),
                "\(id)")
        }
        // Nothing besides the reference's cells: 175 size cells and 16 text sizes.
        #expect(records.count == 191)
    }

    @Test("the 16 default SwiftUI text sizes: design, weight and size per case, with Apple's sentence")
    func textSizes() throws {
        let rows = try ReferenceFiles.rows("complications-watchos.json").filter { $0["text_size_pt"] != nil }
        #expect(rows.count == 16)
        for row in rows {
            let record = try record(for: row, text: true)
            #expect(record.number("size") == row.number("text_size_pt"))
            #expect(record.string("textStyle") == row.string("text_style"))
            #expect(record.string("weight") == row.string("text_weight"))
            #expect(record.string("asPublished") == row.string("asPublished"))
            let quote = (record["citations"] as? [JSONObject])?.first?.string("quote")
            #expect(quote == row.string("apple_text"))
        }
    }

    @Test("the inconsistent 41 mm inline utilitarian small cell is kept as printed and flagged")
    func flaggedCell() throws {
        let cell = try #require(records.first { $0.string("id") == "complication.inline.utilitarian-small.flat.41mm" })
        #expect(cell.number("height") == 21 && cell.number("pixelHeight") == 21)
        #expect(cell.string("asPublished") == "10.5-23.5x21 pt (21-47x21 @2x)")
        #expect(cell.string("normalised") == "10.5-23.5x21 pt (21-47x21 px @2x)")
        #expect((cell.string("inconsistency") ?? "").contains("10.5"))
        // Apple's every other cell has px = 2 × pt.
        let others = records.filter { $0.string("kind") == "image" && $0["inconsistency"] == nil }
        for record in others {
            if let pt = record.number("height"), let px = record.number("pixelHeight") {
                #expect(px == pt * 2, "\(record.string("id") ?? "")")
            }
        }
        #expect(records.filter { $0["inconsistency"] != nil }.count == 1)
    }

    @Test("image scale: every scale factor per platform, the 2023 grouping, every watch case size")
    func imageScale() throws {
        let rows = try ReferenceFiles.rows("images.json")
        func metric(_ id: String) throws -> JSONObject {
            try #require(metrics.first { $0.string("id") == id }, "no \(id)")
        }
        let current = rows.filter { ($0.string("table") ?? "").hasPrefix("Resolution") && $0["revision"] == nil }
        #expect(current.count == 4)
        for row in current {
            let platforms = (row["platforms"] as? [String] ?? []).map { $0.lowercased() }
            let record = try metric("metric.images.\(platforms.joined(separator: "-")).scale-factors")
            #expect(record.strings("platforms") == platforms)
            let factors = (row["scale_factors"] as? [Any] ?? []).compactMap(JSONObject.number)
            if factors.count == 1 {
                #expect(record.number("value") == factors[0])
                #expect(record.string("bound") == (row.string("bound") ?? "exact"))
            } else {
                #expect(record.number("min") == factors.first && record.number("max") == factors.last)
                #expect(record.string("bound") == "range")
            }
            #expect((record.string("notes") ?? "").contains("'\(row.string("asPublished") ?? "")'"))
            let citation = try #require((record["citations"] as? [JSONObject])?.first)
            #expect(citation.string("section") == "Resolution")
            #expect(citation.string("url") == row.string("page"))
        }
        // The 2023 grouping answers the versions before the separate visionOS row.
        let old = try #require(rows.first { $0["revision"] != nil })
        #expect(old.string("asPublished") == "@2x")
        let vision = try metric("metric.images.visionos.scale-factors")
        #expect(vision.historyValues(until: "2025-06-09")?.string("bound") == "exact")
        #expect(vision.number("value") == 2)
        let grouped = try metric("metric.images.ipados-watchos.scale-factors")
        #expect(
            grouped.historyValues(until: "2025-06-09")?.string("name")?.contains("iPadOS, visionOS, watchOS") == true)

        let note = try #require(rows.first { $0.string("kind") == "note" }?.string("apple_text"))
        let watch = rows.filter { ($0.string("table") ?? "").hasPrefix("watchOS") }
        #expect(watch.count == 7)
        for row in watch {
            let size = try #require(row.string("case_size"))
            let record = try metric("metric.images.watchos.image-scale-\(size)")
            #expect(record.number("value") == row.number("image_scale_percent"))
            #expect(record.string("unit") == "percent" && record.string("caseSize") == size)
            let citation = try #require((record["citations"] as? [JSONObject])?.first)
            #expect(citation.string("section") == "Platform considerations › watchOS")
            #expect(citation.string("quote") == note)
            #expect(citation.string("url") == row.string("page"))
        }
        // At the start of the metrics, as this round's additions are placed.
        #expect(metrics.prefix(11).allSatisfy { ($0.string("id") ?? "").hasPrefix("metric.images.") })
    }
}
