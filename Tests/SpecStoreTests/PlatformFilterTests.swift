import Testing

@testable import SpecStore

/// The query a collection without a filter of its own starts with: its rows, narrowed by the
/// platform alone, as the collections' own queries narrow them.
@Suite struct PlatformFilterTests {
    let latest = StoreFixtures.valid.latest

    @Test(arguments: [nil, Platform.ios, .ipados, .visionos, .watchos])
    func aPlatformNarrowsAsARulesPlatformDoes(platform: Platform?) throws {
        let rows = latest.rows(in: .rules, matching: PlatformFilter(platform: platform)).items
        let rules = try latest.rules(matching: RuleFilter(platform: platform)).items
        #expect(rows == rules)
    }

    @Test func noPlatformIsEveryRowInTheFilesOrder() throws {
        for collection in SpecCollection.allCases {
            let ids = latest.rows(in: collection, matching: PlatformFilter()).items.compactMap { $0["id"]?.stringValue }
            #expect(ids == latest.rows(collection).map(\.id), "\(collection)")
        }
        #expect(PlatformFilter.fields.map(\.name) == ["platform"])
    }

    /// A collection's record type is declared with it, and read back by its spelling.
    @Test func everyCollectionHasItsRecordType() {
        for collection in SpecCollection.allCases {
            let type = RecordType(rawValue: collection.recordType)
            #expect(type?.rawValue == collection.recordType, "\(collection)")
            #expect(type?.noun.isEmpty == false)
        }
        #expect(RecordType.allCases.count == SpecCollection.allCases.count)
        #expect(RecordType(rawValue: "colour") == nil)
        #expect(RecordType.sizeClass.pluralNoun == "size classes" && RecordType.rule.pluralNoun == "rules")
    }
}
