import Foundation
import JSON
import Testing

// Every color in `Data/specs.json` against Apple's tables as `Fixtures/reference/color-*.json` copy
// them, read with Foundation alone (as ReferenceFigureTests reads the other tables), so a loader bug
// cannot hide a data bug: each cell of every row, the record's earlier values in `history`, and the
// section each citation names.

/// The color reference tables against the data file's `colors`.
@Suite("Colors against Apple's tables")
struct ColorReferenceTests {
    static func colors() throws -> [JSONObject] { try ReferenceFiles.spec().records("colors") }

    let colors: [JSONObject]

    init() throws { colors = try Self.colors() }

    func color(_ id: String) throws -> JSONObject {
        try #require(colors.first { $0.string("id") == id }, "no record \(id)")
    }

    /// `[r, g, b]` as the reference stores a swatch.
    static func channels(_ value: Any?) -> [Int]? {
        guard let value = value as? [Any], value.count == 3 else { return nil }
        let numbers = value.compactMap { JSONObject.number($0).map(Int.init) }
        return numbers.count == 3 ? numbers : nil
    }

    /// A store color's channels and its hex, which must be the same value.
    static func stored(_ value: Any?) -> [Int]? {
        guard let object = value as? JSONObject, let red = object.number("red"), let green = object.number("green"),
            let blue = object.number("blue")
        else { return nil }
        let rgb = [Int(red), Int(green), Int(blue)]
        let hex = "#" + rgb.map { String(format: "%02X", $0) }.joined()
        guard object.string("hex") == hex else { return nil }
        return rgb
    }

    /// Our field for each reference column of the current tables, and of the 2023 ones.
    static let current = [
        ("light", "default_light"), ("dark", "default_dark"), ("increasedContrastLight", "increased_contrast_light"),
        ("increasedContrastDark", "increased_contrast_dark"),
    ]
    static let of2023 = [
        ("light", "default_light"), ("dark", "default_dark"), ("increasedContrastLight", "accessible_light"),
        ("increasedContrastDark", "accessible_dark"),
    ]

    static func slug(_ name: String) -> String {
        name.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: "-")
    }

    @Test("every system color: Apple's name, SwiftUI name and four values, cited at Specifications")
    func systemColors() throws {
        let rows = try ReferenceFiles.rows("color-system.json").filter { $0.string("kind") == nil }
        #expect(rows.count == 12)
        for row in rows {
            let name = try #require(row.string("name"))
            let record = try color("color.all.\(Self.slug(name))")
            #expect(record.string("name") == name)
            #expect(record.string("swiftUI") == row.string("swiftui_api"))
            #expect(record["uiKit"] is NSNull, "\(name): Apple's table prints no UIKit name")
            #expect(record.strings("platforms") == ["all"])
            #expect(record.string("since") == "2025-06-09")
            for (field, column) in Self.current {
                #expect(Self.stored(record[field]) == Self.channels(row[column]), "\(name) \(field)")
            }
            let citation = try #require((record["citations"] as? [JSONObject])?.first)
            #expect(citation.string("page") == "HIG › Color")
            #expect(citation.string("section") == "Specifications › System colors")
            #expect(
                citation.string("url")
                    == "https://developer.apple.com/design/human-interface-guidelines/color#Specifications")
            #expect(citation.string("quote") == "visionOS system colors use the default dark color values.")
        }
        let note = try #require(try ReferenceFiles.rows("color-system.json").first { $0.string("kind") == "note" })
        #expect(note.string("apple_text") == "visionOS system colors use the default dark color values.")
    }

    @Test("Indigo (dark) before 2025-12-16 is the earlier copies' value, dated by the copies, not Apple's log")
    func indigoHistory() throws {
        let rows = try ReferenceFiles.rows("color-history.json").filter {
            $0.string("name") == "Indigo" && $0["column"] != nil
        }
        let before = try #require(rows.first { $0.string("revision")?.hasPrefix("June 9, 2025") == true })
        let after = try #require(rows.first { $0.string("revision") == "December 16, 2025 revision" })
        let record = try color("color.all.indigo")
        #expect(Self.stored(record["dark"]) == Self.channels(after["value"]))
        let earlier = try #require(record.historyValues(until: "2025-12-16"))
        #expect(Self.stored(earlier["dark"]) == Self.channels(before["value"]))
        #expect(earlier.object("asPublished")?.string("dark") == before.string("asPublished"))
        let notes = try #require(record.string("notes"))
        #expect(notes.contains("bounded by those copies, not by Apple's log"))
    }

    @Test("every iOS, iPadOS gray: UIKit name, four values, and the 2023 API column in history")
    func grays() throws {
        let rows = try ReferenceFiles.rows("color-grays-ios.json").filter { $0.string("kind") == nil }
        let old = try ReferenceFiles.rows("color-history.json").filter {
            $0.string("table") == "iOS, iPadOS system gray colors"
        }
        #expect(rows.count == 6)
        for row in rows {
            let name = try #require(row.string("name"))
            let record = try color("color.ios.\(Self.slug(name))")
            #expect(record.string("uiKit") == row.string("uikit_api"))
            #expect(record.strings("platforms") == ["ios", "ipados"])
            #expect(record.string("since") == "2023")
            for (field, column) in Self.current {
                #expect(Self.stored(record[field]) == Self.channels(row[column]), "\(name) \(field)")
            }
            // Apple's note gives SwiftUI's gray for systemGray only.
            #expect(record.string("swiftUI") == (name == "Gray" ? "gray" : nil), "\(name)")
            let earlier = try #require(record.historyValues(until: "2024-02-02"))
            let printed = try #require(old.first { $0.string("name") == name })
            #expect(earlier.string("swiftUI") == printed.string("swiftui_api"))
            for (field, column) in Self.of2023 {
                #expect(Self.channels(printed[column]) == Self.stored(record[field]), "2023 \(name) \(field) unchanged")
            }
            let citation = try #require((record["citations"] as? [JSONObject])?.first)
            #expect(citation.string("section") == "Specifications › iOS, iPadOS system gray colors")
            #expect(citation.string("url")?.hasSuffix("/color#iOS-iPadOS-system-gray-colors") == true)
        }
    }

    @Test("every 2023 per-platform row until June 9, 2025, cited at its own table's section")
    func tablesOf2023() throws {
        let rows = try ReferenceFiles.rows("color-history.json").filter {
            $0.string("table")?.hasSuffix(" system colors") == true
                && $0.string("table") != "iOS, iPadOS system gray colors"
        }
        #expect(rows.count == 63)
        let prefixes = [
            "iOS, iPadOS system colors": ("ios", ["ios", "ipados"]), "macOS system colors": ("macos", ["macos"]),
            "visionOS system colors": ("visionos", ["visionos"]), "watchOS system colors": ("watchos", ["watchos"]),
        ]
        var seen: Set<String> = []
        for row in rows {
            let table = try #require(row.string("table"))
            let (prefix, platforms) = try #require(prefixes[table])
            let tab = row.string("tab") == "Vibrant" ? ".vibrant" : ""
            let id = "color.\(prefix)\(tab).\(Self.slug(try #require(row.string("name"))))"
            seen.insert(id)
            let record = try color(id)
            #expect(record.string("name") == row.string("name"))
            #expect(record.string("table") == table)
            #expect(record.string("tab") == row.string("tab"))
            #expect(record.string("swiftUI") == row.string("swiftui_api"))
            #expect(record.strings("platforms") == platforms)
            #expect(record.string("since") == "2023")
            #expect(record.string("until") == "2025-06-09")
            if row["default"] != nil {
                #expect(Self.stored(record["value"]) == Self.channels(row["default"]), "\(id)")
                for (field, _) in Self.of2023 { #expect(record[field] is NSNull, "\(id) \(field): no such column") }
            } else {
                for (field, column) in Self.of2023 {
                    #expect(Self.stored(record[field]) == Self.channels(row[column]), "\(id) \(field)")
                }
            }
            // The reference names the page and anchor of each table; the section is that heading.
            let citation = try #require((record["citations"] as? [JSONObject])?.first)
            #expect(citation.string("section") == "Specifications › \(table)")
            #expect(citation.string("url") == row.string("page"), "\(id)")
        }
        #expect(seen.count == 63)
        // Nothing in the store that the reference lacks.
        #expect(colors.count == 12 + 6 + 63 + 3)
    }

    @Test("every Activity ring color: Apple's one value, its single-copy basis, cited at Best practices")
    func activityRings() throws {
        let rows = try ReferenceFiles.rows("activity-rings.json")
        let rings = rows.filter { $0.string("kind") == nil }
        #expect(rings.count == 3)
        let sentence = try #require(rows.first { $0.string("kind") == "note" }?.string("apple_text"))
        for row in rings {
            let name = try #require(row.string("ring"))
            let record = try color("color.activity-rings.\(Self.slug(name))")
            #expect(record.string("name") == name)
            #expect(record.string("table") == "Activity ring colors")
            #expect(Self.stored(record["value"]) == Self.channels(row["rgb"]), "\(name)")
            #expect(record.object("asPublished")?.string("value") == row.string("asPublished"))
            // Apple gives one value, no appearance columns: those stay empty, and the value holds in each.
            for (field, _) in Self.current { #expect(record[field] is NSNull, "\(name) \(field)") }
            #expect(record["sameInEveryAppearance"] as? Bool == true)
            #expect(record["swiftUI"] is NSNull && record["uiKit"] is NSNull)
            // The reference rests each value on one named copy; the record says so in a field.
            #expect(row.string("confidence") == "single copy")
            #expect(record.string("confidence") == "single-copy")
            #expect(record.strings("platforms") == ["ios", "ipados", "watchos"])
            // Apple's change log dates the colors March 29, 2024: the first store version after it.
            #expect(record.string("since") == "2024-09-09")
            #expect(record["seen"] == nil)
            let citation = try #require((record["citations"] as? [JSONObject])?.first)
            #expect(citation.string("page") == "HIG › Activity rings")
            #expect(citation.string("section") == "Best practices")
            #expect(citation.string("url") == row.string("page"))
            #expect(citation.string("quote") == sentence)
        }
    }
}
