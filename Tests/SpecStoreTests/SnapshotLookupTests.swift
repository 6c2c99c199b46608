import JSON
import Testing

@testable import SpecStore

/// What a snapshot works out once and then looks up (which metrics quote a platform statement,
/// each metrics topic's platforms, topics by their match key, an ASCII match key byte by byte)
/// gives what the search it replaced gives, for every version, platform and topic of the real
/// file: a filter form asks these once per choice, so they answer from tables.
@Suite("Snapshot lookups agree with the searches they replace")
struct SnapshotLookupTests {
    /// The notes `platformStatementNotes` gave when it searched every chosen row's citations for
    /// each statement's quote.
    static func searchedStatementNotes(_ snapshot: SpecSnapshot, platform: String, items: [JSONValue]) -> [String] {
        var quoted: Set<String> = []
        return snapshot.statements.filter { statement in
            statement.platform == platform && quoted.insert(statement.quote).inserted
                && items.contains { item in
                    (item["citations"]?.arrayValue ?? []).contains {
                        $0["quote"]?.stringValue?.contains(statement.quote) == true
                    }
                }
        }
        .map(\.quote)
    }

    @Test("the platform statements a metrics answer quotes are those its rows' citations quote")
    func statementNotesMatchTheSearch() throws {
        var quotedSomewhere = 0
        for snapshot in RealDataTests.store.snapshots {
            for platform in Platform.allCases {
                for topic in [nil] + snapshot.acceptedValues(for: .topic) {
                    let filter = MetricFilter(platform: platform, topic: topic)
                    guard let answer = try? snapshot.metrics(matching: filter), !answer.isEmpty else { continue }
                    let expected = Self.searchedStatementNotes(
                        snapshot, platform: platform.rawValue, items: answer.items)
                    let notes = answer.notes.map { $0.text { _ in "" } }
                    #expect(notes.count == expected.count, "\(snapshot.version.id) \(platform) \(topic ?? "-")")
                    for (note, quote) in zip(notes, expected) {
                        #expect(note.contains("'\(quote)'"), "\(snapshot.version.id) \(platform) \(topic ?? "-")")
                    }
                    quotedSomewhere += expected.count
                }
            }
        }
        #expect(quotedSomewhere > 0, "no answer quotes a statement: the comparison checked nothing")
    }

    @Test("an empty metrics answer names the platforms its topic's rows are for")
    func emptyMetricNotesMatchTheScan() {
        let snapshot = RealDataTests.store.latest
        for topic in snapshot.acceptedValues(for: .topic) {
            var platforms: [String] = []
            for entry in snapshot.rows(.metrics) where entry.fields["topic"]?.stringValue == topic {
                for value in entry.fields["platforms"]?.arrayValue ?? [] {
                    if let name = value.stringValue, name != "all", !platforms.contains(name) {
                        platforms.append(name)
                    }
                }
            }
            let note = snapshot.emptyMetricNotes(platform: "tvos", topic: topic).map { $0.text { _ in "" } }
            if platforms.isEmpty {
                #expect(note.first?.contains("No row of Apple's tables") == true, "\(topic)")
            } else {
                #expect(
                    note.first?.hasSuffix("figures are for \(platforms.joined(separator: ", ")).") == true, "\(topic)")
            }
        }
    }

    @Test("a topic resolves by its match key to what the scan of the topics finds")
    func topicLookupMatchesTheScan() throws {
        let snapshot = RealDataTests.store.latest
        let topics = snapshot.acceptedValues(for: .topic)
        #expect(!topics.isEmpty)
        for topic in topics {
            for spelling in [topic, topic.uppercased(), topic.replacingOccurrences(of: "-", with: " "), " \(topic)."] {
                let scanned = try snapshot.resolve(spelling, among: topics, parameter: "topic")
                #expect(try snapshot.topic(spelling) == scanned, "\(spelling)")
            }
        }
        #expect(throws: QueryError.self) { try snapshot.topic("no-such-topic") }
    }

    static let typed: [(SpecCollection, RecordType)] = [
        (.metrics, .metric), (.rules, .rule), (.myths, .myth), (.devices, .device), (.sizeClasses, .sizeClass),
        (.widgets, .widget), (.widgetFamilies, .widgetFamily), (.dynamicType, .dynamicType),
        (.textStyles, .textStyle), (.tracking, .tracking), (.colors, .color), (.complications, .complication),
        (.assetSizes, .assetSize),
    ]

    @Test("q= on rows chosen among a collection's gives what it gives on the same rows as a list")
    func wordsOnChosenRowsMatchTheRowByRowPath() {
        var matchedSomewhere = 0
        for snapshot in [RealDataTests.store.latest, RealDataTests.store.snapshots[0]] {
            for (collection, type) in Self.typed {
                for platform in [nil, "ios", "watchos", "macos"] {
                    let chosen = QueryResult(
                        chosen: snapshot.rowValues(collection, platform: platform, where: [:]), notes: ["kept"])
                    let listed = QueryResult(items: chosen.items, notes: chosen.notes)
                    for words in ["button", "size", "tab bar", "44", "title", "zzzq"] {
                        let fast = snapshot.rows(of: chosen, type: type, matching: words)
                        #expect(
                            fast == snapshot.rows(of: listed, type: type, matching: words),
                            "\(snapshot.version.id) \(collection) \(platform ?? "-") \(words)")
                        matchedSomewhere += fast.count
                    }
                }
            }
        }
        #expect(matchedSomewhere > 0, "no row matched: the comparison checked nothing")
    }

    @Test("an ASCII match key is the key the Unicode path makes")
    func asciiMatchKeyIsTheSame() {
        func reference(_ raw: String) -> String {
            var key = ""
            for character in raw.lowercased() where !" -_.".contains(character) { key.append(character) }
            return key
        }
        var samples = [
            "", "SF Pro", "sf-pro", "Live_Activities", "A.B-C D_E", "ABCXYZ@[`{", "line\r\nbreak", "tab\there",
            "\u{7F}del", "iOS", "Title 1", "...", "x-Large_Title.2",
        ]
        samples += (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for sample in samples {
            #expect(FilterVocabulary.matchKey(sample) == reference(sample), "\(sample.debugDescription)")
        }
    }
}
