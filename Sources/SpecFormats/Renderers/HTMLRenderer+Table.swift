import SpecStore

extension HTMLRenderer {
    // MARK: - The table

    /// The columns a page shows: the route's layout less the provenance columns (shown together
    /// in one cell) and less any column empty in every row shown, then fields the layout lacks.
    package static func shownColumns(_ table: FlatTable, route: PageRoute) -> [TableColumn] {
        let layout = route.columns(table: table)
        let known = route.knownKeys ?? Set(layout.map(\.key)).union(route.omittedFields)
        let extra = table.columns.filter {
            !known.contains($0) && !table.isCitationColumn($0) && !$0.hasPrefix("basis_")
                && !$0.containsASCII("_basis_")
                && $0 != "status"
                // A device's widgets have their own table on its page.
                && !(route.kind == .collection(.devices) && $0.hasPrefix("widget"))
        }
        let candidates = layout.filter { $0.kind != .source } + extra.map { TableColumn($0, TableColumn.words($0)) }
        return candidates.filter { column in
            guard let index = table.columns.firstIndex(of: column.key) else { return false }
            return table.rows.contains { !($0.cells[index] ?? "").isEmpty }
        }
    }

    package static func hasSource(_ table: FlatTable, route: PageRoute) -> Bool {
        table.rows.contains { row in
            !row.citations.isEmpty || table.cell(row, "status") != nil || table.cell(row, "basis_reason") != nil
                || table.cell(row, "metric_basis_reason") != nil
        }
    }

    /// One cell of a row as a page lays it out: a column, or the status and source cell.
    package enum Slot: Equatable, Sendable {
        case column(TableColumn, figure: Bool)
        case source
    }

    /// The cells of a row in the order the table shows them, what the page says once instead of
    /// in every row, and the columns its picker offers.
    package struct Arrangement: Sendable {
        package var slots: [Slot]
        package var constant: [(TableColumn, String)] = []
        package var hidden: [TableColumn] = []
        /// The fields behind the columns shown, for the picker's `fields=` links; `nil` where the
        /// page has no picker.
        package var fields: [String]?
        /// Whether the first column links to the row's record page.
        package var linksName = false
        /// The picker's parts made with it, for a page whose reader picked no columns; `nil`
        /// where it has no picker, or the reader picked.
        package var picker: ColumnPicker? = nil
    }

    /// A page with a ``PageLayout`` shows its name, figures and status first and the rest behind
    /// the picker; a fragment, or a route without one, shows every column with the source last.
    package static func arrangement(_ table: FlatTable, page: PageContext, fragment: Bool) -> Arrangement {
        // Kept per route for the page's columns and which of them hold values, unless the
        // reader picked the columns or the rows are every row (then a column whose value is the
        // same in each is said once above the table, and that depends on the values).
        let splitsWhole =
            !fragment && page.route.layout != nil && table.rows.count > 1 && page.offset == 0
            && (page.total ?? table.rows.count) == table.rows.count
        guard page.projection == nil, !splitsWhole, table.columns.count <= 64 else {
            return makeArrangement(table, page: page, fragment: fragment)
        }
        var filled: UInt64 = 0
        for row in table.rows {
            for (index, cell) in row.cells.enumerated() where cell?.isEmpty == false { filled |= 1 << index }
        }
        let shape = KeptArrangements.Shape(
            filled: filled, hasSource: hasSource(table, route: page.route), fragment: fragment,
            noRows: table.rows.isEmpty)
        return page.route.arrangements.arrangement(columns: table.columns, shape: shape) {
            makeArrangement(table, page: page, fragment: fragment)
        }
    }

    private static func makeArrangement(_ table: FlatTable, page: PageContext, fragment: Bool) -> Arrangement {
        var columns = shownColumns(table, route: page.route)
        if table.rows.isEmpty, let layout = page.route.columns {
            // No rows: the headings still say what a row would hold.
            columns = layout.filter { $0.kind != .source }
        }
        let source = hasSource(table, route: page.route)
        guard !fragment, let layout = page.route.layout, !table.rows.isEmpty else {
            return Arrangement(
                slots: columns.map { .column($0, figure: $0.kind == .number || $0.kind == .color) }
                    + (source ? [.source] : []))
        }
        let picks = page.route.picksFields
        if page.projection != nil {
            // The reader picked the columns: all of them, the name, figures and source first as
            // on the default page, the rest in the layout's order.
            let shown = Set(columns.map(\.key))
            let offered = (page.route.columns ?? []).filter {
                $0.kind != .source && !shown.contains($0.key)
            }
            let first = layout.lead + layout.figures
            let leading = first.compactMap { key in columns.first { $0.key == key } }
            var slots: [Slot] = leading.map { .column($0, figure: layout.figures.contains($0.key)) }
            if source { slots.append(.source) }
            slots += columns.filter { !first.contains($0.key) }.map { .column($0, figure: false) }
            return Arrangement(
                slots: slots, hidden: offered, fields: picks ? page.projection : nil,
                linksName: leading.first.map { layout.lead.contains($0.key) } ?? false)
        }
        let split = layout.split(
            columns, table: table, whole: page.offset == 0 && (page.total ?? table.rows.count) == table.rows.count)
        var slots: [Slot] = split.shown.enumerated().map { index, column in
            .column(column, figure: index >= layout.lead.count && layout.figures.contains(column.key))
        }
        if source { slots.insert(.source, at: min(split.sourceIndex, slots.count)) }
        var fields: [String] = []
        if picks {
            fields = ["id"]
            for column in split.shown + split.constant.map(\.0) {
                for field in fieldNames(column, table: table) where !fields.contains(field) { fields.append(field) }
            }
            for field in ["status", "citations", "basis"]
            where table.columns.contains(where: {
                $0 == field || $0.hasPrefix(field == "citations" ? "citation_" : field + "_")
            }) {
                fields.append(field)
            }
        }
        return Arrangement(
            slots: slots, constant: split.constant, hidden: split.hidden, fields: picks ? fields : nil,
            linksName: true, picker: picks ? ColumnPicker(offering: split.hidden, fields: fields) : nil)
    }

    /// The `fields=` names behind a column: its dotted path, or the fields a figure is made of.
    package static func fieldNames(_ column: TableColumn, table: FlatTable) -> [String] {
        if column.key == FigureDisplay.key {
            return [
                "bound", "exclusive", "value", "min", "max", "width", "height", "unit", "minCategory", "maxCategory",
            ]
            .filter { table.columns.contains($0) }
        }
        if table.isCitationColumn(column.key) { return ["citations"] }
        return [column.sortKey]
    }

    package static func renderTable(
        _ table: FlatTable, page: PageContext, fragment: Bool, caption: String, sortable: Bool = true,
        captionClass: String? = nil
    ) -> String {
        renderTable(
            table, page: page, fragment: fragment, caption: caption, sortable: sortable, captionClass: captionClass,
            arrangement: arrangement(table, page: page, fragment: fragment))
    }

    package static func renderTable(
        _ table: FlatTable, page: PageContext, fragment: Bool, caption: String, sortable: Bool = true,
        captionClass: String? = nil, arrangement: Arrangement
    ) -> String {
        var html = HTMLWriter(capacity: 1024 + table.rows.count * 640)
        writeTable(
            table, page: page, fragment: fragment, caption: caption, sortable: sortable, captionClass: captionClass,
            arrangement: arrangement, into: &html)
        return html.text
    }

    /// ``renderTable(_:page:fragment:caption:sortable:captionClass:arrangement:)``, written into
    /// `html`.
    ///
    /// - Parameter keptTexts: the rows' kept texts (``FormatInput/keptTexts``): under the route's
    ///   fixed columns each row is written once a snapshot for each arrangement of its cells.
    package static func writeTable(
        _ table: FlatTable, page: PageContext, fragment: Bool, caption: String, sortable: Bool = true,
        captionClass: String? = nil, arrangement: Arrangement, into html: inout HTMLWriter,
        keptTexts: (@Sendable (String, (Int) -> [UInt8]) -> [[UInt8]])? = nil
    ) {
        let slots = arrangement.slots
        let sorting = sortable && !fragment && page.canSort && page.route.columns != nil
        // On a page, a phone shows each row as a card of labelled cells (`hig-reflow`); a fragment
        // leaves its layout to the embedding site.
        html.write(
            fragment
                ? "<table class=\"hig-table\">\n<caption"
                : sorting
                    ? "<table class=\"hig-table hig-reflow hig-sortable\">\n<caption"
                    : "<table class=\"hig-table hig-reflow\">\n<caption")
        if !fragment { html.write(" id=\"table-caption\"") }
        if let captionClass {
            html.write(" class=\"")
            html.write(captionClass)
            html.write("\"")
        }
        html.write(">")
        html.write(escaping: caption)
        html.write("</caption>\n")
        guard !slots.isEmpty else { return html.write("</table>") }
        html.write("<thead><tr>")
        // Every heading links to the page without `sort` and `offset` and then its own `sort`
        // (the order ``PageContext/link(format:changing:)`` writes them in): that part is
        // written once, not once a heading.
        var sortLink: (base: [UInt8], hasPairs: Bool) = ([], false)
        if sorting {
            sortLink.hasPairs = page.appendLink(
                changing: [("sort", nil), ("offset", nil)], forHTML: true, to: &sortLink.base)
        }
        // Each heading escaped once, for its `th` and every row's `data-label`.
        var headers: [String] = []
        headers.reserveCapacity(slots.count)
        for slot in slots {
            guard case .column(let column, _) = slot else {
                headers.append("")
                html.write("<th scope=\"col\">Status and source</th>")
                continue
            }
            let header = escape(column.header)
            headers.append(header)
            // A number's or a color's heading wraps above its narrow cells: five color columns
            // with headings on one line pushed a color table's source past a 1280 px view.
            let numeric = column.kind == .number || column.kind == .color
            html.write(numeric ? "<th scope=\"col\" class=\"hig-num\"" : "<th scope=\"col\"")
            guard sorting else {
                html.write(">")
                html.write(header)
                html.write("</th>")
                continue
            }
            let key = column.key == FigureDisplay.key ? "value" : column.sortKey
            let state: String? = page.sort == key ? "ascending" : page.sort == "-" + key ? "descending" : nil
            let next = state == "ascending" ? "-" + key : key
            if let state {
                html.write(" aria-sort=\"")
                html.write(state)
                html.write("\"")
            }
            html.write("><a href=\"")
            // The page's link with this `sort` and no `offset`: the shared part, then the order.
            html.write(sortLink.base)
            html.write(sortLink.hasPairs ? "&amp;sort=" : "?sort=")
            html.write(percentEncoding: next)
            html.write("\" title=\"Sort by ")
            html.write(header)
            html.write("\">")
            html.write(header)
            html.write(state == "ascending" ? " ▲</a></th>" : state == "descending" ? " ▼</a></th>" : "</a></th>")
        }
        html.write("</tr></thead>\n<tbody>\n")
        // A page of rows from several of Apple's tables reads table by table: a heading row where
        // the grouping field's value changes.
        let group = fragment ? nil : page.route.layout?.group
        var groupValue: String?
        // Each citation's link written once: the rows of one table mostly cite the same sections.
        var citationLinks: [FlatTable.Citation: [UInt8]] = [:]
        let citesInRows = slots.contains(where: { if case .column = $0 { false } else { true } })
        func writeRow(_ row: FlatTable.Row, into html: inout HTMLWriter) {
            if citesInRows {
                for citation in row.citations where citationLinks[citation] == nil {
                    var link = HTMLWriter()
                    writeCitationLink(citation, into: &link)
                    citationLinks[citation] = link.bytes
                }
            }
            html.write("<tr>")
            for (position, slot) in slots.enumerated() {
                guard case .column(let column, let figure) = slot else {
                    html.write(
                        fragment
                            ? "<td class=\"hig-source\">" : "<td class=\"hig-source\" data-label=\"Status and source\">"
                    )
                    writeSourceContent(table, row, folded: !fragment, links: citationLinks, into: &html)
                    html.write("</td>")
                    continue
                }
                let value = table.cell(row, column.key) ?? ""
                html.write("<td")
                writeCellClass(column, figure: figure, first: position == 0 && arrangement.linksName, into: &html)
                if !fragment {
                    html.write(" data-label=\"")
                    html.write(headers[position])
                    html.write("\"")
                }
                html.write(">")
                // The name leading a row links to the row's record (a search result's title too).
                if position == 0, arrangement.linksName, !value.isEmpty, column.kind == .text,
                    let id = table.cell(row, "id")
                {
                    writeRecordLink(id, text: value, site: page.site, into: &html)
                } else {
                    writeCellContent(value, column: column, fragment: fragment, site: page.site, into: &html)
                }
                html.write("</td>")
            }
            html.write("</tr>\n")
        }
        // A row's cells depend on the row and its arrangement alone: under the route's fixed
        // columns they are kept with the snapshot, named by that arrangement.
        let kept: [[UInt8]]? =
            if let keptTexts, page.projection == nil, page.route.columns != nil {
                keptTexts(rowLayout(slots, page: page, fragment: fragment, linksName: arrangement.linksName)) {
                    var line = HTMLWriter()
                    writeRow(table.rows[$0], into: &line)
                    return line.bytes
                }
            } else {
                nil
            }
        for (index, row) in table.rows.enumerated() {
            if let group, let value = table.cell(row, group.field), value != groupValue {
                groupValue = value
                html.write("<tr class=\"hig-group\"><th scope=\"rowgroup\" colspan=\"")
                html.write(slots.count)
                html.write("\">")
                html.write(escaping: group.headings[value] ?? value)
                html.write("</th></tr>\n")
            }
            if let kept { html.write(kept[index]) } else { writeRow(row, into: &html) }
        }
        html.write("</tbody>\n</table>")
    }

    /// The name a row's kept text is kept under (``FormatInput/keptTexts``): the route, the page
    /// or fragment, whether the name links, and each cell's column key (with whether it is shown
    /// as a figure), so two tables that lay a row out differently never share its text. Under a
    /// route's fixed columns a key names one column: the route's own, or a field outside them,
    /// headed by its name (``shownColumns(_:route:)``).
    private static func rowLayout(_ slots: [Slot], page: PageContext, fragment: Bool, linksName: Bool) -> String {
        var layout = "html\u{0}" + page.route.template
        layout += fragment ? "\u{0}f" : "\u{0}p"
        layout += linksName ? "l" : "-"
        for slot in slots {
            guard case .column(let column, let figure) = slot else {
                layout += "\u{0}\u{1}"
                continue
            }
            layout += figure ? "\u{0}\u{2}" : "\u{0}"
            layout += column.key
        }
        return layout
    }

    package static let longFields: Set<String> = [
        "notes", "quote", "claim", "correction", "snippet", "message", "title", "reading", "force",
    ]

    /// A cell's `class` attribute, or nothing for a cell with no class.
    private static func writeCellClass(
        _ column: TableColumn, figure: Bool = false, first: Bool = false, into html: inout HTMLWriter
    ) {
        let kindClass: String? =
            switch column.kind {
            case .number, .color: "hig-num"
            case .id: "hig-id"
            default:
                longFields.contains(column.key)
                    ? "hig-long" : column.key == "name" || column.key == "device" || first ? "hig-name" : nil
            }
        // The browser check finds the figures by this class, to measure that they are in view.
        switch (kindClass, figure) {
        case (nil, false): return
        case (nil, true): html.write(" class=\"hig-figure\"")
        case (let kindClass?, _):
            html.write(" class=\"")
            html.write(kindClass)
            html.write(figure ? " hig-figure\"" : "\"")
        }
    }

    package static func cellContent(_ value: String, column: TableColumn, fragment: Bool, site: Site) -> String {
        var html = HTMLWriter()
        writeCellContent(value, column: column, fragment: fragment, site: site, into: &html)
        return html.text
    }

    /// ``cellContent(_:column:fragment:site:)``, written into `html`.
    package static func writeCellContent(
        _ value: String, column: TableColumn, fragment: Bool, site: Site, into html: inout HTMLWriter
    ) {
        switch column.kind {
        case .id where !fragment, .references where !fragment:
            // Most cells hold one id: with no `;` there is nothing to split.
            guard value.utf8.contains(UInt8(ascii: ";")) else {
                if !value.isEmpty { writeRecordLink(value, site: site, into: &html) }
                return
            }
            for (index, id) in value.split(separator: "; ").enumerated() {
                if index > 0 { html.write(", ") }
                writeRecordLink(String(id), site: site, into: &html)
            }
        case .color where value.utf8.count == 7 && value.hasPrefix("#") && value.dropFirst().allSatisfy(\.isHexDigit):
            // Only `#` and hex digits reach the style attribute, so nothing can leave it.
            html.write("<span class=\"hig-swatch\" role=\"img\" aria-label=\"swatch ")
            html.write(value)
            html.write(
                "\" style=\"display:inline-block;width:1.1em;height:1.1em;margin-right:.35em;vertical-align:-.2em;border:1px solid rgba(128,128,128,.6);border-radius:3px;background:"
            )
            html.write(value)
            html.write("\"></span>")
            html.write(escaping: value)
        default:
            html.write(escaping: value)
        }
    }

    /// `text` (escaped; the id itself when `nil`) as a link to the record `id` names, or the text
    /// alone when the site serves no record of that id.
    package static func recordLink(_ id: String, text: String? = nil, site: Site) -> String {
        var html = HTMLWriter()
        writeRecordLink(id, text: text, site: site, into: &html)
        return html.text
    }

    /// ``recordLink(_:text:site:)``, written into `html`.
    package static func writeRecordLink(_ id: String, text: String? = nil, site: Site, into html: inout HTMLWriter) {
        guard let path = site.recordPath(for: id) else { return html.write(escaping: text ?? id) }
        html.write("<a href=\"")
        html.write(escaping: path)
        html.write("\">")
        html.write(escaping: text ?? id)
        html.write("</a>")
    }

    /// The status in words with a mark (never colour alone), the citations as links, and for a
    /// convention why it is one and which pages were searched.
    ///
    /// With `folded`, why a convention is one waits behind a disclosure, so it does not make the
    /// row tall.
    package static func sourceContent(_ table: FlatTable, _ row: FlatTable.Row, folded: Bool = false) -> String {
        var html = HTMLWriter()
        writeSourceContent(table, row, folded: folded, into: &html)
        return html.text
    }

    /// ``sourceContent(_:_:folded:)``, written into `html`: its parts separated by a space.
    /// `links` holds ``writeCitationLink(_:into:)``'s bytes of citations written already.
    package static func writeSourceContent(
        _ table: FlatTable, _ row: FlatTable.Row, folded: Bool = false, links: [FlatTable.Citation: [UInt8]] = [:],
        into html: inout HTMLWriter
    ) {
        var empty = true
        if let status = table.cell(row, "status") {
            empty = false
            html.write("<span class=\"hig-status")
            if status == "published" || status == "convention" {
                html.write(" hig-status-")
                html.write(status)
            }
            html.write("\">")
            html.write(escaping: status.capitalizedFirst)
            html.write("</span>")
        }
        if !row.citations.isEmpty {
            if !empty { html.write(" ") }
            empty = false
            for (index, citation) in row.citations.enumerated() {
                html.write(index > 0 ? "<br><span class=\"hig-cite\">" : "<span class=\"hig-cite\">")
                if let link = links[citation] {
                    html.write(link)
                } else {
                    writeCitationLink(citation, into: &html)
                }
                html.write("</span>")
            }
        }
        // A check result carries its figure's basis under `metric`.
        if let reason = table.cell(row, "basis_reason") ?? table.cell(row, "metric_basis_reason") {
            if !empty { html.write(" ") }
            html.write(
                folded
                    ? "<details class=\"hig-basis\"><summary>Why a convention</summary>" : "<span class=\"hig-basis\">")
            html.write(escaping: reason)
            if let searched = table.cell(row, "basis_searched") ?? table.cell(row, "metric_basis_searched") {
                html.write(" Searched: ")
                html.write(escaping: searched)
                html.write(".")
            }
            html.write(folded ? "</details>" : "</span>")
        }
    }

    package static func citationLink(_ citation: FlatTable.Citation) -> String {
        var html = HTMLWriter()
        writeCitationLink(citation, into: &html)
        return html.text
    }

    /// ``citationLink(_:)``, written into `html`.
    package static func writeCitationLink(_ citation: FlatTable.Citation, into html: inout HTMLWriter) {
        let linked = MarkdownRenderer.linkTarget(citation.url) != nil
        if linked {
            html.write("<a href=\"")
            html.write(escaping: citation.url)
            html.write("\"")
            if let quote = citation.quote {
                html.write(" title=\"")
                html.write(escaping: quote)
                html.write("\"")
            }
            html.write(">")
        }
        html.write(escaping: citation.page)
        if let section = citation.section, !section.isEmpty {
            html.write(" — ")
            html.write(escaping: section)
        }
        if linked { html.write("</a>") }
    }

}
