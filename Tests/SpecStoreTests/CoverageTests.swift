import Foundation
import Testing

@testable import SpecStore

/// The coverage list (`coverage` in Data/specs.json, `/v1/coverage`): every page the store cites
/// is in it, each row counts what a version holds, and Docs/coverage.md is its table.
@Suite("What the store covers")
struct CoverageTests {
    static var store: SpecStore { RealDataTests.store }

    @Test("every HIG page a record of any version cites is in the coverage list")
    func everyCitedPageIsListed() throws {
        let listed = Set(Self.store.coverage.map(\.url))
        #expect(listed.count > 50)
        var cited: Set<String> = []
        for version in Self.store.versions {
            let snapshot = try Self.store.snapshot(version: version.id)
            for collection in SpecCollection.allCases {
                for entry in snapshot.rows(collection) {
                    for citation in entry.fields["citations"]?.arrayValue ?? [] {
                        guard let url = citation["url"]?.stringValue,
                            url.hasPrefix("https://developer.apple.com/design/human-interface-guidelines/")
                        else { continue }
                        cited.insert(StoreLoader.page(of: url))
                    }
                }
            }
        }
        #expect(cited.count > 40)
        #expect(cited.subtracting(listed).isEmpty, "not in coverage: \(cited.subtracting(listed).sorted())")
    }

    @Test("a row counts the records citing its page, and says held, not held or none published")
    func rows() throws {
        let rows = Self.store.coverageRows(of: Self.store.latest).items
        #expect(rows.count == Self.store.coverage.count)
        for row in rows {
            let counts = row["counts"]?.objectValue.map { Array($0.values) } ?? []
            let total = counts.compactMap { $0.doubleValue }.reduce(0, +)
            #expect(row["records"]?.doubleValue == total, "\(row["page"] ?? .null)")
            let status = row["status"]?.stringValue
            if row["publishes"] == "none" {
                #expect(status == "none-published", "\(row["page"] ?? .null)")
            } else {
                #expect((status == "held") == (total > 0), "\(row["page"] ?? .null)")
            }
        }
        let wallet = try #require(Self.store.coverage(of: "wallet", in: Self.store.latest))
        #expect(wallet["status"] == "held" && wallet["publishes"] == "tables and prose")
        #expect((wallet["counts"]?["metrics"]?.doubleValue ?? 0) >= 6)
        #expect(Self.store.coverage(of: "popovers", in: Self.store.latest)?["status"] == "none-published")
        // The Activity ring colors are held, and only from the version after Apple's change log dates them.
        let rings = try #require(Self.store.coverage(of: "activity-rings", in: Self.store.latest))
        #expect(rings["status"] == "held" && rings["counts"]?["colors"] == 3)
        let before = try Self.store.snapshot(version: "2024-02-02")
        #expect(Self.store.coverage(of: "activity-rings", in: before)?["status"] == "not-held")
        #expect(Self.store.coverage(of: "HIG › Wallet", in: Self.store.latest)?["page"] == "HIG › Wallet")
        #expect(Self.store.coverage(of: "no-such-page", in: Self.store.latest) == nil)
        // Names are found whatever their case: the URL's last component, the title, or the title
        // without its `HIG › `, each the row of the same page.
        for name in ["WALLET", "hig › wallet", "Wallet", "design/human-interface-guidelines/wallet"] {
            #expect(Self.store.coverage(of: name, in: Self.store.latest)?["page"] == "HIG › Wallet", "\(name)")
        }
        #expect(Self.store.coverage(of: "allet", in: Self.store.latest) == nil, "a part of a component is not a page")
        // The Liquid Glass figure opens in 2025-06-09: the Materials page holds nothing before.
        let early = try Self.store.snapshot(version: "2025-03-07")
        #expect(Self.store.coverage(of: "materials", in: early)?["status"] == "not-held")
        #expect(Self.store.coverage(of: "materials", in: Self.store.latest)?["status"] == "held")
    }

    @Test("a page that publishes none says what that rests on, in the row a client reads")
    func noneRestsOnABasis() throws {
        let rows = Self.store.coverageRows(of: Self.store.latest).items
        let none = rows.filter { $0["publishes"] == "none" }
        #expect(none.count == 2)
        for row in none {
            let basis = try #require(row["basis"]?.stringValue, "\(row["page"] ?? .null)")
            // Each rests on the sources searched and on the reference list of prose figures.
            #expect(basis.contains("among the pages it searched"), "\(basis)")
            #expect(basis.contains("the reference list of figures Apple states in prose"), "\(basis)")
        }
        let popovers = try #require(Self.store.coverage(of: "popovers", in: Self.store.latest)?["basis"]?.stringValue)
        #expect(popovers.contains("'carries no pt figure at all'"))
        // The seeds say it in those words, and list both pages among those searched.
        let seeds = PublishedWordsTests.seeds.joined(separator: "\n")
        #expect(seeds.contains("HIG › Popovers carries no pt figure at all"))
        #expect(seeds.contains("Searched: HIG › Layout, Tab bars, Toolbars, Sheets, Popovers, Alerts, Search fields"))
        // The one number on the Search fields page is a description the store holds as a rule.
        let search = try #require(
            Self.store.coverage(of: "search-fields", in: Self.store.latest)?["basis"]?.stringValue)
        #expect(search.contains("rule.search.three-entry-points"))
        #expect(Self.store.latest.record(id: "rule.search.three-entry-points")?["kind"] == "description")
        // The reference's prose figures name neither page.
        let prose = try ReferenceFiles.rows("prose-figures.json").compactMap { $0.string("page") }
        #expect(prose.count == 107)
        #expect(!prose.contains { $0.contains("/popovers") || $0.contains("/search-fields") })
        #expect(rows.filter { $0["publishes"] != "none" }.allSatisfy { $0["basis"] == .null })
    }

    /// What each entry that says Apple publishes none rests on, as Docs/coverage.md lists it.
    static func bases() -> String {
        store.coverageRows(of: store.latest).items.compactMap { row -> String? in
            guard let basis = row["basis"]?.stringValue else { return nil }
            return "- **\(row["page"]?.stringValue ?? "")**: \(basis)"
        }.joined(separator: "\n")
    }

    /// The table Docs/coverage.md holds: one line per page, as the latest version answers.
    static func table() -> String {
        var lines = ["| page | publishes | status | records | per collection |", "|---|---|---|---|---|"]
        for row in store.coverageRows(of: store.latest).items {
            let members = row["counts"]?.objectValue.map { Array($0) } ?? []
            let counts = members.map { "\($0.key) \(Int($0.value.doubleValue ?? 0))" }
            lines.append(
                "| [\(row["page"]?.stringValue ?? "")](\(row["url"]?.stringValue ?? "")) | \(row["publishes"]?.stringValue ?? "") | \(row["status"]?.stringValue ?? "") | \(Int(row["records"]?.doubleValue ?? 0)) | \(counts.joined(separator: ", ")) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    @Test("Docs/coverage.md holds the coverage table as the latest version answers it")
    func document() throws {
        let path = "\(StoreFixtures.repositoryRoot)/Docs/coverage.md"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let table = Self.table()
        #expect(text.contains(table), "Docs/coverage.md's table must read:\n\(table)")
        let bases = Self.bases()
        #expect(text.contains(bases), "Docs/coverage.md's list of what none-published rests on must read:\n\(bases)")
    }
}
