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
                for platform in [nil, "ios", "macos", "visionos"] {
                    // The rows holding each value, read from each row's JSON in one pass (one
                    // filter of every row per value was 213 s of a serial debug run: the quote and
                    // note fields hold a value per row).
                    var holding: [String: [Int]] = [:]
                    for index in all.indices where SpecSnapshot.matches(platform: platform, all[index].row) {
                        if let text = all[index].row[field]?.stringValue { holding[text, default: []].append(index) }
                    }
                    for text in texts.sorted() + ["no such value"] {
                        let chosen = snapshot.rowValues(collection, platform: platform, where: [field: text])
                        let positions = chosen.positions.map { $0.map(Int.init) } ?? Array(all.indices)
                        #expect(
                            positions == holding[text, default: []],
                            "\(collection) \(field)=\(text) on \(platform ?? "any")")
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
