import SpecStore

/// What a page knows of the route it shows, as plain values: its path, its heading, its columns
/// and page layout, its Swift form and formats, and which parameters it takes. The application
/// fills them in from its route table (a collection's from its entry); the renderers read these
/// and know no route.
package struct PageRoute: Sendable {
    /// What the route shows, where a page reads differently for it.
    package enum Kind: Equatable, Sendable {
        /// A collection's list (`/v1/devices`).
        case collection(SpecCollection)
        /// One record of a collection (`/v1/devices/{id}`).
        case record(SpecCollection)
        /// The check of measurements (`/v1/check`): a page of its own before anything is asked.
        case check
        /// What changed between two versions (`/v1/diff`): a change log.
        case diff
        /// The search of every record (`/v1/search`).
        case search
        /// Any other route.
        case other
    }

    package var kind: Kind {
        didSet { arrangements = KeptArrangements() }
    }
    /// The path template, with `{id}` or `{category}` where a record route takes its id.
    package var template: String
    /// The route's heading (`Devices`).
    package var title: String
    /// The route's fixed columns (``TableLayout``), or `nil` for a route whose rows have no fixed
    /// shape: its tables show the rows' own fields.
    package var columns: [TableColumn]? {
        didSet {
            columnsKey = columns.map { $0.map(\.key).joined(separator: "\u{0}") }
            knownKeys = Self.known(columns, omittedFields)
            arrangements = KeptArrangements()
        }
    }
    /// The fixed columns' keys joined: what names their layout where a row's line is kept
    /// (``RowLines``), made once with the columns, not for each page.
    package private(set) var columnsKey: String?
    /// The columns its HTML page shows first, or `nil` for a table shown whole.
    package var layout: PageLayout? {
        didSet { arrangements = KeptArrangements() }
    }
    /// Fields of its records no column holds on purpose, because the headings carry them.
    package var omittedFields: Set<String> = [] {
        didSet {
            knownKeys = Self.known(columns, omittedFields)
            arrangements = KeptArrangements()
        }
    }
    /// The fixed columns' keys and the omitted fields: the fields a page shows no extra column
    /// for, made with them rather than for each page; `nil` without fixed columns.
    package private(set) var knownKeys: Set<String>?
    /// The arrangements its pages have had, made anew whenever a fact they read changes.
    package private(set) var arrangements = KeptArrangements()

    private static func known(_ columns: [TableColumn]?, _ omitted: Set<String>) -> Set<String>? {
        columns.map { Set($0.map(\.key)).union(omitted) }
    }
    /// How its rows read as Swift source, or `nil` for a route with no Swift form.
    package var swift: SwiftSource.Style?
    /// The formats it answers in, in its order: a page links those pages offer (``Format/pageLink``).
    package var formats: [Format] = []
    /// Whether it takes `sort=`, so headings can be sort links.
    package var canSort = false
    /// Whether it takes `limit=` and `offset=`, so a page can link its neighbours.
    package var canPage = false
    /// Whether it takes `fields=`, so a page can offer its column picker.
    package var picksFields = false {
        didSet { arrangements = KeptArrangements() }
    }
    /// Whether it takes `q=` (words that filter its rows).
    package var takesWords = false
    /// Its records' plural noun (`devices`), for its search box; `nil` where it lists no one type.
    package var recordNoun: String?

    /// A route's facts; those not given are a route that takes no parameters and answers JSON.
    package init(kind: Kind, template: String, title: String) {
        self.kind = kind
        self.template = template
        self.title = title
    }

    /// The columns for a table whose fields the request picked (`fields=`): the route's columns
    /// the table holds, in their order, then any it lacks. Without a pick, the route's fixed
    /// columns, so a filter never changes the column set.
    package func columns(table: FlatTable, projection: [String]?) -> [TableColumn] {
        let all = columns(table: table)
        guard projection != nil else { return all }
        let held = Set(table.columns)
        let kept = all.filter { held.contains($0.key) }
        let known = Set(kept.map(\.key))
        return kept
            + table.columns.filter { !known.contains($0) }.map {
                TableColumn($0, TableColumn.words($0), csv: $0, table.isCitationColumn($0) ? .source : .text)
            }
    }

    /// The columns for a table: the route's when it has them, else one per flattened field in
    /// first-seen order, headed by its name.
    package func columns(table: FlatTable) -> [TableColumn] {
        columns ?? TableLayout.fieldColumns(table)
    }
}
