import JSON
import SpecStore

/// Writes tables and records as HTML pages for people: headings in words with units, each
/// figure's status and source, a caption saying what the table is and which filters produced
/// it, links to every record, the same data in other formats, a filter form, sortable headings
/// and paging. With `fragment=true` only a self-contained `<table class="hig-table">`.
///
/// Every value is escaped; only http and https citation URLs become links.
package enum HTMLRenderer {
    /// Rows on a collection's page when the request sets no `limit`: about two screens at
    /// 1280 px, and under ten on a phone, where each row is a card.
    package static let pageSize = 25

    /// A collection's page (or, with `fragment`, its table alone).
    package static func render(_ table: FlatTable, page: PageContext, fragment: Bool) -> String {
        let caption = MarkdownRenderer.caption(table, page: page)
        // On a page the lead paragraph above says what the caption says, where a phone shows it
        // whole; the caption stays for screen readers and as the scrolling box's name.
        let arrangement = arrangement(table, page: page, fragment: fragment)
        let tableElement = renderTable(
            table, page: page, fragment: fragment, caption: caption, captionClass: fragment ? nil : "visually-hidden",
            arrangement: arrangement)
        guard !fragment else { return tableElement }
        // A bare GET of the check page: one row, the measurement missing (a POSTed batch has rows
        // of its own, whatever the query).
        if page.route.kind == .check, page.applied.isEmpty, table.rows.count == 1,
            let code = table.cell(table.rows[0], "error_code"), code == "missing_parameter"
        {
            return emptyCheckPage(table, page: page)
        }
        var body = "<h1>\(escape(table.title))</h1>\n"
        body += "<p class=\"lead\">\(escape(caption))</p>\n"
        body += formatLinks(page)
        body += collectionSearch(page)
        body += filterForm(page)
        body += notes(table.notes)
        if page.route.kind == .collection(.dynamicType) { body += TypeScaleChart.figures(table) }
        if page.route.kind == .diff, table.columns.contains("change") {
            // A change log rather than one table of every kind of change.
            body += DiffLog.html(table, steps: page.versionSteps, site: page.site)
            let crumbs: [(String, String?)] = [("Home", "/"), (table.title, nil)]
            return SitePage.render(
                title: table.title, crumbs: crumbs, current: page.route.template, version: table.version, body: body,
                site: page.site)
        }
        if page.route.kind == .collection(.dynamicType), page.limit == nil, page.projection == nil,
            table.rows.count > pageSize
        {
            // Every row, as Apple prints them: styles down, categories across.
            body += TypeSizeTable.html(table)
            body +=
                "<p class=\"formats\"><a href=\"\(page.escapedLink(changing: [("limit", String(pageSize))]))\">Every row with its own status and source, \(pageSize) at a time</a></p>\n"
            let crumbs: [(String, String?)] = [("Home", "/"), (table.title, nil)]
            return SitePage.render(
                title: table.title, crumbs: crumbs, current: page.route.template, version: table.version, body: body,
                site: page.site)
        }
        body += sortLine(page)
        body += constantLine(arrangement.constant)
        body += columnPicker(arrangement, page: page)
        body +=
            "<div class=\"hig-scroll\" role=\"region\" aria-labelledby=\"table-caption\" tabindex=\"0\">\n"
            + tableElement + "\n</div>\n"
        body += paging(page, count: table.rows.count)
        let crumbs: [(String, String?)] = [("Home", "/"), (table.title, nil)]
        let current = page.site.links(page.route.template) ? page.route.template : nil
        return SitePage.render(
            title: table.title, crumbs: crumbs, current: current, version: table.version, body: body, site: page.site)
    }

    /// The check page before anything is submitted: what to do and the form, open at every width,
    /// with no result and no error (the API's answer to the bare route, "figure is required",
    /// belongs to a program that forgot a parameter, not to a reader who has not started).
    package static func emptyCheckPage(_ table: FlatTable, page: PageContext) -> String {
        var body = "<h1>Check a measurement</h1>\n"
        body +=
            "<p class=\"lead\">Choose a figure, or an element and its platform, give what you measured, and "
            + "press Check: the verdict, its severity and Apple's words with their citation appear here. "
            + "A convention missed is never a HIG violation.</p>\n"
        // Ticked, so a phone shows the form at once; a wider screen always shows it.
        body += filterForm(page).replacingOccurrences(
            of: "id=\"filters-shown\" class=\"hig-filter-toggle\">",
            with: "id=\"filters-shown\" class=\"hig-filter-toggle\" checked>")
        body +=
            "<p class=\"formats\">Or ask for one: <a href=\"\(escape(page.path))?figure=metric.controls.ios.minimum-size"
            + "&amp;width=40&amp;height=40\">a 40×40 pt button against the iOS minimum</a> · "
            + "<a href=\"\(escape(page.path))?element=button&amp;platform=ios&amp;width=40&amp;height=40\">every "
            + "figure for a button on iOS</a>. Programs post a JSON array of measurements to the same URL.</p>\n"
        let crumbs: [(String, String?)] = [("Home", "/"), ("Check a measurement", nil)]
        return SitePage.render(
            title: "Check a measurement", crumbs: crumbs, current: nil, version: table.version, body: body,
            site: page.site)
    }

    /// A record's page: its fields as a list, its status and source, and for a device its screen
    /// drawn to scale with the widget sizes Apple publishes for it.
    package static func renderRecord(_ item: JSONValue, table: FlatTable, page: PageContext, fragment: Bool) -> String {
        let caption = MarkdownRenderer.caption(table, page: page)
        guard !fragment else { return renderTable(table, page: page, fragment: true, caption: caption) }
        let collection = page.site.collectionRoute(for: item["id"]?.stringValue ?? "") ?? page.route
        let name = recordTitle(item) ?? table.title
        var body = "<h1>\(escape(name))</h1>\n"
        body +=
            "<p class=\"lead\">\(escape(page.route.title)) record <code>\(escape(item["id"]?.stringValue ?? ""))</code>, store version \(escape(table.version)).</p>\n"
        body += formatLinks(page)
        body += notes(table.notes)
        body += "<div class=\"record-layout\">\n"
        if let row = table.rows.first {
            body += "<dl class=\"record\">\n"
            for column in shownColumns(table, route: collection) {
                guard let index = table.columns.firstIndex(of: column.key), let value = row.cells[index],
                    !value.isEmpty
                else { continue }
                // Apple's words are a quotation, from the page the record cites.
                let quoted = column.key == "quote" || column.key == "citation_quote"
                let cite = row.citations.first.flatMap { MarkdownRenderer.linkTarget($0.url) }.map {
                    " cite=\"\(escape($0))\""
                }
                let content =
                    quoted
                    ? "<blockquote class=\"hig-quote\"\(cite ?? "")><p>\(escape(value))</p></blockquote>"
                    : cellContent(value, column: column, fragment: false, site: page.site)
                body += "<dt>\(escape(column.header))</dt><dd>\(content)</dd>\n"
            }
            if hasSource(table, route: collection) {
                body += "<dt>Status and source</dt><dd>\(sourceContent(table, row))</dd>\n"
            }
            body += "</dl>\n"
        }
        if collection.kind == .collection(.devices) {
            body += "<figure>\n" + DeviceFigure.svg(item) + "\n<figcaption>"
            body += escape(DeviceFigure.caption(item))
            body +=
                " <a href=\"\(page.escapedLink(format: "svg"))\">This drawing as SVG</a>.</figcaption>\n</figure>\n"
        }
        body += "</div>\n"
        if collection.kind == .collection(.devices), let id = item["id"]?.stringValue {
            // The figures a reader of a device's page asks for next.
            let encoded = PercentEncoding.encoded(id)
            let related = [
                ("Its size classes", "/v1/size-classes?device=" + encoded),
                page.nearestWidgetScreen.map {
                    (
                        "Widget sizes for the nearest published screen, \($0.replacingOccurrences(of: "x", with: "×")) pt",
                        "/v1/widgets?screen=" + $0
                    )
                } ?? ("Its widget sizes", "/v1/widgets?device=" + encoded),
                ("Live Activity figures", "/v1/metrics?topic=live-activities"),
            ]
            body +=
                "<p class=\"formats\">Related: "
                + related.map { "<a href=\"\(escape($0.1))\">\($0.0)</a>" }.joined(separator: " · ") + "</p>\n"
        }
        body += relatedSection(page.related)
        if collection.kind == .collection(.devices) {
            let widgets = item["widgets"]?["items"]?.arrayValue ?? []
            if !widgets.isEmpty, let widgetRoute = page.site.route(of: .widgets) {
                body += "<h2>Widget sizes for this screen</h2>\n"
                let widgetTable = FlatTable(title: "Widget sizes", version: table.version, records: widgets)
                var widgetPage = PageContext(route: widgetRoute, site: page.site)
                widgetPage.applied = [("device", item["id"]?.stringValue ?? "")]
                let widgetCaption = "Widget sizes Apple publishes for the \(name) screen: \(widgets.count) rows."
                body +=
                    "<div class=\"hig-scroll\" role=\"region\" aria-labelledby=\"table-caption\" tabindex=\"0\">\n"
                    + renderTable(
                        widgetTable, page: widgetPage, fragment: false, caption: widgetCaption, sortable: false)
                    + "\n</div>\n"
            }
        }
        let crumbs: [(String, String?)] = [("Home", "/"), (collection.title, collection.template), (name, nil)]
        return SitePage.render(
            title: name, crumbs: crumbs, current: collection.template, version: table.version, body: body,
            site: page.site)
    }

    /// A record's related records, a list under a heading per group; empty when it has none.
    package static func relatedSection(_ related: RelatedRecords) -> String {
        guard !related.groups.isEmpty else { return "" }
        var html = "<section class=\"hig-related\" aria-labelledby=\"related-heading\">\n"
        html += "<h2 id=\"related-heading\">Related records</h2>\n"
        for group in related.groups {
            html += "<h3>\(escape(group.heading))</h3>\n<ul>\n"
            for link in group.links {
                html += "<li><a href=\"\(escape(link.path))\">\(escape(link.label))</a>"
                if let detail = link.detail { html += ": \(escape(detail))" }
                html += "</li>\n"
            }
            if let more = group.more { html += "<li><a href=\"\(escape(more.path))\">\(escape(more.label))</a></li>\n" }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }

    /// The heading of a record's page: its name where it has one (with its Dynamic Type
    /// category, which the name alone does not say), else words made from the fields that tell
    /// it apart (`SF Pro at 6 pt, iOS`; `Small widget, 430×932 pt screen, iOS`; `iPad Pro
    /// 12.9-inch, portrait`), else its id in words after the collection's prefix
    /// (`rule.tab-bars.navigation-not-actions` → `Tab bars · navigation not actions`).
    package static func recordTitle(_ item: JSONValue) -> String? {
        let n = DeviceFigure.number
        let platform = item["platform"]?.stringValue.map { ", " + platformName($0) } ?? ""
        if let name = item["name"]?.stringValue ?? item["label"]?.stringValue ?? item["title"]?.stringValue {
            guard let category = item["categoryLabel"]?.stringValue ?? item["category"]?.stringValue else {
                return name
            }
            return "\(name), \(category)"
        }
        if let font = item["font"]?.stringValue, let size = item["size"]?.doubleValue {
            return "\(font) at \(n(size)) pt\(platform)"
        }
        if let device = item["device"]?.stringValue, let orientation = item["orientation"]?.stringValue {
            return "\(device), \(orientation)"
        }
        if let id = item["id"]?.stringValue, id.hasPrefix("widget"), let family = item["family"]?.stringValue {
            var title = DeviceFigure.familyName(family) + " widget"
            if let width = item["screen"]?["width"]?.doubleValue, let height = item["screen"]?["height"]?.doubleValue {
                title += ", \(n(width))×\(n(height)) pt screen"
            }
            return title + platform
        }
        guard let id = item["id"]?.stringValue else { return nil }
        let parts = id.split(separator: ".").dropFirst().map {
            platformNames[String($0)] ?? String($0).replacingOccurrences(of: "-", with: " ")
        }
        guard let first = parts.first else { return id }
        let heading = platformNames.values.contains(first) ? first : first.capitalizedFirst
        return ([heading] + parts.dropFirst()).joined(separator: " · ")
    }

    package static let platformNames = [
        "ios": "iOS", "ipados": "iPadOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS",
        "visionos": "visionOS",
    ]

    package static func platformName(_ platform: String) -> String { platformNames[platform] ?? platform }

    // MARK: - The table

    /// The columns a page shows: the route's layout less the provenance columns (shown together
    /// in one cell) and less any column empty in every row shown, then fields the layout lacks.
    package static func shownColumns(_ table: FlatTable, route: PageRoute) -> [TableColumn] {
        let layout = route.columns(table: table)
        let omitted = route.omittedFields
        let known = Set(layout.map(\.key)).union(omitted)
        let extra = table.columns.filter {
            !known.contains($0) && !table.isCitationColumn($0) && !$0.hasPrefix("basis_") && !$0.contains("_basis_")
                && $0 != "status"
                // A device's widgets have their own table on its page.
                && !(route.kind == .collection(.devices) && $0.hasPrefix("widget"))
        }
        let candidates = layout.filter { $0.kind != .source } + extra.map { TableColumn($0, TableColumn.words($0)) }
        return candidates.filter { column in
            table.cells(of: column.key).contains { !($0 ?? "").isEmpty }
        }
    }

    package static func hasSource(_ table: FlatTable, route: PageRoute) -> Bool {
        table.rows.contains { row in
            !row.citations.isEmpty || table.cell(row, "status") != nil || table.cell(row, "basis_reason") != nil
                || table.cell(row, "metric_basis_reason") != nil
        }
    }

    /// One cell of a row as a page lays it out: a column, or the status and source cell.
    package enum Slot: Equatable {
        case column(TableColumn, figure: Bool)
        case source
    }

    /// The cells of a row in the order the table shows them, what the page says once instead of
    /// in every row, and the columns its picker offers.
    package struct Arrangement {
        package var slots: [Slot]
        package var constant: [(TableColumn, String)] = []
        package var hidden: [TableColumn] = []
        /// The fields behind the columns shown, for the picker's `fields=` links; `nil` where the
        /// page has no picker.
        package var fields: [String]?
        /// Whether the first column links to the row's record page.
        package var linksName = false
    }

    /// A page with a ``PageLayout`` shows its name, figures and status first and the rest behind
    /// the picker; a fragment, or a route without one, shows every column with the source last.
    package static func arrangement(_ table: FlatTable, page: PageContext, fragment: Bool) -> Arrangement {
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
            linksName: true)
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
        let slots = arrangement.slots
        let sorting = sortable && !fragment && page.canSort && page.route.columns != nil
        var captionID = fragment ? "" : " id=\"table-caption\""
        if let captionClass { captionID += " class=\"\(captionClass)\"" }
        // On a page, a phone shows each row as a card of labelled cells (`hig-reflow`); a fragment
        // leaves its layout to the embedding site.
        let tableClass = fragment ? "hig-table" : sorting ? "hig-table hig-reflow hig-sortable" : "hig-table hig-reflow"
        var html = "<table class=\"\(tableClass)\">\n<caption\(captionID)>\(escape(caption))</caption>\n"
        guard !slots.isEmpty else { return html + "</table>" }
        html += "<thead><tr>"
        for slot in slots {
            guard case .column(let column, _) = slot else {
                html += "<th scope=\"col\">Status and source</th>"
                continue
            }
            // A number's or a color's heading wraps above its narrow cells: five color columns
            // with headings on one line pushed a color table's source past a 1280 px view.
            let numeric = column.kind == .number || column.kind == .color ? " class=\"hig-num\"" : ""
            guard sorting else {
                html += "<th scope=\"col\"\(numeric)>\(escape(column.header))</th>"
                continue
            }
            let key = column.key == FigureDisplay.key ? "value" : column.sortKey
            let state: String? = page.sort == key ? "ascending" : page.sort == "-" + key ? "descending" : nil
            let next = state == "ascending" ? "-" + key : key
            let mark = state == "ascending" ? " ▲" : state == "descending" ? " ▼" : ""
            let ariaSort = state.map { " aria-sort=\"\($0)\"" } ?? ""
            let href = page.escapedLink(changing: [("sort", next), ("offset", nil)])
            html +=
                "<th scope=\"col\"\(numeric)\(ariaSort)><a href=\"\(href)\" title=\"Sort by \(escape(column.header))\">\(escape(column.header))\(mark)</a></th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        // A page of rows from several of Apple's tables reads table by table: a heading row where
        // the grouping field's value changes.
        let group = fragment ? nil : page.route.layout?.group
        var groupValue: String?
        for row in table.rows {
            if let group, let value = table.cell(row, group.field), value != groupValue {
                groupValue = value
                html +=
                    "<tr class=\"hig-group\"><th scope=\"rowgroup\" colspan=\"\(slots.count)\">\(escape(group.headings[value] ?? value))</th></tr>\n"
            }
            html += "<tr>"
            for (position, slot) in slots.enumerated() {
                guard case .column(let column, let figure) = slot else {
                    let label = fragment ? "" : " data-label=\"Status and source\""
                    html += "<td class=\"hig-source\"\(label)>\(sourceContent(table, row, folded: !fragment))</td>"
                    continue
                }
                let value = table.cell(row, column.key) ?? ""
                let label = fragment ? "" : " data-label=\"\(escape(column.header))\""
                var content = cellContent(value, column: column, fragment: fragment, site: page.site)
                // The name leading a row links to the row's record (a search result's title too).
                if position == 0, arrangement.linksName, !value.isEmpty, column.kind == .text,
                    let id = table.cell(row, "id")
                {
                    content = recordLink(id, text: value, site: page.site)
                }
                html +=
                    "<td\(cellClass(column, figure: figure, first: position == 0 && arrangement.linksName))\(label)>\(content)</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>"
        return html
    }

    package static let longFields: Set<String> = [
        "notes", "quote", "claim", "correction", "snippet", "message", "title", "reading", "force",
    ]

    private static func cellClass(_ column: TableColumn, figure: Bool = false, first: Bool = false) -> String {
        var classes: [String] =
            switch column.kind {
            case .number, .color: ["hig-num"]
            case .id: ["hig-id"]
            default:
                longFields.contains(column.key)
                    ? ["hig-long"] : column.key == "name" || column.key == "device" || first ? ["hig-name"] : []
            }
        // The browser check finds the figures by this class, to measure that they are in view.
        if figure { classes.append("hig-figure") }
        return classes.isEmpty ? "" : " class=\"" + classes.joined(separator: " ") + "\""
    }

    package static func cellContent(_ value: String, column: TableColumn, fragment: Bool, site: Site) -> String {
        switch column.kind {
        case .id where !fragment, .references where !fragment:
            value.split(separator: "; ").map { recordLink(String($0), site: site) }.joined(separator: ", ")
        case .color where value.utf8.count == 7 && value.hasPrefix("#") && value.dropFirst().allSatisfy(\.isHexDigit):
            // Only `#` and hex digits reach the style attribute, so nothing can leave it.
            "<span class=\"hig-swatch\" role=\"img\" aria-label=\"swatch \(value)\" style=\"display:inline-block;width:1.1em;height:1.1em;margin-right:.35em;vertical-align:-.2em;border:1px solid rgba(128,128,128,.6);border-radius:3px;background:\(value)\"></span>"
                + escape(value)
        default:
            escape(value)
        }
    }

    /// `text` (escaped; the id itself when `nil`) as a link to the record `id` names, or the text
    /// alone when the site serves no record of that id.
    package static func recordLink(_ id: String, text: String? = nil, site: Site) -> String {
        let shown = escape(text ?? id)
        guard let path = site.recordPath(for: id) else { return shown }
        return "<a href=\"\(escape(path))\">\(shown)</a>"
    }

    /// The status in words with a mark (never colour alone), the citations as links, and for a
    /// convention why it is one and which pages were searched.
    ///
    /// With `folded`, why a convention is one waits behind a disclosure, so it does not make the
    /// row tall.
    package static func sourceContent(_ table: FlatTable, _ row: FlatTable.Row, folded: Bool = false) -> String {
        var parts: [String] = []
        if let status = table.cell(row, "status") {
            let known = status == "published" || status == "convention"
            let styled = known ? " hig-status-\(status)" : ""
            parts.append("<span class=\"hig-status\(styled)\">\(escape(status.capitalizedFirst))</span>")
        }
        if !row.citations.isEmpty {
            parts.append(
                row.citations.map { "<span class=\"hig-cite\">\(citationLink($0))</span>" }.joined(separator: "<br>"))
        }
        // A check result carries its figure's basis under `metric`.
        if let reason = table.cell(row, "basis_reason") ?? table.cell(row, "metric_basis_reason") {
            var basis = escape(reason)
            if let searched = table.cell(row, "basis_searched") ?? table.cell(row, "metric_basis_searched") {
                basis += " Searched: \(escape(searched))."
            }
            parts.append(
                folded
                    ? "<details class=\"hig-basis\"><summary>Why a convention</summary>\(basis)</details>"
                    : "<span class=\"hig-basis\">\(basis)</span>")
        }
        return parts.joined(separator: " ")
    }

    package static func citationLink(_ citation: FlatTable.Citation) -> String {
        var label = citation.page
        if let section = citation.section, !section.isEmpty { label += " — " + section }
        let title = citation.quote.map { " title=\"\(escape($0))\"" } ?? ""
        guard MarkdownRenderer.linkTarget(citation.url) != nil else { return escape(label) }
        return "<a href=\"\(escape(citation.url))\"\(title)>\(escape(label))</a>"
    }

    // MARK: - Around the table

    /// "This data as …": a link for each format the page's route declares that pages offer
    /// (``Format/pageLink``), in the route's order, then the embeddable table.
    package static func formatLinks(_ page: PageContext) -> String {
        var links = page.route.formats.compactMap { format in
            format.pageLink.map { "<a href=\"\(page.escapedLink(format: format.rawValue))\">\($0)</a>" }
        }
        links.append(
            "<a href=\"\(page.escapedLink(format: "html", changing: [("fragment", "true")]))\">table only, to embed</a>"
        )
        return "<p class=\"formats\">This data as " + links.joined(separator: " · ") + "</p>\n"
    }

    /// A search box that filters the table: a plain GET to this same page with `q=`
    /// (``PageRoute/takesWords``), so it works with no script. It keeps the filters, the order, the
    /// page size, the columns and the pinned version, and starts again at the first page.
    package static func collectionSearch(_ page: PageContext) -> String {
        guard page.parameter == nil, let noun = page.route.recordNoun, page.route.takesWords else { return "" }
        let name = "q"
        let current = page.applied.first { $0.name == name }?.value
        var html =
            "<form class=\"hig-search hig-search-here\" method=\"get\" action=\"\(escape(page.path))\" role=\"search\" aria-label=\"Search the \(noun)\">\n"
        html += "<input type=\"hidden\" name=\"format\" value=\"html\">"
        for (key, value) in page.keptBySearch {
            html += "<input type=\"hidden\" name=\"\(escape(key))\" value=\"\(escape(value))\">"
        }
        html += "\n<label for=\"search-here\">Search the \(noun)</label>\n"
        html +=
            "<input id=\"search-here\" name=\"\(name)\" type=\"search\" value=\"\(escape(current ?? ""))\" required>\n"
        html += "<button type=\"submit\">Search</button>\n"
        if current != nil {
            html += "<a href=\"\(page.escapedLink(changing: [(name, nil), ("offset", nil)]))\">Every row</a>\n"
        }
        return html + "</form>\n"
    }

    /// A plain GET form, one field per filter the route defines; a blank field means any value.
    package static func filterForm(_ page: PageContext) -> String {
        guard !page.fields.isEmpty else { return "" }
        let search = page.route.kind == .search
        var html =
            "<form class=\"hig-filters\" method=\"get\" action=\"\(escape(page.path))\" aria-label=\"\(search ? "Search" : "Filter")\">\n"
        html += "<input type=\"hidden\" name=\"format\" value=\"html\">\n"
        let marker = PageContext.formMarker
        html += "<input type=\"hidden\" name=\"\(marker.name)\" value=\"\(marker.value)\">\n"
        if let version = page.pinnedVersion {
            html += "<input type=\"hidden\" name=\"version\" value=\"\(escape(version))\">\n"
        }
        if let sort = page.sort { html += "<input type=\"hidden\" name=\"sort\" value=\"\(escape(sort))\">\n" }
        // The words of the search box, kept as the filters change.
        if page.route.takesWords, let words = page.applied.first(where: { $0.name == "q" })?.value {
            html += "<input type=\"hidden\" name=\"q\" value=\"\(escape(words))\">\n"
        }
        for field in page.fields {
            let id = "filter-" + field.name
            let current = page.applied.first { $0.name == field.name }?.value
            let label = field.name == "q" ? "Words" : TableColumn.words(field.name)
            html += "<div class=\"field\"><label for=\"\(id)\">\(escape(label))</label>"
            if !field.choices.isEmpty {
                html += "<select id=\"\(id)\" name=\"\(escape(field.name))\" aria-describedby=\"\(id)-help\">"
                html += "<option value=\"\">any</option>"
                for choice in field.choices {
                    let selected = current.map { $0.lowercased() == choice.lowercased() } == true ? " selected" : ""
                    // The count says how many rows the choice gives: the facets of the table.
                    if let count = page.counts[field.name]?[choice] {
                        html += "<option value=\"\(escape(choice))\"\(selected)>\(escape(choice)) (\(count))</option>"
                    } else if let label = field.choiceLabels[choice] {
                        html += "<option value=\"\(escape(choice))\"\(selected)>\(escape(label))</option>"
                    } else {
                        html += "<option\(selected)>\(escape(choice))</option>"
                    }
                }
                html += "</select>"
            } else {
                let type = field.isNumber ? "text\" inputmode=\"decimal" : search ? "search" : "text"
                let required = field.isRequired || (search && field.name == "q") ? " required" : ""
                html +=
                    "<input id=\"\(id)\" name=\"\(escape(field.name))\" type=\"\(type)\" value=\"\(escape(current ?? ""))\" aria-describedby=\"\(id)-help\"\(required)>"
            }
            html += "<small id=\"\(id)-help\">\(escape(field.summary))</small></div>\n"
        }
        let action =
            switch page.route.kind {
            case .search: "Search"
            case .check: "Check"
            case .diff: "Compare"
            default: "Apply filters"
            }
        html += "<div class=\"field\"><button type=\"submit\">\(action)</button></div>\n"
        // Clearing a required field would only lead to a 400.
        if !page.applied.isEmpty, !search, !page.fields.contains(where: \.isRequired) {
            html += "<div class=\"field\"><a href=\"\(escape(page.path))\">Clear filters</a></div>\n"
        }
        html += "</form>\n"
        guard !search else { return html }
        // A phone shows the form and the sortable headings only once this box is ticked (ticked
        // already when filters or an order are applied), so the rows are on the first screen; a
        // wider screen shows no box, and the form and headings always (SiteStyle).
        let checked = page.applied.isEmpty && page.sort == nil ? "" : " checked"
        let applied = page.applied.isEmpty ? "" : " (\(page.applied.count) applied)"
        let what = page.route.kind == .check ? "the measurement to check" : "the filters and sort order\(applied)"
        return "<input type=\"checkbox\" id=\"filters-shown\" class=\"hig-filter-toggle\"\(checked)>"
            + "<label for=\"filters-shown\" class=\"hig-filter-toggle\">Show \(what)</label>\n" + html
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
    package static func constantLine(_ constant: [(TableColumn, String)]) -> String {
        guard !constant.isEmpty else { return "" }
        let parts = constant.map { column, value in
            "<span class=\"hig-same\"><span class=\"hig-same-name\">\(escape(column.header))</span> \(escape(value))</span>"
        }
        return "<p class=\"hig-constant\">The same in every row: " + parts.joined(separator: " · ") + "</p>\n"
    }

    /// The columns the page leaves out, each a link that adds it with `fields=` (and, once the
    /// reader has picked, one that takes each picked column away, and one back to the default).
    /// Plain links, so the picker works with no script and each choice has its own address.
    package static func columnPicker(_ arrangement: Arrangement, page: PageContext) -> String {
        guard let fields = arrangement.fields else { return "" }
        // A column whose field the page already asks for (a figure's parts) is not offered.
        let offered = arrangement.hidden.map { ($0, $0.sortKey) }.filter { !fields.contains($0.1) }
        guard !offered.isEmpty || page.projection != nil else { return "" }
        var items: [String] = []
        func link(_ fields: [String], _ text: String) -> String {
            let href = page.escapedLink(changing: [("fields", fields.joined(separator: ",")), ("offset", nil)])
            return "<li><a href=\"\(href)\">\(text)</a></li>"
        }
        for (column, field) in offered {
            items.append(link(fields + [field], "Add <span class=\"hig-col\">\(escape(column.header))</span>"))
        }
        if offered.count > 1 { items.append(link(fields + offered.map(\.1), "Add every column")) }
        if let projection = page.projection {
            for slot in arrangement.slots {
                guard case .column(let column, _) = slot else { continue }
                let dropped = projection.filter { $0 != column.sortKey }
                guard dropped.count < projection.count, !dropped.isEmpty else { continue }
                let href = page.escapedLink(changing: [("fields", dropped.joined(separator: ",")), ("offset", nil)])
                items.append(
                    "<li><a href=\"\(href)\">Remove <span class=\"hig-col\">\(escape(column.header))</span></a></li>"
                )
            }
            items.append(
                "<li><a href=\"\(page.escapedLink(changing: [("fields", nil), ("offset", nil)]))\">The default columns</a></li>"
            )
        }
        let summary = offered.isEmpty ? "Columns" : "Columns: \(offered.count) more"
        return "<details class=\"hig-columns\"><summary>\(summary)</summary><ul>" + items.joined()
            + "</ul></details>\n"
    }

    package static func notes(_ notes: [String]) -> String {
        guard !notes.isEmpty else { return "" }
        return "<div class=\"notes\" role=\"note\">" + notes.map { "<p>\(escape($0))</p>" }.joined() + "</div>\n"
    }

    /// Previous and next links when the rows are paged (`limit`, `offset`).
    package static func paging(_ page: PageContext, count: Int) -> String {
        guard page.canPage, let limit = page.limit, limit > 0 else { return "" }
        var links: [String] = []
        if page.offset > 0 {
            let previous = max(0, page.offset - limit)
            links.append(
                "<a rel=\"prev\" href=\"\(page.escapedLink(changing: [("offset", previous > 0 ? String(previous) : nil)]))\">← Previous \(limit)</a>"
            )
        }
        let first = count == 0 ? 0 : page.offset + 1
        var range = "Rows \(first)–\(page.offset + count)"
        if let total = page.total { range += " of \(total)" }
        links.append("<span>\(range)</span>")
        let hasMore = page.total.map { page.offset + count < $0 } ?? (count == limit)
        if hasMore {
            links.append(
                "<a rel=\"next\" href=\"\(page.escapedLink(changing: [("offset", String(page.offset + limit))]))\">Next \(limit) →</a>"
            )
        }
        return "<nav class=\"paging\" aria-label=\"Pages\">" + links.joined(separator: " ") + "</nav>\n"
    }

    /// Escapes text for element content and quoted attribute values alike.
    ///
    /// Works on UTF-8 bytes: the five characters it replaces are ASCII, and no byte of a
    /// multi-byte sequence is ASCII, so nothing else can change.
    package static func escape(_ raw: String) -> String {
        // Most values have nothing to replace: one look at their bytes returns them as they are.
        // The look is a loop over the bytes' span with one mask test per byte below `@`: through
        // `contains(where:)` on the UTF-8 view it was a tenth of a never-seen page.
        // Bits 0–63: the bytes below `@` shown as a control picture (C0 controls but tab, line
        // feed and carriage return; DEL and the C1 controls' lead byte are tested apart), and
        // `"`, `&`, `'`, `<` and `>`, the bytes HTML escapes.
        let controlBytes: UInt64 = 0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A | 1 << 0x0D)
        let escapedBytes: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
        var replaces = false
        var controls = false
        let bytes = raw.utf8.span
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x40 || byte == 0x7F || byte == 0xC2 else { continue }
            if byte >= 0x40 || controlBytes >> UInt64(byte) & 1 != 0 {
                controls = true
                break
            }
            if escapedBytes >> UInt64(byte) & 1 != 0 { replaces = true }
        }
        guard replaces || controls else { return raw }
        let text = controls ? ControlCharacters.visible(raw) : raw
        guard !controls || text.utf8.contains(where: needsEscape) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            case UInt8(ascii: "'"): result += "&#39;".utf8
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
