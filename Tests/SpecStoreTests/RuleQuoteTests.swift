import Foundation
import Testing

/// Apple's rules in `Data/specs.json` are Apple's words, and every record keeps the store's promises
/// about its sources.
///
/// These tests read the data file and the seed documents in `Fixtures/seeds` with Foundation alone,
/// so they judge the file itself, not what a loader makes of it. Quotes are compared as bytes: no
/// case folding, no Unicode or whitespace normalisation on either side, because the seeds have
/// already normalised typographic quote marks and a quote must be exactly the seed's text.
@Suite("Rule quotes and their sources")
struct RuleQuoteTests {
    @Test("The data file and the four seed documents are present")
    func sourcesArePresent() {
        let file = DataFile.current
        if let problem = file.problem {
            Issue.record(Comment(rawValue: problem))
        }
        #expect(!file.rules.isEmpty, "Data/specs.json has no rules")
        #expect(!file.myths.isEmpty, "Data/specs.json has no myths")
        let hasConventions = file.figures.contains { $0.status == "convention" }
        #expect(hasConventions, "Data/specs.json has no convention figures")
        #expect(SeedText.current.names.count == 4, "found seed fixtures: \(SeedText.current.names)")
    }

    @Test("An Apple rule's quote is found verbatim in a seed document", arguments: DataFile.current.appleRules)
    func appleQuoteIsVerbatim(rule: Rule) {
        let found = SeedText.current.contains(rule.quote)
        #expect(found, "\(rule.id): quote not found in any seed: \(rule.quote.prefix(80))")
    }

    @Test("A reading keeps the store's words in reading, never in quote", arguments: DataFile.current.readingRules)
    func readingHasNoQuote(rule: Rule) {
        #expect(rule.reading != nil, "\(rule.id): a reading's text belongs in reading")
        #expect(rule.kind == "description", "\(rule.id): a reading asks nothing on Apple's behalf")
    }

    @Test("A reading quotes a seed document's own statement", arguments: DataFile.current.readingRules)
    func readingQuoteIsFromASeed(rule: Rule) {
        let found = SeedText.current.contains(rule.quote)
        #expect(found, "\(rule.id): quote not found in any seed: \(rule.quote.prefix(80))")
        #expect(!rule.notes.isEmpty, "\(rule.id): a reading must say whose reading it is")
    }

    @Test("A rule cites at least one Apple page", arguments: DataFile.current.rules)
    func ruleCitesApple(rule: Rule) {
        #expect(!rule.citations.isEmpty, "\(rule.id) has no citation")
        for citation in rule.citations {
            #expect(citation.url.hasPrefix("https://developer.apple.com/"), "\(rule.id): \(citation.url)")
            #expect(!citation.page.isEmpty, "\(rule.id): a citation without a page")
            if let quote = citation.quote {
                let found = SeedText.current.contains(quote)
                #expect(found, "\(rule.id): citation quote not in any seed: \(quote.prefix(80))")
            }
        }
    }

    @Test("A rule's related ids exist", arguments: DataFile.current.rules.filter { !$0.related.isEmpty })
    func ruleRelatedIdsExist(rule: Rule) {
        for id in rule.related {
            let exists = DataFile.current.ids.contains(id)
            #expect(exists, "\(rule.id): related id \(id) does not exist")
        }
    }

    @Test("A convention figure says which pages were searched", arguments: DataFile.current.conventions)
    func conventionHasBasis(figure: Figure) {
        #expect(figure.status == "convention", "\(figure.id) has status \(figure.status ?? "none")")
        #expect(figure.status != "published", "\(figure.id) is a convention recorded as published")
        #expect(!figure.basisReason.isEmpty, "\(figure.id): basis without a reason")
        // An empty list is honest only when the reason says the sources name no page searched.
        #expect(
            !figure.searched.isEmpty || figure.basisReason.contains("name no Apple page searched"),
            "\(figure.id): basis.searched is empty")
        #expect(!figure.searched.contains(""), "\(figure.id): basis.searched names an empty page")
    }

    @Test("A myth's related ids exist and its citations are Apple's", arguments: DataFile.current.myths)
    func mythIsAnchored(myth: Myth) {
        #expect(!myth.related.isEmpty, "\(myth.id) relates to nothing")
        for id in myth.related {
            let exists = DataFile.current.ids.contains(id)
            #expect(exists, "\(myth.id): related id \(id) does not exist")
        }
        #expect(!myth.citations.isEmpty, "\(myth.id) has no citation")
        for citation in myth.citations {
            #expect(citation.url.hasPrefix("https://developer.apple.com/"), "\(myth.id): \(citation.url)")
            if let quote = citation.quote {
                let found = SeedText.current.contains(quote)
                #expect(found, "\(myth.id): citation quote not in any seed: \(quote.prefix(80))")
            }
        }
    }

    @Test("The comparison is exact: an altered quote is not found")
    func alteredQuoteIsRejected() throws {
        let rule = try #require(DataFile.current.appleRules.first { $0.quote.contains("'") })
        let seeds = SeedText.current
        let original = seeds.contains(rule.quote)
        #expect(original, "\(rule.id) is not found as it stands")
        // A typographic apostrophe is the edit a careless copy makes; the seeds have straight ones.
        let curled = seeds.contains(rule.quote.replacingOccurrences(of: "'", with: "\u{2019}"))
        #expect(!curled, "\(rule.id) is still found with a curled apostrophe")
        let extended = seeds.contains(rule.quote + " and more")
        #expect(!extended, "\(rule.id) is still found with words added")
    }
}

/// The repository root: this file is `Tests/SpecStoreTests/RuleQuoteTests.swift`.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

extension RuleQuoteTests {
    /// A citation as the data file records it.
    struct Citation: Sendable {
        var page: String
        var url: String
        var quote: String?

        init(_ object: [String: Any]) {
            page = object["page"] as? String ?? ""
            url = object["url"] as? String ?? ""
            quote = object["quote"] as? String
        }
    }

    /// A record of the `rules` collection.
    struct Rule: Sendable, CustomTestStringConvertible {
        var id: String
        var status: String
        var kind: String
        var quote: String
        var reading: String?
        var notes: String
        var citations: [Citation]
        var related: [String]

        var testDescription: String { id }

        init(_ object: [String: Any]) {
            id = object["id"] as? String ?? "(no id)"
            status = object["status"] as? String ?? "published"
            kind = object["kind"] as? String ?? ""
            quote = object["quote"] as? String ?? object["reading"] as? String ?? ""
            reading = object["reading"] as? String
            notes = object["notes"] as? String ?? ""
            related = object["related"] as? [String] ?? []
            citations = (object["citations"] as? [[String: Any]] ?? []).map(Citation.init)
        }
    }

    /// A record of the `myths` collection.
    struct Myth: Sendable, CustomTestStringConvertible {
        var id: String
        var related: [String]
        var citations: [Citation]

        var testDescription: String { id }

        init(_ object: [String: Any]) {
            id = object["id"] as? String ?? "(no id)"
            related = object["related"] as? [String] ?? []
            citations = (object["citations"] as? [[String: Any]] ?? []).map(Citation.init)
        }
    }

    /// A record that carries figures, from any collection: what the convention checks need of it.
    struct Figure: Sendable, CustomTestStringConvertible {
        var id: String
        var status: String?
        var hasBasis: Bool
        var basisReason: String
        var searched: [String]

        var testDescription: String { id }

        /// A convention by any sign: its status, an id in the convention namespace, or a basis.
        var looksLikeConvention: Bool {
            status == "convention" || id.contains(".convention.") || hasBasis
        }

        init(_ object: [String: Any]) {
            id = object["id"] as? String ?? "(no id)"
            status = object["status"] as? String
            let basis = object["basis"] as? [String: Any]
            hasBasis = basis != nil
            basisReason = basis?["reason"] as? String ?? ""
            searched = basis?["searched"] as? [String] ?? []
        }
    }

    /// `Data/specs.json`, read once.
    struct DataFile: Sendable {
        var rules: [Rule] = []
        var myths: [Myth] = []
        var figures: [Figure] = []
        var ids: Set<String> = []
        /// Why the file could not be read, if it could not.
        var problem: String?

        var appleRules: [Rule] { rules.filter { $0.status == "published" } }
        var readingRules: [Rule] { rules.filter { $0.status == "reading" } }
        var conventions: [Figure] { figures.filter(\.looksLikeConvention) }

        static let current = DataFile(contentsOf: repositoryRoot.appendingPathComponent("Data/specs.json"))

        init(contentsOf url: URL) {
            let root: [String: Any]
            do {
                let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
                guard let dictionary = object as? [String: Any] else {
                    problem = "\(url.path): the top level is not an object"
                    return
                }
                root = ReferenceFiles.expandingVersion2(dictionary)
            } catch {
                problem = "\(url.path): \(error)"
                return
            }
            // Store versions have ids too, but no record relates to a version.
            for (collection, value) in root where collection != "versions" {
                guard let records = value as? [[String: Any]] else { continue }
                for record in records {
                    if let id = record["id"] as? String { ids.insert(id) }
                    switch collection {
                    case "rules": rules.append(Rule(record))
                    case "myths": myths.append(Myth(record))
                    default:
                        if record["status"] != nil || record["basis"] != nil { figures.append(Figure(record)) }
                    }
                }
            }
            rules.sort { $0.id < $1.id }
            myths.sort { $0.id < $1.id }
            figures.sort { $0.id < $1.id }
        }
    }

    /// The seed documents in `Fixtures/seeds`, as bytes.
    struct SeedText: Sendable {
        var names: [String] = []
        var contents: [[UInt8]] = []

        static let current = SeedText(
            directory: repositoryRoot.appendingPathComponent("Tests/SpecStoreTests/Fixtures/seeds")
        )

        init(directory: URL) {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in files.sorted() where name.hasSuffix(".txt") {
                guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
                else { continue }
                names.append(name)
                contents.append([UInt8](data))
            }
        }

        /// Whether `text`, as UTF-8 bytes, occurs in one of the documents.
        func contains(_ text: String) -> Bool {
            let needle = Array(text.utf8)
            guard !needle.isEmpty else { return false }
            return contents.contains { $0.firstRange(of: needle) != nil }
        }
    }
}
