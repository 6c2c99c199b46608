import Foundation
import JSON
import Testing

@testable import SpecStore

/// Published needs Apple's words: every published figure of every version quotes Apple or cites
/// a table under Apple's heading, every quote is found verbatim in the sources kept in
/// `Fixtures`, and a convention's `basis.searched` names only pages the sources say were searched.
@Suite("Published figures in Apple's words")
struct PublishedWordsTests {
    static let fixtures = "\(StoreFixtures.repositoryRoot)/Tests/SpecStoreTests/Fixtures"

    /// The seed documents' text.
    static let seeds: [String] = {
        let directory = "\(fixtures)/seeds"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted().compactMap {
            try? String(contentsOfFile: "\(directory)/\($0)", encoding: .utf8)
        }
    }()

    /// Every text the reference transcriptions kept in `Fixtures/reference` hold: Apple's
    /// sentences (`apple_text`), cells and the notes quoting Apple.
    static let referenceTexts: [String] = {
        let directory = "\(fixtures)/reference"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var texts: [String] = []
        func collect(_ value: Any) {
            if let text = value as? String {
                texts.append(text)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            } else if let object = value as? [String: Any] {
                object.values.forEach(collect)
            }
        }
        for name in names.sorted() where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: "\(directory)/\(name)"),
                let object = try? JSONSerialization.jsonObject(with: data)
            else { continue }
            collect(object)
        }
        return texts
    }()

    /// Whether a quote is Apple's words as the sources keep them: verbatim in a seed, or in an
    /// Apple sentence the reference transcription gives.
    static func isVerbatim(_ quote: String) -> Bool {
        seeds.contains { $0.contains(quote) } || referenceTexts.contains { $0.contains(quote) }
    }

    @Test("every published figure of every version gives Apple's words, found verbatim in the sources")
    func publishedNeedsApplesWords() throws {
        #expect(Self.seeds.count == 4 && Self.referenceTexts.count > 1000)
        var checked = 0
        for version in RealDataTests.store.versions {
            let snapshot = try RealDataTests.store.snapshot(version: version.id)
            for entry in snapshot.rows(.metrics) where entry.fields["status"] == "published" {
                let citations = entry.fields["citations"]?.arrayValue ?? []
                let quotes = citations.compactMap { $0["quote"]?.stringValue }.filter { !$0.isEmpty }
                let table = citations.contains { !($0["section"]?.stringValue ?? "").isEmpty }
                #expect(!quotes.isEmpty || table, "\(version.id) \(entry.id): published without Apple's words")
                for quote in quotes {
                    #expect(Self.isVerbatim(quote), "\(entry.id): '\(quote)' is not verbatim in the sources")
                }
                checked += 1
            }
        }
        #expect(checked > 1000)
        // The issue's example: the guide's own words are not served as Apple's.
        #expect(
            RealDataTests.store.latest.record(id: "metric.app-icons.all.maximum-layer-groups")?["status"]
                == "convention")
    }

    /// Every quote a record gives as Apple's words, with the record's id: each citation's
    /// `quote` and a record's own `quote` (a rule's), in every version of `store`, each
    /// (id, quote) once.
    static func quotes(in store: SpecStore, _ collection: SpecCollection) throws -> [(id: String, quote: String)] {
        var seen = Set<String>()
        var found: [(id: String, quote: String)] = []
        for version in store.versions {
            for entry in try store.snapshot(version: version.id).rows(collection) {
                let citations = entry.fields["citations"]?.arrayValue ?? []
                let quotes = citations.compactMap { $0["quote"]?.stringValue } + [entry.fields["quote"]?.stringValue]
                for case let quote? in quotes where seen.insert(entry.id + "\u{0}" + quote).inserted {
                    found.append((entry.id, quote))
                }
            }
        }
        return found
    }

    // The declared collections, not a hand list: a new collection's quotes are checked as soon as
    // it is declared, and `anInventedQuoteIsCaughtInEveryCollection` shows the walk reaches it.
    @Test(
        "every quote of every record, in every declared collection and version, is verbatim in the sources",
        arguments: SpecCollection.allCases)
    func everyQuoteIsVerbatim(_ collection: SpecCollection) throws {
        for (id, quote) in try Self.quotes(in: RealDataTests.store, collection) {
            #expect(Self.isVerbatim(quote), "\(id): '\(quote)' is not verbatim in the sources")
        }
    }

    @Test("the quotes walked in the data file are as many as it holds")
    func theWalkFindsEveryQuote() throws {
        let counts = try SpecCollection.allCases.map { try Self.quotes(in: RealDataTests.store, $0).count }
        // Metrics, rules and complications hold most; widget families and colors a few.
        #expect(counts.reduce(0, +) > 450 && counts.filter { $0 > 0 }.count >= 6, "\(counts)")
    }

    @Test("an invented quote is caught in every declared collection")
    func anInventedQuoteIsCaughtInEveryCollection() throws {
        let path = "\(StoreFixtures.repositoryRoot)/Data/specs.json"
        guard
            case .object(var root) = try JSONValue.parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
        else { throw WalkProblem.notAnObject }
        // The first record of each collection cites a real page with words Apple never wrote.
        for collection in SpecCollection.allCases {
            guard case .array(var records)? = root[collection.key], case .object(var first)? = records.first else {
                Issue.record("\(collection.key) has no record to change")
                continue
            }
            let citation = #"{"source": "app-icons", "quote": "\#(Self.invented(collection))"}"#
            first["citations"] = .array([try JSONValue.parse(Array(citation.utf8))])
            records[0] = .object(first)
            root[collection.key] = .array(records)
        }
        let store = try SpecStore.load(bytes: JSONValue.object(root).serializedBytes(), sourceName: "invented")
        for collection in SpecCollection.allCases {
            let quotes = try Self.quotes(in: store, collection)
            let invented = quotes.filter { $0.quote == Self.invented(collection) }
            #expect(invented.count == 1, "\(collection.key): the invented quote is not walked")
            #expect(invented.allSatisfy { !Self.isVerbatim($0.quote) })
        }
    }

    /// A sentence no source holds, naming its collection.
    static func invented(_ collection: SpecCollection) -> String {
        "Apple never wrote this sentence about \(collection.key)."
    }

    enum WalkProblem: Error { case notAnObject }

    @Test("a convention's basis.searched names only pages the sources say were searched")
    func searchedIsWhatTheSourcesSearched() throws {
        // The one list of pages searched the seeds give: "Searched: HIG › Layout, Tab bars, …".
        let line = try #require(
            Self.seeds.lazy.flatMap { $0.split(separator: "\n") }.first { $0.hasPrefix("Searched: ") })
        let list = line.dropFirst("Searched: ".count).split(separator: "(").first ?? ""
        let pages = list.replacingOccurrences(of: " and ", with: ", ").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "HIG › ", with: "")
        }
        #expect(pages.count == 10, "\(pages)")
        var allowed = Set(pages.map { "HIG › \($0)" })
        // The same paragraph names the API references and the WWDC transcripts it searched.
        allowed.formUnion(["SwiftUI and UIKit reference pages", "WWDC session transcripts"])
        var conventions = 0
        for version in RealDataTests.store.versions {
            let snapshot = try RealDataTests.store.snapshot(version: version.id)
            for entry in snapshot.rows(.metrics) where entry.fields["status"] == "convention" {
                let searched = (entry.fields["basis"]?["searched"]?.arrayValue ?? []).compactMap(\.stringValue)
                for page in searched where !allowed.contains(page) {
                    Issue.record("\(version.id) \(entry.id): the sources never say \(page) was searched")
                }
                conventions += 1
            }
        }
        #expect(conventions > 100)
    }
}
