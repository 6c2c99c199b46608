import JSON
import SpecStore
import SystemSupport

/// A representation a route can answer in: `format=` names it, `Accept` asks for its media type.
///
/// Each format is declared once, in its own file in `Formats/` (`Format.csv` in
/// `CSVFormat.swift`): its name, its `Content-Type` and media type, the words of a page's link to
/// it, how a download of it is named, its body's OpenAPI schema, and its renderer from a table and
/// a page model. ``allCases`` registers it. A format is one value, compared by identity.
package final class Format: Hashable, Sendable, CustomStringConvertible {
    /// Every format, in the order the index lists them. A format is served once it is here.
    package static let allCases: [Format] = [.json, .csv, .md, .html, .tokens, .svg, .swift, .css]

    /// How a body in the format is made.
    package enum Body: Sendable {
        /// The answer's JSON document, serialized (JSON, a design-token file).
        case json
        /// Text a renderer writes from the answer's table and its page, handed over as bytes.
        case text(@Sendable (FormatInput) -> RenderedText)
    }

    /// The OpenAPI schema of a body in the format.
    package enum Schema: Sendable {
        /// The route's own JSON schema.
        case route
        /// A string of text.
        case text
        /// A schema of the document's components (`DesignTokens`).
        case component(String)
    }

    /// How a person's browser treats a saved body (`Content-Disposition`), named after the page.
    package enum Disposition: String, Sendable {
        /// Saved as a file (CSV).
        case attachment
        /// Shown, with a file name for saving (Markdown, SVG, source).
        case inline
    }

    /// The name `format=` takes, and the extension of a saved file.
    package let rawValue: String
    /// The `Content-Type` the representation is served with.
    package let contentType: String
    /// The media type `Accept` ranges are matched against.
    package let mediaType: (type: String, subtype: String)
    /// The link's words when an HTML page offers its data in this format ("This data as …"), or
    /// `nil` when pages do not link it; a page links the formats its route declares.
    package let pageLink: String?
    /// How a saved body is treated, or `nil` for none said (JSON, a page).
    package let disposition: Disposition?
    /// The body's schema in the OpenAPI document.
    package let schema: Schema
    /// How the body is made.
    package let body: Body
    /// Whether every route whose answer is a table answers in it (``tables``).
    package let onEveryTable: Bool
    /// Whether a row costs what a row of a page for people does (a figure drawn, a token, a
    /// constant with its comment), so such an answer leaves the event loop at fewer rows.
    package let costlyPerRow: Bool
    /// Whether the renderer reads the answer's table (``FormatInput/table``): a format that
    /// writes the rows themselves (Swift, CSS, SVG) gets the table's title, version and notes
    /// with no rows, as flattening every row was a fifth of such an answer's cost.
    package let readsTable: Bool
    /// How a page of a collection's rows under the route's fixed columns is written row by row,
    /// when each row's text depends on the row and the columns alone (CSV); `nil` for a format
    /// whose rows depend on the page (citation numbers, sort links).
    package let rowLines: RowLines?

    /// A format with every fact of it; each is declared once, as a static member in its own file.
    package init(
        _ rawValue: String, contentType: String, mediaType: (type: String, subtype: String), pageLink: String?,
        disposition: Disposition?, schema: Schema, body: Body, onEveryTable: Bool, costlyPerRow: Bool,
        readsTable: Bool = true, rowLines: RowLines? = nil
    ) {
        self.rawValue = rawValue
        self.contentType = contentType
        self.mediaType = mediaType
        self.pageLink = pageLink
        self.disposition = disposition
        self.schema = schema
        self.body = body
        self.onEveryTable = onEveryTable
        self.costlyPerRow = costlyPerRow
        self.readsTable = readsTable
        self.rowLines = rowLines
    }

    /// The format `format=` names (exactly, in lower case), or `nil`.
    package static func named(_ name: String) -> Format? {
        allCases.first { $0.rawValue == name }
    }

    /// The formats of a route whose answer is a table: JSON first.
    package static let tables: [Format] = allCases.filter(\.onEveryTable)

    /// `Content-Disposition` for a body of `page` in this format, with a file name that says what
    /// it holds (`devices-family-iphone.csv`); `nil` for a format that says none.
    package func disposition(for page: PageContext) -> String? {
        disposition.map { "\($0.rawValue); filename=\"\(page.fileName(extension: rawValue))\"" }
    }

    /// The format's name, as `format=` takes it.
    package var description: String { rawValue }

    /// The same declared format.
    package static func == (left: Format, right: Format) -> Bool { left === right }

    /// Hashes the declared value's identity.
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A format's body for a page of a collection's rows as a head and one line per row, each line
/// depending on its row and the columns alone, so a store keeps each row's line for every later
/// page in that layout (``SpecStore/QueryResult/rowTexts(layout:make:)``) and a never-seen page
/// writes none of its rows again. It writes exactly what the format's renderer writes for the
/// same rows under the route's columns, with no `fields=` pick.
package struct RowLines: Sendable {
    /// The text before the rows, from the columns (CSV's header row).
    private let head: @Sendable ([TableColumn]) -> [UInt8]
    /// One row's text under the columns named by these keys.
    package let line: @Sendable (FlatRecord, [String]) -> [UInt8]
    /// The heads written, by columns key (``PageRoute/columnsKey``), each with its columns: a
    /// route's fixed columns are one of a few sets, so at most ``headLimit`` are kept.
    private let heads = Locked<[String: (columns: [TableColumn], head: [UInt8])]>([:])
    private static let headLimit = 64

    /// A body written as `head`, then `line` for each row.
    package init(
        head: @escaping @Sendable ([TableColumn]) -> [UInt8],
        line: @escaping @Sendable (FlatRecord, [String]) -> [UInt8]
    ) {
        self.head = head
        self.line = line
    }

    /// The text before the rows for `columns`, whose keys joined are `key`: kept once written.
    package func head(_ columns: [TableColumn], key: String) -> [UInt8] {
        if let kept = heads.withLock({ $0[key] }), kept.columns == columns { return kept.head }
        let written = head(columns)
        heads.withLock { heads in
            if heads.count < Self.headLimit { heads[key] = (columns, written) }
        }
        return written
    }
}

/// What a text format's renderer reads: the answer as a table, the page it belongs to, and the
/// rows and notes a source format writes.
package struct FormatInput: Sendable {
    /// The answer's rows, flattened, with its title, version and notes.
    package var table: FlatTable
    /// Where the answer is and how the request shapes it.
    package var page: PageContext
    /// Whether only the table is asked for (`fragment=true`).
    package var fragment: Bool
    /// The record of a record answer; `nil` for rows.
    package var record: JSONValue?
    /// The rows a source format writes: a collection's, a page's, or the one record.
    package var rows: [JSONValue]
    /// Why the answer is what it is (e.g. why it is empty), in words.
    package var notes: [String]
    /// For a table of a choice among a collection's rows (a page), each row's text for a layout,
    /// made by the function given (from the row's index in the table) once a snapshot and kept
    /// (``SpecStore/QueryResult/rowTexts(layout:make:)``); `nil` for any other table.
    package var keptTexts: (@Sendable (_ layout: String, _ make: (Int) -> [UInt8]) -> [[UInt8]])?

    /// What a renderer reads for one answer.
    package init(
        table: FlatTable, page: PageContext, fragment: Bool, record: JSONValue?, rows: [JSONValue], notes: [String]
    ) {
        self.table = table
        self.page = page
        self.fragment = fragment
        self.record = record
        self.rows = rows
        self.notes = notes
        self.keptTexts = nil
    }
}
