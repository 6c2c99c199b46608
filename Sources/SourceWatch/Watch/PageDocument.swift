import JSON
import SpecStore

/// What the source watch reads from one of Apple's HIG pages, served as Swift-DocC render JSON:
/// its schema version, the slug it says it is, its text and tables with the headings above them,
/// and its change log.
///
/// The reader walks `primaryContentSections[*].content` depth first, into `tabs`, `columns`,
/// list `items` and `aside` content, keeping the anchors of the headings it is under and the
/// title of the tab it is in. It reads the block's `type` (the DocC encoder writes `type` for
/// every block, though its spec names `kind` for tab navigators and rows).
package struct PageDocument: Sendable, Equatable {
    /// One run of prose (a paragraph, a `small` footnote, a list item, an aside's paragraph).
    package struct Passage: Sendable, Equatable {
        /// The anchors of the headings above it, outermost first.
        package var anchors: [String]
        /// Its text with inline runs joined, as Apple wrote it.
        package var text: String
    }

    /// One table, as plain-text cells.
    package struct Table: Sendable, Equatable {
        /// The anchors of the headings above it, outermost first.
        package var anchors: [String]
        /// The title of the tab it sits in, if it is inside a tab navigator.
        package var tab: String?
        /// The header cells, when the table's `header` is `row` or `both`.
        package var header: [String]
        /// The body rows.
        package var rows: [[String]]
    }

    /// The schema version the page declares, as `major.minor.patch`.
    package var schemaVersion: (major: Int, minor: Int, patch: Int)
    /// The last path component of `identifier.url`, lower-cased (Apple capitalises the HIG prefix).
    package var slug: String?
    /// Every prose passage in page order.
    package var passages: [Passage]
    /// Every table in page order.
    package var tables: [Table]

    package static func == (left: PageDocument, right: PageDocument) -> Bool {
        left.schemaVersion == right.schemaVersion && left.slug == right.slug && left.passages == right.passages
            && left.tables == right.tables
    }

    /// The deepest nesting the reader follows; deeper content is a malformed page, not a HIG page.
    package static let maxDepth = 64

    /// Reads page JSON bytes.
    package static func read(_ bytes: [UInt8]) throws(PageReadError) -> PageDocument {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw .invalidJSON("\(error)")
        }
        return try read(root)
    }

    /// Reads a parsed page.
    package static func read(_ root: JSONValue) throws(PageReadError) -> PageDocument {
        guard root.objectValue != nil else { throw .notAPage("the page JSON is \(root.typeName), not an object") }
        guard let version = root["schemaVersion"], let major = integer(version["major"]),
            let minor = integer(version["minor"])
        else { throw .notAPage("the page has no schemaVersion {major, minor, patch}") }
        let patch = integer(version["patch"]) ?? 0
        var slug: String?
        if let url = root["identifier"]?["url"]?.stringValue, let last = url.split(separator: "/").last {
            slug = String(last).lowercased()
        }
        var document = PageDocument(
            schemaVersion: (major, minor, patch), slug: slug, passages: [], tables: [])
        guard let sections = root["primaryContentSections"]?.arrayValue else {
            throw .notAPage("the page has no primaryContentSections")
        }
        var walker = Walker()
        for section in sections {
            if let content = section["content"]?.arrayValue {
                try walker.walk(content, depth: 0)
            }
        }
        document.passages = walker.passages
        document.tables = walker.tables
        return document
    }

    private static func integer(_ value: JSONValue?) -> Int? {
        guard let number = value?.doubleValue, number >= 0, number < 1_000_000, number == number.rounded() else {
            return nil
        }
        return Int(number)
    }

    /// The depth-first walk, with the heading context.
    private struct Walker {
        var headings: [(level: Int, anchor: String)] = []
        var tab: String?
        var passages: [Passage] = []
        var tables: [Table] = []

        var anchors: [String] { headings.map(\.anchor) }

        mutating func walk(_ blocks: [JSONValue], depth: Int) throws(PageReadError) {
            guard depth < PageDocument.maxDepth else {
                throw .notAPage("the page nests blocks deeper than \(PageDocument.maxDepth)")
            }
            for block in blocks {
                try visit(block, depth: depth)
            }
        }

        /// Walks `blocks` inside a container; headings inside it do not outlive it.
        mutating func walkNested(_ blocks: [JSONValue]?, depth: Int) throws(PageReadError) {
            guard let blocks else { return }
            let saved = headings
            try walk(blocks, depth: depth + 1)
            headings = saved
        }

        mutating func visit(_ block: JSONValue, depth: Int) throws(PageReadError) {
            switch block["type"]?.stringValue ?? block["kind"]?.stringValue {
            case "heading":
                let level = block["level"]?.doubleValue.map { Int(max(1, min($0, 9))) } ?? 2
                let anchor = block["anchor"]?.stringValue ?? ""
                while let last = headings.last, last.level >= level { headings.removeLast() }
                headings.append((level, anchor))
            case "paragraph", "small":
                append(InlineText.plain(block["inlineContent"], depth: depth))
            case "aside":
                try walkNested(block["content"]?.arrayValue, depth: depth)
            case "unorderedList", "orderedList":
                for item in block["items"]?.arrayValue ?? [] {
                    try walkNested(item["content"]?.arrayValue, depth: depth)
                }
            case "termList":
                for item in block["items"]?.arrayValue ?? [] {
                    append(InlineText.plain(item["term"]?["inlineContent"], depth: depth))
                    try walkNested(item["definition"]?["content"]?.arrayValue, depth: depth)
                }
            case "row":
                for column in block["columns"]?.arrayValue ?? [] {
                    try walkNested(column["content"]?.arrayValue, depth: depth)
                }
            case "tabNavigator":
                for tabValue in block["tabs"]?.arrayValue ?? [] {
                    let saved = tab
                    tab = tabValue["title"]?.stringValue
                    try walkNested(tabValue["content"]?.arrayValue, depth: depth)
                    tab = saved
                }
            case "table":
                tables.append(table(block, depth: depth))
            default:
                break
            }
        }

        mutating func append(_ text: String) {
            if !text.isEmpty { passages.append(Passage(anchors: anchors, text: text)) }
        }

        func table(_ block: JSONValue, depth: Int) -> Table {
            let rows: [[String]] = (block["rows"]?.arrayValue ?? []).map { row in
                (row.arrayValue ?? []).map { cell in cellText(cell, depth: depth) }
            }
            let header = block["header"]?.stringValue
            let hasHeaderRow = header == "row" || header == "both"
            return Table(
                anchors: anchors, tab: tab, header: hasHeaderRow ? rows.first ?? [] : [],
                rows: hasHeaderRow ? Array(rows.dropFirst()) : rows)
        }

        /// A cell is an array of blocks, usually one paragraph: their text joined by spaces.
        func cellText(_ cell: JSONValue, depth: Int) -> String {
            (cell.arrayValue ?? []).map { block in
                InlineText.plain(block["inlineContent"], depth: depth)
            }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
        }
    }
}

/// Why a page could not be read.
package enum PageReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body is not JSON.
    case invalidJSON(String)
    /// The JSON is not a DocC page.
    case notAPage(String)

    package var description: String {
        switch self {
        case .invalidJSON(let detail): "the body is not valid JSON: \(detail)"
        case .notAPage(let detail): detail
        }
    }
}
