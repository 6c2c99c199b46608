import JSON
import SpecStore

/// Writes tables and records as HTML pages for people: headings in words with units, each
/// figure's status and source, a caption saying what the table is and which filters produced
/// it, links to every record, the same data in other formats, a filter form, sortable headings
/// and paging. With `fragment=true` only a self-contained `<table class="hig-table">`.
///
/// Every value is escaped; only http and https citation URLs become links. A page is written
/// in order into one ``HTMLWriter``, each value escaped straight into it.
package enum HTMLRenderer {
    /// Rows on a collection's page when the request sets no `limit`: about two screens at
    /// 1280 px, and under ten on a phone, where each row is a card.
    package static let pageSize = 25

    /// The room a page's buffer starts with: the style sheet, the frame and the controls, and
    /// `perRow` bytes for each row, so a page of the default size is written without growing.
    private static func capacity(rows: Int, perRow: Int = 640) -> Int {
        SiteStyle.css.utf8.count + 8192 + rows * perRow
    }

    /// A collection's page (or, with `fragment`, its table alone).
    package static func render(_ table: FlatTable, page: PageContext, fragment: Bool) -> String {
        String(decoding: renderUTF8(table, page: page, fragment: fragment), as: UTF8.self)
    }

    /// ``render(_:page:fragment:)`` as the UTF-8 bytes it writes, which the answer sends as they are.
    ///
    /// - Parameter keptTexts: the rows' kept texts (``FormatInput/keptTexts``), for the table.
    package static func renderUTF8(
        _ table: FlatTable, page: PageContext, fragment: Bool,
        keptTexts: (@Sendable (String, (Int) -> [UInt8]) -> [[UInt8]])? = nil
    ) -> [UInt8] {
        let caption = MarkdownRenderer.caption(table, page: page)
        // On a page the lead paragraph above says what the caption says, where a phone shows it
        // whole; the caption stays for screen readers and as the scrolling box's name.
        let arrangement = arrangement(table, page: page, fragment: fragment)
        guard !fragment else {
            var html = HTMLWriter(capacity: 1024 + table.rows.count * 640)
            writeTable(
                table, page: page, fragment: true, caption: caption, arrangement: arrangement, into: &html,
                keptTexts: keptTexts)
            return html.bytes
        }
        // A bare GET of the check page: one row, the measurement missing (a POSTed batch has rows
        // of its own, whatever the query).
        if page.route.kind == .check, page.applied.isEmpty, table.rows.count == 1,
            let code = table.cell(table.rows[0], "error_code"), code == "missing_parameter"
        {
            return Array(emptyCheckPage(table, page: page).utf8)
        }
        // A change log rather than one table of every kind of change.
        let changeLog = page.route.kind == .diff && table.columns.contains("change")
        // Every row, as Apple prints them: styles down, categories across.
        let typeSizes =
            page.route.kind == .collection(.dynamicType) && page.limit == nil && page.projection == nil
            && table.rows.count > pageSize
        let template = page.route.template
        let current = changeLog || typeSizes || page.site.links(template) ? template : nil
        var html = HTMLWriter(capacity: capacity(rows: table.rows.count))
        SitePage.writeOpening(
            title: table.title, crumbs: [("Home", "/"), (table.title, nil)], current: current, site: page.site,
            into: &html)
        html.write("<h1>")
        html.write(escaping: table.title)
        html.write("</h1>\n<p class=\"lead\">")
        html.write(escaping: caption)
        html.write("</p>\n")
        writeFormatLinks(page, into: &html)
        writeCollectionSearch(page, into: &html)
        writeFilterForm(page, into: &html)
        writeNotes(table.notes, into: &html)
        if page.route.kind == .collection(.dynamicType) { html.write(TypeScaleChart.figures(table)) }
        if changeLog {
            html.write(DiffLog.html(table, steps: page.versionSteps, site: page.site))
        } else if typeSizes {
            html.write(TypeSizeTable.html(table))
            html.write("<p class=\"formats\"><a href=\"")
            html.writeLink(page, changing: [("limit", String(pageSize))])
            html.write("\">Every row with its own status and source, ")
            html.write(pageSize)
            html.write(" at a time</a></p>\n")
        } else {
            html.write(sortLine(page))
            writeConstantLine(arrangement.constant, into: &html)
            writeColumnPicker(arrangement, page: page, into: &html)
            html.write("<div class=\"hig-scroll\" role=\"region\" aria-labelledby=\"table-caption\" tabindex=\"0\">\n")
            writeTable(
                table, page: page, fragment: false, caption: caption, captionClass: "visually-hidden",
                arrangement: arrangement, into: &html, keptTexts: keptTexts)
            html.write("\n</div>\n")
            writePaging(page, count: table.rows.count, into: &html)
        }
        SitePage.writeClosing(version: table.version, into: &html)
        return html.bytes
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
        String(decoding: renderRecordUTF8(item, table: table, page: page, fragment: fragment), as: UTF8.self)
    }

    /// ``renderRecord(_:table:page:fragment:)`` as the UTF-8 bytes it writes, which the answer
    /// sends as they are.
    package static func renderRecordUTF8(_ item: JSONValue, table: FlatTable, page: PageContext, fragment: Bool)
        -> [UInt8]
    {
        let caption = MarkdownRenderer.caption(table, page: page)
        guard !fragment else {
            var html = HTMLWriter(capacity: 4096)
            writeTable(
                table, page: page, fragment: true, caption: caption,
                arrangement: arrangement(table, page: page, fragment: true), into: &html)
            return html.bytes
        }
        let collection = page.site.collectionRoute(for: item["id"]?.stringValue ?? "") ?? page.route
        let name = recordTitle(item) ?? table.title
        var html = HTMLWriter(capacity: capacity(rows: 8))
        SitePage.writeOpening(
            title: name, crumbs: [("Home", "/"), (collection.title, collection.template), (name, nil)],
            current: collection.template, site: page.site, into: &html)
        html.write("<h1>")
        html.write(escaping: name)
        html.write("</h1>\n<p class=\"lead\">")
        html.write(escaping: page.route.title)
        html.write(" record <code>")
        html.write(escaping: item["id"]?.stringValue ?? "")
        html.write("</code>, store version ")
        html.write(escaping: table.version)
        html.write(".</p>\n")
        writeFormatLinks(page, into: &html)
        writeNotes(table.notes, into: &html)
        html.write("<div class=\"record-layout\">\n")
        if let row = table.rows.first {
            html.write("<dl class=\"record\">\n")
            for column in shownColumns(table, route: collection) {
                guard let index = table.columns.firstIndex(of: column.key), let value = row.cells[index],
                    !value.isEmpty
                else { continue }
                html.write("<dt>")
                html.write(escaping: column.header)
                html.write("</dt><dd>")
                // Apple's words are a quotation, from the page the record cites.
                if column.key == "quote" || column.key == "citation_quote" {
                    html.write("<blockquote class=\"hig-quote\"")
                    if let cite = row.citations.first.flatMap({ MarkdownRenderer.linkTarget($0.url) }) {
                        html.write(" cite=\"")
                        html.write(escaping: cite)
                        html.write("\"")
                    }
                    html.write("><p>")
                    html.write(escaping: value)
                    html.write("</p></blockquote>")
                } else {
                    writeCellContent(value, column: column, fragment: false, site: page.site, into: &html)
                }
                html.write("</dd>\n")
            }
            if hasSource(table, route: collection) {
                html.write("<dt>Status and source</dt><dd>")
                writeSourceContent(table, row, into: &html)
                html.write("</dd>\n")
            }
            html.write("</dl>\n")
        }
        if collection.kind == .collection(.devices) {
            html.write("<figure>\n")
            html.write(DeviceFigure.svg(item))
            html.write("\n<figcaption>")
            html.write(escaping: DeviceFigure.caption(item))
            html.write(" <a href=\"")
            html.writeLink(page, format: "svg")
            html.write("\">This drawing as SVG</a>.</figcaption>\n</figure>\n")
        }
        html.write("</div>\n")
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
            html.write("<p class=\"formats\">Related: ")
            for (index, link) in related.enumerated() {
                if index > 0 { html.write(" · ") }
                html.write("<a href=\"")
                html.write(escaping: link.1)
                html.write("\">")
                html.write(link.0)
                html.write("</a>")
            }
            html.write("</p>\n")
        }
        writeRelatedSection(page.related, into: &html)
        if collection.kind == .collection(.devices) {
            let widgets = item["widgets"]?["items"]?.arrayValue ?? []
            if !widgets.isEmpty, let widgetRoute = page.site.route(of: .widgets) {
                html.write("<h2>Widget sizes for this screen</h2>\n")
                let widgetTable = FlatTable(title: "Widget sizes", version: table.version, records: widgets)
                var widgetPage = PageContext(route: widgetRoute, site: page.site)
                widgetPage.applied = [("device", item["id"]?.stringValue ?? "")]
                let widgetCaption = "Widget sizes Apple publishes for the \(name) screen: \(widgets.count) rows."
                html.write(
                    "<div class=\"hig-scroll\" role=\"region\" aria-labelledby=\"table-caption\" tabindex=\"0\">\n")
                writeTable(
                    widgetTable, page: widgetPage, fragment: false, caption: widgetCaption, sortable: false,
                    arrangement: arrangement(widgetTable, page: widgetPage, fragment: false), into: &html)
                html.write("\n</div>\n")
            }
        }
        SitePage.writeClosing(version: table.version, into: &html)
        return html.bytes
    }

    /// A record's related records, a list under a heading per group; empty when it has none.
    package static func relatedSection(_ related: RelatedRecords) -> String {
        var html = HTMLWriter()
        writeRelatedSection(related, into: &html)
        return html.text
    }

    /// ``relatedSection(_:)``, written into `html`.
    package static func writeRelatedSection(_ related: RelatedRecords, into html: inout HTMLWriter) {
        guard !related.groups.isEmpty else { return }
        html.write("<section class=\"hig-related\" aria-labelledby=\"related-heading\">\n")
        html.write("<h2 id=\"related-heading\">Related records</h2>\n")
        for group in related.groups {
            html.write("<h3>")
            html.write(escaping: group.heading)
            html.write("</h3>\n<ul>\n")
            for link in group.links {
                html.write("<li><a href=\"")
                html.write(escaping: link.path)
                html.write("\">")
                html.write(escaping: link.label)
                html.write("</a>")
                if let detail = link.detail {
                    html.write(": ")
                    html.write(escaping: detail)
                }
                html.write("</li>\n")
            }
            if let more = group.more {
                html.write("<li><a href=\"")
                html.write(escaping: more.path)
                html.write("\">")
                html.write(escaping: more.label)
                html.write("</a></li>\n")
            }
            html.write("</ul>\n")
        }
        html.write("</section>\n")
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

    /// Escapes text for element content and quoted attribute values alike.
    ///
    /// Works on UTF-8 bytes: the five characters it replaces are ASCII, and no byte of a
    /// multi-byte sequence is ASCII, so nothing else can change.
    package static func escape(_ raw: String) -> String {
        switch escapeNeed(raw) {
        case .nothing: return raw
        case .replacements:
            var result: [UInt8] = []
            result.reserveCapacity(raw.utf8.count + 16)
            appendReplacing(raw, to: &result)
            return String(decoding: result, as: UTF8.self)
        case .controls:
            let text = ControlCharacters.visible(raw)
            guard text.utf8.contains(where: needsEscape) else { return text }
            var result: [UInt8] = []
            result.reserveCapacity(text.utf8.count + 16)
            appendReplacing(text, to: &result)
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// What escaping a text takes (``escapeNeed(_:)``).
    package enum EscapeNeed {
        /// It comes back as it is.
        case nothing
        /// Only `"`, `&`, `'`, `<` and `>` are replaced.
        case replacements
        /// A control character is shown as a picture first (``ControlCharacters/visible(_:)``).
        case controls
    }

    /// What escaping `raw` takes, from one look at its bytes: most values have nothing to
    /// replace. The look is a loop over the bytes' span with one mask test per byte below `@`:
    /// through `contains(where:)` on the UTF-8 view it was a tenth of a never-seen page.
    package static func escapeNeed(_ raw: String) -> EscapeNeed {
        // Bits 0–63: the bytes below `@` shown as a control picture (C0 controls but tab, line
        // feed and carriage return; DEL and the C1 controls' lead byte are tested apart), and
        // `"`, `&`, `'`, `<` and `>`, the bytes HTML escapes.
        let controlBytes: UInt64 = 0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A | 1 << 0x0D)
        let escapedBytes: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
        var replaces = false
        let bytes = raw.utf8.span
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x40 || byte == 0x7F || byte == 0xC2 else { continue }
            if byte >= 0x40 || controlBytes >> UInt64(byte) & 1 != 0 { return .controls }
            if escapedBytes >> UInt64(byte) & 1 != 0 { replaces = true }
        }
        return replaces ? .replacements : .nothing
    }

    /// Appends `text`'s bytes to `bytes` with `"`, `&`, `'`, `<` and `>` replaced by their
    /// references; nothing else changes.
    package static func appendReplacing(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "<"): bytes += "&lt;".utf8
            case UInt8(ascii: ">"): bytes += "&gt;".utf8
            case UInt8(ascii: "\""): bytes += "&quot;".utf8
            case UInt8(ascii: "'"): bytes += "&#39;".utf8
            default: bytes.append(byte)
            }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
