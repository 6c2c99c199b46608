/// A diff as a change log, for its page: the records added and removed, each kind of record a
/// line of links; the changed fields as a table of before and after; the records first seen in a
/// dated copy folded away, since they are not changes. Each part has an anchor the page's
/// contents line links.
enum DiffLog {
    static let parts: [(change: String, title: String)] = [
        ("added", "Added"), ("removed", "Removed"), ("changed", "Changed"), ("first-seen", "First seen"),
    ]

    static func html(_ table: FlatTable) -> String {
        var rowsByChange: [String: [FlatTable.Row]] = [:]
        for row in table.rows { rowsByChange[table.cell(row, "change") ?? "", default: []].append(row) }
        let links = parts.map { part in
            "<a href=\"#\(part.change)\">\(part.title) (\(rowsByChange[part.change]?.count ?? 0))</a>"
        }
        var html = "<nav class=\"hig-jump\" aria-label=\"Changes\">" + links.joined(separator: " · ") + "</nav>\n"
        for part in parts {
            let rows = rowsByChange[part.change] ?? []
            var section = ""
            if rows.isEmpty {
                section = "<p>None.</p>\n"
            } else if part.change == "changed" {
                section = changedTable(rows, table: table)
            } else {
                section = recordList(rows, table: table)
            }
            html += "<section aria-labelledby=\"\(part.change)\">\n"
            if part.change == "first-seen", !rows.isEmpty {
                html += "<h2 id=\"\(part.change)\">\(part.title) (\(rows.count))</h2>\n"
                html += "<details><summary>Records a later dated copy shows first; not changes</summary>\n"
                html += section + "</details>\n</section>\n"
            } else {
                html += "<h2 id=\"\(part.change)\">\(part.title) (\(rows.count))</h2>\n" + section + "</section>\n"
            }
        }
        return html
    }

    /// Each kind of record on one line of links to the records.
    private static func recordList(_ rows: [FlatTable.Row], table: FlatTable) -> String {
        var kinds: [String] = []
        var byKind: [String: [FlatTable.Row]] = [:]
        for row in rows {
            let kind = table.cell(row, "type") ?? ""
            if byKind[kind] == nil { kinds.append(kind) }
            byKind[kind, default: []].append(row)
        }
        var html = "<dl class=\"hig-log\">\n"
        for kind in kinds {
            let entries = byKind[kind] ?? []
            html += "<dt>\(HTMLRenderer.escape(kind.capitalizedFirst)) (\(entries.count))</dt><dd>"
            html += entries.map { link($0, table: table) }.joined(separator: ", ")
            html += "</dd>\n"
        }
        return html + "</dl>\n"
    }

    private static func link(_ row: FlatTable.Row, table: FlatTable) -> String {
        let id = table.cell(row, "id") ?? ""
        let text = HTMLRenderer.escape(table.cell(row, "title") ?? id)
        guard let path = RecordLink.path(for: id) else { return text }
        return "<a href=\"\(HTMLRenderer.escape(path))\">\(text)</a>"
    }

    /// A value before or after: the field's value, or a nested one's parts (`width 152; height 69.5`).
    private static func value(_ row: FlatTable.Row, _ key: String, table: FlatTable) -> String {
        if let value = table.cell(row, key) { return value }
        return table.columns.filter { $0.hasPrefix(key + "_") }.compactMap { column in
            table.cell(row, column).map { TableColumn.words(String(column.dropFirst(key.count + 1))) + " " + $0 }
        }.joined(separator: "; ")
    }

    private static func changedTable(_ rows: [FlatTable.Row], table: FlatTable) -> String {
        var html = "<div class=\"hig-scroll\" role=\"region\" aria-labelledby=\"changed-caption\" tabindex=\"0\">\n"
        html += "<table class=\"hig-table hig-reflow\">\n"
        html +=
            "<caption id=\"changed-caption\" class=\"visually-hidden\">Changed fields, before and after.</caption>\n"
        html +=
            "<thead><tr><th scope=\"col\">Record</th><th scope=\"col\">Field</th><th scope=\"col\">Before</th>"
            + "<th scope=\"col\">After</th></tr></thead>\n<tbody>\n"
        for row in rows {
            html += "<tr><td class=\"hig-name\" data-label=\"Record\">\(link(row, table: table))</td>"
            html += "<td data-label=\"Field\">\(HTMLRenderer.escape(table.cell(row, "field") ?? ""))</td>"
            for key in ["before", "after"] {
                html +=
                    "<td class=\"hig-figure\" data-label=\"\(key.capitalizedFirst)\">\(HTMLRenderer.escape(value(row, key, table: table)))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n"
    }
}
