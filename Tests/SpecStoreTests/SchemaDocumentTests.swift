import Foundation
import Testing

@testable import SpecStore

/// Docs/schema.md against the collections' declarations (``SpecCollection``): every collection has
/// its section, and every field the loader accepts is documented there, so the two cannot drift.
@Suite struct SchemaDocumentTests {
    /// The text of Docs/schema.md, from the repository this test file is in.
    static let document: String = {
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        return (try? String(contentsOfFile: "/" + root + "/Docs/schema.md", encoding: .utf8)) ?? ""
    }()

    /// The section of §4 whose heading names `key` (`### dynamicType and textStyles — …`): its
    /// text up to the next heading of the same or a higher level.
    static func section(for key: String) -> String? {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        guard
            let start = lines.firstIndex(where: { line in
                guard line.hasPrefix("### "), let title = line.dropFirst(4).split(separator: "—").first else {
                    return false
                }
                return title.split(separator: " ").contains { $0 == key }
            })
        else { return nil }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("### ") || $0.hasPrefix("## ") } ?? lines.endIndex
        // One line: a backticked name may wrap (`` `asPublished`` then `` {…}` ``).
        return lines[start..<end].joined(separator: " ")
    }

    @Test func theDocumentIsThere() {
        #expect(Self.document.contains("## 4. Collections"))
    }

    @Test(arguments: SpecCollection.allCases.map(\.key))
    func everyDeclaredFieldIsDocumented(key: String) throws {
        let collection = try #require(SpecCollection.allCases.first { $0.key == key })
        let section = try #require(Self.section(for: key), "Docs/schema.md has no section for \(key)")
        for field in collection.declaration.fields {
            let named = section.contains("`\(field.name)`") || section.contains("`\(field.name) ")
            #expect(named, "Docs/schema.md, \(key): the field \(field.name) is not documented")
        }
    }

    /// The field table of `collection` as Docs/schema.md must hold it, made from the
    /// declaration: the field, the shape of its value, its unit, whether every record has it and
    /// what it means.
    static func fieldTable(_ collection: SpecCollection) -> String {
        var lines = [
            "Fields of `\(collection.key)`:", "",
            "| field | type | unit | required | meaning |",
            "|---|---|---|---|---|",
        ]
        for field in collection.fields {
            let unit =
                switch field.unit {
                case .fixed(let unit)?: "`\(unit)`"
                case .perRecord?: "the record's `unit`"
                case nil: ""
                }
            lines.append(
                "| `\(field.name)` | \(field.type) | \(unit) | \(field.isRequired ? "yes" : "no") | \(field.meaning) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Each collection's section holds its field table exactly as the declaration gives it, so a
    /// field, a unit or a meaning changed in one place and not the other fails here; the message
    /// is the table to paste.
    @Test(arguments: SpecCollection.allCases.map(\.key))
    func theFieldTableIsTheDeclarations(key: String) throws {
        let collection = try #require(SpecCollection.allCases.first { $0.key == key })
        let table = Self.fieldTable(collection)
        #expect(Self.document.contains(table + "\n"), "Docs/schema.md, \(key): the field table should read\n\(table)")
        let section = try #require(Self.section(for: key))
        #expect(section.contains("Fields of `\(key)`:"), "the table is in the \(key) section")
    }

    /// Every declared field says what it means, in one line.
    @Test(arguments: SpecCollection.allCases.map(\.key))
    func everyFieldSaysWhatItMeans(key: String) throws {
        let collection = try #require(SpecCollection.allCases.first { $0.key == key })
        for field in collection.fields + collection.figureFields {
            #expect(
                field.meaning.hasSuffix(".") || field.meaning.hasSuffix("…"),
                "\(key).\(field.name): a one-line meaning, ending in a full stop")
            #expect(!field.meaning.contains("\n") && field.meaning.count < 160, "\(key).\(field.name): one line")
        }
    }
}
