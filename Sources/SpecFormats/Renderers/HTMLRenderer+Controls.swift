extension HTMLRenderer {
    // MARK: - Around the table

    /// "This data as …": a link for each format the page's route declares that pages offer
    /// (``Format/pageLink``), in the route's order, then the embeddable table.
    package static func formatLinks(_ page: PageContext) -> String {
        var html = HTMLWriter()
        writeFormatLinks(page, into: &html)
        return html.text
    }

    /// ``formatLinks(_:)``, written into `html`.
    package static func writeFormatLinks(_ page: PageContext, into html: inout HTMLWriter) {
        html.write("<p class=\"formats\">This data as ")
        for format in page.route.formats {
            guard let words = format.pageLink else { continue }
            html.write("<a href=\"")
            html.writeLink(page, format: format.rawValue)
            html.write("\">")
            html.write(words)
            html.write("</a> · ")
        }
        html.write("<a href=\"")
        html.writeLink(page, format: "html", changing: [("fragment", "true")])
        html.write("\">table only, to embed</a></p>\n")
    }

    /// A search box that filters the table: a plain GET to this same page with `q=`
    /// (``PageRoute/takesWords``), so it works with no script. It keeps the filters, the order, the
    /// page size, the columns and the pinned version, and starts again at the first page.
    package static func writeCollectionSearch(_ page: PageContext, into html: inout HTMLWriter) {
        guard page.parameter == nil, let noun = page.route.recordNoun, page.route.takesWords else { return }
        let current = page.applied.first { $0.name == "q" }?.value
        html.write("<form class=\"hig-search hig-search-here\" method=\"get\" action=\"")
        html.write(escaping: page.path)
        html.write("\" role=\"search\" aria-label=\"Search the ")
        html.write(noun)
        html.write("\">\n<input type=\"hidden\" name=\"format\" value=\"html\">")
        for (key, value) in page.keptBySearch {
            html.write("<input type=\"hidden\" name=\"")
            html.write(escaping: key)
            html.write("\" value=\"")
            html.write(escaping: value)
            html.write("\">")
        }
        html.write("\n<label for=\"search-here\">Search the ")
        html.write(noun)
        html.write("</label>\n<input id=\"search-here\" name=\"q\" type=\"search\" value=\"")
        html.write(escaping: current ?? "")
        html.write("\" required>\n<button type=\"submit\">Search</button>\n")
        if current != nil {
            html.write("<a href=\"")
            html.writeLink(page, changing: [("q", nil), ("offset", nil)])
            html.write("\">Every row</a>\n")
        }
        html.write("</form>\n")
    }

    /// A plain GET form, one field per filter the route defines; a blank field means any value.
    package static func filterForm(_ page: PageContext) -> String {
        var html = HTMLWriter()
        writeFilterForm(page, into: &html)
        return html.text
    }

    /// ``filterForm(_:)``, written into `html`: kept (``PageContext/keptPart``) under the inputs
    /// it reads, as every page of one filter shows the same form.
    package static func writeFilterForm(_ page: PageContext, into html: inout HTMLWriter) {
        guard !page.fields.isEmpty else { return }
        guard let keptPart = page.keptPart else { return writeForm(page, into: &html) }
        html.write(
            keptPart(formName(page)) {
                var form = HTMLWriter()
                writeForm(page, into: &form)
                return form.bytes
            })
    }

    /// What a filter form reads besides the store version's data (its fields' choices and
    /// counts, which follow from the route, the version, the filters and the words): the path,
    /// the pinned version, the order and the filters as applied, in their order.
    private static func formName(_ page: PageContext) -> String {
        var name = "form\u{0}" + page.path + "\u{0}" + (page.pinnedVersion ?? "\u{1}")
        name += "\u{0}" + (page.sort ?? "\u{1}")
        for (field, value) in page.applied {
            name += "\u{0}" + field + "\u{2}" + value
        }
        return name
    }

    private static func writeForm(_ page: PageContext, into html: inout HTMLWriter) {
        let search = page.route.kind == .search
        if !search {
            // A phone shows the form and the sortable headings only once this box is ticked
            // (ticked already when filters or an order are applied), so the rows are on the first
            // screen; a wider screen shows no box, and the form and headings always (SiteStyle).
            html.write("<input type=\"checkbox\" id=\"filters-shown\" class=\"hig-filter-toggle\"")
            html.write(page.applied.isEmpty && page.sort == nil ? ">" : " checked>")
            html.write("<label for=\"filters-shown\" class=\"hig-filter-toggle\">Show ")
            if page.route.kind == .check {
                html.write("the measurement to check")
            } else {
                html.write("the filters and sort order")
                if !page.applied.isEmpty {
                    html.write(" (")
                    html.write(page.applied.count)
                    html.write(" applied)")
                }
            }
            html.write("</label>\n")
        }
        html.write("<form class=\"hig-filters\" method=\"get\" action=\"")
        html.write(escaping: page.path)
        html.write(search ? "\" aria-label=\"Search\">\n" : "\" aria-label=\"Filter\">\n")
        html.write("<input type=\"hidden\" name=\"format\" value=\"html\">\n")
        let marker = PageContext.formMarker
        html.write("<input type=\"hidden\" name=\"")
        html.write(marker.name)
        html.write("\" value=\"")
        html.write(marker.value)
        html.write("\">\n")
        if let version = page.pinnedVersion {
            html.write("<input type=\"hidden\" name=\"version\" value=\"")
            html.write(escaping: version)
            html.write("\">\n")
        }
        if let sort = page.sort {
            html.write("<input type=\"hidden\" name=\"sort\" value=\"")
            html.write(escaping: sort)
            html.write("\">\n")
        }
        // The words of the search box, kept as the filters change.
        if page.route.takesWords, let words = page.applied.first(where: { $0.name == "q" })?.value {
            html.write("<input type=\"hidden\" name=\"q\" value=\"")
            html.write(escaping: words)
            html.write("\">\n")
        }
        for field in page.fields {
            let id = "filter-" + field.name
            let current = page.applied.first { $0.name == field.name }?.value
            html.write("<div class=\"field\"><label for=\"")
            html.write(id)
            html.write("\">")
            html.write(escaping: field.name == "q" ? "Words" : TableColumn.words(field.name))
            html.write("</label>")
            if !field.choices.isEmpty {
                html.write("<select id=\"")
                html.write(id)
                html.write("\" name=\"")
                html.write(escaping: field.name)
                html.write("\" aria-describedby=\"")
                html.write(id)
                html.write("-help\"><option value=\"\">any</option>")
                let wanted = current?.lowercased()
                let counts = page.counts[field.name]
                for choice in field.choices {
                    let selected = wanted.map { $0 == choice.lowercased() } == true
                    // The count says how many rows the choice gives: the facets of the table.
                    if let count = counts?[choice] {
                        html.write("<option value=\"")
                        html.write(escaping: choice)
                        html.write(selected ? "\" selected>" : "\">")
                        html.write(escaping: choice)
                        html.write(" (")
                        html.write(count)
                        html.write(")</option>")
                    } else if let label = field.choiceLabels[choice] {
                        html.write("<option value=\"")
                        html.write(escaping: choice)
                        html.write(selected ? "\" selected>" : "\">")
                        html.write(escaping: label)
                        html.write("</option>")
                    } else {
                        html.write(selected ? "<option selected>" : "<option>")
                        html.write(escaping: choice)
                        html.write("</option>")
                    }
                }
                html.write("</select>")
            } else {
                let required = field.isRequired || (search && field.name == "q")
                html.write("<input id=\"")
                html.write(id)
                html.write("\" name=\"")
                html.write(escaping: field.name)
                html.write(
                    field.isNumber
                        ? "\" type=\"text\" inputmode=\"decimal\" value=\""
                        : search ? "\" type=\"search\" value=\"" : "\" type=\"text\" value=\"")
                html.write(escaping: current ?? "")
                html.write("\" aria-describedby=\"")
                html.write(id)
                html.write(required ? "-help\" required>" : "-help\">")
            }
            html.write("<small id=\"")
            html.write(id)
            html.write("-help\">")
            html.write(escaping: field.summary)
            html.write("</small></div>\n")
        }
        let action =
            switch page.route.kind {
            case .search: "Search"
            case .check: "Check"
            case .diff: "Compare"
            default: "Apply filters"
            }
        html.write("<div class=\"field\"><button type=\"submit\">")
        html.write(action)
        html.write("</button></div>\n")
        // Clearing a required field would only lead to a 400.
        if !page.applied.isEmpty, !search, !page.fields.contains(where: \.isRequired) {
            html.write("<div class=\"field\"><a href=\"")
            html.write(escaping: page.path)
            html.write("\">Clear filters</a></div>\n")
        }
        html.write("</form>\n")
    }

    /// The order the rows are in, in words, when `sort=` set it (the heading carries ▲ or ▼ too).
    package static func sortLine(_ page: PageContext) -> String {
        guard let sort = page.sort, !sort.isEmpty else { return "" }
        let descending = sort.hasPrefix("-")
        let key = descending ? String(sort.dropFirst()) : sort
        let column = page.route.columns?.first { $0.sortKey == key }
        let name = column?.header ?? key
        let direction =
            column?.kind == .number
            ? (descending ? "largest first" : "smallest first") : (descending ? "Z to A" : "A to Z")
        return "<p class=\"hig-constant\">Sorted by \(escape(name)), \(direction).</p>\n"
    }

    /// The values every row shares, said once instead of in a column of repeats.
    package static func writeConstantLine(_ constant: [(TableColumn, String)], into html: inout HTMLWriter) {
        guard !constant.isEmpty else { return }
        html.write("<p class=\"hig-constant\">The same in every row: ")
        for (index, (column, value)) in constant.enumerated() {
            html.write(
                index > 0
                    ? " · <span class=\"hig-same\"><span class=\"hig-same-name\">"
                    : "<span class=\"hig-same\"><span class=\"hig-same-name\">")
            html.write(escaping: column.header)
            html.write("</span> ")
            html.write(escaping: value)
            html.write("</span>")
        }
        html.write("</p>\n")
    }

    /// The columns the page leaves out, each a link that adds it with `fields=` (and, once the
    /// reader has picked, one that takes each picked column away, and one back to the default).
    /// Plain links, so the picker works with no script and each choice has its own address.
    package static func writeColumnPicker(_ arrangement: Arrangement, page: PageContext, into html: inout HTMLWriter) {
        guard let fields = arrangement.fields else { return }
        let picker =
            page.projection == nil
            ? arrangement.picker ?? ColumnPicker(offering: arrangement.hidden, fields: fields)
            : ColumnPicker(offering: arrangement.hidden, fields: fields)
        guard !picker.offersNone || page.projection != nil else { return }
        html.write(picker.opening)
        // Each link is the page's without `fields` and `offset`, then its own `fields` (the order
        // ``PageContext/link(format:changing:)`` writes them in): that part is written once.
        var base: [UInt8] = []
        let hasPairs = page.appendLink(changing: [("fields", nil), ("offset", nil)], forHTML: true, to: &base)
        for link in hasPairs ? picker.afterPairs : picker.alone {
            html.write("<li><a href=\"")
            html.write(base)
            html.write(link)
        }
        if let projection = page.projection {
            func link(_ fields: [String]?, _ html: inout HTMLWriter) {
                html.write("<li><a href=\"")
                html.write(base)
                if let fields {
                    html.write(hasPairs ? "&amp;fields=" : "?fields=")
                    html.write(percentEncoding: fields.joined(separator: ","))
                }
                html.write("\">")
            }
            for slot in arrangement.slots {
                guard case .column(let column, _) = slot else { continue }
                let dropped = projection.filter { $0 != column.sortKey }
                guard dropped.count < projection.count, !dropped.isEmpty else { continue }
                link(dropped, &html)
                html.write("Remove <span class=\"hig-col\">")
                html.write(escaping: column.header)
                html.write("</span></a></li>")
            }
            link(nil, &html)
            html.write("The default columns</a></li>")
        }
        html.write("</ul></details>\n")
    }

    /// What a column picker writes whatever the page's other parameters: its opening, and each
    /// "Add" link after the page's own link (``PageContext/appendLink(format:changing:forHTML:to:)``
    /// less `fields` and `offset`), both when that link has pairs (`&amp;fields=`) and when it
    /// has none (`?fields=`). Made with an arrangement, and kept with it.
    package struct ColumnPicker: Sendable {
        package var opening: [UInt8]
        package var afterPairs: [[UInt8]]
        package var alone: [[UInt8]]
        /// Whether no column is offered.
        package var offersNone: Bool

        /// The picker offering `hidden` (less those whose field the page asks for already, as a
        /// figure's parts) to a page showing `fields`.
        package init(offering hidden: [TableColumn], fields: [String]) {
            let offered = hidden.map { ($0, $0.sortKey) }.filter { !fields.contains($0.1) }
            offersNone = offered.isEmpty
            var head = HTMLWriter()
            head.write("<details class=\"hig-columns\"><summary>")
            if offered.isEmpty {
                head.write("Columns")
            } else {
                head.write("Columns: ")
                head.write(offered.count)
                head.write(" more")
            }
            head.write("</summary><ul>")
            opening = head.bytes
            // An added column's link holds the page's fields, then its own: the page's are
            // encoded once (encoding goes byte by byte, so the joined list encodes as its parts
            // with an encoded `,` between).
            var encodedFields: [UInt8] = []
            PercentEncoding.append(fields.joined(separator: ","), to: &encodedFields)
            func links(_ hasPairs: Bool) -> [[UInt8]] {
                func link(adding added: some Collection<String>, then text: (inout HTMLWriter) -> Void) -> [UInt8] {
                    var html = HTMLWriter()
                    html.write(hasPairs ? "&amp;fields=" : "?fields=")
                    html.write(encodedFields)
                    for (index, field) in added.enumerated() {
                        if !fields.isEmpty || index > 0 { html.write("%2C") }
                        html.write(percentEncoding: field)
                    }
                    html.write("\">")
                    text(&html)
                    return html.bytes
                }
                var made = offered.map { column, field in
                    link(adding: CollectionOfOne(field)) { html in
                        html.write("Add <span class=\"hig-col\">")
                        html.write(escaping: column.header)
                        html.write("</span></a></li>")
                    }
                }
                if offered.count > 1 {
                    made.append(link(adding: offered.map(\.1)) { $0.write("Add every column</a></li>") })
                }
                return made
            }
            afterPairs = links(true)
            alone = links(false)
        }
    }

    package static func notes(_ notes: [String]) -> String {
        var html = HTMLWriter()
        writeNotes(notes, into: &html)
        return html.text
    }

    /// ``notes(_:)``, written into `html`.
    package static func writeNotes(_ notes: [String], into html: inout HTMLWriter) {
        guard !notes.isEmpty else { return }
        html.write("<div class=\"notes\" role=\"note\">")
        for note in notes {
            html.write("<p>")
            html.write(escaping: note)
            html.write("</p>")
        }
        html.write("</div>\n")
    }

    /// Previous and next links when the rows are paged (`limit`, `offset`).
    package static func writePaging(_ page: PageContext, count: Int, into html: inout HTMLWriter) {
        guard page.canPage, let limit = page.limit, limit > 0 else { return }
        html.write("<nav class=\"paging\" aria-label=\"Pages\">")
        if page.offset > 0 {
            let previous = max(0, page.offset - limit)
            html.write("<a rel=\"prev\" href=\"")
            html.writeLink(page, changing: [("offset", previous > 0 ? String(previous) : nil)])
            html.write("\">← Previous ")
            html.write(limit)
            html.write("</a> ")
        }
        html.write("<span>Rows ")
        html.write(count == 0 ? 0 : page.offset + 1)
        html.write("–")
        html.write(page.offset + count)
        if let total = page.total {
            html.write(" of ")
            html.write(total)
        }
        html.write("</span>")
        if page.total.map({ page.offset + count < $0 }) ?? (count == limit) {
            html.write(" <a rel=\"next\" href=\"")
            html.writeLink(page, changing: [("offset", String(page.offset + limit))])
            html.write("\">Next ")
            html.write(limit)
            html.write(" →</a>")
        }
        html.write("</nav>\n")
    }

}
