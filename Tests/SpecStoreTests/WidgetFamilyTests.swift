import Foundation
import Testing

@testable import SpecStore

/// `/v1/widget-families` through the store: which widget families and rendering modes each platform
/// has, as the sources give Apple's Widgets page, and what an empty answer says.
@Suite("Widget families and rendering modes")
struct WidgetFamilyTests {
    let latest = RealDataTests.store.latest

    func ids(_ filter: WidgetFamilyFilter, version: String? = nil) throws -> [String] {
        let snapshot = try version.map { try RealDataTests.store.snapshot(version: $0) } ?? latest
        return try snapshot.widgetFamilies(matching: filter).items.compactMap {
            $0["id"]?.stringValue
        }
    }

    @Test(
        "filters answer the records the sources state",
        arguments: [
            (WidgetFamilyFilter(platform: .ios, family: .systemSmall), ["widget-family.ios.system-small"]),
            (
                WidgetFamilyFilter(
                    platform: Platform(matching: "iphoneos"), family: WidgetFamily(matching: "extra-large")),
                ["widget-family.ios.system-extra-large"]
            ),
            (WidgetFamilyFilter(family: .accessoryCorner), ["widget-family.watchos.accessory-corner"]),
            (
                WidgetFamilyFilter(platform: .carplay),
                ["widget-family.carplay.system-small", "widget-rendering.carplay.full-color"]
            ),
            (
                WidgetFamilyFilter(family: .systemExtraLarge),
                [
                    "widget-family.ios.system-extra-large", "widget-family.ipados.system-extra-large",
                    "widget-family.macos.system-extra-large", "widget-family.visionos.system-extra-large",
                ]
            ),
            (
                WidgetFamilyFilter(platform: Platform(matching: "mac"), mode: .accented),
                ["widget-rendering.macos.accented"]
            ),
            (
                WidgetFamilyFilter(mode: .vibrant),
                [
                    "widget-rendering.ios.vibrant", "widget-rendering.ipados.vibrant",
                    "widget-rendering.macos.vibrant", "widget-rendering.watchos.vibrant",
                ]
            ),
            (WidgetFamilyFilter(platform: .tvos), []),
            (WidgetFamilyFilter(platform: .visionos, mode: .fullColor), []),
        ] as [(WidgetFamilyFilter, [String])])
    func filters(filter: WidgetFamilyFilter, expected: [String]) throws {
        #expect(try ids(filter) == expected)
    }

    @Test("Apple's \"Not supported\" cells are records with supported false, quoting the cell")
    func notSupported() throws {
        for id in ["widget-family.ios.system-extra-large", "widget-rendering.macos.accented"] {
            let row = try #require(latest.record(id: id))
            #expect(row["supported"] == .bool(false), "\(id)")
            #expect(row["citations"]?.arrayValue?.first?["quote"] == "Not supported", "\(id)")
        }
        let watch = try #require(latest.record(id: "widget-rendering.watchos.vibrant"))
        #expect(watch["supported"] == .bool(false))
        let small = try #require(latest.record(id: "widget-family.ios.system-small"))
        #expect(small["supported"] == .bool(true))
        #expect(small["contexts"] == ["Home Screen", "StandBy"])
        #expect(small["unit"] == nil, "availability carries no figure, so no unit")
        #expect(small["status"] == "published")
        #expect(small["citations"]?.arrayValue?.first?["section"] == "System family widgets")
    }

    @Test("StandBy and CarPlay: small is the only family there, and full-color the CarPlay mode")
    func standByAndCarPlay() throws {
        let families = try latest.widgetFamilies(matching: WidgetFamilyFilter()).items
        let inStandBy = families.filter { $0["contexts"]?.arrayValue?.contains("StandBy") == true }
        #expect(
            inStandBy.compactMap { $0["id"]?.stringValue } == [
                "widget-family.ios.system-small", "widget-rendering.ios.full-color",
            ])
        let carPlay = families.filter {
            $0["platform"] == "carplay" || $0["contexts"]?.arrayValue?.contains("CarPlay") == true
        }
        #expect(carPlay.map { $0["family"] } == ["systemSmall", .null])
        #expect(carPlay.map { $0["renderingMode"] } == [nil, "fullColor"])
    }

    @Test("the sources' own sentences back the records")
    func seedsSayIt() throws {
        let seed = try String(
            contentsOfFile:
                "\(StoreFixtures.repositoryRoot)/Tests/SpecStoreTests/Fixtures/seeds/000_146598ebd9e54a6b.txt",
            encoding: .utf8)
        for sentence in [
            "small, medium and large are supported on iPhone, iPad, Mac and Apple Vision Pro",
            "System extra large is \"Not supported\" on iPhone — it is iPad, Mac and Vision Pro",
            "Small is the only family that reaches StandBy and CarPlay",
            "Accessory circular, inline and rectangular are iPhone and iPad Lock Screen plus Apple Watch; accessory corner is Apple Watch only",
            "iPhone gets full-color (Home Screen, Today view, StandBy, CarPlay), accented (Home Screen, Today view) and vibrant (Lock Screen, and StandBy in low light)",
            "Mac gets full-color and vibrant, with accented \"Not supported\"; Apple Watch has no vibrant mode",
        ] {
            #expect(seed.contains(sentence), "\(sentence)")
        }
    }

    @Test("dated by evidence: seen in the 2026 sources, visionOS and CarPlay not before Apple added them")
    func dating() throws {
        let small = try #require(latest.record(id: "widget-family.ios.system-small"))
        #expect(small["since"] == "2023")
        #expect(small["seen"] == "2026-03")
        let early = try ids(
            WidgetFamilyFilter(platform: .ios, family: WidgetFamily(matching: "small")), version: "2023")
        #expect(early == ["widget-family.ios.system-small"], "never dropped only because the first copy is later")
        let pinned = try RealDataTests.store.snapshot(version: "2023")
        #expect(pinned.record(id: "widget-family.ios.system-small")?["presence"] == "uncertain")
        #expect(try ids(WidgetFamilyFilter(platform: .visionos), version: "2025-09-09").isEmpty)
        #expect(try ids(WidgetFamilyFilter(platform: .carplay), version: "2025-09-09").isEmpty)
        #expect(try ids(WidgetFamilyFilter(platform: .visionos), version: "2025-12-16").count == 4)
    }

    @Test(
        "an empty answer says why",
        arguments: [
            (WidgetFamilyFilter(platform: .tvos), "say nothing of widget families or rendering modes on tvos"),
            (
                WidgetFamilyFilter(platform: .watchos, mode: .fullColor),
                "They say nothing of full-color or accented on watchOS."
            ),
            (WidgetFamilyFilter(platform: .watchos, mode: .accented), "vibrant (not supported)"),
            (WidgetFamilyFilter(platform: .visionos, mode: .vibrant), "they name no rendering mode for it at all"),
            (
                WidgetFamilyFilter(platform: .visionos, family: .systemExtraLargePortrait),
                "Apple's visionos widget dimension table has systemExtraLargePortrait rows"
            ),
            (
                WidgetFamilyFilter(platform: .macos, family: .accessoryCircular),
                "does not list accessoryCircular on macos"
            ),
            (
                WidgetFamilyFilter(platform: .ios, family: .systemExtraLarge, mode: .vibrant),
                "give family or mode, not both"
            ),
            (
                WidgetFamilyFilter(family: .systemExtraLargePortrait),
                "The sources list no platform for systemExtraLargePortrait"
            ),
        ] as [(WidgetFamilyFilter, String)])
    func emptyAnswers(filter: WidgetFamilyFilter, says: String) throws {
        let result = try latest.widgetFamilies(matching: filter)
        #expect(result.items.isEmpty)
        #expect(result.notes.count == 1)
        #expect(result.notes.first?.words.contains(says) == true, "\(result.notes)")
    }

    @Test("search finds widget families by type")
    func search() throws {
        let result = try latest.search(SearchQuery(q: "accessoryCorner", type: RecordType(matching: "widget-family")))
        #expect(result.items.first?["id"] == "widget-family.watchos.accessory-corner")
    }
}

/// The widgets' Dynamic Type range as a checkable figure: a range of categories, judged with
/// `category`.
@Suite("The widgets' Dynamic Type range")
struct WidgetDynamicTypeRangeTests {
    let latest = RealDataTests.store.latest
    static let figure = "metric.widgets.ios.dynamic-type-range"

    @Test("the figure is Apple's range, with its citation and force quoted from it")
    func figure() throws {
        let row = try #require(latest.record(id: Self.figure))
        #expect(row["minCategory"] == "large")
        #expect(row["maxCategory"] == "accessibility5")
        #expect(row["bound"] == "range")
        #expect(row["unit"] == "category")
        #expect(row["status"] == "published")
        let quote = try #require(row["citations"]?.arrayValue?.first?["quote"]?.stringValue)
        #expect(quote == "In iOS, iPadOS, and visionOS, widgets support Dynamic Type sizes from Large to AX5")
        let force = try #require(row["force"]?.stringValue)
        #expect(quote.contains(force))
    }

    @Test(
        "a category is judged by the categories' order",
        arguments: [
            ("xSmall", "below-published"), ("medium", "below-published"), ("large", "ok"), ("xxxLarge", "ok"),
            ("AX5", "ok"),
        ])
    func judged(category: String, result: String) throws {
        let row = try latest.check(
            Measurement(figure: Self.figure, category: DynamicTypeCategory(matching: category)))
        #expect(row["result"]?.stringValue == result)
        #expect(row["force"] == "widgets support Dynamic Type sizes from Large to AX5")
        if result != "ok" {
            #expect(
                row["message"]?.stringValue?.contains("widgets support Dynamic Type sizes from Large to AX5") == true)
        }
    }

    @Test("a number for the range, or a category for a numeric figure, is refused naming the parameter")
    func wrongShapes() {
        for (measurement, parameter) in [
            (Measurement(figure: Self.figure, value: 17), "value"),
            (Measurement(figure: Self.figure), "category"),
            (Measurement(figure: "metric.widgets.all.animation-duration", category: .large), "category"),
        ] {
            #expect {
                try latest.check(measurement)
            } throws: { error in
                (error as? QueryError)?.parameter == parameter
            }
        }
    }
}
