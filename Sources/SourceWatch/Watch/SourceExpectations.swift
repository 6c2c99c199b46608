import JSON
import SpecStore

/// What the store says each HIG page it cites should hold: the published quotes under their
/// anchors, and the table rows it took from the page, as Apple's cells would read.
package struct SourceExpectations: Sendable {
    /// A quote a record takes from a page.
    package struct Quote: Sendable, Equatable {
        package var record: String
        /// The anchor of the citation's URL, if it has one.
        package var anchor: String?
        package var text: String
    }

    /// A row of one of Apple's tables as the store has it: the key cells (joined by
    /// ``keySeparator``) and the cells of the named columns; `nil` where the store has no value
    /// to compare.
    package struct Row: Sendable, Equatable {
        package var key: String
        package var cells: [String?]
        package var records: [String]
    }

    /// A table the store took rows from.
    package struct Table: Sendable, Equatable {
        /// What it is, for the report (`screen dimensions`, `ios dynamic type`).
        package var name: String
        package var anchor: String?
        /// The tab it sits in, for tables inside a tab navigator.
        package var tab: String?
        /// The header of each compared column; `|` separates names Apple uses interchangeably,
        /// and a page header matches when it starts with one of them.
        package var columns: [String]
        /// How many leading cells of a page row make its key (see ``Placement/keyColumns``).
        package var keyColumns: Int = 1
        package var rows: [Row]
    }

    /// One page and everything the store takes from it.
    package struct Page: Sendable, Equatable {
        /// The last component of the page's URL, e.g. `layout`.
        package var slug: String
        /// The page's URL, without a fragment.
        package var url: String
        /// Every record citing the page.
        package var records: [String]
        package var quotes: [Quote] = []
        package var tables: [Table] = []
    }

    /// The HIG pages the store cites, by slug.
    package var pages: [Page]

    /// The prefix of every HIG page's URL.
    package static let pagePrefix = "https://developer.apple.com/design/human-interface-guidelines/"

    /// The slug and anchor of a HIG page URL; `nil` for any other URL, and for the HIG's front page.
    package static func slugAndAnchor(of url: String) -> (slug: String, anchor: String?)? {
        guard url.hasPrefix(pagePrefix) else { return nil }
        let rest = url.dropFirst(pagePrefix.count)
        let fragmentStart = rest.firstIndex(of: "#")
        var path = fragmentStart.map { rest[..<$0] } ?? rest
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        while path.hasSuffix("/") { path = path.dropLast() }
        guard !path.isEmpty, !path.contains("/") else { return nil }
        let anchor = fragmentStart.map { String(rest[rest.index(after: $0)...]) }
        return (path.lowercased(), anchor?.isEmpty == false ? anchor : nil)
    }

    /// The expectations of `snapshot`: every record's HIG citations, the quotes of its published
    /// rules and of citations that carry one, and the rows of the tables ``placement(of:)`` places.
    package init(snapshot: SpecSnapshot) {
        var pages: [String: Page] = [:]
        var tables: [String: Table] = [:]
        var tableOrder: [String] = []
        var sides: [String: [String?]] = [:]
        for row in Self.allRows(snapshot) {
            let id = row["id"]?.stringValue ?? ""
            var first: (slug: String, anchor: String?)?
            for citation in row["citations"]?.arrayValue ?? [] {
                guard let url = citation["url"]?.stringValue, let (slug, anchor) = Self.slugAndAnchor(of: url) else {
                    continue
                }
                if first == nil { first = (slug, anchor) }
                var page = pages[slug] ?? Page(slug: slug, url: Self.pagePrefix + slug, records: [])
                if page.records.last != id { page.records.append(id) }
                if let quote = citation["quote"]?.stringValue, !quote.isEmpty {
                    page.quotes.append(Quote(record: id, anchor: anchor, text: quote))
                }
                pages[slug] = page
            }
            guard let (slug, anchor) = first else { continue }
            // A rule's quote is Apple's words unless the rule says it is a reading of them.
            if row["quote"] != nil, row["kind"]?.stringValue != "reading",
                row["status"]?.stringValue ?? "published" == "published",
                let quote = row["quote"]?.stringValue, !quote.isEmpty
            {
                pages[slug]?.quotes.append(Quote(record: id, anchor: anchor, text: quote))
            }
            // Only Apple's figures are expected on Apple's page; a convention is the store's own.
            guard row["status"]?.stringValue ?? "published" == "published", let placement = Self.placement(of: row),
                placement.cells.isEmpty || placement.cells.contains(where: { $0 != nil })
            else { continue }
            let tableKey = "\(slug)#\(anchor ?? "")#\(placement.name)#\(placement.tab ?? "")"
            if tables[tableKey] == nil {
                tables[tableKey] = Table(
                    name: placement.name, anchor: anchor, tab: placement.tab, columns: placement.columns,
                    keyColumns: placement.keyColumns, rows: [])
                tableOrder.append(tableKey)
            }
            // A record joins the row of its key whose cells it does not contradict: one widget
            // family fills one cell of a screen's row; two models of one name stay two rows.
            let rows = tables[tableKey]!.rows
            let index: Int
            if let found = rows.firstIndex(where: { $0.key == placement.key && Self.fits(placement.cells, $0.cells) }) {
                index = found
                tables[tableKey]!.rows[index].records.append(id)
            } else {
                index = rows.count
                let cells = [String?](repeating: nil, count: placement.cells.count)
                tables[tableKey]!.rows.append(Row(key: placement.key, cells: cells, records: [id]))
            }
            for column in placement.cells.indices {
                guard let cell = placement.cells[column] else { continue }
                if let side = placement.side {
                    sides["\(tableKey)#\(index)#\(column)", default: [nil, nil]][side] = cell
                } else {
                    tables[tableKey]!.rows[index].cells[column] = cell
                }
            }
        }
        // A `WxH` cell whose sides are two records (a Live Activity's width and its height) is
        // compared once both are known.
        for (place, pair) in sides {
            guard let width = pair[0], let height = pair[1] else { continue }
            let parts = place.split(separator: "#", omittingEmptySubsequences: false)
            let tableKey = parts.dropLast(2).joined(separator: "#")
            tables[tableKey]!.rows[Int(parts[parts.count - 2])!].cells[Int(parts[parts.count - 1])!] =
                "\(width)x\(height)"
        }
        for key in tableOrder {
            let slug = String(key.prefix { $0 != "#" })
            pages[slug]?.tables.append(tables[key]!)
        }
        self.pages = pages.values.sorted { $0.slug < $1.slug }
    }

    /// Whether `cells` can join a row holding `existing`: no cell both fill differs.
    package static func fits(_ cells: [String?], _ existing: [String?]) -> Bool {
        cells.count == existing.count
            && cells.indices.allSatisfy { cells[$0] == nil || existing[$0] == nil || cells[$0] == existing[$0] }
    }

    /// Every record of the snapshot, as API rows.
    package static func allRows(_ snapshot: SpecSnapshot) -> [JSONValue] {
        var rows: [JSONValue] = []
        func add(_ result: () throws(QueryError) -> QueryResult) {
            if let items = try? result().items { rows += items }
        }
        add { () throws(QueryError) in try snapshot.devices(matching: DeviceFilter()) }
        add { () throws(QueryError) in try snapshot.sizeClasses(matching: SizeClassFilter()) }
        add { () throws(QueryError) in try snapshot.widgets(matching: WidgetFilter()) }
        add { () throws(QueryError) in try snapshot.widgetFamilies(matching: WidgetFamilyFilter()) }
        add { () throws(QueryError) in try snapshot.dynamicType(matching: DynamicTypeFilter()) }
        add { () throws(QueryError) in try snapshot.textStyles(matching: TextStyleFilter()) }
        add { () throws(QueryError) in try snapshot.tracking(matching: TrackingFilter()) }
        add { () throws(QueryError) in try snapshot.metrics(matching: MetricFilter()) }
        add { () throws(QueryError) in try snapshot.rules(matching: RuleFilter()) }
        add { () throws(QueryError) in try snapshot.myths(matching: MythFilter()) }
        return rows
    }
}
