import Testing

@testable import SpecStore

@Suite("Dynamic Type, text styles and tracking")
struct TypographyQueryTests {
    let latest = StoreFixtures.valid.latest

    @Test(
        "category and style aliases",
        arguments: [
            (["category": "AX5"], ["type.ios.accessibility5.large-title"]),
            (["category": "ax5"], ["type.ios.accessibility5.large-title"]),
            (["category": "accessibility-5"], ["type.ios.accessibility5.large-title"]),
            (["category": "Accessibility5"], ["type.ios.accessibility5.large-title"]),
            (["category": "xs"], ["type.ios.x-small.large-title"]),
            (["category": "extra-small"], ["type.ios.x-small.large-title"]),
            (["category": "L"], ["type.ios.large.body", "type.ios.large.headline"]),
            (["category": "large", "style": "Body"], ["type.ios.large.body"]),
            (["style": "Large Title", "category": "xSmall"], ["type.ios.x-small.large-title"]),
            (["style": "large-title"], ["type.ios.x-small.large-title", "type.ios.accessibility5.large-title"]),
            (["platform": "iPadOS", "style": "headline"], ["type.ios.large.headline"]),
            (["platform": "watch"], []),
        ] as [([String: String], [String])])
    func dynamicTypeFilters(parameters: [String: String], expected: [String]) throws {
        let result = try latest.dynamicType(matching: DynamicTypeFilter(parameters: parameters))
        #expect(DeviceQueryTests.ids(result) == expected)
    }

    @Test("an unknown style lists the styles present")
    func unknownStyle() throws {
        #expect {
            try latest.dynamicType(matching: DynamicTypeFilter(style: "Title 7"))
        } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.code == .unknownValue && error.parameter == "style"
                && error.accepted == ["largeTitle", "headline", "body"]
        }
    }

    @Test("an unknown category lists all twelve")
    func unknownCategory() {
        #expect {
            try DynamicTypeFilter(parameters: ["category": "AX6"])
        } throws: { error in
            (error as? QueryError)?.accepted == FilterVocabulary.categories
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
            (["platform": "tvOS"], ["type.tvos.title1"]), (["platform": "apple tv"], ["type.tvos.title1"]),
            (["style": "Title 1"], ["type.tvos.title1"]), (["platform": "mac", "style": "body"], ["type.macos.body"]),
        ] as [([String: String], [String])])
    func textStyles(parameters: [String: String], expected: [String]) throws {
        let result = try latest.textStyles(matching: TextStyleFilter(parameters: parameters))
        #expect(DeviceQueryTests.ids(result) == expected)
    }

    @Test(
        "tracking by platform, font and size",
        arguments: [
            (["font": "sf-pro"], 2), (["font": "SF Pro", "size": "17"], 1), (["platform": "visionOS"], 2),
            (["platform": "macos"], 0),
        ] as [([String: String], Int)])
    func tracking(parameters: [String: String], count: Int) throws {
        let result = try latest.tracking(matching: TrackingFilter(parameters: parameters))
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
