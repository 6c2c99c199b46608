import Foundation
import JSON
import SourceWatch
import SpecStore

/// Page JSON in Apple's shape (Swift-DocC render nodes), made from what the store itself takes
/// from each page: its quotes under headings carrying their anchors, its tables (those with a tab
/// inside a tab navigator, one tab per size), and a change log. Unchanged, every page matches
/// the store; a test edits the ``SourceExpectations/Page`` it generates from to make one fault.
package struct SourcePageFixtures {
    package let store: SpecStore
    package let snapshot: SpecSnapshot
    package let expectations: SourceExpectations
    /// Each unchanged page's JSON bytes, by slug, as ``json(_:changeLog:schemaVersion:identifierSlug:)``
    /// writes them.
    package let pageBytes: [String: [UInt8]]

    package init(version: String? = nil) throws {
        // The file the executable embeds, read from the package: this target has no embedded copy.
        store = try SpecStore.load(contentsOf: Self.packageRoot.appendingPathComponent("Data/specs.json").path)
        snapshot = try store.snapshot(version: version)
        expectations = SourceExpectations(snapshot: snapshot)
        pageBytes = Dictionary(
            uniqueKeysWithValues: expectations.pages.map { ($0.slug, Self.json($0).serializedBytes()) })
    }

    /// The latest version's fixtures, built once for every test: loading the store, building its
    /// expectations and writing every page was half of each source-watch test's time (3 s of 6
    /// in a debug build, 6 December 2026), and 75 of them each build the same.
    package static func latest() throws -> SourcePageFixtures { try shared.get() }

    private static let shared = Result { try SourcePageFixtures() }

    /// The package root, from this file's place in it.
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the check with every page served from `pages` (by slug); a slug missing from `pages`
    /// is served unchanged, and `answers` overrides the whole answer for a slug.
    package func check(
        pages: [String: JSONValue] = [:], answers: [String: PageResponse] = [:], bodies: [String: [UInt8]] = [:]
    ) -> SourceReport {
        let byURL = Dictionary(
            uniqueKeysWithValues: expectations.pages.map { page in
                (SourceCheck(fetch: { _ in .notModified }).jsonURL(slug: page.slug), page)
            })
        let check = SourceCheck(fetch: { [pageBytes] request in
            guard let page = byURL[request.url] else { return .status(404) }
            if let answer = answers[page.slug] { return answer }
            let bytes =
                bodies[page.slug]
                ?? pages[page.slug]?.serializedBytes()
                ?? pageBytes[page.slug] ?? Self.json(page).serializedBytes()
            return .body(status: 200, bytes: bytes, entityTag: nil, lastModified: nil)
        })
        return check.run(snapshot: snapshot, now: "2026-12-03T00:00:00Z")
    }

    /// The expectations of the page `slug`.
    package func page(_ slug: String) -> SourceExpectations.Page {
        expectations.pages.first { $0.slug == slug }!
    }

    /// An old change-log row, dated before every store version's date.
    package static let oldChangeLog = [("June 5, 2023", "New page.")]

    /// The page JSON for `page`, as Apple would serve it.
    package static func json(
        _ page: SourceExpectations.Page, changeLog: [(String, String)] = oldChangeLog,
        schemaVersion: (Int, Int, Int) = (0, 3, 0), identifierSlug: String? = nil
    ) -> JSONValue {
        var content: [JSONValue] = []
        for quote in page.quotes where quote.anchor == nil {
            content.append(paragraph(quote.text))
        }
        var anchors: [String] = []
        for anchor in page.quotes.compactMap(\.anchor) + page.tables.compactMap(\.anchor)
        where !anchors.contains(anchor) {
            anchors.append(anchor)
        }
        for anchor in anchors {
            content.append(heading(anchor, level: 2))
            for quote in page.quotes where quote.anchor == anchor {
                content.append(paragraph(quote.text))
            }
            var navigators: [String: [JSONValue]] = [:]
            var navigatorOrder: [String] = []
            for table in page.tables where table.anchor == anchor {
                guard let tab = table.tab else {
                    content.append(heading(table.name, level: 3))
                    content.append(self.table(table))
                    continue
                }
                if navigators[table.name] == nil { navigatorOrder.append(table.name) }
                // Apple's tabs repeat their title as a heading in their own content.
                navigators[table.name, default: []].append([
                    "title": .string(tab), "content": [heading(tab, level: 4), self.table(table)],
                ])
            }
            for name in navigatorOrder {
                content.append(heading(name, level: 3))
                content.append(["type": "tabNavigator", "tabs": .array(navigators[name]!)])
            }
        }
        content.append(heading("Change-log", level: 2))
        content.append(
            tableBlock(header: ["Date", "Changes"], rows: changeLog.map { [$0.0, $0.1] }))
        return [
            "schemaVersion": [
                "major": JSONValue(integerLiteral: schemaVersion.0),
                "minor": JSONValue(integerLiteral: schemaVersion.1),
                "patch": JSONValue(integerLiteral: schemaVersion.2),
            ],
            "identifier": [
                "interfaceLanguage": "swift",
                "url": .string("doc://com.apple.HIG/design/Human-Interface-Guidelines/\(identifierSlug ?? page.slug)"),
            ],
            "kind": "article",
            "metadata": ["role": "article", "title": .string(page.slug)],
            "primaryContentSections": [["kind": "content", "content": .array(content)]],
            "sections": [],
            "references": [:],
        ]
    }

    package static func heading(_ anchor: String, level: Int) -> JSONValue {
        [
            "type": "heading", "level": JSONValue(integerLiteral: level),
            "text": .string(anchor.replacing("-", with: " ")), "anchor": .string(anchor),
        ]
    }

    /// A paragraph of `text` as Apple writes it: typographic apostrophes, and the text split
    /// into runs at a space, as source line wraps split it.
    package static func paragraph(_ text: String) -> JSONValue {
        let typographic = text.replacing("'", with: "\u{2019}")
        let words = typographic.split(separator: " ", omittingEmptySubsequences: false)
        let middle = words.count / 2
        let first = words[..<middle].joined(separator: " ")
        let second = words[middle...].joined(separator: " ")
        var runs: [JSONValue] = []
        if !first.isEmpty { runs.append(["type": "text", "text": .string(first)]) }
        runs.append(["type": "text", "text": .string(first.isEmpty ? second : " " + second)])
        return ["type": "paragraph", "inlineContent": .array(runs)]
    }

    /// The key header cells of each table the store compares, by its name.
    package static func keyHeader(_ table: SourceExpectations.Table) -> [String] {
        switch table.name {
        case "screen dimensions", "size classes": ["Model"]
        case "watchOS screen dimensions": ["Series", "Size"]
        case "ipados widget dimensions": ["Screen size (portrait)", "Target"]
        case "ios widget dimensions": ["Screen size (portrait, pt)"]
        case "watchos widget dimensions", "watchos live activity size": ["Apple Watch size"]
        case "ios live activity dimensions", "ipados live activity dimensions": ["Screen dimensions (portrait)"]
        case "dynamic island width": ["Presentation", "Device"]
        case "carplay live activity size": ["Size (pt)"]
        case "carplay simulator configurations": ["Configuration"]
        case "visionos widget dimensions": ["Widget"]
        case "app icon specifications", "control sizes": ["Platform"]
        case "tvOS grid": ["Attribute"]
        default: table.name.hasSuffix("tracking") ? ["Size (points)"] : ["Style"]
        }
    }

    /// A table as Apple lays it out: key cells first, and where the key spans two columns, the
    /// first left blank on a row that continues the one above (as Apple's iPadOS widget table does).
    package static func table(_ table: SourceExpectations.Table) -> JSONValue {
        let header =
            keyHeader(table)
            + table.columns.map { column in
                let name = String(column.prefix { $0 != "|" })
                return name == "Size" || name == "Leading" ? "\(name) (points)" : name
            }
        var above: String?
        let rows = table.rows.map { row in
            var keys = row.key.components(separatedBy: SourceExpectations.keySeparator)
            if keys.count > 1 {
                if keys[0] == above { keys[0] = "" } else { above = keys[0] }
            }
            return keys + row.cells.map { $0 ?? "" }
        }
        return tableBlock(header: header, rows: rows)
    }

    package static func tableBlock(header: [String], rows: [[String]]) -> JSONValue {
        func cell(_ text: String) -> JSONValue {
            [["type": "paragraph", "inlineContent": [["type": "text", "text": .string(text)]]]]
        }
        return [
            "type": "table", "header": "row",
            "rows": .array(([header] + rows).map { row in .array(row.map(cell)) }),
        ]
    }
}
