import Testing

@testable import SpecStore

@Suite("Dynamic Type, text styles and tracking")
struct TypographyQueryTests {
    let latest = StoreFixtures.valid.latest

    @Test(
        "category and style aliases",
        arguments: [
            (
                DynamicTypeFilter(category: DynamicTypeCategory(matching: "AX5")),
                ["type.ios.accessibility5.large-title"]
            ),
            (
                DynamicTypeFilter(category: DynamicTypeCategory(matching: "ax5")),
                ["type.ios.accessibility5.large-title"]
            ),
            (
                DynamicTypeFilter(category: DynamicTypeCategory(matching: "accessibility-5")),
                ["type.ios.accessibility5.large-title"]
            ),
            (
                DynamicTypeFilter(category: DynamicTypeCategory(matching: "Accessibility5")),
                ["type.ios.accessibility5.large-title"]
            ),
            (DynamicTypeFilter(category: DynamicTypeCategory(matching: "xs")), ["type.ios.x-small.large-title"]),
            (
                DynamicTypeFilter(category: DynamicTypeCategory(matching: "extra-small")),
                ["type.ios.x-small.large-title"]
            ),
            (
                DynamicTypeFilter(category: DynamicTypeCategory(matching: "L")),
                ["type.ios.large.body", "type.ios.large.headline"]
            ),
            (DynamicTypeFilter(category: .large, style: "Body"), ["type.ios.large.body"]),
            (DynamicTypeFilter(category: .xSmall, style: "Large Title"), ["type.ios.x-small.large-title"]),
            (
                DynamicTypeFilter(style: "large-title"),
                ["type.ios.x-small.large-title", "type.ios.accessibility5.large-title"]
            ),
            (DynamicTypeFilter(platform: Platform(matching: "iPadOS"), style: "headline"), ["type.ios.large.headline"]),
            (DynamicTypeFilter(platform: Platform(matching: "watch")), []),
        ] as [(DynamicTypeFilter, [String])])
    func dynamicTypeFilters(filter: DynamicTypeFilter, expected: [String]) throws {
        let result = try latest.dynamicType(matching: filter)
        #expect(DeviceQueryTests.ids(result) == expected)
    }

    @Test("an unknown style lists the styles present")
    func unknownStyle() throws {
        #expect {
            try latest.dynamicType(matching: DynamicTypeFilter(style: "Title 7"))
        } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.code == .unknownValue && error.parameter == "style"
                && error.accepted == ["body", "headline", "largeTitle"]
        }
    }

    @Test("emphasized weight is null before 2025-12-16 and Semibold after, through history")
    func emphasizedWeightHistory() throws {
        let store = StoreFixtures.valid
        let filter = DynamicTypeFilter(category: .large, style: "body")
        let before = try store.snapshot(version: "2025-03-07").dynamicType(matching: filter)
        let after = try store.snapshot(version: "2025-12-16").dynamicType(matching: filter)
        #expect(before.items.first?["emphasizedWeight"] == .null)
        #expect(after.items.first?["emphasizedWeight"] == "Semibold")
        #expect(before.items.first?["size"] == 17)
    }

    @Test("a type row keeps the documented field order")
    func typeRowOrder() throws {
        let row = try #require(latest.record(id: "type.ios.large.body")?.objectValue)
        #expect(
            Array(row.keys) == [
                "id", "platform", "platforms", "category", "categoryLabel", "isDefault", "style", "label", "weight",
                "size",
                "leading", "emphasizedWeight", "status", "unit", "citations", "since",
            ])
    }

    @Test(
        "text styles by platform and style",
        arguments: [
            (TextStyleFilter(platform: Platform(matching: "tvOS")), ["type.tvos.title1"]),
            (TextStyleFilter(platform: Platform(matching: "apple tv")), ["type.tvos.title1"]),
            (TextStyleFilter(style: "Title 1"), ["type.tvos.title1"]),
            (TextStyleFilter(platform: Platform(matching: "mac"), style: "body"), ["type.macos.body"]),
        ] as [(TextStyleFilter, [String])])
    func textStyles(filter: TextStyleFilter, expected: [String]) throws {
        let result = try latest.textStyles(matching: filter)
        #expect(DeviceQueryTests.ids(result) == expected)
    }

    @Test(
        "tracking by platform, font and size",
        arguments: [
            (TrackingFilter(font: "sf-pro"), 2), (TrackingFilter(font: "SF Pro", size: 17), 1),
            (TrackingFilter(platform: Platform(matching: "visionOS")), 2),
            (TrackingFilter(platform: .macos), 0),
        ] as [(TrackingFilter, Int)])
    func tracking(filter: TrackingFilter, count: Int) throws {
        let result = try latest.tracking(matching: filter)
        #expect(result.count == count)
    }

    @Test("tracking keeps negative decimals as written")
    func trackingLiterals() throws {
        let row = try #require(latest.record(id: "tracking.ios.sf-pro.17"))
        #expect(row["trackingPt"]?.serialized() == "-0.43")
        #expect(row["asPublished"]?["trackingEm"] == "-26")
    }

    @Test("an unknown font lists the fonts present")
    func unknownFont() {
        #expect {
            try latest.tracking(matching: TrackingFilter(font: "Helvetica"))
        } throws: { error in
            (error as? QueryError)?.accepted == ["SF Pro"]
        }
    }
}
