import Testing

@testable import SpecStore

/// `/v1/colors` through the store: Apple's color tables per version, the filters, the notes, the
/// diffs that carry Apple's color changes, and search by name, hex and API name.
@Suite("System colors")
struct ColorQueryTests {
    static var store: SpecStore { RealDataTests.store }

    func ids(_ filter: ColorFilter, version: String? = nil) throws -> [String] {
        let snapshot = try version.map { try Self.store.snapshot(version: $0) } ?? Self.store.latest
        return try snapshot.colors(matching: filter).items.compactMap { $0["id"]?.stringValue }
    }

    @Test("the latest version holds the 12 colors for every platform, the 6 iOS, iPadOS grays and the 3 rings")
    func latest() throws {
        let all = try ids(ColorFilter())
        #expect(all.count == 21)
        #expect(all.filter { $0.hasPrefix("color.all.") }.count == 12)
        #expect(try ids(ColorFilter(platform: .macos)).count == 12, "the grays and rings are not the Mac's")
        #expect(try ids(ColorFilter(platform: .ipados)).count == 21)
        #expect(try ids(ColorFilter(platform: .visionos)).count == 12, "Activity rings are not supported in visionOS")
        let blue = try #require(Self.store.latest.record(id: "color.all.blue"))
        #expect(blue["dark"]?["hex"] == "#0091FF")
        #expect(blue["platform"] == "all")
    }

    @Test("a pinned version before June 9, 2025 answers Apple's 2023 per-platform tables")
    func tablesOf2023() throws {
        for version in ["2023", "2024-09-09", "2025-03-07"] {
            let all = try ids(ColorFilter(), version: version)
            #expect(all.count == 63 + 6 + (version == "2023" ? 0 : 3), "\(version)")
            #expect(!all.contains { $0.hasPrefix("color.all.") })
        }
        let mac = try ids(ColorFilter(platform: .macos), version: "2025-03-07")
        #expect(mac.count == 26)
        #expect(mac.contains("color.macos.vibrant.gray"))
        let red = try #require(try Self.store.snapshot(version: "2023").record(id: "color.ios.red"))
        #expect(red["light"]?["hex"] == "#FF3B30")
        #expect(red["increasedContrastLight"]?["hex"] == "#D70015")
        let vision = try #require(try Self.store.snapshot(version: "2023").record(id: "color.visionos.red"))
        #expect(vision["value"]?["hex"] == "#FF453A")
        #expect(vision["dark"] == .null, "Apple's 2023 visionOS table has no dark column")
        #expect(try Self.store.snapshot(version: "2025-06-09").record(id: "color.ios.red") == nil)
    }

    @Test("filters: name and API name in any spelling, appearance; an unknown name answers a note")
    func filters() throws {
        for name in ["systemGray2", "Gray (2)", "gray-2", "GRAY2"] {
            #expect(try ids(ColorFilter(name: name)) == ["color.ios.gray-2"], "\(name)")
        }
        #expect(try ids(ColorFilter(name: "indigo")) == ["color.all.indigo"])
        #expect(try ids(ColorFilter(name: "gray")) == ["color.ios.gray"])
        // The rings' one value holds in every appearance, so they answer for each.
        #expect(try ids(ColorFilter(appearance: .increasedContrastDark)).count == 21)
        let unknown = try Self.store.latest.colors(matching: ColorFilter(name: "indgo"))
        #expect(unknown.items.isEmpty)
        #expect(unknown.notes.map(\.words).joined().contains("No color of version"))
        #expect(unknown.notes.map(\.words).joined().contains("indigo"))
        let visionDark = try Self.store.snapshot(version: "2023").colors(
            matching: ColorFilter(platform: .visionos, appearance: .dark))
        #expect(visionDark.items.isEmpty)
        #expect(visionDark.notes.first?.text { _ in "" }.contains("headed Default") == true)
    }

    @Test("visionOS answers carry Apple's note; a tvOS answer before June 2025 says why it is empty")
    func notes() throws {
        let vision = try Self.store.latest.colors(matching: ColorFilter(platform: .visionos))
        #expect(vision.count == 12)
        let note = try #require(vision.notes.first?.text { _ in "" })
        #expect(note.contains("visionOS system colors use the default dark color values."))
        let tv = try Self.store.snapshot(version: "2024-09-09").colors(matching: ColorFilter(platform: .tvos))
        #expect(tv.items.isEmpty)
        #expect(tv.notes.first?.text { _ in "" }.contains("September 12, 2023") == true)
        #expect(try ids(ColorFilter(platform: .tvos)).count == 12)
    }

    @Test("the Activity ring colors start at the first version after Apple's March 29, 2024 change log")
    func activityRingsByVersion() throws {
        let rings = ["color.activity-rings.move", "color.activity-rings.exercise", "color.activity-rings.stand"]
        for version in ["2023", "2024-02-02"] {
            #expect(try ids(ColorFilter(name: "Move"), version: version).isEmpty, "\(version)")
        }
        #expect(try ids(ColorFilter(platform: .watchos), version: "2024-09-09").filter(rings.contains) == rings)
        let added = try Self.store.diff(from: "2024-02-02", to: "2024-09-09").added.filter { $0["type"] == "color" }
        #expect(added.compactMap { $0["id"]?.stringValue } == rings)
        #expect(added.allSatisfy { $0["dating"] == "change-log" })
        let move = try #require(Self.store.latest.record(id: "color.activity-rings.move"))
        #expect(move["value"]?["hex"] == "#FA114F")
        #expect(move["confidence"] == "single-copy")
        // A ring's label on the rings' black background: its one value, whatever appearance is asked.
        for appearance in [ColorAppearance?.none, .dark, .light] {
            let check = try Self.store.latest.checkContrast(
                ContrastMeasurement(foreground: "Move", background: "#000000", appearance: appearance, textSize: 17))
            #expect(check["contrast"]?["foreground"]?["hex"] == "#FA114F")
            #expect(check["result"] == "ok", "\(check)")
        }
    }

    @Test("diffs: June 9, 2025 replaces the tables; Indigo (dark) changes at 2025-12-16; the gray API in 2024")
    func diffs() throws {
        let june = try Self.store.diff(from: "2025-03-07", to: "2025-06-09")
        #expect(june.added.filter { $0["type"] == "color" }.count == 12)
        #expect(june.removed.filter { $0["type"] == "color" }.count == 63)
        let december = try Self.store.diff(from: "2025-09-09", to: "2025-12-16")
        let indigo = december.changed.filter { $0["id"] == "color.all.indigo" }
        let green = try #require(indigo.first { $0["field"] == "dark.green" })
        #expect(green["before"] == 93)
        #expect(green["after"] == 124)
        #expect(indigo.contains { $0["field"] == "dark.hex" && $0["before"] == "#6B5DFF" && $0["after"] == "#6D7CFF" })
        #expect(indigo.contains { $0["field"] == "notes" })
        #expect(!december.changed.contains { $0["type"] == "color" && $0["id"] != "color.all.indigo" })
        let grays = try Self.store.diff(from: "2023", to: "2024-02-02").changed.filter {
            $0["id"] == "color.ios.gray-2"
        }
        #expect(grays.contains { $0["field"] == "uiKit" && $0["before"] == .null && $0["after"] == "systemGray2" })
        #expect(grays.contains { $0["field"] == "swiftUI" && $0["before"] == "systemGray2" && $0["after"] == .null })
    }

    @Test(
        "search finds a color by its name, its hex and its API name",
        arguments: [
            ("FF383C", "color.all.red"), ("#FF383C", "color.all.red"), ("ff383c", "color.all.red"),
            ("systemGray4", "color.ios.gray-4"), ("indigo", "color.all.indigo"), ("#6D7CFF", "color.all.indigo"),
        ])
    func search(query: String, id: String) throws {
        let hits = try Self.store.latest.search(SearchQuery(q: query))
        #expect(hits.items.prefix(3).contains { $0["id"]?.stringValue == id }, "\(query)")
    }

    @Test("WCAG 2 contrast: white on black is 21:1, a color on itself 1:1, hex read in every spelling")
    func contrast() throws {
        let white = try #require(ColorValue(hex: "#FFF"))
        let black = try #require(ColorValue(hex: "000000"))
        #expect(abs(white.contrastRatio(with: black) - 21) < 1e-9)
        #expect(abs(black.contrastRatio(with: white) - 21) < 1e-9)
        #expect(white.contrastRatio(with: white) == 1)
        #expect(ColorValue(hex: "#6d7cff")?.hex == "#6D7CFF")
        #expect(ColorValue(hex: "#12345") == nil)
        #expect(ColorValue(hex: "GGGGGG") == nil)
        // #767676 on white is the well-known 4.54:1.
        let gray = try #require(ColorValue(hex: "#767676"))
        #expect((gray.contrastRatio(with: white) * 100).rounded() / 100 == 4.54)
    }

    @Test("a contrast check computes the ratio and judges it against Apple's minimum for the text")
    func contrastCheck() throws {
        let latest = Self.store.latest
        let small = try latest.checkContrast(
            ContrastMeasurement(foreground: "#FFFFFF", background: "#767676", textSize: 17))
        #expect(small["figure"] == "metric.accessibility.all.contrast-text-up-to-17pt")
        #expect(small["result"] == "ok")
        #expect(small["contrast"]?["ratio"] == 4.54)
        #expect(small["contrast"]?["ratioIs"] == "computed")
        #expect(small["contrast"]?["minimumIs"] == "published")
        #expect(small["contrast"]?["minimum"] == 4.5)
        let quote = small["contrast"]?["minimumCitations"]?.arrayValue?.first?["quote"]?.stringValue ?? ""
        #expect(quote.contains("4.5:1"))
        let large = try latest.checkContrast(
            ContrastMeasurement(foreground: "#FFFFFF", background: "#949494", textSize: 18))
        #expect(large["figure"] == "metric.accessibility.all.contrast-text-18pt")
        #expect(large["result"] == "ok", "\(large)")
        let bold = try latest.checkContrast(
            ContrastMeasurement(foreground: "#FFF", background: "blue", appearance: .light, textSize: 12, bold: true))
        #expect(bold["figure"] == "metric.accessibility.all.contrast-bold-text")
        #expect(bold["contrast"]?["background"]?["color"] == "color.all.blue")
        #expect(bold["contrast"]?["background"]?["hex"] == "#0088FF")
        let blue = try latest.checkContrast(
            ContrastMeasurement(foreground: "#FFFFFF", background: "Blue", appearance: .light, textSize: 17))
        #expect(blue["result"] == "below-published")
        #expect(blue["contrast"]?["ratio"] == 3.52)
        #expect(throws: QueryError.self) {
            try latest.checkContrast(ContrastMeasurement(foreground: "#FFFFFF", background: "blue", textSize: 17))
        }
        #expect(throws: QueryError.self) {
            try latest.checkContrast(ContrastMeasurement(foreground: "#FFFFFF", background: "#000000", textSize: 17.5))
        }
        #expect(throws: QueryError.self) {
            try latest.checkContrast(ContrastMeasurement(foreground: "bad", background: "#000000", textSize: 12))
        }
        // In 2023 each platform had its own table: a name needs the platform.
        let old = try Self.store.snapshot(version: "2023")
        #expect(throws: QueryError.self) {
            try old.checkContrast(
                ContrastMeasurement(foreground: "red", background: "#000000", appearance: .dark, textSize: 12))
        }
        let mac = try old.checkContrast(
            ContrastMeasurement(
                foreground: "red", background: "#000000", appearance: .dark, platform: .watchos, textSize: 12))
        #expect(mac["contrast"]?["foreground"]?["color"] == "color.watchos.red")
        let vision = try old.checkContrast(
            ContrastMeasurement(foreground: "red", background: "#000000", platform: .visionos, textSize: 12))
        #expect(vision["contrast"]?["foreground"]?["appearance"] == "value")
    }
}
