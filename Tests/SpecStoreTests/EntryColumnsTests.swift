import Testing

@testable import SpecStore

/// A filter answered from the columns (a value's list, or a scan of codes) chooses exactly the
/// rows a reading of each row's JSON chooses.
@Suite struct EntryColumnsTests {
    /// Every string field's every value, alone and with each platform, in every collection of
    /// every version.
    @Test(arguments: SpecCollection.allCases)
    func everyValueChoosesWhatTheRowsHold(_ collection: SpecCollection) {
        for snapshot in RealDataTests.store.snapshots {
            let all = snapshot.rows(collection)
            var values: [String: Set<String>] = [:]
            for entry in all {
                guard case .object(let object) = entry.row else { continue }
                for (key, value) in object { if let text = value.stringValue { values[key, default: []].insert(text) } }
            }
            for (field, texts) in values {
                for text in texts.sorted() + ["no such value"] {
                    for platform in [nil, "ios", "macos", "visionos"] {
                        let expected = all.indices.filter {
                            all[$0].row[field]?.stringValue == text
                                && SpecSnapshot.matches(platform: platform, all[$0].row)
                        }
                        let chosen = snapshot.rowValues(collection, platform: platform, where: [field: text])
                        let positions = chosen.positions.map { $0.map(Int.init) } ?? Array(all.indices)
                        #expect(positions == expected, "\(collection) \(field)=\(text) on \(platform ?? "any")")
                    }
                }
            }
        }
    }

    /// Two fields at once: the rows holding both values.
    @Test func twoFieldsChooseTheRowsHoldingBoth() {
        let snapshot = RealDataTests.store.latest
        let all = snapshot.rows(.tracking)
        for font in ["SF Pro", "SF Compact", "New York"] {
            for platform in ["ios", "watchos"] {
                let expected = all.indices.filter {
                    all[$0].row["font"]?.stringValue == font && all[$0].row["platform"]?.stringValue == platform
                }
                let chosen = snapshot.rowValues(.tracking, platform: nil, where: ["font": font, "platform": platform])
                #expect(chosen.positions.map { $0.map(Int.init) } == expected, "\(font) on \(platform)")
            }
        }
    }
}
