/// A diff as a change log, for its page: the records added and removed, each kind of record a
/// line of links; the changed fields as a table of before and after; the records first seen in a
/// dated copy folded away, since they are not changes; over more than one store version, version
/// by version under each version's title. Each part has an anchor the page's contents line links.
///
/// So that a phone is not dozens of screens, the log folds: over more than one version each
/// version is a `<details>` whose summary is its title and count of changes, and within a version
/// each record type of a part is a `<details>` of its own, open only when it holds a few rows.
package enum DiffLog {
    /// A record type's rows shown unfolded when there are at most this many.
    package static let openUpTo = 6

    /// The longest before or after value kept on one line, in characters (a figure such as `1366x1024`).
    package static let longestUnwrapped = 24

    package static let parts: [(change: String, title: String)] = [
        ("added", "Added"), ("removed", "Removed"), ("changed", "Changed"), ("first-seen", "First seen"),
    ]

    /// The change log of `table` (the whole range's diff); with more than one version in the
    /// range, version by version (`steps`), each under its id and title, the whole range's counts
    /// above.
    package static func html(_ table: FlatTable, steps: [PageContext.VersionStep] = [], site: Site) -> String {
        guard steps.count > 1 else {
            var html = ""
            if let step = steps.first {
                html +=
                    "<p class=\"hig-constant\">Version \(HTMLRenderer.escape(step.id)): \(HTMLRenderer.escape(step.title))</p>\n"
            }
            let counts = count(table)
            let links = parts.map { part in
                "<a href=\"#\(part.change)\">\(part.title) (\(counts[part.change] ?? 0))</a>"
            }
            html += "<nav class=\"hig-jump\" aria-label=\"Changes\">" + links.joined(separator: " · ") + "</nav>\n"
            return html + sections(table, prefix: "", level: 2, skipEmpty: false, site: site)
        }
        let counts = count(table)
        var html =
            "<p class=\"hig-constant\">Over the whole range: "
            + parts.map { "\($0.title) \(counts[$0.change] ?? 0)" }.joined(separator: " · ") + ".</p>\n"
        let links = steps.map { step in
            "<a href=\"#v-\(anchor(step.id))\">\(HTMLRenderer.escape(step.id)) (\(step.changes.rows.count))</a>"
        }
        html +=
            "<nav class=\"hig-jump\" aria-label=\"Versions\">Versions: " + links.joined(separator: " · ") + "</nav>\n"
        for step in steps {
            let id = "v-" + anchor(step.id)
            let count = step.changes.rows.count
            html += "<section aria-labelledby=\"\(id)\">\n<details class=\"hig-version\">"
            // A summary holding a heading holds it alone (HTML's content model): the count goes inside.
            html += "<summary><h2 id=\"\(id)\">\(HTMLRenderer.escape(step.id)): \(HTMLRenderer.escape(step.title))"
            html += " <span class=\"hig-count\">\(count == 1 ? "1 change" : "\(count) changes")</span></h2></summary>\n"
            html +=
                step.changes.rows.isEmpty
                ? "<p>No record changed.</p>\n"
                : sections(step.changes, prefix: id + "-", level: 3, skipEmpty: true, site: site)
            html += "</details>\n</section>\n"
        }
        return html
    }

    package static func anchor(_ id: String) -> String {
        String(id.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    private static func count(_ table: FlatTable) -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in table.rows { counts[table.cell(row, "change") ?? "", default: 0] += 1 }
        return counts
    }

    /// Added, removed, changed and first seen, each under a heading of `level` with an anchor.
    private static func sections(_ table: FlatTable, prefix: String, level: Int, skipEmpty: Bool, site: Site)
        -> String
    {
        var rowsByChange: [String: [FlatTable.Row]] = [:]
        for row in table.rows { rowsByChange[table.cell(row, "change") ?? "", default: []].append(row) }
        var html = ""
        for part in parts {
            let rows = rowsByChange[part.change] ?? []
            if rows.isEmpty, skipEmpty { continue }
            let id = prefix + part.change
            var section = ""
            if rows.isEmpty {
                section = "<p>None.</p>\n"
            } else if part.change == "changed" {
                section = changedTable(rows, table: table, id: id, site: site)
            } else {
                section = recordList(rows, table: table, site: site)
            }
            let heading = "<h\(level) id=\"\(id)\">\(part.title) (\(rows.count))</h\(level)>\n"
            html += "<section aria-labelledby=\"\(id)\">\n" + heading
            if part.change == "first-seen", !rows.isEmpty {
                html += "<details><summary>Records a later dated copy shows first; not changes</summary>\n"
                html += section + "</details>\n"
            } else {
                html += section
            }
            html += "</section>\n"
        }
        return html
    }

    /// The rows by record type, types in the order they first come.
    private static func byType(_ rows: [FlatTable.Row], table: FlatTable) -> [(type: String, rows: [FlatTable.Row])] {
        var groups: [(type: String, rows: [FlatTable.Row])] = []
        for row in rows {
            let type = table.cell(row, "type") ?? ""
            if let index = groups.firstIndex(where: { $0.type == type }) {
                groups[index].rows.append(row)
            } else {
                groups.append((type, [row]))
            }
        }
        return groups
    }

    /// A record type's fold: its name and count as the summary, open when it holds few rows.
    private static func fold(_ type: String, count: Int, content: String) -> String {
        let open = count <= openUpTo ? " open" : ""
        return "<details class=\"hig-log\"\(open)><summary>\(HTMLRenderer.escape(type.capitalizedFirst)) (\(count))"
            + "</summary>\n" + content + "</details>\n"
    }

    /// Each kind of record, folded, as one line of links to the records.
    private static func recordList(_ rows: [FlatTable.Row], table: FlatTable, site: Site) -> String {
        byType(rows, table: table).map { group in
            fold(
                group.type, count: group.rows.count,
                content: "<p>" + group.rows.map { link($0, table: table, site: site) }.joined(separator: ", ")
                    + "</p>\n")
        }.joined()
    }

    private static func link(_ row: FlatTable.Row, table: FlatTable, site: Site) -> String {
        let id = table.cell(row, "id") ?? ""
        return HTMLRenderer.recordLink(id, text: table.cell(row, "title"), site: site)
    }

    /// A value before or after: the field's value, or a nested one's parts (`width 152; height 69.5`).
    private static func value(_ row: FlatTable.Row, _ key: String, table: FlatTable) -> String {
        if let value = table.cell(row, key) { return value }
        return table.columns.filter { $0.hasPrefix(key + "_") }.compactMap { column in
            table.cell(row, column).map { TableColumn.words(String(column.dropFirst(key.count + 1))) + " " + $0 }
        }.joined(separator: "; ")
    }

    /// The changed fields of each record type, folded, as a table of before and after.
    private static func changedTable(_ rows: [FlatTable.Row], table: FlatTable, id: String, site: Site) -> String {
        byType(rows, table: table).map { group in
            fold(
                group.type, count: group.rows.count,
                content: changedTable(
                    group.rows, table: table, id: id + "-" + anchor(group.type), type: group.type.capitalizedFirst,
                    site: site))
        }.joined()
    }

    private static func changedTable(
        _ rows: [FlatTable.Row], table: FlatTable, id: String, type: String, site: Site
    ) -> String {
        var html = "<div class=\"hig-scroll\" role=\"region\" aria-labelledby=\"\(id)-caption\" tabindex=\"0\">\n"
        html += "<table class=\"hig-table hig-reflow\">\n"
        html +=
            "<caption id=\"\(id)-caption\" class=\"visually-hidden\">Changed fields of each \(HTMLRenderer.escape(type)), "
            + "before and after.</caption>\n"
        html +=
            "<thead><tr><th scope=\"col\">Record</th><th scope=\"col\">Field</th><th scope=\"col\">Before</th>"
            + "<th scope=\"col\">After</th></tr></thead>\n<tbody>\n"
        for row in rows {
            html += "<tr><td class=\"hig-name\" data-label=\"Record\">\(link(row, table: table, site: site))</td>"
            html += "<td data-label=\"Field\">\(HTMLRenderer.escape(table.cell(row, "field") ?? ""))</td>"
            for key in ["before", "after"] {
                // A figure stays on one line; a changed name, note or citation wraps in its cell.
                let text = value(row, key, table: table)
                let classes = text.count > Self.longestUnwrapped ? "hig-figure hig-long" : "hig-figure"
                html +=
                    "<td class=\"\(classes)\" data-label=\"\(key.capitalizedFirst)\">\(HTMLRenderer.escape(text))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n"
    }
}
