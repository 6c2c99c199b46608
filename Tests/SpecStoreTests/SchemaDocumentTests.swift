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
}
