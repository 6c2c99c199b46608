import SpecStore

/// Which columns a collection's HTML page shows at first, and in which order: the record's name,
/// its figures with their units, then its status and citation, so all three sit in view at
/// 1280 px without sideways scrolling. Every other column (ids, prose, fields rarely compared
/// across rows) waits behind the page's column picker, which adds it with `fields=`, and on the
/// record's own page.
///
/// CSV and Markdown keep the route's full, fixed layout (``PageRoute/columns``); only a page for people
/// is trimmed.
package struct PageLayout: Equatable, Sendable {
    /// The columns that name a row; the first links to the record's page.
    package var lead: [String]
    /// The figures, each a column with its unit in the heading.
    package var figures: [String]
    /// Short columns after the status: where a row applies (platform, topic).
    package var trailing: [String]
    /// The field whose value starts a group of rows under its own heading row where it changes
    /// (the asset sizes' `table`), and each value's heading; `nil` for one run of rows.
    package var group: (field: String, headings: [String: String])? = nil

    /// A layout: the columns leading each row, the figures, the columns after the source, and an
    /// optional grouping field.
    package init(
        lead: [String], figures: [String], trailing: [String],
        group: (field: String, headings: [String: String])? = nil
    ) {
        self.lead = lead
        self.figures = figures
        self.trailing = trailing
        self.group = group
    }

    package static func == (left: PageLayout, right: PageLayout) -> Bool {
        left.lead == right.lead && left.figures == right.figures && left.trailing == right.trailing
            && left.group?.field == right.group?.field && left.group?.headings == right.group?.headings
    }

    /// The columns a page shows, from those the table has (``HTMLRenderer/shownColumns(_:route:)``):
    /// the layout's, in its order, less any whose value is the same in every row (said once above
    /// the table instead); the rest are `hidden`, for the column picker. The status and source
    /// cell goes after `figures`, at `sourceIndex`.
    ///
    /// With `whole` false (the rows are one page of several) nothing counts as constant: another
    /// page could differ, and its columns would not line up with this one's.
    package func split(_ columns: [TableColumn], table: FlatTable, whole: Bool = true) -> (
        shown: [TableColumn], sourceIndex: Int, constant: [(TableColumn, String)], hidden: [TableColumn]
    ) {
        var shown: [TableColumn] = []
        var constant: [(TableColumn, String)] = []
        var sourceIndex = 0
        for (position, group) in [lead, figures, trailing].enumerated() {
            for key in group {
                guard let column = columns.first(where: { $0.key == key }) else { continue }
                if position > 0, whole, table.rows.count > 1, let value = Self.sameValue(table, key) {
                    constant.append((column, value))
                } else {
                    shown.append(column)
                }
            }
            if position == 1 { sourceIndex = shown.count }
        }
        let kept = Set(shown.map(\.key)).union(constant.map(\.0.key))
        return (shown, sourceIndex, constant, columns.filter { !kept.contains($0.key) })
    }

    /// The value every row holds in `key`, or `nil` when rows differ (or some lack it).
    package static func sameValue(_ table: FlatTable, _ key: String) -> String? {
        let cells = table.cells(of: key)
        guard let first = cells.first, let value = first, !value.isEmpty else { return nil }
        return cells.allSatisfy { $0 == value } ? value : nil
    }
}
